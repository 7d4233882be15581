#include "server/ids.hpp"

#include <charconv>

#include "engine/core/rng.hpp"

namespace parlor::server {

std::string new_match_id() { return "m" + Seed::from_os().hex().substr(0, 12); }

std::string node_id_suffix(const std::string& node) { return node.empty() ? "" : "-" + node; }

long long number_after(const std::string& id, char prefix, const std::string& suffix) {
  if (id.size() < 2 + suffix.size() || id[0] != prefix) return 1;
  if (id.compare(id.size() - suffix.size(), suffix.size(), suffix) != 0) return 1;
  const char* digits_end = id.data() + id.size() - suffix.size();
  long long number = 0;
  auto [end, ec] = std::from_chars(id.data() + 1, digits_end, number);
  if (ec != std::errc() || end != digits_end || number < 0) return 1;
  return number + 1;
}

}  // namespace parlor::server
