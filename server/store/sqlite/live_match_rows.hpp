// Where a live match's actions are in the journal (live_actions), by seq: what the writer
// keeps for every match in progress so that it can read the match's rows back when it
// ends (write_statements.hpp). It is held for every live action of the server, so it is
// kept small. Two 64-bit numbers an action (16 bytes, and a vector's doubling on top)
// were a tenth of the server's heap per player in an open loop of 4,000 players
// (heaptrack, 2026-11-29, docs/load.md's history). Now:
// - the usual match, whose actions come numbered 1, 2, 3... in order ("dense"), keeps 4
//   bytes an action: its rows, as their distance from its first row, the seq being the
//   position;
// - a match whose seqs skip or come late (a replay, a test) turns "sparse": 8 bytes an
//   action, each seq beside its row.
// Both grow by a quarter at a time rather than double.
//
// Two things would not fit 32 bits; neither happens in play:
// - a seq outside 1..4,294,967,295 (a match's actions are numbered from 1): refused, with
//   StoreError "seq_out_of_range", as a bad row is;
// - a row more than about four billion rows after the match's first, which a match left
//   in progress while that many actions of others were journaled would reach. The row is
//   then kept as "far" (its number unknown here), and the match's rows are found by a scan
//   of the journal when it ends (has_far_rows()).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace parlor::server::store {

class LiveMatchRows {
 public:
  static constexpr std::int64_t kNotInserted = 0;
  static constexpr std::int64_t kFar = -1;

  // False if it has `seq` already. `row`: its row, or kNotInserted until set_row. Throws
  // StoreError for a seq outside 1..UINT32_MAX.
  bool add(std::int64_t seq, std::int64_t row);
  // The row of `seq` (added before), once inserted. Rows only grow, so the first row set
  // is the match's lowest.
  void set_row(std::int64_t seq, std::int64_t row);

  std::int64_t first_row() const { return first_row_; }  // kNotInserted: none yet
  std::size_t size() const { return dense_ ? rows_.size() : entries_.size(); }
  bool has_far_rows() const { return far_; }
  // Calls `visit(seq, row)` in seq order; row is kNotInserted or kFar where not known.
  template <typename Visit>
  void for_each(Visit visit) const {
    if (dense_) {
      std::int64_t seq = first_seq_;
      for (std::uint32_t row : rows_) visit(seq++, unpack_row(row));
      return;
    }
    for (const Packed& entry : entries_) visit(std::int64_t{entry.seq}, unpack_row(entry.row));
  }

 private:
  struct Packed {
    std::uint32_t seq;
    std::uint32_t row;
  };
  // A packed row: 0 not inserted, kFarRow far, else row - first_row_ + 1.
  static constexpr std::uint32_t kFarRow = UINT32_MAX;

  std::uint32_t pack_row(std::int64_t row);
  std::int64_t unpack_row(std::uint32_t row) const;
  void turn_sparse();
  bool add_sparse(std::uint32_t seq, std::uint32_t packed_row);

  std::int64_t first_row_ = kNotInserted;
  std::int64_t first_seq_ = 0;  // dense: the seq of rows_[0]
  bool dense_ = true;
  bool far_ = false;
  std::vector<std::uint32_t> rows_;  // dense: by seq from first_seq_
  std::vector<Packed> entries_;      // sparse: by seq
};

}  // namespace parlor::server::store
