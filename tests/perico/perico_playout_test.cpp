// Random playouts: complete matches with random seat counts and a random mix of random
// and sensible bots, checking after every action that every card is in exactly one
// place, hand sizes are right, no view or event shows a viewer another seat's hand, a
// fresh match from the same seed fed the same actions is in the same state, and every
// match ends. Now and then an out-of-turn move is tried: it must be rejected and change
// nothing.
#include <gtest/gtest.h>

#include "tests/perico/perico_invariants.hpp"
#include "tests/perico/perico_test_util.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::perico {
namespace {

// Bulk matches play to a low target (1 or 2 points) so many deals and match ends are
// covered quickly; some play to the variant's default target.
constexpr int kMatchesPerVariant = 2000;
constexpr int kDefaultTargetMatchesPerVariant = 100;  // both scaled by PARLOR_TEST_WORKLOAD
constexpr int kMaxActionsPerMatch = 20000;

struct PlayoutStats {
  long actions = 0;
  long rounds = 0;
  long reshuffles = 0;
  long knocks = 0;
  long completes = 0;
  long drawn_rounds = 0;
};

void expect_no_problems(const std::vector<std::string>& problems, std::uint64_t match, long step) {
  for (const auto& p : problems)
    ADD_FAILURE() << "match " << match << " step " << step << ": " << p;
}

void count_events(const std::vector<Event>& events, PlayoutStats& stats) {
  for (const Event& e : events) {
    const Json body = e.body();
    const Json& type = body["type"];
    if (type == "reshuffle") ++stats.reshuffles;
    if (type == "knock") ++stats.knocks;
    if (type == "round_end") {
      ++stats.rounds;
      if (body["drawn"] == true) ++stats.drawn_rounds;
      if (body["reason"] != "knock") ++stats.completes;
    }
  }
}

// Plays one match; returns false (with failures recorded) if something broke.
bool play_match(const std::string& variant, std::uint64_t match, bool default_target,
                PlayoutStats& stats) {
  Rng table_rng(Seed::from_u64(match), 1000);
  const Variant* v = find_variant(variant);
  testing::Deal deal;
  deal.variant = variant;
  deal.seats = 2 + static_cast<int>(table_rng.below(static_cast<std::uint64_t>(v->max_seats - 1)));
  deal.hands = nullptr;
  deal.dealer = static_cast<Seat>(table_rng.below(static_cast<std::uint64_t>(deal.seats)));
  deal.seed = match;
  deal.options = {{"scoring", table_rng.below(3) == 0 ? "outranked" : "winner"}};
  if (!default_target) deal.options["target"] = 1 + table_rng.below(2);
  auto state = testing::start(deal);
  auto twin = testing::start(deal);  // replays the same actions from the same seed
  if (!state || !twin) return false;
  std::vector<std::unique_ptr<BotPolicy>> bots;
  std::vector<bool> sensible;
  for (Seat s = 0; s < deal.seats; ++s) {
    sensible.push_back(table_rng.below(2) == 0);
    bots.push_back(
        definition().make_bot(sensible.back() ? BotLevel::kSensible : BotLevel::kRandom));
  }
  Rng bot_rng(Seed::from_u64(match), 2000);
  const PericoState& p = testing::perico(*state);
  std::vector<Card> pile_before;
  std::vector<Event> events = state->take_events();
  twin->take_events();
  for (long step = 0;; ++step) {
    expect_no_problems(testing::state_problems(p), match, step);
    std::vector<Json> views;  // views[seat + 1]; the acting seat's is its bot's input
    for (Seat viewer = kSpectator; viewer < deal.seats; ++viewer) {
      views.push_back(state->view(viewer));
      expect_no_problems(testing::view_problems(p, viewer, views.back()), match, step);
    }
    expect_no_problems(testing::event_problems(p, events, pile_before), match, step);
    count_events(events, stats);
    if (!testing::same_state(p, testing::perico(*twin))) {
      ADD_FAILURE() << "match " << match << " step " << step << ": replay differs";
      return false;
    }
    if (::testing::Test::HasFailure()) return false;
    if (state->match_over()) {
      EXPECT_EQ(state->round_results(), twin->round_results()) << "match " << match;
      return true;
    }
    if (step >= kMaxActionsPerMatch) {
      ADD_FAILURE() << "match " << match << " did not end in " << kMaxActionsPerMatch << " actions";
      return false;
    }
    const Seat seat = state->waiting().seats.front();
    if (bot_rng.below(20) == 0) {
      const Seat other = (seat + 1) % deal.seats;
      ActionResult out_of_turn = state->apply(other, {{"type", "draw"}});
      if (out_of_turn.ok() || out_of_turn.error->code != "not_your_turn" ||
          !testing::same_state(p, testing::perico(*twin))) {
        ADD_FAILURE() << "match " << match << ": an out-of-turn draw was not rejected cleanly";
        return false;
      }
    }
    const bool knock_running = p.knocker().has_value();
    Json move = bots[seat]->choose(views[static_cast<std::size_t>(seat + 1)], bot_rng);
    pile_before = p.discard_pile();
    ActionResult result = state->apply(seat, move);
    if (!result.ok()) {
      ADD_FAILURE() << "match " << match << ": bot move " << move.dump()
                    << " rejected: " << result.error->code << " " << result.error->message;
      return false;
    }
    if (!twin->apply(seat, move).ok()) {
      ADD_FAILURE() << "match " << match << ": the replay rejected " << move.dump();
      return false;
    }
    twin->take_events();
    events = state->take_events();
    ++stats.actions;
    if (sensible[seat] && !knock_running) {
      for (const Event& e : events) {
        if (e.body()["type"] == "reshuffle" && e.body()["seat"] == seat) {
          ADD_FAILURE() << "match " << match << ": the sensible bot threw a joker on top "
                        << "with no knock to cancel";
        }
      }
    }
  }
}

void run_playouts(const std::string& variant) {
  PlayoutStats stats;
  int played = 0;
  // At least a tenth of each, however small the workload: a round ended by a complete hand
  // is rare (5 and 4 of a tenth's 210 matches; 2 and 1 of a twentieth's), and the checks
  // below ask for one.
  const int short_matches =
      parlor::testing::scaled_count(kMatchesPerVariant, kMatchesPerVariant / 10);
  const int all_matches =
      short_matches + parlor::testing::scaled_count(kDefaultTargetMatchesPerVariant,
                                                    kDefaultTargetMatchesPerVariant / 10);
  for (int i = 0; i < all_matches; ++i) {
    const bool default_target = i >= short_matches;
    if (!play_match(variant, static_cast<std::uint64_t>(i), default_target, stats)) return;
    ++played;
  }
  EXPECT_EQ(played, all_matches);
  // The playouts must actually reach the rules they are meant to exercise.
  EXPECT_GT(stats.reshuffles, 0);
  EXPECT_GT(stats.knocks, 0);
  EXPECT_GT(stats.completes, 0);
  std::cout << "[perico " << variant << "] " << played << " matches, " << stats.rounds
            << " rounds, " << stats.actions << " actions, " << stats.knocks << " knocks, "
            << stats.reshuffles << " reshuffles, " << stats.completes
            << " rounds ended by a complete hand, " << stats.drawn_rounds << " drawn\n";
}

TEST(PericoPlayouts, FiveCard) { run_playouts("five_card"); }
TEST(PericoPlayouts, SixCard) { run_playouts("six_card"); }

TEST(PericoReplay, CloneAndReplayFromTheLogMatch) {
  testing::Deal deal;
  deal.seats = 4;
  deal.hands = nullptr;
  deal.seed = 77;
  auto state = testing::start(deal);
  auto bot = definition().make_bot(BotLevel::kRandom);
  Rng rng(Seed::from_u64(1), 0);
  std::vector<std::pair<Seat, Json>> log;
  for (int i = 0; i < 200 && !state->match_over(); ++i) {
    Seat seat = state->waiting().seats.front();
    Json move = bot->choose(state->view(seat), rng);
    testing::play(*state, seat, move);
    log.emplace_back(seat, move);
  }
  auto copy = state->clone();
  EXPECT_EQ(testing::fingerprint(testing::perico(*copy)),
            testing::fingerprint(testing::perico(*state)));
  auto replay = testing::start(deal);
  for (const auto& [seat, move] : log) testing::play(*replay, seat, move);
  EXPECT_EQ(testing::fingerprint(testing::perico(*replay)),
            testing::fingerprint(testing::perico(*state)));
  deal.seed = 78;
  auto other = testing::start(deal);
  EXPECT_NE(testing::fingerprint(testing::perico(*other))["hands"],
            testing::fingerprint(testing::perico(*replay))["hands"]);
}

}  // namespace
}  // namespace parlor::perico
