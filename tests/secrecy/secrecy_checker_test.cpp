// The secrecy checker on matches played in-process: the frames an honest server would
// send pass, and fabricated leaks (another seat's card, the stock, a Carioca twin whose
// only visible copy is elsewhere, the seed before match_over, a live record's actions)
// are each caught, so the server test cannot pass by checking nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "engine/core/rng.hpp"
#include "engine/registry/registry.hpp"
#include "tests/secrecy/secrecy_checker.hpp"

namespace parlor::testing {
namespace {

struct PlayedMatch {
  MatchRecord record;
  std::vector<std::unique_ptr<GameState>> states;  // after each seq, from seq 0
  std::vector<std::vector<std::string>> frames;    // per seat, the spectator last
};

Json update_for(GameState& state, const std::vector<Event>& events, int viewer, std::size_t seq) {
  Json visible = Json::array();
  for (const Event& event : events) {
    if (event.audience.includes(viewer)) visible.push_back(event.body());
  }
  return {{"type", "update"}, {"seq", seq}, {"view", state.view(viewer)}, {"events", visible}};
}

// Plays a whole match with the game's bots (sensible unless told) and records the frames an honest
// server sends: each viewer's view and events at every seq, then match_over.
PlayedMatch play(const std::string& game_name, const Json& raw_options, int seats,
                 std::uint64_t seed_value, BotLevel level = BotLevel::kSensible) {
  const GameDefinition& game = *find_game(game_name);
  PlayedMatch played;
  auto options = game.validate_table(raw_options, seats);
  EXPECT_TRUE(options.ok());
  Seed seed = Seed::from_u64(seed_value);
  played.record = {game_name, options.value(), seats, seed.hex(), 0, {}};
  MatchConfig config{options.value(), seats, seed, 0, std::nullopt};
  std::unique_ptr<GameState> state = std::move(game.new_match(config).value());
  auto bot = game.make_bot(level);
  Rng rng(seed, 1);
  played.frames.resize(static_cast<std::size_t>(seats) + 1);
  auto record_frames = [&] {
    std::vector<Event> events = state->take_events();
    const std::size_t seq = played.record.actions.size();
    for (int viewer = 0; viewer <= seats; ++viewer) {
      const int who = viewer == seats ? kSpectator : viewer;
      played.frames[viewer].push_back(update_for(*state, events, who, seq).dump());
    }
    played.states.push_back(state->clone());
  };
  record_frames();
  while (!state->match_over() && played.record.actions.size() < 20000) {
    const Seat seat = state->waiting().seats.front();
    Json action = bot->choose(state->view(seat), rng);
    EXPECT_TRUE(state->apply(seat, action).ok()) << action.dump();
    played.record.actions.push_back({seat, action});
    record_frames();
  }
  for (auto& frames : played.frames) {
    frames.push_back(Json{{"type", "match_over"},
                          {"seed", seed.hex()},
                          {"results", {{"round_results", state->round_results()}}}}
                         .dump());
  }
  return played;
}

std::vector<std::string> check(const PlayedMatch& played, int viewer_index,
                               const std::vector<std::string>& frames) {
  SecrecyChecker checker(*find_game(played.record.game), played.record);
  EXPECT_TRUE(checker.replay_problems().empty());
  const int viewer = viewer_index == played.record.seats ? kSpectator : viewer_index;
  SecrecyCounts counts;
  return checker.check_frames(viewer, frames, counts);
}

// The frames of `viewer_index` with `extra` added to the events of the update at `seq`.
std::vector<std::string> with_event(const PlayedMatch& played, int viewer_index, std::size_t seq,
                                    const Json& extra) {
  std::vector<std::string> frames = played.frames[viewer_index];
  Json update = Json::parse(frames[seq]);
  update["events"].push_back(extra);
  frames[seq] = update.dump();
  return frames;
}

TEST(SecrecyChecker, HonestFramesOfEveryGamePass) {
  const std::vector<std::pair<std::string, Json>> tables = {{"perico", Json::object()},
                                                            {"loc", {{"deck", "tarot"}}},
                                                            {"pedro", {{"variant", "king_pedro"}}},
                                                            {"carioca", {{"first_round", 7}}},
                                                            {"poker", {{"deals", 5}}}};
  for (const auto& [game, options] : tables) {
    SCOPED_TRACE(game);
    const int seats = 4;
    PlayedMatch played = play(game, options, seats, 11);
    for (int viewer = 0; viewer <= seats; ++viewer) {
      auto leaks = check(played, viewer, played.frames[viewer]);
      EXPECT_TRUE(leaks.empty()) << leaks.front();
    }
  }
}

// A Pedro hand voided because the stock cannot refill the non-dealers: the frames of
// that action pass with no exemption. Before the engine checked the whole need first,
// the seats refilled before the shortfall got "refill" events naming stock cards that
// the redeal reshuffled in the same action, and this test failed on them.
TEST(SecrecyChecker, APedroVoidDealPassesWithoutExemption) {
  bool found_void = false;
  // Random bots name any suit as trumps, so a void hand comes within a few matches (seed
  // 42 voids one at seq 65; the range keeps the test meaningful if the bots change).
  for (std::uint64_t seed = 40; seed <= 140 && !found_void; ++seed) {
    PlayedMatch played = play("pedro", Json::object(), 4, seed, BotLevel::kRandom);
    const Json rounds = played.states.back()->round_results();
    for (const Json& round : rounds) found_void = found_void || round.value("void", false);
    if (!found_void) continue;
    SCOPED_TRACE("seed " + std::to_string(seed));
    for (int viewer = 0; viewer <= 4; ++viewer) {
      auto leaks = check(played, viewer, played.frames[viewer]);
      EXPECT_TRUE(leaks.empty()) << leaks.front();
    }
  }
  EXPECT_TRUE(found_void) << "no Pedro seed in 40..140 voided a hand";
}

// A Perico round that ends at its deal (a complete hand dealt) shows that deal's hands
// and its turned-up card in the same action that dealt them, and then deals again: honest
// frames pass. Before the checker knew those cards, the server test failed on such a
// deal ("seat 0 was sent 5H ..., which lies in hand 2").
TEST(SecrecyChecker, APericoRoundEndedAtItsDealPasses) {
  // Seed 216 ends one at seq 81; the range keeps the test meaningful if the bots change.
  int found = 0;
  for (std::uint64_t seed = 200; seed <= 600 && found < 1; ++seed) {
    PlayedMatch played = play("perico", Json::object(), 4, seed, BotLevel::kRandom);
    const Json rounds = played.states.back()->round_results();
    const bool at_deal = std::any_of(rounds.begin(), rounds.end(), [](const Json& round) {
      return round.value("reason", "") == "complete_at_deal";
    });
    if (!at_deal) continue;
    ++found;
    SCOPED_TRACE("seed " + std::to_string(seed));
    for (int viewer = 0; viewer <= 4; ++viewer) {
      auto leaks = check(played, viewer, played.frames[viewer]);
      EXPECT_TRUE(leaks.empty()) << leaks.front();
    }
  }
  EXPECT_EQ(found, 1) << "no Perico seed in 200..600 ended a round at its deal";
}

// A Poker draw after which nobody can bet (the others all in) goes straight to the
// showdown in the same action, which shows the drawer's hand with the cards just served:
// honest frames pass. Before the checker knew the served cards, the server test failed
// on such a showdown about once in a hundred Poker matches ("lies in no place").
TEST(SecrecyChecker, APokerDrawStraightIntoTheShowdownPasses) {
  // Seed 170 draws into one at seq 83; the range keeps the test meaningful if bots change.
  int found = 0;
  for (std::uint64_t seed = 170; seed <= 570 && found < 1; ++seed) {
    const int seats = 3 + static_cast<int>(seed % 3);
    PlayedMatch played =
        play("poker", {{"deals", 6}, {"jokers", 2}}, seats, seed, BotLevel::kRandom);
    bool draw_ends_a_deal = false;
    for (std::size_t seq = 1; seq < played.states.size(); ++seq) {
      const Json& action = played.record.actions[seq - 1].second;
      draw_ends_a_deal = draw_ends_a_deal || (action.value("type", "") == "draw" &&
                                              played.states[seq]->deals_started() !=
                                                  played.states[seq - 1]->deals_started() &&
                                              !action.value("discard", Json::array()).empty());
    }
    if (!draw_ends_a_deal) continue;
    ++found;
    SCOPED_TRACE("seed " + std::to_string(seed));
    for (int viewer = 0; viewer <= seats; ++viewer) {
      auto leaks = check(played, viewer, played.frames[viewer]);
      EXPECT_TRUE(leaks.empty()) << leaks.front();
    }
  }
  EXPECT_GE(found, 1) << "no Poker seed in 170..570 drew straight into a showdown";
}

TEST(SecrecyChecker, CatchesAnotherSeatsCardAndTheStock) {
  PlayedMatch played = play("perico", Json::object(), 3, 5);
  auto* state = played.states[0].get();
  auto view = state->view(1);
  const std::string rival_card = view["hand"][0];
  auto leaks = check(played, 0, with_event(played, 0, 0, {{"type", "hint"}, {"card", rival_card}}));
  ASSERT_FALSE(leaks.empty());
  EXPECT_NE(leaks.front().find("hand 1"), std::string::npos) << leaks.front();
  // The spectator may not see any hand either.
  EXPECT_FALSE(check(played, 3, with_event(played, 3, 0, {{"card", rival_card}})).empty());

  // The stock's top card, to a seat and to the spectator.
  std::string stock_card;
  for (const CardZone& zone : zones_of(*state)) {
    if (zone.name == "stock") stock_card = zone.cards.front().str();
  }
  ASSERT_FALSE(stock_card.empty());
  leaks = check(played, 0, with_event(played, 0, 0, {{"top", stock_card}}));
  ASSERT_FALSE(leaks.empty());
  EXPECT_NE(leaks.front().find("stock"), std::string::npos) << leaks.front();
}

TEST(SecrecyChecker, CatchesTheSeedBeforeMatchOverOnly) {
  PlayedMatch played = play("loc", Json::object(), 3, 8);
  auto leaks =
      check(played, 1, with_event(played, 1, 0, {{"type", "note"}, {"x", played.record.seed_hex}}));
  ASSERT_FALSE(leaks.empty());
  EXPECT_NE(leaks.front().find("seed"), std::string::npos);
  EXPECT_TRUE(check(played, 1, played.frames[1]).empty());  // match_over carries it: fine
}

// Carioca plays two decks: a code may lie in two places. Naming it is allowed when one
// copy is where the receiver may see it, and a leak when both copies are hidden from it.
TEST(SecrecyChecker, TracksEachPhysicalCardOfTwoDecks) {
  PlayedMatch played = play("carioca", {{"first_round", 8}}, 3, 21);
  std::vector<CardZone> zones = zones_of(*played.states[0]);
  CardCounts mine, hidden_from_me;
  for (const CardZone& zone : zones) {
    for (const Card& card : zone.cards) ++(zone.visible_to(0) ? mine : hidden_from_me)[card.str()];
  }
  std::string both_hidden, one_mine;
  for (const auto& [card, count] : hidden_from_me) {
    if (count == 2 && card != "JK") both_hidden = card;
    if (count == 1 && mine.contains(card) && card != "JK") one_mine = card;
  }
  ASSERT_FALSE(both_hidden.empty());
  ASSERT_FALSE(one_mine.empty());
  EXPECT_FALSE(check(played, 0, with_event(played, 0, 0, {{"card", both_hidden}})).empty());
  EXPECT_TRUE(check(played, 0, with_event(played, 0, 0, {{"card", one_mine}})).empty());
  // A hand showing the twin as held twice claims the copy that lies elsewhere.
  std::vector<std::string> frames = played.frames[0];
  Json update = Json::parse(frames[0]);
  update["view"]["hand"].push_back(one_mine);
  frames[0] = update.dump();
  auto leaks = check(played, 0, frames);
  ASSERT_FALSE(leaks.empty());
  EXPECT_NE(leaks.front().find("hand differs"), std::string::npos) << leaks.front();
}

TEST(SecrecyChecker, CatchesALiveRecordsSecrets) {
  PlayedMatch played = play("poker", {{"deals", 3}}, 3, 2);
  SecrecyChecker checker(*find_game("poker"), played.record);
  SecrecyCounts counts;
  const std::string hand_card = played.states[0]->view(2)["hand"][0];
  EXPECT_TRUE(checker.check_public("/api/rooms", R"({"rooms":[]})", 0, counts).empty());
  EXPECT_FALSE(checker.check_public("/x", Json{{"note", hand_card}}.dump(), 0, counts).empty());
  EXPECT_FALSE(
      checker.check_public("/x", Json{{"actions", Json::array()}}.dump(), 0, counts).empty());
  EXPECT_FALSE(checker.check_public("/metrics", "x " + played.record.seed_hex, 0, counts).empty());
}

}  // namespace
}  // namespace parlor::testing
