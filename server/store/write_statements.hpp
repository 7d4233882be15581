// The store's writes as SQL: one cached prepared statement per kind of write, run on the
// writer thread inside a batch's transaction. Every write is idempotent (upserts, or
// updates that set the same values), so replaying one does no harm. Throws on failure.
#pragma once

#include <string>
#include <vector>

#include "server/store/database.hpp"
#include "server/store/statement.hpp"
#include "server/store/store.hpp"

namespace parlor::server::store {

class WriteStatements {
 public:
  explicit WriteStatements(sql::Database& db);

  void save_player(const PlayerRow& player);
  void player_seen(const std::string& id, const std::string& name, Millis at);
  void match_started(const MatchStart& start);
  void action(const std::string& match_id, const ActionRow& action);
  void commitment(const std::string& match_id, const CommitmentRow& commitment);
  void round_ended(const std::string& match_id, int round, const Json& result);
  void match_ended(const std::string& match_id, Millis ended_at, const Json& results,
                   const std::vector<SeatResult>& seats);
  void match_aborted(const std::string& match_id, Millis ended_at, const std::string& reason);

 private:
  sql::Database& db_;
  sql::Statement upsert_player_;
  sql::Statement player_seen_;
  sql::Statement upsert_match_;
  sql::Statement upsert_seat_;
  sql::Statement put_action_;
  sql::Statement put_commitment_;
  sql::Statement put_round_;
  sql::Statement end_match_;
  sql::Statement seat_result_;
  sql::Statement abort_match_;
};

// JSON as stored in a TEXT column (invalid UTF-8 replaced rather than failing the write).
std::string json_text(const Json& value);

}  // namespace parlor::server::store
