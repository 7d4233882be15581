// The Room in-process, shared by its tests: real rooms on an io_context run by the test's
// own thread, members on fake connections, a journal the test controls; no sockets and
// no server process. Perico is the game (the engine's registry).
#pragma once

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/rng.hpp"
#include "engine/registry/registry.hpp"
#include "server/room/match_journal.hpp"
#include "server/room/room.hpp"

namespace parlor::server::room_testing {

using namespace std::chrono_literals;

// A member's connection: keeps every message it is sent.
class FakeConnection : public Connection {
 public:
  void send(SharedMessage message) override { messages.push_back(Json::parse(*message)); }

  std::vector<Json> of_type(const std::string& type) const {
    std::vector<Json> found;
    for (const Json& message : messages) {
      if (message.value("type", "") == type) found.push_back(message);
    }
    return found;
  }
  const Json* last_update() const {
    for (auto it = messages.rbegin(); it != messages.rend(); ++it) {
      if (it->value("type", "") == "update") return &*it;
    }
    return nullptr;
  }

  std::vector<Json> messages;
};

class FakeDirectory : public RoomDirectory {
 public:
  void seat_changed(const std::string&, const std::string&, bool) override {}
  void publish_summary(protocol::RoomSummary summary) override { last = std::move(summary); }
  void room_closed(const std::string&) override { closed = true; }

  protocol::RoomSummary last;
  bool closed = false;
};

// Counts what is journaled; with `defer`, nothing is durable until make_durable().
class TestJournal : public MatchJournal {
 public:
  void match_started(const MatchRecord&) override { ++started; }
  void action_accepted(const MatchRecord&, std::int64_t sequence, RecordedAction) override {
    ++actions;
    last_sequence = sequence;
  }
  void deal_committed(const MatchRecord&, int, const std::string&) override { ++commitments; }
  void round_ended(const MatchRecord&, int, const std::string&) override { ++rounds; }
  void match_ended(const MatchRecord&, const MatchResults&) override { ++ended; }
  void match_aborted(const MatchRecord&, const std::string&) override { ++aborted; }
  bool when_durable(std::function<void()> then) override {
    if (!defer) return true;
    waiting.push_back(std::move(then));
    return false;
  }
  bool writable() const override { return store_writable; }

  // As the store's writer would: every callback, from outside the room's strand.
  void make_durable() {
    std::vector<std::function<void()>> ready = std::move(waiting);
    waiting.clear();
    for (auto& then : ready) then();
  }

  int started = 0, actions = 0, commitments = 0, rounds = 0, ended = 0, aborted = 0;
  std::int64_t last_sequence = 0;
  bool defer = false;
  bool store_writable = true;
  std::vector<std::function<void()>> waiting;
};

struct Player {
  Member member;
  std::shared_ptr<FakeConnection> connection;
};

inline Player make_player(const std::string& id) {
  auto connection = std::make_shared<FakeConnection>();
  return {{id, "Name " + id, connection}, connection};
}

// A Perico room of `seats` seats, named `id` and `code`, with the game's default options;
// the rest as RoomSettings has it.
inline RoomSettings perico_room_settings(int seats, const std::string& id,
                                         const std::string& code) {
  RoomSettings settings;
  settings.id = id;
  settings.code = code;
  settings.game = find_game("perico");
  settings.options = *settings.game->validate_table(Json::object(), seats);
  settings.seats = seats;
  return settings;
}

class RoomTest : public ::testing::Test {
 protected:
  void open_room(int seats, std::chrono::milliseconds bot_delay, const Player& host, bool sit,
                 const std::function<void(RoomSettings&)>& adjust = {}) {
    RoomSettings settings;
    settings.id = "R1";
    settings.code = "ABCDEF";
    settings.game = find_game("perico");
    ASSERT_NE(settings.game, nullptr);
    auto options = settings.game->validate_table(Json::object(), seats);
    ASSERT_TRUE(options.ok());
    settings.options = *options;
    settings.seats = seats;
    settings.host_player_id = host.member.player_id;
    settings.turn_time = 0ms;  // no turn timer: the test decides when humans move
    settings.bot_delay = bot_delay;
    settings.round_pause = 0ms;
    if (adjust) adjust(settings);
    room =
        std::make_shared<Room>(io.get_executor(), settings, directory, journal, metrics, thinker);
    room->open(host.member, 1, sit);
    settle();
  }

  // Two seats, `host` in seat 0 and a random bot, the match started.
  void start_against_a_bot(const Player& host) {
    open_room(2, 0ms, host, /*sit=*/true);
    room->add_bot(host.member, 2, std::nullopt, BotLevel::kRandom);
    room->start(host.member, 3);
    settle();
  }

  // Runs everything that is ready now (bots without delay included).
  void settle() {
    io.restart();
    while (io.poll() > 0) {
    }
  }
  void run_for(std::chrono::milliseconds time) {
    io.restart();
    io.run_for(time);
  }

  // The seat's next move chosen from its last update, when the match waits for it.
  std::optional<Json> my_move(const Player& player, int seat) {
    const Json* update = player.connection->last_update();
    if (!update) return std::nullopt;
    const Json& view = update->at("view");
    if (view.at("over").get<bool>()) return std::nullopt;
    const Json& waiting = view.at("waiting").at("seats");
    if (std::find(waiting.begin(), waiting.end(), Json(seat)) == waiting.end()) return std::nullopt;
    return policy->choose(view, rng);
  }

  boost::asio::io_context io;
  Metrics metrics;
  FakeDirectory directory;
  TestJournal journal;
  std::shared_ptr<Room> room;
  BotThinker* thinker = nullptr;  // where the room's bots think (null: on the strand)
  std::unique_ptr<BotPolicy> policy = find_game("perico")->make_bot(BotLevel::kSensible);
  Rng rng{Seed::from_u64(5), 0};
};

}  // namespace parlor::server::room_testing
