// The ceiling any server on this machine meets under `parlor load`'s loops: the same
// message pattern over loopback TCP with no WebSocket, JSON, rules or storage at all. A
// server process and a client process, one epoll thread each, as parlor-server (one io
// thread) and parlor load are: each of T tables has S client connections; a client sends
// an 80-byte "action", the server answers with a 900-byte "update" on each of the table's
// S connections, and once all S arrived the next seat acts. Both processes' CPU is
// measured too, so the figure says what share of the machine the kernel alone takes.
//
// With RATE, the open loop of `parlor load --rate RATE`: a seat acts once the table's last
// update arrived and its own slot has come, each client at most RATE times a second, its
// slots paced by the same rule (clients/cli/net/open_loop_slots.hpp). It prints the
// latency from an action to the acting seat's own update too: the floor for the open-loop
// runs at 20,000 connections.
//
//   build/bin/loopback_pattern_floor [TABLES [SEATS [SECONDS [RATE]]]]   (default 200 4 8)
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "clients/cli/net/latency_percentile.hpp"
#include "clients/cli/net/open_loop_slots.hpp"

namespace {

constexpr std::size_t kActionBytes = 80;
constexpr std::size_t kUpdateBytes = 900;

using Clock = std::chrono::steady_clock;

struct Pattern {
  int tables = 200;
  int seats = 4;
  double seconds = 8;
  double rate = 0;  // actions a second per client; 0: closed loop
};

// What the client side measured, over the run alone (the connections made before it).
struct Played {
  bool failed = false;  // a connection failed
  long actions = 0;
  double seconds = 0;
  double server_cpu = 0;  // seconds of CPU, user and system
  double client_cpu = 0;
  std::vector<double> latencies_us;  // open loop only: action to the actor's own update
};

// A process's user and system CPU so far, in seconds (/proc/PID/stat).
double cpu_seconds_of(pid_t pid) {
  std::FILE* file = std::fopen(("/proc/" + std::to_string(pid) + "/stat").c_str(), "r");
  if (!file) return 0;
  char text[1024] = {};
  const std::size_t length = std::fread(text, 1, sizeof text - 1, file);
  std::fclose(file);
  // The fields after the command's closing parenthesis: state is the 3rd, utime the 14th.
  const char* rest = std::strrchr(text, ')');
  if (!rest || length == 0) return 0;
  unsigned long utime = 0;
  unsigned long stime = 0;
  if (std::sscanf(rest + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime,
                  &stime) != 2) {
    return 0;
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

void add_to_poll(int poller, int fd, std::uint32_t index) {
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  fcntl(fd, F_SETFL, O_NONBLOCK);
  epoll_event event{};
  event.events = EPOLLIN;
  event.data.u32 = index;
  epoll_ctl(poller, EPOLL_CTL_ADD, fd, &event);
}

// Reads until EAGAIN; returns the bytes read, or -1 when the peer has gone.
long drain(int fd, std::vector<char>& buffer) {
  long total = 0;
  for (;;) {
    ssize_t got = read(fd, buffer.data(), buffer.size());
    if (got > 0) {
      total += got;
      continue;
    }
    if (got == 0) return -1;
    return total;
  }
}

// The server side: every action on a connection is answered by an update to each seat
// of its table. Runs until the client closes.
void serve(int listener, const Pattern& pattern) {
  const int connections = pattern.tables * pattern.seats;
  int poller = epoll_create1(0);
  std::vector<int> fds;
  for (int i = 0; i < connections; ++i) {
    fds.push_back(accept(listener, nullptr, nullptr));
    add_to_poll(poller, fds.back(), static_cast<std::uint32_t>(i));
  }
  const std::string update(kUpdateBytes, 'u');
  std::vector<char> buffer(1 << 16);
  std::vector<long> pending(fds.size(), 0);
  epoll_event events[512];
  for (;;) {
    int ready = epoll_wait(poller, events, 512, -1);
    for (int e = 0; e < ready; ++e) {
      const std::uint32_t index = events[e].data.u32;
      long got = drain(fds[index], buffer);
      if (got < 0) return;
      pending[index] += got;
      const int table = static_cast<int>(index) / pattern.seats;
      for (; pending[index] >= static_cast<long>(kActionBytes); pending[index] -= kActionBytes) {
        for (int s = 0; s < pattern.seats; ++s) {
          if (write(fds[table * pattern.seats + s], update.data(), update.size()) < 0) return;
        }
      }
    }
  }
}

// The open loop's clock per client: the slot at or after which it may act next.
class Pacing {
 public:
  Pacing(double rate, int connections) : rate_(rate) {
    std::mt19937_64 random(20261201);
    std::uniform_real_distribution<double> uniform(0, 1);
    const Clock::time_point now = Clock::now();
    for (int i = 0; i < connections; ++i) {
      next_.push_back(parlor::cli::net::first_slot(now, rate_, uniform(random)));
    }
  }
  Clock::time_point next_slot(int connection) const { return next_[connection]; }
  void acted(int connection, Clock::time_point now) {
    next_[connection] = parlor::cli::net::slot_after_acting(next_[connection], now, rate_);
  }

 private:
  double rate_;
  std::vector<Clock::time_point> next_;
};

// The client side: one action in flight per table; in the closed loop the next seat acts
// as soon as the table's updates have all arrived, in the open loop once its slot has come.
Played play(const sockaddr_in& address, const Pattern& pattern, pid_t server) {
  const int connections = pattern.tables * pattern.seats;
  int poller = epoll_create1(0);
  std::vector<int> fds;
  Played played;
  for (int i = 0; i < connections; ++i) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
      played.failed = true;
      return played;
    }
    fds.push_back(fd);
    add_to_poll(poller, fd, static_cast<std::uint32_t>(i));
  }
  std::optional<Pacing> pacing;  // none: the closed loop
  if (pattern.rate > 0) pacing.emplace(pattern.rate, connections);
  const std::string action(kActionBytes, 'a');
  std::vector<long> received(fds.size(), 0);
  std::vector<int> turn(static_cast<std::size_t>(pattern.tables), 0);
  // When the table's action in flight was sent, until its actor's own update has come.
  std::vector<std::optional<Clock::time_point>> awaiting_own_update(
      static_cast<std::size_t>(pattern.tables));
  // Tables whose next seat waits for its slot, earliest first.
  using Due = std::pair<Clock::time_point, int>;
  std::priority_queue<Due, std::vector<Due>, std::greater<>> waiting;

  auto act = [&](int table, Clock::time_point now) {
    const int seat = table * pattern.seats + turn[table];
    if (pacing) pacing->acted(seat, now);
    awaiting_own_update[table] = now;
    ++played.actions;
    if (write(fds[seat], action.data(), action.size()) < 0) played.failed = true;
  };
  auto next_seat = [&](int table, Clock::time_point now) {
    turn[table] = (turn[table] + 1) % pattern.seats;
    const int seat = table * pattern.seats + turn[table];
    if (pacing && pacing->next_slot(seat) > now) {
      waiting.emplace(pacing->next_slot(seat), table);
    } else {
      act(table, now);
    }
  };

  const Clock::time_point start = Clock::now();
  const double server_cpu_before = cpu_seconds_of(server);
  const double client_cpu_before = cpu_seconds_of(getpid());
  for (int t = 0; t < pattern.tables; ++t) {
    turn[t] = pattern.seats - 1;  // next_seat() turns it to seat 0
    next_seat(t, start);
  }
  std::vector<char> buffer(1 << 16);
  epoll_event events[512];
  const auto end = start + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>(pattern.seconds));
  while (!played.failed && Clock::now() < end) {
    int timeout_ms = 100;
    if (!waiting.empty()) {
      const auto until = waiting.top().first - Clock::now();
      timeout_ms = static_cast<int>(
          std::clamp<long>(std::chrono::ceil<std::chrono::milliseconds>(until).count(), 0, 100));
    }
    int ready = epoll_wait(poller, events, 512, timeout_ms);
    const Clock::time_point now = Clock::now();
    for (int e = 0; e < ready && !played.failed; ++e) {
      const std::uint32_t index = events[e].data.u32;
      long got = drain(fds[index], buffer);
      if (got < 0) {
        played.failed = true;
        break;
      }
      received[index] += got;
      const int table = static_cast<int>(index) / pattern.seats;
      const int actor = table * pattern.seats + turn[table];
      if (pacing && awaiting_own_update[table] &&
          received[actor] >= static_cast<long>(kUpdateBytes)) {
        played.latencies_us.push_back(
            std::chrono::duration<double, std::micro>(now - *awaiting_own_update[table]).count());
        awaiting_own_update[table].reset();
      }
      bool all_updated = true;
      for (int s = 0; s < pattern.seats; ++s) {
        all_updated =
            all_updated && received[table * pattern.seats + s] >= static_cast<long>(kUpdateBytes);
      }
      if (!all_updated) continue;
      for (int s = 0; s < pattern.seats; ++s) received[table * pattern.seats + s] -= kUpdateBytes;
      next_seat(table, now);
    }
    const Clock::time_point due_by = Clock::now();
    while (!played.failed && !waiting.empty() && waiting.top().first <= due_by) {
      const int table = waiting.top().second;
      waiting.pop();
      act(table, due_by);
    }
  }
  played.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  played.server_cpu = cpu_seconds_of(server) - server_cpu_before;
  played.client_cpu = cpu_seconds_of(getpid()) - client_cpu_before;
  for (int fd : fds) close(fd);
  return played;
}

}  // namespace

int main(int argc, char** argv) {
  Pattern pattern;
  if (argc > 1) pattern.tables = std::atoi(argv[1]);
  if (argc > 2) pattern.seats = std::atoi(argv[2]);
  if (argc > 3) pattern.seconds = std::atof(argv[3]);
  if (argc > 4) pattern.rate = std::atof(argv[4]);
  if (pattern.tables < 1 || pattern.seats < 1 || pattern.seconds <= 0 || pattern.rate < 0) {
    std::fprintf(stderr, "usage: loopback_pattern_floor [TABLES [SEATS [SECONDS [RATE]]]]\n");
    return 2;
  }
  int listener = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      listen(listener, 4096) != 0 ||
      getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    std::perror("listen");
    return 1;
  }
  pid_t server = fork();
  if (server == 0) {
    serve(listener, pattern);
    _exit(0);
  }
  close(listener);
  Played played = play(address, pattern, server);
  int status = 0;
  waitpid(server, &status, 0);
  const long actions = played.actions;
  if (played.failed) {
    std::fprintf(stderr, "loopback_pattern_floor: a connection failed\n");
    return 1;
  }
  const double seconds = played.seconds;
  std::printf(
      "%d tables x %d seats, %s, %.1f s: %.0f actions/s (%.0f messages/s); CPU: server "
      "%.0f%%, client %.0f%% of one core; %.1f us of CPU per action (server %.1f)\n",
      pattern.tables, pattern.seats, pattern.rate > 0 ? "open loop" : "closed loop", seconds,
      actions / seconds, actions * (pattern.seats + 1) / seconds, 100 * played.server_cpu / seconds,
      100 * played.client_cpu / seconds, 1e6 * (played.server_cpu + played.client_cpu) / actions,
      1e6 * played.server_cpu / actions);
  if (pattern.rate > 0) {
    // By parlor load's definition of a percentile, so that the two compare.
    using parlor::cli::net::percentile;
    std::vector<double>& l = played.latencies_us;
    std::sort(l.begin(), l.end());
    std::printf(
        "open loop at %g actions/s per client: latency p50 %.2f ms, p90 %.2f ms, p99 %.2f "
        "ms, max %.2f ms\n",
        pattern.rate, percentile(l, 0.5) / 1e3, percentile(l, 0.9) / 1e3, percentile(l, 0.99) / 1e3,
        percentile(l, 1.0) / 1e3);
  }
  return 0;
}
