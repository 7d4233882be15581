// `parlor rate`: reads a JSON list of matches on standard input, rates them in order with
// the server's model (engine/ratings/ratings.hpp) and prints every player's rating:
//   in:  [{"game": "perico", "teams": [["p1"], ["p2", "p4"]], "ranks": [1, 2]}, ...]
//   out: {"players":[{"game":"perico","id":"p1","matches":1,"mu":..,"ordinal":..,
//         "provisional":true,"sigma":..},...]}
// A player is a string id or {"id": "p1", "mu": 30, "sigma": 4}: mu and sigma (each
// optional, default 25 and 25/3) are the player's starting rating, honoured only where
// the player first appears in that game and ignored afterwards. Ratings are per game: a
// player's perico and loc ratings are separate; any non-empty game name is accepted.
// ranks: one integer per team, lower is better, equal ranks tie. Players are listed
// sorted by game, then id; numbers are printed so they read back exactly (shortest
// round-trip form). Keys other than these are refused, so a misspelt "rank" is an error
// rather than a match rated in listed order.
// Bad input: one line on stderr, nothing on stdout, exit 2.
//
// `parlor rate --recompute --db PATH` (a file or a postgresql:// URI): recomputes every
// rating a server keeps from its finished rated matches, in the order they ended, with the
// code the server rates them with (server/store/rating_step.hpp), in one transaction.
// Prints {"games": {GAME: {"players": n, "provisional": k}}, "rated_players": N}. Safe
// while servers run (PostgreSQL: under the ratings' lock; SQLite: one writer at a time).
// Exit 1 when the store cannot be opened or the recomputation fails.
#include <cmath>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "clients/cli/command.hpp"
#include "engine/core/expected.hpp"
#include "engine/ratings/ratings.hpp"
#include "engine/registry/registry.hpp"
#include "server/store/store.hpp"

namespace parlor::cli {
namespace {

using nlohmann::json;

constexpr const char* kUsage = "rate < MATCHES.json | rate --recompute --db PATH";

struct Seat {
  std::string id;
  std::optional<ratings::Rating> start;  // given mu and/or sigma
};

struct Match {
  std::string game;
  std::vector<std::vector<Seat>> teams;
  std::vector<int> ranks;
};

Error bad(const std::string& message) { return Error{"bad_input", message}; }

Expected<double> number_field(const json& player, const char* key, double fallback) {
  if (!player.contains(key)) return fallback;
  const json& value = player.at(key);
  if (!value.is_number()) return bad(std::string(key) + " is not a number");
  return value.get<double>();
}

Expected<Seat> parse_seat(const json& player) {
  if (player.is_string()) {
    Seat seat{player.get<std::string>(), std::nullopt};
    if (seat.id.empty()) return bad("a player id is empty");
    return seat;
  }
  if (!player.is_object()) return bad("a player is a string id or an object {\"id\", ...}");
  for (const auto& [key, value] : player.items()) {
    if (key != "id" && key != "mu" && key != "sigma") {
      return bad("unknown player key \"" + key + "\" (id, mu, sigma)");
    }
  }
  if (!player.contains("id") || !player.at("id").is_string() ||
      player.at("id").get<std::string>().empty()) {
    return bad("a player object needs a non-empty string \"id\"");
  }
  Seat seat{player.at("id").get<std::string>(), std::nullopt};
  const std::string who = "player \"" + seat.id + "\": ";
  if (player.contains("mu") || player.contains("sigma")) {
    auto mu = number_field(player, "mu", ratings::kDefaultMu);
    if (!mu) return bad(who + mu.error().message);
    auto sigma = number_field(player, "sigma", ratings::kDefaultSigma);
    if (!sigma) return bad(who + sigma.error().message);
    if (!std::isfinite(*mu)) return bad(who + "mu is not finite");
    if (!std::isfinite(*sigma) || *sigma <= 0) return bad(who + "sigma must be > 0");
    seat.start = ratings::Rating{*mu, *sigma};
  }
  return seat;
}

bool fits_int(const json& value) {
  if (value.is_number_unsigned()) {
    return value.get<unsigned long long>() <=
           static_cast<unsigned long long>(std::numeric_limits<int>::max());
  }
  if (!value.is_number_integer()) return false;
  const long long number = value.get<long long>();
  return number >= std::numeric_limits<int>::min() && number <= std::numeric_limits<int>::max();
}

Expected<Match> parse_match(const json& item) {
  if (!item.is_object()) return bad("a match is an object {\"game\", \"teams\", \"ranks\"}");
  for (const auto& [key, value] : item.items()) {
    if (key != "game" && key != "teams" && key != "ranks") {
      return bad("unknown key \"" + key + "\" (game, teams, ranks)");
    }
  }
  Match match;
  if (!item.contains("game") || !item.at("game").is_string() ||
      item.at("game").get<std::string>().empty()) {
    return bad("\"game\" must be a non-empty string");
  }
  match.game = item.at("game").get<std::string>();
  if (!item.contains("teams") || !item.at("teams").is_array()) {
    return bad("\"teams\" must be a list of teams, each a list of players");
  }
  if (!item.contains("ranks") || !item.at("ranks").is_array()) {
    return bad("\"ranks\" must be a list of integers, one per team");
  }
  std::set<std::string> seen;
  for (std::size_t t = 0; t < item.at("teams").size(); ++t) {
    const json& team = item.at("teams").at(t);
    if (!team.is_array()) return bad("team " + std::to_string(t) + " is not a list of players");
    std::vector<Seat> seats;
    for (const json& player : team) {
      auto seat = parse_seat(player);
      if (!seat) return bad("team " + std::to_string(t) + ": " + seat.error().message);
      if (!seen.insert(seat->id).second) {
        return bad("player \"" + seat->id + "\" appears twice");
      }
      seats.push_back(std::move(*seat));
    }
    match.teams.push_back(std::move(seats));
  }
  for (const json& rank : item.at("ranks")) {
    if (!fits_int(rank)) return bad("\"ranks\" must be integers (lower is better, equal ties)");
    match.ranks.push_back(rank.get<int>());
  }
  return match;
}

struct Standing {
  ratings::Rating rating;
  int matches = 0;
};

int fail(const std::string& message) {
  std::cerr << "parlor rate: " << message << "\n";
  return 2;
}

// --recompute --db PATH.
int recompute(const std::string& db_path) {
  namespace store = server::store;
  // Store::open would create a missing file: a mistyped path must not rebuild nothing.
  const bool uri = db_path.rfind("postgresql://", 0) == 0 || db_path.rfind("postgres://", 0) == 0;
  if (!uri && !std::filesystem::exists(db_path)) {
    std::cerr << "parlor rate: no database at " << db_path << "\n";
    return 1;
  }
  // The store logs as the server does: to standard error here, warnings and worse, so
  // that standard output is only the JSON answer.
  spdlog::set_default_logger(spdlog::stderr_logger_st("parlor-rate"));
  spdlog::set_level(spdlog::level::warn);
  store::StoreOptions options;
  options.path = db_path;
  auto opened = store::Store::open(options);
  if (!opened) {
    std::cerr << "parlor rate: cannot open " << db_path << ": " << opened.error().code << ": "
              << opened.error().message << "\n";
    return 1;
  }
  store::Store& db = *opened.value();
  db.ratings_recomputed();
  db.flush();
  if (db.stats().write_errors > 0) {
    std::cerr << "parlor rate: the recomputation failed (the server's log names the error)\n";
    return 1;
  }
  json games = json::object();
  std::size_t rated_players = 0;
  for (const std::string& game : all_game_names()) {
    const json ratings = db.leaderboard(game).value("ratings", json::array());
    if (ratings.empty()) continue;
    std::size_t provisional = 0;
    for (const json& entry : ratings) provisional += entry.value("provisional", false) ? 1 : 0;
    games[game] = {{"players", ratings.size()}, {"provisional", provisional}};
    rated_players += ratings.size();
  }
  std::cout << json{{"games", games}, {"rated_players", rated_players}}.dump() << "\n";
  return 0;
}

int run_rate(const std::vector<std::string>& args) {
  if (args.size() == 3 && args[0] == "--recompute" && args[1] == "--db") return recompute(args[2]);
  if (args.size() == 3 && args[0] == "--db" && args[2] == "--recompute") return recompute(args[1]);
  if (!args.empty()) {
    return fail("takes no arguments (the matches come on standard input); usage: parlor " +
                std::string(kUsage));
  }
  const std::string text{std::istreambuf_iterator<char>(std::cin),
                         std::istreambuf_iterator<char>()};
  const json input = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (input.is_discarded()) return fail("standard input is not JSON");
  if (!input.is_array()) return fail("standard input must be a JSON list of matches");

  // (game, id) -> standing; std::map keeps the output sorted by game, then id.
  std::map<std::pair<std::string, std::string>, Standing> table;
  for (std::size_t m = 0; m < input.size(); ++m) {
    const std::string where = "match " + std::to_string(m) + ": ";
    auto match = parse_match(input[m]);
    if (!match) return fail(where + match.error().message);
    std::vector<ratings::Team> teams;
    for (const auto& seats : match->teams) {
      ratings::Team team;
      for (const Seat& seat : seats) {
        auto found = table.find({match->game, seat.id});
        team.push_back(found != table.end() ? found->second.rating
                                            : seat.start.value_or(ratings::Rating{}));
      }
      teams.push_back(std::move(team));
    }
    auto rated = ratings::rate(teams, match->ranks);
    if (!rated) return fail(where + rated.error().message + " (" + rated.error().code + ")");
    for (std::size_t t = 0; t < match->teams.size(); ++t) {
      for (std::size_t p = 0; p < match->teams[t].size(); ++p) {
        Standing& standing = table[{match->game, match->teams[t][p].id}];
        standing.rating = (*rated)[t][p];
        ++standing.matches;
      }
    }
  }
  json players = json::array();
  for (const auto& [key, standing] : table) {
    players.push_back(json{{"game", key.first},
                           {"id", key.second},
                           {"mu", standing.rating.mu},
                           {"sigma", standing.rating.sigma},
                           {"ordinal", ratings::ordinal(standing.rating)},
                           {"provisional", ratings::provisional(standing.rating)},
                           {"matches", standing.matches}});
  }
  std::cout << json{{"players", players}}.dump() << "\n";
  return 0;
}

}  // namespace

PARLOR_COMMAND(
    "rate", kUsage, "rate a list of matches and print each player's rating",
    "Reads a JSON list of matches on standard input and rates them in order with the\n"
    "server's model (Weng-Lin, as openskill's PlackettLuce: mu 25, sigma 25/3; see\n"
    "engine/ratings/ratings.hpp):\n"
    "  [{\"game\": \"perico\", \"teams\": [[\"p1\"], [\"p2\", \"p4\"]], \"ranks\": [1, 2]}]\n"
    "A team is a list of players (a free-for-all is teams of one); ranks holds one\n"
    "integer per team, lower is better, equal ranks tie. A player is an id or\n"
    "{\"id\": \"p1\", \"mu\": 30, \"sigma\": 4}, a starting rating honoured only where the\n"
    "player first appears in that game. Ratings are per game.\n"
    "Prints {\"players\": [{\"game\", \"id\", \"matches\", \"mu\", \"ordinal\", \"provisional\",\n"
    "\"sigma\"}, ...]} sorted by game, then id; ordinal is mu - 3 sigma, provisional is\n"
    "sigma > 5.\n"
    "Exit: 0 rated, 2 bad input (a one-line message on stderr).\n"
    "\n"
    "parlor rate --recompute --db PATH recomputes every rating the server's database keeps\n"
    "(a file or a postgresql:// URI) from its finished rated matches, in the order they\n"
    "ended, with the server's own code, in one transaction; prints how many players each\n"
    "game rates. Exit 1 when the database cannot be opened or the recomputation fails.\n",
    run_rate);

}  // namespace parlor::cli
