#include "server/store/sqlite/database_file_watch.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace parlor::server::store {

namespace {

std::uint64_t inode_of(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 ? static_cast<std::uint64_t>(info.st_ino) : 0;
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

DatabaseFileWatch::DatabaseFileWatch(std::string path) : path_(std::move(path)) {
  if (!path_.empty()) inode_.store(inode_of(path_));
}

DatabaseFileWatch::State DatabaseFileWatch::current() {
  if (path_.empty()) return State::kInPlace;
  if (now_ns() - checked_at_ns_.load(std::memory_order_relaxed) <
      std::chrono::nanoseconds(kRecheckEvery).count()) {
    return state_.load(std::memory_order_relaxed);
  }
  return check();
}

DatabaseFileWatch::State DatabaseFileWatch::check() {
  if (path_.empty()) return State::kInPlace;
  std::lock_guard lock(check_mutex_);
  State now = observe();
  State before = state_.exchange(now);
  checked_at_ns_.store(now_ns(), std::memory_order_relaxed);
  if (now != before) log_change(before, now);
  return now;
}

DatabaseFileWatch::State DatabaseFileWatch::observe() const {
  struct stat info {};
  if (::stat(path_.c_str(), &info) != 0) {
    // Only a missing file is "deleted"; another error (a directory made unreadable) means
    // the server could not open it again either.
    return errno == ENOENT ? State::kMissing : State::kReadOnly;
  }
  if (static_cast<std::uint64_t>(info.st_ino) != inode_.load()) return State::kReplaced;
  // As this process's effective user: root passes, as it would when opening the file.
  if (::faccessat(AT_FDCWD, path_.c_str(), R_OK | W_OK, AT_EACCESS) != 0) return State::kReadOnly;
  return State::kInPlace;
}

std::string DatabaseFileWatch::reason() const {
  switch (state_.load()) {
    case State::kInPlace:
      return "";
    case State::kReadOnly:
      return "the database file " + path_ + " is no longer writable by this server's user (uid " +
             std::to_string(::geteuid()) +
             "): writes are held and moves refused until it is, since the server could not "
             "open it again (make it writable again)";
    case State::kMissing:
      return "the database file " + path_ +
             " was deleted under the server; the server writes its own copy back";
    case State::kReplaced:
      return "the database file " + path_ +
             " was replaced under the server by another file; writes are held and moves "
             "refused (move that file away: the server then writes its own copy back)";
  }
  return "";
}

void DatabaseFileWatch::adopt_current_file() {
  std::lock_guard lock(check_mutex_);
  inode_.store(inode_of(path_));
  State before = state_.exchange(observe());
  checked_at_ns_.store(now_ns(), std::memory_order_relaxed);
  if (state_.load() != before) log_change(before, state_.load());
}

void DatabaseFileWatch::log_change(State from, State to) const {
  if (to == State::kInPlace) {
    spdlog::warn("store: the database file {} is usable again", path_);
    return;
  }
  if (from != State::kInPlace) return;  // one line per episode
  switch (to) {
    case State::kReadOnly:
      spdlog::error("store: {}", reason());
      break;
    case State::kMissing:
    case State::kReplaced:
      // "deleted or replaced": operators and tests search the log for it.
      spdlog::error(
          "store: the database file {} was deleted or replaced under the running server ({})",
          path_, reason());
      break;
    case State::kInPlace:
      break;
  }
}

}  // namespace parlor::server::store
