#include "clients/cli/verify/duplicate_round.hpp"

#include <sstream>

namespace parlor::verify {
namespace {

// What must be equal for the deals to be equal, as the record shows it.
struct Deal {
  Json game;
  Json options;
  std::size_t seats = 0;
  Json seed;
  Json first_dealer;
};

Deal deal_of(const Json& record) {
  return {record.value("game", Json()), record.value("options", Json::object()),
          record.value("seats", Json::array()).size(), record.value("seed", Json()),
          record.value("first_dealer", Json())};
}

// The fields of `other` that differ from `first`, by name.
std::vector<std::string> differences(const Deal& first, const Deal& other) {
  std::vector<std::string> out;
  if (other.game != first.game) out.push_back("game");
  if (other.options != first.options) out.push_back("options");
  if (other.seats != first.seats) out.push_back("seats");
  if (other.seed != first.seed) out.push_back("seed");
  if (other.first_dealer != first.first_dealer) out.push_back("first_dealer");
  return out;
}

CheckResult same_deals(const std::vector<Json>& records) {
  CheckResult check;
  check.name = "same_deals";
  const Deal first = deal_of(records.front());
  Json mismatches = Json::array();
  for (std::size_t i = 1; i < records.size(); ++i) {
    std::vector<std::string> differ = differences(first, deal_of(records[i]));
    if (differ.empty()) continue;
    mismatches.push_back(
        {{"record", i + 1}, {"match", records[i].value("id", "")}, {"differ", differ}});
  }
  check.details = {{"records", records.size()},
                   {"game", first.game},
                   {"seats", first.seats},
                   {"seed", first.seed},
                   {"mismatches", mismatches}};
  std::ostringstream summary;
  if (mismatches.empty()) {
    summary << records.size() << " records, " << first.game.get<std::string>() << " at "
            << first.seats << " seats, one seed " << first.seed.get<std::string>();
  } else {
    check.status = CheckStatus::kFailed;
    for (const Json& m : mismatches) {
      summary << "record " << m["record"].get<std::size_t>() << " ("
              << m["match"].get<std::string>() << ") differs from record 1 in";
      for (const Json& field : m["differ"]) summary << " " << field.get<std::string>();
      summary << "; ";
    }
  }
  check.summary = summary.str();
  return check;
}

}  // namespace

bool DuplicateReport::verified() const {
  if (refused || same_deals.status != CheckStatus::kOk) return false;
  for (const VerifyReport& record : records) {
    if (!record.verified()) return false;
  }
  return true;
}

std::string DuplicateReport::text() const {
  if (refused) return refused->message + " (" + refused->code + ")\n";
  std::ostringstream out;
  for (std::size_t i = 0; i < records.size(); ++i) {
    out << "record " << i + 1 << " (" << records[i].match_id << "):\n" << records[i].text();
  }
  out << "same deals: " << same_deals.summary << "\n";
  out << (verified() ? "VERIFIED\n" : "MISMATCH\n");
  return out.str();
}

Json DuplicateReport::json() const {
  if (refused)
    return {{"verified", false}, {"error", refused->code}, {"message", refused->message}};
  Json list = Json::array();
  for (const VerifyReport& record : records) list.push_back(record.json());
  return {{"verified", verified()},
          {"records", list},
          {"same_deals",
           {{"status", same_deals.status == CheckStatus::kOk ? "ok" : "failed"},
            {"summary", same_deals.summary},
            {"details", same_deals.details}}}};
}

DuplicateReport verify_duplicate_round(const std::vector<Json>& records) {
  DuplicateReport report;
  if (records.size() < 2) {
    report.refused = Error{"too_few_records", "a duplicate round needs two records or more"};
    return report;
  }
  for (const Json& record : records) {
    report.records.push_back(verify_match_record(record));
    if (report.records.back().refused) {
      report.refused = report.records.back().refused;
      return report;
    }
  }
  report.same_deals = same_deals(records);
  return report;
}

}  // namespace parlor::verify
