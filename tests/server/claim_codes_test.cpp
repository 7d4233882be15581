// Claim codes alone (how one player becomes the same player on another device): their
// form and the limits on guessing them; then the whole exchange (identity_requests.hpp)
// through Players and a real store, where the codes live: the claimed device gets a token
// of its own for the same player, and a code works once.
#include "server/players/claim_codes.hpp"

#include <gtest/gtest.h>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <future>
#include <regex>
#include <set>
#include <thread>

#include "server/players/players.hpp"
#include "server/requests/identity_requests.hpp"
#include "server/store/store.hpp"

namespace parlor::server {
namespace {

using namespace std::chrono_literals;
using Clock = ClaimCodes::Clock;

TEST(ClaimCodes, AreTwelveUnambiguousCharactersAndEachIsNew) {
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    ClaimCodes::NewCode code = ClaimCodes::make_code();
    EXPECT_TRUE(std::regex_match(code.shown, std::regex("[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]"
                                                        "{4}-[0-9A-HJKMNP-TV-Z]{4}")))
        << code.shown;
    EXPECT_TRUE(seen.insert(code.shown).second) << "repeated " << code.shown;
    EXPECT_EQ(code.hash.size(), 64u);
  }
}

TEST(ClaimCodes, ACodeHashesAlikeWhateverItsCaseAndDashes) {
  ClaimCodes::NewCode code = ClaimCodes::make_code();
  std::string typed;
  for (char c : code.shown) {
    if (c != '-') typed += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  EXPECT_EQ(ClaimCodes::hash_of(" " + typed + " "), code.hash);
  EXPECT_EQ(ClaimCodes::hash_of(code.shown), code.hash);
  EXPECT_EQ(ClaimCodes::hash_of("K7QM-2XWD"), "") << "cannot be a code";
}

TEST(ClaimCodes, OneAddressMayTryOnlyAFewCodesAMinute) {
  const auto now = Clock::now();
  ClaimCodes codes(now);
  for (int i = 0; i < static_cast<int>(ClaimCodes::kAttemptsPerAddress); ++i) {
    EXPECT_FALSE(codes.admit("10.0.0.9", now).has_value()) << i;
    codes.settle(false);
  }
  // Even the right code waits now: a lucky guess must not land either.
  std::optional<Error> limited = codes.admit("10.0.0.9", now);
  ASSERT_TRUE(limited.has_value());
  EXPECT_EQ(limited->code, "claim_rate_limited");
  EXPECT_FALSE(codes.admit("10.0.0.10", now).has_value()) << "another address may";
  EXPECT_FALSE(codes.admit("10.0.0.9", now + ClaimCodes::kAddressRefill).has_value());
}

TEST(ClaimCodes, WrongCodesFromEveryAddressShareOneAllowance) {
  const auto now = Clock::now();
  ClaimCodes codes(now);
  for (int i = 0; i < static_cast<int>(ClaimCodes::kWrongCodesBurst); ++i) {
    ASSERT_FALSE(codes.admit("10.1.0." + std::to_string(i), now).has_value()) << i;
    codes.settle(false);
  }
  std::optional<Error> limited = codes.admit("10.2.0.1", now);
  ASSERT_TRUE(limited.has_value());
  EXPECT_EQ(limited->code, "claim_rate_limited");
  EXPECT_FALSE(codes.admit("10.2.0.1", now + 2 * ClaimCodes::kWrongCodesRefill).has_value());
}

TEST(ClaimCodes, RightCodesGiveTheirShareBackAndClaimsInFlightCannotOverdraw) {
  const auto now = Clock::now();
  ClaimCodes codes(now);
  for (int i = 0; i < 3 * static_cast<int>(ClaimCodes::kWrongCodesBurst); ++i) {
    ASSERT_FALSE(codes.admit("10.3.0." + std::to_string(i), now).has_value()) << i;
    codes.settle(true);
  }
  // Admitted and not yet answered: each holds its share, so the burst bounds them too.
  for (int i = 0; i < static_cast<int>(ClaimCodes::kWrongCodesBurst); ++i) {
    ASSERT_FALSE(codes.admit("10.4.0." + std::to_string(i), now).has_value()) << i;
  }
  EXPECT_TRUE(codes.admit("10.5.0.1", now).has_value());
}

TEST(ClaimCodes, NormalizingReadsLookAlikesAndRefusesTheRest) {
  EXPECT_EQ(normalize_claim_code("k7qm-2xwd-9fht"), "K7QM2XWD9FHT");
  EXPECT_EQ(normalize_claim_code("O0IL-1111-2222"), "001111112222");
  EXPECT_EQ(normalize_claim_code("K7QM-2XWD"), "");
  EXPECT_EQ(normalize_claim_code("K7QM-2XWD-9FHU"), "") << "U is not in the alphabet";
}

// Players, a store in memory and a thread for its reads, as the server has them.
class IdentityRequests : public ::testing::Test {
 protected:
  void SetUp() override {
    store::StoreOptions options;
    options.path = ":memory:";
    auto opened = store::Store::open(options);
    ASSERT_TRUE(opened.ok()) << opened.error().message;
    store_ = std::move(opened.value());
    players_.attach_store(*store_);
    reads_thread_ = std::thread([this] { reads_.run(); });
  }
  void TearDown() override {
    work_.reset();
    reads_thread_.join();
  }
  // The reply to `request_text` from `player_id`'s connection, however it arrives.
  Json ask(const std::string& request_text, const std::string& player_id) {
    auto request = protocol::parse_request(request_text);
    EXPECT_TRUE(request.ok());
    std::promise<std::string> reply;
    answer_identity_request(players_, StoreAccess{store_.get(), reads_.get_executor()}, *request,
                            player_id, "192.0.2.1",
                            [&reply](std::string text) { reply.set_value(std::move(text)); });
    auto answer = reply.get_future();
    if (answer.wait_for(10s) != std::future_status::ready) return Json();
    return Json::parse(answer.get());
  }

  // The reads' io_context first, so that it is destroyed last: the store's writer thread
  // posts a redemption's answer to it until the store is gone (ThreadSanitizer reported
  // this fixture destroying the io_context under that post).
  boost::asio::io_context reads_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_{
      reads_.get_executor()};
  std::thread reads_thread_;
  std::unique_ptr<store::Store> store_;
  Players players_;
};

TEST_F(IdentityRequests, TheOtherDeviceGetsItsOwnTokenForTheSamePlayerOnce) {
  PlayerIdentity ann = players_.create("Ann");
  Json code = ask(R"({"type": "claim_code", "id": 1})", ann.id);
  ASSERT_EQ(code.value("type", ""), "claim_code") << code.dump();
  EXPECT_EQ(code["expires_in_seconds"], 600);
  const std::string typed = code["code"];

  Json phone = ask(R"({"type": "claim", "id": 2, "code": ")" + typed + R"("})", "");
  ASSERT_EQ(phone.value("type", ""), "claimed") << phone.dump();
  EXPECT_EQ(phone["player"]["id"], ann.id);
  EXPECT_EQ(phone["player"]["name"], "Ann");
  const std::string token = phone["token"];
  ASSERT_EQ(token.size(), 64u);
  EXPECT_NE(token, ann.token);
  auto on_phone = players_.resume(token, "");
  ASSERT_TRUE(on_phone.has_value());
  EXPECT_EQ(on_phone->id, ann.id);
  auto on_laptop = players_.resume(ann.token, "");
  ASSERT_TRUE(on_laptop.has_value()) << "the first device keeps its token";
  EXPECT_EQ(on_laptop->id, ann.id);

  Json again = ask(R"({"type": "claim", "id": 3, "code": ")" + typed + R"("})", "");
  EXPECT_EQ(again.value("code", ""), "bad_claim_code") << again.dump();
}

TEST_F(IdentityRequests, ANewCodeReplacesTheOldAndNonsenseIsRefused) {
  PlayerIdentity ann = players_.create("Ann");
  Json old_code = ask(R"({"type": "claim_code", "id": 1})", ann.id);
  Json new_code = ask(R"({"type": "claim_code", "id": 2})", ann.id);
  ASSERT_EQ(new_code.value("type", ""), "claim_code") << new_code.dump();
  Json old_claim = ask(
      R"({"type": "claim", "id": 3, "code": ")" + old_code["code"].get<std::string>() + "\"}", "");
  EXPECT_EQ(old_claim.value("code", ""), "bad_claim_code") << old_claim.dump();
  Json nonsense = ask(R"({"type": "claim", "id": 4, "code": "hello"})", "");
  EXPECT_EQ(nonsense.value("code", ""), "bad_claim_code") << nonsense.dump();
  Json before_hello = ask(R"({"type": "claim_code", "id": 5})", "");
  EXPECT_EQ(before_hello.value("code", ""), "hello_required") << before_hello.dump();
  Json fresh = ask(
      R"({"type": "claim", "id": 6, "code": ")" + new_code["code"].get<std::string>() + "\"}", "");
  EXPECT_EQ(fresh.value("type", ""), "claimed") << fresh.dump();
}

}  // namespace
}  // namespace parlor::server
