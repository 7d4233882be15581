#include "engine/core/options.hpp"

#include <charconv>

namespace parlor {
namespace {

std::string as_text(const Json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

Error bad_value(const OptionSpec& spec, const Json& value, const std::string& expected) {
  return Error{"bad_option_value", "option '" + spec.name + "': " + as_text(value) +
                                       " is not allowed (" + expected + ")"};
}

std::string choices_text(const OptionSpec& spec) {
  std::string out = "one of";
  for (const Json& choice : spec.choices) out += " " + as_text(choice);
  return out;
}

Expected<Json> convert_int(const OptionSpec& spec, const Json& value) {
  std::string range =
      "a whole number from " + std::to_string(spec.min) + " to " + std::to_string(spec.max);
  std::int64_t number = 0;
  if (value.is_number_integer()) {
    number = value.get<std::int64_t>();
  } else if (value.is_string()) {
    const std::string text = value.get<std::string>();
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc() || end != text.data() + text.size()) {
      return bad_value(spec, value, range);
    }
  } else {
    return bad_value(spec, value, range);
  }
  if (number < spec.min || number > spec.max) return bad_value(spec, value, range);
  return Json(number);
}

Expected<Json> convert_bool(const OptionSpec& spec, const Json& value) {
  if (value.is_boolean()) return value;
  if (value == "true") return Json(true);
  if (value == "false") return Json(false);
  return bad_value(spec, value, "true or false");
}

Expected<Json> convert_choice(const OptionSpec& spec, const Json& value) {
  if (!value.is_string() && !value.is_number_integer()) {
    return bad_value(spec, value, choices_text(spec));
  }
  for (const Json& choice : spec.choices) {
    if (as_text(choice) == as_text(value)) return choice;
  }
  return bad_value(spec, value, choices_text(spec));
}

Expected<Json> convert(const OptionSpec& spec, const Json& value) {
  switch (spec.type) {
    case OptionType::kInt:
      return convert_int(spec, value);
    case OptionType::kBool:
      return convert_bool(spec, value);
    case OptionType::kChoice:
      return convert_choice(spec, value);
  }
  return bad_value(spec, value, "a valid value");
}

}  // namespace

OptionSpec OptionSpec::choice(std::string name, Json default_value, std::vector<Json> choices,
                              std::string description) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = OptionType::kChoice;
  spec.default_value = std::move(default_value);
  spec.choices = std::move(choices);
  spec.description = std::move(description);
  return spec;
}

OptionSpec OptionSpec::integer(std::string name, Json default_value, std::int64_t min,
                               std::int64_t max, std::string description) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = OptionType::kInt;
  spec.default_value = std::move(default_value);
  spec.min = min;
  spec.max = max;
  spec.description = std::move(description);
  return spec;
}

OptionSpec OptionSpec::boolean(std::string name, bool default_value, std::string description) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = OptionType::kBool;
  spec.default_value = default_value;
  spec.description = std::move(description);
  return spec;
}

OptionSpec OptionSpec::with_default_note(std::string note) && {
  default_note = std::move(note);
  return std::move(*this);
}

OptionSpec OptionSpec::labelled(std::string option_label, std::vector<std::string> labels) && {
  label = std::move(option_label);
  choice_labels = std::move(labels);
  return std::move(*this);
}

const OptionSpec* OptionSchema::find(const std::string& name) const {
  for (const OptionSpec& spec : specs_) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

Expected<Json> OptionSchema::validate(const Json& raw) const {
  if (!raw.is_null() && !raw.is_object()) {
    return Error{"bad_options", "options must be a JSON object of name: value"};
  }
  Json out = Json::object();
  for (const OptionSpec& spec : specs_) out[spec.name] = spec.default_value;
  if (raw.is_null()) return out;
  for (const auto& [name, value] : raw.items()) {
    const OptionSpec* spec = find(name);
    if (spec == nullptr) {
      std::string known;
      for (const OptionSpec& s : specs_) known += (known.empty() ? "" : ", ") + s.name;
      return Error{"unknown_option", "unknown option '" + name +
                                         "' (options: " + (known.empty() ? "none" : known) + ")"};
    }
    auto converted = convert(*spec, value);
    if (!converted) return converted.error();
    out[name] = *converted;
  }
  return out;
}

Json OptionSchema::describe() const {
  Json out = Json::array();
  for (const OptionSpec& spec : specs_) {
    Json item = {{"name", spec.name},
                 {"label", spec.label.empty() ? spec.name : spec.label},
                 {"default", spec.default_value},
                 {"description", spec.description}};
    switch (spec.type) {
      case OptionType::kInt:
        item["type"] = "int";
        item["min"] = spec.min;
        item["max"] = spec.max;
        break;
      case OptionType::kBool:
        item["type"] = "bool";
        break;
      case OptionType::kChoice:
        item["type"] = "choice";
        item["choices"] = spec.choices;
        if (spec.choice_labels.size() == spec.choices.size()) {
          item["choice_labels"] = spec.choice_labels;
        }
        break;
    }
    if (!spec.default_note.empty()) item["default_note"] = spec.default_note;
    out.push_back(item);
  }
  return out;
}

Expected<Json> parse_option_assignments(const std::vector<std::string>& assignments) {
  Json out = Json::object();
  for (const std::string& item : assignments) {
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      return Error{"bad_option_value", "options are written KEY=VALUE, not '" + item + "'"};
    }
    out[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return out;
}

}  // namespace parlor
