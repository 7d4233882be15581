// Runs the real `parlor hand` command: output shape, ordering with ties, options, and
// every input error (exit 2, a message on stderr, nothing on stdout).
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/built_paths.hpp"
#include "tests/support/command_checks.hpp"
#include "tests/support/run_command.hpp"

namespace parlor {
namespace {

using testing::CommandResult;
using testing::run_command;

CommandResult hand(const std::string& args) {
  return run_command(testing::parlor_cli_path() + " hand " + args);
}

nlohmann::json ok_json(const std::string& args) {
  return testing::expect_json_output(hand(args), args);
}

void expect_input_error(const std::string& args, const std::string& message_part) {
  testing::expect_input_error_of(hand(args), args, message_part);
}

TEST(HandCommand, PrintsTheIssueExampleExactly) {
  CommandResult result =
      hand("poker --option deck=32 --option jokers=1 \"AH JH 9H 8H 7H\" \"KS KH KD 8C 8D\"");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            R"({"game":"poker","hands":[{"cards":["AH","JH","9H","8H","7H"],"category":"flush",)"
            R"("complete":false,"jokers":0},{"cards":["KS","KH","KD","8C","8D"],)"
            R"("category":"full_house","complete":false,"jokers":0}],"order":[[0],[1]]})"
            "\n");
  // With 52 cards the full house wins.
  auto big = ok_json("poker \"AH JH 9H 8H 7H\" \"KS KH KD 8C 8D\"");
  EXPECT_EQ(big["order"], nlohmann::json::parse("[[1],[0]]"));
}

TEST(HandCommand, TiesShareAGroupAndHandsMayShareCards) {
  auto out = ok_json(
      "perico5 \"KC QD JH TS 9C\" \"AC 2D 3H 4S 5C\" \"KD QC JS TH 9D\" "
      "\"AS KS QS JS TS\" \"KC QD JH TS 9C\"");
  EXPECT_EQ(out["game"], "perico5");
  EXPECT_EQ(out["order"], nlohmann::json::parse("[[3],[1],[0,2,4]]"));
  EXPECT_EQ(out["hands"][3]["category"], "royal_flush");
  EXPECT_EQ(out["hands"][3]["complete"], true);
  EXPECT_EQ(out["hands"][0]["category"], "straight");
}

TEST(HandCommand, CanonicalCardsJokersAndSixCards) {
  auto out = ok_json("perico6 \"ah ad 10c ks kh jk\" \"AH AD AC AS JK JK\"");
  EXPECT_EQ(out["hands"][0]["cards"], nlohmann::json::parse(R"(["AH","AD","TC","KS","KH","JK"])"));
  EXPECT_EQ(out["hands"][0]["category"], "old_house");
  EXPECT_EQ(out["hands"][0]["jokers"], 1);
  EXPECT_EQ(out["hands"][1]["category"], "six_of_a_kind");
  EXPECT_EQ(out["hands"][1]["complete"], true);
  EXPECT_EQ(out["hands"][1]["jokers"], 2);
  EXPECT_EQ(out["order"], nlohmann::json::parse("[[1],[0]]"));
}

TEST(HandCommand, PokerOptions) {
  auto figures = ok_json("poker --option figures=by_deck \"AH KD QC JS JH\" \"2C 2D 2H 5S 7C\"");
  EXPECT_EQ(figures["hands"][0]["category"], "figures");
  EXPECT_EQ(figures["order"], nlohmann::json::parse("[[0],[1]]"));
  auto ace = ok_json(
      "poker --option=ace_straight_over_flush=true \"AC 2D 3H 4S 5C\" "
      "\"AH JH 9H 6H 3H\"");
  EXPECT_EQ(ace["order"], nlohmann::json::parse("[[0],[1]]"));
  auto jokers = ok_json(
      "poker --option jokers=2 \"JK JK 8C 8D 3S\" \"9C TD JH QS KC\" "
      "\"9D TC JK QH KD\"");
  EXPECT_EQ(jokers["hands"][0]["category"], "three_of_a_kind");
  EXPECT_EQ(jokers["hands"][0]["jokers"], 2);
  EXPECT_EQ(jokers["order"], nlohmann::json::parse("[[1],[2],[0]]"));
  // deck=auto and rule_of_11 take the number of players.
  auto stripped = ok_json("poker --option deck=auto --option players=6 \"AC 5D 6H 7S 8C\"");
  EXPECT_EQ(stripped["hands"][0]["category"], "straight");
  auto eleven = ok_json("poker --option deck=rule_of_11 --option players=2 \"AC 9D TH JS QC\"");
  EXPECT_EQ(eleven["hands"][0]["category"], "straight");
}

TEST(HandCommand, BadHandsExitTwo) {
  expect_input_error("perico5 \"AS KS QS JS\"", "has 4 cards");
  expect_input_error("perico6 \"AS KS QS JS TS\"", "has 5 cards");
  expect_input_error("poker \"AS KS QS JS TS 9S\"", "has 6 cards");
  expect_input_error("perico5 \"AS AS QS JS TS\"", "AS appears twice");
  expect_input_error("perico5 \"AS KS QS JS XS\"", "not a card");
  expect_input_error("poker --option deck=32 \"2S KS QS JS TS\"", "2S is not in the 32-card deck");
  expect_input_error("poker --option deck=rule_of_11 --option players=3 \"7S KS QS JS TS\"",
                     "not in the 28-card deck");
  expect_input_error("poker \"JK KS QS JS TS\"", "1 joker, but the deck holds 0");
  expect_input_error("poker --option jokers=1 \"JK JK QS JS TS\"", "the deck holds 1");
  expect_input_error("perico5 \"JK JK JK JS TS\"", "the deck holds 2");
  expect_input_error("perico6 \"JK JK JK JK JK TS\"", "the deck holds 4");
  expect_input_error("perico5 \"AS KS QS JS TS\" \"AS\"", "hand 1");
}

TEST(HandCommand, BadUsageExitsTwo) {
  expect_input_error("", "missing GAME");
  expect_input_error("chess \"AS KS QS JS TS\"", "unknown game");
  expect_input_error("poker", "no HAND");
  expect_input_error("poker --option deck=48 \"AS KS QS JS TS\"", "deck=48");
  expect_input_error("poker --option deck=auto \"AS KS QS JS TS\"", "players=N");
  expect_input_error("poker --option deck=auto --option players=9 \"AS KS QS JS TS\"", "players=9");
  expect_input_error("poker --option jokers=3 \"AS KS QS JS TS\"", "jokers=3");
  expect_input_error("poker --option figures=sometimes \"AS KS QS JS TS\"", "figures");
  expect_input_error("poker --option ace_straight_over_flush=yes \"AS KS QS JS TS\"",
                     "ace_straight_over_flush");
  expect_input_error("poker --option colour=red \"AS KS QS JS TS\"", "no option 'colour'");
  expect_input_error("poker --option deck \"AS KS QS JS TS\"", "KEY=VALUE");
  expect_input_error("poker --option jokers=1 --option jokers=2 \"AS KS QS JS TS\"", "twice");
  expect_input_error("perico5 --option jokers=2 \"AS KS QS JS TS\"", "takes no options");
  expect_input_error("perico5 --verbose \"AS KS QS JS TS\"", "unknown flag");
  CommandResult help = hand("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("HAND..."), std::string::npos);
}

}  // namespace
}  // namespace parlor
