// The store on SQLite: Parlor's one file (schema and migrations: migrations.cpp).
//
// Actions (schema version 3): while a match is in progress its actions are appended to
// one journal shared by all live matches (live_actions, in arrival order, no index), so a
// group commit writes about one page however many tables it serves. When the match ends
// or is aborted, its whole list becomes one row of match_actions, which the history API
// reads; recovery reads the journal. Version 2's per-match B-tree (actions) is migrated
// into these and dropped.
//
// Writes: a single writer thread (write_queue.hpp) commits the queue in small groups (one
// transaction per batch, at most `commit_interval` after the first queued write); a
// write that fails because the file cannot take writes is held and retried
// (write_outage.hpp). Reads use their own connection (WAL lets readers run beside the
// writer), each in one read transaction.
#pragma once

#include <memory>

#include "server/store/store.hpp"

namespace parlor::server::store {

class SqliteStore final : public Store {
 public:
  // Store::open's checks and errors, for a file or ":memory:".
  static Expected<std::unique_ptr<SqliteStore>> open(const StoreOptions& options);
  ~SqliteStore() override;  // commits everything queued, then stops the writer

  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

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

  // Callbacks run on the writer thread.
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
  explicit SqliteStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace parlor::server::store
