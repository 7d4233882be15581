// Reading a view a determinizer was given: a missing member reads as null (nlohmann's
// const operator[] asserts on one), so a view from a newer or a broken server makes the
// sampler give up (nullptr) rather than crash; the bot then plays its sensible move.
#pragma once

#include <string_view>

#include "engine/core/game.hpp"

namespace parlor::search {

inline const Json& field(const Json& object, std::string_view key) {
  static const Json kNull;
  if (!object.is_object()) return kNull;
  auto it = object.find(key);
  return it == object.end() ? kNull : *it;
}

// Runs a sampler's builder, turning a view of the wrong shape (a member of another
// type: nlohmann throws) into "no sampler".
template <class Build>
auto built_or_null(Build&& build) -> decltype(build()) {
  try {
    return build();
  } catch (const Json::exception&) {
    return nullptr;
  }
}

}  // namespace parlor::search
