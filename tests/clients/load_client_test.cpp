// `parlor load` against the real server: a short run's report, an interrupt, the server
// killed or silent mid-run, and redirects between a cluster's nodes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <deque>
#include <filesystem>
#include <memory>
#include <thread>

#include "tests/clients/clients_test_support.hpp"
#include "tests/clients/scripted_server.hpp"
#include "tests/server/server_process.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/run_command.hpp"

namespace parlor::testing {
namespace {

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

// As PlayScript.ALostLineEndsARowOfRedirects (clients_test.cpp), for the bots of `parlor
// load`: a player sent to a node it cannot reach (here a
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
