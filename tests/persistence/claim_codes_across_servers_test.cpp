// A claim code lives in the store, not in the server that issued it: a code issued by one
// single server is claimed after that server was killed and started again (SQLite), and a
// code issued by one node of a cluster is claimed through another node sharing the same
// PostgreSQL. Either way the claiming device becomes the same player, and the code works
// once only, wherever it is entered next.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/throwaway_postgres.hpp"

namespace parlor::testing {
namespace {

constexpr std::chrono::seconds kPatience{20};

class ClaimCodesAcrossServers : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir_template[] = "/tmp/parlor-claims-XXXXXX";
    ASSERT_NE(mkdtemp(dir_template), nullptr);
    dir_ = dir_template;
  }
  void TearDown() override {
    servers_.clear();
    postgres_.reset();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  ServerProcess& start(const std::string& db, std::vector<std::string> extra = {}, int port = 0) {
    std::vector<std::string> args = {"--db", db, "--rate", "0", "--log-level", "warn"};
    args.insert(args.end(), extra.begin(), extra.end());
    servers_.push_back(std::make_unique<ServerProcess>(parlor_server_path(), args, port));
    return *servers_.back();
  }
  // A new client on `server` that said hello (with `token` if given).
  Json hello(ServerProcess& server, const std::string& name, const std::string& token = "") {
    WsClient* client = pool_.connect(server.port());
    if (!client) return Json();
    Json message = {{"type", "hello"}, {"version", 1}, {"name", name}};
    if (!token.empty()) message["token"] = token;
    last_ = client;
    return pool_.request(*client, message, kPatience);
  }
  Json ask(const Json& message) { return pool_.request(*last_, message, kPatience); }
  // A new connection to `server` that enters `code` (before hello).
  Json claim(ServerProcess& server, const std::string& code) {
    WsClient* client = pool_.connect(server.port());
    if (!client) return Json();
    last_ = client;
    return ask({{"type", "claim"}, {"code", code}});
  }

  std::string dir_;
  std::unique_ptr<ThrowawayPostgres> postgres_;
  std::vector<std::unique_ptr<ServerProcess>> servers_;
  ClientPool pool_;
  WsClient* last_ = nullptr;
};

TEST_F(ClaimCodesAcrossServers, ACodeSurvivesTheKillAndRestartOfASingleServer) {
  const std::string db = dir_ + "/parlor.db";
  ServerProcess& first = start(db);
  ASSERT_TRUE(first.running());
  Json laptop = hello(first, "Ana");
  ASSERT_EQ(laptop.value("type", ""), "welcome") << laptop.dump();
  Json code = ask({{"type", "claim_code"}});
  ASSERT_EQ(code.value("type", ""), "claim_code") << code.dump();
  const int port = first.port();
  first.kill_now();  // the code was committed before it was shown: nothing to flush

  ServerProcess& again = start(db, {}, port);
  ASSERT_TRUE(again.running());
  Json claimed = claim(again, code["code"]);
  ASSERT_EQ(claimed.value("type", ""), "claimed") << claimed.dump() << again.log();
  EXPECT_EQ(claimed["player"]["id"], laptop["player"]["id"]);
  EXPECT_EQ(claimed["player"]["name"], "Ana");
  Json phone = hello(again, "", claimed["token"]);
  ASSERT_EQ(phone.value("type", ""), "welcome") << phone.dump();
  EXPECT_EQ(phone["player"]["id"], laptop["player"]["id"]);
  EXPECT_EQ(claim(again, code["code"]).value("code", ""), "bad_claim_code") << "used once";
}

TEST_F(ClaimCodesAcrossServers, ACodeIssuedByOneNodeIsClaimedThroughAnotherOnce) {
  std::string why;
  postgres_ = ThrowawayPostgres::start(why);
  if (!postgres_) GTEST_SKIP() << why;
  const std::string db = postgres_->create_database("claims");
  ServerProcess& node_a = start(db, {"--node", "node-a"});
  ServerProcess& node_b = start(db, {"--node", "node-b"});
  ASSERT_TRUE(node_a.running() && node_b.running());

  Json laptop = hello(node_a, "Ana");
  ASSERT_EQ(laptop.value("type", ""), "welcome") << laptop.dump();
  Json code = ask({{"type", "claim_code"}});
  ASSERT_EQ(code.value("type", ""), "claim_code") << code.dump();

  Json claimed = claim(node_b, code["code"]);
  ASSERT_EQ(claimed.value("type", ""), "claimed") << claimed.dump() << node_b.log();
  EXPECT_EQ(claimed["player"]["id"], laptop["player"]["id"]);
  EXPECT_EQ(claimed["player"]["name"], "Ana");
  for (ServerProcess* node : {&node_b, &node_a}) {  // the new token works on every node
    Json phone = hello(*node, "", claimed["token"]);
    ASSERT_EQ(phone.value("type", ""), "welcome") << phone.dump();
    EXPECT_EQ(phone["player"]["id"], laptop["player"]["id"]);
  }
  Json again = claim(node_a, code["code"]);
  EXPECT_EQ(again.value("code", ""), "bad_claim_code") << again.dump();
}

}  // namespace
}  // namespace parlor::testing
