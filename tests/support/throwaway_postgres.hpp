// A PostgreSQL server for one test binary: initdb and pg_ctl of Debian's postgresql-15 in
// a fresh temporary directory, on a free 127.0.0.1 port, with durable commits (fsync and
// synchronous_commit on, as in production) — so tests prove what a real deployment does.
// As root it runs the server as the `postgres` user (PostgreSQL refuses root). initdb's
// output is made once per initdb binary and copied for each server (a template in the
// temporary folder): initdb alone took about 1.5 s of each PostgreSQL test's 2.5.
// CTest runs each test in a process of its own, so a function-static server is one per
// test; give each test its own database all the same (a binary run by hand shares one).
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>

namespace parlor::testing {

class ThrowawayPostgres {
 public:
  // Returns nullptr and sets `why` when PostgreSQL is not installed or cannot start
  // (tests then GTEST_SKIP with that reason).
  static std::unique_ptr<ThrowawayPostgres> start(std::string& why);
  ~ThrowawayPostgres();  // pg_ctl stop -m immediate, removes the directory

  ThrowawayPostgres(const ThrowawayPostgres&) = delete;
  ThrowawayPostgres& operator=(const ThrowawayPostgres&) = delete;

  // Where the copied cluster is kept (whether or not it exists yet); empty without initdb.
  static std::string cluster_template_path();

  int port() const { return port_; }
  // Creates database `name` (owner postgres) and returns its URI
  // "postgresql://postgres@127.0.0.1:PORT/NAME". Throws std::runtime_error on failure.
  std::string create_database(const std::string& name);
  std::string uri(const std::string& database) const;
  void stop(bool immediate);     // pg_ctl stop -m immediate|fast
  void start_again();            // pg_ctl start on the same directory and port; throws on failure
  pid_t postmaster_pid() const;  // 0 when not running
  const std::string& directory() const { return directory_; }

 private:
  ThrowawayPostgres(std::string directory, int port)
      : directory_(std::move(directory)), port_(port) {}
  bool pg_ctl_start(std::string& why);
  std::string directory_;  // holds data/ and the server's log
  int port_;
  bool running_ = false;
};

}  // namespace parlor::testing
