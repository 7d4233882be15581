#include "server/room/recovery.hpp"

#include <spdlog/spdlog.h>

#include "server/lobby.hpp"
#include "server/room/saved_room.hpp"
#include "server/room/store_journal.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server {
namespace {

using store::now_millis;

// The seats a match started with, as a room seats them again.
std::vector<SeatRecord> seat_records(const std::vector<store::SeatRow>& rows) {
  std::vector<SeatRecord> seats;
  for (const store::SeatRow& seat : rows) {
    seats.push_back({protocol::parse_seat_kind(seat.kind).value_or(protocol::SeatKind::kHuman),
                     seat.player_id, seat.name, seat.bot_level});
  }
  return seats;
}

// The match's record as the room keeps it (the actions stay in the journal: the replay
// has applied them).
MatchRecord record_of(const store::MatchStart& start, RoomSettings settings) {
  MatchRecord record;
  record.match_id = start.id;
  record.room_id = start.room_id;
  record.match_number = start.match_number;
  record.game = start.game;
  record.options = start.options;
  record.seats = seat_records(start.seats);
  record.seed_hex = start.seed_hex;
  record.first_dealer = start.first_dealer;
  record.lower_score_wins = start.lower_score_wins;
  record.room_settings = std::move(settings);
  record.started_at =
      std::chrono::system_clock::time_point(std::chrono::milliseconds(start.started_at));
  return record;
}

// Replays the journal; the rebuilt match, or why it cannot be.
Expected<std::unique_ptr<GameState>> replay(const store::UnfinishedMatch& saved,
                                            const GameDefinition& game, const Seed& seed) {
  MatchConfig config;
  config.options = saved.start.options;
  config.seats = static_cast<int>(saved.start.seats.size());
  config.seed = seed;
  config.dealer = saved.start.first_dealer;
  try {
    Expected<std::unique_ptr<GameState>> created = game.new_match(config);
    if (!created) return created.error();
    std::unique_ptr<GameState> state = std::move(created.value());
    std::int64_t expected_seq = 1;
    for (const store::ActionRow& row : saved.actions) {
      if (row.seq != expected_seq) {
        return Error{"journal_gap", "action " + std::to_string(expected_seq) + " is missing"};
      }
      ActionResult result = state->apply(row.seat, row.action);
      if (!result.ok()) {
        return Error{"replay_rejected", "action " + std::to_string(row.seq) +
                                            " was rejected on replay: " + result.error->code};
      }
      ++expected_seq;
    }
    return state;
  } catch (const std::exception& e) {
    return Error{"replay_failed", e.what()};
  }
}

// Rebuilds one match and reopens its room, or records why it cannot be.
void resume(store::Store& store, Lobby& lobby, const store::UnfinishedMatch& saved,
            RecoveryReport& report) {
  const std::string& id = saved.start.id;
  auto abort = [&](const Error& error) {
    spdlog::error("match {} cannot be resumed ({}: {}); marked aborted", id, error.code,
                  error.message);
    store.match_aborted(id, now_millis(), error.code + ": " + error.message);
    ++report.aborted;
  };
  Expected<RoomSettings> settings = room_settings_from_json(
      saved.start.room_settings, [&](const std::string& name) { return lobby.find_game(name); });
  if (!settings) return abort(settings.error());
  Expected<Seed> seed = Seed::from_hex(saved.start.seed_hex);
  if (!seed) return abort(seed.error());
  Expected<std::unique_ptr<GameState>> state = replay(saved, *settings->game, *seed);
  if (!state) return abort(state.error());
  if (state.value()->match_over()) {
    MatchResults results = final_results(*state.value());
    store.match_ended(id, now_millis(), results.text, seat_results(results), settings->rated);
    spdlog::info("match {} had ended just before the restart; its result is recorded", id);
    ++report.finished;
    return;
  }
  auto room = lobby.restore_room(settings.value());
  if (!room) return abort(Error{"room_exists", "room " + saved.start.room_id + " is already open"});
  // Each seat's last move, so that a client sending it again after the restart (it never
  // saw it accepted) is answered "accepted" instead of having it applied twice.
  std::map<int, SeatMove> last_moves;
  for (const store::ActionRow& row : saved.actions) last_moves[row.seat] = {row.seq, row.action};
  room->restore(record_of(saved.start, std::move(settings.value())), std::move(state.value()),
                *seed, static_cast<std::int64_t>(saved.actions.size()), std::move(last_moves));
  ++report.resumed;
}

// Reopens, waiting, a room kept as it stood when the server stopped (RoomKeeper): one
// that never started a match, or was between two.
void reopen_open_room(store::Store& store, Lobby& lobby, const store::OpenRoomRow& row,
                      RecoveryReport& report) {
  if (lobby.find_room(row.room_id)) return;  // its match was resumed from the journal
  Expected<SavedRoom> saved = saved_room_from_text(
      row.saved, [&](const std::string& name) { return lobby.find_game(name); });
  if (!saved || !reopen_waiting(lobby, std::move(saved.value()))) {
    spdlog::warn("room {} cannot be reopened ({}); it is forgotten", row.room_id,
                 saved ? "its id or code is taken" : saved.error().message);
    store.room_removed(row.room_id);
    return;
  }
  spdlog::info("room {}: reopened waiting, as it stood", row.room_id);
  ++report.reopened;
}

}  // namespace

std::shared_ptr<Room> reopen_waiting(Lobby& lobby, SavedRoom saved) {
  auto room = lobby.restore_room(std::move(saved.settings));
  if (room) room->restore_waiting(std::move(saved.seats), saved.matches_started);
  return room;
}

RecoveryReport recover_matches(store::Store& store, Lobby& lobby) {
  RecoveryReport report;
  for (const store::UnfinishedMatch& saved : store.load_unfinished_matches()) {
    resume(store, lobby, saved, report);
  }
  store.flush();
  // After the resumes: a room whose match was resumed is open already; one whose match
  // had just ended, or did not replay, reopens waiting here.
  for (const store::OpenRoomRow& row : store.load_open_rooms()) {
    reopen_open_room(store, lobby, row, report);
  }
  return report;
}

Expected<RecoveryReport> recover_rooms(store::Store& store, Lobby& lobby,
                                       const std::vector<std::string>& room_ids) {
  Expected<std::vector<store::UnfinishedMatch>> unfinished =
      store.load_unfinished_matches_in_rooms(room_ids);
  if (!unfinished) return unfinished.error();
  RecoveryReport report;
  for (const store::UnfinishedMatch& saved : unfinished.value()) {
    resume(store, lobby, saved, report);
  }
  store.flush();
  return report;
}

}  // namespace parlor::server
