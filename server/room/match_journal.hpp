// What the server records about every match, and where it reports it.
//
// A match is fully determined by its options, seats, seed, first dealer and the ordered
// log of accepted actions (the engine is deterministic), so that is what is journaled: a
// MatchRecord at the start, then each action. The SQLite journal
// (server/room/store_journal.hpp) writes these to the store.
//
// Write-ahead: the room journals an action before anything about it is sent, then holds
// every message it sends until `when_durable` says the journal has reached the disk, so a
// move a player saw acknowledged survives a crash, and "match over" follows the committed
// result. Calls come from the room's strand and must not block: an implementation queues
// and returns.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "engine/core/json_writer.hpp"
#include "protocol/server_messages.hpp"
#include "server/room/room_settings.hpp"

namespace parlor::server {

using Json = nlohmann::json;

struct RecordedAction {
  int seat = 0;
  Json action;
  bool timeout = false;  // applied by the server for a seat whose time ran out
};

struct SeatRecord {
  protocol::SeatKind kind = protocol::SeatKind::kHuman;  // kHuman or kBot
  std::string player_id;
  std::string name;
  std::string bot_level;  // bots only: "random" or "sensible"
};

struct MatchRecord {
  std::string match_id;  // "m" + 12 hex digits, unique across restarts
  std::string room_id;
  int match_number = 0;  // 1, 2, ... within the room
  std::string game;
  Json options;
  std::vector<SeatRecord> seats;
  std::string seed_hex;  // secret until the match ends
  int first_dealer = 0;
  bool lower_score_wins = false;
  RoomSettings room_settings;  // what a restart needs to reopen the room
  std::chrono::system_clock::time_point started_at;
  // The actions are not here: the journal is the match's log, and a room keeps none.
};

// What a journal records when a match ends. `text` is {"placings": [...], "round_results":
// [...], "scores": [...]}, written from the rounds' texts the match keeps: a tree of every
// round, parsed from them to be dumped again for the journal and for "match over", cost
// more than all the rest of a match's last move. The scores and placings come again as
// numbers, for the store's row per seat.
struct MatchResults {
  std::vector<std::int64_t> scores;
  std::vector<int> placings;
  std::string text;
  // Per seat: a human who left before the end (the room's to say; a rated match ranks
  // them last, server/store/match_rating.hpp). Empty: nobody.
  std::vector<bool> left;
  // Per seat, its figures for the players' pages as JSON object text
  // (GameDefinition::seat_figures over the rounds' texts).
  std::vector<std::string> figures;
};

// Each seat's figures over the match's finished rounds, as JSON object text. Reading
// every round once at the match's end is the price of the figures; the journal's rows
// and "match over" still come from the texts as they are.
inline std::vector<std::string> seat_figure_texts(const GameState& match, int seats) {
  std::vector<std::string> rounds;
  rounds.reserve(match.rounds_finished());
  for (std::size_t round = 0; round < match.rounds_finished(); ++round) {
    rounds.push_back(match.round_result_text(round));
  }
  std::vector<std::string> texts;
  for (const Json& seat : match.definition().seat_figures(rounds, seats)) {
    texts.push_back(seat.is_object() ? json_text(seat) : std::string());
  }
  return texts;
}

// Members in the order a tree of them was dumped in, so the stored text is as before.
inline MatchResults final_results(const GameState& match) {
  MatchResults results{match.scores(), match.placings(), {}, {}, {}};
  results.figures = seat_figure_texts(match, static_cast<int>(results.scores.size()));
  JsonWriter out(results.text);
  out.begin_object();
  out.key("placings");
  out.begin_array();
  for (int placing : results.placings) out.value(placing);
  out.end_array();
  out.key("round_results");
  out.begin_array();
  for (std::size_t round = 0; round < match.rounds_finished(); ++round) {
    out.raw(match.round_result_text(round));
  }
  out.end_array();
  out.key("scores");
  out.begin_array();
  for (std::int64_t score : results.scores) out.value(score);
  out.end_array();
  out.end_object();
  return results;
}

class MatchJournal {
 public:
  virtual ~MatchJournal() = default;
  virtual void match_started(const MatchRecord& record) = 0;
  // `sequence` counts accepted actions from 1. The action is handed over (by value: the
  // session keeps none, and a copy of its tree per move was measurable).
  virtual void action_accepted(const MatchRecord& record, std::int64_t sequence,
                               RecordedAction action) = 0;
  // The commitment to deal `deal`'s shuffle, published before the deal is shown.
  virtual void deal_committed(const MatchRecord& record, int deal, const std::string& sha256) = 0;
  // `round` counts from 1; `result_json` is the engine's result for that round, as the
  // text the engine keeps (GameState::round_result_text).
  virtual void round_ended(const MatchRecord& record, int round,
                           const std::string& result_json) = 0;
  // `results`: final_results(match).
  virtual void match_ended(const MatchRecord& record, const MatchResults& results) = 0;
  virtual void match_aborted(const MatchRecord& record, const std::string& reason) = 0;
  // True when everything journaled so far is durable. Otherwise false, and `then` runs
  // (on some other thread: post, never block) once it is.
  virtual bool when_durable(std::function<void()> then) = 0;
  // False while the store cannot make writes durable (full disk, I/O error, a lock held by
  // another process). What is journaled meanwhile is kept and retried, and its messages
  // stay held; but a room must not accept new moves it may never be able to keep, so it
  // refuses them ("store_unavailable") until this is true again.
  virtual bool writable() const = 0;
};

// Keeps nothing (tests of the room alone).
class NullJournal : public MatchJournal {
 public:
  void match_started(const MatchRecord&) override {}
  void action_accepted(const MatchRecord&, std::int64_t, RecordedAction) override {}
  void deal_committed(const MatchRecord&, int, const std::string&) override {}
  void round_ended(const MatchRecord&, int, const std::string&) override {}
  void match_ended(const MatchRecord&, const MatchResults&) override {}
  void match_aborted(const MatchRecord&, const std::string&) override {}
  bool when_durable(std::function<void()>) override { return true; }
  bool writable() const override { return true; }
};

}  // namespace parlor::server
