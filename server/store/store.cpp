// The store's orchestration, shared by both databases (store.hpp), and where the backend
// is chosen: the one place that names one.
#include "server/store/store.hpp"

#include <algorithm>
#include <utility>

#include "engine/core/json_writer.hpp"
#include "server/store/figure_totals.hpp"
#include "server/store/history_pages.hpp"
#include "server/store/postgres/pg_connection.hpp"
#include "server/store/postgres/postgres_store.hpp"
#include "server/store/sqlite/sqlite_store.hpp"
#include "server/store/store_backend.hpp"
#include "server/store/write_queue.hpp"

namespace parlor::server::store {

Expected<std::unique_ptr<Store>> Store::open(const StoreOptions& options) {
  if (pg::is_postgres_uri(options.path)) return open_postgres_store(options);
  return open_sqlite_store(options);
}

Error Store::unreadable_players() {
  return Error{"store_read_failed", "cannot read the players' tokens"};
}

Error Store::unreadable_journals(const std::vector<std::string>& room_ids) {
  std::string rooms;
  for (const std::string& id : room_ids) rooms += (rooms.empty() ? "" : ", ") + id;
  return Error{"store_read_failed", "cannot read the journals of rooms " + rooms};
}

Store::Store(std::unique_ptr<StoreBackend> backend, const StoreOptions& options)
    : backend_(std::move(backend)) {
  StoreBackend* database = backend_.get();
  queue_ = std::make_unique<WriteQueue>(
      database->runner(), options.commit_interval, options.max_batch, options.commit_spacing,
      [database] { database->before_commit(); }, [database] { database->rolled_back(); });
  database->attach(*queue_);
}

Store::~Store() {
  backend_->detach();
  queue_.reset();  // drains and commits first: it uses the backend
}

template <class Write>
Ticket Store::push(const char* kind, std::string subject, Write&& write) {
  return queue_->push(kind, std::move(subject),
                      [database = backend_.get(), write = std::forward<Write>(write)] {
                        write(database->writes());
                      });
}

Ticket Store::save_player(const PlayerRow& player) {
  return push("save_player", player.id,
              [player](StoreWrites& writes) { writes.save_player(player); });
}

Ticket Store::player_seen(const std::string& id, const std::string& name, Millis at) {
  return push("player_seen", id,
              [id, name, at](StoreWrites& writes) { writes.player_seen(id, name, at); });
}

Ticket Store::player_token_added(const std::string& player_id, const std::string& token_hash,
                                 Millis at) {
  return push("player_token_added", player_id, [player_id, token_hash, at](StoreWrites& writes) {
    writes.player_token_added(player_id, token_hash, at);
  });
}

Ticket Store::room_saved(const std::string& room_id, const std::string& saved, Millis at) {
  return push("room_saved", room_id,
              [room_id, saved, at](StoreWrites& writes) { writes.room_saved(room_id, saved, at); });
}

Ticket Store::room_removed(const std::string& room_id) {
  return push("room_removed", room_id,
              [room_id](StoreWrites& writes) { writes.room_removed(room_id); });
}

Ticket Store::claim_code_issued(const std::string& code_hash, const std::string& player_id,
                                Millis issued_at, Millis expires_at) {
  return push("claim_code_issued", player_id,
              [code_hash, player_id, issued_at, expires_at](StoreWrites& writes) {
                writes.claim_code_issued(code_hash, player_id, issued_at, expires_at);
              });
}

Ticket Store::claim_code_redeemed(const std::string& code_hash, const std::string& token_hash,
                                  Millis at) {
  return push("claim_code_redeemed", "a claim code",
              [code_hash, token_hash, at](StoreWrites& writes) {
                writes.claim_code_redeemed(code_hash, token_hash, at);
              });
}

Ticket Store::account_created(const AccountRow& account) {
  return push("account_created", account.player_id,
              [account](StoreWrites& writes) { writes.account_created(account); });
}

Ticket Store::password_changed(const std::string& player_id, const std::string& password_hash,
                               Millis at) {
  return push("password_changed", player_id, [player_id, password_hash, at](StoreWrites& writes) {
    writes.password_changed(player_id, password_hash, at);
  });
}

Ticket Store::account_role_set(const std::string& player_id, const std::string& role) {
  return push("account_role_set", player_id,
              [player_id, role](StoreWrites& writes) { writes.account_role_set(player_id, role); });
}

Ticket Store::account_approved(const std::string& player_id, bool approved) {
  return push("account_approved", player_id, [player_id, approved](StoreWrites& writes) {
    writes.account_approved(player_id, approved);
  });
}

Ticket Store::session_added(const std::string& player_id, const std::string& token_hash,
                            const std::string& label, Millis at) {
  return push("session_added", player_id, [player_id, token_hash, label, at](StoreWrites& writes) {
    writes.session_added(player_id, token_hash, label, at);
  });
}

Ticket Store::session_ended(const std::string& token_hash) {
  return push("session_ended", "a session",
              [token_hash](StoreWrites& writes) { writes.session_ended(token_hash); });
}

Ticket Store::sessions_ended_except(const std::string& player_id,
                                    const std::string& keep_token_hash) {
  return push("sessions_ended_except", player_id,
              [player_id, keep_token_hash](StoreWrites& writes) {
                writes.sessions_ended_except(player_id, keep_token_hash);
              });
}

Ticket Store::sanction_set(const SanctionRow& sanction) {
  return push("sanction_set", sanction.player_id,
              [sanction](StoreWrites& writes) { writes.sanction_set(sanction); });
}

Ticket Store::sanction_lifted(const std::string& player_id) {
  return push("sanction_lifted", player_id,
              [player_id](StoreWrites& writes) { writes.sanction_lifted(player_id); });
}

Ticket Store::invite_made(const InviteRow& invite) {
  return push("invite_made", invite.id,
              [invite](StoreWrites& writes) { writes.invite_made(invite); });
}

Ticket Store::invite_revoked(const std::string& invite_id, Millis at) {
  return push("invite_revoked", invite_id,
              [invite_id, at](StoreWrites& writes) { writes.invite_revoked(invite_id, at); });
}

Ticket Store::invite_redeemed(const std::string& code_hash, const std::string& player_id,
                              Millis at) {
  return push("invite_redeemed", player_id, [code_hash, player_id, at](StoreWrites& writes) {
    writes.invite_redeemed(code_hash, player_id, at);
  });
}

Ticket Store::audit(const AuditRow& row) {
  return push("audit", row.action, [row](StoreWrites& writes) { writes.audit(row); });
}

Ticket Store::setting_saved(const std::string& key, const std::string& value, Millis at) {
  return push("setting_saved", key,
              [key, value, at](StoreWrites& writes) { writes.setting_saved(key, value, at); });
}

Ticket Store::event_saved(const std::string& event_id, const std::string& state, Millis at) {
  return push("event_saved", event_id, [event_id, state, at](StoreWrites& writes) {
    writes.event_saved(event_id, state, at);
  });
}

Ticket Store::match_started(const MatchStart& start) {
  return push("match_started", start.id,
              [start](StoreWrites& writes) { writes.match_started(start); });
}

Ticket Store::action(const std::string& match_id, const ActionRow& action) {
  return push("action", match_id,
              [match_id, seq = action.seq, seat = action.seat, text = json_text(action.action),
               timeout = action.timeout, at = action.at](StoreWrites& writes) {
                writes.action(match_id, seq, seat, text, timeout, at);
              });
}

Ticket Store::commitment(const std::string& match_id, const CommitmentRow& commitment) {
  return push("commitment", match_id, [match_id, commitment](StoreWrites& writes) {
    writes.commitment(match_id, commitment);
  });
}

Ticket Store::round_ended(const std::string& match_id, int round, std::string result_json) {
  return push("round_ended", match_id,
              [match_id, round, text = std::move(result_json)](StoreWrites& writes) {
                writes.round_ended(match_id, round, text);
              });
}

Ticket Store::match_ended(const std::string& match_id, Millis ended_at, std::string results_json,
                          const std::vector<SeatResult>& results, bool rated) {
  // Checked here, once for both backends: a text a backend could refuse must not fail
  // (and so hold, retried forever) the match's whole end.
  std::vector<SeatResult> seats = results;
  for (SeatResult& seat : seats) seat.figures = storable_figures(seat.figures).value_or("");
  return push("match_ended", match_id,
              [match_id, ended_at, text = std::move(results_json), seats = std::move(seats),
               rated](StoreWrites& writes) {
                writes.match_ended(match_id, ended_at, text, seats);
                if (rated) writes.rate_match(match_id);
              });
}

Ticket Store::ratings_recomputed() {
  return push("ratings_recomputed", "", [](StoreWrites& writes) { writes.recompute_ratings(); });
}

Ticket Store::match_aborted(const std::string& match_id, Millis ended_at,
                            const std::string& reason) {
  return push("match_aborted", match_id, [match_id, ended_at, reason](StoreWrites& writes) {
    writes.match_aborted(match_id, ended_at, reason);
  });
}

void Store::after_commit(Ticket ticket, std::function<void()> callback) {
  queue_->after_commit(ticket, std::move(callback));
}

Ticket Store::committed_through() const { return queue_->committed_through(); }

void Store::flush() { queue_->flush(); }

std::uint64_t Store::stop() {
  // SQLite can still write a deleted file back while the queue retries: detached after.
  const std::uint64_t dropped = queue_->stop();
  backend_->detach();
  return dropped;
}

Store::Stats Store::stats() const {
  Stats stats = queue_->stats();
  backend_->add_stats(stats);
  return stats;
}

Store::Health Store::health() const { return backend_->health(queue_->outage()); }

bool Store::writable() const { return !queue_->failing() && backend_->writable(); }

template <class Result, class Read>
std::optional<Result> Store::try_read(const char* what, Read&& read) {
  std::optional<Result> result;
  if (!backend_->read(what, [&](StoreReads& reads) { result.emplace(read(reads)); })) {
    return std::nullopt;
  }
  return result;
}

template <class Result, class Read>
Result Store::read_or(const char* what, Result fallback, Read&& read) {
  std::optional<Result> result = try_read<Result>(what, std::forward<Read>(read));
  return result ? std::move(*result) : std::move(fallback);
}

template <class Result, class Read>
Expected<Result> Store::read_or_error(const char* what, Read&& read) {
  std::optional<Result> result = try_read<Result>(what, std::forward<Read>(read));
  if (!result) return Error{"store_read_failed", std::string("cannot read ") + what};
  return std::move(*result);
}

std::vector<PlayerRow> Store::load_players() {
  return read_or("load_players", std::vector<PlayerRow>{},
                 [](StoreReads& reads) { return reads.load_players(); });
}

Expected<std::optional<PlayerRow>> Store::find_player_by_token(const std::string& token_hash) {
  // A failed read is an error; "nobody" is an empty answer.
  std::optional<std::optional<PlayerRow>> found = try_read<std::optional<PlayerRow>>(
      "find_player_by_token",
      [&](StoreReads& reads) { return reads.find_player_by_token(token_hash); });
  if (!found) return unreadable_players();
  return std::move(*found);
}

std::vector<UnfinishedMatch> Store::load_unfinished_matches() {
  return read_or("load_unfinished_matches", std::vector<UnfinishedMatch>{},
                 [](StoreReads& reads) { return reads.load_unfinished_matches(nullptr); });
}

Expected<std::vector<UnfinishedMatch>> Store::load_unfinished_matches_in_rooms(
    const std::vector<std::string>& room_ids) {
  if (room_ids.empty()) return std::vector<UnfinishedMatch>{};
  std::optional<std::vector<UnfinishedMatch>> found = try_read<std::vector<UnfinishedMatch>>(
      "load_unfinished_matches_in_rooms",
      [&](StoreReads& reads) { return reads.load_unfinished_matches(&room_ids); });
  if (!found) return unreadable_journals(room_ids);
  return std::move(*found);
}

std::vector<OpenRoomRow> Store::load_open_rooms() {
  return read_or("load_open_rooms", std::vector<OpenRoomRow>{},
                 [](StoreReads& reads) { return reads.load_open_rooms(); });
}

Expected<std::vector<AccountRow>> Store::load_accounts() {
  return read_or_error<std::vector<AccountRow>>(
      "the accounts", [](StoreReads& reads) { return reads.accounts().load_accounts(); });
}

Expected<std::optional<AccountRow>> Store::account_by_key(const std::string& handle_key) {
  return read_or_error<std::optional<AccountRow>>(
      "an account", [&](StoreReads& reads) { return reads.accounts().account_by_key(handle_key); });
}

Expected<std::optional<AccountRow>> Store::account_of(const std::string& player_id) {
  return read_or_error<std::optional<AccountRow>>(
      "an account", [&](StoreReads& reads) { return reads.accounts().account_of(player_id); });
}

Expected<std::vector<SessionRow>> Store::sessions_of(const std::string& player_id) {
  return read_or_error<std::vector<SessionRow>>(
      "the sessions", [&](StoreReads& reads) { return reads.accounts().sessions_of(player_id); });
}

Expected<std::vector<SanctionRow>> Store::load_sanctions() {
  return read_or_error<std::vector<SanctionRow>>(
      "the sanctions", [](StoreReads& reads) { return reads.accounts().load_sanctions(); });
}

Expected<std::vector<InviteRow>> Store::invites() {
  return read_or_error<std::vector<InviteRow>>(
      "the invites", [](StoreReads& reads) { return reads.accounts().invites(); });
}

Expected<bool> Store::player_invited(const std::string& player_id) {
  return read_or_error<bool>("the invites' uses", [&](StoreReads& reads) {
    return reads.accounts().player_invited(player_id);
  });
}

Expected<std::vector<std::string>> Store::invited_players() {
  return read_or_error<std::vector<std::string>>(
      "the invites' uses", [](StoreReads& reads) { return reads.accounts().invited_players(); });
}

Expected<std::vector<AuditRow>> Store::audit_after(std::int64_t after_seq, int limit) {
  return read_or_error<std::vector<AuditRow>>("the audit log", [&](StoreReads& reads) {
    return reads.accounts().audit_after(after_seq, std::max(limit, 0));
  });
}

Expected<std::vector<AuditRow>> Store::audit_page(std::int64_t before_seq, int limit) {
  return read_or_error<std::vector<AuditRow>>("the audit log", [&](StoreReads& reads) {
    return reads.accounts().audit_page(before_seq, std::max(limit, 0));
  });
}

Expected<std::optional<std::string>> Store::setting(const std::string& key) {
  return read_or_error<std::optional<std::string>>(
      "a setting", [&](StoreReads& reads) { return reads.accounts().setting(key); });
}

Expected<std::vector<EventRow>> Store::load_events() {
  return read_or_error<std::vector<EventRow>>(
      "the club nights", [](StoreReads& reads) { return reads.accounts().load_events(); });
}

Expected<std::optional<FinishedMatch>> Store::finished_match_in_room(const std::string& room_id) {
  return read_or_error<std::optional<FinishedMatch>>(
      "the room's matches", [&](StoreReads& reads) -> std::optional<FinishedMatch> {
        SummaryFilter filter;
        filter.room_id = room_id;
        for (const history::SummaryValues& match : reads.match_summaries(filter)) {
          if (match.status != "over") continue;
          FinishedMatch finished{match.id, {}};
          for (const history::SeatValues& seat : reads.seats(match.id)) {
            finished.seats.push_back({seat.kind == "human" ? seat.player_id.value_or("") : "",
                                      seat.placing.value_or(0), seat.score.value_or(0),
                                      seat.left_early});
          }
          return finished;
        }
        return std::nullopt;
      });
}

Json Store::list_matches(const MatchQuery& query) {
  return read_or("list_matches", Json{{"matches", Json::array()}, {"next", nullptr}},
                 [&](StoreReads& reads) { return history::list_matches(reads, query); });
}

std::optional<Json> Store::match_record(const std::string& match_id) {
  return read_or("match_record", std::optional<Json>{},
                 [&](StoreReads& reads) { return history::match_record(reads, match_id); });
}

Json Store::leaderboard(const std::string& game) {
  return read_or(
      "leaderboard",
      Json{{"game", game.empty() ? Json(nullptr) : Json(game)}, {"players", Json::array()}},
      [&](StoreReads& reads) { return history::leaderboard(reads, game); });
}

std::optional<Json> Store::player_profile(const std::string& name) {
  return read_or("player_profile", std::optional<Json>{},
                 [&](StoreReads& reads) { return history::player_profile(reads, name); });
}

std::optional<Json> Store::player_profile_by_id(const std::string& player_id) {
  return read_or("player_profile_by_id", std::optional<Json>{}, [&](StoreReads& reads) {
    return history::player_profile_by_id(reads, player_id);
  });
}

}  // namespace parlor::server::store
