// Flags, environment variables and their defaults.
#include <gtest/gtest.h>

#include <map>

#include "server/config.hpp"
#include "server/net/rate_limiter.hpp"
#include "server/players/players.hpp"
#include "server/store/store.hpp"

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

TEST(Config, BotsThinkWithinABudgetOnTheirOwnThreads) {
  auto defaults = parse_command_line({}, env_of({}));
  ASSERT_TRUE(defaults.ok());
  EXPECT_EQ(defaults->config.bot_budget_ms, 50);
  EXPECT_EQ(defaults->config.bot_threads, 0);  // one less than the cores
  auto set =
      parse_command_line({"--bot-budget-ms", "20"},
                         env_of({{"PARLOR_BOT_BUDGET_MS", "30"}, {"PARLOR_BOT_THREADS", "3"}}));
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set->config.bot_budget_ms, 20);
  EXPECT_EQ(set->config.bot_threads, 3);
  EXPECT_EQ(parse_command_line({}, env_of({{"PARLOR_BOT_BUDGET_MS", "40"}}))->config.bot_budget_ms,
            40);
  EXPECT_FALSE(parse_command_line({"--bot-budget-ms", "0"}, env_of({})).ok());
  EXPECT_FALSE(parse_command_line({"--bot-budget-ms", "10001"}, env_of({})).ok());
  EXPECT_FALSE(parse_command_line({"--bot-threads", "65"}, env_of({})).ok());
  EXPECT_NE(usage_text().find("--bot-budget-ms"), std::string::npos);
  EXPECT_NE(usage_text().find("PARLOR_BOT_BUDGET_MS"), std::string::npos);
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
  for (const char* name : {"--port",
                           "--db",
                           "--web-root",
                           "--threads",
                           "--log-level",
                           "--turn-seconds",
                           "--max-message-bytes",
                           "--rate",
                           "--burst",
                           "--max-connections-per-ip",
                           "--idle-timeout",
                           "--allowed-origins",
                           "PARLOR_PORT",
                           "--chat-burst",
                           "PARLOR_CHAT_BURST",
                           "--chat-interval-ms",
                           "PARLOR_CHAT_INTERVAL_MS",
                           "--chat-max-chars",
                           "PARLOR_CHAT_MAX_CHARS",
                           "--replay-cache-bytes",
                           "PARLOR_REPLAY_CACHE_BYTES"}) {
    EXPECT_NE(text.find(name), std::string::npos) << name;
  }
}

TEST(Config, CommitSpacingIsAMillisecondUnlessSetByFlagOrEnvironment) {
  auto defaults = parse_command_line({}, env_of({}));
  ASSERT_TRUE(defaults.ok());
  EXPECT_EQ(defaults->config.commit_spacing_ms, 1);
  EXPECT_EQ(defaults->config.commit_ms, 0);
  auto from_env = parse_command_line({}, env_of({{"PARLOR_COMMIT_SPACING_MS", "0"}}));
  ASSERT_TRUE(from_env.ok());
  EXPECT_EQ(from_env->config.commit_spacing_ms, 0);
  auto from_flag = parse_command_line({"--commit-spacing-ms", "5"}, env_of({}));
  ASSERT_TRUE(from_flag.ok());
  EXPECT_EQ(from_flag->config.commit_spacing_ms, 5);
  EXPECT_FALSE(parse_command_line({"--commit-spacing-ms", "-1"}, env_of({})).ok());
  EXPECT_FALSE(parse_command_line({"--commit-spacing-ms", "1001"}, env_of({})).ok());
  EXPECT_NE(usage_text().find("PARLOR_COMMIT_SPACING_MS"), std::string::npos);
}

TEST(Config, ChatLimitsComeFromFlagsOrTheEnvironment) {
  auto defaults = parse_command_line({}, env_of({}));
  ASSERT_TRUE(defaults.ok());
  EXPECT_EQ(defaults->config.chat_burst, 5);
  EXPECT_EQ(defaults->config.chat_interval_ms, 2000);
  EXPECT_EQ(defaults->config.chat_max_chars, 300);
  auto parsed = parse_command_line({"--chat-burst", "2", "--chat-max-chars=40"},
                                   env_of({{"PARLOR_CHAT_INTERVAL_MS", "0"}}));
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->config.chat_burst, 2);
  EXPECT_EQ(parsed->config.chat_interval_ms, 0);
  EXPECT_EQ(parsed->config.chat_max_chars, 40);
  EXPECT_FALSE(parse_command_line({"--chat-burst", "0"}, env_of({})).ok());
  EXPECT_FALSE(parse_command_line({"--chat-max-chars", "5000"}, env_of({})).ok());
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

TEST(Config, NoNodeIsASingleServerAsBefore) {
  auto parsed = parse_command_line({}, env_of({}));
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->config.node, "");
  EXPECT_EQ(parsed->config.public_url, "");
}

TEST(Config, NodeNamesAreShortLowerCaseAndStartWithALetter) {
  EXPECT_TRUE(valid_node_name("node2"));
  EXPECT_TRUE(valid_node_name("eu-west-1a"));
  EXPECT_TRUE(valid_node_name(std::string(32, 'n')));
  EXPECT_FALSE(valid_node_name(std::string(33, 'n')));
  EXPECT_FALSE(valid_node_name(""));
  EXPECT_FALSE(valid_node_name("2node"));
  EXPECT_FALSE(valid_node_name("-node"));
  EXPECT_FALSE(valid_node_name("Node"));
  EXPECT_FALSE(valid_node_name("node_2"));
  EXPECT_FALSE(valid_node_name("node 2"));
  auto bad =
      parse_command_line({"--node", "Node_2", "--db", "postgresql://p@h:5432/d"}, env_of({}));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, "bad_flag");
  EXPECT_NE(bad.error().message.find("--node"), std::string::npos);
}

TEST(Config, NodeNeedsAPostgresDatabase) {
  auto sqlite = parse_command_line({"--node", "node1", "--db", "/tmp/x.db"}, env_of({}));
  ASSERT_FALSE(sqlite.ok());
  EXPECT_EQ(sqlite.error().code, "bad_flag");
  EXPECT_NE(sqlite.error().message.find("PostgreSQL"), std::string::npos);
  auto by_default = parse_command_line({}, env_of({{"PARLOR_NODE", "node1"}}));
  EXPECT_FALSE(by_default.ok());
  for (const char* uri : {"postgresql://parlor@db:5432/parlor", "postgres://u:pw@10.0.0.2/p"}) {
    auto ok = parse_command_line({"--node", "node1", "--db", uri}, env_of({}));
    EXPECT_TRUE(ok.ok()) << uri;
  }
  EXPECT_TRUE(is_postgres_uri("postgresql://h/d"));
  EXPECT_FALSE(is_postgres_uri("./data/postgresql.db"));
}

TEST(Config, PublicUrlDefaultsToTheListenAddressWithANode) {
  auto parsed = parse_command_line({"--node", "node2", "--address", "10.0.0.5", "--port", "9001"},
                                   env_of({{"PARLOR_DB", "postgresql://parlor@db/parlor"}}));
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->config.node, "node2");
  EXPECT_EQ(parsed->config.public_url, "ws://10.0.0.5:9001/ws");
  auto wildcard = parse_command_line({"--node", "node2", "--db", "postgresql://h/d"}, env_of({}));
  ASSERT_TRUE(wildcard.ok());
  EXPECT_EQ(wildcard->config.public_url.rfind("ws://", 0), 0u);
  EXPECT_EQ(wildcard->config.public_url.find("0.0.0.0"), std::string::npos)
      << wildcard->config.public_url;
  auto ipv6 = parse_command_line({"--node", "n", "--db", "postgresql://h/d", "--address", "::1"},
                                 env_of({}));
  ASSERT_TRUE(ipv6.ok());
  EXPECT_EQ(ipv6->config.public_url, "ws://[::1]:8080/ws");
}

TEST(Config, PublicUrlIsWebSocketOrASameOriginPath) {
  auto given = parse_command_line(
      {"--node", "node2", "--db", "postgresql://h/d", "--public-url", "/n/node2/ws"}, env_of({}));
  ASSERT_TRUE(given.ok());
  EXPECT_EQ(given->config.public_url, "/n/node2/ws");
  EXPECT_TRUE(valid_public_url("ws://10.0.0.5:8080/ws"));
  EXPECT_TRUE(valid_public_url("wss://play.example.org/ws"));
  EXPECT_FALSE(valid_public_url("http://10.0.0.5:8080/ws"));
  EXPECT_FALSE(valid_public_url("ws://"));
  EXPECT_FALSE(valid_public_url("//other.host/ws"));
  EXPECT_FALSE(valid_public_url("n/node2/ws"));
  EXPECT_FALSE(valid_public_url("/"));
  auto bad = parse_command_line({"--public-url", "http://x/ws"}, env_of({}));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("--public-url"), std::string::npos);
}

TEST(Players, NodeIdsCarryTheNodeNameAndAdoptedPlayersResume) {
  Players here("-node2");
  PlayerIdentity ana = here.create("Ana");
  EXPECT_EQ(ana.id, "p1-node2");
  EXPECT_EQ(here.create("Bea").id, "p2-node2");
  EXPECT_EQ(Players().create("Cy").id, "p1");  // a single server: unchanged

  // Dan was created on node3: this node learns of him from the shared store.
  Players elsewhere("-node3");
  PlayerIdentity dan = elsewhere.create("Dan");
  EXPECT_FALSE(here.resume(dan.token, ""));
  store::PlayerRow row{dan.id, "Dan", Players::hash_token(dan.token), 1, 1};
  EXPECT_FALSE(here.adopt(row, ana.token, ""));  // the row is not this token's
  auto adopted = here.adopt(row, dan.token, "Daniel");
  ASSERT_TRUE(adopted);
  EXPECT_EQ(adopted->id, "p1-node3");
  EXPECT_EQ(adopted->name, "Daniel");
  EXPECT_TRUE(adopted->token.empty());
  auto again = here.resume(dan.token, "");
  ASSERT_TRUE(again);
  EXPECT_EQ(again->id, "p1-node3");
  EXPECT_EQ(here.create("Eve").id, "p3-node2");  // another node's ids do not move the counter
}

}  // namespace
}  // namespace parlor::server
