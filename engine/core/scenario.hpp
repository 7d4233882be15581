// `parlor scenario`: plays a scripted game and reports what happened, one JSON object
// per line. This is how the rules are tested from outside, so its format is a contract:
//
//   {"game": "perico", "options": {...}, "seats": 3, "dealer": 0, "seed": 7,
//    "setup": {"hands": [[...], ...], "discard": [...], "stock": [...]},
//    "actions": [{"seat": 1, "action": {"type": "draw"}}, {"timeout": true}]}
//
// Output: {"i":0,"seat":1,"ok":true} or {"i":0,"seat":1,"ok":false,"error":CODE,
// "message":...} per action ({"timeout": true} applies the default action of every
// seat being waited for: one line each, with "timeout":true), then
// {"final":{"over":B,"round":N,"scores":[...],"views":[...]}}.
// "seed" is an integer or 64 hex digits (default 0); "dealer" defaults to one drawn
// from the seed; "options" default to the game's defaults; "setup" is optional.
// "expect" is ignored here: the test suite reads it (tests/support/scenario_expect).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"
#include "engine/core/game.hpp"

namespace parlor {

using GameLookup = std::function<const GameDefinition*(const std::string& name)>;

// Runs the scenario. A malformed file (bad shape, unknown game, bad options, an
// impossible setup) is an Error; rejected actions are ordinary result lines.
Expected<std::vector<Json>> run_scenario(const Json& scenario, const GameLookup& lookup);

}  // namespace parlor
