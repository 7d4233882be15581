// The ratings' reads and writes on PostgreSQL (rating_step.hpp), run synchronously on the
// batch's connection after its pipelined statements and before its COMMIT
// (PgWriteBatch::send_batch), in the same transaction. The batch holds kRatingLock from
// its start: two nodes ending matches of the same player rate one after the other, each
// from the other's committed values. Throws PgError on failure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/store/postgres/pg_connection.hpp"
#include "server/store/rating_step.hpp"

namespace parlor::server::store::pg {

// Taken by every batch that rates, first (as kAuditLock), held to its commit.
inline constexpr const char* kRatingLock = "SELECT pg_advisory_xact_lock(7239017718245353)";

class PgRatingStep final : public RatingTransaction {
 public:
  explicit PgRatingStep(Connection& connection) : connection_(connection) {}

  std::optional<MatchToRate> match_to_rate(const std::string& match_id) override;
  std::optional<ratings::Rating> rating_of(const std::string& player_id,
                                           const std::string& game) override;
  void save_change(const MatchToRate& match, const RatingChange& change) override;
  std::vector<std::string> clear_ratings() override;

 private:
  Connection& connection_;
};

}  // namespace parlor::server::store::pg
