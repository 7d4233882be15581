#include "server/store/sqlite/write_back.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include "server/store/sqlite/errors.hpp"
#include "server/store/sqlite/statement.hpp"

namespace parlor::server::store {

namespace {

struct BackupDeleter {
  void operator()(sqlite3_backup* backup) const { sqlite3_backup_finish(backup); }
};

void remove_leftovers(const std::string& copy) {
  for (const char* suffix : {"", "-journal", "-wal", "-shm"}) {
    ::unlink((copy + suffix).c_str());
  }
}

// Copies every page of `source` into a new file at `copy`; returns the page count.
long long copy_pages(sql::Database& source, const std::string& copy) {
  sql::Database target(copy);
  std::unique_ptr<sqlite3_backup, BackupDeleter> backup(
      sqlite3_backup_init(target.handle(), "main", source.handle(), "main"));
  if (!backup) target.fail(sqlite3_errcode(target.handle()), "starting the copy of the database");
  int step = sqlite3_backup_step(backup.get(), -1);
  long long pages = sqlite3_backup_pagecount(backup.get());
  int finish = sqlite3_backup_finish(backup.release());
  if (step != SQLITE_DONE) target.fail(step, "copying the database");
  if (finish != SQLITE_OK) target.fail(finish, "finishing the copy of the database");
  return pages;
}

// The rename itself survives a power cut only once the directory is synced.
void sync_directory_of(const std::string& path) {
  std::string directory = std::filesystem::path(path).parent_path().string();
  int fd = ::open(directory.empty() ? "." : directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // the copy is in place; only its durability against power loss waits
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

long long write_back_copy(sql::Database& source, const std::string& path) {
  // A checkpoint that could not empty the WAL (a reader of an old snapshot) would leave
  // frames beside the copy: retry later rather than risk them.
  bool emptied = false;
  {
    sql::Statement checkpoint(source, "PRAGMA wal_checkpoint(TRUNCATE)");
    emptied = checkpoint.step() && checkpoint.get_int(0) == 0;
  }
  if (!emptied) {
    throw SqlError(SQLITE_BUSY, "the WAL of the deleted database file could not be emptied yet");
  }
  const std::string copy = path + ".restoring";
  remove_leftovers(copy);
  long long pages = 0;
  try {
    pages = copy_pages(source, copy);
  } catch (...) {
    remove_leftovers(copy);
    throw;
  }
  // Closed by now, so the copy is whole on disk (its connection synced at commit).
  if (::renameat2(AT_FDCWD, copy.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
    int error = errno;
    remove_leftovers(copy);
    throw SqlError(SQLITE_CANTOPEN, "cannot put the copy of the database back at " + path + ": " +
                                        std::strerror(error));
  }
  sync_directory_of(path);
  return pages;
}

}  // namespace parlor::server::store
