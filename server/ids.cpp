#include "server/ids.hpp"

#include <charconv>

#include "engine/core/rng.hpp"

namespace parlor::server {

std::string new_match_id() { return "m" + Seed::from_os().hex().substr(0, 12); }

long long number_after(const std::string& id, char prefix) {
  if (id.size() < 2 || id[0] != prefix) return 1;
  long long number = 0;
  auto [end, ec] = std::from_chars(id.data() + 1, id.data() + id.size(), number);
  if (ec != std::errc() || end != id.data() + id.size() || number < 0) return 1;
  return number + 1;
}

}  // namespace parlor::server
