// The ratings' reads and writes on SQLite (rating_step.hpp): cached prepared statements
// run on the writer's connection inside the batch's transaction, so a rating is read and
// written in the transaction that ends its match. One writer: nobody else can change a
// rating in between. Throws on failure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/store/rating_step.hpp"
#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/statement.hpp"

namespace parlor::server::store {

class RatingStatements final : public RatingTransaction {
 public:
  explicit RatingStatements(sql::Database& db);

  std::optional<MatchToRate> match_to_rate(const std::string& match_id) override;
  std::optional<ratings::Rating> rating_of(const std::string& player_id,
                                           const std::string& game) override;
  void save_change(const MatchToRate& match, const RatingChange& change) override;
  std::vector<std::string> clear_ratings() override;

 private:
  sql::Database& db_;
  sql::Statement match_;
  sql::Statement seats_;
  sql::Statement rating_;
  sql::Statement upsert_rating_;
  sql::Statement insert_history_;
  sql::Statement rated_matches_;
};

}  // namespace parlor::server::store
