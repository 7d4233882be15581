// Random playouts: whole matches of every variant played by the bots (with some
// timeouts), checking the invariants after every action: every card in exactly one
// place; each hand's captured points (14, King Pedro 44, Cinch 14 less the unused
// trumps); the follow rules for every card played; no view or event showing a hidden
// card; replay determinism; and every match ending.
#include <gtest/gtest.h>

#include <chrono>
#include <ctime>

#include "engine/pedro/pedro_trumps.hpp"
#include "tests/pedro/pedro_test_util.hpp"

namespace parlor::pedro::testing {
namespace {

// Matches per variant. Every match checks cards, points, follow rules and every
// event's audience after every action. Building a view costs several times a move, so
// the first kMatchesWithEveryView matches check all five views after every action and
// the rest one viewer's view (rotating) every kViewEvery actions; every
// kReplayEvery-th match is replayed from its seed and moves and compared.
constexpr int kMatchesPerVariant = 2000;
constexpr int kMatchesWithEveryView = 10;
constexpr int kViewEvery = 100;
constexpr int kReplayEvery = 4;
constexpr int kMaxActionsPerMatch = 200000;

struct Logged {
  Seat seat;
  Json action;
};

std::unique_ptr<GameState> new_game(const std::string& variant, std::uint64_t seed,
                                    const std::string& cinch_scoring) {
  MatchConfig config;
  config.options =
      *definition().validate_table({{"variant", variant}, {"cinch_scoring", cinch_scoring}}, 4);
  config.seats = 4;
  config.seed = Seed::from_u64(seed);
  auto game = definition().new_match(config);
  return std::move(game.value());
}

int table_points(const PedroState& state) {
  if (!state.trump()) return 0;
  int points = 0;
  for (Card c : state.zones().table) points += point_value(c, *state.trump(), state.variant());
  return points;
}

// Checks the events of one action. Events before a new deal are checked against the
// state before the action (less the card played, now public); the rest against after.
void check_events(const std::vector<Event>& events, const HiddenMasks& pre, const PedroState& after,
                  const Json& action) {
  std::size_t first_after = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].body["type"] == "deal") first_after = i;
  }
  const bool new_deal = !events.empty() && events[first_after].body["type"] == "deal";
  const HiddenMasks post = hidden_masks(after);
  CardMask played;
  if (action.contains("card")) played.set(parse_card(action["card"].get<std::string>())->code());
  for (std::size_t i = 0; i < events.size(); ++i) {
    const bool before_deal = new_deal && i < first_after;
    // A trump naming that voided the deal turned cards face up: nothing to compare.
    if (before_deal && action["type"] == "trump") continue;
    const CardMask named = cards_named(events[i].body);
    for (Seat viewer = kSpectator; viewer < 4; ++viewer) {
      if (!events[i].audience.includes(viewer)) continue;
      const CardMask hidden = before_deal ? pre[viewer + 1] & ~played : post[viewer + 1];
      ASSERT_TRUE((named & hidden).none())
          << "event " << events[i].body.dump() << " shows " << leaked_card(events[i].body, hidden)
          << " to viewer " << viewer;
    }
  }
}

void check_view(const PedroState& state, Seat viewer) {
  const std::string leak = leaked_card(state.view(viewer), hidden_from(state, viewer));
  ASSERT_EQ(leak, "") << "view of " << viewer << " shows " << leak;
}

// The random bot reads only the "legal" section: a whole view per move would cost
// more than the rest of the playout.
Json bot_view(const PedroState& state, Seat seat) {
  return {{"variant", state.variant().name}, {"viewer", seat}, {"legal", state.legal(seat)}};
}

void check_play(const PedroState& before, Seat seat, const Json& action) {
  if (action["type"] != "play") return;
  const Suit trump = *before.trump();
  const Card card = *parse_card(action["card"].get<std::string>());
  std::optional<Card> led;
  if (!before.trick().cards.empty()) led = before.trick().cards.front().card;
  ASSERT_TRUE(follows_rules(before.zones().hands[seat], led, card, trump,
                            before.variant().kind == VariantKind::kKingPedro))
      << card.str() << " broke the follow rules";
  for (const auto& text : action.value("dump", Json::array())) {
    ASSERT_FALSE(is_point_card(*parse_card(text.get<std::string>()), trump, before.variant()))
        << "dumped a point card";
  }
}

void check_hand_points(const PedroState& state, const Json& result, int unused_points) {
  if (!result.contains("points")) return;  // a void or thrown-in deal
  const int total = result["points"][0].get<int>() + result["points"][1].get<int>();
  const int expected = state.variant().total_points() - unused_points;
  ASSERT_EQ(total, expected) << result.dump();
}

// When play begins everyone holds six, except a seat holding only trumps (Pedro, King
// Pedro: more, dumped at the first trick) or a dealer the stock ran short for.
void check_hands_at_first_lead(const PedroState& state) {
  if (state.phase() != Phase::kPlay || state.tricks_played() > 0 || !state.trick().cards.empty()) {
    return;
  }
  const Suit trump = *state.trump();
  for (Seat s = 0; s < 4; ++s) {
    const auto& hand = state.zones().hands[s];
    const int size = static_cast<int>(hand.size());
    if (size == 6) continue;
    if (size > 6) {
      ASSERT_NE(state.variant().kind, VariantKind::kCinch) << "Cinch hands hold at most six";
      ASSERT_EQ(count_trumps(hand, trump), size) << "only trumps go past six";
      continue;
    }
    ASSERT_EQ(s, state.dealer()) << "seat " << s << " holds " << size;
    ASSERT_TRUE(state.zones().stock.empty()) << "the dealer is short with cards left";
  }
}

struct PlayoutStats {
  long actions = 0;
  long hands = 0;
};

void check_replay(const std::string& variant, std::uint64_t seed, const std::string& scoring,
                  const std::vector<Logged>& log, const GameState& game) {
  auto replay = new_game(variant, seed, scoring);
  for (const Logged& entry : log) ASSERT_TRUE(replay->apply(entry.seat, entry.action).ok());
  ASSERT_TRUE(replay->match_over());
  ASSERT_EQ(replay->round_results(), game.round_results());
  ASSERT_EQ(replay->scores(), game.scores());
  for (Seat s = kSpectator; s < 4; ++s) ASSERT_EQ(replay->view(s), game.view(s));
}

// One match of random moves (a twentieth of them timeouts' defaults).
void play_match(const std::string& variant, std::uint64_t seed, bool every_view,
                PlayoutStats& stats) {
  const std::string scoring = seed % 2 ? "bid_minus_opponents" : "difference";
  auto game = new_game(variant, seed, scoring);
  game->take_events();
  auto random_bot = definition().make_bot(BotLevel::kRandom);
  Rng rng(Seed::from_u64(seed), 999);
  std::vector<Logged> log;
  int actions = 0;
  const auto& state = static_cast<const PedroState&>(*game);
  while (!game->match_over()) {
    ASSERT_LT(++actions, kMaxActionsPerMatch) << "the match does not end";
    const Waiting wait = game->waiting();
    ASSERT_FALSE(wait.seats.empty());
    const Seat seat = wait.seats[rng.below(wait.seats.size())];
    const Json action = rng.below(20) == 0 ? game->default_action(seat)
                                           : random_bot->choose(bot_view(state, seat), rng);
    ASSERT_NO_FATAL_FAILURE(check_play(state, seat, action));
    const HiddenMasks pre = hidden_masks(state);
    const int unused = table_points(state);
    const std::size_t results_before = state.round_results().size();
    ActionResult result = game->apply(seat, action);
    ASSERT_TRUE(result.ok()) << action.dump() << ": " << result.error->code << " "
                             << result.error->message;
    log.push_back({seat, action});
    ASSERT_EQ(conservation_error(state), "") << action.dump() << " by seat " << seat;
    ASSERT_LE(state.hand_points()[0] + state.hand_points()[1], state.variant().total_points());
    if (state.round_results().size() > results_before) {
      ++stats.hands;
      ASSERT_NO_FATAL_FAILURE(check_hand_points(state, state.round_results().back(), unused));
    }
    ASSERT_NO_FATAL_FAILURE(check_events(game->take_events(), pre, state, action));
    ASSERT_NO_FATAL_FAILURE(check_hands_at_first_lead(state));
    if (every_view) {
      for (Seat viewer = kSpectator; viewer < 4; ++viewer) {
        ASSERT_NO_FATAL_FAILURE(check_view(state, viewer));
      }
    } else if (actions % kViewEvery == 0) {
      ASSERT_NO_FATAL_FAILURE(check_view(state, (actions / kViewEvery) % 5 - 1));
    }
  }
  stats.actions += actions;
  if (seed % kReplayEvery == 0) {
    ASSERT_NO_FATAL_FAILURE(check_replay(variant, seed, scoring, log, *game));
  }
  const auto places = game->placings();
  ASSERT_EQ(std::count(places.begin(), places.end(), 1), 2);
}

void run_playouts(const std::string& variant) {
  const auto started = std::chrono::steady_clock::now();
  const std::clock_t cpu_started = std::clock();
  PlayoutStats stats;
  for (int m = 0; m < kMatchesPerVariant; ++m) {
    SCOPED_TRACE(variant + " match seed " + std::to_string(m));
    ASSERT_NO_FATAL_FAILURE(play_match(variant, m, m < kMatchesWithEveryView, stats));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "[ pedro    ] " << variant << ": " << kMatchesPerVariant << " matches, "
            << stats.hands << " deals, " << stats.actions << " actions, " << seconds << " s ("
            << static_cast<double>(std::clock() - cpu_started) / CLOCKS_PER_SEC << " s CPU)\n";
}

TEST(PedroPlayouts, Pedro) { run_playouts("pedro"); }
TEST(PedroPlayouts, KingPedro) { run_playouts("king_pedro"); }
TEST(PedroPlayouts, Cinch) { run_playouts("cinch"); }

}  // namespace
}  // namespace parlor::pedro::testing
