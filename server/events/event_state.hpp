// One club night as the server keeps it (issue 49): what it is (game, options, table
// size, rounds, pairing, duplicate), who organises it, its entrants, its status and each
// round's tables with their rooms and results. The EventService (event_service.hpp)
// changes it; this file only holds it and writes and reads its two JSON forms:
//
// - the stored form (event_state_json / event_state_from_json): everything, secrets
//   included, one row per event in the store's `events` table (Store::event_saved);
// - the client's view (event_view): what the `event` reply shows (protocol/README.md,
//   "Club nights"): the same without the secrets, plus standings() from the pure rules.
//
// Decisions:
// - Seeds: `pairing_seed` drives pair_round() (nothing secret rides on it, it is shown);
//   `deal_secret` (64 hex digits from the system's random source) is the duplicate
//   deals' secret. Round r's deal seed is protocol::deal_commitment(deal_secret, r),
//   the fairness scheme's own hash, so the same code that checks a match's commitments
//   derives it. A round's deal seed is shown once the round is over (every table's match
//   revealed it anyway); the secret itself once the event is finished.
// - A table's result records the players the event seated (not the bots that stood in),
//   so an absent player scores as last (place_points) or loses every comparison
//   (matchpoints) under their own name.
// - Times are milliseconds since the epoch (created_at, started_at, finished_at).
//
// Errors (event_state_from_json): "bad_event_state" (a field missing or of the wrong
// type, an unknown pairing or status).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"
#include "server/events/event_rules.hpp"

namespace parlor::server::events {

using Json = nlohmann::json;

enum class EventStatus { kSignup, kRunning, kFinished };
std::string_view status_name(EventStatus status);

struct EventTable {
  std::string room_id;
  std::string code;
  std::vector<std::string> players;   // by seat: the entrants the event put there
  std::optional<TableResult> result;  // once its match has ended
  std::string match_id;               // and the record it played ("" if it was aborted)
};

struct EventRound {
  int number = 0;
  std::string deal_seed_hex;  // duplicate only: every table's first match is dealt from it
  std::vector<EventTable> tables;
  std::vector<std::string> byes;
  bool over() const;           // every table has its result
  RoundResult result() const;  // the results so far (pure rules' form)
};

struct EventState {
  std::string id;  // "E1", "E2", ... (a cluster node's suffix after it, as rooms')
  std::string name;
  std::string game;
  Json options = Json::object();
  EventShape shape{Pairing::kSwiss, 4, 3, 1, false};
  bool rated = true;
  std::string organiser_id;
  std::string organiser_name;
  EventStatus status = EventStatus::kSignup;
  std::uint64_t pairing_seed = 0;
  std::string deal_secret;  // 64 hex digits
  std::vector<Entrant> entrants;
  std::vector<EventRound> rounds;
  std::int64_t created_at = 0;
  std::int64_t started_at = 0;
  std::int64_t finished_at = 0;

  Entrant* entrant(const std::string& player_id);
  const Entrant* entrant(const std::string& player_id) const;
  int active_entrants() const;               // not dropped
  std::vector<RoundResult> results() const;  // every round's, as played so far
};

Json event_state_json(const EventState& event);
Expected<EventState> event_state_from_json(const Json& saved);

// The client's `event` object (protocol/README.md); `summary` leaves out the rounds and
// the standings (the `events` list).
Json event_view(const EventState& event, bool summary = false);

}  // namespace parlor::server::events
