// Seating alone: seats, spectators, the host, connections and the grace period, with the
// clock passed in (no Asio, no room).
#include <gtest/gtest.h>

#include <chrono>
#include <memory>

#include "engine/registry/registry.hpp"
#include "server/room/seating.hpp"

namespace parlor::server {
namespace {

using namespace std::chrono_literals;
using Clock = Seating::Clock;

class NullConnection : public Connection {
 public:
  void send(SharedMessage) override {}
};

Member member(const std::string& id) {
  return {id, "Name " + id, std::make_shared<NullConnection>()};
}

class SeatingTest : public ::testing::Test {
 protected:
  const GameDefinition& game = *find_game("perico");
  Seating seating{game, 3, "", 120s};
  const Clock::time_point now = Clock::now();
};

TEST_F(SeatingTest, TheFirstToSitIsHostAndSeatsFillInOrder) {
  Member ana = member("ana");
  Member bo = member("bo");
  seating.sit(*seating.choose_empty_seat(std::nullopt), ana);
  seating.sit(*seating.choose_empty_seat(std::nullopt), bo);
  EXPECT_EQ(seating.seat_of("ana"), 0);
  EXPECT_EQ(seating.seat_of("bo"), 1);
  EXPECT_TRUE(seating.is_host("ana"));
  EXPECT_FALSE(seating.is_host("bo"));
  EXPECT_FALSE(seating.is_host(""));
  EXPECT_FALSE(seating.all_seats_taken());
}

TEST_F(SeatingTest, ChoosingASeatNamesWhatIsWrong) {
  seating.sit(1, member("ana"));
  EXPECT_EQ(seating.choose_empty_seat(1).error().code, "seat_taken");
  EXPECT_EQ(seating.choose_empty_seat(3).error().code, "bad_seat");
  EXPECT_EQ(seating.choose_empty_seat(-1).error().code, "bad_seat");
  ASSERT_TRUE(seating.add_bot(std::nullopt, BotLevel::kRandom).ok());
  ASSERT_TRUE(seating.add_bot(std::nullopt, BotLevel::kSensible).ok());
  EXPECT_TRUE(seating.all_seats_taken());
  EXPECT_EQ(seating.choose_empty_seat(std::nullopt).error().code, "room_full");
  EXPECT_EQ(seating.add_bot(std::nullopt, BotLevel::kRandom).error().code, "room_full");
}

TEST_F(SeatingTest, BotsAreNamedAndRemovedOnlyFromBotSeats) {
  seating.sit(0, member("ana"));
  EXPECT_EQ(*seating.add_bot(2, BotLevel::kRandom), 2);
  EXPECT_EQ(seating.seat(2).name, "Random bot 3");
  EXPECT_TRUE(seating.seat(2).bot_played());
  EXPECT_EQ(seating.remove_bot(0)->code, "not_a_bot");
  EXPECT_EQ(seating.remove_bot(5)->code, "bad_seat");
  EXPECT_FALSE(seating.remove_bot(2).has_value());
  EXPECT_EQ(seating.seat(2).kind, SeatKind::kEmpty);
}

TEST_F(SeatingTest, LeavingDuringAMatchHandsTheSeatToABot) {
  seating.sit(0, member("ana"));
  seating.leave_seat(0, /*match_running=*/true);
  EXPECT_EQ(seating.seat(0).kind, SeatKind::kBot);
  EXPECT_EQ(seating.seat(0).name, "Bot (for Name ana)");
  EXPECT_NE(seating.policy_for(0), nullptr);
  seating.sit(1, member("bo"));
  seating.leave_seat(1, /*match_running=*/false);
  EXPECT_EQ(seating.seat(1).kind, SeatKind::kEmpty);
}

TEST_F(SeatingTest, TheHostPassesToTheNextSeatedHumanElseASpectator) {
  seating.sit(0, member("ana"));
  seating.add_spectator(member("cy"));
  seating.sit(2, member("bo"));
  seating.leave_seat(0, false);
  seating.reassign_host();
  EXPECT_TRUE(seating.is_host("bo"));
  seating.leave_seat(2, false);
  seating.reassign_host();
  EXPECT_TRUE(seating.is_host("cy"));
  EXPECT_TRUE(seating.remove_spectator("cy"));
  EXPECT_FALSE(seating.remove_spectator("cy"));
}

TEST_F(SeatingTest, ADisconnectedPlayerKeepsTheSeatForTheGracePeriod) {
  Member ana = member("ana");
  seating.sit(0, ana);
  EXPECT_TRUE(seating.occupied(now));
  // Another connection of the same player going away changes nothing.
  EXPECT_FALSE(seating.detach("ana", std::make_shared<NullConnection>(), now).changed);
  Seating::Detached detached = seating.detach("ana", ana.connection, now);
  EXPECT_TRUE(detached.changed);
  EXPECT_EQ(detached.seat, 0);
  EXPECT_TRUE(seating.occupied(now + 119s));
  EXPECT_FALSE(seating.occupied(now + 121s));
  ASSERT_TRUE(seating.next_grace_end());
  EXPECT_EQ(*seating.next_grace_end(), now + 120s);
  EXPECT_TRUE(seating.expire_grace(now + 60s, true).empty());

  // During a match a bot takes over; the player's return takes the seat back.
  std::vector<GraceExpiry> expired = seating.expire_grace(now + 120s, /*match_running=*/true);
  ASSERT_EQ(expired.size(), 1u);
  EXPECT_FALSE(expired[0].freed);
  EXPECT_TRUE(seating.seat(0).bot_played());
  EXPECT_FALSE(seating.next_grace_end());
  EXPECT_EQ(seating.attach(member("ana")), 0);
  EXPECT_FALSE(seating.seat(0).bot_played());
  EXPECT_TRUE(seating.seat(0).connected);
}

// A rated match ranks its leavers last (server/store/match_rating.hpp): who left is read
// from the seats at the end against the seats at the start.
TEST_F(SeatingTest, ThoseWhoLeftAMatchAreTheHumansNoLongerPlayingTheirSeat) {
  Member ana = member("ana");
  seating.sit(0, ana);
  seating.sit(1, member("bo"));
  ASSERT_TRUE(seating.add_bot(2, BotLevel::kSensible));
  const std::vector<SeatRecord> start = seating.records();
  EXPECT_EQ(seating.left_since(start), (std::vector<bool>{false, false, false}));

  seating.leave_seat(1, /*match_running=*/true);  // a bot plays on for bo
  seating.detach("ana", ana.connection, now);
  EXPECT_EQ(seating.left_since(start), (std::vector<bool>{false, true, false}));
  seating.expire_grace(now + 120s, /*match_running=*/true);  // a bot plays for ana
  EXPECT_EQ(seating.left_since(start), (std::vector<bool>{true, true, false}));
  seating.attach(member("ana"));  // ana is back before the end: she has not left
  EXPECT_EQ(seating.left_since(start), (std::vector<bool>{false, true, false}));
}

TEST_F(SeatingTest, BetweenMatchesAnExpiredSeatIsFreedAndTheHostMoves) {
  Member ana = member("ana");
  seating.sit(0, ana);
  seating.sit(1, member("bo"));
  seating.detach("ana", ana.connection, now);
  std::vector<GraceExpiry> expired = seating.expire_grace(now + 121s, /*match_running=*/false);
  ASSERT_EQ(expired.size(), 1u);
  EXPECT_TRUE(expired[0].freed);
  EXPECT_EQ(expired[0].player_id, "ana");
  EXPECT_EQ(seating.seat(0).kind, SeatKind::kEmpty);
  EXPECT_TRUE(seating.is_host("bo"));
}

TEST_F(SeatingTest, RecordsAndRestoreRoundTrip) {
  seating.sit(0, member("ana"));
  ASSERT_TRUE(seating.add_bot(1, BotLevel::kRandom).ok());
  ASSERT_TRUE(seating.add_bot(2, BotLevel::kSensible).ok());
  std::vector<SeatRecord> records = seating.records();
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].kind, SeatKind::kHuman);
  EXPECT_EQ(records[1].bot_level, "random");

  Seating restored{game, 3, "ana", 120s};
  restored.restore(records, now);
  EXPECT_EQ(restored.seat_of("ana"), 0);
  EXPECT_FALSE(restored.seat(0).connected);
  EXPECT_EQ(restored.seat(1).level, BotLevel::kRandom);
  EXPECT_EQ(restored.seat(2).level, BotLevel::kSensible);
  EXPECT_EQ(restored.next_grace_end(), now + 120s);  // the grace starts with the restart

  protocol::RoomSummary summary;
  restored.summarize(summary);
  EXPECT_EQ(summary.host_player_id, "ana");
  EXPECT_EQ(summary.host_name(), "Name ana");
  EXPECT_EQ(summary.seats_taken(), 3);
  EXPECT_EQ(summary.seats[1].bot_level, "random");
}

}  // namespace
}  // namespace parlor::server
