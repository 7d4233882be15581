// `parlor verify --duplicate RECORD...`: the records of one duplicate round of a club
// night (server/events/: every table of the round is dealt from the same seed), checked
// together. Each record is first verified on its own, as `parlor verify` does
// (match_record.hpp); then "same deals": every record names the same game, the same
// options, the same number of seats, the same revealed seed and the same first dealer,
// so that the same seat held the same cards at every table (the engine deals from the
// seed and the first dealer alone). Records are compared with the first one; the report
// names each record that differs and in what.
//
// Refused (an Error, exit 2): fewer than two records ("too_few_records"), or a record
// that cannot be verified at all (match_record.hpp's codes).
#pragma once

#include <vector>

#include "clients/cli/verify/match_record.hpp"

namespace parlor::verify {

struct DuplicateReport {
  std::optional<Error> refused;
  std::vector<VerifyReport> records;  // one per record, in the order given
  CheckResult same_deals;             // name "same_deals"

  bool verified() const;
  std::string text() const;
  Json json() const;
};

DuplicateReport verify_duplicate_round(const std::vector<Json>& records);

}  // namespace parlor::verify
