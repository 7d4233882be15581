// The room's table chat, its host's controls and the "timed_out" flag, in-process
// (tests/server/room_fixture.hpp): what each member receives, and the stable error codes
// of every refusal.
#include "tests/server/room_fixture.hpp"

namespace parlor::server {
namespace {

using namespace room_testing;

// The last message of `type` a connection received, or null.
const Json* last_of(const FakeConnection& connection, const std::string& type) {
  for (auto it = connection.messages.rbegin(); it != connection.messages.rend(); ++it) {
    if (it->value("type", "") == type) return &*it;
  }
  return nullptr;
}

std::string error_code(const FakeConnection& connection) {
  const Json* error = last_of(connection, "error");
  return error ? error->at("code").get<std::string>() : "";
}

class RoomTableTest : public RoomTest {
 protected:
  void chat(const Player& who, const std::string& text) {
    room->chat(who.member, ++request, text);
    settle();
  }
  int request = 100;
};

TEST_F(RoomTableTest, ChatReachesSeatsAndSpectatorsWithTheSendersNameAndIsNeverJournaled) {
  Player host = make_player("p1");
  Player watcher = make_player("p2");
  Player stranger = make_player("p3");
  open_room(2, 0ms, host, /*sit=*/true);
  room->spectate(watcher.member, 2);
  settle();

  chat(host, "  hello\nall  ");
  const Json* to_watcher = last_of(*watcher.connection, "chat");
  ASSERT_NE(to_watcher, nullptr);
  EXPECT_EQ(to_watcher->at("text"), "hello all");  // a newline cannot fake a second line
  EXPECT_EQ(to_watcher->at("room"), "R1");
  EXPECT_EQ(to_watcher->at("from").at("player"), "p1");
  EXPECT_EQ(to_watcher->at("from").at("name"), "Name p1");
  EXPECT_EQ(to_watcher->at("from").at("seat"), 0);
  ASSERT_NE(last_of(*host.connection, "chat"), nullptr);
  EXPECT_EQ(last_of(*host.connection, "ok")->at("request"), "chat");

  chat(watcher, "hi from the rail");
  EXPECT_TRUE(last_of(*host.connection, "chat")->at("from").at("seat").is_null());
  EXPECT_EQ(last_of(*host.connection, "chat")->at("text"), "hi from the rail");

  chat(stranger, "let me in");
  EXPECT_EQ(error_code(*stranger.connection), "not_in_room");
  EXPECT_EQ(host.connection->of_type("chat").size(), 2u);
  EXPECT_EQ(journal.actions, 0);
  EXPECT_EQ(journal.started, 0);
}

TEST_F(RoomTableTest, ChatIsCappedInCharactersAndRateLimitedPerPlayer) {
  Player host = make_player("p1");
  open_room(2, 0ms, host, /*sit=*/true);

  chat(host, "   ");
  EXPECT_EQ(error_code(*host.connection), "chat_empty");
  std::string longest;
  for (std::size_t i = 0; i < kMaxChatCharacters; ++i) longest += "é";  // two bytes each
  chat(host, longest + "é");
  EXPECT_EQ(error_code(*host.connection), "chat_too_long");
  EXPECT_TRUE(host.connection->of_type("chat").empty());

  chat(host, longest);
  ASSERT_EQ(host.connection->of_type("chat").size(), 1u);
  EXPECT_EQ(host.connection->of_type("chat").front().at("text"), longest);
  for (int i = 1; i < static_cast<int>(kChatBurst); ++i) chat(host, "line " + std::to_string(i));
  EXPECT_EQ(host.connection->of_type("chat").size(), static_cast<std::size_t>(kChatBurst));
  host.connection->messages.clear();
  chat(host, "one too many");
  EXPECT_EQ(error_code(*host.connection), "chat_rate_limited");
  EXPECT_TRUE(host.connection->of_type("chat").empty());
}

TEST_F(RoomTableTest, OnlyTheHostMutesAndAMutedPlayersChatReachesNobody) {
  Player host = make_player("p1");
  Player guest = make_player("p2");
  open_room(2, 0ms, host, /*sit=*/true);
  room->join(guest.member, 2, std::nullopt);
  settle();

  room->mute(guest.member, 3, "p1", true);
  settle();
  EXPECT_EQ(error_code(*guest.connection), "not_host");
  room->mute(host.member, 4, "nobody", true);
  settle();
  EXPECT_EQ(error_code(*host.connection), "not_in_room");

  room->mute(host.member, 5, "p2", true);
  settle();
  const Json* told = last_of(*guest.connection, "muted");
  ASSERT_NE(told, nullptr);
  EXPECT_TRUE(told->at("muted").get<bool>());
  EXPECT_EQ(directory.last.muted, std::vector<std::string>{"p2"});

  chat(guest, "can you hear me");
  EXPECT_EQ(error_code(*guest.connection), "muted");
  EXPECT_TRUE(host.connection->of_type("chat").empty());
  EXPECT_TRUE(guest.connection->of_type("chat").empty());

  room->mute(host.member, 6, "p2", false);
  settle();
  EXPECT_FALSE(last_of(*guest.connection, "muted")->at("muted").get<bool>());
  chat(guest, "back again");
  ASSERT_EQ(host.connection->of_type("chat").size(), 1u);
  EXPECT_TRUE(directory.last.muted.empty());
}

TEST_F(RoomTableTest, RefusingSpectatorsRemovesThemWithAReasonAndKeepsNewOnesOut) {
  Player host = make_player("p1");
  Player watcher = make_player("p2");
  Player latecomer = make_player("p3");
  open_room(2, 0ms, host, /*sit=*/true);
  room->spectate(watcher.member, 2);
  settle();
  ASSERT_EQ(directory.last.spectators, 1u);

  room->set_spectators(watcher.member, 3, false);
  settle();
  EXPECT_EQ(error_code(*watcher.connection), "not_host");
  EXPECT_TRUE(directory.last.spectators_allowed);

  room->set_spectators(host.member, 4, false);
  settle();
  const Json* removed = last_of(*watcher.connection, "removed");
  ASSERT_NE(removed, nullptr);
  EXPECT_EQ(removed->at("reason"), "spectators_refused");
  EXPECT_EQ(removed->at("room"), "R1");
  EXPECT_EQ(directory.last.spectators, 0u);
  EXPECT_FALSE(directory.last.spectators_allowed);
  EXPECT_FALSE(last_of(*host.connection, "room")->at("room").at("spectators_allowed").get<bool>());

  room->spectate(latecomer.member, 5);
  settle();
  EXPECT_EQ(error_code(*latecomer.connection), "spectators_refused");
  chat(watcher, "still here?");
  EXPECT_EQ(error_code(*watcher.connection), "not_in_room");

  room->set_spectators(host.member, 6, true);
  room->spectate(latecomer.member, 7);
  settle();
  EXPECT_EQ(directory.last.spectators, 1u);
}

TEST_F(RoomTableTest, TheHostRemovesOnlyAnAwayPlayerAndABotTakesTheSeat) {
  Player host = make_player("p1");
  Player guest = make_player("p2");
  open_room(3, 0ms, host, /*sit=*/true, [](RoomSettings& settings) {
    settings.turn_time = 40ms;
    settings.grace = 10s;
  });
  room->join(guest.member, 2, std::nullopt);
  room->add_bot(host.member, 3, std::nullopt, BotLevel::kRandom);
  room->start(host.member, 4);
  settle();
  ASSERT_EQ(journal.started, 1);

  room->remove_player(guest.member, 5, 0);
  settle();
  EXPECT_EQ(error_code(*guest.connection), "not_host");
  room->remove_player(host.member, 6, 1);
  settle();
  EXPECT_EQ(error_code(*host.connection), "not_away") << "the guest is connected";
  room->remove_player(host.member, 7, 2);
  settle();
  EXPECT_EQ(error_code(*host.connection), "not_a_player");
  room->remove_player(host.member, 8, 9);
  settle();
  EXPECT_EQ(error_code(*host.connection), "bad_seat");

  room->detach("p2", guest.connection);
  settle();
  room->remove_player(host.member, 9, 1);
  settle();
  EXPECT_EQ(error_code(*host.connection), "not_away") << "away for less than a turn";

  run_for(60ms);  // longer than the turn timer
  room->remove_player(host.member, 10, 1);
  settle();
  const Json* ok = last_of(*host.connection, "ok");
  ASSERT_NE(ok, nullptr);
  EXPECT_EQ(ok->at("request"), "remove_player");
  EXPECT_EQ(directory.last.seats.at(1).kind, protocol::SeatKind::kBot);
  EXPECT_EQ(directory.last.status, protocol::RoomStatus::kPlaying);

  // The guest's return finds no seat: they were removed.
  room->attach(guest.member);
  settle();
  EXPECT_EQ(directory.last.seats.at(1).kind, protocol::SeatKind::kBot);
}

TEST_F(RoomTableTest, AnUpdateSaysWhenTheServerPlayedATimedOutTurn) {
  Player host = make_player("p1");
  open_room(2, 0ms, host, /*sit=*/true, [](RoomSettings& settings) { settings.turn_time = 30ms; });
  room->add_bot(host.member, 2, std::nullopt, BotLevel::kRandom);
  room->start(host.member, 3);
  settle();
  const int before = journal.actions;
  run_for(250ms);  // the host never moves: the server plays each of its turns
  ASSERT_GT(journal.actions, before);

  int timed_out = 0;
  int ordinary = 0;
  for (const Json& update : host.connection->of_type("update")) {
    if (!update.contains("timed_out")) {
      ++ordinary;
      continue;
    }
    ++timed_out;
    EXPECT_EQ(update.at("timed_out").at("seat"), 0) << update.dump();
  }
  EXPECT_GT(timed_out, 0) << "no update said the host's turn ran out";
  EXPECT_GT(ordinary, 0) << "the deal and the bot's moves are not timeouts";
  EXPECT_EQ(metrics.actions_timed_out.load(), static_cast<std::int64_t>(timed_out));
}

}  // namespace
}  // namespace parlor::server
