// Parlor's one SQLite file: players, matches, their seats and rounds, the action journal
// and the deal commitments (schema and migrations: server/store/migrations.cpp).
//
// Actions (schema version 3): while a match is in progress its actions are appended to
// one journal shared by all live matches (live_actions, in arrival order, no index), so a
// group commit writes about one page however many tables it serves. When the match ends
// or is aborted, its whole list becomes one row of match_actions, which the history API
// reads; recovery reads the journal. Version 2's per-match B-tree (actions) is migrated
// into these and dropped.
//
// Writes never block the caller: each write is queued and a single writer thread commits
// the queue in small groups (group commit: one transaction per batch, at most
// `commit_interval` after the first queued write). Every write returns a ticket; when a
// ticket is committed, `committed_through()` reaches it and the callbacks given to
// `after_commit` for it run (on the writer thread: post elsewhere, never block). The
// server uses this to hold a move's messages until its journal row is on disk.
//
// Reads (start-up loading and the history API) may run on any thread: they use their own
// connection (WAL lets readers run beside the writer) and never see a half-written batch.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"

namespace parlor::server::store {

using Json = nlohmann::json;
using Ticket = std::uint64_t;
using Millis = std::int64_t;  // milliseconds since the Unix epoch

struct StoreOptions {
  std::string path;               // a file (its directory is created) or ":memory:"
  bool synchronous_full = false;  // PRAGMA synchronous=FULL instead of NORMAL
  // How long the writer waits after the first queued write to gather more into one
  // transaction. 0: none (writes that queue while a commit runs still form one group).
  std::chrono::milliseconds commit_interval{2};
  std::size_t max_batch = 2000;  // writes per transaction at most
  // How often the WAL is copied back into the database file, off the writer's thread
  // (store/checkpointer.hpp); 0: by SQLite itself, inside the commit that fills the WAL.
  std::chrono::milliseconds checkpoint_interval{250};
  // How long a write waits for a lock another process holds before that counts as an
  // outage (write_outage.hpp); at start-up, before the file counts as locked.
  std::chrono::milliseconds busy_timeout{5000};
};

struct PlayerRow {
  std::string id;
  std::string name;
  std::string token_hash;
  Millis first_seen = 0;
  Millis last_seen = 0;
};

struct SeatRow {
  int seat = 0;
  std::string kind;       // "human" or "bot"
  std::string player_id;  // empty for bots
  std::string name;
  std::string bot_level;  // bots only
};

struct ActionRow {
  std::int64_t seq = 0;
  int seat = 0;
  Json action;
  bool timeout = false;
  Millis at = 0;
};

struct CommitmentRow {
  std::int64_t deal = 0;
  std::string sha256;
};

struct MatchStart {
  std::string id;
  std::string room_id;
  int match_number = 0;
  std::string game;
  Json options;
  Json room_settings;  // what the server needs to reopen the room (opaque to the store)
  std::vector<SeatRow> seats;
  std::string seed_hex;
  int first_dealer = 0;
  bool lower_score_wins = false;
  Millis started_at = 0;
};

struct SeatResult {
  int seat = 0;
  double score = 0;
  int placing = 0;
};

// A match that was in progress when the server stopped: everything needed to replay it.
struct UnfinishedMatch {
  MatchStart start;
  std::vector<ActionRow> actions;          // by seq
  std::vector<CommitmentRow> commitments;  // by deal
};

struct MatchQuery {
  std::string player_name;  // empty: any
  std::string game;         // empty: any
  int limit = 20;
  std::string before;  // cursor from a previous page's "next"; empty: newest
};

class Store {
 public:
  // Opens (creating the file and its directory), checks that the file is usable — writable,
  // intact (PRAGMA quick_check) and Parlor's own (its application id, or an older Parlor
  // schema, which is then marked) — sets WAL and synchronous, applies the migrations.
  // Errors: "db_open_failed", "db_read_only", "db_locked" (another process holds a lock
  // past the busy timeout), "db_corrupt", "db_foreign" (another application's file),
  // "db_too_new" (a schema newer than this binary), "db_migration_failed".
  static Expected<std::unique_ptr<Store>> open(const StoreOptions& options);
  ~Store();  // commits everything queued, then stops the writer

  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // ---- Writes: queued, return at once. ----
  Ticket save_player(const PlayerRow& player);  // insert or update by id
  Ticket player_seen(const std::string& id, const std::string& name, Millis at);
  Ticket match_started(const MatchStart& start);
  Ticket action(const std::string& match_id, const ActionRow& action);
  Ticket commitment(const std::string& match_id, const CommitmentRow& commitment);
  Ticket round_ended(const std::string& match_id, int round, const Json& result);
  // `results`: {"scores", "placings", "round_results"}; `seats`: each seat's outcome.
  Ticket match_ended(const std::string& match_id, Millis ended_at, const Json& results,
                     const std::vector<SeatResult>& seats);
  Ticket match_aborted(const std::string& match_id, Millis ended_at, const std::string& reason);

  // Runs `callback` on the writer thread once `ticket` is committed (at once, on the
  // calling thread, if it already is).
  void after_commit(Ticket ticket, std::function<void()> callback);
  Ticket committed_through() const;
  // Blocks until everything queued so far is committed (tests, shutdown).
  void flush();

  // ---- Reads ----
  std::vector<PlayerRow> load_players();
  std::vector<UnfinishedMatch> load_unfinished_matches();
  // The history API's JSON (shapes: see the persistence spec / protocol/README.md).
  // Live matches never include "seed" or "actions".
  Json list_matches(const MatchQuery& query);
  std::optional<Json> match_record(const std::string& match_id);
  Json leaderboard(const std::string& game);  // empty: all games
  std::optional<Json> player_profile(const std::string& name);

  // Counters for /metrics.
  struct Stats {
    std::uint64_t writes_queued = 0;
    std::uint64_t writes_committed = 0;
    std::uint64_t batches = 0;
    std::uint64_t write_errors = 0;
    std::size_t queue_depth = 0;
    std::uint64_t checkpoints = 0;
    bool write_failing = false;       // an outage is under way (see below)
    std::uint64_t write_outages = 0;  // episodes of failing writes so far
    std::uint64_t write_retries = 0;  // failed attempts during them
    std::uint64_t checkpoint_errors = 0;
    std::int64_t wal_bytes = -1;  // the WAL file's size at the last checkpoint; -1: none
  };
  Stats stats() const;

  // Whether writes can be made durable now. While the database cannot take writes (full
  // disk, I/O error, locked by another process, read-only or damaged) every queued write
  // is kept and retried until it commits — none is dropped — and `writable()` is false, so
  // that the server refuses new moves instead of accepting ones it cannot keep.
  struct Health {
    bool writable = true;
    std::string reason;  // the last error while not writable
    Millis since = 0;    // when writes began to fail
  };
  Health health() const;
  bool writable() const;

  struct Impl;

 private:
  explicit Store(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The schema version this binary writes (PRAGMA user_version).
int current_schema_version();

}  // namespace parlor::server::store
