// Fakes for the event service's tests (event_service.hpp): rooms that only remember what
// they were asked, a saver that keeps the last state of each event, and a timer whose
// callbacks the test fires by hand.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "server/events/event_hooks.hpp"
#include "server/events/event_service.hpp"

namespace parlor::server::events::testing {

class FakeTables : public EventTables {
 public:
  Expected<Json> check_table(const std::string& game, const Json& options, int seats) override {
    if (game != "perico") return Error{"no_such_game", "no game called \"" + game + "\""};
    if (seats < 3 || seats > 4) return Error{"bad_seat_count", "perico seats 3 or 4"};
    return options;
  }
  Expected<OpenedTable> create_table(const TableRequest& request) override {
    std::string id = "R" + std::to_string(++next_);
    requests[id] = request;
    rooms.insert(id);
    return OpenedTable{id, "CODE" + std::to_string(next_)};
  }
  void hold_seats(const std::string& room_id, const std::vector<HeldSeat>& seats) override {
    held[room_id] = seats;
  }
  void start_table(const std::string& room_id) override { started.push_back(room_id); }
  bool table_exists(const std::string& room_id) override { return rooms.contains(room_id); }
  std::optional<TableOutcome> ended_match(const std::string& room_id) override {
    auto found = ended.find(room_id);
    if (found == ended.end()) return std::nullopt;
    return found->second;
  }

  std::map<std::string, TableRequest> requests;
  std::map<std::string, std::vector<HeldSeat>> held;
  std::vector<std::string> started;
  std::set<std::string> rooms;
  std::map<std::string, TableOutcome> ended;  // what ended_match() reads back

 private:
  int next_ = 0;
};

class FakeSaver : public EventSaver {
 public:
  void save(const std::string& event_id, const std::string& state) override {
    saved[event_id] = state;
    ++writes;
  }
  std::vector<std::string> texts() const {
    std::vector<std::string> out;
    for (const auto& [id, text] : saved) out.push_back(text);
    return out;
  }
  std::map<std::string, std::string> saved;
  int writes = 0;
};

class FakeTimer {
 public:
  EventTimer timer() {
    return [this](std::chrono::milliseconds after, std::function<void()> run) {
      pending.emplace_back(after, std::move(run));
    };
  }
  // Fires every callback armed so far (not those they arm); how many.
  int fire_all() {
    auto now = std::move(pending);
    pending.clear();
    for (auto& [after, run] : now) run();
    return static_cast<int>(now.size());
  }
  std::vector<std::pair<std::chrono::milliseconds, std::function<void()>>> pending;
};

inline std::uint64_t fixed_random() { return 42; }

inline Caller player(int n, bool may_create = true) {
  std::string id = (n < 10 ? "p0" : "p") + std::to_string(n);
  return Caller{id, "Player " + std::to_string(n), false, may_create};
}

inline Caller op() { return Caller{"op", "Olive", true, true}; }

inline CreateEvent perico_night(int rounds = 3) {
  CreateEvent create;
  create.name = "Thursday club";
  create.game = "perico";
  create.seats = 4;
  create.rounds = rounds;
  return create;
}

// The match of `table` ended, placings as given, every player present.
inline TableOutcome outcome(const EventTable& table, std::vector<int> placings) {
  TableOutcome out;
  out.room_id = table.room_id;
  out.seated = table.players;
  out.placings = placings;
  for (int p : placings) out.scores.push_back(100 - p);
  out.left.assign(table.players.size(), false);
  return out;
}

}  // namespace parlor::server::events::testing
