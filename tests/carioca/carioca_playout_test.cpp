// Random playouts: complete eight-round matches with 2-5 seats and random and sensible
// bots, checking after every action that all 108 cards are in exactly one place, every
// meld on the table is valid, no view or event shows a viewer a card it may not see,
// and that every match ends and replays exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <iostream>
#include <string_view>

#include "engine/carioca/carioca_bots.hpp"
#include "engine/core/deck.hpp"
#include "tests/carioca/carioca_test_util.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::carioca {
namespace {

constexpr int kMatches = 1000;  // scaled by PARLOR_TEST_WORKLOAD (test_workload.hpp)
constexpr int kBatches = 4;
constexpr int kSpectatorEvery = 4;
constexpr int kMaxActionsPerMatch = 100000;  // a match that runs longer fails the test

// Which cards (by code: 0..51, the joker 52) a viewer may see or was shown.
using CardSet = std::array<bool, 53>;

int code_of(Card card) { return card.is_joker() ? 52 : card.code(); }

// Every string that names a physical card, skipping the keys that name a joker's value
// ("as") or a straight's ends ("low", "high") and the subtrees listed in `skip`.
void collect_cards(const Json& json, std::string_view skip, CardSet& out) {
  using namespace std::string_view_literals;
  if (json.is_string()) {
    // Views write cards canonically (two characters), so a direct lookup is enough.
    const std::string& text = json.get_ref<const std::string&>();
    if (text.size() != 2) return;
    if (text == "JK") {
      out[52] = true;
      return;
    }
    static constexpr std::string_view kRanks = "23456789TJQKA";
    static constexpr std::string_view kSuits = "CDHS";
    auto rank = kRanks.find(text[0]);
    auto suit = kSuits.find(text[1]);
    if (rank != std::string_view::npos && suit != std::string_view::npos) {
      out[code_of(Card::standard(static_cast<int>(rank) + 2, static_cast<Suit>(suit)))] = true;
    }
    return;
  }
  if (json.is_array()) {
    for (const Json& item : json) collect_cards(item, skip, out);
    return;
  }
  if (!json.is_object()) return;
  for (auto it = json.begin(); it != json.end(); ++it) {
    std::string_view key = it.key();
    if (key == "as"sv || key == "low"sv || key == "high"sv || key == "type"sv || key == skip) {
      continue;
    }
    collect_cards(*it, skip, out);
  }
}

void add(CardSet& set, const std::vector<Card>& cards) {
  for (Card card : cards) set[code_of(card)] = true;
}

CardSet table_cards(const CariocaState& state) {
  CardSet out{};
  for (const auto& melds : state.melds()) {
    for (const Meld& meld : melds) add(out, meld.cards);
  }
  return out;
}

// What `viewer` may be told: its hand, the melds, the discard pile.
CardSet visible_to(const CariocaState& state, Seat viewer) {
  CardSet out = table_cards(state);
  if (viewer != kSpectator) add(out, state.hand(viewer));
  add(out, state.discard_pile());
  return out;
}

// `what` names the view or event, built only when something leaked.
template <class Describe>
void expect_within(const CardSet& shown, const CardSet& allowed, const Describe& what) {
  for (int code = 0; code < 53; ++code) {
    if (shown[code] && !allowed[code]) {
      Card card = code == 52 ? Card::joker() : Card::from_code(static_cast<std::uint8_t>(code));
      FAIL() << what() << " shows " << card.str();
    }
  }
}

std::vector<Card> sorted(std::vector<Card> cards) {
  std::sort(cards.begin(), cards.end());
  return cards;
}

void check_cards_conserved(const CariocaState& state) {
  std::vector<Card> all = state.stock();
  all.insert(all.end(), state.discard_pile().begin(), state.discard_pile().end());
  for (Seat seat = 0; seat < state.seat_count(); ++seat) {
    all.insert(all.end(), state.hand(seat).begin(), state.hand(seat).end());
    for (const Meld& meld : state.melds()[seat]) {
      all.insert(all.end(), meld.cards.begin(), meld.cards.end());
    }
  }
  ASSERT_EQ(all.size(), 108u);
  ASSERT_EQ(card_counts(all), card_counts(double_deck_with_jokers()));
}

void check_melds_valid(const CariocaState& state) {
  for (const auto& melds : state.melds()) {
    for (const Meld& meld : melds) {
      auto read = read_meld(meld.cards, state.options().meld_rules());
      ASSERT_TRUE(read.ok()) << cards_to_string(meld.cards) << ": " << read.error().message;
      ASSERT_EQ(read->kind, meld.kind);
      if (meld.kind == MeldKind::kStraight) {
        ASSERT_EQ(read->low, meld.low);
      }
    }
  }
}

// `view` is what `viewer` sees now: its own hand exactly, and otherwise only the melds
// and the top of the discard pile (never another hand, never the stock).
void check_view(const CariocaState& state, Seat viewer, const Json& view) {
  CardSet allowed = table_cards(state);
  if (!state.discard_pile().empty()) add(allowed, {state.discard_pile().back()});
  if (viewer == kSpectator) {
    ASSERT_FALSE(view.contains("hand"));
    ASSERT_FALSE(view.contains("legal"));
  } else {
    auto hand = parse_card_array(view["hand"]);
    ASSERT_TRUE(hand.ok());
    ASSERT_EQ(sorted(*hand), sorted(state.hand(viewer)));
    add(allowed, state.hand(viewer));
  }
  CardSet shown{};
  collect_cards(view, "last_round", shown);
  ASSERT_NO_FATAL_FAILURE(
      expect_within(shown, allowed, [&] { return "view of " + std::to_string(viewer); }));
  ASSERT_EQ(view["stock"]["size"], state.stock().size());
}

void check_all_views(const CariocaState& state) {
  for (Seat viewer = kSpectator; viewer < state.seat_count(); ++viewer) {
    ASSERT_NO_FATAL_FAILURE(check_view(state, viewer, state.view(viewer)));
  }
}

// What each viewer (spectator first) may be told, before an action.
std::vector<CardSet> visible_to_all(const CariocaState& state) {
  std::vector<CardSet> out;
  for (Seat viewer = kSpectator; viewer < state.seat_count(); ++viewer) {
    out.push_back(visible_to(state, viewer));
  }
  return out;
}

void check_events(const std::vector<CardSet>& before, const CariocaState& after,
                  const std::vector<Event>& events) {
  bool new_round = false;
  for (const Event& event : events) new_round |= event.body()["type"] == "round_end";
  for (const Event& event : events) {
    const Json body = event.body();
    const std::string type = body["type"];
    bool private_cards = type == "hand" || (type == "draw" && body["from"] == "stock");
    if (private_cards && body.contains("card")) {
      ASSERT_EQ(event.audience.kind, Audience::Kind::kOnlySeat) << body.dump();
      ASSERT_EQ(event.audience.seat, body["seat"]);
    }
    if (type == "hand") {
      ASSERT_EQ(event.audience.kind, Audience::Kind::kOnlySeat);
    }
    if (new_round) continue;  // revealed hands and a fresh deal: checked by the views
    for (Seat viewer = kSpectator; viewer < after.seat_count(); ++viewer) {
      if (!event.audience.includes(viewer)) continue;
      CardSet allowed = before[static_cast<std::size_t>(viewer + 1)];
      CardSet now = visible_to(after, viewer);
      for (int code = 0; code < 53; ++code) allowed[code] = allowed[code] || now[code];
      CardSet shown{};
      collect_cards(body, "", shown);
      ASSERT_NO_FATAL_FAILURE(expect_within(shown, allowed, [&] { return body.dump(); }));
    }
  }
}

// After every action: the cards, the melds and the events for every viewer. Views: the
// seat to act next has its view checked before its bot reads it (play_match), so one
// seat's view is checked after every action; the spectator's view every
// kSpectatorEvery actions; every view whenever a round is dealt and when the match ends.
// (Building every view after each of ~10^6 actions would cost minutes, and views differ
// only by the viewer's hand and "legal".)
void check_state(const std::vector<CardSet>& before, CariocaState& state, int action_index) {
  std::vector<Event> events = state.take_events();
  ASSERT_NO_FATAL_FAILURE(check_cards_conserved(state));
  ASSERT_NO_FATAL_FAILURE(check_melds_valid(state));
  ASSERT_NO_FATAL_FAILURE(check_events(before, state, events));
  if (action_index % kSpectatorEvery == 0) {
    ASSERT_NO_FATAL_FAILURE(check_view(state, kSpectator, state.view(kSpectator)));
  }
  bool dealt = false;
  for (const Event& event : events) dealt |= event.body()["type"] == "deal";
  if (dealt || state.match_over()) {
    ASSERT_NO_FATAL_FAILURE(check_all_views(state));
  }
  Waiting wait = state.waiting();
  ASSERT_EQ(wait.mode == WaitMode::kNobody, state.match_over());
  if (!state.match_over()) {
    ASSERT_FALSE(wait.seats.empty());
  }
}

struct Move {
  Seat seat;
  Json action;
};

struct MatchStats {
  int actions = 0;
  int lowerings = 0;
  int steals = 0;
  int rounds_out = 0;
};

Json match_options(int index) {
  return {{"straight_wrap", index % 2 == 0},
          {"flat_low_cards", index % 5 == 0},
          {"cut_bonus", index % 7 == 0},
          {"stock_reshuffles", index % 10 == 0 ? 0 : index % 2}};
}

std::unique_ptr<CariocaState> new_state(int index, int seats) {
  auto table = definition().validate_table(match_options(index), seats);
  EXPECT_TRUE(table.ok());
  MatchConfig config{*table, seats, Seed::from_u64(static_cast<std::uint64_t>(index) + 1000),
                     std::nullopt, std::nullopt};
  auto state = definition().new_match(config);
  EXPECT_TRUE(state.ok());
  return std::unique_ptr<CariocaState>(static_cast<CariocaState*>(state->release()));
}

void play_match(int index, MatchStats& stats) {
  int seats = 2 + index % 4;
  auto state = new_state(index, seats);
  ASSERT_TRUE(state);
  state->take_events();
  ASSERT_NO_FATAL_FAILURE(check_all_views(*state));
  auto random = definition().make_bot(BotLevel::kRandom);
  auto sensible = definition().make_bot(BotLevel::kSensible);
  // One match in ten all random, one in ten mixed, the rest all sensible: random bots
  // rarely go out, so their rounds run until the stock is spent and cost the most.
  auto bot_of = [&](Seat seat) -> const BotPolicy& {
    int mix = index % 10;
    if (mix == 0) return *random;
    if (mix == 5) return seat % 2 == 0 ? *sensible : *random;
    return *sensible;
  };
  Rng rng(Seed::from_u64(static_cast<std::uint64_t>(index)), 7);
  std::vector<Move> log;
  while (!state->match_over()) {
    ASSERT_LT(static_cast<int>(log.size()), kMaxActionsPerMatch) << "match " << index;
    Waiting wait = state->waiting();
    Seat seat = wait.seats[static_cast<std::size_t>(rng.below(wait.seats.size()))];
    Json view = state->view(seat);
    ASSERT_NO_FATAL_FAILURE(check_view(*state, seat, view));
    Json action = bot_of(seat).choose(view, rng);
    std::vector<CardSet> before = visible_to_all(*state);
    auto result = state->apply(seat, action);
    ASSERT_TRUE(result.ok()) << "match " << index << " seat " << seat << " " << action.dump()
                             << ": " << result.error->code << " " << result.error->message;
    log.push_back({seat, action});
    stats.lowerings += action["type"] == "lower";
    stats.steals += action["type"] == "steal";
    ASSERT_NO_FATAL_FAILURE(check_state(before, *state, static_cast<int>(log.size())));
  }
  stats.actions += static_cast<int>(log.size());
  ASSERT_EQ(state->round(), kRounds);
  ASSERT_EQ(state->round_results().size(), static_cast<std::size_t>(kRounds));
  for (int out : state->rounds_out()) stats.rounds_out += out;

  auto replay = new_state(index, seats);
  for (const Move& move : log) ASSERT_TRUE(replay->apply(move.seat, move.action).ok());
  ASSERT_TRUE(replay->match_over());
  ASSERT_EQ(replay->view(kSpectator), state->view(kSpectator));
  ASSERT_EQ(replay->round_results(), state->round_results());
  ASSERT_EQ(replay->placings(), state->placings());
}

// The matches run in kBatches test cases so that ctest can spread them over cores.
class CariocaPlayout : public ::testing::TestWithParam<int> {};

TEST_P(CariocaPlayout, MatchesKeepEveryInvariant) {
  auto start = std::chrono::steady_clock::now();
  MatchStats stats;
  const int per_batch = parlor::testing::scaled_count(kMatches / kBatches);
  for (int index = GetParam() * per_batch; index < (GetParam() + 1) * per_batch; ++index) {
    ASSERT_NO_FATAL_FAILURE(play_match(index, stats)) << "match " << index;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << per_batch << " matches, " << stats.actions << " actions, " << stats.lowerings
            << " lowerings, " << stats.steals << " steals, " << stats.rounds_out
            << " rounds won by going out, " << seconds << " s\n";
  // The bots really play: contracts get lowered and rounds end with someone going out.
  EXPECT_GT(stats.lowerings, per_batch);
  EXPECT_GT(stats.rounds_out, per_batch * 2);
}

INSTANTIATE_TEST_SUITE_P(Batches, CariocaPlayout, ::testing::Range(0, kBatches));

}  // namespace
}  // namespace parlor::carioca
