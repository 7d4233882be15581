// A slowloris against the real parlor-server: many HTTP connections that send their
// headers a byte at a time. Those that keep adding headers are answered 431 at the
// header limit; those that drip too slowly to reach it are cut at the request
// deadline. Meanwhile ordinary HTTP requests and WebSocket clients are served, and
// afterwards the server holds no more descriptors than before.
#include <gtest/gtest.h>

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <thread>

#include "tests/faults/fault_support.hpp"
#include "tests/server/server_process.hpp"
#include "tests/support/built_paths.hpp"

namespace parlor::testing {
namespace {

struct Dripper {
  int fd = -1;
  std::string bytes;  // what it will send, one byte per tick
  std::size_t sent = 0;
  std::string received;  // whatever the server answered
  bool cut = false;
  std::chrono::steady_clock::time_point cut_at;
};

// Reads what has arrived; true once the server closed or reset the connection.
bool drain_and_check_closed(Dripper& d) {
  char buffer[512];
  for (int reads = 0; reads < 16; ++reads) {
    ssize_t n = recv(d.fd, buffer, sizeof buffer, MSG_DONTWAIT);
    if (n > 0) {
      d.received.append(buffer, static_cast<std::size_t>(n));
      continue;
    }
    return n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
  }
  return false;
}

// An endless header: "X-Slow-N: aaaa..." lines, never the blank line that ends them.
std::string endless_headers() {
  std::string text = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  for (int i = 0; text.size() < 16 * 1024; ++i) {
    text += "X-Slow-" + std::to_string(i) + ": " + std::string(40, 'a') + "\r\n";
  }
  return text;
}

TEST(ConnectionFaults, ASlowlorisIsCutAndOthersAreServed) {
  constexpr int kHandshakeSeconds = 1;  // the request deadline is this + 20 s
  constexpr int kFastDrippers = 60;     // 2 bytes every ~20 ms: reach the 512-byte limit
  constexpr int kSlowDrippers = 60;     // a byte every 2 s: never reach it
  ServerProcess server(parlor_server_path(),
                       {"--handshake-timeout", std::to_string(kHandshakeSeconds),
                        "--max-header-bytes", "512", "--rate", "0", "--log-level", "warn"});
  const pid_t pid = server_pid(server.port());
  ASSERT_GT(pid, 0);
  ClientPool pool;
  {  // The first hello opens the database's write path (a WAL descriptor): baseline.
    WsClient* first = pool.connect(server.port());
    ASSERT_NE(first, nullptr);
    ASSERT_EQ(pool.hello(*first, "first").value("type", ""), "welcome");
    first->close();
  }
  // Only the listener once the first client's session has ended.
  const int sockets_before = wait_for_sockets_at_most(pid, 1, 3s);

  std::vector<Dripper> drippers(kFastDrippers + kSlowDrippers);
  for (Dripper& d : drippers) {
    d.fd = tcp_connect(server.port());
    ASSERT_GE(d.fd, 0);
    d.bytes = endless_headers();
  }
  // The server accepts them all (its descriptors rise by as many).
  bool all_accepted = false;
  for (int i = 0; i < 100 && !all_accepted; ++i) {
    all_accepted = open_sockets(pid) >= sockets_before + kFastDrippers + kSlowDrippers;
    if (!all_accepted) std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(all_accepted);

  auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::steady_clock::now() - started; };
  std::vector<double> http_ms, ws_ms;
  int http_failures = 0, ws_failures = 0, statuses_431 = 0;
  const auto deadline = std::chrono::seconds(20 + kHandshakeSeconds + 8);
  for (int tick = 0; elapsed() < deadline && tick < 3000; ++tick) {
    for (std::size_t i = 0; i < drippers.size(); ++i) {
      Dripper& d = drippers[i];
      if (d.cut) continue;
      bool fast = i < kFastDrippers;
      if (drain_and_check_closed(d)) {
        if (http_status(d.received) == 431) ++statuses_431;
        d.cut = true;
        d.cut_at = std::chrono::steady_clock::now();
        continue;
      }
      if (d.sent < d.bytes.size() && (fast || tick % 100 == 0)) {
        ssize_t n = send(d.fd, d.bytes.data() + d.sent, fast ? 2 : 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) d.sent += static_cast<std::size_t>(n);
      }
    }
    if (tick % 25 == 0) {  // every half second: an ordinary request and a WebSocket client
      auto t0 = std::chrono::steady_clock::now();
      if (http_status(http_get(server.port(), "/api/games")) == 200) {
        http_ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count());
      } else {
        ++http_failures;
      }
      t0 = std::chrono::steady_clock::now();
      WsClient* client = pool.connect(server.port());
      if (client && pool.hello(*client, "patient", "").value("type", "") == "welcome") {
        ws_ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count());
        client->close();
      } else {
        ++ws_failures;
      }
    }
    bool all_cut = true;
    for (const Dripper& d : drippers) all_cut = all_cut && d.cut;
    if (all_cut) break;
    std::this_thread::sleep_for(20ms);
  }

  int fast_cut = 0, slow_cut = 0;
  double fast_cut_s = 0, slow_cut_s = 0;
  for (std::size_t i = 0; i < drippers.size(); ++i) {
    const Dripper& d = drippers[i];
    double at = std::chrono::duration<double>(d.cut_at - started).count();
    if (d.cut && i < kFastDrippers) ++fast_cut, fast_cut_s = std::max(fast_cut_s, at);
    if (d.cut && i >= kFastDrippers) ++slow_cut, slow_cut_s = std::max(slow_cut_s, at);
    close(d.fd);
  }
  const int sockets_after = wait_for_sockets_at_most(pid, sockets_before, 5s);
  std::printf(
      "slowloris: %d/%d byte-a-tick connections cut (%d answered 431) by %.1f s; %d/%d "
      "slow ones cut by %.1f s (deadline %d s)\n  meanwhile %zu HTTP requests (p99 %.1f ms, "
      "%d failed), %zu WebSocket hellos (p99 %.1f ms, %d failed); sockets %d -> %d\n",
      fast_cut, kFastDrippers, statuses_431, fast_cut_s, slow_cut, kSlowDrippers, slow_cut_s,
      20 + kHandshakeSeconds, http_ms.size(), percentile(http_ms, 99), http_failures, ws_ms.size(),
      percentile(ws_ms, 99), ws_failures, sockets_before, sockets_after);

  EXPECT_EQ(fast_cut, kFastDrippers);
  EXPECT_GE(statuses_431, kFastDrippers * 9 / 10);  // a reset may eat a few replies
  EXPECT_EQ(slow_cut, kSlowDrippers);
  EXPECT_LE(slow_cut_s, 20 + kHandshakeSeconds + 5);
  EXPECT_EQ(http_failures, 0);
  EXPECT_EQ(ws_failures, 0);
  EXPECT_GE(http_ms.size(), 20u);
  EXPECT_LE(percentile(http_ms, 99), 1000);
  EXPECT_LE(percentile(ws_ms, 99), 1000);
  EXPECT_LE(sockets_after, sockets_before) << fd_targets(pid);
}

}  // namespace
}  // namespace parlor::testing
