// A room's saved form (server/room/saved_room.hpp), which reopens it after a restart
// (a single server's open_rooms) or on another node (a cluster's takeover): a room saved
// as it stands comes back with its settings, seats, host and match count, and a saved
// form that is not one is an error, never an exception.
#include "server/room/saved_room.hpp"

#include "tests/server/room_fixture.hpp"

namespace parlor::server {
namespace {

using namespace room_testing;

FindGame engine_games() {
  return [](const std::string& name) { return find_game(name); };
}

TEST_F(RoomTest, ARoomReopensFromItsSavedFormWithItsSeatsAndNumbersItsNextMatchOn) {
  Player host = make_player("p1");
  Player guest = make_player("p2");
  open_room(4, 0ms, host, /*sit=*/false, [](RoomSettings& settings) {
    settings.is_public = false;
    settings.turn_time = 30s;
  });
  room->join(guest.member, 2, 3);  // seat 3: the seats between stay for bots
  for (int seat = 0; seat < 3; ++seat) {
    room->add_bot(host.member, 10 + seat, seat, BotLevel::kSensible);
  }
  settle();
  room->start(host.member, 20);
  settle();
  room->leave(guest.member, 21);  // a bot finishes the match in seat 3
  settle();
  ASSERT_EQ(directory.last.match, 1);
  ASSERT_EQ(directory.last.status, protocol::RoomStatus::kFinished);

  const std::string text = saved_room_text(directory.last, room->settings());
  Expected<SavedRoom> saved = saved_room_from_text(text, engine_games());
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_EQ(saved->settings.id, "R1");
  EXPECT_EQ(saved->settings.code, "ABCDEF");
  EXPECT_FALSE(saved->settings.is_public);
  EXPECT_EQ(saved->settings.game, find_game("perico"));
  EXPECT_EQ(saved->settings.options, room->settings().options);
  EXPECT_EQ(saved->settings.turn_time, 30s);
  EXPECT_EQ(saved->settings.host_player_id, "p1");
  EXPECT_EQ(saved->matches_started, 1);
  ASSERT_EQ(saved->seats.size(), 4u);
  for (int seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(saved->seats[seat].kind, protocol::SeatKind::kBot);
    EXPECT_EQ(saved->seats[seat].bot_level, "sensible");
  }
  EXPECT_EQ(saved->seats[3].kind, directory.last.seats[3].kind);
  const int seats_taken = directory.last.seats_taken();

  // The room reopened from it, as recovery does: waiting, the same seats; its next match
  // is match 2.
  auto reopened =
      std::make_shared<Room>(io.get_executor(), saved->settings, directory, journal, metrics);
  reopened->restore_waiting(saved->seats, saved->matches_started);
  settle();
  EXPECT_EQ(directory.last.status, protocol::RoomStatus::kWaiting);
  EXPECT_EQ(directory.last.match, 1);
  EXPECT_EQ(directory.last.seats_taken(), seats_taken);
  EXPECT_EQ(saved_room_text(directory.last, reopened->settings()), text);
  Player back = make_player("p1");
  reopened->spectate(back.member, 30);
  reopened->start(back.member, 32);
  settle();
  EXPECT_EQ(directory.last.match, 2);
}

// The saved form is written, not built as a tree: byte for byte the tree's dump.
TEST(SavedRoom, IsTheDumpOfItsTree) {
  RoomSettings settings = perico_room_settings(4, "R7", "QWERTY");
  settings.options["note"] = "a \"quoted\" word, \\ and caf\xc3\xa9";
  settings.host_player_id = "old-host";
  settings.turn_time = 45s;
  settings.is_public = false;
  settings.spectators_allowed = false;
  protocol::RoomSummary summary;
  summary.host_player_id = "p2";
  summary.match = 17;
  summary.seats = {
      {protocol::SeatKind::kHuman, "p2", "Ana \"the ace\" Jos\xc3\xa9", true, false, ""},
      {protocol::SeatKind::kBot, "", "Bot 2", false, false, "random"},
      {protocol::SeatKind::kEmpty, "", "", false, false, ""},
      {protocol::SeatKind::kHuman, "p4", "tab\there", false, true, ""},
  };
  RoomSettings now = settings;
  now.host_player_id = summary.host_player_id;
  Json seats = Json::array();
  for (const protocol::SeatSummary& seat : summary.seats) {
    seats.push_back({{"kind", protocol::seat_kind_name(seat.kind)},
                     {"player", seat.player_id},
                     {"name", seat.name},
                     {"level", seat.bot_level}});
  }
  const std::string tree_text =
      Json{{"room", room_settings_json(now)}, {"seats", seats}, {"matches", summary.match}}.dump();
  EXPECT_EQ(saved_room_text(summary, settings), tree_text);
  summary.seats.clear();
  settings.game = nullptr;  // a game this build lacks is saved as ""
  now = settings;
  now.host_player_id = summary.host_player_id;
  EXPECT_EQ(
      saved_room_text(summary, settings),
      Json({{"room", room_settings_json(now)}, {"seats", Json::array()}, {"matches", 17}}).dump());
}

TEST(SavedRoom, WhatIsNotASavedRoomIsAnErrorWithItsCode) {
  const RoomSettings settings = perico_room_settings(2, "R7", "QWERTY");
  const Json room = room_settings_json(settings);
  Json unknown_game = room;
  unknown_game["game"] = "whist";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "bad_room_settings"},
      {"[1, 2]", "bad_room_settings"},
      {R"({"room": 5})", "bad_room_settings"},
      {Json{{"room", {{"id", "R7"}}}}.dump(), "bad_room_settings"},
      {Json{{"room", room}, {"seats", {5}}}.dump(), "bad_room_settings"},
      {Json{{"room", room}, {"seats", {{{"kind", 3}}}}}.dump(), "bad_room_settings"},
      {Json{{"room", room}, {"seats", "none"}}.dump(), "bad_room_settings"},
      {Json{{"room", room}, {"matches", "two"}}.dump(), "bad_room_settings"},
      {Json{{"room", unknown_game}}.dump(), "no_such_game"}};
  for (const auto& [text, code] : cases) {
    Expected<SavedRoom> saved = saved_room_from_text(text, engine_games());
    ASSERT_FALSE(saved.ok()) << text;
    EXPECT_EQ(saved.error().code, code) << text;
  }
  // The form before "matches" was added: no match yet.
  Expected<SavedRoom> older = saved_room_from_text(Json{{"room", room}}.dump(), engine_games());
  ASSERT_TRUE(older.ok());
  EXPECT_EQ(older->matches_started, 0);
  EXPECT_TRUE(older->seats.empty());
}

}  // namespace
}  // namespace parlor::server
