// The store on PostgreSQL (--db postgresql://...): the same interface and promises as
// SqliteStore, for several nodes sharing one database.
//
// Writes: the shared write queue (write_queue.hpp) on one writer thread, each batch sent
// by PgWriteBatch in one pipeline (one round trip) on the writer's own connection. A lost
// database is an outage: batches are held and retried (reconnecting with backoff),
// `writable()` is false meanwhile, nothing is dropped. The batch guard
// (StoreOptions::batch_guard_sql) runs first in every batch.
//
// Reads (recovery, the history API): their own connection, never the writer's, each read
// in one read-only REPEATABLE READ transaction so it sees whole batches only.
#pragma once

#include <memory>

#include "server/store/store.hpp"

namespace parlor::server::store {

class PostgresStore final : public Store {
 public:
  // Connects, applies the migrations. Errors: "db_open_failed" (unreachable, refused,
  // bad credentials), "db_too_new", "db_migration_failed".
  static Expected<std::unique_ptr<PostgresStore>> open(const StoreOptions& options);
  ~PostgresStore() override;  // commits everything queued, then stops the writer

  PostgresStore(const PostgresStore&) = delete;
  PostgresStore& operator=(const PostgresStore&) = delete;

  Ticket save_player(const PlayerRow& player) override;
  Ticket player_seen(const std::string& id, const std::string& name, Millis at) override;
  Ticket player_token_added(const std::string& player_id, const std::string& token_hash,
                            Millis at) override;
  Ticket room_saved(const std::string& room_id, const std::string& saved, Millis at) override;
  Ticket room_removed(const std::string& room_id) override;
  Ticket claim_code_issued(const std::string& code_hash, const std::string& player_id,
                           Millis issued_at, Millis expires_at) override;
  Ticket claim_code_redeemed(const std::string& code_hash, const std::string& token_hash,
                             Millis at) override;
  Ticket match_started(const MatchStart& start) override;
  Ticket action(const std::string& match_id, const ActionRow& action) override;
  Ticket commitment(const std::string& match_id, const CommitmentRow& commitment) override;
  Ticket round_ended(const std::string& match_id, int round, std::string result_json) override;
  using Store::match_ended;  // and from a tree
  Ticket match_ended(const std::string& match_id, Millis ended_at, std::string results_json,
                     const std::vector<SeatResult>& seats) override;
  Ticket match_aborted(const std::string& match_id, Millis ended_at,
                       const std::string& reason) override;

  void after_commit(Ticket ticket, std::function<void()> callback) override;
  Ticket committed_through() const override;
  void flush() override;
  std::uint64_t stop() override;

  std::vector<PlayerRow> load_players() override;
  Expected<std::optional<PlayerRow>> find_player_by_token(const std::string& token_hash) override;
  std::vector<UnfinishedMatch> load_unfinished_matches() override;
  std::vector<OpenRoomRow> load_open_rooms() override;
  Expected<std::vector<UnfinishedMatch>> load_unfinished_matches_in_rooms(
      const std::vector<std::string>& room_ids) override;

  Json list_matches(const MatchQuery& query) override;
  std::optional<Json> match_record(const std::string& match_id) override;
  Json leaderboard(const std::string& game) override;
  std::optional<Json> player_profile(const std::string& name) override;
  std::optional<Json> player_profile_by_id(const std::string& player_id) override;

  Stats stats() const override;
  Health health() const override;
  bool writable() const override;

  struct Impl;

 private:
  explicit PostgresStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace parlor::server::store
