// Random playouts on the shared harness (tests/support/random_playout.hpp, which checks
// who acts, the views' common fields, bad moves, the end and a replay of the same seed and
// moves): many matches of many deals with 2-7 seats, random options and a mix of random
// and sensible bots (and timeouts). After every action: the chips at the table equal the
// chips bought in, every card is in exactly one place, a showdown shows only hands still
// in, no view or event shows a viewer a card it may not see; at the end no chip is lost.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "engine/core/deck.hpp"
#include "tests/poker/poker_test_util.hpp"
#include "tests/support/random_playout.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::poker {
namespace {

using parlor::testing::PlayoutMove;
using testing::card_strings;
using testing::collect_cards;

constexpr int kMatches = 2000;  // scaled by PARLOR_TEST_WORKLOAD (test_workload.hpp)
constexpr int kMaxActionsPerMatch = 20000;

Json random_options(Rng& rng, int seats) {
  static const std::vector<Json> decks = {52, 40, 36, 32, "auto", "rule_of_11"};
  static const std::vector<std::string> figures = {"off", "below_trio", "by_deck"};
  static const std::vector<std::string> rebuys = {"off", "starting_stack", "largest_stack"};
  const std::int64_t min_bet = 1 + static_cast<std::int64_t>(rng.below(3));
  Json options = {{"deck", decks[rng.below(decks.size())]},
                  {"jokers", static_cast<int>(rng.below(3))},
                  {"figures", figures[rng.below(figures.size())]},
                  {"ace_straight_over_flush", rng.below(2) == 1},
                  {"ante", 1 + static_cast<int>(rng.below(3))},
                  {"min_bet", min_bet},
                  {"max_bet", min_bet + static_cast<std::int64_t>(rng.below(8))},
                  {"dealer_double_ante", rng.below(2) == 1},
                  {"max_discard", 3 + static_cast<int>(rng.below(3))},
                  {"stack", 5 + static_cast<int>(rng.below(40))},
                  {"deals", 1 + static_cast<int>(rng.below(14))},
                  {"rebuy", rebuys[rng.below(rebuys.size())]},
                  {"max_rebuys", static_cast<int>(rng.below(3))}};
  (void)seats;
  return options;
}

// Checks the cards: every card of the deck in exactly one place, hands of the right size.
void check_cards(const PokerState& state) {
  if (state.match_over()) return;
  std::vector<Card> all = state.stock();
  all.insert(all.end(), state.discards().begin(), state.discards().end());
  all.insert(all.end(), state.muck().begin(), state.muck().end());
  for (Seat s = 0; s < state.seat_count(); ++s) {
    const auto& hand = state.hand(s);
    all.insert(all.end(), hand.begin(), hand.end());
    const std::size_t expected = state.betting().live(s) ? 5u : 0u;
    ASSERT_EQ(hand.size(), expected) << "seat " << s;
  }
  ASSERT_EQ(card_counts(all), card_counts(state.settings().deck()));
  // The stock's last card is never dealt, so it is never empty during a deal.
  ASSERT_FALSE(state.stock().empty());
}

std::set<std::string> shown_cards(const Json& result) {
  std::set<std::string> out;
  if (result.is_null()) return out;
  for (const Json& shown : result["shown"]) {
    for (const Json& card : shown["hand"]) out.insert(card.get<std::string>());
  }
  return out;
}

void expect_only(const Json& json, const std::set<std::string>& allowed, const std::string& what) {
  std::multiset<std::string> cards;
  collect_cards(json, cards);
  for (const std::string& card : cards) {
    ASSERT_TRUE(allowed.count(card)) << what << " shows " << card << ": " << json.dump();
  }
}

struct Snapshot {
  std::vector<std::set<std::string>> hands;
  std::vector<bool> live;
  std::size_t results = 0;
};

Snapshot snapshot(const PokerState& state) {
  Snapshot snap;
  for (Seat s = 0; s < state.seat_count(); ++s) {
    snap.hands.push_back(card_strings(state.hand(s)));
    snap.live.push_back(state.betting().live(s));
  }
  snap.results = state.rounds_finished();
  return snap;
}

// New results since `before`: showdowns show only hands still in; other outcomes none.
std::set<std::string> check_new_results(const PokerState& state, const Snapshot& before, Seat actor,
                                        const Json& action) {
  std::set<std::string> shown;
  for (std::size_t i = before.results; i < state.rounds_finished(); ++i) {
    const Json result = Json::parse(state.round_result_text(i));
    if (result["outcome"] != "showdown") {
      EXPECT_TRUE(result["shown"].empty()) << result.dump();
      continue;
    }
    EXPECT_GE(result["shown"].size(), 2u);
    for (const Json& entry : result["shown"]) {
      const Seat s = entry["seat"].get<int>();
      // Only the first result of a batch can follow this action; later ones (a deal
      // played out without betting) come from deals nobody acted in.
      if (i == before.results) {
        EXPECT_TRUE(before.live[s]) << "a folded hand shown: " << result.dump();
        EXPECT_FALSE(s == actor && action["type"] == "fold") << result.dump();
      }
    }
    std::set<std::string> cards = shown_cards(result);
    shown.insert(cards.begin(), cards.end());
  }
  return shown;
}

void check_events_and_views(const PokerState& state, const Snapshot& before, const Snapshot& after,
                            const std::set<std::string>& shown_now,
                            const std::vector<Event>& events) {
  const int seats = state.seat_count();
  const std::set<std::string> last_shown =
      shown_cards(state.rounds_finished() == 0
                      ? Json(nullptr)
                      : Json::parse(state.round_result_text(state.rounds_finished() - 1)));
  for (Seat viewer = kSpectator; viewer < seats; ++viewer) {
    std::set<std::string> allowed = shown_now;
    if (viewer != kSpectator) {
      allowed.insert(before.hands[viewer].begin(), before.hands[viewer].end());
      allowed.insert(after.hands[viewer].begin(), after.hands[viewer].end());
    }
    for (const Event& event : events) {
      if (!event.audience.includes(viewer)) continue;
      expect_only(event.body(), allowed, "event to viewer " + std::to_string(viewer));
    }
    std::set<std::string> view_allowed = last_shown;
    if (viewer != kSpectator) {
      view_allowed.insert(after.hands[viewer].begin(), after.hands[viewer].end());
    }
    Json view = state.view(viewer);
    expect_only(view, view_allowed, "view of " + std::to_string(viewer));
    if (viewer == kSpectator) {
      EXPECT_FALSE(view.contains("hand"));
    }
  }
}

// What only Poker knows, checked around the harness's steps for one match: its seats'
// bots (random or sensible, for the whole match), its chips and cards, its results.
class PokerChecks : public parlor::testing::PlayoutChecks {
 public:
  // What the matches played, over all of them.
  struct Tally {
    long long deals = 0;
    std::map<std::string, int> outcomes;
  };

  PokerChecks(int seats, Rng& rng, Tally& tally) : tally_(tally) {
    for (Seat s = 0; s < seats; ++s)
      bots_.push_back(rng.below(2) == 0 ? random_.get() : sensible_.get());
  }

  void at_start(const GameState& state, const std::vector<Event>&) override {
    ASSERT_EQ(poker(state).chips_at_table(), poker(state).chips_bought_in());
  }

  // Now and then a move out of turn, which must change nothing.
  std::optional<PlayoutMove> bad_move(const GameState& state, Rng& rng) override {
    if (rng.below(40) != 0) return std::nullopt;
    const Seat other = (state.waiting().seats.front() + 1) % state.seat_count();
    return PlayoutMove{other, Json{{"type", "check"}}};
  }

  // The seat's own bot; a tenth of the moves are a timeout's default.
  std::optional<Json> choose_move(const GameState& state, Seat seat, Rng& rng) override {
    if (rng.below(10) == 0) return state.default_action(seat);
    return bots_[seat]->choose(state.view(seat), rng);
  }

  void before_move(const GameState& state, Seat, const Json&) override {
    const Waiting wait = state.waiting();
    ASSERT_EQ(wait.mode, WaitMode::kTurn);
    ASSERT_EQ(wait.seats.size(), 1u);
    before_ = snapshot(poker(state));
  }

  void after_move(const GameState& state, Seat seat, const Json& action,
                  const std::vector<Event>& events) override {
    const PokerState& after = poker(state);
    ASSERT_EQ(after.chips_at_table(), after.chips_bought_in());
    ASSERT_NO_FATAL_FAILURE(check_cards(after));
    const Snapshot now = snapshot(after);
    std::set<std::string> shown = check_new_results(after, before_, seat, action);
    check_events_and_views(after, before_, now, shown, events);
  }

  // Net chips: everything bought in is accounted for.
  void at_end(const GameState& state) override {
    std::int64_t net = 0;
    for (std::int64_t score : state.scores()) net += score;
    ASSERT_EQ(net, 0);
    ASSERT_EQ(poker(state).chips_at_table(), poker(state).chips_bought_in());
    tally_.deals += state.deals_started();
    for (const Json& r : state.round_results()) ++tally_.outcomes[r["outcome"].get<std::string>()];
  }

 private:
  static const PokerState& poker(const GameState& state) {
    return dynamic_cast<const PokerState&>(state);
  }

  std::unique_ptr<BotPolicy> random_ = definition().make_bot(BotLevel::kRandom);
  std::unique_ptr<BotPolicy> sensible_ = definition().make_bot(BotLevel::kSensible);
  std::vector<const BotPolicy*> bots_;
  Tally& tally_;
  Snapshot before_;
};

TEST(PokerPlayout, RandomMatchesKeepEveryInvariant) {
  Rng rng(Seed::from_u64(2026), 0);
  const GameDefinition& game = definition();
  parlor::testing::PlayoutSettings settings;
  settings.max_actions = kMaxActionsPerMatch;
  // The checks below build every view after every move already; the harness's common
  // view fields need not be read from each of them again.
  settings.view_check_every = 10;
  parlor::testing::PlayoutStats stats;
  int refused_tables = 0;
  PokerChecks::Tally tally;
  const int matches = parlor::testing::scaled_count(kMatches);
  while (stats.matches < matches) {
    const int seats = 2 + static_cast<int>(rng.below(6));
    const Json options = random_options(rng, seats);
    const std::uint64_t seed = rng.next_u64();
    if (auto refused = game.validate_table(options, seats); !refused) {
      ASSERT_EQ(refused.error().code, "deck_too_small") << refused.error().message;
      ++refused_tables;
      continue;
    }
    PokerChecks checks(seats, rng, tally);
    const long matches_before = stats.matches;
    parlor::testing::random_playout(game, {options, seats, seed, std::nullopt}, settings, &checks,
                                    &stats);
    if (::testing::Test::HasFailure()) return;
    ASSERT_EQ(stats.matches, matches_before + 1);
  }
  RecordProperty("actions", std::to_string(stats.actions));
  std::cout << "[ poker   ] " << stats.matches << " matches, " << refused_tables
            << " tables refused, " << tally.deals << " deals, " << stats.actions << " actions;";
  for (const auto& [outcome, count] : tally.outcomes) {
    std::cout << " " << outcome << " " << count;
  }
  std::cout << "\n";
  EXPECT_GT(tally.outcomes["showdown"], 0);
  EXPECT_GT(tally.outcomes["uncalled"], 0);
  EXPECT_GT(tally.outcomes["no_opener"], 0);
}

}  // namespace
}  // namespace parlor::poker
