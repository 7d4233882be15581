// Checks a scenario file's "expect" section against what the scenario produced, so a
// rule can be tested by writing one JSON file under tests/scenarios/GAME/.
//
//   "expect": {
//     "results": [{"i": 3, "ok": false, "error": "not_your_turn"}],
//     "allow_rejections": false,
//     "final": {"over": false, "scores": [1, 0, 0], "views": [{"hand": [...]}, {}, {}]}
//   }
//
// Each "results" entry must match (as a subset) an output line with the same "i" (and
// "seat", if given). Unless allow_rejections is true, every action line that no entry
// names must be ok. "final" is matched as a subset: objects need only the keys given,
// arrays must have the same length and match element by element, scalars are equal.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace parlor::testing {

// Empty when everything matches; otherwise one readable line per mismatch.
std::vector<std::string> scenario_mismatches(const nlohmann::json& expect,
                                             const std::vector<nlohmann::json>& lines);

// Subset match used above; appends mismatches (with a JSON path) to `errors`.
void match_subset(const nlohmann::json& expected, const nlohmann::json& actual,
                  const std::string& path, std::vector<std::string>& errors);

}  // namespace parlor::testing
