#include "engine/core/json_writer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace parlor {
namespace {

using Json = nlohmann::json;

TEST(JsonWriter, WritesNestedContainersWithTheirCommas) {
  std::string text;
  JsonWriter out(text);
  out.begin_object();
  out.member("phase", "draw");
  out.key("players");
  out.begin_array();
  for (int seat = 0; seat < 2; ++seat) {
    out.begin_object();
    out.member("seat", seat);
    out.member("knocked", seat == 1);
    out.end_object();
  }
  out.end_array();
  out.key("empty");
  out.begin_object();
  out.end_object();
  out.key("none");
  out.begin_array();
  out.end_array();
  out.member("by", nullptr);
  out.end_object();
  EXPECT_EQ(text,
            R"({"phase":"draw","players":[{"seat":0,"knocked":false},{"seat":1,"knocked":true}],)"
            R"("empty":{},"none":[],"by":null})");
}

TEST(JsonWriter, EscapesStringsAsJsonRequires) {
  std::string text;
  JsonWriter out(text);
  const std::string tricky = std::string("a\"b\\c\nd\te\r") + '\x01' + "é";
  out.begin_array();
  out.value(tricky);
  out.end_array();
  Json parsed = Json::parse(text);
  EXPECT_EQ(parsed[0].get<std::string>(), tricky);
  EXPECT_NE(text.find("\\u0001"), std::string::npos);
}

TEST(JsonWriter, EscapesKeysThatNeedIt) {
  std::string text;
  JsonWriter out(text);
  out.begin_object();
  out.member("plain", 1);
  out.member("say \"hi\"\n", 2);
  out.member("after", 3);
  out.end_object();
  const Json parsed = Json::parse(text);
  EXPECT_EQ(parsed.at("plain"), 1);
  EXPECT_EQ(parsed.at("say \"hi\"\n"), 2);
  EXPECT_EQ(parsed.at("after"), 3);
}

// The escaping check reads eight bytes at a time (json_writer.cpp): every byte value, at
// every place in strings of 1 to 20 bytes (both sides of a word's edge and a padded
// tail), is written as a character-by-character reference writes it, as a value and as a key.
TEST(JsonWriter, EscapesEveryByteWhereverItStands) {
  auto reference = [](const std::string& text) {
    std::string quoted = "\"";
    for (const char ch : text) {
      const auto c = static_cast<unsigned char>(ch);
      static constexpr char kHex[] = "0123456789abcdef";
      if (c == '"') {
        quoted += "\\\"";
      } else if (c == '\\') {
        quoted += "\\\\";
      } else if (c == '\n') {
        quoted += "\\n";
      } else if (c == '\r') {
        quoted += "\\r";
      } else if (c == '\t') {
        quoted += "\\t";
      } else if (c < 0x20) {
        quoted += std::string("\\u00") + kHex[c >> 4] + kHex[c & 0xf];
      } else {
        quoted += ch;
      }
    }
    return quoted + "\"";
  };
  int checked = 0;
  for (std::size_t length = 1; length <= 20; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      for (int byte = 0; byte < 256; ++byte) {
        std::string text(length, 'x');
        text[at] = static_cast<char>(byte);
        std::string written;
        JsonWriter out(written);
        out.begin_object();
        out.key(text);
        out.value(text);
        out.end_object();
        const std::string quoted = reference(text);
        ASSERT_EQ(written, "{" + quoted + ":" + quoted + "}") << "byte " << byte << " at " << at;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 210 * 256);
}

TEST(JsonWriter, WritesEveryKindOfCard) {
  std::string text;
  JsonWriter out(text);
  out.cards(std::vector<Card>{Card::standard(10, Suit::kDiamonds), Card::joker(), Card::trump(21),
                              Card::fool()});
  EXPECT_EQ(text, R"(["TD","JK","T21","FOOL"])");
}

// The card table and the one-append array must agree with the cards' own notation, for
// every card, wherever the array stands.
TEST(JsonWriter, WritesEveryStandardCardAsItsNotation) {
  std::vector<Card> deck;
  for (int code = 0; code < 52; ++code) deck.push_back(Card::from_code(code));
  std::string text;
  JsonWriter out(text);
  out.begin_array();
  out.value(1);
  out.cards(deck);
  out.cards(std::vector<Card>{});
  out.value(deck.back());
  out.end_array();
  Json parsed = Json::parse(text);
  ASSERT_EQ(parsed.size(), 4u);
  ASSERT_EQ(parsed[1].size(), 52u);
  for (int code = 0; code < 52; ++code) EXPECT_EQ(parsed[1][code], deck[code].str());
  EXPECT_EQ(parsed[2], Json::array());
  EXPECT_EQ(parsed[3], "AS");
}

// A key from an array (a literal, usually) is written to its terminating zero, not to the
// array's end, and one that needs escaping is escaped.
TEST(JsonWriter, WritesKeysFromArraysToTheirEnd) {
  char buffer[16] = "seat";
  std::string text;
  JsonWriter out(text);
  out.begin_object();
  out.member(buffer, 1);
  out.member("a\\b", 2);
  out.end_object();
  EXPECT_EQ(text, R"({"seat":1,"a\\b":2})");
}

TEST(JsonWriter, WritesOneDigitAndLongerIntegersAlike) {
  std::string text;
  JsonWriter out(text);
  out.begin_array();
  for (int n : {-10, -1, 0, 9, 10}) out.value(n);
  for (unsigned n : {0u, 9u, 10u}) out.value(n);
  out.end_array();
  EXPECT_EQ(text, "[-10,-1,0,9,10,0,9,10]");
}

// A tree is written as nlohmann's dump with invalid UTF-8 replaced, byte for byte: the
// store keeps this text and the protocol sends it.
TEST(JsonWriter, WritesATreeAsDumpWould) {
  const std::string invalid_utf8 = std::string("a") + '\xff' + "b";
  const std::vector<Json> trees = {
      nullptr,
      true,
      Json::object(),
      Json::array(),
      -7,
      std::numeric_limits<std::int64_t>::min(),
      std::numeric_limits<std::uint64_t>::max(),
      0.5,
      1e300,
      "plain",
      "tab\there",
      std::string("\b\f\x7f\x01\\\""),
      "caf\u00e9",
      invalid_utf8,
      Json{{"type", "take"}, {"count", 2}, {"discard", {"7H", "JK"}}},
      Json{{"z", Json::array({1, Json::object(), Json::array()})},
           {"a\"quoted\"", nullptr},
           {invalid_utf8, {{"nested", {{"deeper", -1.25}}}}},
           {"", false}},
  };
  for (const Json& tree : trees) {
    std::string text;
    JsonWriter out(text);
    out.begin_array();
    out.value(1);
    out.value(tree);
    out.end_array();
    EXPECT_EQ(text, "[1," + tree.dump(-1, ' ', false, Json::error_handler_t::replace) + "]");
  }
}

// value_as_dumped spells a string as value(tree) does (where value(string_view) spells
// control characters and bytes that are not UTF-8 its own way).
TEST(JsonWriter, WritesAStringAsDumpWouldWhenAsked) {
  const std::string invalid_utf8 = std::string("a") + '\xff' + "b";
  for (const std::string& s :
       {std::string("plain"), std::string("tab\there"), std::string("\b\f\x7f\x01\\\""),
        std::string("caf\u00e9"), invalid_utf8, std::string()}) {
    std::string text;
    JsonWriter out(text);
    out.begin_object();
    out.member("n", 1);
    out.member_as_dumped("s", s);
    out.end_object();
    EXPECT_EQ(text,
              Json({{"n", 1}, {"s", s}}).dump(-1, ' ', false, Json::error_handler_t::replace));
  }
}

TEST(JsonWriter, RefusesNestingPastItsLimit) {
  std::string text;
  JsonWriter out(text);
  for (int depth = 0; depth < 64; ++depth) out.begin_array();
  EXPECT_THROW(out.begin_array(), std::length_error);
}

TEST(JsonWriter, WritesIntegersOfEveryWidthAndSign) {
  std::string text;
  JsonWriter out(text);
  out.begin_array();
  out.value(std::numeric_limits<std::int64_t>::min());
  out.value(std::numeric_limits<std::uint64_t>::max());
  out.value(std::size_t{0});
  out.value(-7);
  out.end_array();
  EXPECT_EQ(text, "[-9223372036854775808,18446744073709551615,0,-7]");
}

TEST(JsonWriter, WritesCardsTreesAndRawText) {
  std::string text;
  JsonWriter out(text);
  const std::vector<Card> hand = parse_card_list("AS TD JK").value();
  out.begin_object();
  out.key("hand");
  out.cards(hand);
  out.key("top_first");
  out.cards(hand.rbegin(), hand.rend());
  out.member("drawn", hand[0]);
  out.member("result", Json{{"winner", 2}});
  out.key("cached");
  out.raw(R"({"x":[1,2]})");
  out.end_object();
  EXPECT_EQ(text, R"({"hand":["AS","TD","JK"],"top_first":["JK","TD","AS"],"drawn":"AS",)"
                  R"("result":{"winner":2},"cached":{"x":[1,2]}})");
}

}  // namespace
}  // namespace parlor
