// The store's writes as a backend applies them: the one list of write kinds that both
// databases implement (sqlite/write_statements.hpp, postgres/pg_write_batch.hpp).
// The Store (store.hpp) queues each of its writes with its rows captured, and on
// the writer thread, inside the batch's transaction, calls the method of the same name
// here. A method throws to fail its write; every one must be idempotent, because a batch
// whose commit was not confirmed is run again (write_queue.hpp).
//
// A new kind of write (a new table's rows) is one method here, one in Store (store.hpp
// and store.cpp), and its statement in each backend (server/store/README.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/store.hpp"

namespace parlor::server::store {

class StoreWrites {
 public:
  virtual ~StoreWrites() = default;

  virtual void save_player(const PlayerRow& player) = 0;
  virtual void player_seen(const std::string& id, const std::string& name, Millis at) = 0;
  virtual void player_token_added(const std::string& player_id, const std::string& token_hash,
                                  Millis at) = 0;
  virtual void room_saved(const std::string& room_id, const std::string& saved, Millis at) = 0;
  virtual void room_removed(const std::string& room_id) = 0;
  virtual void claim_code_issued(const std::string& code_hash, const std::string& player_id,
                                 Millis issued_at, Millis expires_at) = 0;
  virtual void claim_code_redeemed(const std::string& code_hash, const std::string& token_hash,
                                   Millis at) = 0;
  virtual void match_started(const MatchStart& start) = 0;
  // The JSON texts (`action_json`, `result_json`, `results_json`) were serialized by the
  // caller (json_text) and live in the queued write until its batch commits.
  virtual void action(const std::string& match_id, std::int64_t seq, int seat,
                      std::string_view action_json, bool timeout, Millis at) = 0;
  virtual void commitment(const std::string& match_id, const CommitmentRow& commitment) = 0;
  virtual void round_ended(const std::string& match_id, int round,
                           std::string_view result_json) = 0;
  virtual void match_ended(const std::string& match_id, Millis ended_at,
                           std::string_view results_json, const std::vector<SeatResult>& seats) = 0;
  virtual void match_aborted(const std::string& match_id, Millis ended_at,
                             const std::string& reason) = 0;
  // Ratings (rating_step.hpp), after the writes before them in the transaction: rates the
  // match that match_ended recorded, if it is rated and not rated yet; recomputes all.
  virtual void rate_match(const std::string& match_id) = 0;
  virtual void recompute_ratings() = 0;

  // ---- A club's server (account_rows.hpp; Store's comments say what each does). ----
  virtual void account_created(const AccountRow& account) = 0;
  virtual void password_changed(const std::string& player_id, const std::string& password_hash,
                                Millis at) = 0;
  virtual void account_role_set(const std::string& player_id, const std::string& role) = 0;
  virtual void account_approved(const std::string& player_id, bool approved) = 0;
  virtual void session_added(const std::string& player_id, const std::string& token_hash,
                             const std::string& label, Millis at) = 0;
  virtual void session_ended(const std::string& token_hash) = 0;
  virtual void sessions_ended_except(const std::string& player_id,
                                     const std::string& keep_token_hash) = 0;
  virtual void sanction_set(const SanctionRow& sanction) = 0;
  virtual void sanction_lifted(const std::string& player_id) = 0;
  virtual void invite_made(const InviteRow& invite) = 0;
  virtual void invite_revoked(const std::string& invite_id, Millis at) = 0;
  virtual void invite_redeemed(const std::string& code_hash, const std::string& player_id,
                               Millis at) = 0;
  virtual void audit(const AuditRow& row) = 0;
  virtual void setting_saved(const std::string& key, const std::string& value, Millis at) = 0;
  virtual void event_saved(const std::string& event_id, const std::string& state, Millis at) = 0;
};

}  // namespace parlor::server::store
