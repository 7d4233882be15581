// The Room in-process: real rooms on an io_context run by the test's own thread, members
// on fake connections, a journal the test controls; no sockets and no server process.
// Perico is the game (the engine's registry), played by the engine's bots and by the
// test choosing a human's moves with a bot policy from the updates it receives.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/rng.hpp"
#include "engine/registry/registry.hpp"
#include "server/match_journal.hpp"
#include "server/room.hpp"

namespace parlor::server {
namespace {

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
  void action_accepted(const MatchRecord&, std::int64_t sequence, const RecordedAction&) override {
    ++actions;
    last_sequence = sequence;
  }
  void deal_committed(const MatchRecord&, int, const std::string&) override { ++commitments; }
  void round_ended(const MatchRecord&, int, const Json&) override { ++rounds; }
  void match_ended(const MatchRecord&, const Json&) override { ++ended; }
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

Player make_player(const std::string& id) {
  auto connection = std::make_shared<FakeConnection>();
  return {{id, "Name " + id, connection}, connection};
}

class RoomTest : public ::testing::Test {
 protected:
  void open_room(int seats, std::chrono::milliseconds bot_delay, const Player& host, bool sit) {
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
    room = std::make_shared<Room>(io.get_executor(), settings, directory, journal, metrics);
    room->open(host.member, 1, sit);
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
  std::unique_ptr<BotPolicy> policy = find_game("perico")->make_bot(BotLevel::kSensible);
  Rng rng{Seed::from_u64(5), 0};
};

TEST_F(RoomTest, BotsPlayAWholeMatchWhileTheHostWatches) {
  Player host = make_player("p1");
  open_room(3, 0ms, host, /*sit=*/false);
  for (int i = 0; i < 3; ++i) room->add_bot(host.member, 10 + i, std::nullopt, BotLevel::kSensible);
  room->start(host.member, 20);
  settle();

  ASSERT_EQ(host.connection->of_type("match_over").size(), 1u);
  EXPECT_EQ(journal.started, 1);
  EXPECT_EQ(journal.ended, 1);
  EXPECT_GT(journal.actions, 0);
  EXPECT_GE(journal.commitments, 1);
  const Json over = host.connection->of_type("match_over").front();
  EXPECT_EQ(over.at("actions").get<int>(), journal.actions);
  EXPECT_EQ(over.at("seed").get<std::string>().size(), 64u);
  // The spectator saw every move in order, with public views only.
  std::int64_t last_seq = -1;
  for (const Json& update : host.connection->of_type("update")) {
    EXPECT_TRUE(update.at("seat").is_null());
    EXPECT_GT(update.at("seq").get<std::int64_t>(), last_seq);
    last_seq = update.at("seq").get<std::int64_t>();
  }
  EXPECT_EQ(last_seq, journal.actions);
  EXPECT_EQ(directory.last.status, protocol::RoomStatus::kFinished);
  EXPECT_EQ(directory.last.seats_taken(), 3);
}

TEST_F(RoomTest, AHumanPlaysABotAndABadMoveIsAnErrorWithAStableCode) {
  Player host = make_player("p1");
  open_room(2, 0ms, host, /*sit=*/true);
  room->add_bot(host.member, 2, std::nullopt, BotLevel::kRandom);
  room->start(host.member, 3);
  settle();
  ASSERT_EQ(host.connection->of_type("ok").size(), 2u);  // add_bot, start

  bool rejected_once = false;
  int request = 100;
  for (int moves = 0; moves < 5000 && host.connection->of_type("match_over").empty(); ++moves) {
    std::optional<Json> move = my_move(host, 0);
    ASSERT_TRUE(move) << "the match waits for nobody";
    if (!rejected_once) {
      const int actions_before = journal.actions;
      room->act(host.member, ++request, {{"type", "no_such_move"}},
                std::chrono::steady_clock::now(), false);
      settle();
      const Json& error = host.connection->messages.back();
      ASSERT_EQ(error.at("type"), "error");
      EXPECT_EQ(error.at("code"), "unknown_action");
      EXPECT_EQ(error.at("id"), request);
      EXPECT_EQ(journal.actions, actions_before);  // nothing was journaled
      rejected_once = true;
    }
    room->act(host.member, ++request, *move, std::chrono::steady_clock::now(), false);
    settle();
    bool accepted = false;
    for (const Json& reply : host.connection->of_type("accepted")) {
      accepted = accepted || reply.at("id") == request;
    }
    ASSERT_TRUE(accepted) << "move " << move->dump() << " was not accepted";
  }
  ASSERT_EQ(host.connection->of_type("match_over").size(), 1u);
  EXPECT_EQ(journal.ended, 1);
  EXPECT_EQ(host.connection->of_type("match_over").front().at("actions").get<int>(),
            journal.actions);
}

// A client that lost its connection before it saw its move acknowledged sends the move
// again with the seq it had seen ("after"): the move counts once.
TEST_F(RoomTest, AMoveSentAgainWithAfterCountsOnce) {
  Player host = make_player("p1");
  open_room(2, 0ms, host, /*sit=*/true);
  room->add_bot(host.member, 2, std::nullopt, BotLevel::kRandom);
  room->start(host.member, 3);
  settle();
  std::optional<Json> move = my_move(host, 0);
  for (int wait = 0; !move && wait < 100; ++wait) {
    run_for(5ms);
    move = my_move(host, 0);
  }
  ASSERT_TRUE(move);
  const std::int64_t seen = host.connection->last_update()->at("seq").get<std::int64_t>();
  room->act(host.member, 10, *move, std::chrono::steady_clock::now(), false, seen);
  settle();
  const int actions_after_first = journal.actions;
  std::int64_t first_seq = -1;
  for (const Json& reply : host.connection->of_type("accepted")) {
    if (reply.at("id") == 10) first_seq = reply.at("seq").get<std::int64_t>();
  }
  ASSERT_EQ(first_seq, seen + 1);

  // The same move again, as after a reconnect: acknowledged with the same seq, not applied.
  room->act(host.member, 11, *move, std::chrono::steady_clock::now(), false, seen);
  settle();
  EXPECT_EQ(journal.actions, actions_after_first) << "the move was applied twice";
  const Json& again = host.connection->messages.back();
  ASSERT_EQ(again.at("type"), "accepted") << again.dump();
  EXPECT_EQ(again.at("id"), 11);
  EXPECT_EQ(again.at("seq"), first_seq);

  // A different move with the same "after" is judged by the rules as usual.
  room->act(host.member, 12, {{"type", "no_such_move"}}, std::chrono::steady_clock::now(), false,
            seen);
  settle();
  EXPECT_EQ(host.connection->messages.back().at("code"), "unknown_action");
}

TEST_F(RoomTest, NothingLeavesBeforeTheJournalIsDurable) {
  Player host = make_player("p1");
  Player guest = make_player("p2");
  open_room(2, 0ms, host, /*sit=*/true);
  room->join(guest.member, 1, std::nullopt);
  settle();
  journal.defer = true;

  const std::size_t host_before = host.connection->messages.size();
  const std::size_t guest_before = guest.connection->messages.size();
  room->start(host.member, 2);
  settle();
  EXPECT_EQ(journal.started, 1);
  EXPECT_EQ(host.connection->messages.size(), host_before) << "sent before the start was durable";
  EXPECT_EQ(guest.connection->messages.size(), guest_before);

  journal.make_durable();
  settle();
  ASSERT_GT(host.connection->messages.size(), host_before);
  // In order: the deal's commitment, the reply, the room, then the deal itself.
  EXPECT_EQ(host.connection->messages[host_before].at("type"), "deal_commitment");
  ASSERT_NE(host.connection->last_update(), nullptr);
  ASSERT_NE(guest.connection->last_update(), nullptr);

  // A move: journaled at once, but neither its acceptance nor its update leaves before
  // the journal says it is durable.
  Player* mover = my_move(host, 0) ? &host : &guest;
  const int seat = mover == &host ? 0 : 1;
  std::optional<Json> move = my_move(*mover, seat);
  ASSERT_TRUE(move);
  const std::size_t mover_before = mover->connection->messages.size();
  const int actions_before = journal.actions;
  room->act(mover->member, 7, *move, std::chrono::steady_clock::now(), false);
  settle();
  EXPECT_EQ(journal.actions, actions_before + 1);
  EXPECT_EQ(mover->connection->messages.size(), mover_before);
  journal.make_durable();
  settle();
  ASSERT_GT(mover->connection->messages.size(), mover_before);
  EXPECT_EQ(mover->connection->messages[mover_before].at("type"), "accepted");
  EXPECT_EQ(mover->connection->last_update()->at("seq"), journal.last_sequence);
}

TEST_F(RoomTest, WhileTheStoreCannotWriteMovesAreRefusedAndBotsWait) {
  Player host = make_player("p1");
  open_room(2, 20ms, host, /*sit=*/true);
  room->add_bot(host.member, 2, std::nullopt, BotLevel::kRandom);
  settle();

  journal.store_writable = false;
  room->start(host.member, 3);
  settle();
  EXPECT_EQ(host.connection->messages.back().at("code"), "store_unavailable");
  EXPECT_EQ(journal.started, 0);

  journal.store_writable = true;
  room->start(host.member, 4);
  run_for(50ms);
  ASSERT_EQ(journal.started, 1);

  // The human's move is refused, and journals nothing, until the store can write again.
  for (int i = 0; i < 100 && !my_move(host, 0); ++i) run_for(30ms);
  std::optional<Json> move = my_move(host, 0);
  ASSERT_TRUE(move);
  journal.store_writable = false;
  const int actions_before = journal.actions;
  room->act(host.member, 5, *move, std::chrono::steady_clock::now(), false);
  settle();
  EXPECT_EQ(host.connection->messages.back().at("code"), "store_unavailable");
  EXPECT_EQ(journal.actions, actions_before);
  journal.store_writable = true;

  // Play until the bot's turn, then take the store away: the bot waits and tries again.
  int request = 10;
  while (std::optional<Json> next = my_move(host, 0)) {
    room->act(host.member, ++request, *next, std::chrono::steady_clock::now(), false);
    settle();  // the bot's delay has not passed: only the human's move is applied
    if (!my_move(host, 0)) break;
  }
  ASSERT_TRUE(host.connection->of_type("match_over").empty());
  journal.store_writable = false;
  const int waiting_actions = journal.actions;
  run_for(200ms);  // the bot's delay passes several times over
  EXPECT_EQ(journal.actions, waiting_actions) << "a bot moved while the store could not write";
  journal.store_writable = true;
  run_for(kStoreRetryDelay + 200ms);
  EXPECT_GT(journal.actions, waiting_actions) << "the bot did not try again";
}

}  // namespace
}  // namespace parlor::server
