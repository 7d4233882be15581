// A room that is a club night's table (RoomSettings::event_id, server/events/): its seats
// held for the event's players (restore_waiting), its first match started by itself once
// they are all here, or by start_event_table with a bot for the absent; `start` refused;
// a duplicate round's first seed used for the first match.
#include "tests/server/room_fixture.hpp"

namespace parlor::server {
namespace {

using namespace room_testing;

// Keeps each started match's seed.
class SeedJournal : public TestJournal {
 public:
  void match_started(const MatchRecord& record) override {
    TestJournal::match_started(record);
    seeds.push_back(record.seed_hex);
  }
  std::vector<std::string> seeds;
};

class EventTableTest : public RoomTest {
 protected:
  void open_table(const std::string& first_seed = "") {
    RoomSettings settings = perico_room_settings(2, "R1", "ABCDEF");
    settings.host_player_id = "organiser";
    settings.turn_time = 0ms;
    settings.bot_delay = 0ms;
    settings.round_pause = 0ms;
    settings.event_id = "E1";
    settings.first_seed_hex = first_seed;
    room = std::make_shared<Room>(io.get_executor(), settings, directory, seeds, metrics);
    room->restore_waiting(
        {{protocol::SeatKind::kHuman, "a", "Ann", ""}, {protocol::SeatKind::kHuman, "b", "Bo", ""}},
        0);
    settle();
  }
  SeedJournal seeds;
  Player ann = make_player("a");
  Player bo = make_player("b");
};

TEST_F(EventTableTest, TheFirstMatchStartsOnceEveryHeldSeatIsTaken) {
  open_table();
  ASSERT_EQ(directory.last.seats.size(), 2u);
  EXPECT_EQ(directory.last.seats[0].player_id, "a");
  room->join(ann.member, 1, std::nullopt);
  settle();
  EXPECT_EQ(seeds.started, 0) << "one of two is here";
  room->start(ann.member, 2);
  settle();
  ASSERT_FALSE(ann.connection->of_type("error").empty());
  EXPECT_EQ(ann.connection->of_type("error").back()["code"], "event_table");
  room->join(bo.member, 3, std::nullopt);
  settle();
  EXPECT_EQ(seeds.started, 1);
  EXPECT_NE(bo.connection->last_update(), nullptr);
  room->start_event_table();  // the start grace after all: nothing more
  settle();
  EXPECT_EQ(seeds.started, 1);
}

TEST_F(EventTableTest, AfterTheGraceABotPlaysTheAbsentSeatUntilTheEnd) {
  open_table();
  room->join(ann.member, 1, std::nullopt);
  settle();
  room->start_event_table();
  settle();
  ASSERT_EQ(seeds.started, 1);
  // Ann plays her seat; the bot plays Bo's, who never comes: the match ends, Bo has left.
  for (int i = 0; i < 2000 && seeds.ended == 0; ++i) {
    if (auto move = my_move(ann, 0)) {
      room->act(ann.member, 100 + i, *move, std::chrono::steady_clock::now(), false);
    }
    settle();
  }
  EXPECT_EQ(seeds.ended, 1);
  room->start_event_table();  // a table plays one match only
  settle();
  EXPECT_EQ(seeds.started, 1);
}

// Leaving an event table steps away: the seat stays its player's, nobody else may take
// it, and join_room gives it back, before the match and during it (a bot plays meanwhile).
TEST_F(EventTableTest, LeavingKeepsTheSeatForItsPlayerWhoMayComeBack) {
  open_table();
  Player stranger = make_player("c");
  room->join(ann.member, 1, std::nullopt);
  settle();
  room->leave(ann.member, 2);
  settle();
  ASSERT_FALSE(ann.connection->of_type("ok").empty());
  EXPECT_EQ(ann.connection->of_type("ok").back()["request"], "leave_room");
  room->join(stranger.member, 3, std::nullopt);
  settle();
  ASSERT_FALSE(stranger.connection->of_type("error").empty());
  EXPECT_EQ(stranger.connection->of_type("error").back()["code"], "room_full");
  EXPECT_EQ(directory.last.seats[0].player_id, "a");

  room->join(ann.member, 4, std::nullopt);  // back before the start
  room->join(bo.member, 5, std::nullopt);
  settle();
  ASSERT_EQ(seeds.started, 1) << "both players here: the match starts by itself";
  room->leave(bo.member, 6);  // during the match: a bot plays Bo's seat, still his
  settle();
  room->join(stranger.member, 7, std::nullopt);
  settle();
  EXPECT_EQ(stranger.connection->of_type("error").back()["code"], "match_running");
  Player organiser = make_player("organiser");  // the host: may not give Bo's seat away
  room->spectate(organiser.member, 9);
  room->remove_player(organiser.member, 10, 1);
  settle();
  ASSERT_FALSE(organiser.connection->of_type("error").empty());
  EXPECT_EQ(organiser.connection->of_type("error").back()["code"], "event_table");
  room->join(bo.member, 8, std::nullopt);
  settle();
  Json reply;  // the answer to the join: the room, Bo connected in his seat
  for (const Json& m : bo.connection->of_type("room")) {
    if (m["id"] == 8) reply = m;
  }
  ASSERT_TRUE(reply.is_object()) << "Bo's join is answered";
  EXPECT_EQ(reply["room"]["seats"][1]["player"], "b");
  EXPECT_EQ(reply["room"]["seats"][1]["connected"], true);
  EXPECT_EQ(reply["room"]["seats"][1].value("bot_plays", false), false);
}

TEST_F(EventTableTest, TheFirstMatchIsDealtFromTheGivenSeed) {
  const std::string seed(64, 'a');
  open_table(seed);
  room->start_event_table();
  settle();
  ASSERT_EQ(seeds.seeds.size(), 1u);
  EXPECT_EQ(seeds.seeds[0], seed);
}

TEST(EventTableSettings, StoredWithTheSettingsAndAbsentFromOlderRows) {
  RoomSettings settings;
  settings.id = "R1";
  settings.game = find_game("perico");
  settings.event_id = "E3";
  settings.first_seed_hex = std::string(64, 'b');
  Json saved = room_settings_json(settings);
  auto find = [](const std::string& name) { return find_game(name); };
  auto back = room_settings_from_json(saved, find);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->event_id, "E3");
  EXPECT_EQ(back->first_seed_hex, settings.first_seed_hex);
  saved.erase("event");
  saved.erase("first_seed");
  back = room_settings_from_json(saved, find);
  ASSERT_TRUE(back.ok());
  EXPECT_TRUE(back->event_id.empty());
  settings.event_id.clear();
  settings.first_seed_hex.clear();
  EXPECT_FALSE(room_settings_json(settings).contains("event")) << "other rooms' rows as before";
}

}  // namespace
}  // namespace parlor::server
