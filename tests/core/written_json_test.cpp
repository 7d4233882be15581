// parse_written_json must give exactly Json::parse's tree, with each number's type, for
// any text: its own reader for what JsonWriter writes, nlohmann's for the rest.
#include "engine/core/written_json.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "engine/core/json_writer.hpp"
#include "tests/core/same_json_tree.hpp"

namespace parlor {
namespace {

using Json = nlohmann::json;
using testing::expect_same_tree;

// What JsonWriter writes, and JSON it never writes: each must come back as nlohmann's.
const std::vector<std::string> kTexts = {
    R"({})",
    R"([])",
    R"({"phase":"draw","hand":["AS","10H"],"seat":3,"over":false,"winner":null})",
    R"({"nested":[[],[{}],[[1,[2,[3]]]],{"a":{"b":{"c":true}}}]})",
    R"({"escaped":"quote \" backslash \\ slash \/ \b\f\n\r\t end"})",
    R"({"unicode":"\u00e9\u0001 and \ud83c\udca1"})",
    "{\"raw utf-8\":\"caf\xc3\xa9\"}",
    "\xef\xbb\xbf{\"after a byte order mark\":1}",
    R"({"fraction":1.5,"exponent":1e3,"negative exponent":-2E-2})",
    R"({"zero":0,"minus zero":-0,"negative":-17,"large":18446744073709551615})",
    R"({"int64 min":-9223372036854775808,"int64 max":9223372036854775807})",
    R"({"past uint64":18446744073709551616,"past int64":-9223372036854775809})",
    " \t\r\n{ \"spaced\" : [ 1 , 2 ] , \"out\" : { } } \n",
    R"({"twice":1,"twice":2})",
    R"("a bare string")",
    R"(42)",
    R"(-42)",
    R"(true)",
    R"(null)",
};

TEST(WrittenJson, EveryTextGivesJsonParsesTreeWithItsTypes) {
  for (const std::string& text : kTexts) {
    SCOPED_TRACE(text);
    expect_same_tree(parse_written_json(text), Json::parse(text));
  }
}

TEST(WrittenJson, MalformedTextThrowsAsJsonParseDoes) {
  const std::vector<std::string> malformed = {
      "",       "{",          "{\"a\"}",   "{\"a\":}", "{\"a\":1,}", "[1,]",   "[1 2]",
      "01",     "-",          "1.",        "tru",      "nul",        "\"open", "\"ctl\x01\"",
      "{} {}",  "{\"a\":1}x", "\"\\x\"",   "[-]",      "+1",         "{1:2}",  "\"\\u12\"",
      "\xff\"", "[\"\xc3\"]", "{\"a\" 1}", "[}",       "{]",
  };
  for (const std::string& text : malformed) {
    SCOPED_TRACE(text);
    EXPECT_THROW(Json::parse(text), Json::parse_error);
    EXPECT_THROW(parse_written_json(text), Json::parse_error);
  }
}

TEST(WrittenJson, WhatTheWriterWritesComesBackAsItsTree) {
  const Json tree = {{"name", "tab\there \"quoted\" \\ \x01 control"},
                     {"cards", {"AS", "KD", "JOKER"}},
                     {"counts",
                      {0, 1, -1, std::numeric_limits<std::int64_t>::min(),
                       std::numeric_limits<std::uint64_t>::max()}},
                     {"flags", {{"on", true}, {"off", false}, {"unset", nullptr}}},
                     {"deep", {{"a", {{"b", {{"c", Json::array()}}}}}}}};
  std::string text;
  JsonWriter out(text);
  out.value(tree);
  const Json read = parse_written_json(text);
  EXPECT_EQ(read, tree);
  expect_same_tree(read, Json::parse(text));
}

// Deeper than the engine's reader goes (it gives up, and nlohmann's parser reads it): the
// same tree either way.
TEST(WrittenJson, NestingDeeperThanTheReadersLimitReadsAsJsonParseReadsIt) {
  const std::string deep = std::string(1000, '[') + std::string(1000, ']');
  expect_same_tree(parse_written_json(deep), Json::parse(deep));
}

TEST(WrittenJson, MergedMembersReplaceTheirNamesakesAndKeepTheRest) {
  Json view = Json::parse(R"({"phase":"draw","viewer":null,"round":2})");
  merge_written_json_object(R"({"viewer":1,"hand":["AS"]})", view);
  expect_same_tree(view, Json::parse(R"({"phase":"draw","viewer":1,"round":2,"hand":["AS"]})"));
}

TEST(WrittenJson, MergingWhatIsNotAnObjectThrows) {
  Json view = Json::object();
  EXPECT_THROW(merge_written_json_object("[1]", view), Json::type_error);
  EXPECT_THROW(merge_written_json_object("{\"a\":", view), Json::parse_error);
  Json list = Json::array();
  EXPECT_THROW(merge_written_json_object("{}", list), Json::type_error);
  EXPECT_TRUE(view.empty());
}

}  // namespace
}  // namespace parlor
