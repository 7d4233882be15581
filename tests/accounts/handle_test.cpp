// Handles (server/accounts/handle.hpp): NFKC, case-insensitive keys, confusable skeletons
// and what a handle may hold.
#include "server/accounts/handle.hpp"

#include <gtest/gtest.h>

#include <string>

namespace parlor::server::accounts {
namespace {

Handle ok_handle(std::string_view raw) {
  Expected<Handle> handle = normalise_handle(raw);
  EXPECT_TRUE(handle.ok()) << raw << ": " << (handle.ok() ? "" : handle.error().message);
  return handle.ok() ? handle.value() : Handle{};
}

void expect_bad(std::string_view raw, std::string_view message_part = "") {
  Expected<Handle> handle = normalise_handle(raw);
  ASSERT_FALSE(handle.ok()) << "accepted: " << raw;
  EXPECT_EQ(handle.error().code, "bad_handle");
  EXPECT_FALSE(handle.error().message.empty());
  if (!message_part.empty()) {
    EXPECT_NE(handle.error().message.find(message_part), std::string::npos)
        << handle.error().message;
  }
}

TEST(Handle, PlainHandleKeepsItsSpelling) {
  const Handle handle = ok_handle("Ana_Maria-2.0");
  EXPECT_EQ(handle.display, "Ana_Maria-2.0");
  EXPECT_EQ(handle.key, "ana_maria-2.0");
  EXPECT_FALSE(handle.skeleton.empty());
}

TEST(Handle, NfkcMakesFullWidthAndLigaturesOne) {
  const Handle wide = ok_handle("ｅｖａ");  // full-width e v a
  EXPECT_EQ(wide.display, "eva");
  EXPECT_EQ(wide.key, "eva");
  EXPECT_EQ(wide.key, ok_handle("eva").key);
  const Handle ligature = ok_handle("ﬁn");  // U+FB01 LATIN SMALL LIGATURE FI
  EXPECT_EQ(ligature.display, "fin");
  EXPECT_EQ(ligature.key, ok_handle("fin").key);
}

TEST(Handle, NfkcComposesCombiningMarks) {
  const Handle decomposed = ok_handle("Jose\xCC\x81");  // e + COMBINING ACUTE ACCENT
  EXPECT_EQ(decomposed.display, "José");
  EXPECT_EQ(decomposed.key, ok_handle("JOSÉ").key);
}

TEST(Handle, KeysIgnoreCaseInAnyScript) {
  EXPECT_EQ(ok_handle("Ana").key, "ana");
  EXPECT_EQ(ok_handle("ANA").key, "ana");
  EXPECT_EQ(ok_handle("Ñandú").key, ok_handle("ñANDÚ").key);
  EXPECT_EQ(ok_handle("Ñandú").key, "ñandú");
  EXPECT_EQ(ok_handle("ΣΟΦΊΑ").key, ok_handle("σοφία").key);
  EXPECT_EQ(ok_handle("Straße").key, ok_handle("STRASSE").key);  // full case folding
  EXPECT_EQ(ok_handle("Ñandú").display, "Ñandú");                // shown as typed
}

TEST(Handle, ConfusablesShareASkeleton) {
  // Latin "ana" and "ana" with Cyrillic а (U+0430).
  const Handle latin = ok_handle("ana");
  const Handle cyrillic = ok_handle("\xD0\xB0n\xD0\xB0");
  EXPECT_NE(latin.key, cyrillic.key);
  EXPECT_EQ(latin.skeleton, cyrillic.skeleton);
  EXPECT_EQ(ok_handle("paypal").skeleton, ok_handle("p\xD0\xB0yp\xD0\xB0l").skeleton);
  EXPECT_EQ(ok_handle("paul").skeleton, ok_handle("pau1").skeleton);
  EXPECT_EQ(ok_handle("Paul").skeleton, ok_handle("PAUL").skeleton);  // of the key
  EXPECT_NE(ok_handle("ana").skeleton, ok_handle("ava").skeleton);
}

TEST(Handle, LettersOfAnyScriptAndTheirMarks) {
  ok_handle("Иван");
  ok_handle("李小龍");
  ok_handle("علي99");
  ok_handle("हिन्दी");  // Devanagari vowel signs and virama: marks on letters
  ok_handle("४२१");    // Devanagari digits
}

TEST(Handle, LengthCountsCodePointsAfterNfkc) {
  expect_bad("", "at least 3");
  expect_bad("ab", "at least 3");
  ok_handle("abc");
  ok_handle(std::string(24, 'a'));
  expect_bad(std::string(25, 'a'), "at most 24");
  // 24 two-byte letters: 48 bytes, 24 characters.
  std::string ñ24;
  for (int i = 0; i < 24; ++i) ñ24 += "ñ";
  EXPECT_EQ(ok_handle(ñ24).display, ñ24);
  expect_bad(ñ24 + "ñ", "at most 24");
  // 3 characters of 3 bytes each: counted as 3.
  ok_handle("李小龍");
  // NFKC first: "ﬁ" (one code point) counts as the two of "fi".
  ok_handle("ﬁa");
  expect_bad(std::string(2000, 'a'), "at most 24");
}

TEST(Handle, RefusesSpacesSymbolsAndEmoji) {
  expect_bad("ana maria", "U+0020");
  expect_bad("ana\tmaria", "U+0009");
  expect_bad("ana\xF0\x9F\x98\x80", "U+1F600");  // 😀
  expect_bad("ana$", "U+0024");
  expect_bad("a@na", "U+0040");
  expect_bad("ana+1");
  expect_bad(std::string("an\0a", 4));
  expect_bad("ana\u200Db", "invisible");   // ZERO WIDTH JOINER
  expect_bad("a\uFE0Fna", "invisible");    // VARIATION SELECTOR-16 (a mark)
  expect_bad("a\u034Fna", "invisible");    // COMBINING GRAPHEME JOINER (a mark)
  expect_bad("an\u00ADa", "invisible");    // SOFT HYPHEN
  expect_bad("\u0301ana", "on its own");   // a mark with no letter
  expect_bad("an_\u0301a", "on its own");  // nor after "_"
  expect_bad("a\u20DDna", "U+20DD");       // an enclosing mark: a symbol
}

TEST(Handle, PunctuationOnlyBetweenLettersAndDigits) {
  ok_handle("a.b");
  ok_handle("a_b-c.d");
  ok_handle("1.2.3.4");
  ok_handle("007");
  expect_bad(".ana", "starts with");
  expect_bad("_ana", "starts with");
  expect_bad("-ana", "starts with");
  expect_bad("ana.", "ends with");
  expect_bad("ana_", "ends with");
  expect_bad("a..b", "in a row");
  expect_bad("a._b", "in a row");
  expect_bad("a-_b", "in a row");
}

TEST(Handle, RefusesTextThatIsNotUtf8) {
  expect_bad("ana\xFF", "UTF-8");
  expect_bad("an\xC3", "UTF-8");       // cut short
  expect_bad("a\xC0\xAFna", "UTF-8");  // overlong "/"
  expect_bad(
      "an\xED\xA0\x80"
      "a",
      "UTF-8");  // an encoded surrogate
  EXPECT_EQ(name_skeleton("ana\xFF"), "");
}

TEST(Handle, NameSkeletonMatchesHandles) {
  EXPECT_EQ(name_skeleton("ANA"), ok_handle("ana").skeleton);
  EXPECT_EQ(name_skeleton("\xD0\x90n\xD0\x90"), ok_handle("ana").skeleton);  // Cyrillic А
  EXPECT_EQ(name_skeleton("ｐａｕｌ"), ok_handle("pau1").skeleton);
  // Any display name, even one that is no handle: never fails.
  EXPECT_FALSE(name_skeleton("Ana María 😀").empty());
  EXPECT_EQ(name_skeleton(""), "");
}

}  // namespace
}  // namespace parlor::server::accounts
