#include "server/store/history_pages.hpp"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "server/store/figure_totals.hpp"
#include "server/store/rating_pages.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server::store::history {

namespace {

struct Summary {
  Cursor position;
  Json json;
};

Json seats_json(StoreReads& reads, const std::string& match_id) {
  Json seats = Json::array();
  for (const SeatValues& seat : reads.seats(match_id)) seats.push_back(seat_json(seat));
  return seats;
}

// The listing's rows first, then each match's seats (one short indexed query per match,
// after the listing's statement is done).
std::vector<Summary> summaries(StoreReads& reads, const SummaryFilter& filter) {
  std::vector<Summary> found;
  for (const SummaryValues& values : reads.match_summaries(filter)) {
    found.push_back(Summary{Cursor{values.started_at, values.id}, summary_json(values)});
  }
  for (Summary& summary : found)
    summary.json["seats"] = seats_json(reads, summary.position.match_id);
  return found;
}

Json commitments_json(StoreReads& reads, const std::string& match_id) {
  Json commitments = Json::array();
  for (const CommitmentRow& commitment : reads.commitments(match_id)) {
    commitments.push_back({{"deal", commitment.deal}, {"sha256", commitment.sha256}});
  }
  return commitments;
}

Json rounds_json(StoreReads& reads, const std::string& match_id) {
  Json rounds = Json::array();
  for (const std::string& result : reads.round_results(match_id)) {
    rounds.push_back(parse_json(result));
  }
  return rounds;
}

Json namesakes_json(StoreReads& reads, const std::string& name, const std::string& player_id) {
  Json namesakes = Json::array();
  for (const PlayerRow& namesake : reads.namesakes(name, player_id)) {
    namesakes.push_back({{"player", namesake.id},
                         {"name", namesake.name},
                         {"last_seen", iso8601_utc(namesake.last_seen)}});
  }
  return namesakes;
}

// Per game, the player's figures over their latest kFigureMatchesPerGame matches.
std::map<std::string, Json> figures_by_game(StoreReads& reads, const std::string& player_id) {
  std::map<std::string, std::vector<std::string>> texts;
  for (FigureRow& row : reads.player_figures(player_id, kFigureMatchesPerGame)) {
    texts[row.game].push_back(std::move(row.figures));
  }
  std::map<std::string, Json> figures;
  for (const auto& [game, game_texts] : texts) {
    figures[game] = figures_json(figure_totals(game_texts));
  }
  return figures;
}

Json games_json(StoreReads& reads, const std::string& player_id) {
  std::map<std::string, Json> figures = figures_by_game(reads, player_id);
  Json games = Json::object();
  for (const GameStatsRow& row : reads.player_game_stats(player_id)) {
    const bool lower_score_wins = reads.game_lower_score_wins(row.game).value_or(false);
    const ScoreTotals& totals = row.totals;
    games[row.game] =
        stats_json(totals.matches, totals.wins, totals.average,
                   best_score(totals.lowest, totals.highest, lower_score_wins), lower_score_wins);
    games[row.game]["average_place"] =
        row.average_place ? Json(round_to(*row.average_place, 2)) : Json(nullptr);
    auto game_figures = figures.find(row.game);
    games[row.game]["figures"] =
        game_figures == figures.end() ? Json::object() : std::move(game_figures->second);
  }
  return games;
}

}  // namespace

Json list_matches(StoreReads& reads, const MatchQuery& query) {
  SummaryFilter filter;
  filter.game = query.game;
  filter.seat_name = query.player_name;
  filter.player_id = query.player_id;
  if (!query.before.empty()) {
    filter.before = decode_cursor(query.before);
    if (!filter.before) {
      return {{"error", "bad_request"}, {"message", "malformed paging cursor (before)"}};
    }
  }
  const int limit = query.limit <= 0 ? kDefaultLimit : std::min(query.limit, kMaxLimit);
  filter.limit = limit + 1;  // one more tells whether there is a next page
  std::vector<Summary> page = summaries(reads, filter);

  Json next = nullptr;
  if (static_cast<int>(page.size()) > limit) {
    page.resize(static_cast<std::size_t>(limit));
    next = encode_cursor(page.back().position);
  }
  Json matches = Json::array();
  for (Summary& summary : page) matches.push_back(std::move(summary.json));
  return {{"matches", std::move(matches)}, {"next", std::move(next)}};
}

std::optional<Json> match_record(StoreReads& reads, const std::string& match_id) {
  std::optional<MatchRecordRow> row = reads.match_row(match_id);
  if (!row) return std::nullopt;
  Json record = record_json(row->values);
  record["seats"] = seats_json(reads, match_id);
  record["rounds"] = rounds_json(reads, match_id);
  record["commitments"] = commitments_json(reads, match_id);
  // A live match's seed and journal would reveal hands and future deals: never served.
  if (row->values.status != "playing") {
    record["seed"] = row->seed_hex;
    std::optional<std::string> stored = reads.stored_actions(match_id);
    record["actions"] = stored ? finished_actions_json(*stored) : Json::array();
  }
  return record;
}

Json leaderboard(StoreReads& reads, const std::string& game) {
  std::vector<LeaderboardRow> rows = reads.leaderboard_rows(game);
  std::optional<bool> lower_score_wins;
  if (!game.empty()) lower_score_wins = reads.game_lower_score_wins(game).value_or(false);
  Json board = leaderboard_json(game, lower_score_wins, rows);
  board["ratings"] = game.empty() ? Json::array() : game_ratings_json(reads, game);
  return board;
}

std::optional<Json> player_profile(StoreReads& reads, const std::string& name) {
  std::optional<std::string> player_id = reads.player_id_named(name);
  if (!player_id) return std::nullopt;
  return player_profile_by_id(reads, *player_id);
}

std::optional<Json> player_profile_by_id(StoreReads& reads, const std::string& player_id) {
  std::optional<PlayerRow> player = reads.player(player_id);
  if (!player) return std::nullopt;
  Json profile = {{"player", player_id},
                  {"name", player->name},
                  {"first_seen", iso8601_utc(player->first_seen)},
                  {"last_seen", iso8601_utc(player->last_seen)}};
  // Others who chose the same name: a page by name shows one of them, and says so.
  profile["namesakes"] = namesakes_json(reads, player->name, player_id);
  profile["games"] = games_json(reads, player_id);
  profile["ratings"] = player_ratings_json(reads, player_id);
  SummaryFilter recent_filter;
  recent_filter.player_id = player_id;
  recent_filter.limit = kRecentMatches;
  Json recent = Json::array();
  for (Summary& summary : summaries(reads, recent_filter)) {
    recent.push_back(std::move(summary.json));
  }
  profile["recent"] = std::move(recent);
  return profile;
}

}  // namespace parlor::server::store::history
