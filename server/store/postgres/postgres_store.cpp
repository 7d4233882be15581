#include "server/store/postgres/postgres_store.hpp"

#include <spdlog/spdlog.h>

#include <mutex>
#include <optional>
#include <utility>

#include "server/store/postgres/pg_connection.hpp"
#include "server/store/postgres/pg_history_queries.hpp"
#include "server/store/postgres/pg_migrations.hpp"
#include "server/store/postgres/pg_write_batch.hpp"
#include "server/store/sqlite/write_statements.hpp"  // json_text
#include "server/store/write_queue.hpp"

namespace parlor::server::store {

struct PostgresStore::Impl {
  std::string conninfo;
  pg::Connection::Options connection_options;
  std::unique_ptr<pg::PgWriteBatch> batch;
  std::unique_ptr<WriteQueue> queue;
  std::mutex read_mutex;
  std::optional<pg::Connection> read_connection;

  ~Impl() { queue.reset(); }  // drains and commits first: it uses the batch

  // Runs `read(connection)` in one read-only snapshot on the read connection; on any
  // error logs it and returns `fallback`. A lost connection is reopened once.
  template <class Result, class Read>
  Result read(const char* what, Result fallback, Read&& read_function) {
    std::lock_guard lock(read_mutex);
    try {
      try {
        return read_once<Result>(read_function);
      } catch (const pg::PgError& e) {
        if (!e.connection_lost()) throw;
      }
      return read_once<Result>(read_function);
    } catch (const std::exception& e) {
      spdlog::error("store: {} failed: {}", what, e.what());
      return fallback;
    }
  }

  template <class Result, class Read>
  Result read_once(Read& read_function) {
    if (!read_connection || !read_connection->open()) {
      read_connection.reset();
      read_connection = pg::Connection::connect(conninfo, connection_options);
    }
    pg::Transaction transaction(*read_connection,
                                "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    Result result = read_function(*read_connection);
    transaction.commit();
    return result;
  }
};

Expected<std::unique_ptr<PostgresStore>> PostgresStore::open(const StoreOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->conninfo = options.path;
  impl->connection_options.query_timeout = std::chrono::milliseconds(10000);
  impl->connection_options.connect_timeout = std::chrono::milliseconds(5000);
  const std::string shown = pg::redact_conninfo(options.path);
  int schema_before = 0;
  try {
    pg::Connection connection = pg::Connection::connect(options.path, impl->connection_options);
    schema_before = pg::migrate(connection);
  } catch (const pg::PgError& e) {
    return Error{"db_open_failed", "cannot open the PostgreSQL database " + shown + ": " +
                                       pg::redact_conninfo(e.what())};
  } catch (const StoreError& e) {
    return Error{e.code(), "cannot open the PostgreSQL database " + shown + ": " + e.what()};
  } catch (const std::exception& e) {
    return Error{"db_open_failed",
                 "cannot open the PostgreSQL database " + shown + ": " + e.what()};
  }
  impl->batch = std::make_unique<pg::PgWriteBatch>(
      options.path, impl->connection_options, options.batch_guard_sql, options.batch_guard_params);
  impl->queue = std::make_unique<WriteQueue>(*impl->batch, options.commit_interval,
                                             options.max_batch, options.commit_spacing);
  spdlog::info("store: opened PostgreSQL {} (schema version {}, was {})", shown,
               pg::current_schema_version(), schema_before);
  return std::unique_ptr<PostgresStore>(new PostgresStore(std::move(impl)));
}

PostgresStore::PostgresStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

PostgresStore::~PostgresStore() = default;

// As in SqliteStore: each write captures its rows by value, JSON serialized here, on the
// caller's thread, so the writer thread has one job less.
Ticket PostgresStore::save_player(const PlayerRow& player) {
  return impl_->queue->push("save_player", player.id,
                            [batch = impl_->batch.get(), player] { batch->save_player(player); });
}

Ticket PostgresStore::player_seen(const std::string& id, const std::string& name, Millis at) {
  return impl_->queue->push("player_seen", id, [batch = impl_->batch.get(), id, name, at] {
    batch->player_seen(id, name, at);
  });
}

Ticket PostgresStore::player_token_added(const std::string& player_id,
                                         const std::string& token_hash, Millis at) {
  return impl_->queue->push("player_token_added", player_id,
                            [batch = impl_->batch.get(), player_id, token_hash, at] {
                              batch->player_token_added(player_id, token_hash, at);
                            });
}

Ticket PostgresStore::room_saved(const std::string& room_id, const std::string& saved, Millis at) {
  return impl_->queue->push(
      "room_saved", room_id,
      [batch = impl_->batch.get(), room_id, saved, at] { batch->room_saved(room_id, saved, at); });
}

Ticket PostgresStore::room_removed(const std::string& room_id) {
  return impl_->queue->push("room_removed", room_id, [batch = impl_->batch.get(), room_id] {
    batch->room_removed(room_id);
  });
}

Ticket PostgresStore::claim_code_issued(const std::string& code_hash, const std::string& player_id,
                                        Millis issued_at, Millis expires_at) {
  return impl_->queue->push(
      "claim_code_issued", player_id,
      [batch = impl_->batch.get(), code_hash, player_id, issued_at, expires_at] {
        batch->claim_code_issued(code_hash, player_id, issued_at, expires_at);
      });
}

Ticket PostgresStore::claim_code_redeemed(const std::string& code_hash,
                                          const std::string& token_hash, Millis at) {
  return impl_->queue->push("claim_code_redeemed", "a claim code",
                            [batch = impl_->batch.get(), code_hash, token_hash, at] {
                              batch->claim_code_redeemed(code_hash, token_hash, at);
                            });
}

Ticket PostgresStore::match_started(const MatchStart& start) {
  return impl_->queue->push("match_started", start.id,
                            [batch = impl_->batch.get(), start] { batch->match_started(start); });
}

Ticket PostgresStore::action(const std::string& match_id, const ActionRow& action) {
  return impl_->queue->push(
      "action", match_id,
      [batch = impl_->batch.get(), match_id, seq = action.seq, seat = action.seat,
       text = json_text(action.action), timeout = action.timeout,
       at = action.at] { batch->action(match_id, seq, seat, text, timeout, at); });
}

Ticket PostgresStore::commitment(const std::string& match_id, const CommitmentRow& commitment) {
  return impl_->queue->push("commitment", match_id,
                            [batch = impl_->batch.get(), match_id, commitment] {
                              batch->commitment(match_id, commitment);
                            });
}

Ticket PostgresStore::round_ended(const std::string& match_id, int round, std::string result_json) {
  return impl_->queue->push(
      "round_ended", match_id,
      [batch = impl_->batch.get(), match_id, round, text = std::move(result_json)] {
        batch->round_ended(match_id, round, text);
      });
}

Ticket PostgresStore::match_ended(const std::string& match_id, Millis ended_at,
                                  std::string results_json, const std::vector<SeatResult>& seats) {
  return impl_->queue->push(
      "match_ended", match_id,
      [batch = impl_->batch.get(), match_id, ended_at, text = std::move(results_json), seats] {
        batch->match_ended(match_id, ended_at, text, seats);
      });
}

Ticket PostgresStore::match_aborted(const std::string& match_id, Millis ended_at,
                                    const std::string& reason) {
  return impl_->queue->push("match_aborted", match_id,
                            [batch = impl_->batch.get(), match_id, ended_at, reason] {
                              batch->match_aborted(match_id, ended_at, reason);
                            });
}

void PostgresStore::after_commit(Ticket ticket, std::function<void()> callback) {
  impl_->queue->after_commit(ticket, std::move(callback));
}

Ticket PostgresStore::committed_through() const { return impl_->queue->committed_through(); }

void PostgresStore::flush() { impl_->queue->flush(); }

std::uint64_t PostgresStore::stop() { return impl_->queue->stop(); }

Store::Stats PostgresStore::stats() const { return impl_->queue->stats(); }

Store::Health PostgresStore::health() const {
  WriteOutage::State outage = impl_->queue->outage();
  // The batch learns it was fenced a moment before the queue records the failure: fenced
  // only within the outage, so "fenced" is never seen with writes still accepted.
  return {!outage.failing, outage.reason, outage.since_millis,
          outage.failing && impl_->batch->fenced()};
}

bool PostgresStore::writable() const { return !impl_->queue->failing(); }

std::vector<PlayerRow> PostgresStore::load_players() {
  return impl_->read("load_players", std::vector<PlayerRow>{}, pg::history::load_players);
}

Expected<std::optional<PlayerRow>> PostgresStore::find_player_by_token(
    const std::string& token_hash) {
  // The read's own fallback (a failure) is the outer nullopt; "nobody" is the inner one.
  std::optional<std::optional<PlayerRow>> found = impl_->read(
      "find_player_by_token", std::optional<std::optional<PlayerRow>>{}, [&](pg::Connection& db) {
        return std::optional<std::optional<PlayerRow>>(
            std::in_place, pg::history::find_player_by_token(db, token_hash));
      });
  if (!found) return unreadable_players();
  return std::move(*found);
}

std::vector<UnfinishedMatch> PostgresStore::load_unfinished_matches() {
  return impl_->read("load_unfinished_matches", std::vector<UnfinishedMatch>{},
                     pg::history::load_unfinished_matches);
}

Expected<std::vector<UnfinishedMatch>> PostgresStore::load_unfinished_matches_in_rooms(
    const std::vector<std::string>& room_ids) {
  if (room_ids.empty()) return std::vector<UnfinishedMatch>{};
  std::optional<std::vector<UnfinishedMatch>> found = impl_->read(
      "load_unfinished_matches_in_rooms", std::optional<std::vector<UnfinishedMatch>>{},
      [&](pg::Connection& db) {
        return std::optional(pg::history::load_unfinished_matches_in_rooms(db, &room_ids));
      });
  if (!found) return unreadable_journals(room_ids);
  return std::move(*found);
}

std::vector<OpenRoomRow> PostgresStore::load_open_rooms() {
  return impl_->read("load_open_rooms", std::vector<OpenRoomRow>{},
                     [](pg::Connection& db) { return pg::history::load_open_rooms(db); });
}

Json PostgresStore::list_matches(const MatchQuery& query) {
  return impl_->read("list_matches", Json{{"matches", Json::array()}, {"next", nullptr}},
                     [&](pg::Connection& db) { return pg::history::list_matches(db, query); });
}

std::optional<Json> PostgresStore::match_record(const std::string& match_id) {
  return impl_->read("match_record", std::optional<Json>{},
                     [&](pg::Connection& db) { return pg::history::match_record(db, match_id); });
}

Json PostgresStore::leaderboard(const std::string& game) {
  return impl_->read(
      "leaderboard",
      Json{{"game", game.empty() ? Json(nullptr) : Json(game)}, {"players", Json::array()}},
      [&](pg::Connection& db) { return pg::history::leaderboard(db, game); });
}

std::optional<Json> PostgresStore::player_profile(const std::string& name) {
  return impl_->read("player_profile", std::optional<Json>{},
                     [&](pg::Connection& db) { return pg::history::player_profile(db, name); });
}

std::optional<Json> PostgresStore::player_profile_by_id(const std::string& player_id) {
  return impl_->read("player_profile_by_id", std::optional<Json>{}, [&](pg::Connection& db) {
    return pg::history::player_profile_by_id(db, player_id);
  });
}

}  // namespace parlor::server::store
