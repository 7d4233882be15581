#include "server/store/sqlite/open_checks.hpp"

#include <sqlite3.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "server/store/sqlite/errors.hpp"
#include "server/store/sqlite/statement.hpp"

namespace parlor::server::store {

namespace {

std::vector<std::string> user_tables(sql::Database& db) {
  std::vector<std::string> names;
  sql::Statement tables(db,
                        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                        "'sqlite_%' ORDER BY name");
  while (tables.step()) names.push_back(tables.get_text(0));
  return names;
}

bool has(const std::vector<std::string>& names, const std::string& name) {
  for (const std::string& n : names) {
    if (n == name) return true;
  }
  return false;
}

void check_intact(sql::Database& db, const std::string& path) {
  sql::Statement check(db, "PRAGMA quick_check(5)");
  std::string problems;
  while (check.step()) {
    std::string line = check.get_text(0);
    if (line == "ok") return;
    problems += (problems.empty() ? "" : "; ") + line;
  }
  throw StoreError("db_corrupt", path + " is damaged (quick_check: " + problems +
                                     "); restore it from a backup, or give --db a new file");
}

void check_owned(sql::Database& db, const std::string& path) {
  auto application_id = static_cast<std::int32_t>(db.query_int("PRAGMA application_id"));
  if (application_id == kApplicationId) return;
  std::vector<std::string> tables = user_tables(db);
  if (application_id == 0) {
    if (tables.empty()) return;  // new
    bool older_parlor = db.user_version() > 0 && has(tables, "matches") && has(tables, "players") &&
                        has(tables, "match_seats");
    if (older_parlor) return;
  }
  std::string listed;
  for (std::size_t i = 0; i < tables.size() && i < 5; ++i) {
    listed += (i ? ", " : "") + tables[i];
  }
  throw StoreError("db_foreign", path + " is not a Parlor database (application id " +
                                     std::to_string(application_id) +
                                     ", tables: " + (listed.empty() ? "none" : listed) +
                                     "); give --db a new file or Parlor's own");
}

}  // namespace

const char* open_error_code(int sqlite_code) {
  switch (sqlite_code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return "db_locked";
    case SQLITE_READONLY:
    case SQLITE_PERM:
      return "db_read_only";
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return "db_corrupt";
    default:
      return "db_open_failed";
  }
}

void check_database_file(sql::Database& db, const std::string& path) {
  if (sqlite3_db_readonly(db.handle(), "main") == 1) {
    throw StoreError("db_read_only", path + " cannot be written by this user (uid " +
                                         std::to_string(geteuid()) +
                                         "); make it writable or give --db another file");
  }
  check_owned(db, path);
  check_intact(db, path);
}

void check_write_lock(sql::Database& db, const std::string& path) {
  try {
    db.begin_immediate();
    db.rollback();
  } catch (const SqlError& e) {
    std::string code = open_error_code(e.sqlite_code());
    if (code == "db_locked") {
      throw StoreError(code, path + " is locked by another process (" + e.what() +
                                 "); stop it, or give --db another file");
    }
    throw StoreError(code, path + ": " + e.what());
  }
}

void mark_as_parlor(sql::Database& db) {
  if (db.query_int("PRAGMA application_id") == kApplicationId) return;
  db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
}

}  // namespace parlor::server::store
