// Claim codes alone (how one player becomes the same player on another device): their
// form, one use, expiry, replacement, and the limits on guessing them; then through
// Players, that the claimed device gets a token of its own for the same player.
#include "server/claim_codes.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "server/players.hpp"

namespace parlor::server {
namespace {

using namespace std::chrono_literals;
using Clock = ClaimCodes::Clock;

TEST(ClaimCodes, AreTwelveUnambiguousCharactersAndEachIsNew) {
  const auto now = Clock::now();
  ClaimCodes codes(now);
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    std::string code = codes.issue("p" + std::to_string(i), now);
    EXPECT_TRUE(std::regex_match(code, std::regex("[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-"
                                                  "[0-9A-HJKMNP-TV-Z]{4}")))
        << code;
    EXPECT_TRUE(seen.insert(code).second) << "repeated " << code;
  }
  EXPECT_EQ(codes.pending(), 200u);
}

TEST(ClaimCodes, ACodeWorksOnceForItsPlayerWhateverItsCaseAndDashes) {
  const auto now = Clock::now();
  ClaimCodes codes(now);
  std::string code = codes.issue("p7", now);
  std::string typed;
  for (char c : code) {
    if (c != '-') typed += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  auto claimed = codes.redeem(" " + typed + " ", "10.0.0.1", now + 1s);
  ASSERT_TRUE(claimed.ok()) << claimed.error().message;
  EXPECT_EQ(*claimed, "p7");
  auto again = codes.redeem(code, "10.0.0.1", now + 2s);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code, "bad_claim_code");
}

TEST(ClaimCodes, ExpireAfterTenMinutesAndANewCodeReplacesTheOld) {
  const auto now = Clock::now();
  ClaimCodes codes(now);
  std::string old_code = codes.issue("p1", now);
  std::string new_code = codes.issue("p1", now + 1s);
  EXPECT_EQ(codes.pending(), 1u);
  EXPECT_EQ(codes.redeem(old_code, "a", now + 2s).error().code, "bad_claim_code");
  std::string late = codes.issue("p2", now);
  EXPECT_TRUE(codes.redeem(new_code, "c", now + 5min).ok());
  EXPECT_EQ(codes.redeem(late, "b", now + ClaimCodes::kLifetime + 1s).error().code,
            "bad_claim_code");
}

TEST(ClaimCodes, OneAddressMayTryOnlyAFewCodesAMinute) {
  const auto now = Clock::now();
  ClaimCodes codes(now);
  std::string code = codes.issue("p1", now);
  for (int i = 0; i < static_cast<int>(ClaimCodes::kAttemptsPerAddress); ++i) {
    EXPECT_EQ(codes.redeem("AAAA-AAAA-AAAA", "10.0.0.9", now).error().code, "bad_claim_code");
  }
  // Even the right code waits now: a lucky guess must not land either.
  EXPECT_EQ(codes.redeem(code, "10.0.0.9", now).error().code, "claim_rate_limited");
  EXPECT_TRUE(codes.redeem(code, "10.0.0.9", now + ClaimCodes::kAddressRefill).ok());
}

TEST(ClaimCodes, WrongCodesFromEveryAddressShareOneAllowance) {
  const auto now = Clock::now();
  ClaimCodes codes(now);
  std::string code = codes.issue("p1", now);
  for (int i = 0; i < static_cast<int>(ClaimCodes::kWrongCodesBurst); ++i) {
    auto wrong = codes.redeem("AAAA-AAAA-AAAA", "10.1.0." + std::to_string(i), now);
    ASSERT_EQ(wrong.error().code, "bad_claim_code") << i;
  }
  EXPECT_EQ(codes.redeem(code, "10.2.0.1", now).error().code, "claim_rate_limited");
  EXPECT_TRUE(codes.redeem(code, "10.2.0.1", now + 2 * ClaimCodes::kWrongCodesRefill).ok());
}

TEST(ClaimCodes, NormalizingReadsLookAlikesAndRefusesTheRest) {
  EXPECT_EQ(normalize_claim_code("k7qm-2xwd-9fht"), "K7QM2XWD9FHT");
  EXPECT_EQ(normalize_claim_code("O0IL-1111-2222"), "001111112222");
  EXPECT_EQ(normalize_claim_code("K7QM-2XWD"), "");
  EXPECT_EQ(normalize_claim_code("K7QM-2XWD-9FHU"), "") << "U is not in the alphabet";
}

TEST(PlayersClaim, TheOtherDeviceGetsItsOwnTokenForTheSamePlayer) {
  Players players;
  PlayerIdentity ann = players.create("Ann");
  std::string code = players.issue_claim_code(ann.id);
  auto phone = players.claim(code, "192.0.2.1");
  ASSERT_TRUE(phone.ok()) << phone.error().message;
  EXPECT_EQ(phone->id, ann.id);
  EXPECT_EQ(phone->name, "Ann");
  ASSERT_EQ(phone->token.size(), 64u);
  EXPECT_NE(phone->token, ann.token);
  auto on_phone = players.resume(phone->token, "");
  ASSERT_TRUE(on_phone.has_value());
  EXPECT_EQ(on_phone->id, ann.id);
  auto on_laptop = players.resume(ann.token, "");
  ASSERT_TRUE(on_laptop.has_value()) << "the first device keeps its token";
  EXPECT_EQ(on_laptop->id, ann.id);
  EXPECT_EQ(players.claim(code, "192.0.2.1").error().code, "bad_claim_code");
}

}  // namespace
}  // namespace parlor::server
