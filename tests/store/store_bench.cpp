// The store's writer under the server's write pattern, on a temp file.
//
// BM_QueuedActions: journal rows of one match queued as fast as one thread can, then
// flushed.
//
// BM_InterleavedMatches: what 200 busy tables write. Each table plays a match of 380
// actions (a round result and a deal commitment every 40), then ends it and starts the
// next; the first matches are staggered so that ends are spread evenly. Writes are
// flushed every `batch` actions (each from a different table), like the server's small
// group commits. Reports, per action: the process's CPU and the writer thread's, the
// process's write syscalls and bytes (WAL frames, and the checkpointer's copies into the
// database file). The count is fixed, so the run is repeatable under
//   valgrind --tool=callgrind --separate-threads=yes bin/store_bench
//     --benchmark_filter=Interleaved/20000
// (the writer thread's instructions per action: its total / the action count).
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

void BM_QueuedActions(benchmark::State& state) {
  testing::TempDir dir;
  auto store = testing::open_store(dir.file("bench.db"));
  store->match_started(testing::match("mbench", "perico", 0, {"Ann", "Bob", "Cy", "Di"}));
  std::int64_t seq = 0;
  const auto per_iteration = static_cast<std::int64_t>(state.range(0));
  for (auto _ : state) {
    for (std::int64_t i = 0; i < per_iteration; ++i) {
      ++seq;
      store->action("mbench", ActionRow{.seq = seq,
                                        .seat = static_cast<int>(seq % 4),
                                        .action = Json{{"type", "play"}, {"card", "QS"}},
                                        .timeout = false,
                                        .at = seq});
    }
    store->flush();
  }
  state.SetItemsProcessed(state.iterations() * per_iteration);
  Store::Stats stats = store->stats();
  state.counters["writes_per_batch"] =
      static_cast<double>(stats.writes_committed) / static_cast<double>(stats.batches);
}
BENCHMARK(BM_QueuedActions)
    ->Arg(1)
    ->Arg(100)
    ->Arg(10000)
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

// This process's write syscalls and bytes so far (/proc/self/io; zeros if unreadable).
struct WriteIo {
  double calls = 0;
  double bytes = 0;
};

WriteIo write_io() {
  WriteIo io;
  std::ifstream file("/proc/self/io");
  std::string key;
  double value = 0;
  while (file >> key >> value) {
    if (key == "syscw:") io.calls = value;
    if (key == "wchar:") io.bytes = value;
  }
  return io;
}

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Each thread's time on a CPU so far, in ns (/proc/self/task/*/schedstat), by thread id.
std::map<std::string, double> thread_cpu_ns() {
  std::map<std::string, double> times;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task", error)) {
    std::ifstream file(entry.path() / "schedstat");
    double ns = 0;
    if (file >> ns) times[entry.path().filename().string()] = ns;
  }
  return times;
}

// The busiest thread other than this one over the interval: the store's writer.
double writer_cpu_ns(const std::map<std::string, double>& before,
                     const std::map<std::string, double>& after) {
  std::string self = std::to_string(gettid());
  double busiest = 0;
  for (const auto& [thread, ns] : after) {
    if (thread == self) continue;
    auto it = before.find(thread);
    busiest = std::max(busiest, ns - (it == before.end() ? 0 : it->second));
  }
  return busiest;
}

constexpr int kMatchActions = 380;
constexpr int kRoundActions = 40;

struct Table {
  std::string match_id;
  int length = kMatchActions;
  std::int64_t seq = 0;
  int round = 0;
};

std::string match_id(std::mt19937_64& random) {
  char text[16];
  std::snprintf(text, sizeof text, "m%012llx",
                static_cast<unsigned long long>(random() & 0xffffffffffffULL));
  return text;
}

void BM_InterleavedMatches(benchmark::State& state) {
  const auto total_actions = static_cast<std::int64_t>(state.range(0));
  const auto batch = static_cast<int>(state.range(1));
  // Live matches at once: 200 is the closed loop's; 5,000 the open loop's 20,000 players.
  const auto live_matches = static_cast<int>(state.range(2));
  for (auto _ : state) {
    state.PauseTiming();
    testing::TempDir dir;
    StoreOptions options;
    options.path = dir.file("bench.db");
    options.commit_interval = std::chrono::milliseconds(0);  // the server's default
    auto opened = Store::open(options);
    if (!opened.ok()) {
      state.SkipWithError(opened.error().message.c_str());
      return;
    }
    std::unique_ptr<Store> store = std::move(opened).value();
    std::mt19937_64 random(42);
    Millis now = 1'700'000'000'000;
    auto start_match = [&](Table& table) {
      table.match_id = match_id(random);
      table.seq = 0;
      table.round = 0;
      store->match_started(
          testing::match(table.match_id, "perico", now, {"Ann", "bot1", "bot2", "bot3"}));
      store->commitment(table.match_id, CommitmentRow{.deal = 1, .sha256 = std::string(64, 'a')});
    };
    std::vector<Table> tables(static_cast<std::size_t>(live_matches));
    for (int t = 0; t < live_matches; ++t) {
      tables[static_cast<std::size_t>(t)].length = 1 + (t + 1) * kMatchActions / live_matches;
      start_match(tables[static_cast<std::size_t>(t)]);
    }
    store->flush();
    state.ResumeTiming();

    double cpu_before = cpu_seconds();
    auto threads_before = thread_cpu_ns();
    WriteIo io_before = write_io();
    Store::Stats stats_before = store->stats();
    const Json plays[] = {Json{{"type", "play"}, {"card", "QS"}},
                          Json{{"type", "play"}, {"card", "10H"}},
                          Json{{"type", "bid"}, {"value", 3}}};
    std::int64_t pushed = 0;
    std::size_t next = 0;
    while (pushed < total_actions) {
      for (int b = 0; b < batch && pushed < total_actions; ++b, ++pushed) {
        Table& table = tables[next];
        next = (next + 1) % tables.size();
        ++now;
        ++table.seq;
        store->action(table.match_id, ActionRow{.seq = table.seq,
                                                .seat = static_cast<int>(table.seq % 4),
                                                .action = plays[table.seq % 3],
                                                .timeout = table.seq % 50 == 0,
                                                .at = now});
        if (table.seq % kRoundActions == 0) {
          ++table.round;
          store->round_ended(table.match_id, table.round,
                             Json{{"scores", {table.round, 0, 1, 2}}, {"winner", 0}}.dump());
          store->commitment(table.match_id,
                            CommitmentRow{.deal = table.round + 1, .sha256 = std::string(64, 'b')});
        }
        if (table.seq >= table.length) {
          Json results = {{"scores", {10, 5, 3, 1}},
                          {"placings", {1, 2, 3, 4}},
                          {"round_results", Json::array()}};
          store->match_ended(table.match_id, now, results,
                             {{0, 10, 1}, {1, 5, 2}, {2, 3, 3}, {3, 1, 4}});
          table.length = kMatchActions;
          start_match(table);
        }
      }
      store->flush();
    }
    WriteIo io_after = write_io();
    double cpu = cpu_seconds() - cpu_before;
    double writer_ns = writer_cpu_ns(threads_before, thread_cpu_ns());
    Store::Stats stats = store->stats();
    auto per_action = [&](double value) { return value / static_cast<double>(total_actions); };
    state.counters["cpu_us_per_action"] = per_action(cpu * 1e6);
    state.counters["writer_cpu_us_per_action"] = per_action(writer_ns / 1e3);
    state.counters["write_calls_per_action"] = per_action(io_after.calls - io_before.calls);
    state.counters["write_bytes_per_action"] = per_action(io_after.bytes - io_before.bytes);
    state.counters["writes_per_batch"] =
        static_cast<double>(stats.writes_committed - stats_before.writes_committed) /
        static_cast<double>(stats.batches - stats_before.batches);
    state.counters["write_errors"] = static_cast<double>(stats.write_errors);
    state.PauseTiming();
    store.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * total_actions);
}
BENCHMARK(BM_InterleavedMatches)
    ->Args({20000, 4, 200})
    ->Args({100000, 4, 200})
    ->Args({100000, 16, 200})
    ->Args({100000, 4, 5000})
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parlor::server::store

BENCHMARK_MAIN();
