// A room reopened after a restart or on another node (recovery.cpp, the cluster's
// takeover): its match rebuilt from the journal, or its seats waiting for the next match.
// Kept out of room.cpp, which is the room's life while it runs; nobody is connected yet,
// so the room only seats everyone again, tells the directory, and restarts its timers.
#include <spdlog/spdlog.h>

#include "server/room/room.hpp"

namespace parlor::server {

// ---- Public entry points: each hops onto the room's strand. ----

void Room::restore(MatchRecord record, std::unique_ptr<GameState> state, Seed seed,
                   std::int64_t actions_replayed, std::map<int, SeatMove> last_moves) {
  post_to_strand(&Room::do_restore, std::move(record), std::move(state), seed, actions_replayed,
                 std::move(last_moves));
}

void Room::restore_waiting(std::vector<SeatRecord> seats, int matches_played) {
  post_to_strand(&Room::do_restore_waiting, std::move(seats), matches_played);
}

// ---- On the strand ----

void Room::do_restore(MatchRecord record, std::unique_ptr<GameState> state, Seed seed,
                      std::int64_t actions_replayed, std::map<int, SeatMove> last_moves) {
  resent_ = ResentMoves(std::move(last_moves));
  seating_.restore(record.seats, Clock::now());
  announce_restored_seats();
  session_.restore(std::move(record), std::move(state), seed, actions_replayed, id());
  status_ = Status::kPlaying;
  paused_ = false;
  spdlog::info("room {}: match {} ({}) resumed after {} actions", id(), session_.number(),
               session_.record().match_id, session_.sequence());
  stand_ins_.update_deadlines();
  stand_ins_.schedule();
  arm_grace_timer();
  publish();
  check_empty();
}

void Room::do_restore_waiting(std::vector<SeatRecord> seats, int matches_played) {
  session_.number_after(matches_played);
  seating_.restore(seats, Clock::now());
  announce_restored_seats();
  status_ = Status::kWaiting;
  arm_grace_timer();
  publish();
  check_empty();
}

void Room::announce_restored_seats() {
  for (const SeatState& seat : seating_.seats()) {
    if (seat.is_human()) directory_.seat_changed(seat.player_id, id(), true);
  }
}

}  // namespace parlor::server
