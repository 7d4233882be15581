// Random playouts on the shared harness (tests/support/random_playout.hpp, which checks
// who acts, the views' common fields, bad moves, the end and a replay of the same seed and
// moves): whole matches of every variant played by the random bot (with some timeouts),
// checking after every action: every card in exactly one place; each hand's captured
// points (14, King Pedro 44, Cinch 14 less the unused trumps); the follow rules for every
// card played; no view or event showing a hidden card; partners win together.
#include <gtest/gtest.h>

#include <chrono>
#include <ctime>

#include "engine/pedro/pedro_trumps.hpp"
#include "tests/pedro/pedro_test_util.hpp"
#include "tests/support/random_playout.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::pedro::testing {
namespace {

// Matches per variant. Every match checks cards, points, follow rules and every
// event's audience after every action. Building a view costs several times a move, so
// the first kMatchesWithEveryView matches check all five views after every action and
// the rest one viewer's view (rotating) every kViewEvery actions (and the harness's
// common view checks as often); every kReplayEvery-th match is replayed from its seed and
// moves and compared. Both counts are scaled by PARLOR_TEST_WORKLOAD (test_workload.hpp),
// the every-view matches never below 3: at a sanitized run's 10 they took half its time.
constexpr int kMatchesPerVariant = 2000;
constexpr int kMatchesWithEveryView = 10;
constexpr int kViewEvery = 100;
constexpr int kReplayEvery = 4;
constexpr int kMaxActionsPerMatch = 200000;

parlor::testing::PlayoutTable table_of(const std::string& variant, std::uint64_t seed) {
  const std::string scoring = seed % 2 ? "bid_minus_opponents" : "difference";
  return {{{"variant", variant}, {"cinch_scoring", scoring}}, 4, seed, std::nullopt};
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
  std::vector<Json> bodies;  // each event parsed once
  for (const Event& event : events) bodies.push_back(event.body());
  std::size_t first_after = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (bodies[i]["type"] == "deal") first_after = i;
  }
  const bool new_deal = !events.empty() && bodies[first_after]["type"] == "deal";
  const HiddenMasks post = hidden_masks(after);
  CardMask played;
  if (action.contains("card")) played.set(parse_card(action["card"].get<std::string>())->code());
  for (std::size_t i = 0; i < events.size(); ++i) {
    const bool before_deal = new_deal && i < first_after;
    // A trump naming that voided the deal turned cards face up: nothing to compare.
    if (before_deal && action["type"] == "trump") continue;
    const CardMask named = cards_named(bodies[i]);
    for (Seat viewer = kSpectator; viewer < 4; ++viewer) {
      if (!events[i].audience.includes(viewer)) continue;
      const CardMask hidden = before_deal ? pre[viewer + 1] & ~played : post[viewer + 1];
      ASSERT_TRUE((named & hidden).none())
          << "event " << bodies[i].dump() << " shows " << leaked_card(bodies[i], hidden)
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

// What only Pedro knows, checked around the harness's steps for one match.
class PedroChecks : public parlor::testing::PlayoutChecks {
 public:
  PedroChecks(bool every_view, long& hands)
      : every_view_(every_view),
        hands_(hands),
        random_bot_(definition().make_bot(BotLevel::kRandom)) {}

  // The random bot, a twentieth of the moves a timeout's default.
  std::optional<Json> choose_move(const GameState& state, Seat seat, Rng& rng) override {
    if (rng.below(20) == 0) return state.default_action(seat);
    return random_bot_->choose(bot_view(pedro(state), seat), rng);
  }

  void before_move(const GameState& state, Seat seat, const Json& action) override {
    const PedroState& before = pedro(state);
    ASSERT_NO_FATAL_FAILURE(check_play(before, seat, action));
    pre_ = hidden_masks(before);
    unused_ = table_points(before);
    results_before_ = before.rounds_finished();
  }

  void after_move(const GameState& game, Seat seat, const Json& action,
                  const std::vector<Event>& events) override {
    const PedroState& state = pedro(game);
    ++actions_;
    ASSERT_EQ(conservation_error(state), "") << action.dump() << " by seat " << seat;
    ASSERT_LE(state.hand_points()[0] + state.hand_points()[1], state.variant().total_points());
    if (state.rounds_finished() > results_before_) {
      ++hands_;
      ASSERT_NO_FATAL_FAILURE(check_hand_points(
          state, Json::parse(state.round_result_text(state.rounds_finished() - 1)), unused_));
    }
    ASSERT_NO_FATAL_FAILURE(check_events(events, pre_, state, action));
    ASSERT_NO_FATAL_FAILURE(check_hands_at_first_lead(state));
    if (every_view_) {
      for (Seat viewer = kSpectator; viewer < 4; ++viewer) {
        ASSERT_NO_FATAL_FAILURE(check_view(state, viewer));
      }
    } else if (actions_ % kViewEvery == 0) {
      ASSERT_NO_FATAL_FAILURE(check_view(state, (actions_ / kViewEvery) % 5 - 1));
    }
  }

  // Partners win together.
  void at_end(const GameState& state) override {
    const auto places = state.placings();
    ASSERT_EQ(std::count(places.begin(), places.end(), 1), 2);
  }

 private:
  static const PedroState& pedro(const GameState& state) {
    return static_cast<const PedroState&>(state);
  }

  bool every_view_;
  long& hands_;
  std::unique_ptr<BotPolicy> random_bot_;
  long actions_ = 0;
  HiddenMasks pre_;
  int unused_ = 0;
  std::size_t results_before_ = 0;
};

parlor::testing::PlayoutSettings settings_for(bool every_view, std::uint64_t seed) {
  parlor::testing::PlayoutSettings settings;
  settings.max_actions = kMaxActionsPerMatch;
  settings.views_checked_first = every_view ? kMaxActionsPerMatch : 0;
  settings.view_check_every = kViewEvery;
  settings.check_replay = seed % kReplayEvery == 0;
  return settings;
}

void run_playouts(const std::string& variant) {
  const auto started = std::chrono::steady_clock::now();
  const std::clock_t cpu_started = std::clock();
  parlor::testing::PlayoutStats stats;
  long hands = 0;
  const int with_every_view = parlor::testing::scaled_count(kMatchesWithEveryView, 3);
  const int matches = parlor::testing::scaled_count(kMatchesPerVariant, with_every_view);
  for (int m = 0; m < matches; ++m) {
    const bool every_view = m < with_every_view;
    PedroChecks checks(every_view, hands);
    parlor::testing::random_playout(definition(), table_of(variant, m), settings_for(every_view, m),
                                    &checks, &stats);
    ASSERT_FALSE(::testing::Test::HasFailure()) << variant << " match seed " << m;
  }
  EXPECT_EQ(stats.matches, matches) << "a match ended without its end checks";
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "[ pedro    ] " << variant << ": " << stats.matches << " matches, " << hands
            << " deals, " << stats.actions << " actions, " << stats.rejections
            << " bad moves rejected, " << seconds << " s ("
            << static_cast<double>(std::clock() - cpu_started) / CLOCKS_PER_SEC << " s CPU)\n";
}

TEST(PedroPlayouts, Pedro) { run_playouts("pedro"); }
TEST(PedroPlayouts, KingPedro) { run_playouts("king_pedro"); }
TEST(PedroPlayouts, Cinch) { run_playouts("cinch"); }

}  // namespace
}  // namespace parlor::pedro::testing
