// A finished match's cards, step by step: the record (GET /api/matches/ID) replayed
// through the engine from its revealed seed, with what every seat held after each step.
// Served as GET /api/matches/ID/replay (protocol/README.md, "History API").
//
// Only a match that is over: its seed is public then, and so is every hand it dealt. A
// live match's record has no seed, and the route refuses it before reading further, so
// no card of a match being played can leave through here.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"
#include "engine/core/game.hpp"

namespace parlor::server {

using FindGameByName = std::function<const GameDefinition*(const std::string& name)>;

// {"id", "game", "seat_count", "first_dealer", "steps": [{"seq", "seat", "action",
// "timeout", "events", "table", "seats"}]}: step 0 is the deal, step k the state after
// action k. "events" are the public ones (as a spectator saw them), "table" the
// spectator's view, "seats"[s] seat s's own fields (its "hand" among them; not "legal",
// the moves it had then), null for the seats `only_seat` leaves out.
// Errors: "not_finished" (the match is live or was aborted), "unknown_game" (this build
// has no such game), "bad_record" (a record that does not replay).
Expected<nlohmann::json> replay_match_cards(const nlohmann::json& record,
                                            const FindGameByName& find_game,
                                            std::optional<int> only_seat);

}  // namespace parlor::server
