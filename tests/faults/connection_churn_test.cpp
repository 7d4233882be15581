// Connection churn against the real parlor-server: thousands of WebSocket connections
// that greet and go (some with a close frame, some dropping the socket, some reset in
// the middle of the upgrade) while a table plays. Afterwards the server's file
// descriptors and memory are back near where they were, and the table's moves took
// about as long during the churn as before it.
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <atomic>
#include <thread>

#include "tests/faults/fault_support.hpp"
#include "tests/server/server_process.hpp"
#include "tests/support/built_paths.hpp"

namespace parlor::testing {
namespace {

constexpr int kChurnConnections = 10000;
constexpr auto kChurnTimeLimit = 45s;
// Identities the churning clients resume with tokens, as reconnecting players do (a
// new identity is a new player the server keeps: growth by design, not a leak).
constexpr int kIdentities = 16;

struct ChurnCounts {
  std::atomic<int> greeted{0};
  std::atomic<int> reset_mid_upgrade{0};
  std::atomic<int> failed{0};
};

std::string token_for(int port, const std::string& name) {
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws(ioc);
  beast::error_code ec;
  beast::get_lowest_layer(ws).connect(
      {net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)}, ec);
  if (!ec) ws.handshake("127.0.0.1", "/ws", ec);
  if (ec) return "";
  ws.write(net::buffer(Json{{"type", "hello"}, {"version", 1}, {"name", name}}.dump()), ec);
  beast::flat_buffer buffer;
  if (!ec) ws.read(buffer, ec);
  if (ec) return "";
  Json welcome = Json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
  ws.close(websocket::close_code::normal, ec);
  return welcome.value("token", "");
}

// One connection of the churn: kind 0..9. Kind 0 resets the connection halfway
// through its upgrade request; the others upgrade, say hello with a token, read the
// welcome, and leave with a close frame (odd kinds) or by just closing the socket.
void churn_once(int port, int kind, const std::string& token, ChurnCounts& counts) {
  if (kind == 0) {
    int fd = tcp_connect(port);
    if (fd < 0) return void(++counts.failed);
    send_all(fd, "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConn");
    close_with_reset(fd);
    ++counts.reset_mid_upgrade;
    return;
  }
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws(ioc);
  beast::error_code ec;
  beast::get_lowest_layer(ws).expires_after(5s);
  beast::get_lowest_layer(ws).connect(
      {net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)}, ec);
  if (!ec) ws.handshake("127.0.0.1", "/ws", ec);
  if (!ec) {
    ws.write(
        net::buffer(
            Json{{"type", "hello"}, {"version", 1}, {"name", "churn"}, {"token", token}}.dump()),
        ec);
  }
  beast::flat_buffer buffer;
  if (!ec) ws.read(buffer, ec);
  if (ec || beast::buffers_to_string(buffer.data()).find("\"welcome\"") == std::string::npos) {
    return void(++counts.failed);
  }
  ++counts.greeted;
  if (kind % 2 == 1) {
    ws.close(websocket::close_code::normal, ec);
  } else {
    beast::get_lowest_layer(ws).socket().close(ec);  // a tab closed: FIN, no close frame
  }
}

void churn(int port, int connections, const std::vector<std::string>& tokens, ChurnCounts& counts) {
  auto deadline = std::chrono::steady_clock::now() + kChurnTimeLimit;
  for (int i = 0; i < connections && std::chrono::steady_clock::now() < deadline; ++i) {
    churn_once(port, i % 10, tokens[static_cast<std::size_t>(i) % tokens.size()], counts);
  }
}

TEST(ConnectionFaults, ChurnLeavesNoDescriptorsOrMemoryAndTheTableKeepsItsPace) {
  ServerProcess server(parlor_server_path(),
                       instant_table_flags({"--max-connections-per-ip", "0", "--handshake-timeout",
                                            "2", "--log-level", "warn"}));
  const pid_t pid = server_pid(server.port());
  ASSERT_GT(pid, 0);
  std::vector<std::string> tokens;
  for (int i = 0; i < kIdentities; ++i) {
    tokens.push_back(token_for(server.port(), "churn" + std::to_string(i)));
    ASSERT_FALSE(tokens.back().empty());
  }

  ClientPool pool;
  TimedTable table(pool, server.port());
  ASSERT_TRUE(table.ready());
  // A warm-up churn first, so the baseline includes the allocator's and SQLite's
  // steady state (thread caches, page cache) rather than a cold process.
  ChurnCounts warmup;
  std::thread warm([&] { churn(server.port(), 300, tokens, warmup); });
  table.play_for(1s);
  warm.join();
  table.play_for(3s);
  table.take_round_trips();
  const int fds_before = open_fds(pid);
  const int sockets_before = open_sockets(pid);
  const long rss_before = rss_kb(pid);
  table.play_for(6s);
  std::vector<double> before = table.take_round_trips();

  ChurnCounts counts;
  std::atomic<bool> churning{true};
  auto started = std::chrono::steady_clock::now();
  std::thread churner([&] {
    churn(server.port(), kChurnConnections, tokens, counts);
    churning = false;
  });
  for (int slice = 0; slice < 120 && churning; ++slice) table.play_for(500ms);
  churner.join();
  std::chrono::duration<double> churn_seconds = std::chrono::steady_clock::now() - started;
  std::vector<double> during = table.take_round_trips();
  ASSERT_FALSE(table.broken()) << server.log();

  // Sessions end on their own strands after the socket closes: give them a moment.
  const int sockets_after = wait_for_sockets_at_most(pid, sockets_before, 10s);
  const int fds_after = open_fds(pid);
  table.play_for(1s);
  const long rss_after = rss_kb(pid);
  const int connections = counts.greeted + counts.reset_mid_upgrade;

  double p50_before = percentile(before, 50), p99_before = percentile(before, 99);
  double p50_during = percentile(during, 50), p99_during = percentile(during, 99);
  std::printf(
      "churn: %d greeted + %d reset mid-upgrade (%d failed) in %.1f s (%.0f/s)\n"
      "  sockets %d -> %d, all fds %d -> %d; RSS %ld -> %ld KB (%+.2f KB per connection)\n"
      "  move round trip before: n=%zu p50 %.1f ms p99 %.1f ms; during: n=%zu p50 %.1f ms "
      "p99 %.1f ms\n",
      counts.greeted.load(), counts.reset_mid_upgrade.load(), counts.failed.load(),
      churn_seconds.count(), connections / churn_seconds.count(), sockets_before, sockets_after,
      fds_before, fds_after, rss_before, rss_after,
      double(rss_after - rss_before) / std::max(connections, 1), before.size(), p50_before,
      p99_before, during.size(), p50_during, p99_during);

  EXPECT_GE(connections, 3000) << "the churn was too slow to mean much";
  EXPECT_LE(counts.failed.load(), connections / 100) << server.log();
  // Descriptors: the sockets are exactly the baseline's again (the listener and the
  // table's connection); the others may count one WAL handle SQLite opened lazily.
  EXPECT_LE(sockets_after, sockets_before);
  EXPECT_LE(fds_after, fds_before + 1);
  // Memory: glibc keeps freed memory in per-thread caches and arenas, so RSS moves by
  // a few MB without a leak. A leaked session would hold at least its 16 KB read buffer
  // and stream state: thousands of them would add tens of MB. 8 MB flags that.
  if (kRssBoundsApply) {
    EXPECT_LE(rss_after - rss_before, 8 * 1024)
        << "RSS grew by " << rss_after - rss_before << " KB";
  }
  // Latency: generous on a shared 2-core machine (the churn itself takes a core): the
  // table's p99 may rise but not by more than 4x plus 100 ms.
  ASSERT_GE(before.size(), 10u);
  ASSERT_GE(during.size(), 10u);
  EXPECT_LE(p99_during, 4 * p99_before + 100);
  EXPECT_EQ(http_status(http_get(server.port(), "/healthz")), 200);
}

}  // namespace
}  // namespace parlor::testing
