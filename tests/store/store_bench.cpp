// Queued writes per second through the group-committing writer, on a temp file:
// journal rows queued as fast as one thread can, then flushed.
#include <benchmark/benchmark.h>

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

}  // namespace
}  // namespace parlor::server::store

BENCHMARK_MAIN();
