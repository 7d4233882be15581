#include "tests/store/store_test_support.hpp"

#include "tests/store/pg_test_server.hpp"

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <random>

#include <unistd.h>

namespace parlor::server::store::testing {

std::string backend_path(const std::string& backend, const TempDir& dir, std::string& skip_reason) {
  if (backend == "Memory") return ":memory:";
  if (backend == "File") return dir.file("data/parlor.db");
  parlor::testing::ThrowawayPostgres* server = parlor::testing::shared_postgres(skip_reason);
  return server ? parlor::testing::fresh_database(*server) : std::string();
}

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  std::random_device random;
  path_ = std::filesystem::temp_directory_path() /
          ("parlor-store-test-" + std::to_string(getpid()) + "-" +
           std::to_string(counter.fetch_add(1)) + "-" + std::to_string(random()));
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::unique_ptr<Store> open_store(const std::string& path,
                                  std::chrono::milliseconds commit_interval) {
  StoreOptions options;
  options.path = path;
  options.commit_interval = commit_interval;
  auto store = Store::open(options);
  if (!store.ok()) {
    std::cerr << "cannot open " << path << ": " << store.error().code << ": "
              << store.error().message << "\n";
    std::abort();
  }
  return std::move(store).value();
}

PlayerRow player(const std::string& id, const std::string& name, Millis seen) {
  return PlayerRow{
      .id = id, .name = name, .token_hash = "hash-" + id, .first_seen = seen, .last_seen = seen};
}

MatchStart match(const std::string& id, const std::string& game, Millis started_at,
                 const std::vector<std::string>& names, bool lower_score_wins) {
  MatchStart start;
  start.id = id;
  start.room_id = "r1";
  start.match_number = 1;
  start.game = game;
  start.options = Json{{"target", 100}};
  start.room_settings = Json{{"public", true}};
  start.seed_hex = kSeedHex;
  start.first_dealer = 1;
  start.lower_score_wins = lower_score_wins;
  start.started_at = started_at;
  for (std::size_t i = 0; i < names.size(); ++i) {
    bool bot = names[i].rfind("bot", 0) == 0;
    start.seats.push_back(SeatRow{.seat = static_cast<int>(i),
                                  .kind = bot ? "bot" : "human",
                                  .player_id = bot ? "" : "p" + names[i],
                                  .name = names[i],
                                  .bot_level = bot ? "sensible" : ""});
  }
  return start;
}

}  // namespace parlor::server::store::testing
