// What the machine's kernel alone charges for one server message over loopback TCP:
// one thread sends a message of an update's size on each of many connections in turn
// (as the server sends a seat's update), another waits in epoll and reads them (as a
// client process does). Process CPU time per message is the floor under any server's
// cost per message on this machine, before WebSocket framing, JSON, rules or storage:
// a Perico move costs the server four such messages and the client's action one more.
// Run: build/bin/loopback_floor_bench
#include <arpa/inet.h>
#include <benchmark/benchmark.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int kConnections = 800;            // 200 tables of four seats
constexpr std::size_t kMessageBytes = 1024;  // an update, roughly

struct Pair {
  int server = -1;
  int client = -1;
};

std::vector<Pair> connect_pairs(int count) {
  int listener = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address);
  listen(listener, 1024);
  socklen_t length = sizeof address;
  getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
  std::vector<Pair> pairs(static_cast<std::size_t>(count));
  int one = 1;
  for (Pair& pair : pairs) {
    pair.client = socket(AF_INET, SOCK_STREAM, 0);
    connect(pair.client, reinterpret_cast<sockaddr*>(&address), sizeof address);
    pair.server = accept(listener, nullptr, nullptr);
    setsockopt(pair.server, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  close(listener);
  return pairs;
}

void BM_LoopbackMessage(benchmark::State& state) {
  std::vector<Pair> pairs = connect_pairs(kConnections);
  for (const Pair& pair : pairs) {
    if (pair.server < 0 || pair.client < 0) return state.SkipWithError("no loopback sockets");
  }
  std::atomic<std::uint64_t> bytes_read{0};
  std::atomic<bool> stop{false};
  std::thread reader([&] {
    int poller = epoll_create1(0);
    for (const Pair& pair : pairs) {
      epoll_event event{};
      event.events = EPOLLIN;
      event.data.fd = pair.client;
      epoll_ctl(poller, EPOLL_CTL_ADD, pair.client, &event);
    }
    std::vector<char> buffer(1 << 16);
    epoll_event events[256];
    while (!stop.load()) {
      int ready = epoll_wait(poller, events, 256, 20);
      for (int i = 0; i < ready; ++i) {
        ssize_t got = read(events[i].data.fd, buffer.data(), buffer.size());
        if (got > 0) bytes_read.fetch_add(static_cast<std::uint64_t>(got));
      }
    }
    close(poller);
  });
  const std::string message(kMessageBytes, 'x');
  std::uint64_t sent = 0;
  std::size_t next = 0;
  for (auto _ : state) {
    ssize_t wrote = send(pairs[next].server, message.data(), message.size(), 0);
    if (wrote > 0) sent += static_cast<std::uint64_t>(wrote);
    next = (next + 1) % pairs.size();
  }
  while (bytes_read.load() < sent) std::this_thread::yield();  // everything read, too
  stop = true;
  reader.join();
  for (const Pair& pair : pairs) {
    close(pair.server);
    close(pair.client);
  }
  state.SetItemsProcessed(state.iterations());
}
// Process CPU time per message, sender and reader together.
BENCHMARK(BM_LoopbackMessage)->MeasureProcessCPUTime()->UseRealTime()->Iterations(300000);

}  // namespace
BENCHMARK_MAIN();
