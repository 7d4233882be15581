#include "protocol/json_reuse.hpp"

#include "engine/core/json_reader.hpp"
#include "engine/core/json_writer.hpp"

namespace parlor::protocol {

// The reader is the engine's (engine/core/json_reader.hpp), which GameState::view uses
// too; these names stay so that the header most of the server includes need not change.
bool parse_into(std::string_view text, Json* out) { return parlor::parse_into(text, out); }

bool parse_leading_value(std::string_view text, Json* out, std::size_t* consumed) {
  return parlor::parse_leading_value(text, out, consumed);
}

void append_json(std::string* out, const Json& value) {
  JsonWriter writer(*out);
  writer.value(value);
}

}  // namespace parlor::protocol
