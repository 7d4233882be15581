// Watches the database file under a running server, for what SQLite cannot see through
// its open descriptors:
// - made read-only for this server's user (chmod, chown): writes through the open
//   descriptors still succeed, but the server could not open the file again, so a
//   restart would refuse it and every match in progress would be stuck behind it;
// - deleted: writes would go on into a file nobody can open again;
// - replaced by another file (another inode at the path): writing on into the old one
//   would fork the history.
// The store treats each as a write outage (writes held, moves refused, /healthz 503 with
// reason()) until the file is back; a deleted file the store puts back itself
// (sqlite_store.cpp). One log line when a fault begins and one when it ends.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace parlor::server::store {

class DatabaseFileWatch {
 public:
  enum class State { kInPlace, kReadOnly, kMissing, kReplaced };
  // How stale current() may be: a stat and an access check, at most this often.
  static constexpr std::chrono::milliseconds kRecheckEvery{250};

  // `path`: the database file, open now (its inode is remembered); empty: an in-memory
  // database, always in place.
  explicit DatabaseFileWatch(std::string path);

  // The state, checked again if the last check is older than kRecheckEvery.
  State current();
  // Checks now (logging a change once).
  State check();
  // Why the file cannot be used (for /healthz and the outage's log line); empty in place.
  std::string reason() const;
  // The file now at the path is the store's own (it wrote it back): watch that one.
  void adopt_current_file();
  const std::string& path() const { return path_; }

 private:
  State observe() const;
  void log_change(State from, State to) const;

  std::string path_;
  std::atomic<std::uint64_t> inode_{0};  // the file's that the store's connections hold
  std::atomic<State> state_{State::kInPlace};
  std::atomic<std::int64_t> checked_at_ns_{0};  // steady clock
  std::mutex check_mutex_;                      // one check at a time, so a change is logged once
};

}  // namespace parlor::server::store
