#include "server/events/lobby_event_tables.hpp"

#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <cmath>
#include <memory>

#include <spdlog/spdlog.h>

#include "server/lobby.hpp"
#include "server/store/store.hpp"

namespace parlor::server::events {

Expected<Json> LobbyEventTables::check_table(const std::string& game, const Json& options,
                                             int seats) {
  const GameDefinition* definition = lobby_ ? lobby_->find_game(game) : nullptr;
  if (!definition) return Error{"no_such_game", "no game called \"" + game + "\""};
  if (seats < 1 || seats > 16) return Error{"bad_seat_count", "seats must be between 1 and 16"};
  return definition->validate_table(options, seats);
}

Expected<OpenedTable> LobbyEventTables::create_table(const TableRequest& request) {
  if (!lobby_) return Error{"internal_error", "the event service has no lobby"};
  CreateRoomRequest create;
  create.game = request.game;
  create.options = request.options;
  create.seats = request.seats;
  create.is_public = false;
  create.rated = request.rated;
  create.event_id = request.event_id;
  create.first_seed_hex = request.seed_hex;
  Expected<std::shared_ptr<Room>> room = lobby_->create_room(create, request.host_player_id);
  if (!room) return room.error();
  return OpenedTable{(*room)->id(), (*room)->code()};
}

void LobbyEventTables::hold_seats(const std::string& room_id, const std::vector<HeldSeat>& seats) {
  std::shared_ptr<Room> room = lobby_ ? lobby_->find_room(room_id) : nullptr;
  if (!room) return;
  std::vector<SeatRecord> records;
  for (const HeldSeat& seat : seats) {
    records.push_back({protocol::SeatKind::kHuman, seat.player_id, seat.name, ""});
  }
  room->restore_waiting(std::move(records), 0);
}

void LobbyEventTables::start_table(const std::string& room_id) {
  if (std::shared_ptr<Room> room = lobby_ ? lobby_->find_room(room_id) : nullptr) {
    room->start_event_table();
  }
}

bool LobbyEventTables::table_exists(const std::string& room_id) {
  return lobby_ && lobby_->find_room(room_id) != nullptr;
}

std::optional<TableOutcome> LobbyEventTables::ended_match(const std::string& room_id) {
  Expected<std::optional<store::FinishedMatch>> read = store_.finished_match_in_room(room_id);
  if (!read) {
    // As before this read existed: the table waits for a match of its own.
    spdlog::error("events: cannot read the matches of table {}: {}", room_id, read.error().message);
    return std::nullopt;
  }
  if (!read->has_value()) return std::nullopt;
  const store::FinishedMatch& match = **read;
  TableOutcome outcome;
  outcome.room_id = room_id;
  outcome.match_id = match.match_id;
  for (const store::FinishedSeat& seat : match.seats) {
    outcome.seated.push_back(seat.player_id);
    outcome.placings.push_back(seat.placing);
    outcome.scores.push_back(std::llround(seat.score));
    outcome.left.push_back(seat.left);
  }
  return outcome;
}

void StoreEventSaver::save(const std::string& event_id, const std::string& state) {
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  // Announced before the state is queued, so the claim (queued to the cluster thread,
  // published within a tick) is usually on record before the state. A node dying in
  // between leaves the event unclaimed: only that node, restarted, claims it back.
  if (first_saved_ && saved_.insert(event_id).second) first_saved_(event_id);
  store_.event_saved(event_id, state, now);
}

EventTimer io_timer(boost::asio::io_context& ioc) {
  return [&ioc](std::chrono::milliseconds after, std::function<void()> run) {
    auto timer = std::make_shared<boost::asio::steady_timer>(ioc, after);
    timer->async_wait([timer, run = std::move(run)](boost::system::error_code ec) {
      if (!ec) run();
    });
  };
}

}  // namespace parlor::server::events
