#include "tests/verify/match_builder.hpp"

#include <cstdio>

#include "engine/core/rng.hpp"
#include "engine/registry/registry.hpp"
#include "protocol/commitment.hpp"

namespace parlor::testing {
namespace {

// A cap well above any short match, so a game that never ends fails instead of hanging.
constexpr int kMaxActions = 20000;

Seed full_seed(std::uint64_t number) {
  Rng rng(Seed::from_u64(number), 0xfa1);
  std::array<std::uint8_t, 32> bytes{};
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng.below(256));
  return Seed(bytes);
}

std::string match_id(std::uint64_t number) {
  char text[16];
  std::snprintf(text, sizeof text, "m%012llx", static_cast<unsigned long long>(number));
  return text;
}

// The server publishes commitment k once deal k has been shuffled.
void publish_commitments(const GameState& state, const Seed& seed, Json& commitments) {
  while (commitments.size() < static_cast<std::size_t>(state.deals_started())) {
    int deal = static_cast<int>(commitments.size()) + 1;
    commitments.push_back(
        {{"deal", deal},
         {"sha256", protocol::deal_commitment(seed, static_cast<std::uint64_t>(deal))}});
  }
}

Json record_of(const MatchPlan& plan, const Json& options, const Seed& seed, Seat dealer,
               const GameState& state, Json commitments, Json actions) {
  std::vector<int> placings = state.placings();
  std::vector<std::int64_t> scores = state.scores();
  Json seats = Json::array();
  for (int s = 0; s < plan.seats; ++s) {
    seats.push_back({{"seat", s},
                     {"kind", "bot"},
                     {"player", nullptr},
                     {"name", "Bot " + std::to_string(s + 1)},
                     {"bot_level", plan.level == BotLevel::kRandom ? "random" : "sensible"},
                     {"score", scores[s]},
                     {"placing", placings[s]},
                     {"winner", placings[s] == 1}});
  }
  return {{"id", match_id(plan.seed_number)},
          {"room", "r1"},
          {"match_number", 1},
          {"game", plan.game},
          {"options", options},
          {"status", "over"},
          {"started_at", "2026-11-22T08:10:00.000Z"},
          {"ended_at", "2026-11-22T08:20:00.000Z"},
          {"first_dealer", dealer},
          {"lower_score_wins", plan.game == "carioca"},
          {"seats", seats},
          {"rounds", state.round_results()},
          {"results",
           {{"scores", scores}, {"placings", placings}, {"round_results", state.round_results()}}},
          {"commitments", std::move(commitments)},
          {"abort_reason", nullptr},
          {"seed", seed.hex()},
          {"actions", std::move(actions)}};
}

}  // namespace

Expected<Json> play_match_record(const MatchPlan& plan) {
  const GameDefinition* game = find_game(plan.game);
  if (!game) return Error{"unknown_game", plan.game};
  auto options = game->validate_table(plan.options, plan.seats);
  if (!options) return options.error();
  Seed seed = full_seed(plan.seed_number);
  Seat dealer = choose_first_dealer(seed, plan.seats);
  MatchConfig config;
  config.options = *options;
  config.seats = plan.seats;
  config.seed = seed;
  config.dealer = dealer;
  auto created = game->new_match(config);
  if (!created) return created.error();
  GameState& state = **created;

  auto bot = game->make_bot(plan.level);
  Rng choices(seed, 0xb07);
  Json commitments = Json::array();
  Json actions = Json::array();
  publish_commitments(state, seed, commitments);
  while (!state.match_over()) {
    if (static_cast<int>(actions.size()) >= kMaxActions) return Error{"too_long", plan.game};
    Waiting wait = state.waiting();
    if (wait.seats.empty()) return Error{"stuck", "nobody to act in an unfinished match"};
    Seat seat = wait.seats[static_cast<std::size_t>(choices.below(wait.seats.size()))];
    Json action = bot->choose(state.view(seat), choices);
    ActionResult result = state.apply(seat, action);
    if (!result.ok()) {
      return Error{"bot_rejected", action.dump() + ": " + result.error->code};
    }
    actions.push_back({{"seq", actions.size() + 1},
                       {"seat", seat},
                       {"action", action},
                       {"timeout", false},
                       {"at", "2026-11-22T08:10:01.000Z"}});
    publish_commitments(state, seed, commitments);
  }
  return record_of(plan, *options, seed, dealer, state, std::move(commitments), std::move(actions));
}

MatchPlan plan_for(const std::string& game) {
  if (game == "perico") return {game, {{"target", 3}}, 4, 11};
  if (game == "loc") return {game, {{"hands", 4}}, 4, 12};
  if (game == "pedro") return {game, Json::object(), 4, 13};
  if (game == "poker") return {game, {{"deals", 8}}, 4, 14};
  if (game == "carioca") return {game, {{"first_round", 7}}, 3, 15};
  return {game, Json::object(), 2, 16};
}

}  // namespace parlor::testing
