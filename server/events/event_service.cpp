#include "server/events/event_service.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>

#include "engine/core/rng.hpp"
#include "protocol/commitment.hpp"

namespace parlor::server::events {
namespace {

constexpr int kMaxRounds = 50;
constexpr std::size_t kMaxNameBytes = 80;
constexpr std::size_t kMaxEntrants = 400;

std::uint64_t os_random64() {
  const Seed seed = Seed::from_os();
  std::uint64_t value = 0;
  for (int i = 0; i < 8; ++i) value = (value << 8) | seed.bytes()[static_cast<std::size_t>(i)];
  return value;
}

Error no_such_event(const std::string& id) { return {"no_such_event", "no event \"" + id + "\""}; }

// The smallest table: as asked, else one seat short of full if the game plays it, else full.
int smallest_table(EventTables& tables, const CreateEvent& request) {
  if (request.min_seats) return *request.min_seats;
  const int short_one = std::max(2, request.seats - 1);
  if (short_one < request.seats && !tables.check_table(request.game, request.options, short_one)) {
    return request.seats;
  }
  return short_one;
}

}  // namespace

EventService::EventService(EventOptions options, EventTables& tables, EventSaver& saver,
                           EventTimer timer, std::uint64_t (*random64)())
    : options_(std::move(options)),
      tables_(tables),
      saver_(saver),
      timer_(std::move(timer)),
      random64_(random64 ? random64 : &os_random64) {}

void EventService::run(Later& later) {
  for (auto& step : later) step();
  later.clear();
}

EventState* EventService::find(const std::string& event_id) {
  auto it = events_.find(event_id);
  return it == events_.end() ? nullptr : &it->second;
}

void EventService::save(const EventState& event) {
  saver_.save(event.id, event_state_json(event).dump());
}

std::int64_t EventService::now_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Expected<Json> EventService::create(const Caller& caller, const CreateEvent& request) {
  if (!caller.may_create) {
    return Error{"forbidden", "only moderators and admins create events on this server"};
  }
  if (request.name.empty() || request.name.size() > kMaxNameBytes) {
    return Error{"bad_field", "name must be 1 to 80 bytes"};
  }
  auto pairing = parse_pairing(request.pairing);
  if (!pairing) return Error{"bad_field", "pairing must be \"swiss\" or \"round_robin\""};
  if (request.seats < 2 || request.seats > 16) {
    return Error{"bad_field", "seats (per table) must be between 2 and 16"};
  }
  const int min_seats = smallest_table(tables_, request);
  if (min_seats < 2 || min_seats > request.seats) {
    return Error{"bad_field", "min_seats must be between 2 and seats"};
  }
  if (request.rounds < 1 || request.rounds > kMaxRounds) {
    return Error{"bad_field", "rounds must be between 1 and " + std::to_string(kMaxRounds)};
  }
  Json options;
  for (int seats = min_seats; seats <= request.seats; ++seats) {
    Expected<Json> checked = tables_.check_table(request.game, request.options, seats);
    if (!checked) return checked.error();
    if (seats == request.seats) options = *checked;
  }
  std::lock_guard lock(mutex_);
  const auto open = std::count_if(events_.begin(), events_.end(), [](const auto& entry) {
    return entry.second.status != EventStatus::kFinished;
  });
  if (static_cast<std::size_t>(open) >= options_.max_open_events) {
    return Error{"too_many_events", "the server has as many open events as it allows"};
  }
  EventState event;
  event.id = "E" + std::to_string(next_event_++) + options_.id_suffix;
  event.name = request.name;
  event.game = request.game;
  event.options = request.options.is_object() ? request.options : Json::object();
  event.shape = {*pairing, request.seats, min_seats, request.rounds, request.duplicate};
  event.rated = request.rated;
  event.organiser_id = caller.player_id;
  event.organiser_name = caller.name;
  event.pairing_seed = random64_();
  event.deal_secret = Seed::from_os().hex();
  event.created_at = now_ms();
  save(event);
  spdlog::info("event {}: \"{}\" created by {} ({}, {} rounds, {} seats, {})", event.id, event.name,
               caller.player_id, event.game, event.shape.rounds, event.shape.seats_per_table,
               request.pairing);
  Json view = event_view(event);
  events_.emplace(event.id, std::move(event));
  return view;
}

Expected<Json> EventService::join(const Caller& caller, const std::string& event_id) {
  std::lock_guard lock(mutex_);
  EventState* event = find(event_id);
  if (!event) return no_such_event(event_id);
  if (event->status != EventStatus::kSignup) {
    return Error{"signup_closed", "this event has started; sign-up is closed"};
  }
  if (event->entrant(caller.player_id)) {
    return Error{"already_entered", "you are signed up already"};
  }
  if (event->entrants.size() >= kMaxEntrants) {
    return Error{"bad_field", "this event has as many entrants as it allows"};
  }
  event->entrants.push_back({caller.player_id, caller.name, false});
  save(*event);
  return event_view(*event);
}

Expected<Json> EventService::leave(const Caller& caller, const std::string& event_id) {
  std::lock_guard lock(mutex_);
  EventState* event = find(event_id);
  if (!event) return no_such_event(event_id);
  Entrant* entrant = event->entrant(caller.player_id);
  if (!entrant || entrant->dropped) return Error{"not_entered", "you are not in this event"};
  if (event->status == EventStatus::kFinished) {
    return Error{"event_finished", "this event is over"};
  }
  if (event->status == EventStatus::kSignup) {
    std::erase_if(event->entrants,
                  [&](const Entrant& e) { return e.player_id == caller.player_id; });
  } else {
    entrant->dropped = true;  // kept in the standings, seated no more
    spdlog::info("event {}: {} drops out", event->id, caller.player_id);
  }
  save(*event);
  return event_view(*event);
}

Expected<Json> EventService::start(const Caller& caller, const std::string& event_id) {
  Later later;
  Json view;
  {
    std::lock_guard lock(mutex_);
    EventState* event = find(event_id);
    if (!event) return no_such_event(event_id);
    if (caller.player_id != event->organiser_id && !caller.op) {
      return Error{"forbidden", "only the organiser or an operator starts an event"};
    }
    if (event->status != EventStatus::kSignup) {
      return Error{"already_started", "this event has started already"};
    }
    if (event->active_entrants() < event->shape.min_seats_per_table) {
      return Error{"too_few_entrants", "at least " +
                                           std::to_string(event->shape.min_seats_per_table) +
                                           " entrants are needed to start"};
    }
    event->status = EventStatus::kRunning;
    event->started_at = now_ms();
    spdlog::info("event {}: started with {} entrants", event->id, event->entrants.size());
    begin_round(*event, later);
    view = event_view(*event);
  }
  run(later);
  return view;
}

Expected<Json> EventService::view(const std::string& event_id) const {
  std::lock_guard lock(mutex_);
  auto it = events_.find(event_id);
  if (it == events_.end()) return no_such_event(event_id);
  return event_view(it->second);
}

Json EventService::list(std::size_t finished) const {
  std::lock_guard lock(mutex_);
  Json open = Json::array();
  std::vector<const EventState*> done;
  for (const auto& [id, event] : events_) {
    if (event.status == EventStatus::kFinished) {
      done.push_back(&event);
    } else {
      open.push_back(event_view(event, true));
    }
  }
  std::sort(done.begin(), done.end(), [](const EventState* a, const EventState* b) {
    return a->finished_at > b->finished_at;
  });
  if (done.size() > finished) done.resize(finished);
  for (const EventState* event : done) open.push_back(event_view(*event, true));
  return open;
}

bool EventService::holds(const std::string& event_id) const {
  std::lock_guard lock(mutex_);
  return events_.contains(event_id);
}

void EventService::reserve_ids(const std::vector<std::string>& event_ids) {
  std::lock_guard lock(mutex_);
  for (const std::string& id : event_ids) {
    if (id.size() > 1) next_event_ = std::max(next_event_, std::atoll(id.c_str() + 1) + 1);
  }
}

std::optional<EventState> EventService::state(const std::string& event_id) const {
  std::lock_guard lock(mutex_);
  auto it = events_.find(event_id);
  if (it == events_.end()) return std::nullopt;
  return it->second;
}

}  // namespace parlor::server::events
