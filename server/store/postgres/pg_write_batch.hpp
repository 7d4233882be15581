// The write queue's batches on PostgreSQL (batch_runner.hpp). The writes of a batch do
// not talk to the server: each appends its statements here, consecutive actions merge
// into multi-row INSERTs, and run() sends the whole batch in libpq's pipeline mode —
// BEGIN; the batch guard; the statements; COMMIT; one Sync — one network round trip.
//
// Every statement is idempotent (upserts; ON CONFLICT DO NOTHING on the journal's key
// (match_id, seq); updates that set the same values), because a batch whose COMMIT's
// answer was lost with the connection is sent again and may have committed already.
//
// A lost or timed-out connection is an outage: run() throws, the queue holds the batch
// and retries, and the next run() reconnects. The batch guard failing with
// kFencedSqlstate is an outage too (held, never dropped) and sets fenced().
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "server/store/batch_runner.hpp"
#include "server/store/postgres/pg_connection.hpp"
#include "server/store/store.hpp"
#include "server/store/store_writes.hpp"

namespace parlor::server::store::pg {

class PgWriteBatch final : public BatchRunner, public StoreWrites {
 public:
  PgWriteBatch(std::string conninfo, Connection::Options options, std::string guard_sql,
               std::vector<std::string> guard_params);

  void run(const std::function<void()>& writes) override;
  bool is_outage(const std::exception& error) const override;
  bool is_final(const std::exception& error) const override;
  bool fenced() const { return fenced_.load(); }

  // The writes: called by the queued writes inside run(), on the writer thread.
  void save_player(const PlayerRow& player) override;
  void player_seen(const std::string& id, const std::string& name, Millis at) override;
  void player_token_added(const std::string& player_id, const std::string& token_hash,
                          Millis at) override;
  void room_saved(const std::string& room_id, const std::string& saved, Millis at) override;
  void room_removed(const std::string& room_id) override;
  void claim_code_issued(const std::string& code_hash, const std::string& player_id,
                         Millis issued_at, Millis expires_at) override;
  void claim_code_redeemed(const std::string& code_hash, const std::string& token_hash,
                           Millis at) override;
  void match_started(const MatchStart& start) override;
  void action(const std::string& match_id, std::int64_t seq, int seat, std::string_view action_json,
              bool timeout, Millis at) override;
  void commitment(const std::string& match_id, const CommitmentRow& commitment) override;
  void round_ended(const std::string& match_id, int round, std::string_view result_json) override;
  void match_ended(const std::string& match_id, Millis ended_at, std::string_view results_json,
                   const std::vector<SeatResult>& seats) override;
  void match_aborted(const std::string& match_id, Millis ended_at,
                     const std::string& reason) override;
  // Ratings (pg_rating_step.hpp): run after the batch's statements, before its COMMIT.
  void rate_match(const std::string& match_id) override;
  void recompute_ratings() override;

  // A club's server's writes (pg_account_writes.cpp).
  void account_created(const AccountRow& account) override;
  void password_changed(const std::string& player_id, const std::string& password_hash,
                        Millis at) override;
  void account_role_set(const std::string& player_id, const std::string& role) override;
  void account_approved(const std::string& player_id, bool approved) override;
  void session_added(const std::string& player_id, const std::string& token_hash,
                     const std::string& label, Millis at) override;
  void session_ended(const std::string& token_hash) override;
  void sessions_ended_except(const std::string& player_id,
                             const std::string& keep_token_hash) override;
  void sanction_set(const SanctionRow& sanction) override;
  void sanction_lifted(const std::string& player_id) override;
  void invite_made(const InviteRow& invite) override;
  void invite_revoked(const std::string& invite_id, Millis at) override;
  void invite_redeemed(const std::string& code_hash, const std::string& player_id,
                       Millis at) override;
  void audit(const AuditRow& row) override;
  void setting_saved(const std::string& key, const std::string& value, Millis at) override;
  void event_saved(const std::string& event_id, const std::string& state, Millis at) override;

  // Taken first in a batch that writes an audit line, held to its commit: audit_log's seq
  // (a sequence, numbered at insert) then commits in order on every node, so a follower
  // reading after the last seq it saw never skips a line committed later. First, before
  // any row lock of the batch, so that it adds no deadlock.
  static constexpr const char* kAuditLock = "SELECT pg_advisory_xact_lock(7239017718245352)";

 private:
  struct Statement {
    std::string sql;
    Params params;
  };
  void add(std::string sql, Params params);
  void flush_actions();  // the actions gathered so far become one or more INSERTs
  void move_actions(const std::string& match_id);  // live_actions -> match_actions
  void forget_expired_claim_codes(Millis now);
  Connection& connection();
  void send_batch();
  void run_rating_steps(Connection& conn);

  const std::string conninfo_;
  const Connection::Options options_;
  const std::string guard_sql_;
  Params guard_params_;
  std::optional<Connection> connection_;
  std::vector<Statement> statements_;
  Params action_params_;
  std::size_t action_rows_ = 0;
  bool audit_lock_ = false;  // the batch writes an audit line (kAuditLock)
  // The ratings' steps (kRatingLock): matches to rate, in order; and whether to recompute
  // every rating first.
  std::vector<std::string> matches_to_rate_;
  bool recompute_ = false;
  std::atomic<bool> fenced_{false};
};

}  // namespace parlor::server::store::pg
