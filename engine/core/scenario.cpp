#include "engine/core/scenario.hpp"

namespace parlor {
namespace {

Error malformed(const std::string& message) { return Error{"bad_scenario", message}; }

Expected<Seed> scenario_seed(const Json& scenario) {
  if (!scenario.contains("seed")) return Seed::from_u64(0);
  const Json& seed = scenario["seed"];
  if (seed.is_number_unsigned() || (seed.is_number_integer() && seed.get<std::int64_t>() >= 0)) {
    return Seed::from_u64(seed.get<std::uint64_t>());
  }
  if (seed.is_string()) return Seed::from_hex(seed.get<std::string>());
  return malformed("seed must be a non-negative integer or 64 hex digits");
}

Expected<MatchConfig> scenario_config(const Json& scenario, const GameDefinition& game) {
  if (!scenario.contains("seats") || !scenario["seats"].is_number_integer()) {
    return malformed("seats must be a whole number");
  }
  MatchConfig config;
  config.seats = scenario["seats"].get<int>();
  auto options = game.validate_table(scenario.value("options", Json::object()), config.seats);
  if (!options) return options.error();
  config.options = std::move(*options);
  auto seed = scenario_seed(scenario);
  if (!seed) return seed.error();
  config.seed = *seed;
  if (scenario.contains("dealer")) {
    const Json& dealer = scenario["dealer"];
    if (!dealer.is_number_integer() || dealer.get<int>() < 0 || dealer.get<int>() >= config.seats) {
      return malformed("dealer must be a seat number from 0 to " +
                       std::to_string(config.seats - 1));
    }
    config.dealer = dealer.get<int>();
  }
  if (scenario.contains("setup")) config.setup = scenario["setup"];
  return config;
}

Json result_line(std::size_t index, Seat seat, const ActionResult& result) {
  Json line = {{"i", index}, {"seat", seat}, {"ok", result.ok()}};
  if (!result.ok()) {
    line["error"] = result.error->code;
    line["message"] = result.error->message;
  }
  return line;
}

void run_timeout(std::size_t index, GameState& state, std::vector<Json>& lines) {
  Waiting wait = state.waiting();
  if (wait.mode == WaitMode::kNobody) {
    Json line = {{"i", index},
                 {"timeout", true},
                 {"ok", false},
                 {"error", "match_over"},
                 {"message", "the match is over; nobody is being waited for"}};
    lines.push_back(line);
    return;
  }
  for (Seat seat : wait.seats) {
    Json line = result_line(index, seat, state.apply(seat, state.default_action(seat)));
    line["timeout"] = true;
    lines.push_back(line);
  }
}

}  // namespace

Expected<std::vector<Json>> run_scenario(const Json& scenario, const GameLookup& lookup) {
  if (!scenario.is_object()) return malformed("a scenario is a JSON object");
  if (!scenario.contains("game") || !scenario["game"].is_string()) {
    return malformed("\"game\" must name a game");
  }
  const GameDefinition* game = lookup(scenario["game"].get<std::string>());
  if (game == nullptr)
    return malformed("unknown game '" + scenario["game"].get<std::string>() + "'");
  auto config = scenario_config(scenario, *game);
  if (!config) return config.error();
  const Json actions = scenario.value("actions", Json::array());
  if (!actions.is_array()) return malformed("actions must be an array");
  for (const Json& entry : actions) {
    bool is_timeout = entry.is_object() && entry.value("timeout", false) == true;
    bool is_move = entry.is_object() && entry.contains("seat") &&
                   entry["seat"].is_number_integer() && entry.contains("action");
    if (!is_timeout && !is_move) {
      return malformed("each action is {\"seat\": N, \"action\": {...}} or {\"timeout\": true}: " +
                       entry.dump());
    }
  }
  auto state = game->new_match(*config);
  if (!state) return state.error();
  GameState& match = **state;
  std::vector<Json> lines;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const Json& entry = actions[i];
    if (entry.value("timeout", false) == true) {
      run_timeout(i, match, lines);
      continue;
    }
    Seat seat = entry["seat"].get<int>();
    lines.push_back(result_line(i, seat, match.apply(seat, entry["action"])));
  }
  Json views = Json::array();
  for (Seat seat = 0; seat < match.seat_count(); ++seat) views.push_back(match.view(seat));
  lines.push_back({{"final",
                    {{"over", match.match_over()},
                     {"round", match.round()},
                     {"scores", match.scores()},
                     {"views", views}}}});
  return lines;
}

}  // namespace parlor
