#include "server/store/sqlite/live_match_rows.hpp"

#include <algorithm>
#include <string>

#include "server/store/sqlite/errors.hpp"

namespace parlor::server::store {

namespace {

// A quarter more at a time: a live match's list is never copied on the hot path, so the
// spare room a doubling leaves (a third on average) is not worth it.
std::size_t grown(std::size_t size) { return size + size / 4 + 16; }

template <typename T>
void make_room(std::vector<T>& items) {
  if (items.size() == items.capacity()) items.reserve(grown(items.size()));
}

}  // namespace

bool LiveMatchRows::add(std::int64_t seq, std::int64_t row) {
  if (seq < 1 || seq > std::int64_t{UINT32_MAX}) {
    throw StoreError("seq_out_of_range", "action seq " + std::to_string(seq) + " is outside 1.." +
                                             std::to_string(UINT32_MAX));
  }
  if (dense_) {
    if (rows_.empty()) first_seq_ = seq;
    const std::int64_t next = first_seq_ + static_cast<std::int64_t>(rows_.size());
    if (seq == next) {
      make_room(rows_);
      rows_.push_back(pack_row(row));
      return true;
    }
    if (seq >= first_seq_ && seq < next) return false;  // has it
    turn_sparse();
  }
  return add_sparse(static_cast<std::uint32_t>(seq), pack_row(row));
}

bool LiveMatchRows::add_sparse(std::uint32_t seq, std::uint32_t packed_row) {
  auto position = entries_.end();
  if (!entries_.empty() && seq <= entries_.back().seq) {
    position = std::lower_bound(entries_.begin(), entries_.end(), seq,
                                [](const Packed& entry, std::uint32_t s) { return entry.seq < s; });
    if (position->seq == seq) return false;
  }
  const auto index = position - entries_.begin();
  make_room(entries_);
  entries_.insert(entries_.begin() + index, Packed{seq, packed_row});
  return true;
}

void LiveMatchRows::turn_sparse() {
  entries_.reserve(grown(rows_.size()));
  auto seq = static_cast<std::uint32_t>(first_seq_);
  for (std::uint32_t row : rows_) entries_.push_back(Packed{seq++, row});
  rows_ = {};
  dense_ = false;
}

void LiveMatchRows::set_row(std::int64_t seq, std::int64_t row) {
  if (dense_) {
    const std::int64_t index = seq - first_seq_;
    if (index >= 0 && index < static_cast<std::int64_t>(rows_.size())) {
      rows_[static_cast<std::size_t>(index)] = pack_row(row);
    }
    return;
  }
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
