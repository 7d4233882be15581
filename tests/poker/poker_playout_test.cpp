// Random playouts: many matches of many deals with 2-7 seats, random options and a mix of
// random and sensible bots (and timeouts). After every action: the chips at the table
// equal the chips bought in, every card is in exactly one place, no view or event shows a
// viewer a card it may not see; every match ends, and replaying its actions from the
// same seed rebuilds it exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "engine/core/deck.hpp"
#include "tests/poker/poker_test_util.hpp"

namespace parlor::poker {
namespace {

using testing::card_strings;
using testing::collect_cards;

constexpr int kMatches = 2000;
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
void check_cards(PokerState& state) {
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

Snapshot snapshot(PokerState& state) {
  Snapshot snap;
  for (Seat s = 0; s < state.seat_count(); ++s) {
    snap.hands.push_back(card_strings(state.hand(s)));
    snap.live.push_back(state.betting().live(s));
  }
  snap.results = state.results().size();
  return snap;
}

// New results since `before`: showdowns show only hands still in; other outcomes none.
std::set<std::string> check_new_results(PokerState& state, const Snapshot& before, Seat actor,
                                        const Json& action) {
  std::set<std::string> shown;
  const Json& results = state.results();
  for (std::size_t i = before.results; i < results.size(); ++i) {
    const Json& result = results[i];
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

void check_events_and_views(PokerState& state, const Snapshot& before, const Snapshot& after,
                            const std::set<std::string>& shown_now,
                            const std::vector<Event>& events) {
  const int seats = state.seat_count();
  const std::set<std::string> last_shown =
      shown_cards(state.results().empty() ? Json(nullptr) : state.results().back());
  for (Seat viewer = kSpectator; viewer < seats; ++viewer) {
    std::set<std::string> allowed = shown_now;
    if (viewer != kSpectator) {
      allowed.insert(before.hands[viewer].begin(), before.hands[viewer].end());
      allowed.insert(after.hands[viewer].begin(), after.hands[viewer].end());
    }
    for (const Event& event : events) {
      if (!event.audience.includes(viewer)) continue;
      expect_only(event.body, allowed, "event to viewer " + std::to_string(viewer));
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

struct Played {
  Json options;
  int seats = 0;
  std::uint64_t seed = 0;
  std::vector<std::pair<Seat, Json>> log;
};

Json fingerprint(GameState& game) {
  return {{"view", game.view(kSpectator)},
          {"seat0", game.view(0)},
          {"results", game.round_results()},
          {"scores", game.scores()}};
}

TEST(PokerPlayout, RandomMatchesKeepEveryInvariant) {
  Rng rng(Seed::from_u64(2026), 0);
  const GameDefinition& game = definition();
  auto random_bot = game.make_bot(BotLevel::kRandom);
  auto sensible_bot = game.make_bot(BotLevel::kSensible);
  int played = 0;
  int refused_tables = 0;
  long long actions = 0;
  long long deals = 0;
  std::map<std::string, int> outcomes;
  while (played < kMatches) {
    const int seats = 2 + static_cast<int>(rng.below(6));
    Played match;
    match.seats = seats;
    match.options = random_options(rng, seats);
    match.seed = rng.next_u64();
    auto started = testing::start_match(match.options, seats, match.seed, std::nullopt);
    if (!started) {
      ASSERT_EQ(started.error().code, "deck_too_small") << started.error().message;
      ++refused_tables;
      continue;
    }
    ++played;
    GameState& g = **started;
    auto& state = dynamic_cast<PokerState&>(g);
    std::vector<const BotPolicy*> bots(seats);
    for (Seat s = 0; s < seats; ++s) {
      bots[s] = rng.below(2) == 0 ? random_bot.get() : sensible_bot.get();
    }
    const Chips bought = state.chips_bought_in();
    ASSERT_EQ(state.chips_at_table(), bought);
    g.take_events();
    int steps = 0;
    while (!g.match_over()) {
      ASSERT_LT(++steps, kMaxActionsPerMatch) << "match does not end";
      Waiting wait = g.waiting();
      ASSERT_EQ(wait.mode, WaitMode::kTurn);
      ASSERT_EQ(wait.seats.size(), 1u);
      const Seat seat = wait.seats[0];
      if (rng.below(40) == 0) {  // a move out of turn changes nothing
        const Seat other = (seat + 1) % seats;
        Json before = g.view(other);
        ActionResult bad = g.apply(other, Json{{"type", "check"}});
        ASSERT_FALSE(bad.ok());
        ASSERT_EQ(g.view(other), before);
      }
      Json action =
          rng.below(10) == 0 ? g.default_action(seat) : bots[seat]->choose(g.view(seat), rng);
      Snapshot before = snapshot(state);
      ActionResult result = g.apply(seat, action);
      ASSERT_TRUE(result.ok()) << action.dump() << ": " << result.error->code << " "
                               << result.error->message;
      match.log.emplace_back(seat, action);
      ++actions;
      std::vector<Event> events = g.take_events();
      ASSERT_EQ(state.chips_at_table(), state.chips_bought_in());
      check_cards(state);
      Snapshot after = snapshot(state);
      std::set<std::string> shown = check_new_results(state, before, seat, action);
      check_events_and_views(state, before, after, shown, events);
      if (::testing::Test::HasFailure()) return;
    }
    // Net chips: everything bought in is accounted for.
    std::int64_t net = 0;
    for (std::int64_t score : g.scores()) net += score;
    ASSERT_EQ(net, 0);
    ASSERT_EQ(state.chips_at_table(), state.chips_bought_in());
    deals += g.deals_started();
    for (const Json& r : g.round_results()) ++outcomes[r["outcome"].get<std::string>()];

    // Replay: the same seed and actions rebuild the same match.
    auto again = testing::start_match(match.options, seats, match.seed, std::nullopt);
    ASSERT_TRUE(again.ok());
    for (const auto& [seat, action] : match.log) ASSERT_TRUE((*again)->apply(seat, action).ok());
    ASSERT_EQ(fingerprint(**again), fingerprint(g));
  }
  RecordProperty("actions", std::to_string(actions));
  std::cout << "[ poker   ] " << played << " matches, " << refused_tables << " tables refused, "
            << deals << " deals, " << actions << " actions;";
  for (const auto& [outcome, count] : outcomes) std::cout << " " << outcome << " " << count;
  std::cout << "\n";
  EXPECT_GT(outcomes["showdown"], 0);
  EXPECT_GT(outcomes["uncalled"], 0);
  EXPECT_GT(outcomes["no_opener"], 0);
}

}  // namespace
}  // namespace parlor::poker
