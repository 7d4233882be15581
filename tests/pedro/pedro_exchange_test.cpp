// Naming trumps and everything up to the first lead: Pedro's automatic discard and
// refill, the dealer's rob (Pedro and Cinch), King Pedro's kitty and discards,
// Cinch's excess trumps, and what each seat may see meanwhile.
#include <gtest/gtest.h>

#include "tests/pedro/pedro_test_util.hpp"

namespace parlor::pedro::testing {
namespace {

void all_pass_to_dealer(const Table& t) {
  t.ok(0, pass());
  t.ok(1, pass());
  t.ok(2, pass());
  t.ok(3, bid(7));
}

TEST(PedroExchange, DiscardRefillAndRobPastSix) {
  Table t = pedro_rob_past_six();
  t.ok(0, bid(7));
  for (Seat s : {1, 2, 3}) t.ok(s, pass());
  EXPECT_EQ(t.act(1, trump("H")), "not_your_turn");
  t.game->take_events();
  t.ok(0, trump("H"));
  // Non-trumps face up; each seat received what it needed; the dealer took both
  // trumps left in the stock (no choice, so no rob action).
  const Json view = t.view(1);
  EXPECT_EQ(strs(view["players"][0]["discards"]),
            (std::vector<std::string>{"2C", "3C", "4C", "6C"}));
  EXPECT_EQ(strs(view["players"][3]["discards"]), (std::vector<std::string>{"QS", "KS", "AS"}));
  EXPECT_EQ(view["players"][0]["received"], 1);
  EXPECT_EQ(view["players"][1]["received"], 5);
  EXPECT_EQ(view["players"][2]["received"], 6);
  EXPECT_EQ(view["players"][3]["received"], 2);
  EXPECT_EQ(view["players"][3]["cards"], 8);
  EXPECT_EQ(strs(view["hand"]), (std::vector<std::string>{"8H", "7C", "8C", "9C", "TC", "JC"}));
  EXPECT_EQ(t.state().phase(), Phase::kPlay);
  EXPECT_EQ(view["turn"], 0);  // the high bidder leads
  EXPECT_EQ(strs(t.view(3)["hand"]),
            (std::vector<std::string>{"6H", "5H", "5D", "4H", "3H", "2H", "9H", "7H"}));
  // Private refill events name the cards only to their receiver.
  for (const Event& e : t.game->take_events()) {
    if (e.body()["type"] == "refill" && e.body().contains("cards")) {
      EXPECT_EQ(e.audience.kind, Audience::Kind::kOnlySeat);
    }
  }
}

TEST(PedroExchange, StockTooShortVoidsTheHandAndTheSameDealerDealsAgain) {
  // Seats 0-2 hold no heart: they need 18 cards and the stock has 16.
  Table t = start("pedro", {"2C 3C 4C 6C 7C 8C 9C TC JC", "2S 3S 4S 6S 7S 8S 9S TS JS",
                            "2D 3D 4D 6D 7D 8D 9D TD JD", "AH KH QH JH TH 9H 8H 7H 6H"});
  t.ok(0, bid(7));
  for (Seat s : {1, 2, 3}) t.ok(s, pass());
  t.ok(0, trump("H"));
  EXPECT_EQ(t.game->round(), 2);
  EXPECT_EQ(t.game->deals_started(), 2);
  EXPECT_EQ(t.state().dealer(), 3);
  EXPECT_EQ(t.state().phase(), Phase::kBidding);
  EXPECT_EQ(t.game->round_results()[0]["void"], true);
  EXPECT_EQ(conservation_error(t.state()), "");
}

// The void is decided before anyone receives: seats 0 and 1 could each take 6 before the
// stock ran short for seat 2, and their own "refill" events then named stock cards that
// the redeal reshuffled in the same action (the secrecy test's Pedro exemption).
TEST(PedroExchange, AVoidHandRefillsNobodyFromTheStock) {
  Table t = start("pedro", {"2C 3C 4C 6C 7C 8C 9C TC JC", "2S 3S 4S 6S 7S 8S 9S TS JS",
                            "2D 3D 4D 6D 7D 8D 9D TD JD", "AH KH QH JH TH 9H 8H 7H 6H"});
  t.ok(0, bid(7));
  for (Seat s : {1, 2, 3}) t.ok(s, pass());
  t.game->take_events();
  t.ok(0, trump("H"));
  int voids = 0;
  for (const Event& e : t.game->take_events()) {
    EXPECT_NE(e.body()["type"], "refill") << e.body().dump();
    if (e.body()["type"] == "void_deal") ++voids;
  }
  EXPECT_EQ(voids, 1);
}

TEST(PedroExchange, DealerRobsWithAChoiceAndSeesTheStock) {
  Table t = pedro_rob_with_choice();
  all_pass_to_dealer(t);
  t.ok(3, trump("H"));
  ASSERT_EQ(t.state().phase(), Phase::kRob);
  const Json dealer = t.view(3);
  EXPECT_EQ(dealer["stock"].size(), 7u);
  EXPECT_EQ(strs(dealer["legal"]["rob"]["must_take"]), (std::vector<std::string>{"2H", "3H"}));
  EXPECT_EQ(dealer["legal"]["rob"]["choose"], 1);
  EXPECT_FALSE(t.view(0).contains("stock"));
  EXPECT_FALSE(t.view(kSpectator).contains("stock"));
  EXPECT_EQ(t.act(0, cards_action("rob", {"AD"})), "not_your_turn");
  EXPECT_EQ(t.act(3, cards_action("rob", {"JD", "QD"})), "rob_wrong_count");
  EXPECT_EQ(t.act(3, cards_action("rob", {"3H", "JD"})), "rob_leaves_trump");
  EXPECT_EQ(t.act(3, cards_action("rob", {"9C"})), "card_not_in_stock");
  EXPECT_EQ(t.act(3, cards_action("rob", {"AD", "AD"})), "duplicate_card");
  EXPECT_EQ(t.act(3, cards_action("rob", {"XX"})), "bad_card");
  t.ok(3, cards_action("rob", {"AD"}));
  EXPECT_EQ(strs(t.view(3)["hand"]),
            (std::vector<std::string>{"5H", "5D", "4H", "AD", "2H", "3H"}));
  EXPECT_FALSE(t.view(3).contains("stock"));  // only while robbing
  EXPECT_EQ(t.view(0)["players"][3]["received"], 3);
  EXPECT_EQ(t.view(0)["stock_count"], 4);
}

TEST(PedroExchange, RobListingEveryTrumpIsAccepted) {
  Table t = pedro_rob_with_choice();
  all_pass_to_dealer(t);
  t.ok(3, trump("H"));
  t.ok(3, cards_action("rob", {"3H", "2H", "KD"}));
  EXPECT_EQ(t.view(3)["players"][3]["cards"], 6);
}

TEST(PedroExchange, TimeoutRobsTheRequiredTrumpsAndTheStrongestCard) {
  Table t = pedro_rob_with_choice();
  all_pass_to_dealer(t);
  t.ok(3, trump("H"));
  EXPECT_EQ(t.game->default_action(3), cards_action("rob", {"2H", "3H", "AD"}));
}

TEST(CinchExchange, DealerChoosesTrumpsAndTheRestStayFaceUp) {
  Table t = cinch_choose_trumps();
  t.ok(0, bid(6));
  for (Seat s : {1, 2, 3}) t.ok(s, pass());
  t.ok(0, trump("H"));
  ASSERT_EQ(t.state().phase(), Phase::kRob);
  EXPECT_EQ(t.act(3, cards_action("rob", {"5H", "3H"})), "rob_wrong_count");
  t.ok(3, cards_action("rob", {"5H", "3H", "5D"}));
  // 2H could not be used: face up, out of play, scoring for nobody.
  EXPECT_EQ(strs(t.view(kSpectator)["unused_trumps"]), std::vector<std::string>{"2H"});
  // Seat 0 holds seven trumps: it discards one non-point trump, face up.
  ASSERT_EQ(t.state().phase(), Phase::kDiscard);
  EXPECT_EQ(t.state().waiting().seats, std::vector<Seat>{0});
  EXPECT_EQ(t.act(0, cards_action("discard", {"AH"})), "discard_point_card");
  EXPECT_EQ(t.act(0, cards_action("discard", {"KH", "QH"})), "discard_wrong_count");
  EXPECT_EQ(t.act(1, cards_action("discard", {"5C"})), "not_your_turn");
  t.ok(0, cards_action("discard", {"8H"}));
  EXPECT_EQ(strs(t.view(2)["players"][0]["discards"]),
            (std::vector<std::string>{"2C", "3C", "8H"}));
  EXPECT_EQ(t.state().phase(), Phase::kPlay);
  EXPECT_EQ(t.view(0)["players"][0]["cards"], 6);
}

TEST(CinchExchange, TrumpsFirstWhenTheyFit) {
  Table t = cinch_trumps_first();
  t.ok(0, bid(6));
  for (Seat s : {1, 2, 3}) t.ok(s, pass());
  t.ok(0, trump("H"));
  ASSERT_EQ(t.state().phase(), Phase::kRob);
  EXPECT_EQ(t.act(3, cards_action("rob", {"5H", "AS", "KS"})), "rob_skips_trump");
  t.ok(3, cards_action("rob", {"5H", "3H", "KS"}));
  EXPECT_TRUE(t.view(0)["unused_trumps"].empty());
}

TEST(KingPedroExchange, KittyAndDiscardsDownToSix) {
  Table t = king_pedro_deal();
  t.ok(0, bid(30));
  for (Seat s : {1, 2, 3}) t.ok(s, pass());
  t.game->take_events();
  t.ok(0, trump("H"));
  bool kitty_shown_to_bidder = false;
  for (const Event& e : t.game->take_events()) {
    if (e.body()["type"] != "kitty") continue;
    if (e.body().contains("cards")) {
      EXPECT_EQ(e.audience.kind, Audience::Kind::kOnlySeat);
      EXPECT_EQ(e.audience.seat, 0);
      kitty_shown_to_bidder =
          strs(e.body()["cards"]) == std::vector<std::string>{"QH", "QC", "KC", "AC"};
    }
  }
  EXPECT_TRUE(kitty_shown_to_bidder);
  ASSERT_EQ(t.state().phase(), Phase::kDiscard);
  // Seat 1 holds seven trumps: its non-trumps went automatically. The others choose.
  EXPECT_EQ(t.state().waiting().mode, WaitMode::kSimultaneous);
  EXPECT_EQ(t.state().waiting().seats, (std::vector<Seat>{0, 2, 3}));
  EXPECT_EQ(t.view(0)["legal"]["discard"]["count"], 10);
  EXPECT_EQ(t.act(0, cards_action("discard",
                                  {"AH", "2C", "3C", "4C", "6C", "7C", "8C", "9C", "TC", "JC"})),
            "discard_trump");
  EXPECT_EQ(t.act(0, cards_action("discard", {"2C"})), "discard_wrong_count");
  t.ok(2, cards_action("discard", {"8S", "9S", "TS", "JS", "5C", "2D"}));
  // Chosen discards stay hidden until everyone has chosen.
  EXPECT_EQ(leaked_card(t.view(0), card_mask({"8S", "9S", "TS", "JS", "5C", "2D"})), "");
  EXPECT_EQ(t.view(0)["players"][2]["choosing_discard"], false);
  t.ok(0, cards_action("discard", {"2C", "3C", "4C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"}));
  t.ok(3, cards_action("discard", {"3D", "4D", "6D", "7D", "8D", "9D"}));
  ASSERT_EQ(t.state().phase(), Phase::kPlay);
  const Json view = t.view(1);
  EXPECT_EQ(view["players"][2]["discards"].size(), 6u);
  EXPECT_EQ(view["players"][1]["discards"].size(), 5u);
  EXPECT_EQ(view["players"][1]["cards"], 7);
  EXPECT_EQ(strs(t.view(0)["hand"]),
            (std::vector<std::string>{"AH", "KH", "2H", "QH", "KC", "AC"}));
  EXPECT_EQ(view["turn"], 0);
}

}  // namespace
}  // namespace parlor::pedro::testing
