// The terminal client's reading of the catalogues' messages (clients/cli/net/
// message_format.hpp), which must give what the web client's message_format.ts gives.
#include "clients/cli/net/message_format.hpp"

#include <gtest/gtest.h>

namespace parlor::cli::net {
namespace {

using Json = nlohmann::json;

TEST(MessageFormat, PluralsFollowTheLanguagesRules) {
  const std::string cards =
      "{n, plural, =0 {ninguna} one {# carta} many {# de cartas} other {# cartas}}";
  EXPECT_EQ(format_message(cards, {{"n", 0}}, "es"), "ninguna");
  EXPECT_EQ(format_message(cards, {{"n", 1}}, "es"), "1 carta");
  EXPECT_EQ(format_message(cards, {{"n", 7}}, "es"), "7 cartas");
  EXPECT_EQ(format_message(cards, {{"n", 1000000}}, "es"), "1000000 de cartas");
  EXPECT_EQ(format_message(cards, {{"n", 1000000}}, "en"), "1000000 cartas");
  EXPECT_EQ(plural_category("es_CL", 2000000), "many");
  EXPECT_EQ(plural_category("de", 2000000), "other");
}

TEST(MessageFormat, SelectsNestAndPlaceholdersFill) {
  EXPECT_EQ(
      format_message(
          "{who}{you, select, yes { (tú)} other {}}: {n, plural, one {# punto} other {# puntos}}",
          {{"who", "Ana"}, {"you", "yes"}, {"n", 3}}, "es"),
      "Ana (tú): 3 puntos");
  EXPECT_EQ(format_message("{missing} y {n, number}", {{"n", 5}}, "es"), "{missing} y 5");
  EXPECT_EQ(format_message("'{'literal'}' it''s Ana's", Json::object(), "en"),
            "{literal} it's Ana's");
}

TEST(MessageFormat, AMalformedMessageComesBackAsItIsAndSaysSo) {
  bool ok = true;
  EXPECT_EQ(format_message("{n, plural, one {# carta}", {{"n", 1}}, "es", &ok),
            "{n, plural, one {# carta}");
  EXPECT_FALSE(ok);
  EXPECT_EQ(format_message("{n, plural, one {x}}", {{"n", 1}}, "es", &ok), "{n, plural, one {x}}");
  EXPECT_FALSE(ok) << "a plural without 'other' is refused, as the web client refuses it";
}

}  // namespace
}  // namespace parlor::cli::net
