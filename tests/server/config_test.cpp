// Flags, environment variables and their defaults.
#include <gtest/gtest.h>

#include <map>

#include "server/config.hpp"
#include "server/players.hpp"
#include "server/rate_limiter.hpp"

namespace parlor::server {
namespace {

EnvLookup env_of(std::map<std::string, std::string> values) {
  return [values](const std::string& name) -> std::optional<std::string> {
    auto it = values.find(name);
    if (it == values.end()) return std::nullopt;
    return it->second;
  };
}

TEST(Config, DefaultsMatchTheContract) {
  auto parsed = parse_command_line({}, env_of({}));
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->config.address, "0.0.0.0");
  EXPECT_EQ(parsed->config.port, 8080);
  EXPECT_EQ(parsed->config.db_path, "./data/parlor.db");
  EXPECT_EQ(parsed->config.turn_seconds, 60);
  EXPECT_EQ(parsed->config.grace_seconds, 120);
  EXPECT_EQ(parsed->config.max_message_bytes, 16u * 1024);
  EXPECT_EQ(parsed->config.rate_burst, 20);
  EXPECT_EQ(parsed->config.rate_per_second, 10);
}

TEST(Config, FlagsWinOverTheEnvironment) {
  auto parsed = parse_command_line({"--port", "9000", "--db=/tmp/x.db"},
                                   env_of({{"PARLOR_PORT", "7000"}, {"PARLOR_TURN_SECONDS", "0"}}));
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->config.port, 9000);
  EXPECT_EQ(parsed->config.db_path, "/tmp/x.db");
  EXPECT_EQ(parsed->config.turn_seconds, 0);
}

TEST(Config, RefusesBadFlagsWithTheirName) {
  auto unknown = parse_command_line({"--colour", "red"}, env_of({}));
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message.find("colour"), std::string::npos);
  EXPECT_FALSE(parse_command_line({"--port", "70000"}, env_of({})).ok());
  EXPECT_FALSE(parse_command_line({"--port"}, env_of({})).ok());
  EXPECT_FALSE(parse_command_line({"--rate", "-1"}, env_of({})).ok());
  EXPECT_FALSE(parse_command_line({}, env_of({{"PARLOR_THREADS", "many"}})).ok());
}

TEST(Config, TlsNeedsBothTheCertificateAndTheKey) {
  auto both = parse_command_line({"--tls-cert", "cert.pem"}, env_of({{"PARLOR_TLS_KEY", "k.pem"}}));
  ASSERT_TRUE(both.ok());
  EXPECT_EQ(both->config.tls_cert, "cert.pem");
  EXPECT_EQ(both->config.tls_key, "k.pem");
  auto cert_only = parse_command_line({"--tls-cert", "cert.pem"}, env_of({}));
  ASSERT_FALSE(cert_only.ok());
  EXPECT_NE(cert_only.error().message.find("--tls-key"), std::string::npos);
  EXPECT_FALSE(parse_command_line({}, env_of({{"PARLOR_TLS_KEY", "k.pem"}})).ok());
  auto plain = parse_command_line({}, env_of({}));
  ASSERT_TRUE(plain.ok());
  EXPECT_TRUE(plain->config.tls_cert.empty());
}

TEST(Config, ParsesTheOriginAllowList) {
  auto parsed =
      parse_command_line({"--allowed-origins", "https://a.example,https://b.example"}, env_of({}));
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->config.allowed_origins,
            (std::vector<std::string>{"https://a.example", "https://b.example"}));
}

TEST(Config, HelpListsEveryFlagWithItsVariable) {
  auto parsed = parse_command_line({"--help"}, env_of({}));
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(parsed->help);
  std::string text = usage_text();
  for (const char* name :
       {"--port", "--db", "--web-root", "--threads", "--log-level", "--turn-seconds",
        "--max-message-bytes", "--rate", "--burst", "--max-connections-per-ip", "--idle-timeout",
        "--allowed-origins", "PARLOR_PORT"}) {
    EXPECT_NE(text.find(name), std::string::npos) << name;
  }
}

TEST(RateLimiter, AllowsABurstThenTheRate) {
  RateLimiter limiter(10, 5);
  auto now = RateLimiter::Clock::now();
  int taken = 0;
  for (int i = 0; i < 20; ++i) taken += limiter.try_take(now);
  EXPECT_EQ(taken, 5);
  EXPECT_TRUE(limiter.try_take(now + std::chrono::milliseconds(150)));
  EXPECT_FALSE(limiter.try_take(now + std::chrono::milliseconds(160)));
}

TEST(Players, TokensAreLongRandomAndStoredHashed) {
  Players players;
  PlayerIdentity ana = players.create("Ana");
  PlayerIdentity bea = players.create("Bea");
  EXPECT_EQ(ana.token.size(), 64u);  // 256 bits in hex
  EXPECT_NE(ana.token, bea.token);
  EXPECT_NE(ana.id, bea.id);
  auto resumed = players.resume(ana.token, "");
  ASSERT_TRUE(resumed);
  EXPECT_EQ(resumed->id, ana.id);
  EXPECT_EQ(resumed->name, "Ana");
  EXPECT_TRUE(resumed->token.empty());
  EXPECT_FALSE(players.resume(Players::hash_token(ana.token), ""));  // the hash is no token
  EXPECT_FALSE(players.resume("nonsense", ""));
}

TEST(Players, CleansDisplayNames) {
  EXPECT_EQ(clean_display_name("  Ana\x01 "), "Ana");
  EXPECT_EQ(clean_display_name(""), "Player");
  EXPECT_EQ(clean_display_name(std::string(50, 'x')).size(), 32u);
  EXPECT_EQ(clean_display_name("ñññññññññññññññññññññññññññññ"), "ññññññññññññññññ");
}

}  // namespace
}  // namespace parlor::server
