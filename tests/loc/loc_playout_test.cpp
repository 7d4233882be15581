// Random playouts of both decks at every seat count, on the shared harness
// (tests/support/random_playout.hpp, which checks who acts, the views' common fields, bad
// moves, the end and a replay of the same seed and moves), adding after every action:
// chips are conserved (balances + pot = 0), every card is in exactly one place, no view
// or event shows a pending choice, a discard or a set-aside card, Loc's own bad moves are
// rejected without changing anything; at the end of every hand its ledger shows exactly
// the plays made and its results show no discard; every match ends after exactly one
// discard and five plays per seat and hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "engine/core/deck.hpp"
#include "tests/loc/loc_audit.hpp"
#include "tests/loc/loc_test_util.hpp"
#include "tests/support/random_playout.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::loc {
namespace {

using parlor::testing::PlayoutMove;
using testing::card_action;
using testing::collect_strings;

// Matches per deck (scaled by PARLOR_TEST_WORKLOAD, test_workload.hpp; at least one
// full-length match per part); seat counts cycle through 2..the deck's maximum.
constexpr int kMatchesPerDeck = 2000;
// One match in this many lasts the default length (a hand per seat, the deal going
// round the table); the others are one hand long, to keep the suite fast.
constexpr int kFullLengthEvery = 20;
// Out of 100 moves, how many are deliberately bad (and must be rejected harmlessly).
constexpr int kBadMovePercent = 8;

const LocState& loc_of(const GameState& state) { return dynamic_cast<const LocState&>(state); }

// What only Loc knows, checked around the harness's steps for one match.
class LocChecks : public parlor::testing::PlayoutChecks {
 public:
  LocChecks(DeckKind deck, int seats, bool full_length)
      : deck_(deck), seats_(seats), full_length_(full_length) {
    for (Card card : loc_deck(deck)) card_names_.insert(card.str());
    deck_counts_ = card_counts(loc_deck(deck));
  }

  parlor::testing::PlayoutTable table(std::uint64_t seed) const {
    Json options = {{"deck", deck_name(deck_)}, {"bet", 1 + static_cast<int>(seed % 3)}};
    if (!full_length_) options["hands"] = 1;
    return {options, seats_, seed, static_cast<Seat>(seed % seats_)};
  }

  // Every move is a seat's card for the step: one discard and five plays per hand.
  int expected_moves() const { return (full_length_ ? seats_ : 1) * seats_ * (1 + kPlays); }

  void at_start(const GameState& state, const std::vector<Event>& events) override {
    ASSERT_NO_FATAL_FAILURE(check_events(state, events, {}));
    EXPECT_EQ(state.view(kSpectator)["match_hands"].get<int>(), full_length_ ? seats_ : 1);
  }

  // A bad move from any seat: a card it does not hold, a second choice, a play in the
  // discard step, or a discard during the plays.
  std::optional<PlayoutMove> bad_move(const GameState& state, Rng& rng) override {
    if (static_cast<int>(rng.below(100)) >= kBadMovePercent) return std::nullopt;
    const Seat seat = static_cast<Seat>(rng.below(seats_));
    return PlayoutMove{seat, bad_action_for(state, seat, state.view(seat), rng)};
  }

  void before_move(const GameState& state, Seat, const Json&) override {
    const Waiting wait = state.waiting();
    ASSERT_EQ(wait.mode, WaitMode::kSimultaneous);
    ASSERT_FALSE(wait.seats.empty());
    round_before_ = state.round();
  }

  void after_move(const GameState& state, Seat seat, const Json& action,
                  const std::vector<Event>& events) override {
    ++accepted_;
    record_choice(seat, action);
    const std::vector<Card> revealed = step_cards_if_resolved(state);
    ASSERT_NO_FATAL_FAILURE(check_events(state, events, revealed));
    check_invariants(state);
    if (state.round() != round_before_ || state.match_over()) check_finished_hand(state);
  }

  void at_end(const GameState& state) override {
    EXPECT_EQ(accepted_, expected_moves());
    EXPECT_EQ(state.round_results().size(), static_cast<std::size_t>(full_length_ ? seats_ : 1));
  }

 private:
  Json bad_action_for(const GameState& state, Seat seat, const Json& view, Rng& rng) {
    std::string type = view["phase"] == "discard" ? "discard" : "play";
    switch (rng.below(3)) {
      case 0: {  // a card somebody else holds or set aside
        CardPlaces places = loc_of(state).card_places();
        std::vector<Card> all = places.all();
        const auto& own = places.hands[seat];
        std::vector<Card> not_held;
        std::copy_if(all.begin(), all.end(), std::back_inserter(not_held),
                     [&](Card c) { return std::find(own.begin(), own.end(), c) == own.end(); });
        return card_action(type, not_held[rng.below(not_held.size())].str());
      }
      case 1:  // the other step's action
        return card_action(type == "discard" ? "play" : "discard",
                           view["hand"].empty() ? "2C" : view["hand"][0].get<std::string>());
      default:  // a second choice (rejected as such once the seat has chosen)
        if (view["choice"].is_string()) return card_action(type, view["choice"]);
        return Json{{"type", type}, {"card", nullptr}};
    }
  }

  void record_choice(Seat seat, const Json& action) {
    if (step_choices_.empty()) step_choices_.assign(seats_, "");
    step_choices_[seat] = action["card"].get<std::string>();
    if (action["type"] == "discard") hand_discards_.insert(step_choices_[seat]);
  }

  // When the step resolved: the cards each seat chose, seat order; else empty.
  std::vector<Card> step_cards_if_resolved(const GameState& state) {
    const bool resolved = state.waiting().seats.size() == static_cast<std::size_t>(seats_) ||
                          state.match_over() || state.round() != round_before_;
    if (!resolved) return {};
    std::vector<Card> cards;
    for (const auto& text : step_choices_) {
      cards.push_back(*parse_card(text, deck_notation(deck_)));
    }
    if (!hand_discards_.count(step_choices_[0])) {
      hand_plays_.push_back(cards_to_json(cards));
    }
    step_choices_.clear();
    return cards;
  }

  void check_invariants(const GameState& state) {
    const LocState& loc = loc_of(state);
    auto scores = state.scores();
    EXPECT_EQ(std::accumulate(scores.begin(), scores.end(), loc.pot()), 0) << "chips";
    CardPlaces places = loc.card_places();
    EXPECT_EQ(card_counts(places.all()), deck_counts_) << "cards";
    testing::CardMap map(places);
    for (Seat viewer = kSpectator; viewer < seats_; ++viewer) {
      Json view = state.view(viewer);
      auto leaks = testing::leaked_cards(view, map, viewer, deck_);
      EXPECT_TRUE(leaks.empty()) << "viewer " << viewer << " sees " << leaks.front();
      if (viewer == kSpectator) {
        EXPECT_EQ(view["pot"], loc.pot());
      }
    }
  }

  // Events: a private hand to its own seat only; a reveal shows exactly the cards
  // chosen; no other event names any card.
  void check_events(const GameState& state, const std::vector<Event>& events,
                    const std::vector<Card>& revealed) {
    CardPlaces places = loc_of(state).card_places();
    for (const Event& event : events) {
      const Json body = event.body();
      const std::string type = body["type"];
      if (type == "hand") {
        ASSERT_EQ(event.audience.kind, Audience::Kind::kOnlySeat);
        EXPECT_EQ(body["cards"], cards_to_json(places.hands[event.audience.seat]));
        continue;
      }
      EXPECT_EQ(event.audience.kind, Audience::Kind::kEveryone) << type;
      if (type == "reveal") {
        EXPECT_EQ(body["cards"], cards_to_json(revealed));
        continue;
      }
      std::vector<std::string> strings;
      collect_strings(body, strings);
      for (const auto& text : strings) {
        EXPECT_FALSE(card_names_.count(text)) << type << " event names " << text;
      }
    }
  }

  // The hand just ended: its ledger shows exactly the plays made, and nothing in its
  // results names one of its discards.
  void check_finished_hand(const GameState& state) {
    Json last = state.view(kSpectator)["last_round"];
    Json plays = Json::array();
    for (const Json& entry : last["ledger"]) {
      if (entry["step"] == "play") plays.push_back(entry["cards"]);
    }
    EXPECT_EQ(plays, Json(hand_plays_));
    EXPECT_EQ(state.round_results().back(), last);
    std::vector<std::string> strings;
    collect_strings(last, strings);
    for (const auto& text : strings) EXPECT_FALSE(hand_discards_.count(text)) << text;
    auto net = last["net"].get<std::vector<std::int64_t>>();
    EXPECT_EQ(std::accumulate(net.begin(), net.end(), std::int64_t{0}), 0);
    hand_discards_.clear();
    hand_plays_.clear();
  }

  DeckKind deck_;
  int seats_;
  bool full_length_;
  std::set<std::string> card_names_;
  std::vector<int> deck_counts_;
  int round_before_ = 0;
  int accepted_ = 0;
  std::vector<std::string> step_choices_;
  std::set<std::string> hand_discards_;
  std::vector<Json> hand_plays_;
};

// Loc's moves are all legal cards, drawn uniformly (now and then a timeout's default),
// so that any card a seat may play gets played.
parlor::testing::PlayoutSettings loc_settings(const LocChecks& checks) {
  parlor::testing::PlayoutSettings settings;
  settings.max_actions = checks.expected_moves();
  settings.legal_list_percent = 100;
  return settings;
}

// The matches of a deck run as kParts tests of consecutive match numbers, so CTest
// can spread them over cores; each part covers every seat count.
constexpr int kParts = 4;

struct PlayoutPart {
  DeckKind deck;
  int part;
};

class LocPlayout : public ::testing::TestWithParam<PlayoutPart> {};

TEST_P(LocPlayout, InvariantsHoldAfterEveryAction) {
  const DeckKind deck = GetParam().deck;
  const int max_seats = definition().seat_range({{"deck", deck_name(deck)}}).max;
  const int matches = parlor::testing::scaled_count(kMatchesPerDeck, kParts * kFullLengthEvery);
  const int first = GetParam().part * matches / kParts;
  const int last = (GetParam().part + 1) * matches / kParts;
  for (int i = first; i < last; ++i) {
    int seats = 2 + i % (max_seats - 1);
    bool full_length = i % kFullLengthEvery == kFullLengthEvery - 1;
    LocChecks checks(deck, seats, full_length);
    const std::uint64_t seed = static_cast<std::uint64_t>(i) * 7919 + 17;
    parlor::testing::random_playout(definition(), checks.table(seed), loc_settings(checks),
                                    &checks);
    if (HasFailure()) {
      FAIL() << deck_name(deck) << " match " << i << " with " << seats << " seats";
    }
  }
}

std::vector<PlayoutPart> all_parts() {
  std::vector<PlayoutPart> parts;
  for (DeckKind deck : {DeckKind::kStandard, DeckKind::kTarot}) {
    for (int part = 0; part < kParts; ++part) parts.push_back({deck, part});
  }
  return parts;
}

std::string part_name(const ::testing::TestParamInfo<PlayoutPart>& info) {
  return deck_name(info.param.deck) + "_part" + std::to_string(info.param.part);
}

INSTANTIATE_TEST_SUITE_P(Decks, LocPlayout, ::testing::ValuesIn(all_parts()), part_name);

}  // namespace
}  // namespace parlor::loc
