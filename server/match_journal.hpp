// What the server records about every match, and where it reports it.
//
// A match is fully determined by its options, seats, seed, first dealer and the ordered
// log of accepted actions (the engine is deterministic), so that is what a MatchRecord
// holds. The persistence layer implements MatchJournal to write these to SQLite
// (write-ahead: the room calls action_accepted before broadcasting the action's
// effects, and match_ended before sending "match_over"). Calls come from the room's
// strand and must not block: an implementation queues and returns.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace parlor::server {

using Json = nlohmann::json;

struct RecordedAction {
  int seat = 0;
  Json action;
  bool timeout = false;  // applied by the server for a seat whose time ran out
};

struct SeatRecord {
  std::string kind;  // "human" or "bot"
  std::string player_id;
  std::string name;
  std::string bot_level;  // bots only: "random" or "sensible"
};

struct MatchRecord {
  std::string room_id;
  int match_number = 0;  // 1, 2, ... within the room
  std::string game;
  Json options;
  std::vector<SeatRecord> seats;
  std::string seed_hex;  // secret until the match ends
  int first_dealer = 0;
  std::chrono::system_clock::time_point started_at;
  std::vector<RecordedAction> actions;
};

class MatchJournal {
 public:
  virtual ~MatchJournal() = default;
  virtual void match_started(const MatchRecord& record) = 0;
  // `sequence` counts accepted actions from 1.
  virtual void action_accepted(const MatchRecord& record, std::int64_t sequence,
                               const RecordedAction& action) = 0;
  // `results`: {"scores": [...], "placings": [...], "round_results": [...]}.
  virtual void match_ended(const MatchRecord& record, const Json& results) = 0;
  virtual void match_aborted(const MatchRecord& record, const std::string& reason) = 0;
};

// Until persistence lands: keeps nothing (the room holds the live record itself).
class NullJournal : public MatchJournal {
 public:
  void match_started(const MatchRecord&) override {}
  void action_accepted(const MatchRecord&, std::int64_t, const RecordedAction&) override {}
  void match_ended(const MatchRecord&, const Json&) override {}
  void match_aborted(const MatchRecord&, const std::string&) override {}
};

}  // namespace parlor::server
