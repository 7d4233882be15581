#include "server/store/sqlite/live_match_rows.hpp"

#include <algorithm>
#include <string>

#include "server/store/sqlite/errors.hpp"

namespace parlor::server::store {

bool LiveMatchRows::add(std::int64_t seq, std::int64_t row) {
  if (seq < 1 || seq > std::int64_t{UINT32_MAX}) {
    throw StoreError("seq_out_of_range", "action seq " + std::to_string(seq) + " is outside 1.." +
                                             std::to_string(UINT32_MAX));
  }
  const auto packed_seq = static_cast<std::uint32_t>(seq);
  auto position = entries_.end();
  if (!entries_.empty() && packed_seq <= entries_.back().seq) {
    position = std::lower_bound(entries_.begin(), entries_.end(), packed_seq,
                                [](const Packed& entry, std::uint32_t s) { return entry.seq < s; });
    if (position->seq == packed_seq) return false;
  }
  entries_.insert(position, Packed{packed_seq, pack_row(row)});
  return true;
}

void LiveMatchRows::set_row(std::int64_t seq, std::int64_t row) {
  // Usually the newest entry; a late action sits earlier.
  auto entry = std::find_if(entries_.rbegin(), entries_.rend(),
                            [&](const Packed& e) { return std::int64_t{e.seq} == seq; });
  if (entry != entries_.rend()) entry->row = pack_row(row);
}

std::uint32_t LiveMatchRows::pack_row(std::int64_t row) {
  if (row <= kNotInserted) return 0;
  if (first_row_ == kNotInserted) first_row_ = row;
  // Below the first cannot happen (rows only grow); kept as far, it is found all the same.
  const std::int64_t distance = row - first_row_ + 1;
  if (distance < 1 || distance >= std::int64_t{kFarRow}) {
    far_ = true;
    return kFarRow;
  }
  return static_cast<std::uint32_t>(distance);
}

std::int64_t LiveMatchRows::unpack_row(std::uint32_t row) const {
  if (row == 0) return kNotInserted;
  if (row == kFarRow) return kFar;
  return first_row_ + std::int64_t{row} - 1;
}

}  // namespace parlor::server::store
