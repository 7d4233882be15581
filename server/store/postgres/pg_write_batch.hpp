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

namespace parlor::server::store::pg {

class PgWriteBatch final : public BatchRunner {
 public:
  PgWriteBatch(std::string conninfo, Connection::Options options, std::string guard_sql,
               std::vector<std::string> guard_params);

  void run(const std::function<void()>& writes) override;
  bool is_outage(const std::exception& error) const override;
  bool is_final(const std::exception& error) const override;
  bool fenced() const { return fenced_.load(); }

  // The writes: called by the queued writes inside run(), on the writer thread.
  void save_player(const PlayerRow& player);
  void player_seen(const std::string& id, const std::string& name, Millis at);
  void player_token_added(const std::string& player_id, const std::string& token_hash, Millis at);
  void room_saved(const std::string& room_id, const std::string& saved, Millis at);
  void room_removed(const std::string& room_id);
  void claim_code_issued(const std::string& code_hash, const std::string& player_id,
                         Millis issued_at, Millis expires_at);
  void claim_code_redeemed(const std::string& code_hash, const std::string& token_hash, Millis at);
  void match_started(const MatchStart& start);
  // `action_json`: the action as stored (json_text).
  void action(const std::string& match_id, std::int64_t seq, int seat,
              const std::string& action_json, bool timeout, Millis at);
  void commitment(const std::string& match_id, const CommitmentRow& commitment);
  void round_ended(const std::string& match_id, int round, const std::string& result_json);
  void match_ended(const std::string& match_id, Millis ended_at, const std::string& results_json,
                   const std::vector<SeatResult>& seats);
  void match_aborted(const std::string& match_id, Millis ended_at, const std::string& reason);

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

  const std::string conninfo_;
  const Connection::Options options_;
  const std::string guard_sql_;
  Params guard_params_;
  std::optional<Connection> connection_;
  std::vector<Statement> statements_;
  Params action_params_;
  std::size_t action_rows_ = 0;
  std::atomic<bool> fenced_{false};
};

}  // namespace parlor::server::store::pg
