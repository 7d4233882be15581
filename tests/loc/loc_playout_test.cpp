// Random playouts of both decks at every seat count, checking after every action:
// chips are conserved (balances + pot = 0), every card is in exactly one place, no
// view or event shows a pending choice, a discard or a set-aside card, bad moves are
// rejected without changing anything; at the end of every hand its results show no
// discard; every match ends; a replay of the same seed and moves is identical.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "engine/core/deck.hpp"
#include "tests/loc/loc_audit.hpp"
#include "tests/loc/loc_test_util.hpp"

namespace parlor::loc {
namespace {

using testing::card_action;
using testing::collect_strings;

// Matches per deck; seat counts cycle through 2..the deck's maximum.
constexpr int kMatchesPerDeck = 2000;
// One match in this many lasts the default length (a hand per seat, the deal going
// round the table); the others are one hand long, to keep the suite fast.
constexpr int kFullLengthEvery = 20;
// Out of 100 moves, how many are deliberately bad (and must be rejected harmlessly).
constexpr int kBadMovePercent = 8;

struct Move {
  Seat seat;
  Json action;
};

class Playout {
 public:
  Playout(DeckKind deck, int seats, std::uint64_t seed, bool full_length)
      : deck_(deck),
        seats_(seats),
        seed_(seed),
        full_length_(full_length),
        rng_(Seed::from_u64(seed), 1) {
    for (Card card : loc_deck(deck)) card_names_.insert(card.str());
    deck_counts_ = card_counts(loc_deck(deck));
  }

  void run() {
    auto match = start();
    ASSERT_TRUE(match);
    GameState& state = *match;
    check_events(state, {});
    const int hands = state.view(kSpectator)["match_hands"].get<int>();
    EXPECT_EQ(hands, full_length_ ? seats_ : 1);
    const int expected_moves = hands * seats_ * (1 + kPlays);
    int accepted = 0;
    while (!state.match_over() && accepted < expected_moves) {
      if (static_cast<int>(rng_.below(100)) < kBadMovePercent) try_bad_move(state);
      ASSERT_NO_FATAL_FAILURE(good_move(state));
      ++accepted;
      if (::testing::Test::HasFailure()) return;
    }
    EXPECT_TRUE(state.match_over()) << "the match did not end after " << accepted << " moves";
    EXPECT_EQ(accepted, expected_moves);
    EXPECT_EQ(state.round_results().size(), static_cast<std::size_t>(hands));
    expect_same_replay(state);
  }

 private:
  std::unique_ptr<GameState> start() {
    Json options = {{"deck", deck_name(deck_)}, {"bet", 1 + static_cast<int>(seed_ % 3)}};
    if (!full_length_) options["hands"] = 1;
    return testing::start_match(options, seats_, std::nullopt, seed_,
                                static_cast<Seat>(seed_ % seats_));
  }

  // A random waiting seat plays a random legal card.
  void good_move(GameState& state) {
    Waiting wait = state.waiting();
    ASSERT_EQ(wait.mode, WaitMode::kSimultaneous);
    ASSERT_FALSE(wait.seats.empty());
    Seat seat = wait.seats[rng_.below(wait.seats.size())];
    LegalActions legal = state.legal_actions(seat);
    ASSERT_FALSE(legal.actions.empty());
    Json action = legal.actions[rng_.below(legal.actions.size())];
    const int round_before = state.round();
    ActionResult result = state.apply(seat, action);
    ASSERT_TRUE(result.ok()) << action.dump() << ": " << result.error->message;
    log_.push_back({seat, action});
    record_choice(seat, action);
    std::vector<Card> revealed = step_cards_if_resolved(state, round_before);
    check_events(state, revealed);
    check_invariants(state);
    if (state.round() != round_before || state.match_over()) check_finished_hand(state);
  }

  // A bad move from any seat: a card it does not hold, a second choice, a play in the
  // discard step, or a discard during the plays. Nothing may change.
  void try_bad_move(GameState& state) {
    Seat seat = static_cast<Seat>(rng_.below(seats_));
    Json view = state.view(seat);
    Json action = bad_action_for(state, seat, view);
    std::string before = view.dump() + state.view(kSpectator).dump();
    ActionResult result = state.apply(seat, action);
    EXPECT_FALSE(result.ok()) << action.dump();
    EXPECT_EQ(state.view(seat).dump() + state.view(kSpectator).dump(), before);
    EXPECT_TRUE(state.take_events().empty());
    log_.push_back({seat, action});
  }

  Json bad_action_for(GameState& state, Seat seat, const Json& view) {
    std::string type = view["phase"] == "discard" ? "discard" : "play";
    switch (rng_.below(3)) {
      case 0: {  // a card somebody else holds or set aside
        CardPlaces places = testing::loc_state(state).card_places();
        std::vector<Card> all = places.all();
        const auto& own = places.hands[seat];
        std::vector<Card> not_held;
        std::copy_if(all.begin(), all.end(), std::back_inserter(not_held),
                     [&](Card c) { return std::find(own.begin(), own.end(), c) == own.end(); });
        return card_action(type, not_held[rng_.below(not_held.size())].str());
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
  std::vector<Card> step_cards_if_resolved(GameState& state, int round_before) {
    const bool resolved = state.waiting().seats.size() == static_cast<std::size_t>(seats_) ||
                          state.match_over() || state.round() != round_before;
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

  void check_invariants(GameState& state) {
    auto& loc = testing::loc_state(state);
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
  void check_events(GameState& state, const std::vector<Card>& revealed) {
    CardPlaces places = testing::loc_state(state).card_places();
    for (const Event& event : state.take_events()) {
      events_.push_back(event.body.dump());
      const std::string type = event.body["type"];
      if (type == "hand") {
        ASSERT_EQ(event.audience.kind, Audience::Kind::kOnlySeat);
        EXPECT_EQ(event.body["cards"], cards_to_json(places.hands[event.audience.seat]));
        continue;
      }
      EXPECT_EQ(event.audience.kind, Audience::Kind::kEveryone) << type;
      if (type == "reveal") {
        EXPECT_EQ(event.body["cards"], cards_to_json(revealed));
        continue;
      }
      std::vector<std::string> strings;
      collect_strings(event.body, strings);
      for (const auto& text : strings) {
        EXPECT_FALSE(card_names_.count(text)) << type << " event names " << text;
      }
    }
  }

  // The hand just ended: its ledger shows exactly the plays made, and nothing in its
  // results names one of its discards.
  void check_finished_hand(GameState& state) {
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

  void expect_same_replay(GameState& played) {
    auto replay = start();
    ASSERT_TRUE(replay);
    EXPECT_EQ(events_of_replay(*replay), events_);
    for (Seat viewer = kSpectator; viewer < seats_; ++viewer) {
      EXPECT_EQ(replay->view(viewer).dump(), played.view(viewer).dump());
    }
    EXPECT_EQ(replay->round_results(), played.round_results());
    EXPECT_EQ(replay->deals_started(), played.deals_started());
  }

  // Applies the log to `match`; returns its events. A clone taken halfway must go on
  // exactly like the match it was taken from.
  std::vector<std::string> events_of_replay(GameState& match) {
    std::vector<std::string> events;
    for (const Event& event : match.take_events()) events.push_back(event.body.dump());
    std::unique_ptr<GameState> twin;
    for (std::size_t i = 0; i < log_.size(); ++i) {
      if (i == log_.size() / 2) twin = match.clone();
      match.apply(log_[i].seat, log_[i].action);
      if (twin) twin->apply(log_[i].seat, log_[i].action);
      for (const Event& event : match.take_events()) events.push_back(event.body.dump());
    }
    if (twin) {
      EXPECT_EQ(twin->view(kSpectator).dump(), match.view(kSpectator).dump());
    }
    return events;
  }

  DeckKind deck_;
  int seats_;
  std::uint64_t seed_;
  bool full_length_;
  Rng rng_;
  std::set<std::string> card_names_;
  std::vector<int> deck_counts_;
  std::vector<Move> log_;
  std::vector<std::string> events_;  // every event of the match, in order
  std::vector<std::string> step_choices_;
  std::set<std::string> hand_discards_;
  std::vector<Json> hand_plays_;
};

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
  const int first = GetParam().part * kMatchesPerDeck / kParts;
  const int last = (GetParam().part + 1) * kMatchesPerDeck / kParts;
  for (int i = first; i < last; ++i) {
    int seats = 2 + i % (max_seats - 1);
    bool full_length = i % kFullLengthEvery == kFullLengthEvery - 1;
    Playout playout(deck, seats, static_cast<std::uint64_t>(i) * 7919 + 17, full_length);
    playout.run();
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
