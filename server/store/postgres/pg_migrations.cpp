#include "server/store/postgres/pg_migrations.hpp"

#include <memory>
#include <vector>

#include "server/store/migration_runner.hpp"

namespace parlor::server::store::pg {

namespace {

// Version 1: everything SQLite's version 3 has. Differences, and why:
// - live_actions is keyed (match_id, seq): the key is the last guard against two writers
//   of one match (a second insert of a seq is skipped by ON CONFLICT, never doubled),
//   and its foreign key refuses an action for an unknown match as SQLite's writer does.
// - Actions stay TEXT, never jsonb: parsing every action costs the writer CPU and the
//   history API serves the text as it came.
// - Names compare case-insensitively through lower() (SQLite: COLLATE NOCASE); ids sort
//   with COLLATE "C" in the queries so paging orders as SQLite's bytes do.
// - "placing" is quoted: PLACING is a reserved word in PostgreSQL (OVERLAY ... PLACING).
// - parlor_require() lets one pipelined statement fail its batch (a write to an unknown
//   match), which SQLite's writer checks between statements.
constexpr const char* kVersion1 = R"sql(
CREATE TABLE players (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  token_hash  TEXT NOT NULL UNIQUE,
  first_seen  BIGINT NOT NULL,
  last_seen   BIGINT NOT NULL
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
  lower_score_wins BOOLEAN NOT NULL,
  started_at       BIGINT NOT NULL,
  ended_at         BIGINT,
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
  score      DOUBLE PRECISION,
  "placing"    INTEGER,
  winner     BOOLEAN,
  PRIMARY KEY (match_id, seat)
);
CREATE TABLE match_rounds (
  match_id  TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  round     INTEGER NOT NULL,
  result    TEXT NOT NULL,
  PRIMARY KEY (match_id, round)
);
CREATE TABLE commitments (
  match_id  TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  deal      BIGINT NOT NULL,
  sha256    TEXT NOT NULL,
  PRIMARY KEY (match_id, deal)
);
CREATE TABLE live_actions (
  match_id  TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seq       BIGINT NOT NULL,
  seat      INTEGER NOT NULL,
  action    TEXT NOT NULL,
  timeout   BOOLEAN NOT NULL DEFAULT false,
  at        BIGINT NOT NULL,
  PRIMARY KEY (match_id, seq)
);
CREATE TABLE match_actions (
  match_id  TEXT PRIMARY KEY,
  actions   TEXT NOT NULL
);
CREATE INDEX matches_by_started ON matches (started_at, id COLLATE "C");
CREATE INDEX matches_by_game_started ON matches (game, started_at, id COLLATE "C");
CREATE INDEX matches_playing ON matches (id) WHERE status = 'playing';
CREATE INDEX seats_by_name ON match_seats (lower(name));
CREATE INDEX seats_by_player ON match_seats (player_id);
CREATE INDEX players_by_name ON players (lower(name), last_seen);
CREATE FUNCTION parlor_require(ok BOOLEAN, message TEXT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ok THEN
    RAISE EXCEPTION '%', message USING ERRCODE = 'P0002';
  END IF;
END
$$;
)sql";

// Version 2: SQLite's version 4, player_tokens (one player on several devices).
constexpr const char* kVersion2 = R"sql(
CREATE TABLE player_tokens (
  token_hash  TEXT PRIMARY KEY,
  player_id   TEXT NOT NULL,
  created_at  BIGINT NOT NULL
);
CREATE INDEX player_tokens_by_player ON player_tokens (player_id);
)sql";

// Version 3: SQLite's version 5, open_rooms (a single server's rooms across a restart).
constexpr const char* kVersion3 = R"sql(
CREATE TABLE open_rooms (
  room_id     TEXT PRIMARY KEY,
  saved       TEXT NOT NULL,
  updated_at  BIGINT NOT NULL
);
)sql";

// Version 4: SQLite's version 6, claim_codes (a code redeemable on any node).
constexpr const char* kVersion4 = R"sql(
CREATE TABLE claim_codes (
  code_hash   TEXT PRIMARY KEY,
  player_id   TEXT NOT NULL,
  expires_at  BIGINT NOT NULL
);
CREATE INDEX claim_codes_by_player ON claim_codes (player_id);
)sql";

// Version 5: SQLite's version 7, a club's server (accounts, token labels, sanctions,
// invites and their uses, the audit log, settings). audit_log.seq is a BIGSERIAL, whose
// numbers are taken in no commit order across transactions: the writer takes
// kAuditLock (pg_write_batch.hpp) before any statement of a batch that writes a line,
// so lines commit in seq order and a follower reading after a seq never skips one.
constexpr const char* kVersion5 = R"sql(
CREATE TABLE accounts (
  player_id            TEXT PRIMARY KEY,
  handle               TEXT NOT NULL,
  handle_key           TEXT NOT NULL UNIQUE,
  skeleton             TEXT NOT NULL,
  password_hash        TEXT NOT NULL,
  role                 TEXT NOT NULL DEFAULT 'member',
  approved             BOOLEAN NOT NULL DEFAULT false,
  created_at           BIGINT NOT NULL,
  password_changed_at  BIGINT NOT NULL
);
CREATE INDEX accounts_by_skeleton ON accounts (skeleton);
ALTER TABLE player_tokens ADD COLUMN label TEXT NOT NULL DEFAULT '';
CREATE TABLE sanctions (
  player_id  TEXT PRIMARY KEY,
  until      BIGINT NOT NULL,
  reason     TEXT NOT NULL,
  by_player  TEXT NOT NULL,
  at         BIGINT NOT NULL
);
CREATE TABLE invites (
  id          TEXT PRIMARY KEY,
  code_hash   TEXT NOT NULL UNIQUE,
  created_by  TEXT NOT NULL,
  note        TEXT NOT NULL,
  created_at  BIGINT NOT NULL,
  expires_at  BIGINT NOT NULL,
  max_uses    INTEGER NOT NULL,
  uses        INTEGER NOT NULL DEFAULT 0,
  revoked_at  BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE invite_uses (
  code_hash  TEXT NOT NULL,
  player_id  TEXT NOT NULL,
  at         BIGINT NOT NULL,
  PRIMARY KEY (code_hash, player_id)
);
CREATE INDEX invite_uses_by_player ON invite_uses (player_id);
CREATE TABLE audit_log (
  seq          BIGSERIAL PRIMARY KEY,
  key          TEXT NOT NULL UNIQUE,
  at           BIGINT NOT NULL,
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
  updated_at  BIGINT NOT NULL
);
)sql";

// Ratings (issue 49; server/store/rating_step.hpp), as SQLite's version 8.
constexpr const char* kVersion6 = R"sql(
ALTER TABLE matches ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE match_seats ADD COLUMN team INTEGER;
ALTER TABLE match_seats ADD COLUMN left_early BOOLEAN NOT NULL DEFAULT false;
CREATE TABLE ratings (
  player_id   TEXT NOT NULL,
  game        TEXT NOT NULL,
  mu          DOUBLE PRECISION NOT NULL,
  sigma       DOUBLE PRECISION NOT NULL,
  matches     INTEGER NOT NULL,
  updated_at  BIGINT NOT NULL,
  PRIMARY KEY (player_id, game)
);
CREATE INDEX ratings_by_game ON ratings (game);
CREATE TABLE rating_history (
  match_id   TEXT NOT NULL,
  player_id  TEXT NOT NULL,
  game       TEXT NOT NULL,
  mu         DOUBLE PRECISION NOT NULL,
  sigma      DOUBLE PRECISION NOT NULL,
  place      INTEGER NOT NULL,
  at         BIGINT NOT NULL,
  PRIMARY KEY (match_id, player_id)
);
CREATE INDEX rating_history_by_player ON rating_history (player_id, game, at);
)sql";

// Version 7: SQLite's version 9, each seat's figures (NULL for older matches).
constexpr const char* kVersion7 = R"sql(
ALTER TABLE match_seats ADD COLUMN figures TEXT;
)sql";

// Version 8: SQLite's version 10, club nights (issue 49; server/events/).
constexpr const char* kVersion8 = R"sql(
CREATE TABLE events (
  id          TEXT PRIMARY KEY,
  state       TEXT NOT NULL,
  updated_at  BIGINT NOT NULL
);
)sql";

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> all = {
      {1, "players, matches, seats, rounds, commitments, live_actions, match_actions", kVersion1},
      {2, "player_tokens: one player on several devices", kVersion2},
      {3, "open_rooms: rooms kept across a restart", kVersion3},
      {4, "claim_codes: a claim code redeemable on any node and after a restart", kVersion4},
      {5, "accounts, sanctions, invites, audit_log, settings: a club's server", kVersion5},
      {6, "ratings, rating_history, matches.rated, match_seats.team and left_early", kVersion6},
      {7, "match_seats.figures: each seat's figures for the player page", kVersion7},
      {8, "events: club nights kept across a restart", kVersion8},
  };
  return all;
}

// Any constant both nodes agree on: serialises concurrent migrations of one database.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(7239017718245351)";

// PostgreSQL keeps the version in parlor_schema_version, read under the lock.
class PgSchemaHistory final : public SchemaHistory {
 public:
  explicit PgSchemaHistory(Connection& connection) : connection_(connection) {}

  std::unique_ptr<Transaction> begin() override {
    auto step = std::make_unique<MigrationTransaction<pg::Transaction>>(connection_);
    connection_.exec(kMigrationLock);
    return step;
  }
  int version() override {
    connection_.exec("CREATE TABLE IF NOT EXISTS parlor_schema_version (version INTEGER NOT NULL)");
    Result row = connection_.exec("SELECT max(version) FROM parlor_schema_version");
    return row.is_null(0, 0) ? 0 : static_cast<int>(row.int64(0, 0));
  }
  void apply(const Migration& migration) override {
    connection_.exec(migration.sql);
    connection_.exec("INSERT INTO parlor_schema_version (version) VALUES ($1)",
                     Params().add(migration.version));
  }
  bool is_outage(const std::exception& error) const override {
    const auto* pg_error = dynamic_cast<const PgError*>(&error);
    return pg_error && pg_error->is_outage();
  }
  const char* name() const override { return "the PostgreSQL database"; }
  const char* other() const override { return "another database"; }

 private:
  Connection& connection_;
};

}  // namespace

int current_schema_version() { return migrations().back().version; }

int migrate(Connection& connection) {
  PgSchemaHistory history(connection);
  return run_migrations(migrations(), history);
}

}  // namespace parlor::server::store::pg
