// The Room in-process: real rooms on an io_context run by the test's own thread, members
// on fake connections, a journal the test controls; no sockets and no server process.
// Perico is the game (the engine's registry), played by the engine's bots and by the
// test choosing a human's moves with a bot policy from the updates it receives.
#include "tests/server/room_fixture.hpp"

namespace parlor::server {
namespace {

using namespace room_testing;

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
  start_against_a_bot(host);
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
  start_against_a_bot(host);
  std::optional<Json> move = my_move(host, 0);
  for (int wait = 0; !move && wait < 100; ++wait) {
    run_for(5ms);
    move = my_move(host, 0);
  }
  ASSERT_TRUE(move);
  const std::int64_t seen = host.connection->last_update()->at("seq").get<std::int64_t>();
  room->act(host.member, 10, *move, std::chrono::steady_clock::now(), false, {seen, std::nullopt});
  settle();
  const int actions_after_first = journal.actions;
  std::int64_t first_seq = -1;
  for (const Json& reply : host.connection->of_type("accepted")) {
    if (reply.at("id") == 10) first_seq = reply.at("seq").get<std::int64_t>();
  }
  ASSERT_EQ(first_seq, seen + 1);

  // The same move again, as after a reconnect: acknowledged with the same seq, not applied.
  room->act(host.member, 11, *move, std::chrono::steady_clock::now(), false, {seen, std::nullopt});
  settle();
  EXPECT_EQ(journal.actions, actions_after_first) << "the move was applied twice";
  const Json& again = host.connection->messages.back();
  ASSERT_EQ(again.at("type"), "accepted") << again.dump();
  EXPECT_EQ(again.at("id"), 11);
  EXPECT_EQ(again.at("seq"), first_seq);

  // A different move with the same "after" is judged by the rules as usual.
  room->act(host.member, 12, {{"type", "no_such_move"}}, std::chrono::steady_clock::now(), false,
            {seen, std::nullopt});
  settle();
  EXPECT_EQ(host.connection->messages.back().at("code"), "unknown_action");
}

// Seqs start again at each match. The seat's last move of a finished match, sent in the
// next match with an "after" below its seq, is a new move: judged by the rules, never
// answered "accepted" with the old match's seq and swallowed. A move that names the old
// match ("match") is refused with stale_match and changes nothing.
TEST_F(RoomTest, AMoveOfTheNextMatchIsNeverTakenForTheLastMatchsMove) {
  Player host = make_player("p1");
  start_against_a_bot(host);
  int request = 100;
  Json last_move;
  std::int64_t last_move_seq = -1;
  for (int moves = 0; moves < 5000 && host.connection->of_type("match_over").empty(); ++moves) {
    std::optional<Json> move = my_move(host, 0);
    ASSERT_TRUE(move) << "the match waits for nobody";
    const std::int64_t seen = host.connection->last_update()->at("seq").get<std::int64_t>();
    room->act(host.member, ++request, *move, std::chrono::steady_clock::now(), false, {seen, 1});
    settle();
    Json reply;
    for (const Json& message : host.connection->messages) {
      if (message.contains("id") && message.at("id") == request) reply = message;
    }
    ASSERT_TRUE(reply.is_object()) << "no reply to move " << request;
    ASSERT_EQ(reply.value("type", ""), "accepted") << reply.dump();
    last_move = *move;
    last_move_seq = reply.at("seq").get<std::int64_t>();
  }
  ASSERT_EQ(host.connection->of_type("match_over").size(), 1u);
  ASSERT_GT(last_move_seq, 1);

  room->start(host.member, ++request);
  settle();
  for (int wait = 0; wait < 100 && !my_move(host, 0); ++wait) run_for(5ms);
  ASSERT_TRUE(my_move(host, 0));
  const std::int64_t seen = host.connection->last_update()->at("seq").get<std::int64_t>();
  ASSERT_LT(seen, last_move_seq);

  const int actions_before = journal.actions;
  room->act(host.member, ++request, last_move, std::chrono::steady_clock::now(), false, {seen, 1});
  settle();
  const Json& stale = host.connection->messages.back();
  EXPECT_EQ(stale.at("type"), "error") << stale.dump();
  EXPECT_EQ(stale.value("code", ""), "stale_match") << stale.dump();
  EXPECT_EQ(journal.actions, actions_before);

  // Without "match" (a client that does not send it): judged by the rules in this match.
  room->act(host.member, ++request, last_move, std::chrono::steady_clock::now(), false,
            {seen, std::nullopt});
  settle();
  bool answered = false;
  for (const Json& message : host.connection->messages) {
    if (!message.contains("id") || message.at("id") != request) continue;
    answered = true;
    if (message.at("type") == "accepted") {
      EXPECT_GT(journal.actions, actions_before) << "accepted but not applied: " << message.dump();
      EXPECT_EQ(message.at("seq"), seen + 1) << message.dump();
    } else {
      EXPECT_EQ(message.at("type"), "error") << message.dump();
      EXPECT_NE(message.value("code", ""), "stale_match") << message.dump();
    }
  }
  EXPECT_TRUE(answered);
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
