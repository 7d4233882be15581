#include <gtest/gtest.h>

#include "engine/core/options.hpp"

namespace parlor {
namespace {

OptionSchema sample_schema() {
  return OptionSchema({
      OptionSpec::choice("variant", "five_card", {"five_card", "six_card"}, "hand size"),
      OptionSpec::choice("deck", 52, {52, 40, 32, "auto"}, "deck"),
      OptionSpec::integer("target", nullptr, 1, 50, "points to win")
          .with_default_note("by variant"),
      OptionSpec::boolean("jokers_wild", true, "wild jokers"),
  });
}

TEST(Options, DefaultsFillEverything) {
  auto out = sample_schema().validate(Json::object());
  ASSERT_TRUE(out.ok());
  EXPECT_EQ((*out)["variant"], "five_card");
  EXPECT_EQ((*out)["deck"], 52);
  EXPECT_TRUE((*out)["target"].is_null());
  EXPECT_EQ((*out)["jokers_wild"], true);
  EXPECT_TRUE(sample_schema().validate(nullptr).ok());
}

TEST(Options, ValuesAreConvertedToCanonicalForm) {
  auto out = sample_schema().validate(
      {{"deck", "32"}, {"target", "7"}, {"jokers_wild", "false"}, {"variant", "six_card"}});
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ((*out)["deck"], 32);
  EXPECT_EQ((*out)["target"], 7);
  EXPECT_EQ((*out)["jokers_wild"], false);
  EXPECT_EQ((*sample_schema().validate({{"deck", "auto"}}))["deck"], "auto");
}

TEST(Options, UnknownOptionIsNamed) {
  auto out = sample_schema().validate({{"speed", 3}});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, "unknown_option");
  EXPECT_NE(out.error().message.find("speed"), std::string::npos);
}

TEST(Options, BadValuesAreNamed) {
  for (const Json& raw : {Json{{"variant", "seven_card"}}, Json{{"deck", 36}}, Json{{"target", 0}},
                          Json{{"target", 51}}, Json{{"target", "x"}}, Json{{"target", 2.5}},
                          Json{{"jokers_wild", 1}}, Json{{"variant", Json::array()}}}) {
    auto out = sample_schema().validate(raw);
    ASSERT_FALSE(out.ok()) << raw.dump();
    EXPECT_EQ(out.error().code, "bad_option_value");
    EXPECT_NE(out.error().message.find(raw.begin().key()), std::string::npos);
  }
  EXPECT_EQ(sample_schema().validate(Json::array()).error().code, "bad_options");
}

TEST(Options, CommandLineAssignments) {
  auto parsed = parse_option_assignments({"deck=32", "jokers_wild=true"});
  ASSERT_TRUE(parsed.ok());
  auto out = sample_schema().validate(*parsed);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ((*out)["deck"], 32);
  EXPECT_FALSE(parse_option_assignments({"deck"}).ok());
  EXPECT_FALSE(parse_option_assignments({"=5"}).ok());
}

TEST(Options, DescribeListsEveryOption) {
  Json described = sample_schema().describe();
  ASSERT_EQ(described.size(), 4u);
  EXPECT_EQ(described[0]["type"], "choice");
  EXPECT_EQ(described[2]["min"], 1);
  EXPECT_EQ(described[2]["default_note"], "by variant");
}

}  // namespace
}  // namespace parlor
