// EventService's rounds (event_service.hpp): pairing a round and opening its tables,
// the start grace, a table's match ending, the round completed and the next one, the
// event finished, and resume() after a restart. The requests are in event_service.cpp.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>

#include "engine/core/rng.hpp"
#include "protocol/commitment.hpp"
#include "server/events/event_service.hpp"

namespace parlor::server::events {
namespace {

// Round r's deal seed: SHA-256(deal secret bytes || r as u64 big-endian), the fairness
// scheme's commitment hash (protocol/commitment.hpp), so anyone given the secret after
// the event can check every round's seed.
std::string round_seed(const std::string& deal_secret, int round) {
  Expected<Seed> secret = Seed::from_hex(deal_secret);
  if (!secret) return {};
  return protocol::deal_commitment(*secret, static_cast<std::uint64_t>(round));
}

}  // namespace

void EventService::begin_round(EventState& event, Later& later) {
  const int number = static_cast<int>(event.rounds.size()) + 1;
  Expected<RoundPlan> plan =
      pair_round(event.shape, event.entrants, event.results(), number, event.pairing_seed);
  if (!plan) {
    // Too few players left (drop-outs), or a round robin's schedule is complete.
    spdlog::info("event {}: no round {} ({}): the event ends", event.id, number,
                 plan.error().message);
    return finish(event);
  }
  EventRound round;
  round.number = number;
  if (event.shape.duplicate) round.deal_seed_hex = round_seed(event.deal_secret, number);
  round.byes = plan->byes;
  open_tables(event, round, *plan, later);
  event.rounds.push_back(std::move(round));
  save(event);
  spdlog::info("event {}: round {} paired: {} tables, {} byes", event.id, number,
               plan->tables.size(), plan->byes.size());
  if (event.rounds.back().over()) return round_completed(event);  // no table could open
  arm_start_grace(event.id, number);
}

void EventService::open_tables(EventState& event, EventRound& round, const RoundPlan& plan,
                               Later& later) {
  for (const std::vector<std::string>& players : plan.tables) {
    EventTable table;
    table.players = players;
    TableRequest request{
        event.id,    event.game,         event.options,      static_cast<int>(players.size()),
        event.rated, event.organiser_id, round.deal_seed_hex};
    Expected<OpenedTable> opened = tables_.create_table(request);
    if (!opened) {
      // The server refused a room (too many rooms, shutting down): nobody can play it.
      spdlog::error("event {}: round {}: no room for a table: {}", event.id, round.number,
                    opened.error().message);
      table.result = score_table(table, TableOutcome::aborted_in(""));
      round.tables.push_back(std::move(table));
      continue;
    }
    table.room_id = opened->room_id;
    table.code = opened->code;
    event_of_room_[table.room_id] = event.id;
    std::vector<HeldSeat> seats;
    for (const std::string& id : players) {
      const Entrant* entrant = event.entrant(id);
      seats.push_back({id, entrant ? entrant->name : id});
    }
    later.push_back([this, room = table.room_id, seats = std::move(seats)] {
      tables_.hold_seats(room, seats);
    });
    round.tables.push_back(std::move(table));
  }
}

void EventService::arm_start_grace(const std::string& event_id, int round) {
  timer_(options_.start_grace, [this, event_id, round] { start_grace_over(event_id, round); });
}

void EventService::start_grace_over(const std::string& event_id, int round) {
  Later later;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    EventState* event = find(event_id);
    if (!event || event->status != EventStatus::kRunning) return;
    if (static_cast<int>(event->rounds.size()) != round) return;
    for (const EventTable& table : event->rounds.back().tables) {
      if (table.result || table.room_id.empty()) continue;
      later.push_back([this, room = table.room_id] { tables_.start_table(room); });
    }
  }
  run(later);
}

TableResult EventService::score_table(const EventTable& table, const TableOutcome& outcome) const {
  const std::size_t seats = table.players.size();
  TableResult result;
  result.players = table.players;
  if (outcome.aborted || outcome.placings.size() != seats || outcome.scores.size() != seats) {
    // Nobody finished: every seat is absent, all tied last.
    result.placings.assign(seats, 1);
    result.scores.assign(seats, 0.0);
    result.absent.assign(seats, true);
    return result;
  }
  result.placings = outcome.placings;
  for (std::int64_t score : outcome.scores) result.scores.push_back(static_cast<double>(score));
  for (std::size_t seat = 0; seat < seats; ++seat) {
    const bool replaced =
        seat >= outcome.seated.size() || outcome.seated[seat] != table.players[seat];
    const bool left = seat < outcome.left.size() && outcome.left[seat];
    result.absent.push_back(replaced || left);
  }
  return result;
}

void EventService::stop() {
  std::lock_guard lock(mutex_);
  stopped_ = true;
}

void EventService::match_ended(TableOutcome outcome) {
  std::lock_guard lock(mutex_);
  if (stopped_) return;
  auto room = event_of_room_.find(outcome.room_id);
  if (room == event_of_room_.end()) return;
  EventState* event = find(room->second);
  if (!event || event->status != EventStatus::kRunning || event->rounds.empty()) return;
  EventRound& round = event->rounds.back();
  auto table = std::find_if(round.tables.begin(), round.tables.end(),
                            [&](const EventTable& t) { return t.room_id == outcome.room_id; });
  if (table == round.tables.end() || table->result) return;  // an older round's room, or twice
  table->result = score_table(*table, outcome);
  table->match_id = outcome.match_id;
  spdlog::info("event {}: round {}: table {} finished{}", event->id, round.number, outcome.room_id,
               outcome.aborted ? " (aborted: every seat absent)" : "");
  save(*event);
  if (round.over()) round_completed(*event);
}

void EventService::round_completed(EventState& event) {
  const int number = static_cast<int>(event.rounds.size());
  for (const EventTable& table : event.rounds.back().tables) event_of_room_.erase(table.room_id);
  if (number >= event.shape.rounds) return finish(event);
  spdlog::info("event {}: round {} over; round {} in {} ms", event.id, number, number + 1,
               options_.round_pause.count());
  timer_(options_.round_pause, [this, id = event.id, number] { next_round(id, number); });
}

void EventService::next_round(const std::string& event_id, int after_round) {
  Later later;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    EventState* event = find(event_id);
    if (!event || event->status != EventStatus::kRunning) return;
    if (static_cast<int>(event->rounds.size()) != after_round) return;  // already paired
    begin_round(*event, later);
  }
  run(later);
}

void EventService::finish(EventState& event) {
  event.status = EventStatus::kFinished;
  event.finished_at = now_ms();
  save(event);
  spdlog::info("event {}: finished after {} rounds", event.id, event.rounds.size());
}

int EventService::resume(const std::vector<std::string>& saved) {
  int taken = 0;
  std::vector<std::pair<std::string, int>> graces;
  std::vector<std::pair<std::string, int>> pauses;
  {
    std::lock_guard lock(mutex_);
    for (const std::string& text : saved) {
      Json json = Json::parse(text, nullptr, false);
      Expected<EventState> event = event_state_from_json(json);
      if (!event) {
        spdlog::error("events: a saved event cannot be read: {}", event.error().message);
        continue;
      }
      const std::string id = event->id;
      next_event_ = std::max(next_event_, std::atoll(id.c_str() + 1) + 1);
      EventState& kept = events_[id];
      kept = std::move(*event);
      ++taken;
      if (kept.status != EventStatus::kRunning) continue;
      if (kept.rounds.empty()) {
        pauses.emplace_back(kept.id, 0);  // started, not yet paired
        continue;
      }
      EventRound& round = kept.rounds.back();
      for (EventTable& table : round.tables) {
        if (table.result) continue;
        if (table.room_id.empty() || !tables_.table_exists(table.room_id)) {
          table.result = score_table(table, TableOutcome::aborted_in(""));  // the room is gone
        } else if (std::optional<TableOutcome> ended = tables_.ended_match(table.room_id)) {
          // Its match ended before the restart, unheard (EventTables::ended_match).
          table.result = score_table(table, *ended);
          table.match_id = ended->match_id;
        } else {
          event_of_room_[table.room_id] = kept.id;
        }
      }
      if (round.over()) {
        if (round.number >= kept.shape.rounds) {
          finish(kept);
        } else {
          pauses.emplace_back(kept.id, round.number);
        }
      } else {
        graces.emplace_back(kept.id, round.number);
      }
      save(kept);
    }
  }
  for (const auto& [id, round] : graces) arm_start_grace(id, round);
  // Copied by name: clang 15 cannot capture a structured binding.
  for (const auto& pause : pauses) {
    timer_(options_.round_pause,
           [this, id = pause.first, round = pause.second] { next_round(id, round); });
  }
  return taken;
}

}  // namespace parlor::server::events
