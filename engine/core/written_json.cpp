#include "engine/core/written_json.hpp"

#include <algorithm>
#include <utility>

#include "engine/core/json_reader.hpp"

namespace parlor {

using Json = nlohmann::json;

// The engine's reader does not check UTF-8 (json_reader.hpp); text with a byte above 0x7f
// goes to nlohmann's parser, which does, so the result is always nlohmann's. The writer's
// own text is ASCII but for what a game copies in (names of options, a player's words).
Json parse_written_json(std::string_view text) {
  const bool ascii = std::all_of(text.begin(), text.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  Json tree;
  if (ascii && parse_into(text, &tree)) return tree;
  return Json::parse(text);
}

void merge_written_json_object(std::string_view text, Json& into) {
  Json members = parse_written_json(text);
  auto& source = members.get_ref<Json::object_t&>();
  auto& target = into.get_ref<Json::object_t&>();
  for (auto& [name, value] : source) target.insert_or_assign(name, std::move(value));
}

}  // namespace parlor
