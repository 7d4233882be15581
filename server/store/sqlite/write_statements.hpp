// The store's writes as SQL: one cached prepared statement per kind of write, run on the
// writer thread inside a batch's transaction. Every write is idempotent (upserts, updates
// that set the same values, an action whose seq its match already has is skipped, the
// start of a match that is over is left alone), so replaying one does no harm. Throws on
// failure.
//
// Actions (schema version 3, migrations.cpp): each is appended to live_actions (the
// rows of one transaction in a few multi-row INSERTs, just before it commits), and the
// writer keeps, for every match in progress, where its rows are (LiveMatchRows). Ending a
// match reads them back, in one statement, into the JSON array text that match_actions
// holds, and writes that as one row. The journal is emptied from its start, once per commit and
// a bounded range at a time: rows below the oldest live match's first row (or, when one
// match lives very long, below a lag of several times the live rows) are deleted except
// those of matches in progress; the rows a live match leaves behind the cleaned range are
// deleted when it ends. The memory is rebuilt from the file at start-up, and again after
// any rolled-back transaction (the write queue reports those), so it always describes
// what is committed; and the delete itself checks that a row's match is not in progress,
// so that even a wrong memory could never lose a live match's rows. An action for a match
// that is not in progress is refused ("unknown_match"), as the foreign key of version 2
// refused one for an unknown match.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/store/sqlite/account_statements.hpp"
#include "server/store/sqlite/claim_code_statements.hpp"
#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/live_match_rows.hpp"
#include "server/store/sqlite/rating_statements.hpp"
#include "server/store/sqlite/statement.hpp"
#include "server/store/store.hpp"
#include "server/store/store_writes.hpp"

namespace parlor::server::store {

class WriteStatements final : public StoreWrites {
 public:
  explicit WriteStatements(sql::Database& db);

  void save_player(const PlayerRow& player) override;
  void player_seen(const std::string& id, const std::string& name, Millis at) override;
  void player_token_added(const std::string& player_id, const std::string& token_hash,
                          Millis at) override;
  void room_saved(const std::string& room_id, const std::string& saved, Millis at) override;
  void room_removed(const std::string& room_id) override;
  void claim_code_issued(const std::string& code_hash, const std::string& player_id,
                         Millis issued_at, Millis expires_at) override {
    claim_codes_.issued(code_hash, player_id, issued_at, expires_at);
  }
  void claim_code_redeemed(const std::string& code_hash, const std::string& token_hash,
                           Millis at) override {
    claim_codes_.redeemed(code_hash, token_hash, at);
  }
  void match_started(const MatchStart& start) override;
  void action(const std::string& match_id, std::int64_t seq, int seat, std::string_view action_json,
              bool timeout, Millis at) override;
  void commitment(const std::string& match_id, const CommitmentRow& commitment) override;
  void round_ended(const std::string& match_id, int round, std::string_view result_json) override;
  void match_ended(const std::string& match_id, Millis ended_at, std::string_view results_json,
                   const std::vector<SeatResult>& seats) override;
  void match_aborted(const std::string& match_id, Millis ended_at,
                     const std::string& reason) override;
  // Ratings (rating_statements.hpp), in this transaction.
  void rate_match(const std::string& match_id) override { rate_finished_match(ratings_, match_id); }
  void recompute_ratings() override { store::recompute_ratings(ratings_); }

  // A club's server's writes (account_statements.hpp).
  void account_created(const AccountRow& account) override { accounts_.account_created(account); }
  void password_changed(const std::string& player_id, const std::string& password_hash,
                        Millis at) override {
    accounts_.password_changed(player_id, password_hash, at);
  }
  void account_role_set(const std::string& player_id, const std::string& role) override {
    accounts_.account_role_set(player_id, role);
  }
  void account_approved(const std::string& player_id, bool approved) override {
    accounts_.account_approved(player_id, approved);
  }
  void session_added(const std::string& player_id, const std::string& token_hash,
                     const std::string& label, Millis at) override {
    accounts_.session_added(player_id, token_hash, label, at);
  }
  void session_ended(const std::string& token_hash) override {
    accounts_.session_ended(token_hash);
  }
  void sessions_ended_except(const std::string& player_id,
                             const std::string& keep_token_hash) override {
    accounts_.sessions_ended_except(player_id, keep_token_hash);
  }
  void sanction_set(const SanctionRow& sanction) override { accounts_.sanction_set(sanction); }
  void sanction_lifted(const std::string& player_id) override {
    accounts_.sanction_lifted(player_id);
  }
  void invite_made(const InviteRow& invite) override { accounts_.invite_made(invite); }
  void invite_revoked(const std::string& invite_id, Millis at) override {
    accounts_.invite_revoked(invite_id, at);
  }
  void invite_redeemed(const std::string& code_hash, const std::string& player_id,
                       Millis at) override {
    accounts_.invite_redeemed(code_hash, player_id, at);
  }
  void audit(const AuditRow& row) override { accounts_.audit(row); }
  void setting_saved(const std::string& key, const std::string& value, Millis at) override {
    accounts_.setting_saved(key, value, at);
  }
  void event_saved(const std::string& event_id, const std::string& state, Millis at) override {
    accounts_.event_saved(event_id, state, at);
  }

  // Inserts the journal rows that action() queued, several per statement (a statement's
  // own cost is most of a small row's). The write queue calls it before every commit;
  // the rows' text belongs to the queued writes, which live until then.
  void flush_actions();

  // The transaction these writes ran in was rolled back: what is kept in memory may
  // describe rows that are not in the file. The next write rebuilds it.
  void rolled_back() {
    stale_ = true;
    pending_.clear();
  }

 private:
  // A live match's rows in live_actions, read back when it ends (live_match_rows.hpp: 4
  // bytes an action in play; at 2,000 tables a copy of every live action took a hundred
  // megabytes).
  using LiveMatch = LiveMatchRows;

  void reload_if_stale();
  void reload();
  // The action list as match_actions stores it, read from the match's rows: all in one
  // statement, or (should that not find them all, in order) one statement per row, which
  // names the row that is missing; or, for a match with a far row (live_match_rows.hpp),
  // by a scan of the journal.
  std::string actions_text(const std::string& match_id, const LiveMatch& match);
  bool actions_text_at_once(const LiveMatch& match, std::string* text);
  std::string actions_text_row_by_row(const LiveMatch& match);
  std::string actions_text_by_scan(const std::string& match_id, const LiveMatch& match);
  // Writes `match_id`'s final action list (if `write`) and forgets the match.
  void finish_actions(const std::string& match_id, bool write);
  void recompute_oldest_live_row();
  void clean_journal();

  struct PendingRow {
    std::string_view match_id;  // the queued write's own text
    std::int64_t seq;
    int seat;
    std::string_view action_json;
    bool timeout;
    Millis at;
  };
  sql::Statement& insert_statement(std::size_t rows);
  // flush_actions without the journal's cleaning.
  void insert_pending();

  std::vector<PendingRow> pending_;
  std::vector<std::unique_ptr<sql::Statement>> put_actions_;  // [n - 1]: n rows at once
  std::unordered_map<std::string, LiveMatch> live_;
  std::size_t live_rows_ = 0;          // actions held for the live matches
  std::int64_t last_row_ = 0;          // the journal's highest rowid
  std::int64_t oldest_live_row_ = 0;   // min first_row (as of clean_journal), or last_row_ + 1
  std::int64_t cleaned_below_ = 1;     // below it, only live matches' rows are left
  std::int64_t next_clean_check_ = 0;  // clean_journal looks again once last_row_ gets here
  bool stale_ = true;

  sql::Database& db_;
  sql::Statement upsert_player_;
  sql::Statement player_seen_;
  sql::Statement add_player_token_;
  sql::Statement save_room_;
  sql::Statement remove_room_;
  sql::Statement upsert_match_;
  sql::Statement upsert_seat_;
  sql::Statement put_match_actions_;
  sql::Statement clean_range_;
  sql::Statement delete_leftovers_;
  sql::Statement read_row_;
  sql::Statement read_rows_;
  sql::Statement scan_rows_;
  sql::Statement put_commitment_;
  sql::Statement put_round_;
  sql::Statement end_match_;
  sql::Statement seat_result_;
  sql::Statement abort_match_;
  ClaimCodeStatements claim_codes_;
  AccountStatements accounts_;
  RatingStatements ratings_;
};

// At start-up, before the writer's memory is built: deletes the journal rows of matches
// that are no longer in progress. While a server runs, an ended match's rows above the
// cleaned range wait for the cleaning to reach them (a long match can hold it back by up
// to kMinLag rows, write_statements.cpp). Each start begins with the live matches' rows
// only, so a server restarted often (or killed) never carries that wait over. Safe
// at any time: a finished or aborted match's actions are in match_actions already.
// Returns how many rows went.
std::int64_t sweep_finished_journal_rows(sql::Database& db);

// JSON is stored in TEXT columns as parlor::json_text writes it (engine/core/json_writer.hpp:
// invalid UTF-8 replaced rather than failing the write).

}  // namespace parlor::server::store
