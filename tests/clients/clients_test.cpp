// The network clients of `parlor` against the real server: the terminal client's script
// mode through a full match, network bots joining a room by code, and a short load run.
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include "clients/cli/net/move_words.hpp"
#include "clients/cli/net/server_url.hpp"
#include "tests/clients/scripted_server.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/run_command.hpp"

namespace parlor::testing {
namespace {

// Fast tables: no bot delay, no pause between rounds, no rate limit for many clients.
ServerProcess start_server() {
  return ServerProcess(parlor_server_path(), {"--rate", "0", "--max-connections-per-ip", "0",
                                              "--round-pause-ms", "0", "--bot-delay-ms", "0"});
}

std::string url(const ServerProcess& server) {
  return "ws://127.0.0.1:" + std::to_string(server.port());
}

// A cluster's other node, as a client meets it: every hello answered `room_elsewhere`,
// pointing at `target_url`, and the connection closed.
ScriptedServer other_node_sending_to(const std::string& target_url) {
  const Json redirect = {
      {"type", "error"},    {"code", "room_elsewhere"}, {"message", "this room is on another node"},
      {"room", "R1-node2"}, {"node", "node2"},          {"url", target_url}};
  return ScriptedServer({{"hello", std::deque<Json>(16, redirect)}},
                        ScriptedServer::kCloseAfterEachReply);
}

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

std::vector<Json> json_lines(const std::string& text) {
  std::vector<Json> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    Json parsed = Json::parse(line, nullptr, false);
    if (parsed.is_object()) lines.push_back(parsed);
  }
  return lines;
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

TEST(Load, ShortRunReportsEverythingAndLosesNothing) {
  ServerProcess server = start_server();
  ASSERT_TRUE(server.running());
  CommandResult result = run_command(parlor_cli_path() + " load --server " + url(server) +
                                     " --game perico --tables 3 --seats 4 --duration 3 --json");
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  std::vector<Json> lines = json_lines(result.out);
  ASSERT_EQ(lines.size(), 1u) << result.out;
  const Json& r = lines[0];
  for (const char* key : {"actions_per_second", "messages_per_second", "latency_ms",
                          "connection_errors", "rejections", "actions_lost", "clients"}) {
    EXPECT_TRUE(r.contains(key)) << key;
  }
  for (const char* key : {"p50", "p90", "p99", "max", "count"}) {
    EXPECT_TRUE(r["latency_ms"].contains(key)) << key;
  }
  EXPECT_EQ(r["clients"], 12);
  EXPECT_GT(r["actions_accepted"].get<int>(), 50);
  EXPECT_EQ(r["actions_lost"], 0);
  EXPECT_EQ(r["connection_errors"], 0);
  EXPECT_EQ(r["rejections"], 0);
  EXPECT_EQ(r["latency_ms"]["count"], r["updates_matched"]);
  EXPECT_LE(r["latency_ms"]["p50"].get<double>(), r["latency_ms"]["p99"].get<double>());
  EXPECT_GT(r["messages_per_second"].get<double>(), r["actions_per_second"].get<double>());
}

// A run given a long --duration is cut short with SIGINT once its tables play: the window
// ends then, and the report covers what was measured, with nothing lost.
TEST(Load, AnInterruptEndsTheWindowAndReportsIt) {
  ServerProcess server = start_server();
  ASSERT_TRUE(server.running());
  char pid_template[] = "/tmp/parlor-load-pid-XXXXXX";
  const int pid_fd = mkstemp(pid_template);
  ASSERT_GE(pid_fd, 0);
  close(pid_fd);
  const std::string pid_file = pid_template;
  CommandResult result;
  std::thread load([&] {
    result =
        run_command(recording_pid(parlor_cli_path() + " load --server " + url(server) +
                                      " --game perico --tables 3 --seats 4 --duration 600 --json",
                                  pid_file));
  });
  // Every table has started once moves are being accepted well past the first round.
  for (int tries = 0; tries < 600 && metric(server.port(), "parlor_actions_accepted_total") < 300;
       ++tries) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const pid_t load_pid = read_pid(pid_file);
  ASSERT_GT(load_pid, 0);
  const auto interrupted = std::chrono::steady_clock::now();
  kill(load_pid, SIGINT);
  load.join();
  std::filesystem::remove(pid_file);

  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  std::vector<Json> lines = json_lines(result.out);
  ASSERT_EQ(lines.size(), 1u) << result.out;
  const Json& r = lines[0];
  EXPECT_LT(r["seconds"].get<double>(), 60) << r.dump();
  EXPECT_GT(r["seconds"].get<double>(), 0) << r.dump();
  EXPECT_GT(r["actions_accepted"].get<int>(), 0) << r.dump();
  EXPECT_EQ(r["actions_lost"], 0) << r.dump();
  EXPECT_EQ(r["connection_errors"], 0) << r.dump();
  EXPECT_TRUE(r["errors"].empty()) << r.dump();
  // It stopped soon after the signal: the drain (1.5 s), not the 600 s duration.
  EXPECT_LT(std::chrono::steady_clock::now() - interrupted, std::chrono::seconds(30));
}

// The server is killed (SIGKILL: nothing flushed, no goodbye) in the middle of a load run
// and restarted on the same port and database: every client comes back with its token,
// finds its seat, and play goes on. Nothing a client saw accepted is lost.
TEST(Load, ResumesEverySeatWhenTheServerIsKilledAndRestarted) {
  char dir_template[] = "/tmp/parlor-load-restart-XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  const std::string dir = dir_template;
  const std::vector<std::string> args = {
      "--rate", "0",    "--max-connections-per-ip", "0", "--round-pause-ms", "0", "--bot-delay-ms",
      "0",      "--db", dir + "/parlor.db"};
  const int port = free_port();
  auto server = std::make_unique<ServerProcess>(parlor_server_path(), args, port);
  CommandResult result;
  std::thread load([&] {
    result =
        run_command(parlor_cli_path() + " load --server ws://127.0.0.1:" + std::to_string(port) +
                    " --game perico --tables 3 --seats 4 --duration 10 --json");
  });
  std::this_thread::sleep_for(std::chrono::seconds(3));
  server->kill_now();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // down for a while
  server = std::make_unique<ServerProcess>(parlor_server_path(), args, port);
  load.join();
  const std::string log = server->log();
  server.reset();
  std::filesystem::remove_all(dir);

  ASSERT_EQ(result.exit_code, 0) << result.out << result.err << log;
  std::vector<Json> lines = json_lines(result.out);
  ASSERT_EQ(lines.size(), 1u) << result.out;
  const Json& r = lines[0];
  EXPECT_EQ(r["reconnects"], 12) << r.dump();  // every client, once
  EXPECT_EQ(r["actions_lost"], 0) << r.dump();
  EXPECT_EQ(r["connection_errors"], 0) << r.dump();
  EXPECT_EQ(r["rejections"], 0) << r.dump();
  EXPECT_EQ(r["stalled_tables"], 0) << r.dump();
  EXPECT_EQ(r["redirects"], 0) << r.dump();  // one server: nothing is elsewhere
  // The tables waited at least while the server was down, and played before and after.
  EXPECT_GE(r["max_stall_ms"].get<double>(), 400) << r.dump();
  EXPECT_GT(r["actions_accepted"].get<int>(), 100) << r.dump();
}

// The server is paused (SIGSTOP: its connections stay open, nothing is said on them) in
// the middle of a load run, then resumed. The clients notice the silence (a ping after
// 0.5 s, given up 0.5 s later), reconnect and, once the server runs again, resume their
// seats and send again the moves they had in flight; nothing is lost or applied twice.
TEST(Load, ReconnectsWhenTheServerFallsSilent) {
  char dir_template[] = "/tmp/parlor-load-silent-XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  const std::string dir = dir_template;
  ServerProcess server(parlor_server_path(),
                       {"--rate", "0", "--max-connections-per-ip", "0", "--round-pause-ms", "0",
                        "--bot-delay-ms", "0", "--db", dir + "/parlor.db"});
  ASSERT_TRUE(server.running());
  CommandResult result;
  std::thread load([&] {
    result = run_command(parlor_cli_path() + " load --server " + url(server) +
                         " --game perico --tables 2 --seats 4 --rate 20 --duration 10"
                         " --ping-after 0.5 --give-up-after 0.5 --json");
  });
  std::this_thread::sleep_for(std::chrono::seconds(3));
  kill(server.pid(), SIGSTOP);
  std::this_thread::sleep_for(std::chrono::seconds(2));
  kill(server.pid(), SIGCONT);
  load.join();
  const std::string log = server.log();
  std::filesystem::remove_all(dir);

  ASSERT_EQ(result.exit_code, 0) << result.out << result.err << log;
  std::vector<Json> lines = json_lines(result.out);
  ASSERT_EQ(lines.size(), 1u) << result.out;
  const Json& r = lines[0];
  // Every client gave the silent line up at least once (the TCP connections never broke).
  EXPECT_GE(r["reconnects"].get<int>(), 8) << r.dump();
  EXPECT_EQ(r["actions_lost"], 0) << r.dump();
  EXPECT_EQ(r["connection_errors"], 0) << r.dump();
  EXPECT_EQ(r["rejections"], 0) << r.dump();
  EXPECT_EQ(r["stalled_tables"], 0) << r.dump();
  EXPECT_GE(r["max_stall_ms"].get<double>(), 1500) << r.dump();  // the pause itself
  ASSERT_TRUE(r["stalls"].is_array()) << r.dump();
  EXPECT_FALSE(r["stalls"].empty()) << r.dump();
  for (const Json& stall : r["stalls"]) EXPECT_GE(stall["ms"].get<double>(), 1000) << r.dump();
  EXPECT_GT(r["actions_accepted"].get<int>(), 100) << r.dump();
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

// A client sent elsewhere (a cluster's room_elsewhere, here from a stand-in node answering
// every hello so) goes to the node named and plays there: half the load's clients start
// at the stand-in node, every one follows, and the run is as clean as on one server.
TEST(Load, FollowsRoomElsewhereToTheNodeNamed) {
  ServerProcess server = start_server();
  ASSERT_TRUE(server.running());
  ScriptedServer other_node = other_node_sending_to(url(server) + "/ws");
  CommandResult result = run_command(
      parlor_cli_path() + " load --server ws://127.0.0.1:" + std::to_string(other_node.port()) +
      "," + url(server) + " --game perico --tables 2 --seats 4 --duration 2 --json");
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  std::vector<Json> lines = json_lines(result.out);
  ASSERT_EQ(lines.size(), 1u) << result.out;
  const Json& r = lines[0];
  EXPECT_EQ(r["servers"], 2);
  EXPECT_EQ(r["redirects"], 4) << r.dump();  // clients 0, 2, 4, 6 started at the stand-in node
  EXPECT_EQ(other_node.replies_sent(), 4);
  EXPECT_EQ(r["reconnects"], 0) << r.dump();
  EXPECT_EQ(r["connection_errors"], 0) << r.dump();
  EXPECT_EQ(r["actions_lost"], 0) << r.dump();
  EXPECT_GT(r["actions_accepted"].get<int>(), 20) << r.dump();
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

// The same for the bots of `parlor load`: a player sent to a node it cannot reach (here a
// port where nothing listens) comes back through the address it started from, six times
// in a row, and still follows the seventh redirect to the node that answers. Before, the
// sixth made it give the seat up: the two stalled tables of the container test.
TEST(Load, ALostLineEndsARowOfRedirects) {
  ScriptedServer node({{"hello",
                        {Json{{"type", "welcome"},
                              {"player", {{"id", "p1-node3"}, {"name", "load-0"}}},
                              {"token", "tok-1"}}}}});
  auto redirect = [](int port) {
    return Json{{"type", "error"},
                {"code", "room_elsewhere"},
                {"message", "this room is on another node"},
                {"room", "R1-node3"},
                {"node", "node3"},
                {"url", "ws://127.0.0.1:" + std::to_string(port) + "/ws"}};
  };
  std::deque<Json> replies{Json{{"type", "welcome"},
                                {"player", {{"id", "p1-node3"}, {"name", "load-0"}}},
                                {"token", "tok-1"}}};
  const int unreachable = free_port();  // nothing listens there
  for (int i = 0; i < 6; ++i) replies.push_back(redirect(unreachable));
  replies.push_back(redirect(node.port()));
  // The proxy: a welcome, then every hello sent on, each line closed once answered.
  ScriptedServer proxy({{"hello", replies}}, ScriptedServer::kCloseAfterEachReply);
  // Seven reconnections with their backoff (0.1 s doubling to 2 s) take about 7 s. The
  // table never fills (the node answers nothing more), so the run is cut at 12 s.
  CommandResult result =
      run_command("timeout 12 " + parlor_cli_path() +
                  " load --server ws://127.0.0.1:" + std::to_string(proxy.port()) +
                  " --game perico --tables 1 --seats 2 --duration 5 --json");
  EXPECT_EQ(proxy.replies_sent(), 8) << result.out << result.err;
  ASSERT_EQ(node.connections(), 1) << "gave the seat up: " << result.out << result.err;
  const std::vector<Json> received = node.received();
  ASSERT_FALSE(received.empty());
  EXPECT_EQ(received[0]["type"], "hello");
  EXPECT_EQ(received[0].value("token", ""), "tok-1");
}

}  // namespace
}  // namespace parlor::testing
