// The ceiling any server on this machine meets under `parlor load`'s closed loop: the same
// message pattern over loopback TCP with no WebSocket, JSON, rules or storage at all. A
// server process and a client process, one epoll thread each, as parlor-server (one io
// thread) and parlor load are: each of T tables has S client connections; a client sends
// an 80-byte "action", the server answers with a 900-byte "update" on each of the table's
// S connections, and once all S arrived the next seat acts. Both processes' CPU is
// measured too, so the figure says what share of the machine the kernel alone takes.
//
//   build/bin/loopback_pattern_floor [TABLES [SEATS [SECONDS]]]     (default 200 4 8)
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr std::size_t kActionBytes = 80;
constexpr std::size_t kUpdateBytes = 900;

struct Pattern {
  int tables = 200;
  int seats = 4;
  double seconds = 8;
};

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

// The client side: closed loop, one action in flight per table. Returns actions made.
long play(const sockaddr_in& address, const Pattern& pattern) {
  const int connections = pattern.tables * pattern.seats;
  int poller = epoll_create1(0);
  std::vector<int> fds;
  for (int i = 0; i < connections; ++i) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) return -1;
    fds.push_back(fd);
    add_to_poll(poller, fd, static_cast<std::uint32_t>(i));
  }
  const std::string action(kActionBytes, 'a');
  std::vector<long> received(fds.size(), 0);
  std::vector<int> turn(static_cast<std::size_t>(pattern.tables), 0);
  for (int t = 0; t < pattern.tables; ++t) {
    if (write(fds[t * pattern.seats], action.data(), action.size()) < 0) return -1;
  }
  std::vector<char> buffer(1 << 16);
  epoll_event events[512];
  long actions = 0;
  const auto end =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(pattern.seconds);
  while (std::chrono::steady_clock::now() < end) {
    int ready = epoll_wait(poller, events, 512, 100);
    for (int e = 0; e < ready; ++e) {
      const std::uint32_t index = events[e].data.u32;
      long got = drain(fds[index], buffer);
      if (got < 0) return -1;
      received[index] += got;
      const int table = static_cast<int>(index) / pattern.seats;
      bool all_updated = true;
      for (int s = 0; s < pattern.seats; ++s) {
        all_updated =
            all_updated && received[table * pattern.seats + s] >= static_cast<long>(kUpdateBytes);
      }
      if (!all_updated) continue;
      for (int s = 0; s < pattern.seats; ++s) received[table * pattern.seats + s] -= kUpdateBytes;
      turn[table] = (turn[table] + 1) % pattern.seats;
      if (write(fds[table * pattern.seats + turn[table]], action.data(), action.size()) < 0) {
        return -1;
      }
      ++actions;
    }
  }
  for (int fd : fds) close(fd);
  return actions;
}

double cpu_seconds(const rusage& usage) {
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  Pattern pattern;
  if (argc > 1) pattern.tables = std::atoi(argv[1]);
  if (argc > 2) pattern.seats = std::atoi(argv[2]);
  if (argc > 3) pattern.seconds = std::atof(argv[3]);
  if (pattern.tables < 1 || pattern.seats < 1 || pattern.seconds <= 0) {
    std::fprintf(stderr, "usage: loopback_pattern_floor [TABLES [SEATS [SECONDS]]]\n");
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
  const auto started = std::chrono::steady_clock::now();
  const long actions = play(address, pattern);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  int status = 0;
  waitpid(server, &status, 0);
  rusage mine{};
  rusage child{};
  getrusage(RUSAGE_SELF, &mine);
  getrusage(RUSAGE_CHILDREN, &child);
  if (actions < 0) {
    std::fprintf(stderr, "loopback_pattern_floor: a connection failed\n");
    return 1;
  }
  // The connection set-up is in the CPU figures too; it is small next to the run.
  std::printf(
      "%d tables x %d seats, closed loop, %.1f s: %.0f actions/s (%.0f messages/s); CPU: server "
      "%.0f%%, client %.0f%% of one core; %.1f us of CPU per action\n",
      pattern.tables, pattern.seats, seconds, actions / seconds,
      actions * (pattern.seats + 1) / seconds, 100 * cpu_seconds(child) / seconds,
      100 * cpu_seconds(mine) / seconds, 1e6 * (cpu_seconds(child) + cpu_seconds(mine)) / actions);
  return 0;
}
