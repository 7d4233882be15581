// A thin RAII layer over libpq (PostgreSQL's own C client, version 15), in the manner of
// the SQLite one in server/store/sqlite/: a Connection owns its PGconn, a Result its
// PGresult, a Transaction rolls back unless committed, a Pipeline sends many statements
// and reads their results after one sync — one network round trip for a whole batch.
// Every failure is a PgError carrying the SQLSTATE, so callers can tell "the database
// cannot take writes now" (an outage: retry, refuse new moves) from "this write is bad".
//
// Why libpq and not libpqxx: Debian 12's libpqxx is 6.4 (2019); its pipeline class
// predates libpq's pipeline mode and it hides the SQLSTATE-level control the write path
// needs. libpq 15 gives pipeline mode, binary-safe parameters and non-blocking waits.
//
// No call waits forever: a statement that gets no answer within the connection's
// `query_timeout` (a stopped server, a cut network: TCP alone would wait minutes)
// closes the connection and throws an outage PgError. A closed connection stays closed;
// callers reconnect with a new Connection.
//
// Not thread-safe: one thread uses a Connection at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/store_error.hpp"

struct pg_conn;
struct pg_result;

namespace parlor::server::store::pg {

// SQLSTATE raised by a batch guard (see cluster/node_lease.hpp) when this process no
// longer owns what it writes for: the batch must not commit, and the writer stops.
inline constexpr const char* kFencedSqlstate = "PRLF1";

// A failed libpq call or statement. code() is "pg_error"; sqlstate() is the five-character
// SQLSTATE ("" when libpq failed before the server answered, e.g. a lost connection).
class PgError : public StoreError {
 public:
  PgError(std::string sqlstate, const std::string& message, bool connection_lost);
  const std::string& sqlstate() const { return sqlstate_; }
  // True when no write can succeed now: the connection is lost or timed out, the server
  // is shutting down or starting (57P01-57P03), out of resources (53xxx), read-only
  // (25006), or the batch guard fenced this process (kFencedSqlstate).
  bool is_outage() const;
  bool fenced() const { return sqlstate_ == kFencedSqlstate; }
  bool connection_lost() const { return connection_lost_; }

 private:
  std::string sqlstate_;
  bool connection_lost_;
};

// "postgres://..." or "postgresql://..." (what selects this backend in --db).
bool is_postgres_uri(std::string_view text);
// The URI with any password replaced by "***", for logs and errors.
std::string redact_conninfo(std::string_view conninfo);

class Result {
 public:
  Result() = default;
  explicit Result(pg_result* result);
  int rows() const;
  int columns() const;
  bool is_null(int row, int column) const;
  std::string_view text(int row, int column) const;  // "" for NULL
  std::string string(int row, int column) const;
  std::int64_t int64(int row, int column) const;  // throws PgError on a non-number
  double number(int row, int column) const;
  bool boolean(int row, int column) const;  // 't' or 'f'
  std::int64_t affected_rows() const;       // PQcmdTuples: INSERT/UPDATE/DELETE count

 private:
  struct Free {
    void operator()(pg_result* result) const;
  };
  std::unique_ptr<pg_result, Free> result_;
};

// One row's columns under the names of the readers both backends share
// (server/store/row_readers.hpp).
struct Columns {
  const Result& result;
  int row;
  std::string text(int column) const { return result.string(row, column); }
  std::int64_t int64(int column) const { return result.int64(row, column); }
  bool boolean(int column) const { return result.boolean(row, column); }
  double number(int column) const { return result.number(row, column); }
  bool is_null(int column) const { return result.is_null(row, column); }
};

// Every row of `result`, each made by `read(Columns)`.
template <class Read>
auto all_rows(const Result& result, Read read) {
  std::vector<decltype(read(Columns{result, 0}))> rows;
  for (int r = 0; r < result.rows(); ++r) rows.push_back(read(Columns{result, r}));
  return rows;
}

// A PostgreSQL text[] literal, {"a","b"}, quotes and backslashes escaped: one parameter
// for `= ANY($1::text[])`.
std::string text_array(const std::vector<std::string>& values);

// Text-format parameters for $1, $2, ... (PostgreSQL casts them to the column types).
class Params {
 public:
  Params& add(std::string_view value);
  Params& add(const char* value) { return add(std::string_view(value)); }
  Params& add(std::int64_t value);
  Params& add(int value) { return add(static_cast<std::int64_t>(value)); }
  Params& add(double value);
  Params& add(bool value);
  Params& add_null();
  std::size_t size() const { return values_.size(); }
  // For libpq: pointers into the stored values (nullptr for NULL), valid while this lives.
  std::vector<const char*> pointers() const;

 private:
  std::vector<std::optional<std::string>> values_;
};

class Connection {
 public:
  struct Options {
    std::chrono::milliseconds connect_timeout{5000};
    std::chrono::milliseconds query_timeout{10000};
    std::string application_name = "parlor";
  };
  // Throws PgError (an outage: the server may be down or starting) if it cannot connect.
  static Connection connect(const std::string& conninfo, const Options& options);
  static Connection connect(const std::string& conninfo) { return connect(conninfo, Options{}); }

  Connection(Connection&&) noexcept;
  Connection& operator=(Connection&&) noexcept;
  ~Connection();

  // One or more statements without parameters (schema, BEGIN/COMMIT).
  Result exec(const std::string& sql);
  // One statement with parameters ($1...).
  Result exec(const std::string& sql, const Params& params);
  void prepare(const std::string& name, const std::string& sql);
  Result exec_prepared(const std::string& name, const Params& params);

  bool open() const;  // connected and not closed after a failure
  int backend_pid() const;
  const Options& options() const { return options_; }
  pg_conn* raw() { return conn_; }

 private:
  using Clock = std::chrono::steady_clock;
  Connection(pg_conn* conn, Options options);
  friend class Pipeline;
  // Waits for the socket to be readable within query_timeout; closes and throws on timeout.
  void wait_readable();
  void wait_readable(Clock::time_point deadline);
  void close();
  void require_open() const;                             // throws an outage PgError when closed
  [[noreturn]] void fail_lost(const std::string& what);  // closes, throws an outage
  [[noreturn]] void fail_timeout();                      // closes, throws an outage
  void flush(Clock::time_point deadline);  // sends everything queued (non-blocking mode)
  pg_result* next_result(Clock::time_point deadline);  // PQgetResult without blocking forever
  PgError error_of(pg_result* result) const;
  static bool is_failure(pg_result* result);
  Result collect(Clock::time_point deadline);  // every result of one exec; the last returned
  pg_conn* conn_ = nullptr;
  Options options_;
};

// BEGIN on construction (or `begin_sql`, e.g. "BEGIN ISOLATION LEVEL REPEATABLE READ"),
// ROLLBACK on destruction unless commit() ran. A ROLLBACK on a lost connection is ignored.
class Transaction {
 public:
  explicit Transaction(Connection& connection, const char* begin_sql = "BEGIN");
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Connection& connection_;
  bool done_ = false;
};

// libpq pipeline mode: statements are sent without waiting; sync() sends one Sync and
// reads every result. The statements run as one implicit transaction unless they contain
// their own BEGIN/COMMIT; if one fails, the rest are skipped by the server and sync()
// throws that statement's PgError after reading everything (the connection stays usable).
class Pipeline {
 public:
  explicit Pipeline(Connection& connection);  // enters pipeline mode
  ~Pipeline();                                // leaves it (draining if sync() was not called)
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;

  void send(const std::string& sql, const Params& params = {});
  void send_prepared(const std::string& name, const Params& params);
  std::vector<Result> sync();  // one per statement sent, in order

 private:
  Connection& connection_;
  std::size_t pending_ = 0;
  bool synced_ = false;
};

}  // namespace parlor::server::store::pg
