// Whole hands played card by card: following, the first-trick dump, trick winners and
// points, King Pedro's "I'm up" and its two of trumps, and the scores that result.
#include <gtest/gtest.h>

#include "tests/pedro/pedro_test_util.hpp"

namespace parlor::pedro::testing {
namespace {

// Plays a trick of (seat, card) pairs, each of which must be accepted.
void trick(const Table& t, const std::vector<std::pair<Seat, std::string>>& plays) {
  for (const auto& [seat, card] : plays) t.ok(seat, play(card));
}

TEST(PedroPlay, WholeHandWithTheDealerDumping) {
  Table t = pedro_rob_past_six();
  t.ok(0, bid(7));
  for (Seat s : {1, 2, 3}) t.ok(s, pass());
  t.ok(0, trump("H"));
  // Trick 1: trump led, seat 1 must trump; seat 3 (eight cards) plays and dumps two.
  t.ok(0, play("AH"));
  EXPECT_EQ(t.act(1, play("7C")), "must_follow");
  EXPECT_EQ(t.act(1, play_dump("8H", {"7C"})), "dump_wrong_count");
  t.ok(1, play("8H"));
  t.ok(2, play("KD"));
  EXPECT_EQ(t.view(3)["legal"]["dump"]["count"], 2);
  EXPECT_EQ(t.act(3, play("3H")), "dump_wrong_count");
  EXPECT_EQ(t.act(3, play_dump("3H", {"2H", "4H"})), "dump_point_card");
  EXPECT_EQ(t.act(3, play_dump("3H", {"3H", "4H"})), "card_not_held");
  EXPECT_EQ(t.act(3, play_dump("3H", {"QS", "4H"})), "card_not_held");
  EXPECT_EQ(t.act(3, play_dump("3H", {"4H", "4H"})), "duplicate_card");
  t.ok(3, play_dump("3H", {"4H", "6H"}));
  Json view = t.view(1);
  EXPECT_EQ(view["last_trick"]["winner"], 0);
  EXPECT_EQ(view["last_trick"]["dumped"], 2);
  EXPECT_EQ(view["players"][3]["dumped"], 2);
  EXPECT_EQ(view["sides"][0]["points"], 1);
  for (Seat viewer = kSpectator; viewer < 4; ++viewer) {
    EXPECT_EQ(leaked_card(t.view(viewer), card_mask({"4H", "6H"})), "") << viewer;
  }
  for (Seat s = 0; s < 4; ++s) EXPECT_EQ(t.view(s)["players"][s]["cards"], 5);
  trick(t, {{0, "KH"}, {1, "7C"}, {2, "QC"}, {3, "7H"}});
  trick(t, {{0, "QH"}, {1, "8C"}, {2, "KC"}, {3, "9H"}});
  trick(t, {{0, "JH"}, {1, "9C"}, {2, "AC"}, {3, "2H"}});
  t.ok(0, play("TH"));
  t.ok(1, play("TC"));
  t.ok(2, play("JD"));
  t.ok(3, play("5H"));  // the pedro falls to the ten
  // Trick 6: a club led; seat 1 must follow; seat 3's last card, the low pedro, is a
  // trump and wins.
  t.ok(0, play("5C"));
  EXPECT_EQ(t.view(1)["legal"]["play"], Json({"JC"}));
  t.ok(1, play("JC"));
  t.ok(2, play("QD"));
  t.ok(3, play("5D"));
  // Side 0: AH, JH + 2H, TH + 5H = 9; side 1: the low pedro, 5. Bid 7 made.
  const Json result = t.game->round_results()[0];
  EXPECT_EQ(result["points"], Json({9, 5}));
  EXPECT_EQ(result["made"], true);
  EXPECT_EQ(result["delta"], Json({9, 5}));
  EXPECT_EQ(t.game->scores(), (std::vector<std::int64_t>{9, 5, 9, 5}));
  EXPECT_EQ(t.game->round(), 2);
  EXPECT_EQ(t.state().dealer(), 0);
  EXPECT_EQ(t.view(2)["last_round"]["points"], Json({9, 5}));
}

TEST(KingPedroPlay, ImUpTheLeadPassesOnAndTheTwoScoresForItsPlayer) {
  Table t = king_pedro_deal();
  t.ok(0, bid(30));
  for (Seat s : {1, 2, 3}) t.ok(s, pass());
  t.ok(0, trump("H"));
  t.ok(2, cards_action("discard", {"8S", "9S", "TS", "JS", "5C", "2D"}));
  t.ok(0, cards_action("discard", {"2C", "3C", "4C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"}));
  t.ok(3, cards_action("discard", {"3D", "4D", "6D", "7D", "8D", "9D"}));
  // Trick 1: a plain lead, anything may follow; seat 1 (seven trumps) dumps one.
  t.ok(0, play("AC"));
  EXPECT_EQ(t.act(1, play_dump("6H", {"TH"})), "dump_point_card");
  t.ok(1, play_dump("6H", {"7H"}));
  t.ok(2, play("QS"));
  t.ok(3, play("AD"));
  EXPECT_EQ(t.view(0)["last_trick"]["winner"], 1);
  // Trick 2: a trump lead: everyone must trump. Seat 3 wins with its only trump...
  t.ok(1, play("3H"));
  EXPECT_EQ(t.act(2, play("KS")), "must_follow");
  t.ok(2, play("4H"));
  t.ok(3, play("JH"));
  t.ok(0, play("2H"));
  // ... and is up: the lead passes to its left, seat 0. The two scored for seat 0's side.
  Json view = t.view(1);
  EXPECT_EQ(view["last_trick"]["winner"], 3);
  EXPECT_EQ(view["players"][3]["out"], true);
  EXPECT_EQ(view["turn"], 0);
  EXPECT_EQ(view["sides"][0]["points"], 1);
  EXPECT_EQ(view["sides"][1]["points"], 1);
  // Trick 3: three players; seat 3 is skipped.
  t.ok(0, play("KC"));
  t.ok(1, play("5H"));
  t.ok(2, play("5S"));
  EXPECT_EQ(t.view(0)["last_trick"]["cards"].size(), 3u);
  EXPECT_EQ(t.act(3, play("KD")), "not_your_turn");
  // Trick 4: seat 1 leads; seat 2 plays its last trump, the low pedro, and is up.
  t.ok(1, play("8H"));
  t.ok(2, play("5D"));
  t.ok(0, play("QH"));
  EXPECT_EQ(t.view(0)["players"][2]["out"], true);
  trick(t, {{0, "AH"}, {1, "9H"}});
  trick(t, {{0, "KH"}, {1, "TH"}});
  // The hand ended when nobody still in held a trump: 44 points in all.
  const Json result = t.game->round_results()[0];
  EXPECT_EQ(result["points"], Json({38, 6}));
  EXPECT_EQ(result["made"], true);
  EXPECT_EQ(t.game->scores(), (std::vector<std::int64_t>{38, 6, 38, 6}));
}

TEST(CinchPlay, UnusedTrumpScoresForNobody) {
  Table t = cinch_choose_trumps();
  t.ok(0, bid(6));
  for (Seat s : {1, 2, 3}) t.ok(s, pass());
  t.ok(0, trump("H"));
  t.ok(3, cards_action("rob", {"5H", "3H", "5D"}));
  t.ok(0, cards_action("discard", {"8H"}));
  // Seat 0: AH KH QH JH TH 9H; seat 3: 7H 6H 4H 5H 3H 5D. Seats 1 and 2 hold no trump.
  trick(t, {{0, "AH"}, {1, "5C"}, {2, "KD"}, {3, "3H"}});
  trick(t, {{0, "KH"}, {1, "JC"}, {2, "AD"}, {3, "4H"}});
  trick(t, {{0, "QH"}, {1, "QC"}, {2, "5S"}, {3, "5D"}});
  trick(t, {{0, "JH"}, {1, "KC"}, {2, "QS"}, {3, "5H"}});
  trick(t, {{0, "TH"}, {1, "AC"}, {2, "KS"}, {3, "6H"}});
  trick(t, {{0, "9H"}, {1, "QD"}, {2, "AS"}, {3, "7H"}});
  // Side 0 took everything in play: 13 points (the 2H stayed face up on the table).
  const Json result = t.game->round_results()[0];
  EXPECT_EQ(result["points"], Json({13, 0}));
  EXPECT_EQ(result["delta"], Json({13, 0}));
}

TEST(PedroTimeout, DefaultActionsAreLegalAndDocumented) {
  Table t = pedro_rob_past_six();
  EXPECT_EQ(t.game->default_action(0), pass());
  for (Seat s : {0, 1, 2}) t.ok(s, t.game->default_action(s));
  t.ok(3, t.game->default_action(3));  // the forced 7
  // The dealer names the suit it holds most of: hearts (six, with the low pedro).
  EXPECT_EQ(t.game->default_action(3), trump("H"));
  t.ok(3, t.game->default_action(3));
  // Lowest legal card, non-point first: the dealer's timeout dumps its weakest.
  EXPECT_EQ(t.game->default_action(3), play_dump("3H", {"4H", "6H"}));
  t.ok(3, t.game->default_action(3));
  EXPECT_EQ(t.state().trick().cards[0].card.str(), "3H");
}

}  // namespace
}  // namespace parlor::pedro::testing
