// The network clients of `parlor` against the real server: the terminal client's script
// mode through a full match and network bots joining a room by code (the load generator:
// load_client_test.cpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <thread>

#include "clients/cli/net/move_words.hpp"
#include "clients/cli/net/server_url.hpp"
#include "tests/clients/clients_test_support.hpp"
#include "tests/clients/scripted_server.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/run_command.hpp"

namespace parlor::testing {
namespace {

// `parlor play --script` against the server on `port`, `input` on its stdin, in a config
// home of its own (holding `token`, if given, as a saved token), bounded to 20 s.
CommandResult play_script(int port, const std::string& input, const std::string& token = "") {
  char home[] = "/tmp/parlor-play-script-XXXXXX";
  if (mkdtemp(home) == nullptr) return CommandResult{};
  if (!token.empty()) {
    std::filesystem::create_directories(std::filesystem::path(home) / "parlor");
    std::ofstream(std::filesystem::path(home) / "parlor" / "token") << token;
  }
  CommandResult result =
      run_command("XDG_CONFIG_HOME=" + std::string(home) + " timeout 20 " + parlor_cli_path() +
                      " play --script --server ws://127.0.0.1:" + std::to_string(port),
                  input);
  std::filesystem::remove_all(home);
  return result;
}

TEST(MoveWords, RulesWordsBecomeActions) {
  std::string error;
  EXPECT_EQ(*cli::net::parse_move("draw", &error), Json::parse(R"({"type":"draw"})"));
  EXPECT_EQ(*cli::net::parse_move("bid 9", &error), Json::parse(R"({"type":"bid","amount":9})"));
  EXPECT_EQ(*cli::net::parse_move("play AH", &error),
            Json::parse(R"({"type":"play","card":"AH"})"));
  EXPECT_EQ(*cli::net::parse_move("take 2 7C 2C", &error),
            Json::parse(R"({"type":"take","count":2,"discard":["7C","2C"]})"));
  EXPECT_EQ(*cli::net::parse_move("lower 7C 7D 7H / KC KD JK", &error),
            Json::parse(R"({"type":"lower","melds":[["7C","7D","7H"],["KC","KD","JK"]]})"));
  EXPECT_EQ(*cli::net::parse_move("draw stock", &error),
            Json::parse(R"({"type":"draw","from":"stock"})"));
  EXPECT_EQ(*cli::net::parse_move("lay_off seat=2 meld=1 card=8S end=high", &error),
            Json::parse(R"({"type":"lay_off","seat":2,"meld":1,"card":"8S","end":"high"})"));
  EXPECT_EQ(*cli::net::parse_move(R"({"type":"raise","amount":2})", &error),
            Json::parse(R"({"type":"raise","amount":2})"));
  EXPECT_FALSE(cli::net::parse_move("play banana", &error).has_value());
  EXPECT_FALSE(error.empty());
  // The first word is the type; a key=value word may not replace it (fuzz_card_notation).
  error.clear();
  EXPECT_FALSE(cli::net::parse_move("deck=3 type=3", &error).has_value());
  EXPECT_NE(error.find("type"), std::string::npos);
}

TEST(PlayScript, PlaysAFullMatchAgainstServerBots) {
  ServerProcess server = start_server();
  ASSERT_TRUE(server.running());
  std::filesystem::path config = std::filesystem::temp_directory_path() /
                                 ("parlor-play-test-" + std::to_string(server.port()));
  std::filesystem::remove_all(config);
  CommandResult result = run_command(
      "XDG_CONFIG_HOME=" + config.string() + " " + parlor_cli_path() +
          " play --script --name Ana --server " + url(server),
      "create perico 4 turn_seconds=0 bot_delay_ms=0\nbot random\nbot\nbot\nstart\nauto\n"
      "wait match_over\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::vector<Json> lines = json_lines(result.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front()["type"], "welcome");
  int accepted = 0;
  int rejected = 0;
  bool over = false;
  for (const Json& m : lines) {
    accepted += m["type"] == "accepted";
    rejected += m["type"] == "error";
    if (m["type"] == "match_over") {
      over = true;
      EXPECT_EQ(m["results"]["placings"].size(), 4u);
    }
  }
  EXPECT_TRUE(over) << result.out.substr(0, 2000);
  EXPECT_GT(accepted, 0);
  EXPECT_EQ(rejected, 0);
  // The token was kept for the next session.
  std::ifstream token_file(config / "parlor" / "token");
  std::string token;
  token_file >> token;
  EXPECT_EQ(token, lines.front()["token"].get<std::string>());
  std::filesystem::remove_all(config);
}

// One player on two devices: `claim-code` on the first shows a code; `--claim CODE` on
// the second greets as the same player with a token of its own, kept for the next run;
// a code is good once, and a refused claim exits 1.
TEST(PlayScript, ClaimCodeTakesTheSameIdentityToAnotherDevice) {
  ServerProcess server = start_server();
  ASSERT_TRUE(server.running());
  const auto base = std::filesystem::temp_directory_path() /
                    ("parlor-claim-test-" + std::to_string(server.port()));
  std::filesystem::remove_all(base);
  auto play = [&](const std::string& device, const std::string& flags, const std::string& input) {
    return run_command("XDG_CONFIG_HOME=" + (base / device).string() + " " + parlor_cli_path() +
                           " play --script --server " + url(server) + " " + flags,
                       input);
  };
  CommandResult laptop = play("laptop", "--name Ana", "claim-code\n");
  ASSERT_EQ(laptop.exit_code, 0) << laptop.err;
  std::vector<Json> first = json_lines(laptop.out);
  ASSERT_GE(first.size(), 2u) << laptop.out;
  const std::string ana = first.front()["player"]["id"];
  ASSERT_EQ(first[1]["type"], "claim_code") << laptop.out;
  const std::string code = first[1]["code"];
  EXPECT_EQ(first[1]["expires_in_seconds"], 600);

  CommandResult phone = play("phone", "--claim " + code, "");
  ASSERT_EQ(phone.exit_code, 0) << phone.err;
  std::vector<Json> second = json_lines(phone.out);
  ASSERT_GE(second.size(), 2u) << phone.out;
  EXPECT_EQ(second[0]["type"], "claimed");
  EXPECT_EQ(second[0]["player"]["id"], ana);
  EXPECT_EQ(second[1]["type"], "welcome");
  EXPECT_EQ(second[1]["player"]["id"], ana);
  EXPECT_EQ(second[1]["player"]["name"], "Ana");
  std::ifstream token_file(base / "phone" / "parlor" / "token");
  std::string token;
  token_file >> token;
  EXPECT_EQ(token, second[0]["token"].get<std::string>()) << "kept for the next run";
  CommandResult again = play("phone", "", "");  // the next run: the same player, by its token
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(json_lines(again.out).front()["player"]["id"], ana);

  CommandResult reused = play("tablet", "--claim " + code, "");
  EXPECT_EQ(reused.exit_code, 1) << reused.out;
  std::vector<Json> refused = json_lines(reused.out);
  ASSERT_FALSE(refused.empty());
  EXPECT_EQ(refused.front()["code"], "bad_claim_code");
  std::filesystem::remove_all(base);
}

TEST(NetworkBots, JoinARoomByCodeAndPlayItsMatch) {
  ServerProcess server = start_server();
  ASSERT_TRUE(server.running());
  ClientPool pool;
  WsClient* host = pool.connect(server.port());
  ASSERT_NE(host, nullptr);
  pool.hello(*host, "host");
  Json room = pool.request(*host, {{"type", "create_room"},
                                   {"game", "perico"},
                                   {"seats", 4},
                                   {"visibility", "private"},
                                   {"turn_seconds", 0},
                                   {"bot_delay_ms", 0},
                                   {"sit", false}});
  ASSERT_EQ(room["type"], "room") << room.dump();
  const std::string code = room["room"]["code"];
  const std::string room_id = room["room"]["id"];
  CommandResult bots;
  std::thread runner([&] {
    bots = run_command(parlor_cli_path() + " bot --server " + url(server) + " --room " + code +
                       " --seats 4 --level random");
  });
  auto full = [](const Json& m) {
    if (m.value("type", "") != "room") return false;
    for (const Json& seat : m["room"]["seats"]) {
      if (seat["kind"] == "empty") return false;
    }
    return true;
  };
  Json seated = pool.take(*host, full, std::chrono::seconds(15));
  ASSERT_FALSE(seated.is_null());
  EXPECT_EQ(pool.request(*host, {{"type", "start"}, {"room", room_id}})["type"], "ok");
  Json over = pool.take_type(*host, "match_over", std::chrono::seconds(40));
  runner.join();
  EXPECT_FALSE(over.is_null());
  EXPECT_EQ(bots.exit_code, 0) << bots.out << bots.err;
  EXPECT_NE(bots.out.find("4/4 finished"), std::string::npos) << bots.out;
}

TEST(ServerUrls, ListsAndRoomElsewhereTargets) {
  using cli::net::ServerUrl;
  std::vector<ServerUrl> urls;
  ASSERT_TRUE(cli::net::parse_url_list("ws://127.0.0.1:8001,ws://10.0.0.2:8002/n/b/ws", &urls));
  ASSERT_EQ(urls.size(), 2u);
  EXPECT_EQ(urls[0].port, "8001");
  EXPECT_EQ(urls[0].path, "/ws");
  EXPECT_EQ(urls[1].host, "10.0.0.2");
  EXPECT_EQ(urls[1].path, "/n/b/ws");
  EXPECT_FALSE(cli::net::parse_url_list("", &urls));
  EXPECT_FALSE(cli::net::parse_url_list("ws://a:1,http://b:2", &urls));

  ServerUrl here;
  ASSERT_TRUE(cli::net::parse_url("ws://proxy.local:8080/ws", &here));
  ServerUrl there;
  ASSERT_TRUE(cli::net::resolve_url(here, "/n/node2/ws", &there));
  EXPECT_EQ(cli::net::url_text(there), "ws://proxy.local:8080/n/node2/ws");
  ASSERT_TRUE(cli::net::resolve_url(here, "ws://10.0.0.6:9000/ws", &there));
  EXPECT_EQ(cli::net::url_text(there), "ws://10.0.0.6:9000/ws");
  for (const char* bad : {"", "n/node2/ws", "//evil/ws", "wss://secure/ws", "http://x/ws"}) {
    EXPECT_FALSE(cli::net::resolve_url(here, bad, &there)) << bad;
  }
  ASSERT_TRUE(cli::net::parse_url("ws://[::1]:8080/ws", &there));
  EXPECT_EQ(there.host, "::1");
  EXPECT_EQ(cli::net::url_text(there), "ws://[::1]:8080/ws");
}

// `parlor play --script` sent elsewhere at hello says hello on the node named and goes
// on there; the redirect itself is not shown.
TEST(PlayScript, FollowsRoomElsewhereWithoutShowingIt) {
  ServerProcess server = start_server();
  ASSERT_TRUE(server.running());
  ScriptedServer other_node = other_node_sending_to(url(server) + "/ws");
  CommandResult result = play_script(other_node.port(), "games\n");
  EXPECT_EQ(other_node.replies_sent(), 1);
  std::vector<Json> lines = json_lines(result.out);
  ASSERT_GE(lines.size(), 2u) << result.out << result.err;
  EXPECT_EQ(lines[0]["type"], "welcome") << result.out;
  EXPECT_EQ(lines[1]["type"], "games") << result.out;
  EXPECT_EQ(result.out.find("room_elsewhere"), std::string::npos) << result.out;
}

// A hello the server could not check (its database failing: store_unavailable) is said
// again, with the same token, and the session goes on: the token is not dropped, as it
// would be for bad_token (protocol/README.md).
TEST(PlayScript, SaysHelloAgainWithItsTokenWhenTheStoreCannotReadIt) {
  ScriptedServer server(
      {{"hello",
        {Json{{"type", "error"}, {"code", "store_unavailable"}, {"message", "try again"}},
         Json{{"type", "welcome"},
              {"player", {{"id", "p7"}, {"name", "Ann"}}},
              {"token", "tok-7"}}}},
       {"games", {Json{{"type", "games"}, {"games", Json::array()}}}}});
  CommandResult result = play_script(server.port(), "games\n", "tok-7");
  // Within the 20 s given, on the same connection: a live server answers pings, so a
  // client that did not say hello again would wait for a welcome forever.
  EXPECT_EQ(server.connections(), 1);
  std::vector<Json> lines = json_lines(result.out);
  ASSERT_EQ(lines.size(), 3u) << result.out << result.err;
  EXPECT_EQ(lines[0].value("code", ""), "store_unavailable") << result.out;
  EXPECT_EQ(lines[1]["type"], "welcome") << result.out;
  EXPECT_EQ(lines[2]["type"], "games") << result.out;
  const std::vector<Json> received = server.received();
  ASSERT_GE(received.size(), 3u);
  EXPECT_EQ(received[0]["type"], "hello");
  EXPECT_EQ(received[0].value("token", ""), "tok-7");
  EXPECT_EQ(received[1]["type"], "hello");
  EXPECT_EQ(received[1].value("token", ""), "tok-7") << "the token was dropped";
  EXPECT_EQ(received[2]["type"], "games");
}

// Five room_elsewhere in a row on live lines are a loop: the sixth is not followed. A lost
// line ends the row, though (the node a player was sent to was draining or restarting, so
// could not be reached): back through the address it started from, the client follows
// the next one. Before, the count ran on across the reconnection, and a player sent twice
// to a draining node gave up (two stalled tables of the cluster's container test).
TEST(PlayScript, ALostLineEndsARowOfRedirects) {
  ScriptedServer node({{"hello",
                        {Json{{"type", "welcome"},
                              {"player", {{"id", "p1-node3"}, {"name", "Ann"}}},
                              {"token", "tok-1"}}}},
                       {"games", {Json{{"type", "games"}, {"games", Json::array()}}}}});
  auto redirect = [](const std::string& url) {
    return Json{{"type", "error"},
                {"code", "room_elsewhere"},
                {"message", "this room is on another node"},
                {"room", "R1-node3"},
                {"node", "node3"},
                {"url", url}};
  };
  // The proxy: five redirects back to itself, a sixth (not followed; the proxy then
  // closes the line), and after the reconnection one to the node.
  std::deque<Json> redirects(6, redirect("/ws"));
  redirects.push_back(redirect("ws://127.0.0.1:" + std::to_string(node.port()) + "/ws"));
  ScriptedServer proxy({{"hello", redirects}}, ScriptedServer::kCloseAfterEachReply);
  CommandResult result = play_script(proxy.port(), "games\n", "tok-1");
  EXPECT_EQ(proxy.replies_sent(), 7) << result.out << result.err;
  EXPECT_EQ(node.connections(), 1) << result.out << result.err;
  // The limit still holds on live lines: the sixth, and only it, was not followed.
  const std::string refused = "cannot follow the room to node";
  const std::size_t first = result.err.find(refused);
  EXPECT_NE(first, std::string::npos) << result.err;
  EXPECT_EQ(result.err.find(refused, first + 1), std::string::npos) << result.err;
  std::vector<Json> lines = json_lines(result.out);
  ASSERT_GE(lines.size(), 2u) << result.out << result.err;
  EXPECT_EQ(lines[lines.size() - 2]["type"], "welcome") << result.out;
  EXPECT_EQ(lines.back()["type"], "games") << result.out;
}

}  // namespace
}  // namespace parlor::testing