#include "server/store/postgres/pg_connection.hpp"

#include <poll.h>

#include <libpq-fe.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <regex>
#include <utility>

namespace parlor::server::store::pg {

namespace {

using Clock = std::chrono::steady_clock;

std::string trimmed(const char* message) {
  std::string text = message ? message : "";
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

}  // namespace

// ---- PgError ----

PgError::PgError(std::string sqlstate, const std::string& message, bool connection_lost)
    : StoreError("pg_error", message),
      sqlstate_(std::move(sqlstate)),
      connection_lost_(connection_lost) {}

bool PgError::is_outage() const {
  if (connection_lost_ || fenced()) return true;
  // 08: connection exceptions; 57P01-57P03: admin/crash shutdown, cannot connect now;
  // 53: insufficient resources (disk full, out of memory, too many connections);
  // 25006: read-only transaction (a standby, or default_transaction_read_only).
  return starts_with(sqlstate_, "08") || sqlstate_ == "57P01" || sqlstate_ == "57P02" ||
         sqlstate_ == "57P03" || starts_with(sqlstate_, "53") || sqlstate_ == "25006";
}

// ---- URIs ----

bool is_postgres_uri(std::string_view text) {
  return starts_with(text, "postgresql://") || starts_with(text, "postgres://");
}

std::string redact_conninfo(std::string_view conninfo) {
  std::string text(conninfo);
  // URI form: scheme://user:PASSWORD@host — the password ends at the last '@' before the
  // host part (a password may itself contain '@' only percent-encoded, but be lenient).
  if (is_postgres_uri(text)) {
    const auto scheme_end = text.find("://") + 3;
    auto authority_end = text.find_first_of("/?", scheme_end);
    if (authority_end == std::string::npos) authority_end = text.size();
    const auto at = text.rfind('@', authority_end);
    if (at != std::string::npos && at >= scheme_end) {
      const auto colon = text.find(':', scheme_end);
      if (colon != std::string::npos && colon < at) {
        text.replace(colon + 1, at - colon - 1, "***");
      }
    }
  }
  // Key=value form, or a URI's "?password=..." parameter.
  static const std::regex password(R"((password\s*=\s*)('[^']*'|[^\s&]*))", std::regex::icase);
  return std::regex_replace(text, password, "$1***");
}

// ---- Result ----

void Result::Free::operator()(pg_result* result) const { PQclear(result); }

Result::Result(pg_result* result) : result_(result) {}

int Result::rows() const { return result_ ? PQntuples(result_.get()) : 0; }
int Result::columns() const { return result_ ? PQnfields(result_.get()) : 0; }

bool Result::is_null(int row, int column) const {
  return !result_ || PQgetisnull(result_.get(), row, column) == 1;
}

std::string_view Result::text(int row, int column) const {
  if (is_null(row, column)) return {};
  return {PQgetvalue(result_.get(), row, column),
          static_cast<std::size_t>(PQgetlength(result_.get(), row, column))};
}

std::string Result::string(int row, int column) const { return std::string(text(row, column)); }

std::int64_t Result::int64(int row, int column) const {
  const auto value = text(row, column);
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc() || end != value.data() + value.size() || value.empty()) {
    throw PgError("", "not an integer: '" + std::string(value) + "'", false);
  }
  return number;
}

double Result::number(int row, int column) const {
  const std::string value = string(row, column);
  char* end = nullptr;
  const double number = std::strtod(value.c_str(), &end);
  if (value.empty() || end != value.c_str() + value.size()) {
    throw PgError("", "not a number: '" + value + "'", false);
  }
  return number;
}

bool Result::boolean(int row, int column) const { return text(row, column) == "t"; }

std::int64_t Result::affected_rows() const {
  if (!result_) return 0;
  const char* count = PQcmdTuples(result_.get());
  return (count && *count) ? std::strtoll(count, nullptr, 10) : 0;
}

// ---- Params ----

std::string text_array(const std::vector<std::string>& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    out += '"';
    for (char c : values[i]) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

Params& Params::add(std::string_view value) {
  values_.emplace_back(std::string(value));
  return *this;
}

Params& Params::add(std::int64_t value) {
  values_.emplace_back(std::to_string(value));
  return *this;
}

Params& Params::add(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  values_.emplace_back(std::string(text));
  return *this;
}

Params& Params::add(bool value) {
  values_.emplace_back(std::string(value ? "true" : "false"));
  return *this;
}

Params& Params::add_null() {
  values_.emplace_back(std::nullopt);
  return *this;
}

std::vector<const char*> Params::pointers() const {
  std::vector<const char*> pointers;
  pointers.reserve(values_.size());
  for (const auto& value : values_) pointers.push_back(value ? value->c_str() : nullptr);
  return pointers;
}

// ---- Connection ----

namespace {

// Waits until the socket is readable (or writable) or the deadline passes.
// Returns false on timeout; throws nothing (the caller decides).
bool wait_socket(int socket, bool for_write, Clock::time_point deadline) {
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    pollfd fd{socket, static_cast<short>(for_write ? POLLOUT : POLLIN), 0};
    const int ready = ::poll(&fd, 1, static_cast<int>(left.count()));
    if (ready > 0) return true;
    if (ready < 0 && errno != EINTR) return true;  // let libpq see and report the error
  }
}

std::string conninfo_error(pg_conn* conn) {
  return trimmed(conn ? PQerrorMessage(conn) : "out of memory");
}

}  // namespace

Connection Connection::connect(const std::string& conninfo, const Options& options) {
  // Keepalives make a dead peer visible while idle; the deadline below bounds the connect
  // itself (connect_timeout would too, but only in whole seconds and per host).
  const std::string connect_seconds =
      std::to_string(std::max<std::int64_t>(1, (options.connect_timeout.count() + 999) / 1000));
  const char* keys[] = {"dbname",          "application_name",    "connect_timeout",  "keepalives",
                        "keepalives_idle", "keepalives_interval", "keepalives_count", nullptr};
  const char* values[] = {conninfo.c_str(),
                          options.application_name.c_str(),
                          connect_seconds.c_str(),
                          "1",
                          "10",
                          "5",
                          "3",
                          nullptr};
  pg_conn* conn = PQconnectStartParams(keys, values, /*expand_dbname=*/1);
  if (!conn) throw PgError("", "cannot connect to PostgreSQL: out of memory", true);
  Connection connection(conn, options);
  if (PQstatus(conn) == CONNECTION_BAD) {
    throw PgError("", "cannot connect to PostgreSQL: " + conninfo_error(conn), true);
  }
  const auto deadline = Clock::now() + options.connect_timeout;
  PostgresPollingStatusType status = PGRES_POLLING_WRITING;
  while (status != PGRES_POLLING_OK) {
    if (status == PGRES_POLLING_FAILED) {
      throw PgError("", "cannot connect to PostgreSQL: " + conninfo_error(conn), true);
    }
    if (!wait_socket(PQsocket(conn), status == PGRES_POLLING_WRITING, deadline)) {
      throw PgError("",
                    "cannot connect to PostgreSQL: timed out after " +
                        std::to_string(options.connect_timeout.count()) + " ms",
                    true);
    }
    status = PQconnectPoll(conn);
  }
  // Non-blocking: a send to a stopped server must not block once the socket buffer fills.
  if (PQsetnonblocking(conn, 1) != 0) {
    throw PgError("", "cannot connect to PostgreSQL: " + conninfo_error(conn), true);
  }
  return connection;
}

Connection::Connection(pg_conn* conn, Options options)
    : conn_(conn), options_(std::move(options)) {}

Connection::Connection(Connection&& other) noexcept
    : conn_(std::exchange(other.conn_, nullptr)), options_(std::move(other.options_)) {}

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    close();
    conn_ = std::exchange(other.conn_, nullptr);
    options_ = std::move(other.options_);
  }
  return *this;
}

Connection::~Connection() { close(); }

void Connection::close() {
  if (conn_) PQfinish(std::exchange(conn_, nullptr));
}

bool Connection::open() const { return conn_ && PQstatus(conn_) == CONNECTION_OK; }

int Connection::backend_pid() const { return conn_ ? PQbackendPID(conn_) : 0; }

void Connection::require_open() const {
  if (!open()) throw PgError("", "the PostgreSQL connection is closed", true);
}

[[noreturn]] void Connection::fail_lost(const std::string& what) {
  const std::string message = what + ": " + conninfo_error(conn_);
  close();
  throw PgError("", message, true);
}

[[noreturn]] void Connection::fail_timeout() {
  close();
  throw PgError(
      "",
      "PostgreSQL did not answer within " + std::to_string(options_.query_timeout.count()) + " ms",
      true);
}

void Connection::flush(Clock::time_point deadline) {
  for (;;) {
    const int left = PQflush(conn_);
    if (left == 0) return;
    if (left < 0) fail_lost("cannot send to PostgreSQL");
    // Still data to send: wait until writable, but read too (the server may be waiting
    // for us to read before it reads more).
    if (!wait_socket(PQsocket(conn_), true, deadline)) fail_timeout();
    if (PQconsumeInput(conn_) == 0) fail_lost("lost the PostgreSQL connection");
  }
}

void Connection::wait_readable() { wait_readable(Clock::now() + options_.query_timeout); }

void Connection::wait_readable(Clock::time_point deadline) {
  if (!wait_socket(PQsocket(conn_), false, deadline)) fail_timeout();
}

pg_result* Connection::next_result(Clock::time_point deadline) {
  while (PQisBusy(conn_)) {
    wait_readable(deadline);
    if (PQconsumeInput(conn_) == 0) fail_lost("lost the PostgreSQL connection");
  }
  return PQgetResult(conn_);
}

PgError Connection::error_of(pg_result* result) const {
  const char* sqlstate = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  std::string message = trimmed(result ? PQresultErrorMessage(result) : nullptr);
  if (message.empty()) message = conninfo_error(conn_);
  const bool lost = !conn_ || PQstatus(conn_) == CONNECTION_BAD;
  return PgError(sqlstate ? sqlstate : "", message, lost);
}

bool Connection::is_failure(pg_result* result) {
  if (!result) return true;
  switch (PQresultStatus(result)) {
    case PGRES_COMMAND_OK:
    case PGRES_TUPLES_OK:
    case PGRES_EMPTY_QUERY:
    case PGRES_PIPELINE_SYNC:
      return false;
    default:
      return true;
  }
}

Result Connection::collect(Clock::time_point deadline) {
  // Reads every result of the statement(s) sent; keeps the last, throws the first error
  // only after the connection is idle again (so it stays usable).
  Result last;
  std::optional<PgError> error;
  for (;;) {
    pg_result* result = next_result(deadline);
    if (!result) break;
    if (is_failure(result) && !error) error = error_of(result);
    last = Result(result);
    if (PQstatus(conn_) == CONNECTION_BAD) break;
  }
  if (PQstatus(conn_) == CONNECTION_BAD) {
    const PgError lost =
        error ? PgError(error->sqlstate(), error->what(), true)
              : PgError("", "lost the PostgreSQL connection: " + conninfo_error(conn_), true);
    close();
    throw lost;
  }
  if (error) throw *error;
  return last;
}

Result Connection::exec(const std::string& sql) {
  require_open();
  const auto deadline = Clock::now() + options_.query_timeout;
  if (PQsendQuery(conn_, sql.c_str()) == 0) fail_lost("cannot send to PostgreSQL");
  flush(deadline);
  return collect(deadline);
}

Result Connection::exec(const std::string& sql, const Params& params) {
  require_open();
  const auto deadline = Clock::now() + options_.query_timeout;
  const auto values = params.pointers();
  if (PQsendQueryParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(),
                        nullptr, nullptr, 0) == 0) {
    fail_lost("cannot send to PostgreSQL");
  }
  flush(deadline);
  return collect(deadline);
}

void Connection::prepare(const std::string& name, const std::string& sql) {
  require_open();
  const auto deadline = Clock::now() + options_.query_timeout;
  if (PQsendPrepare(conn_, name.c_str(), sql.c_str(), 0, nullptr) == 0) {
    fail_lost("cannot send to PostgreSQL");
  }
  flush(deadline);
  collect(deadline);
}

Result Connection::exec_prepared(const std::string& name, const Params& params) {
  require_open();
  const auto deadline = Clock::now() + options_.query_timeout;
  const auto values = params.pointers();
  if (PQsendQueryPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(),
                          nullptr, nullptr, 0) == 0) {
    fail_lost("cannot send to PostgreSQL");
  }
  flush(deadline);
  return collect(deadline);
}

// ---- Transaction ----

Transaction::Transaction(Connection& connection, const char* begin_sql) : connection_(connection) {
  connection_.exec(begin_sql);
}

Transaction::~Transaction() {
  if (done_ || !connection_.open()) return;
  try {
    connection_.exec("ROLLBACK");
  } catch (const PgError&) {
    // The connection is lost or closed: the server rolls back by itself.
  }
}

void Transaction::commit() {
  done_ = true;
  connection_.exec("COMMIT");
}

// ---- Pipeline ----

Pipeline::Pipeline(Connection& connection) : connection_(connection) {
  connection_.require_open();
  if (PQenterPipelineMode(connection_.conn_) == 0) {
    throw PgError("", "cannot enter pipeline mode: " + conninfo_error(connection_.conn_), false);
  }
}

Pipeline::~Pipeline() {
  if (!connection_.conn_) return;
  try {
    if (!synced_ && pending_ > 0) sync();
  } catch (const PgError&) {
    // Already reported or the connection is gone; leaving pipeline mode below or the
    // closed connection is all that is left to do.
  }
  if (connection_.conn_ && PQexitPipelineMode(connection_.conn_) == 0) connection_.close();
}

void Pipeline::send(const std::string& sql, const Params& params) {
  connection_.require_open();
  const auto values = params.pointers();
  if (PQsendQueryParams(connection_.conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                        values.data(), nullptr, nullptr, 0) == 0) {
    connection_.fail_lost("cannot send to PostgreSQL");
  }
  ++pending_;
}

void Pipeline::send_prepared(const std::string& name, const Params& params) {
  connection_.require_open();
  const auto values = params.pointers();
  if (PQsendQueryPrepared(connection_.conn_, name.c_str(), static_cast<int>(values.size()),
                          values.data(), nullptr, nullptr, 0) == 0) {
    connection_.fail_lost("cannot send to PostgreSQL");
  }
  ++pending_;
}

std::vector<Result> Pipeline::sync() {
  synced_ = true;
  connection_.require_open();
  const auto deadline = Clock::now() + connection_.options_.query_timeout;
  if (PQpipelineSync(connection_.conn_) == 0) connection_.fail_lost("cannot send to PostgreSQL");
  connection_.flush(deadline);
  std::vector<Result> results;
  results.reserve(pending_);
  std::optional<PgError> error;
  // Each statement yields its result(s) then a null; an aborted one PGRES_PIPELINE_ABORTED.
  for (std::size_t i = 0; i < pending_; ++i) {
    Result last;
    while (pg_result* result = connection_.next_result(deadline)) {
      if (Connection::is_failure(result) && !error &&
          PQresultStatus(result) != PGRES_PIPELINE_ABORTED) {
        error = connection_.error_of(result);
      }
      last = Result(result);
      if (PQstatus(connection_.conn_) == CONNECTION_BAD)
        connection_.fail_lost("lost the PostgreSQL connection");
    }
    results.push_back(std::move(last));
  }
  // Then the sync's own result.
  for (int nulls = 0;;) {
    pg_result* result = connection_.next_result(deadline);
    if (!result) {
      if (PQstatus(connection_.conn_) == CONNECTION_BAD || ++nulls > 1) {
        connection_.fail_lost("lost the PostgreSQL pipeline's sync");
      }
      continue;
    }
    const bool is_sync = PQresultStatus(result) == PGRES_PIPELINE_SYNC;
    PQclear(result);
    if (is_sync) break;
  }
  pending_ = 0;
  if (error) throw *error;
  return results;
}

}  // namespace parlor::server::store::pg
