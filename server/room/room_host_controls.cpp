// The room's table chat and its host's controls (protocol/README.md, "Chat and host
// controls"): the requests beside the match, kept out of room.cpp, which is the match's.
//
// Chat goes to every member through the outbox like any message, so it stays in order
// with the updates around it, but it is never journaled and its words are never logged.
#include <spdlog/spdlog.h>

#include "protocol/protocol.hpp"
#include "server/room/room.hpp"

namespace parlor::server {

using protocol::reply_message;

// ---- Public entry points: each hops onto the room's strand. ----

void Room::chat(Member who, Json request_id, std::string text) {
  post_to_strand(&Room::do_chat, std::move(who), std::move(request_id), std::move(text));
}
void Room::set_spectators(Member who, Json request_id, bool allow) {
  post_to_strand(&Room::do_set_spectators, std::move(who), std::move(request_id), allow);
}
void Room::close_by_operator(std::string reason) {
  post_to_strand(&Room::do_close_by_operator, std::move(reason));
}
void Room::remove_player(Member who, Json request_id, int seat) {
  post_to_strand(&Room::do_remove_player, std::move(who), std::move(request_id), seat);
}
void Room::mute(Member who, Json request_id, std::string player_id, bool muted) {
  post_to_strand(&Room::do_mute, std::move(who), std::move(request_id), std::move(player_id),
                 muted);
}

// ---- Requests, on the strand ----

void Room::do_chat(Member who, Json request_id, std::string text) {
  if (refuse_if_closed(who, request_id)) return;
  const auto seat = seating_.seat_of(who.player_id);
  if (!seat && !seating_.is_spectating(who.player_id)) {
    return reply_error(who, request_id, {"not_in_room", "join or spectate the room first"});
  }
  Expected<std::string> line = chat_.accept(who.player_id, text, Clock::now());
  if (!line) return reply_error(who, request_id, line.error());
  send_to(who, reply_message(request_id, "ok", {{"request", "chat"}, {"room", id()}}));
  deliver_to_all(make_message(protocol::chat_message(
      {id(), who.player_id, seat ? seating_.seat(*seat).name : who.name, seat, *line})));
}

void Room::do_set_spectators(Member who, Json request_id, bool allow) {
  if (!seating_.is_host(who.player_id)) {
    return reply_error(who, request_id,
                       {"not_host", "only the host can allow or refuse spectators"});
  }
  settings_.spectators_allowed = allow;
  spdlog::info("room {}: the host {} spectators", id(), allow ? "allows" : "refuses");
  send_to(who, reply_message(request_id, "ok",
                             {{"request", "set_spectators"}, {"room", id()}, {"allow", allow}}));
  if (!allow) remove_spectators();
  send_room_to_all();
  check_empty();
}

void Room::do_close_by_operator(std::string reason) {
  if (status_ == Status::kClosed) return;
  deliver_to_all(make_message(protocol::removed_message(id(), "room_closed", reason)));
  close_room("closed by an operator: " + reason);
}

void Room::remove_spectators() {
  const std::string text = protocol::removed_message(
      id(), "spectators_refused", "the host no longer allows spectators at this table");
  for (const Spectator& gone : seating_.remove_spectators_except(seating_.host())) {
    outbox_.deliver(gone.connection.lock(), make_message(text));
  }
}

void Room::do_remove_player(Member who, Json request_id, int seat) {
  if (!seating_.is_host(who.player_id)) {
    return reply_error(who, request_id, {"not_host", "only the host can remove a player"});
  }
  if (seat < 0 || seat >= seating_.size()) {
    return reply_error(who, request_id, {"bad_seat", "no such seat"});
  }
  const SeatState& target = seating_.seat(seat);
  if (!target.is_human()) {
    return reply_error(who, request_id, {"not_a_player", "no person sits there"});
  }
  if (target.player_id == who.player_id) {
    return reply_error(who, request_id, {"not_away", "you are here: leave the room instead"});
  }
  if (seats_are_held()) {  // the seat is the event's player's: absent, never given away
    return reply_error(who, request_id,
                       {"event_table", "a club night's seat stays its player's; a bot plays it"});
  }
  // Away: gone for longer than a turn (else the grace period), so nobody is removed for
  // a moment's lag.
  const Clock::duration away_after =
      settings_.turn_time.count() > 0 ? Clock::duration(settings_.turn_time) : settings_.grace;
  if (!seating_.is_away(seat, Clock::now(), away_after)) {
    return reply_error(who, request_id,
                       {"not_away", "that player is connected or has not been away long enough"});
  }
  const std::string player_id = target.player_id;
  directory_.seat_changed(player_id, id(), false);
  seating_.leave_seat(seat, status_ == Status::kPlaying);  // a bot plays on in a match
  stand_ins_.drop_deadline(seat);
  spdlog::info("room {}: the host removes away player {} from seat {}", id(), player_id, seat);
  send_to(who, reply_message(request_id, "ok",
                             {{"request", "remove_player"}, {"room", id()}, {"seat", seat}}));
  send_room_to_all();
  stand_ins_.update_deadlines();
  stand_ins_.schedule();
  arm_grace_timer();
  check_empty();
}

void Room::do_mute(Member who, Json request_id, std::string player_id, bool muted) {
  if (!seating_.is_host(who.player_id)) {
    return reply_error(who, request_id, {"not_host", "only the host can mute someone"});
  }
  if (player_id == who.player_id) {
    return reply_error(who, request_id, {"bad_field", "the host cannot mute themselves"});
  }
  if (!seating_.seat_of(player_id) && !seating_.is_spectating(player_id) &&
      !chat_.is_muted(player_id)) {
    return reply_error(who, request_id, {"not_in_room", "that player is not in this room"});
  }
  const bool changed = chat_.set_muted(player_id, muted);
  send_to(who, reply_message(request_id, "ok",
                             {{"request", "mute"}, {"player", player_id}, {"muted", muted}}));
  if (!changed) return;
  outbox_.deliver(seating_.connection_of(player_id),
                  make_message(protocol::muted_message(id(), muted)));
  send_room_to_all();
}

}  // namespace parlor::server
