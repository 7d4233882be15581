// The store: everything Parlor keeps (players; matches with their options, seats, rounds
// and results; the journal of live matches' actions; deal commitments), behind one
// interface of three parts: the writes the rooms journal, the reads start-up recovery
// needs, and the history API's queries. The server (rooms through StoreJournal, the
// lobby's players, recovery, the HTTP routes) knows only this class. One class for both
// databases: it owns the orchestration (the write queue, each write's capture, the reads'
// fallbacks and errors), and a backend chosen in Store::open (store_backend.hpp) owns
// what differs: SQLite's (server/store/sqlite/, the embedded default) or PostgreSQL's
// (server/store/postgres/, for a database several nodes share).
//
// Writes never block the caller: each is queued (write_queue.hpp), its rows captured by
// value, and committed by the writer thread in groups. Every write returns a ticket; when a ticket
// is committed, `committed_through()` reaches it and the callbacks given to `after_commit` for it
// run (on the store's own thread: post elsewhere, never block). The server uses this to hold a
// move's messages until its journal row is durable.
//
// Reads may run on any thread and never see a half-written group.
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
#include "engine/core/json_writer.hpp"  // json_text
#include "server/store/account_rows.hpp"

namespace parlor::server::store {

using Json = nlohmann::json;
using Ticket = std::uint64_t;
using Millis = std::int64_t;  // milliseconds since the Unix epoch

struct StoreOptions {
  // A file (its directory is created), ":memory:", or a PostgreSQL connection URI
  // ("postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME", "postgres://..."): postgres/.
  std::string path;
  bool synchronous_full = false;  // PRAGMA synchronous=FULL instead of NORMAL
  // How long the writer waits after the first queued write to gather more into one
  // transaction. 0: none (writes that queue while a commit runs still form one group).
  std::chrono::milliseconds commit_interval{2};
  std::size_t max_batch = 2000;  // writes per transaction at most
  // Under concurrent load, the least time from one commit's start to the next's, so that
  // more writes share a commit (write_queue.hpp). 0: none. The server's default is 1 ms
  // (--commit-spacing-ms); the store's tests keep none, for their timings.
  std::chrono::milliseconds commit_spacing{0};
  // How often the WAL is copied back into the database file, off the writer's thread
  // (sqlite/checkpointer.hpp); 0: by SQLite itself, inside the commit that fills the WAL.
  std::chrono::milliseconds checkpoint_interval{250};
  // How long a write waits for a lock another process holds before that counts as an
  // outage (write_outage.hpp); at start-up, before the file counts as locked.
  std::chrono::milliseconds busy_timeout{5000};
  // Cluster fencing (PostgreSQL only; server/cluster/): a statement run first in every
  // write transaction, e.g. "SELECT parlor_fence($1, $2)" with the node's name and
  // incarnation. If it fails with pg::kFencedSqlstate this process no longer owns what
  // it writes for: the batch does not commit, it is held like an outage, and
  // `health().fenced` becomes true. Empty: no guard.
  std::string batch_guard_sql;
  std::vector<std::string> batch_guard_params;
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
  int team = -1;          // the seat's partnership (GameDefinition::teams); -1: none
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
  bool rated = false;  // the room's choice: its end updates the humans' ratings
};

struct SeatResult {
  int seat = 0;
  double score = 0;
  int placing = 0;
  bool left = false;  // a human who left before the end: rated last (match_rating.hpp)
  // The seat's figures for the player's page (GameDefinition::seat_figures' object for the
  // seat, as JSON text; figure_totals.hpp). Empty, not an object or over kMaxFiguresText:
  // kept as NULL, never failing the write. Initialized so that a brace list may leave it
  // out under GCC 12's -Wextra.
  std::string figures{};
};

// An open room as it last stood (server/room/saved_room.hpp's text: its settings, seats
// and how many matches it started).
struct OpenRoomRow {
  std::string room_id;
  std::string saved;
  Millis updated_at = 0;
};

// A club night (server/events/): its whole state as one JSON text, written whenever it
// changes and read back at start-up (events table).
struct EventRow {
  std::string event_id;
  std::string state;
  Millis updated_at = 0;
};

// A room's match that ended (Store::finished_match_in_room), its seats by seat: a human's
// player id ("" for a bot), placing, score, and whether the human left before the end.
struct FinishedSeat {
  std::string player_id;
  int placing = 0;
  double score = 0;
  bool left = false;
};
struct FinishedMatch {
  std::string match_id;
  std::vector<FinishedSeat> seats;
};

// A match that was in progress when the server stopped: everything needed to replay it.
struct UnfinishedMatch {
  MatchStart start;
  std::vector<ActionRow> actions;          // by seq
  std::vector<CommitmentRow> commitments;  // by deal
};

struct MatchQuery {
  std::string player_name;  // empty: any
  std::string player_id;    // empty: any (names are not unique; ids are)
  std::string game;         // empty: any
  int limit = 20;
  std::string before;  // cursor from a previous page's "next"; empty: newest
};

class StoreBackend;
class WriteQueue;

class Store {
 public:
  // Opens the store `options` names: PostgreSQL's for a postgresql:// or postgres:// URI
  // (postgres/postgres_store.hpp: connects, migrates; db_open_failed when unreachable,
  // db_too_new, db_migration_failed), else SQLite's (sqlite/sqlite_store.hpp), a
  // file (created with its directory) or ":memory:". It checks that the file is usable —
  // writable, intact (PRAGMA quick_check) and Parlor's own (its application id, or an older
  // Parlor schema, which is then marked) — and applies the migrations.
  // Errors: "db_open_failed", "db_read_only", "db_locked" (another process holds a lock
  // past the busy timeout), "db_corrupt", "db_foreign" (another application's file),
  // "db_too_new" (a schema newer than this binary), "db_migration_failed".
  static Expected<std::unique_ptr<Store>> open(const StoreOptions& options);
  // The store over `backend`'s database (store_backend.hpp; what Store::open builds): starts
  // the writer thread.
  Store(std::unique_ptr<StoreBackend> backend, const StoreOptions& options);
  ~Store();  // commits everything queued first, then stops the writer

  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // ---- Writes: queued, return at once. ----
  Ticket save_player(const PlayerRow& player);  // insert or update by id
  Ticket player_seen(const std::string& id, const std::string& name, Millis at);
  // Another device's token for a player who exists (a claim code, server/players/claim_codes.hpp):
  // the player answers to it as to the first. Adding a token twice changes nothing.
  Ticket player_token_added(const std::string& player_id, const std::string& token_hash, Millis at);
  Ticket match_started(const MatchStart& start);
  Ticket action(const std::string& match_id, const ActionRow& action);
  Ticket commitment(const std::string& match_id, const CommitmentRow& commitment);
  // `result_json`: the engine's result for round `round` (from 1), as JSON text (an object).
  Ticket round_ended(const std::string& match_id, int round, std::string result_json);
  // `results_json`: {"scores", "placings", "round_results"} as JSON text (the server writes
  // it from the rounds' texts, server::final_results); `seats`: each seat's outcome.
  // `rated` (the match was started rated, MatchStart::rated): the end also rates it, in
  // the same transaction (rating_step.hpp), so a crash never counts it twice or loses it;
  // a casual match's end costs no rating step.
  Ticket match_ended(const std::string& match_id, Millis ended_at, std::string results_json,
                     const std::vector<SeatResult>& seats, bool rated = false);
  // The same from a tree (tools and tests).
  Ticket match_ended(const std::string& match_id, Millis ended_at, const Json& results,
                     const std::vector<SeatResult>& seats, bool rated = false) {
    return match_ended(match_id, ended_at, json_text(results), seats, rated);
  }
  Ticket match_aborted(const std::string& match_id, Millis ended_at, const std::string& reason);
  // Every rating again from the history (`parlor rate --recompute`): in one transaction
  // the ratings and their history are cleared and every finished rated match is rated
  // again in the order the matches ended.
  Ticket ratings_recomputed();

  // A single server's open rooms (a cluster keeps its rooms in cluster_rooms instead):
  // each room as it stands, written when it changes and removed when it closes, so a
  // restart reopens it waiting, with its seats, even if it never started a match.
  Ticket room_saved(const std::string& room_id, const std::string& saved, Millis at);
  Ticket room_removed(const std::string& room_id);

  // Claim codes (server/players/claim_codes.hpp), kept here so that any node sharing the database,
  // or this one after a restart, can redeem a code another issued. Only a code's SHA-256
  // is kept. `claim_code_issued` keeps `code_hash` for `player_id` until `expires_at`,
  // replacing the player's earlier code, and forgets codes expired by `issued_at`.
  Ticket claim_code_issued(const std::string& code_hash, const std::string& player_id,
                           Millis issued_at, Millis expires_at);
  // Spends the code `code_hash` if it is still good at `at`: in the same transaction its
  // player gets `token_hash` as another device's token (player_tokens) and the code is
  // deleted, so of any number of redemptions, on any nodes, exactly one wins. Whether this
  // one did: once committed, find_player_by_token(token_hash) finds the player or nothing
  // (a replayed write changes neither). Forgets codes expired by `at`.
  Ticket claim_code_redeemed(const std::string& code_hash, const std::string& token_hash,
                             Millis at);

  // ---- A club's server (account_rows.hpp; server/accounts/) ----
  // Creates the account unless its player id or its handle_key is taken: whether this one
  // won is read afterwards (account_by_key: the row's player_id is this one's), so that of
  // two sign-ups for one handle on any nodes exactly one wins. A replayed write changes nothing.
  Ticket account_created(const AccountRow& account);
  // Replaces the hash and password_changed_at.
  Ticket password_changed(const std::string& player_id, const std::string& password_hash,
                          Millis at);
  Ticket account_role_set(const std::string& player_id, const std::string& role);
  Ticket account_approved(const std::string& player_id, bool approved);
  // A device's login: `token_hash` answers for the player from now (as player_token_added),
  // with what the device said of itself.
  Ticket session_added(const std::string& player_id, const std::string& token_hash,
                       const std::string& label, Millis at);
  // The token no longer answers for anyone (from players.token_hash or player_tokens).
  Ticket session_ended(const std::string& token_hash);
  // Every token of the player but `keep_token_hash` ends (a changed password).
  Ticket sessions_ended_except(const std::string& player_id, const std::string& keep_token_hash);
  // Replaces the player's sanction.
  Ticket sanction_set(const SanctionRow& sanction);
  Ticket sanction_lifted(const std::string& player_id);
  Ticket invite_made(const InviteRow& invite);
  Ticket invite_revoked(const std::string& invite_id, Millis at);
  // Spends one use of the invite whose code hashes to `code_hash` for `player_id`, if it is
  // good at `at` (not expired, not revoked, uses left): the player is invited from then
  // (accounts.invited for an account; invite_uses either way). A player redeeming twice
  // spends one use. Whether it worked: player_invited(player_id) once committed.
  Ticket invite_redeemed(const std::string& code_hash, const std::string& player_id, Millis at);
  Ticket audit(const AuditRow& row);  // `seq` is the database's
  // The server's settings by key ("announcement": the banner's text, "" for none).
  Ticket setting_saved(const std::string& key, const std::string& value, Millis at);
  // A club night's state (EventRow), replacing the one kept under its id.
  Ticket event_saved(const std::string& event_id, const std::string& state, Millis at);

  // Runs `callback` on the store's (writer) thread once `ticket` is committed (at once, on the
  // calling thread, if it already is).
  void after_commit(Ticket ticket, std::function<void()> callback);
  Ticket committed_through() const;
  // Blocks until everything queued so far is committed (tests, recovery), however long an
  // outage lasts.
  void flush();
  // Shutdown: commits everything queued, runs its callbacks and stops writing. During a
  // write outage it retries for WriteQueue::kRetryAfterStop (no longer than that: the
  // operator asked the process to end), then drops what is still held, writes whose
  // messages were held so that no client saw them accepted; it returns how many. Writes
  // after it are never committed.
  std::uint64_t stop();

  // ---- Recovery's reads (start-up) ----
  // One row per token: a player with tokens on several devices comes once per token,
  // each row with its own token_hash. A player whose first token has ended
  // (session_ended) still comes once with an empty token_hash, so its id and name stay known.
  std::vector<PlayerRow> load_players();
  // The player whose token (any of its tokens) hashes to `token_hash`, read now (in a cluster
  // another node may have created it since start-up); nothing if none. A failed read is an
  // error ("store_read_failed"), not "nobody": a client told that its token is unknown
  // drops it and becomes someone new, and a claim told its code is bad was spent for
  // nothing.
  Expected<std::optional<PlayerRow>> find_player_by_token(const std::string& token_hash);
  // That error (for both backends).
  static Error unreadable_players();
  std::vector<UnfinishedMatch> load_unfinished_matches();
  // The unfinished matches of these rooms only, in the same order and shape: a cluster
  // node taking a dead node's rooms reads their journals, not every live match's. Unlike
  // the other reads, a failed read is an error ("store_read_failed"), not an empty list:
  // a room whose journal could not be read must not be reopened as if no match ran in it.
  Expected<std::vector<UnfinishedMatch>> load_unfinished_matches_in_rooms(
      const std::vector<std::string>& room_ids);
  // That error, naming the rooms (for both backends).
  static Error unreadable_journals(const std::vector<std::string>& room_ids);
  // The rooms room_saved kept and room_removed did not remove, oldest change first: a
  // single server reopens them waiting (server/room/recovery.hpp).
  std::vector<OpenRoomRow> load_open_rooms();

  // ---- A club's server's reads (account_rows.hpp). A failed read is an error
  // ("store_read_failed"), never "none": "no such account" lets a second sign-up through.
  Expected<std::vector<AccountRow>> load_accounts();
  Expected<std::optional<AccountRow>> account_by_key(const std::string& handle_key);
  Expected<std::optional<AccountRow>> account_of(const std::string& player_id);
  // The player's live tokens (players.token_hash first, then player_tokens by created_at).
  Expected<std::vector<SessionRow>> sessions_of(const std::string& player_id);
  Expected<std::vector<SanctionRow>> load_sanctions();
  Expected<std::vector<InviteRow>> invites();  // newest first
  // Whether the player has redeemed an invite (or is an account made with one).
  Expected<bool> player_invited(const std::string& player_id);
  // Every player who redeemed an invite (guests and accounts): loaded at start.
  Expected<std::vector<std::string>> invited_players();
  // The audit log after `after_seq`, oldest first, at most `limit` (what other nodes follow).
  Expected<std::vector<AuditRow>> audit_after(std::int64_t after_seq, int limit);
  // Newest first, before `before_seq` (0: the newest), at most `limit` (the operator's page).
  Expected<std::vector<AuditRow>> audit_page(std::int64_t before_seq, int limit);
  Expected<std::optional<std::string>> setting(const std::string& key);
  // Every club night kept (event_saved), by id.
  Expected<std::vector<EventRow>> load_events();
  // The newest finished ('over') match of a room, with its seats, or nothing if it has
  // none: an event resuming after a restart reads the result of a table whose match ended
  // just before (its end was saved, the event's record of it maybe not).
  Expected<std::optional<FinishedMatch>> finished_match_in_room(const std::string& room_id);

  // ---- History queries: the history API's JSON (shapes: protocol/README.md). ----
  // Live matches never include "seed" or "actions".
  Json list_matches(const MatchQuery& query);
  std::optional<Json> match_record(const std::string& match_id);
  Json leaderboard(const std::string& game);  // empty: all games
  // By name: the player of that name (case-insensitive) seen most recently; its
  // "namesakes" list the others who chose the same name.
  std::optional<Json> player_profile(const std::string& name);
  // By player id ("p17"): the same page for exactly that player.
  std::optional<Json> player_profile_by_id(const std::string& player_id);

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
    std::string reason;   // the last error while not writable
    Millis since = 0;     // when writes began to fail
    bool fenced = false;  // the batch guard refused: another node owns our rooms now
  };
  Health health() const;
  bool writable() const;

 private:
  // Queues `write(the backend's statements)` under `kind` and `subject` (write_queue.hpp).
  template <class Write>
  Ticket push(const char* kind, std::string subject, Write&& write);
  // `read(reads)` in one snapshot of the backend; nothing when the read failed.
  template <class Result, class Read>
  std::optional<Result> try_read(const char* what, Read&& read);
  // The same, `fallback` when it failed.
  template <class Result, class Read>
  Result read_or(const char* what, Result fallback, Read&& read);
  // The same, an error ("store_read_failed", naming `what`) when it failed.
  template <class Result, class Read>
  Expected<Result> read_or_error(const char* what, Read&& read);

  std::unique_ptr<StoreBackend> backend_;
  std::unique_ptr<WriteQueue> queue_;  // after backend_: destroyed (drained) first
};

}  // namespace parlor::server::store
