#include "tests/support/scenario_expect.hpp"

#include <set>

namespace parlor::testing {

using nlohmann::json;

void match_subset(const json& expected, const json& actual, const std::string& path,
                  std::vector<std::string>& errors) {
  if (expected.is_object()) {
    if (!actual.is_object()) {
      errors.push_back(path + ": expected an object, got " + actual.dump());
      return;
    }
    for (const auto& [key, value] : expected.items()) {
      if (!actual.contains(key)) {
        errors.push_back(path + "." + key + ": missing");
        continue;
      }
      match_subset(value, actual[key], path + "." + key, errors);
    }
    return;
  }
  if (expected.is_array()) {
    if (!actual.is_array() || actual.size() != expected.size()) {
      errors.push_back(path + ": expected " + expected.dump() + ", got " + actual.dump());
      return;
    }
    for (std::size_t i = 0; i < expected.size(); ++i) {
      match_subset(expected[i], actual[i], path + "[" + std::to_string(i) + "]", errors);
    }
    return;
  }
  if (expected != actual) {
    errors.push_back(path + ": expected " + expected.dump() + ", got " + actual.dump());
  }
}

namespace {

bool names_line(const json& entry, const json& line) {
  if (!line.contains("i") || line["i"] != entry["i"]) return false;
  return !entry.contains("seat") || (line.contains("seat") && line["seat"] == entry["seat"]);
}

}  // namespace

std::vector<std::string> scenario_mismatches(const json& expect, const std::vector<json>& lines) {
  std::vector<std::string> errors;
  std::set<std::size_t> named;
  for (const json& entry : expect.value("results", json::array())) {
    bool found = false;
    for (std::size_t k = 0; k < lines.size(); ++k) {
      if (!names_line(entry, lines[k])) continue;
      found = true;
      named.insert(k);
      match_subset(entry, lines[k], "results[i=" + entry["i"].dump() + "]", errors);
      if (!entry.contains("seat")) break;
    }
    if (!found) errors.push_back("no output line for " + entry.dump());
  }
  if (!expect.value("allow_rejections", false)) {
    for (std::size_t k = 0; k < lines.size(); ++k) {
      const json& line = lines[k];
      if (line.contains("final") || named.count(k) || line.value("ok", true)) continue;
      errors.push_back("unexpected rejection: " + line.dump());
    }
  }
  if (expect.contains("final")) {
    const json* final_line = nullptr;
    for (const json& line : lines) {
      if (line.contains("final")) final_line = &line;
    }
    if (final_line == nullptr) {
      errors.push_back("no final line");
    } else {
      match_subset(expect["final"], (*final_line)["final"], "final", errors);
    }
  }
  return errors;
}

}  // namespace parlor::testing
