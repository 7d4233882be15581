// Helpers for the connection-fault tests: what the server process holds (/proc), raw
// TCP clients that misbehave on purpose (abrupt resets, byte-at-a-time headers, a
// WebSocket client that never reads), and a table whose move round trips are timed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"

namespace parlor::testing {

// ---- The server process, seen from /proc ----

// The pid of the parlor-server listening on `port` (found by its command line); -1 if
// none.
pid_t server_pid(int port);
int open_fds(pid_t pid);
// The descriptors that are sockets: the listener and the connections. The others are
// the database's files, the log and the event loop's; SQLite opens a WAL handle of a
// connection lazily (at its first read after a write), so a count of all descriptors
// may rise by one for a reason unrelated to connections.
int open_sockets(pid_t pid);
long rss_kb(pid_t pid);
// AddressSanitizer holds freed memory in quarantine (256 MB by default) instead of
// reusing it, so a sanitized server's RSS climbs with every allocation, leak or not: an
// RSS bound means something only without it. There, LeakSanitizer at the server's exit
// is the check for leaks instead. Under ThreadSanitizer a server's RSS also holds its shadow
// memory and an allocator that gives little back (the churn test's server grew 20 MB
// over 10,000 connections there, 2 KB each, where a leaked session holds 16 KB or more),
// so the bounds apply under neither.
// GCC says ASan with __SANITIZE_ADDRESS__ (TSan __SANITIZE_THREAD__), clang with
// __has_feature.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PARLOR_TEST_UNDER_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define PARLOR_TEST_UNDER_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(PARLOR_TEST_UNDER_ASAN) || \
    defined(__SANITIZE_THREAD__) || defined(PARLOR_TEST_UNDER_TSAN)
inline constexpr bool kRssBoundsApply = false;
#else
inline constexpr bool kRssBoundsApply = true;
#endif
// "fd -> target" lines, for a failure message.
std::string fd_targets(pid_t pid);
// Polls until open_sockets(pid) <= limit or the timeout; returns the last count.
int wait_for_sockets_at_most(pid_t pid, int limit, std::chrono::milliseconds timeout);

// ---- Raw clients ----

// A blocking TCP connection to 127.0.0.1:port; -1 on failure. A receive buffer of
// `receive_buffer` bytes (0: the system's) is set before connecting, so a client that
// never reads fills the server's side quickly.
int tcp_connect(int port, int receive_buffer = 0);
bool send_all(int fd, const std::string& bytes);
// Closes with SO_LINGER 0: the peer sees a reset (RST), not an orderly FIN.
void close_with_reset(int fd);
// Reads and discards until the peer closes or resets the connection (true) or the
// timeout passes (false).
bool reads_to_close(int fd, std::chrono::milliseconds timeout);

// A WebSocket client on a raw socket: the upgrade, then masked text frames. It never
// reads after the upgrade's response, so it neither drains updates nor answers pings.
class SilentWebSocket {
 public:
  SilentWebSocket(int port, int receive_buffer);
  ~SilentWebSocket();
  SilentWebSocket(const SilentWebSocket&) = delete;
  SilentWebSocket& operator=(const SilentWebSocket&) = delete;

  bool upgraded() const { return upgraded_; }
  bool send_text(const std::string& text);
  // Reads what the server had sent (up to the timeout): true if it then closed.
  bool closed_by_server(std::chrono::milliseconds timeout) const {
    return fd_ < 0 || reads_to_close(fd_, timeout);
  }

 private:
  int fd_ = -1;
  bool upgraded_ = false;
};

// ---- Latency under faults ----

// One human seat (this client) and bots in the others at a Perico table it hosts; the
// human chooses with the game's random bot from its own view. Each move's round trip
// (action sent -> its "accepted" or "error" reply) is recorded; a finished match is
// followed by the next.
class TimedTable {
 public:
  TimedTable(ClientPool& pool, int port, int seats = 4);
  bool ready() const { return !room_id_.empty(); }
  const std::string& room_id() const { return room_id_; }
  const std::string& room_code() const { return room_code_; }
  WsClient* client() const { return client_; }
  // Pumps the pool for about `duration`, playing every turn of the human seat.
  void play_for(std::chrono::milliseconds duration);
  // Round trips recorded since the last call (milliseconds), and clears them.
  std::vector<double> take_round_trips();
  bool broken() const { return client_ == nullptr || client_->closed; }

 private:
  void handle(const Json& message);
  void maybe_move();

  ClientPool& pool_;
  WsClient* client_ = nullptr;
  std::string room_id_;
  std::string room_code_;
  std::unique_ptr<BotPolicy> policy_;
  Rng rng_;
  Json view_;
  bool dirty_ = false;
  long long pending_id_ = 0;
  long long next_id_ = 5'000'000;
  std::chrono::steady_clock::time_point sent_at_;
  std::vector<double> round_trips_;
};

// The p-th percentile (0..100) of `samples` (0 if empty).
double percentile(std::vector<double> samples, double p);

}  // namespace parlor::testing
