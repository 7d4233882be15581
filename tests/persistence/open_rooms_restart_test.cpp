// Rooms without a match in progress survive a restart of a single server (RoomKeeper,
// recovery): killed (SIGKILL) or stopped (SIGTERM), the server reopens a room that never
// started a match and a room between two matches, each waiting as it stood: the same id,
// code, host and seats (humans and bots). The players, back with their tokens, find their
// seats and start; the next match of the room that had played one is its match 2. On
// SQLite and on PostgreSQL.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <thread>

#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/throwaway_postgres.hpp"

namespace parlor::testing {
namespace {

struct Restart {
  std::string backend;  // "sqlite" or "postgres"
  bool kill;            // SIGKILL, else SIGTERM
};

std::string restart_name(const ::testing::TestParamInfo<Restart>& info) {
  return info.param.backend + (info.param.kill ? "_killed" : "_stopped");
}

class OpenRoomsAfterRestart : public ::testing::TestWithParam<Restart> {
 protected:
  static constexpr std::chrono::seconds kPatience{20};

  void SetUp() override {
    char dir_template[] = "/tmp/parlor-rooms-XXXXXX";
    ASSERT_NE(mkdtemp(dir_template), nullptr);
    dir_ = dir_template;
    db_ = dir_ + "/parlor.db";
    if (GetParam().backend == "postgres") {
      std::string why;
      postgres_ = ThrowawayPostgres::start(why);
      if (!postgres_) GTEST_SKIP() << why;
      db_ = postgres_->create_database("rooms");
    }
  }
  void TearDown() override {
    server_.reset();
    postgres_.reset();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  void start_server(int port = 0) {
    server_ = std::make_unique<ServerProcess>(
        parlor_server_path(),
        std::vector<std::string>{"--db", db_, "--bot-delay-ms", "0", "--round-pause-ms", "0",
                                 "--turn-seconds", "0", "--rate", "0", "--log-level", "warn"},
        port);
    pool_ = std::make_unique<ClientPool>();
  }
  void restart() {
    const int port = server_->port();
    if (GetParam().kill) {
      server_->kill_now();
    } else {
      ASSERT_EQ(server_->stop(), 0) << server_->log();
    }
    server_.reset();
    start_server(port);
  }

  // Whether every write the server queued is committed, within the patience (both
  // counters from one snapshot: a write queued between two reads would go unseen).
  bool all_writes_committed() {
    const auto deadline = std::chrono::steady_clock::now() + kPatience;
    while (std::chrono::steady_clock::now() < deadline) {
      std::map<std::string, long long> values = metrics(server_->port());
      const long long queued = values["parlor_db_writes_total"];
      if (queued > 0 && values["parlor_db_writes_committed_total"] == queued) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }

  // A connected client that said hello; `welcome` receives the reply.
  WsClient* connect(const std::string& name, const std::string& token, Json& welcome) {
    WsClient* client = pool_->connect(server_->port());
    if (!client) return nullptr;
    Json hello = {{"type", "hello"}, {"version", 1}, {"name", name}};
    if (!token.empty()) hello["token"] = token;
    welcome = pool_->request(*client, hello, kPatience);
    return client;
  }
  Json request(WsClient& client, const Json& message) {
    Json reply = pool_->request(client, message, kPatience);
    EXPECT_TRUE(reply.is_object()) << message.dump() << "\n" << server_->log();
    EXPECT_NE(reply.value("type", ""), "error") << message.dump() << " -> " << reply.dump();
    return reply;
  }
  // The next `room` push for `room_id` that satisfies `match`.
  Json room_push(WsClient& client, const std::string& room_id,
                 const std::function<bool(const Json&)>& match) {
    Json push = pool_->take(
        client,
        [&](const Json& m) {
          return m.value("type", "") == "room" && !m.contains("id") &&
                 m["room"].value("id", "") == room_id && match(m["room"]);
        },
        kPatience);
    return push.is_object() ? push["room"] : Json();
  }

  std::string dir_;
  std::string db_;
  std::unique_ptr<ThrowawayPostgres> postgres_;
  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<ClientPool> pool_;
};

// Who sits where, as the room object says it: "human:NAME", "bot:LEVEL" or "empty".
std::vector<std::string> seating(const Json& room) {
  std::vector<std::string> seats;
  for (const Json& seat : room.value("seats", Json::array())) {
    const std::string kind = seat.value("kind", "");
    if (kind == "human") seats.push_back("human:" + seat.value("name", ""));
    if (kind == "bot") seats.push_back("bot:" + seat.value("level", ""));
    if (kind == "empty") seats.push_back("empty");
  }
  return seats;
}

TEST_P(OpenRoomsAfterRestart, ARoomBeforeItsFirstMatchAndOneBetweenTwoComeBackAsTheyStood) {
  start_server();
  Json ann_welcome, bob_welcome;
  WsClient* ann = connect("Ann", "", ann_welcome);
  WsClient* bob = connect("Bob", "", bob_welcome);
  ASSERT_TRUE(ann && bob);
  const std::string ann_token = ann_welcome.value("token", "");
  const std::string bob_token = bob_welcome.value("token", "");

  // The table friends gathered at: private, Ann, Bob and a bot; never started.
  Json gathered = request(*ann, {{"type", "create_room"},
                                 {"game", "perico"},
                                 {"seats", 3},
                                 {"visibility", "private"}})["room"];
  const std::string gathered_id = gathered.value("id", "");
  const std::string code = gathered.value("code", "");
  request(*bob, {{"type", "join_room"}, {"code", code}, {"seat", 1}});
  request(*ann, {{"type", "add_bot"}, {"room", gathered_id}, {"seat", 2}, {"level", "sensible"}});
  // A bots' table Ann hosts and watches, between its first and second match.
  Json watched = request(
      *ann, {{"type", "create_room"}, {"game", "perico"}, {"seats", 2}, {"sit", false}})["room"];
  const std::string watched_id = watched.value("id", "");
  request(*ann, {{"type", "add_bot"}, {"room", watched_id}, {"level", "random"}});
  request(*ann, {{"type", "add_bot"}, {"room", watched_id}, {"level", "random"}});
  request(*ann, {{"type", "start"}, {"room", watched_id}});
  ASSERT_TRUE(pool_->take_type(*ann, "match_over", kPatience).is_object()) << server_->log();
  const std::vector<std::string> gathered_seats = {"human:Ann", "human:Bob", "bot:sensible"};
  const Json before = room_push(*ann, gathered_id,
                                [&](const Json& room) { return seating(room) == gathered_seats; });
  ASSERT_TRUE(before.is_object());
  // The rooms' last changes are queued writes: the kill comes once all are committed.
  ASSERT_TRUE(all_writes_committed()) << server_->log();

  restart();
  ann = connect("Ann", ann_token, ann_welcome);
  ASSERT_TRUE(ann) << server_->log();
  EXPECT_EQ(ann_welcome.value("rooms", Json::array()), Json::array({gathered_id}))
      << ann_welcome.dump();
  // The gathered table: pushed at once to its returning member, the same in every way.
  Json again = room_push(*ann, gathered_id, [](const Json&) { return true; });
  ASSERT_TRUE(again.is_object()) << server_->log();
  EXPECT_EQ(again.value("code", ""), code);
  EXPECT_EQ(again.value("visibility", ""), "private");
  EXPECT_EQ(again.value("host", ""), ann_welcome["player"].value("id", ""));
  EXPECT_EQ(again.value("status", ""), "waiting");
  EXPECT_EQ(again.value("match", -1), 0);
  EXPECT_EQ(seating(again), gathered_seats);
  // Bob comes back to his seat, and Ann starts the first match.
  bob = connect("Bob", bob_token, bob_welcome);
  ASSERT_TRUE(bob);
  EXPECT_EQ(bob_welcome.value("rooms", Json::array()), Json::array({gathered_id}));
  request(*ann, {{"type", "start"}, {"room", gathered_id}});
  EXPECT_TRUE(room_push(*ann, gathered_id, [](const Json& room) {
                return room.value("status", "") == "playing" && room.value("match", 0) == 1;
              }).is_object());

  // The bots' table: waiting again after its match 1; its next match is match 2.
  Json between = request(*ann, {{"type", "spectate"}, {"room", watched_id}})["room"];
  EXPECT_EQ(between.value("match", -1), 1) << between.dump();
  EXPECT_NE(between.value("status", ""), "playing");
  EXPECT_EQ(seating(between), (std::vector<std::string>{"bot:random", "bot:random"}));
  request(*ann, {{"type", "start"}, {"room", watched_id}});
  Json second = pool_->take_type(*ann, "match_over", kPatience);
  ASSERT_TRUE(second.is_object()) << server_->log();
  Json history = Json::parse(
      http_body(http_get(server_->port(), "/api/matches?limit=10", kPatience)), nullptr, false);
  std::vector<int> numbers;
  for (const Json& match : history.value("matches", Json::array())) {
    if (match.value("room", "") != watched_id) continue;
    Json record = Json::parse(
        http_body(http_get(server_->port(), "/api/matches/" + match.value("id", ""), kPatience)),
        nullptr, false);
    numbers.push_back(record.is_object() ? record.value("match_number", 0) : 0);
  }
  EXPECT_EQ(numbers, (std::vector<int>{2, 1})) << history.dump();  // newest first
}

INSTANTIATE_TEST_SUITE_P(Backends, OpenRoomsAfterRestart,
                         ::testing::Values(Restart{"sqlite", true}, Restart{"sqlite", false},
                                           Restart{"postgres", true}),
                         restart_name);

}  // namespace
}  // namespace parlor::testing
