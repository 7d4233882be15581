// Table options: each game declares a schema (names, types, allowed values, defaults,
// a line of explanation); the schema validates what a client or scenario sends and
// fills in the defaults. Unknown names and bad values are errors that name the option.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"

namespace parlor {

using Json = nlohmann::json;

enum class OptionType { kInt, kBool, kChoice };

struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kInt;
  // The default; null when it depends on other options or the seat count, which the
  // game then resolves (GameDefinition::resolve_options) and explains in default_note.
  Json default_value;
  std::string default_note;
  std::vector<Json> choices;  // kChoice: the allowed values, strings or integers
  std::int64_t min = 0;       // kInt: inclusive range
  std::int64_t max = 0;
  std::string description;
  // What a player reads (the name and the values above are the rules files' JSON, a
  // contract): the option in words ("Hand size"), and for kChoice each choice in words,
  // in the order of `choices` ("5 cards"). Descriptions and default notes use words too.
  std::string label;
  std::vector<std::string> choice_labels;

  static OptionSpec choice(std::string name, Json default_value, std::vector<Json> choices,
                           std::string description);
  static OptionSpec integer(std::string name, Json default_value, std::int64_t min,
                            std::int64_t max, std::string description);
  static OptionSpec boolean(std::string name, bool default_value, std::string description);
  // For a default that depends on other options or seats: null default plus a note.
  OptionSpec with_default_note(std::string note) &&;
  // The option's label and, for a choice, its choices' labels (one each, in order).
  OptionSpec labelled(std::string option_label, std::vector<std::string> labels = {}) &&;
};

class OptionSchema {
 public:
  OptionSchema() = default;
  explicit OptionSchema(std::vector<OptionSpec> specs) : specs_(std::move(specs)) {}

  const std::vector<OptionSpec>& specs() const { return specs_; }
  const OptionSpec* find(const std::string& name) const;

  // Checks `raw` (a JSON object, or null for "all defaults") and returns an object with
  // every option present: given values in canonical form (a choice's own JSON type;
  // "32" and 32 both match the choice 32; "true" matches true), defaults elsewhere.
  // Errors: "bad_options" (not an object), "unknown_option", "bad_option_value".
  Expected<Json> validate(const Json& raw) const;

  // The schema as JSON, for `parlor games --json` and the lobby: each option's "name",
  // "label", "type", "default", "description", and "choices" with "choice_labels" (a
  // choice), "min" and "max" (an int), "default_note" (a default that depends).
  Json describe() const;

 private:
  std::vector<OptionSpec> specs_;
};

// Parses "KEY=VALUE" command-line options into a JSON object of strings; the schema
// then converts them. Returns "bad_option_value" if there is no '='.
Expected<Json> parse_option_assignments(const std::vector<std::string>& assignments);

}  // namespace parlor
