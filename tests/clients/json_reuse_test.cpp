// The load generator's JSON fast paths against nlohmann's own: parse_into (parsing into a
// reused tree) must build exactly the tree Json::parse builds, whatever was in the tree
// before; append_json must write exactly what dump() writes; the pre-scanner must find
// the same members however the text is split into its 16-byte blocks.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "clients/cli/net/json_scan.hpp"
#include "protocol/json_reuse.hpp"

namespace parlor::testing {
namespace {

using protocol::append_json;
using protocol::Json;
using protocol::parse_into;
namespace scan = cli::net::scan;

// operator== says 1u == 1 and 1 == 1.0; the bot policy sees types too, so compare them.
void expect_same(const Json& got, const Json& want, const std::string& where) {
  ASSERT_EQ(got.type(), want.type()) << where << ": " << got.dump() << " vs " << want.dump();
  if (want.is_object()) {
    ASSERT_EQ(got.size(), want.size()) << where << ": " << got.dump() << " vs " << want.dump();
    for (auto it = want.begin(); it != want.end(); ++it) {
      ASSERT_TRUE(got.contains(it.key())) << where << ": no " << it.key();
      expect_same(got[it.key()], it.value(), where + "." + it.key());
    }
  } else if (want.is_array()) {
    ASSERT_EQ(got.size(), want.size()) << where << ": " << got.dump() << " vs " << want.dump();
    for (std::size_t i = 0; i < want.size(); ++i)
      expect_same(got[i], want[i], where + "[" + std::to_string(i) + "]");
  } else {
    ASSERT_EQ(got.dump(), want.dump()) << where;
  }
}

TEST(ParseInto, ReusedTreeEqualsAFreshParseWhateverItHeldBefore) {
  // In sequence into one tree: members come and go, types change, arrays grow and shrink.
  const std::vector<std::string> texts = {
      R"({"a":1,"b":[1,2,3],"c":{"x":"y","z":null},"d":"text"})",
      R"({"a":2,"b":[4],"c":{"x":"w"},"e":true})",
      R"({"a":-3,"b":[4,5,6,7,8],"c":null,"d":{"k":[]},"e":false})",
      R"({"a":1.5,"b":[],"c":{"x":{"deep":[{"q":1}]},"z":0},"d":[1,"two",null]})",
      R"({"b":{"now":"an object"},"a":"a string","c":[true,false]})",
      R"({})",
      R"({"dup":1,"dup":2,"other":3})",
      R"({"dup":5})",
      // A repeated key where a member went missing: as many keys met as members (found by
      // fuzz_request; the "room" member used to survive).
      R"({"type":"action","room":"R1","action":{}})",
      R"({"type":"action","ad":90,"type":"R5","action":{}})",
      R"( [ 1 , -0 , 0 , 18446744073709551615 , 18446744073709551616 , -9223372036854775808 ] )",
      R"({"num":[1e2,1E-2,-0.5,123456789012345678901234567890,-9223372036854775809]})",
      R"({"esc":"q\"b\\s\/f\b\f\n\r\t\u00e9\u20ac\ud83d\ude00 end","k\"ey":"v"})",
      R"("just a string")",
      R"(42)",
      R"(null)",
      R"({"game":"perico","hand":["5D","TC"],"legal":{"discard":true},"waiting":{"seats":[0]}})",
      R"({"game":"perico","hand":["5D","TC","9S"],"legal":{},"waiting":{"seats":[1]}})",
  };
  Json tree;
  for (const std::string& text : texts) {
    ASSERT_TRUE(parse_into(text, &tree)) << text;
    expect_same(tree, Json::parse(text), text);
  }
}

// Into an empty tree (a fresh object, read without looking for stale members) a repeated
// key keeps its last value, whatever its kind, as nlohmann's parse does.
TEST(ParseInto, RepeatedKeysOfAFreshObjectKeepTheLastValue) {
  for (const std::string text : {
           R"({"k":1,"k":2})",
           R"({"a":{"x":1,"y":[1,2]},"b":2,"a":{"y":[3]}})",
           R"({"a":[1,[2,3]],"a":[[4]],"c":{"a":1,"a":{"b":null}}})",
           R"({"a":"long enough to leave the small string buffer","a":"s"})",
           R"({"a":{},"a":{"z":true},"a":{}})",
       }) {
    Json fresh;
    ASSERT_TRUE(parse_into(text, &fresh)) << text;
    expect_same(fresh, Json::parse(text), text);
    Json empty_object = Json::object();
    ASSERT_TRUE(parse_into(text, &empty_object)) << text;
    expect_same(empty_object, Json::parse(text), text);
  }
}

TEST(ParseInto, RejectsWhatNlohmannRejects) {
  for (const char* text : {"",
                           "{",
                           "}",
                           "{\"a\"}",
                           "{\"a\":}",
                           "{\"a\":1,}",
                           "[1,]",
                           "[1 2]",
                           "{\"a\":1} x",
                           "01",
                           "1.",
                           "-",
                           "1e",
                           "+1",
                           "tru",
                           "nul",
                           "\"unterminated",
                           "\"bad \\x escape\"",
                           "\"lone \\ud800 surrogate\"",
                           "\"\\udc00\"",
                           "\"ctrl \x01 char\"",
                           "{\"a\" 1}",
                           "[\"\\u12\"]"}) {
    Json tree = Json::object();
    EXPECT_FALSE(parse_into(text, &tree)) << text;
    EXPECT_TRUE(Json::parse(text, nullptr, false).is_discarded()) << text;
  }
}

// A random JSON value with the shapes views have: objects of arrays of short strings.
Json random_value(std::mt19937& rng, int depth) {
  const int kind = static_cast<int>(rng() % (depth > 3 ? 6 : 8));
  switch (kind) {
    case 0:
      return nullptr;
    case 1:
      return rng() % 2 == 0;
    case 2:
      return static_cast<int>(rng() % 2000) - 1000;
    case 3:
      return static_cast<unsigned>(rng() % 100);
    case 4:
      return static_cast<double>(rng() % 1000) / 8.0;
    case 5: {
      static const std::vector<std::string> words = {
          "5D",
          "JK",
          "a \"quoted\" [word]",
          "back\\slash {",
          "",
          "knock",
          "é€",
          "a string long enough to cross a sixteen-byte block ] } \" ["};
      return words[rng() % words.size()];
    }
    case 6: {
      Json array = Json::array();
      const int n = static_cast<int>(rng() % 6);
      for (int i = 0; i < n; ++i) array.push_back(random_value(rng, depth + 1));
      return array;
    }
    default: {
      Json object = Json::object();
      const int n = static_cast<int>(rng() % 6);
      for (int i = 0; i < n; ++i)
        object["k" + std::to_string(rng() % 8)] = random_value(rng, depth + 1);
      return object;
    }
  }
}

TEST(ParseInto, RandomDocumentsIntoOneTree) {
  std::mt19937 rng(12345);
  Json tree;
  for (int i = 0; i < 3000; ++i) {
    const std::string text = random_value(rng, 0).dump();
    ASSERT_TRUE(parse_into(text, &tree)) << text;
    expect_same(tree, Json::parse(text), text);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(AppendJson, WritesWhatDumpWrites) {
  std::mt19937 rng(777);
  std::vector<Json> values = {
      Json::object(), Json::array(),    Json(-5),  Json(7u),
      Json(2.5),      Json("ctrl\x01"), Json("é"), Json({{"type", "take"}, {"count", 2}})};
  for (int i = 0; i < 2000; ++i) values.push_back(random_value(rng, 0));
  for (const Json& value : values) {
    std::string out = "prefix:";
    append_json(&out, value);
    EXPECT_EQ(out, "prefix:" + value.dump());
  }
}

TEST(Scan, NestedMembersMatchTheValuesAtAnyAlignment) {
  std::mt19937 rng(99);
  static constexpr std::string_view kKeys[] = {"type", "seq", "view", "tail"};
  static constexpr std::string_view kInner[] = {"over", "waiting"};
  for (int i = 0; i < 2000; ++i) {
    Json view = random_value(rng, 2);
    if (!view.is_object()) view = Json::object();
    if (rng() % 4 != 0) view["over"] = rng() % 2 == 0;
    if (rng() % 4 != 0) view["waiting"] = {{"seats", {rng() % 4}}};
    Json other = random_value(rng, 1);
    // A padding string of random length moves the view across the 16-byte blocks.
    const std::string pad(rng() % 40, 'p');
    const std::string text = R"({"type":"update","pad":")" + pad + R"(","seq":)" +
                             std::to_string(i) + R"(,"other":)" + other.dump() + R"(,"view":)" +
                             view.dump() + R"(,"tail":)" + other.dump() + "}";
    std::string_view values[std::size(kKeys)];
    std::string_view inner[std::size(kInner)];
    ASSERT_TRUE(scan::members(text, kKeys, values, 2, kInner, inner)) << text;
    EXPECT_EQ(values[0], "\"update\"");
    EXPECT_EQ(values[1], std::to_string(i));
    EXPECT_EQ(values[2], view.dump());
    EXPECT_EQ(values[3], other.dump());
    EXPECT_EQ(inner[0], view.contains("over") ? view["over"].dump() : "");
    EXPECT_EQ(inner[1], view.contains("waiting") ? view["waiting"].dump() : "");
    // The plain form finds the same.
    std::string_view plain[std::size(kKeys)];
    ASSERT_TRUE(scan::members(text, kKeys, plain));
    for (std::size_t k = 0; k < std::size(kKeys); ++k) EXPECT_EQ(plain[k], values[k]);
  }
}

TEST(Scan, MalformedTextIsNotFound) {
  static constexpr std::string_view kKeys[] = {"view"};
  static constexpr std::string_view kInner[] = {"over"};
  for (std::string_view text :
       {R"({"view":{"over":true)", R"({"view":{"a":"unterminated})", R"({"view":[1,2})",
        R"({"view":{"over":"\"}"})", R"({"x":"0123456789abcdef0123456789 [[[[[[)"}) {
    std::string_view values[1];
    std::string_view inner[1];
    EXPECT_FALSE(scan::members(text, kKeys, values, 0, kInner, inner)) << text;
  }
}

}  // namespace
}  // namespace parlor::testing
