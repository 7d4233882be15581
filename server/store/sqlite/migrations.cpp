#include "server/store/sqlite/migrations.hpp"

#include <memory>

#include "server/store/sqlite/transaction.hpp"

namespace parlor::server::store {

namespace {

// Version 1: players, matches, each match's seats and the action journal.
// match_seats.player_id deliberately has no foreign key: a seat's player is journaled with
// the match even if the player's own row is written later (or never, for a bot).
constexpr const char* kVersion1 = R"sql(
CREATE TABLE players (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  token_hash  TEXT NOT NULL UNIQUE,
  first_seen  INTEGER NOT NULL,
  last_seen   INTEGER NOT NULL
);
CREATE TABLE matches (
  id               TEXT PRIMARY KEY,
  room_id          TEXT NOT NULL,
  match_number     INTEGER NOT NULL,
  game             TEXT NOT NULL,
  options          TEXT NOT NULL,
  room_settings    TEXT NOT NULL,
  seed_hex         TEXT NOT NULL,
  first_dealer     INTEGER NOT NULL,
  lower_score_wins INTEGER NOT NULL,
  started_at       INTEGER NOT NULL,
  ended_at         INTEGER,
  status           TEXT NOT NULL CHECK (status IN ('playing', 'over', 'aborted')),
  results          TEXT,
  abort_reason     TEXT
);
CREATE TABLE match_seats (
  match_id   TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seat       INTEGER NOT NULL,
  kind       TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
  player_id  TEXT,
  name       TEXT NOT NULL,
  bot_level  TEXT,
  score      REAL,
  placing    INTEGER,
  winner     INTEGER,
  PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE TABLE actions (
  match_id  TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seq       INTEGER NOT NULL,
  seat      INTEGER NOT NULL,
  action    TEXT NOT NULL,
  timeout   INTEGER NOT NULL DEFAULT 0,
  at        INTEGER NOT NULL,
  PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
)sql";

// Version 2: per-round results, deal commitments, and the indexes the history API needs.
constexpr const char* kVersion2 = R"sql(
CREATE TABLE match_rounds (
  match_id  TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  round     INTEGER NOT NULL,
  result    TEXT NOT NULL,
  PRIMARY KEY (match_id, round)
) WITHOUT ROWID;
CREATE TABLE commitments (
  match_id  TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  deal      INTEGER NOT NULL,
  sha256    TEXT NOT NULL,
  PRIMARY KEY (match_id, deal)
) WITHOUT ROWID;
CREATE INDEX matches_by_started ON matches (started_at, id);
CREATE INDEX matches_by_game_started ON matches (game, started_at, id);
CREATE INDEX matches_by_status ON matches (status);
CREATE INDEX seats_by_name ON match_seats (name COLLATE NOCASE);
CREATE INDEX seats_by_player ON match_seats (player_id);
CREATE INDEX players_by_name ON players (name COLLATE NOCASE, last_seen);
)sql";

// Version 3: actions move out of the (match_id, seq) B-tree, which every group commit
// touched at one random leaf page per live match (a 4 KB WAL frame each, and page splits).
// live_actions is an append-only journal of the matches in progress, in insertion order
// and with no index: a commit dirties only its last page. When a match ends or is aborted
// the writer stores its whole list once, as one JSON array in match_actions
// ([[seq, seat, action, timeout, at], ...] by seq), and the journal rows of finished
// matches are deleted behind the oldest live match, a range at a time
// (write_statements.hpp). Neither table has a foreign key: a journal row would pay
// a lookup in matches for every action, and matches are never deleted.
// json_group_array keeps the subquery's order (seq); an action that is not valid JSON
// reads as null, as it did from the old table.
constexpr const char* kVersion3 = R"sql(
CREATE TABLE live_actions (
  id        INTEGER PRIMARY KEY,
  match_id  TEXT NOT NULL,
  seq       INTEGER NOT NULL,
  seat      INTEGER NOT NULL,
  action    TEXT NOT NULL,
  timeout   INTEGER NOT NULL DEFAULT 0,
  at        INTEGER NOT NULL
);
CREATE TABLE match_actions (
  match_id  TEXT PRIMARY KEY,
  actions   TEXT NOT NULL
);
INSERT INTO match_actions (match_id, actions)
  SELECT m.id,
         (SELECT json_group_array(json_array(a.seq, a.seat,
                                             CASE WHEN json_valid(a.action) THEN json(a.action)
                                             END,
                                             a.timeout, a.at))
          FROM (SELECT seq, seat, action, timeout, at FROM actions
                WHERE match_id = m.id ORDER BY seq) a)
  FROM matches m WHERE m.status <> 'playing';
INSERT INTO live_actions (match_id, seq, seat, action, timeout, at)
  SELECT a.match_id, a.seq, a.seat, a.action, a.timeout, a.at
  FROM actions a JOIN matches m ON m.id = a.match_id
  WHERE m.status = 'playing'
  ORDER BY m.started_at, a.match_id, a.seq;
DROP TABLE actions;
)sql";

// Version 4: one player on several devices. A claim code (server/players/claim_codes.hpp) gives
// another browser a token of its own for the same player; players.token_hash keeps the
// first, and every later one is a row here. No foreign key: the player's row and the
// token's are queued writes of the same writer, in order, and players are never deleted.
constexpr const char* kVersion4 = R"sql(
CREATE TABLE player_tokens (
  token_hash  TEXT PRIMARY KEY,
  player_id   TEXT NOT NULL,
  created_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX player_tokens_by_player ON player_tokens (player_id);
)sql";

// Version 5: a single server's open rooms, as they stand (Store::room_saved), so a
// restart reopens a room that never started a match. Written when a room changes,
// deleted when it closes: a few rows, rarely written.
constexpr const char* kVersion5 = R"sql(
CREATE TABLE open_rooms (
  room_id     TEXT PRIMARY KEY,
  saved       TEXT NOT NULL,
  updated_at  INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Version 6: claim codes in the database (Store::claim_code_issued), so that a code
// survives a restart and, on PostgreSQL, works on every node. Only the code's SHA-256 is
// kept; a row lives ten minutes at most and is deleted when spent.
constexpr const char* kVersion6 = R"sql(
CREATE TABLE claim_codes (
  code_hash   TEXT PRIMARY KEY,
  player_id   TEXT NOT NULL,
  expires_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX claim_codes_by_player ON claim_codes (player_id);
)sql";

// Version 7: a club's server (issue 48, account_rows.hpp): accounts (a player with a
// handle and a password), each device's label on its token, sanctions, invites and who
// used them, the audit log other nodes follow by seq, and the server's settings. An ended
// first token (players.token_hash, NOT NULL UNIQUE) is kept as 'ended:' || its hash,
// which no lookup by a SHA-256 matches. AUTOINCREMENT: an audit line's seq is never
// reused, even after the newest is deleted, so a follower never misses one.
constexpr const char* kVersion7 = R"sql(
CREATE TABLE accounts (
  player_id            TEXT PRIMARY KEY,
  handle               TEXT NOT NULL,
  handle_key           TEXT NOT NULL UNIQUE,
  skeleton             TEXT NOT NULL,
  password_hash        TEXT NOT NULL,
  role                 TEXT NOT NULL DEFAULT 'member',
  approved             INTEGER NOT NULL DEFAULT 0,
  created_at           INTEGER NOT NULL,
  password_changed_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX accounts_by_skeleton ON accounts (skeleton);
ALTER TABLE player_tokens ADD COLUMN label TEXT NOT NULL DEFAULT '';
CREATE TABLE sanctions (
  player_id  TEXT PRIMARY KEY,
  until      INTEGER NOT NULL,
  reason     TEXT NOT NULL,
  by_player  TEXT NOT NULL,
  at         INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE invites (
  id          TEXT PRIMARY KEY,
  code_hash   TEXT NOT NULL UNIQUE,
  created_by  TEXT NOT NULL,
  note        TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  max_uses    INTEGER NOT NULL,
  uses        INTEGER NOT NULL DEFAULT 0,
  revoked_at  INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE invite_uses (
  code_hash  TEXT NOT NULL,
  player_id  TEXT NOT NULL,
  at         INTEGER NOT NULL,
  PRIMARY KEY (code_hash, player_id)
) WITHOUT ROWID;
CREATE INDEX invite_uses_by_player ON invite_uses (player_id);
CREATE TABLE audit_log (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  key          TEXT NOT NULL UNIQUE,
  at           INTEGER NOT NULL,
  actor_id     TEXT NOT NULL,
  actor_name   TEXT NOT NULL,
  action       TEXT NOT NULL,
  target_id    TEXT NOT NULL,
  target_name  TEXT NOT NULL,
  detail       TEXT NOT NULL
);
CREATE TABLE settings (
  key         TEXT PRIMARY KEY,
  value       TEXT NOT NULL,
  updated_at  INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Ratings (issue 49; server/store/rating_step.hpp): a room's rated/casual choice kept with
// each match, each seat's partnership and whether its player left early, and each
// player's rating per game with its history. Older matches stay casual.
constexpr const char* kVersion8 = R"sql(
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_seats ADD COLUMN team INTEGER;
ALTER TABLE match_seats ADD COLUMN left_early INTEGER NOT NULL DEFAULT 0;
CREATE TABLE ratings (
  player_id   TEXT NOT NULL,
  game        TEXT NOT NULL,
  mu          REAL NOT NULL,
  sigma       REAL NOT NULL,
  matches     INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  PRIMARY KEY (player_id, game)
) WITHOUT ROWID;
CREATE INDEX ratings_by_game ON ratings (game);
CREATE TABLE rating_history (
  match_id   TEXT NOT NULL,
  player_id  TEXT NOT NULL,
  game       TEXT NOT NULL,
  mu         REAL NOT NULL,
  sigma      REAL NOT NULL,
  place      INTEGER NOT NULL,
  at         INTEGER NOT NULL,
  PRIMARY KEY (match_id, player_id)
) WITHOUT ROWID;
CREATE INDEX rating_history_by_player ON rating_history (player_id, game, at);
)sql";

// Version 9: each seat's figures (issue 49: the player page's per-game figures;
// figure_totals.hpp), one JSON object per seat written with its score at the match's end.
// Matches recorded before have none (NULL) and count for no figure.
constexpr const char* kVersion9 = R"sql(
ALTER TABLE match_seats ADD COLUMN figures TEXT;
)sql";

// Version 10: club nights (issue 49; server/events/), each event's whole state as one
// JSON text.
constexpr const char* kVersion10 = R"sql(
CREATE TABLE events (
  id          TEXT PRIMARY KEY,
  state       TEXT NOT NULL,
  updated_at  INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

}  // namespace

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> all = {
      {1, "players, matches, match_seats, actions", kVersion1},
      {2, "match_rounds, commitments, history indexes", kVersion2},
      {3, "live_actions journal, match_actions per finished match", kVersion3},
      {4, "player_tokens: one player on several devices", kVersion4},
      {5, "open_rooms: rooms kept across a restart", kVersion5},
      {6, "claim_codes: a claim code redeemable on any node and after a restart", kVersion6},
      {7, "accounts, sanctions, invites, audit_log, settings: a club's server", kVersion7},
      {8, "ratings, rating_history, matches.rated, match_seats.team and left_early", kVersion8},
      {9, "match_seats.figures: each seat's figures for the player page", kVersion9},
      {10, "events: club nights kept across a restart", kVersion10},
  };
  return all;
}

int current_schema_version() { return migrations().back().version; }

namespace {

// SQLite keeps the version in PRAGMA user_version.
class SqliteSchemaHistory final : public SchemaHistory {
 public:
  explicit SqliteSchemaHistory(sql::Database& db) : db_(db) {}

  std::unique_ptr<Transaction> begin() override {
    return std::make_unique<MigrationTransaction<sql::Transaction>>(db_);
  }
  int version() override { return db_.user_version(); }
  void apply(const Migration& migration) override {
    db_.exec(migration.sql);
    db_.set_user_version(migration.version);
  }
  const char* name() const override { return "the database"; }
  const char* other() const override { return "another database file"; }

 private:
  sql::Database& db_;
};

}  // namespace

int migrate(sql::Database& db, int target) {
  SqliteSchemaHistory history(db);
  return run_migrations(migrations(), history, target);
}

}  // namespace parlor::server::store
