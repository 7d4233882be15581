// Who is at the table over time: a player coming back on a new connection, a connection
// going away, a disconnected player's grace period running out (a bot plays on), and the
// room closing once nobody has been there for a while. Kept out of room.cpp, which is the
// requests and the match; Seating holds the rules, this the room's side of them (the
// directory, the log, the timers).
#include <spdlog/spdlog.h>

#include "protocol/protocol.hpp"
#include "server/room/room.hpp"

namespace parlor::server {

// ---- Public entry points: each hops onto the room's strand. ----

void Room::attach(Member who) { post_to_strand(&Room::do_attach, std::move(who), Json()); }
void Room::detach(std::string player_id, std::shared_ptr<Connection> connection) {
  post_to_strand(&Room::do_detach, std::move(player_id), std::move(connection));
}

// ---- On the strand ----

void Room::do_attach(Member who, Json request_id) {
  if (status_ == Status::kClosed) return;
  auto seat = seating_.attach(who);
  if (!seat) return;
  spdlog::info("room {}: player {} is back at seat {}", id(), who.player_id, *seat);
  send_to(who, protocol::room_reply(request_id, summary()));
  send_room_to_all();
  send_state_to(who, seat);
  stand_ins_.update_deadlines();
  stand_ins_.arm_turn_timer();
  check_empty();
  maybe_start_event_table();
}

void Room::do_detach(std::string player_id, std::shared_ptr<Connection> connection) {
  Seating::Detached detached = seating_.detach(player_id, connection, Clock::now());
  if (detached.seat) {
    spdlog::info("room {}: player {} disconnected from seat {}", id(), player_id, *detached.seat);
  }
  if (!detached.changed) return;
  send_room_to_all();
  arm_grace_timer();
  check_empty();
}

void Room::arm_grace_timer() {
  timers_.arm_grace(seating_.next_grace_end(), [this] { on_grace_timer(); });
}

void Room::on_grace_timer() {
  if (status_ == Status::kClosed) return;
  const bool playing = status_ == Status::kPlaying;
  // A held seat is never emptied: its player is absent (a bot will play), not gone.
  std::vector<GraceExpiry> expired =
      seating_.expire_grace(Clock::now(), playing || seats_are_held());
  for (const GraceExpiry& gone : expired) note_grace_over(gone);
  if (!expired.empty()) {
    send_room_to_all();
    stand_ins_.schedule();
  }
  arm_grace_timer();
  check_empty();
}

void Room::note_grace_over(const GraceExpiry& gone) {
  if (gone.freed) {
    spdlog::info("room {}: player {} did not come back; seat {} is free", id(), gone.player_id,
                 gone.seat);
    directory_.seat_changed(gone.player_id, id(), false);
  } else {
    spdlog::info("room {}: player {} did not come back; a bot plays seat {}", id(), gone.player_id,
                 gone.seat);
    stand_ins_.drop_deadline(gone.seat);  // a bot plays the seat now: no turn timer for it
  }
}

void Room::check_empty() {
  if (status_ == Status::kClosed) return;
  if (seating_.occupied(Clock::now())) return timers_.cancel_empty();
  timers_.arm_empty(settings_.empty_close, [this] { on_empty_timer(); });
}

void Room::on_empty_timer() {
  if (status_ == Status::kClosed || seating_.occupied(Clock::now())) return;
  close_room();  // nobody came back in time
}

void Room::close_room(const std::string& abort_reason) {
  if (status_ == Status::kClosed) return;
  if (status_ == Status::kPlaying) session_.abort(abort_reason);
  status_ = Status::kClosed;
  timers_.cancel_all();
  for (const SeatState& seat : seating_.seats()) {
    if (seat.is_human() && !seat.player_id.empty()) {
      directory_.seat_changed(seat.player_id, id(), false);
    }
  }
  spdlog::info("room {}: closed ({})", id(), abort_reason);
  directory_.room_closed(id());
}

}  // namespace parlor::server
