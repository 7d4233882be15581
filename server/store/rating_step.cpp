#include "server/store/rating_step.hpp"

#include <spdlog/spdlog.h>

namespace parlor::server::store {

namespace {

// Rates one match; whether any rating changed.
bool rate(RatingTransaction& transaction, const MatchToRate& match) {
  Expected<std::vector<RatingChange>> changes =
      rate_match(match.seats, [&](const std::string& player_id) {
        return transaction.rating_of(player_id, match.game).value_or(ratings::Rating{});
      });
  if (!changes) {
    spdlog::error("store: match {} cannot be rated ({}: {}); its ratings stay as they were",
                  match.match_id, changes.error().code, changes.error().message);
    return false;
  }
  for (const RatingChange& change : changes.value()) transaction.save_change(match, change);
  return !changes.value().empty();
}

}  // namespace

void rate_finished_match(RatingTransaction& transaction, const std::string& match_id) {
  std::optional<MatchToRate> match = transaction.match_to_rate(match_id);
  if (match) rate(transaction, *match);
}

std::int64_t recompute_ratings(RatingTransaction& transaction) {
  std::int64_t rated = 0;
  for (const std::string& match_id : transaction.clear_ratings()) {
    std::optional<MatchToRate> match = transaction.match_to_rate(match_id);
    if (match && rate(transaction, *match)) ++rated;
  }
  return rated;
}

}  // namespace parlor::server::store
