// The crash-recovery fixture's workings (crash_recovery_fixture.hpp): starting the server,
// playing human and bot rooms, and the checks after every restart.
#include "tests/persistence/crash_recovery_fixture.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "engine/registry/registry.hpp"
#include "tests/support/built_paths.hpp"

namespace parlor::testing {
namespace {

// The last `lines` lines of a log, for a failure message.
std::string last_lines(const std::string& text, int lines) {
  std::size_t end = text.size();
  if (end > 0 && text[end - 1] == '\n') --end;  // the final newline ends the last line
  std::size_t at = end;
  while (lines-- > 0) {
    if (at == 0) return text;
    at = text.rfind('\n', at - 1);
    if (at == std::string::npos) return text;
  }
  return text.substr(at + 1);
}

constexpr const char* kHumanGame = "perico";
constexpr int kHumanSeats = 3;
const std::vector<std::string> kBotGames = {"perico", "loc", "pedro", "carioca", "poker"};

std::string integrity_check(const std::string& path) {
  if (path.rfind("postgresql://", 0) == 0) return "ok";  // PostgreSQL's own business
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return "cannot open";
  }
  std::string result;
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &statement, nullptr) == SQLITE_OK) {
    while (sqlite3_step(statement) == SQLITE_ROW) {
      result += reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    }
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return result;
}

// A reply's string field; "" when no reply came (null) to read it from.
std::string field(const Json& message, const char* key) {
  return message.is_object() ? message.value(key, "") : "";
}

}  // namespace

std::string room_of(const Json& message) {
  auto it = message.find("room");
  return it != message.end() && it->is_string() ? it->get<std::string>() : "";
}

Json api_get(const ServerProcess& server, const std::string& target) {
  std::string response = http_get(server.port(), target, std::chrono::seconds(30));
  if (http_status(response) != 200) return nullptr;
  return Json::parse(http_body(response), nullptr, false);
}

void CrashRecovery::SetUp() {
  char dir_template[] = "/tmp/parlor-crash-XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  dir_ = dir_template;
  db_ = dir_ + "/parlor.db";
}

void CrashRecovery::TearDown() {
  server_.reset();
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

void CrashRecovery::start_server() {
  server_ = std::make_unique<ServerProcess>(
      parlor_server_path(),
      std::vector<std::string>{"--db", db_, "--bot-delay-ms", "3", "--round-pause-ms", "0",
                               "--turn-seconds", "0", "--rate", "0", "--grace-seconds", "600",
                               "--max-queued-messages", "100000", "--log-level", "warn"});
  pool_ = std::make_unique<ClientPool>();
}

std::string CrashRecovery::why_unanswered(const WsClient& client,
                                          std::chrono::steady_clock::time_point asked) {
  auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - asked);
  std::string side =
      client.closed ? "was closed (" + client.read_error.message() + ")" : "was still open";
  std::string why = "no reply after " + std::to_string(waited.count()) + " ms; the client " + side +
                    " with " + std::to_string(client.inbox.size()) + " messages unread";
  std::string health = http_get(server_->port(), "/healthz", std::chrono::seconds(30));
  why += "\n/healthz: " + (health.empty() ? std::string("no answer") : http_body(health));
  for (const char* counter :
       {"parlor_connections_timed_out_total", "parlor_slow_consumers_dropped_total"}) {
    why += "\n" + std::string(counter) + " " + std::to_string(metric(server_->port(), counter));
  }
  Json welcome;
  WsClient* fresh = connect("Prober", "", &welcome);
  std::string answer = welcome.is_null() ? "no answer" : welcome.value("type", "?");
  why += "\na fresh connection's hello: " + (fresh ? answer : std::string("could not connect"));
  return why + "\nthe server's log, last lines:\n" + last_lines(server_->log(), 80);
}

WsClient* CrashRecovery::connect(const std::string& name, const std::string& token, Json* welcome) {
  WsClient* client = pool_->connect(server_->port());
  if (!client) return nullptr;
  Json hello = {{"type", "hello"}, {"version", 1}, {"name", name}};
  if (!token.empty()) hello["token"] = token;
  *welcome = pool_->request(*client, hello, kPatience);
  return client;
}

void CrashRecovery::absorb(WsClient& client, Human* human) {
  while (!client.inbox.empty()) {
    Json message = std::move(client.inbox.front());
    client.inbox.pop_front();
    std::string type = message.value("type", "");
    std::string room = room_of(message);
    if (type == "update" && room_match_.contains(room)) {
      Watched& watched = matches_[room_match_[room]];
      watched.last_seq = std::max<std::int64_t>(watched.last_seq, message.value("seq", 0));
    }
    if (type == "update" && human) {
      human->view = message["view"];
      human->seq = message.value("seq", 0);
      human->dirty = true;
    } else if (type == "match_over") {
      std::string id = message.value("match_id", "");
      Watched& watched = matches_[id];
      watched.match_id = id;
      watched.room = room;
      watched.over = true;
      watched.results = message["results"];
      watched.actions = message.value("actions", 0);
    } else if (human && (type == "accepted" || type == "error") &&
               message.value("id", 0LL) == human->pending_id) {
      human->pending_id = 0;
      human->dirty = true;
    }
  }
}

void CrashRecovery::learn_match(const Json& message) {
  std::string type = message.value("type", "");
  if (type != "update" && type != "deal_commitment") return;
  std::string room = room_of(message);
  std::string id = message.value("match_id", "");
  if (room.empty() || id.empty()) return;
  room_match_[room] = id;
  Watched& watched = matches_[id];
  watched.room = room;
  watched.match_id = id;
}

void CrashRecovery::play_humans(std::mt19937& random) {
  for (Human& human : humans_) {
    absorb(*human.client, &human);
    if (human.pending_id || !human.dirty || !human.view.is_object()) continue;
    human.dirty = false;
    if (human.view.value("over", false)) continue;
    const Json& waiting = human.view["waiting"]["seats"];
    if (std::find(waiting.begin(), waiting.end(), Json(human.seat)) == waiting.end()) continue;
    Rng rng(Seed::from_u64(random()), 1);
    Json action = human.policy->choose(human.view, rng);
    human.pending_id = 900'000 + static_cast<long long>(random() % 1'000'000);
    human.client->send(
        {{"type", "action"}, {"id", human.pending_id}, {"room", human_room_}, {"action", action}});
  }
}

void CrashRecovery::open_human_room() {
  humans_.clear();
  const GameDefinition* game = find_game(kHumanGame);
  ASSERT_NE(game, nullptr);
  for (int s = 0; s < kHumanSeats; ++s) {
    Human human;
    human.name = "Human " + std::to_string(s);
    Json welcome;
    human.client = connect(human.name, "", &welcome);
    ASSERT_NE(human.client, nullptr);
    ASSERT_EQ(field(welcome, "type"), "welcome") << human.name << ": " << welcome.dump();
    human.token = field(welcome, "token");
    human.player_id = welcome["player"].value("id", "");
    human.seat = s;
    human.policy = game->make_bot(BotLevel::kSensible);
    humans_.push_back(std::move(human));
  }
  Json room = pool_->request(
      *humans_[0].client,
      {{"type", "create_room"}, {"game", kHumanGame}, {"seats", kHumanSeats}, {"turn_seconds", 0}},
      kPatience);
  ASSERT_EQ(field(room, "type"), "room") << room.dump();
  human_room_ = room["room"]["id"];
  for (int s = 1; s < kHumanSeats; ++s) {
    Json joined = pool_->request(
        *humans_[s].client, {{"type", "join_room"}, {"room", human_room_}, {"seat", s}}, kPatience);
    ASSERT_EQ(field(joined, "type"), "room") << joined.dump();
  }
  Json started =
      pool_->request(*humans_[0].client, {{"type", "start"}, {"room", human_room_}}, kPatience);
  ASSERT_NE(field(started, "type"), "error") << started.dump();
  // The match id comes with its first update (held, as the reply is, until the match
  // is journaled): learn it before any kill so the test knows which match to look for.
  ASSERT_TRUE(pool_->wait_for([&] {
    for (const Human& human : humans_) {
      for (const Json& message : human.client->inbox) learn_match(message);
    }
    return !room_match_[human_room_].empty();
  })) << "no update named the match of room "
      << human_room_;
}

void CrashRecovery::open_bot_rooms(std::mt19937& random) {
  if (!watcher_) {
    Json welcome;
    watcher_ = connect("Watcher", "", &welcome);
    ASSERT_NE(watcher_, nullptr);
    ASSERT_EQ(field(welcome, "type"), "welcome") << welcome.dump();
  }
  for (int r = 0; r < 2; ++r) {
    const std::string& game = kBotGames[random() % kBotGames.size()];
    int seats = game == "pedro" || game == "perico" ? 4 : 3;
    auto asked = std::chrono::steady_clock::now();
    Json room = pool_->request(*watcher_,
                               {{"type", "create_room"},
                                {"game", game},
                                {"seats", seats},
                                {"sit", false},
                                {"bot_delay_ms", 1 + r * 4}},
                               kPatience);
    ASSERT_EQ(field(room, "type"), "room")
        << room.dump() << "\n"
        << (room.is_null() ? why_unanswered(*watcher_, asked) : "");
    std::string id = room["room"]["id"];
    for (int s = 0; s < seats; ++s) {
      pool_->request(*watcher_, {{"type", "add_bot"}, {"room", id}}, kPatience);
    }
    Json started = pool_->request(*watcher_, {{"type", "start"}, {"room", id}}, kPatience);
    ASSERT_NE(field(started, "type"), "error") << started.dump();
  }
}

void CrashRecovery::run_for(std::chrono::milliseconds duration, std::mt19937& random) {
  auto end = std::chrono::steady_clock::now() + duration;
  while (std::chrono::steady_clock::now() < end) {
    pool_->pump(std::chrono::milliseconds(1));
    for (Human& human : humans_) {
      for (const Json& message : human.client->inbox) learn_match(message);
    }
    if (watcher_) {
      for (const Json& message : watcher_->inbox) learn_match(message);
      absorb(*watcher_, nullptr);
    }
    play_humans(random);
  }
}

void CrashRecovery::reconnect_humans() {
  std::int64_t latest_seen = -1;
  int in_flight_moves = 0;
  for (const Human& human : humans_) {
    latest_seen = std::max(latest_seen, human.seq);
    in_flight_moves += human.pending_id != 0;
  }
  for (Human& human : humans_) {
    Json welcome;
    human.client = connect(human.name, human.token, &welcome);
    ASSERT_NE(human.client, nullptr);
    ASSERT_EQ(field(welcome, "type"), "welcome") << welcome.dump();
    ASSERT_EQ(welcome["player"].value("id", ""), human.player_id);
    Json state = pool_->take(
        *human.client,
        [](const Json& m) { return m.value("type", "") == "update" && m.contains("match_id"); },
        kPatience);
    ASSERT_TRUE(state.is_object()) << human.name << " got no state after the restart";
    EXPECT_EQ(state.value("seat", -1), human.seat);
    std::int64_t seq = state.value("seq", 0);
    // Every action anyone saw survives; the only new ones can be moves that were in
    // flight (journaled, their acknowledgement lost with the connection).
    EXPECT_GE(seq, latest_seen) << human.name;
    EXPECT_LE(seq, latest_seen + in_flight_moves) << human.name;
    if (seq == human.seq) {
      EXPECT_EQ(state["view"], human.view) << human.name << " sees another view at seq " << seq;
    }
    learn_match(state);
    human.view = state["view"];
    human.seq = seq;
    human.pending_id = 0;
    human.dirty = true;
  }
}

void CrashRecovery::check_history(bool all) {
  for (auto& [id, watched] : matches_) {
    if (id.empty() || (watched.settled && !all)) continue;
    Json record = api_get(*server_, "/api/matches/" + id);
    ASSERT_TRUE(record.is_object()) << "match " << id << " is missing from the history";
    std::string status = record.value("status", "");
    if (watched.over) {
      EXPECT_EQ(status, "over") << id;
      EXPECT_EQ(record["results"]["scores"], watched.results["scores"]) << id;
      ASSERT_TRUE(record.contains("actions")) << id;
      EXPECT_EQ(static_cast<std::int64_t>(record["actions"].size()), watched.actions) << id;
    } else {
      EXPECT_TRUE(status == "playing" || status == "over") << id << " is " << status;
      if (status == "playing") {
        EXPECT_FALSE(record.contains("seed")) << "a live match's seed is served: " << id;
        EXPECT_FALSE(record.contains("actions")) << "a live match's journal is served: " << id;
      }
    }
    // Over as seen, or ended unseen just before a kill: either way its record is final.
    watched.settled = status == "over";
  }
}

void CrashRecovery::check_bot_rooms_resumed() {
  Json welcome;
  auto asked = std::chrono::steady_clock::now();
  watcher_ = connect("Watcher", "", &welcome);
  ASSERT_NE(watcher_, nullptr);
  ASSERT_EQ(field(welcome, "type"), "welcome")
      << welcome.dump() << "\n"
      << (welcome.is_null() ? why_unanswered(*watcher_, asked) : "");
  for (const auto& [id, watched] : matches_) {
    absorb(*watcher_, nullptr);  // what the rooms spectated so far sent meanwhile
    if (watched.over || watched.settled || watched.room.empty() || watched.room == human_room_) {
      continue;
    }
    Json reply =
        pool_->request(*watcher_, {{"type", "spectate"}, {"room", watched.room}}, kPatience);
    ASSERT_TRUE(reply.is_object()) << "no answer to spectating room " << watched.room;
    if (field(reply, "type") == "error" || reply["room"].value("status", "") != "playing") {
      // Finished just before the kill, with "match over" still held back: then the
      // history says so (and the room, between two matches now, is reopened waiting).
      Json record = api_get(*server_, "/api/matches/" + id);
      ASSERT_TRUE(record.is_object()) << id << " is missing from the history";
      EXPECT_EQ(record.value("status", ""), "over") << id << ": " << reply.dump();
      continue;
    }
    Json state = pool_->take(
        *watcher_,
        // Captured by name: clang 15 (the fuzzing build) cannot capture a structured binding.
        [&room = watched.room](const Json& m) {
          return m.value("type", "") == "update" && m.value("room", "") == room &&
                 m.contains("match_id");
        },
        kPatience);
    ASSERT_TRUE(state.is_object()) << "no state for room " << watched.room;
    if (state.value("match_id", "") != id) continue;  // that match ended; a new one runs
    EXPECT_GE(state.value("seq", 0), watched.last_seq) << "room " << watched.room;
  }
}

void CrashRecovery::kill_and_restart_many_times(int cycles) {
  std::mt19937 random(20261122);
  start_server();
  open_human_room();
  int resumed_checks = 0;
  for (int cycle = 0; cycle < cycles; ++cycle) {
    SCOPED_TRACE("cycle " + std::to_string(cycle));
    open_bot_rooms(random);
    run_for(std::chrono::milliseconds(100 + random() % 500), random);
    server_->kill_now();
    pool_.reset();  // the connections died with the server
    watcher_ = nullptr;

    EXPECT_EQ(integrity_check(db_), "ok");
    start_server();
    check_history(false);
    // A finished match's room reopens waiting (recovery.hpp); the humans start afresh
    // in a new room, which checks a new match from its start.
    ASSERT_FALSE(room_match_[human_room_].empty());
    Json human_match = api_get(*server_, "/api/matches/" + room_match_[human_room_]);
    ASSERT_TRUE(human_match.is_object()) << "the humans' match is missing from the history";
    if (human_match.value("status", "") == "over") {
      ASSERT_NO_FATAL_FAILURE(open_human_room());
    } else {
      ASSERT_NO_FATAL_FAILURE(reconnect_humans());
    }
    check_bot_rooms_resumed();
    ++resumed_checks;
  }
  std::cout << "SIGKILLed and restarted " << resumed_checks << " times; " << matches_.size()
            << " matches watched\n";
  // Play on once more, then a clean stop: the history still holds every match watched,
  // with the results seen.
  run_for(std::chrono::milliseconds(500), random);
  check_history(true);
  EXPECT_EQ(server_->stop(), 0);
  EXPECT_EQ(integrity_check(db_), "ok");
  EXPECT_GE(matches_.size(), static_cast<std::size_t>(cycles * 2));  // every cycle's rooms
}

}  // namespace parlor::testing
