#include "server/room/match_session.hpp"

#include <spdlog/spdlog.h>

#include "protocol/commitment.hpp"
#include "protocol/server_messages.hpp"
#include "server/ids.hpp"

namespace parlor::server {

MatchSession::MatchSession(MatchJournal& journal, DurableOutbox& outbox, MakeRelease make_release)
    : journal_(journal), outbox_(outbox), make_release_(std::move(make_release)) {}

void MatchSession::hold_until_durable() {
  DurableOutbox::Hold hold = outbox_.hold();
  if (journal_.when_durable(make_release_(hold))) outbox_.release(hold);
}

Expected<int> MatchSession::start(const RoomSettings& settings, std::vector<SeatRecord> seats) {
  if (!journal_.writable()) return Error{"store_unavailable", kStoreUnavailable};
  Seed seed = Seed::from_os();
  // An event's duplicate round: the first match is dealt from the event's seed.
  if (record_.match_number == 0 && !settings.first_seed_hex.empty()) {
    Expected<Seed> fixed = Seed::from_hex(settings.first_seed_hex);
    if (!fixed) return Error{"start_failed", "the room's first seed is not 64 hex digits"};
    seed = *fixed;
  }
  Seat dealer = choose_first_dealer(seed, settings.seats);
  MatchConfig config;
  config.options = settings.options;
  config.seats = settings.seats;
  config.seed = seed;
  config.dealer = dealer;
  Expected<std::unique_ptr<GameState>> created = [&]() -> Expected<std::unique_ptr<GameState>> {
    try {
      return settings.game->new_match(config);
    } catch (const std::exception& e) {
      return Error{"internal_error", e.what()};
    }
  }();
  if (!created) {
    spdlog::error("room {}: cannot start a match: {}", settings.id, created.error().message);
    return Error{"start_failed", created.error().message};
  }
  state_ = std::move(created.value());
  const int number = record_.match_number + 1;
  record_ = MatchRecord{};
  record_.match_id = new_match_id();
  record_.room_id = settings.id;
  record_.match_number = number;
  record_.game = settings.game->name();
  record_.options = settings.options;
  record_.seats = std::move(seats);
  record_.seed_hex = seed.hex();
  record_.first_dealer = dealer;
  record_.lower_score_wins = state_->lower_score_wins();
  record_.room_settings = settings;
  record_.started_at = std::chrono::system_clock::now();
  seed_ = seed;
  commitments_ = {};
  rounds_journaled_ = 0;
  sequence_ = 0;
  last_round_ = state_->round();
  final_results_text_.clear();
  journal_.match_started(record_);
  hold_until_durable();
  spdlog::info("room {}: match {} of {} starts (dealer {})", settings.id, number, record_.game,
               dealer);
  return number;
}

Expected<MatchSession::Applied> MatchSession::apply(int seat, Json action, bool timeout) {
  // A move accepted now could not be made durable: refuse it rather than keep the player
  // waiting on a move that a crash would lose (match_journal.hpp, writable()).
  if (!journal_.writable()) return Error{"store_unavailable", kStoreUnavailable};
  ActionResult result;
  try {
    result = state_->apply(seat, action);
  } catch (const std::exception& e) {
    spdlog::error("room {}: the engine threw on seat {}'s action {}: {}", record_.room_id, seat,
                  protocol::dump(action), e.what());
    return Error{"internal_error", "the server could not apply this action"};
  }
  if (!result.ok()) return *result.error;

  // The journal is the match's log; the session keeps no copy (a long match at every
  // table would otherwise hold each of its actions in memory until it ends).
  ++sequence_;
  journal_.action_accepted(record_, sequence_, {seat, std::move(action), timeout});
  Applied applied;
  applied.round_changed = state_->round() != last_round_;
  applied.match_over = state_->match_over();
  last_round_ = state_->round();
  if (applied.round_changed || applied.match_over) journal_round_results();
  hold_until_durable();
  return applied;
}

void MatchSession::journal_round_results() {
  while (rounds_journaled_ < state_->rounds_finished()) {
    journal_.round_ended(record_, static_cast<int>(rounds_journaled_) + 1,
                         state_->round_result_text(rounds_journaled_));
    ++rounds_journaled_;
  }
}

std::vector<SharedMessage> MatchSession::seal_new_deals(std::string_view room_id) {
  std::vector<SharedMessage> sealed;
  while (commitments_.count() < state_->deals_started()) {
    const int deal = commitments_.count() + 1;
    std::string sha256 = protocol::deal_commitment(seed_, static_cast<std::uint64_t>(deal));
    journal_.deal_committed(record_, deal, sha256);
    commitments_.append(deal, sha256);
    sealed.push_back(make_message(protocol::deal_commitment_message(
        room_id, record_.match_number, record_.match_id, deal, sha256)));
  }
  if (!sealed.empty()) hold_until_durable();  // the commitment is on disk before anyone sees it
  return sealed;
}

SharedMessage MatchSession::finish(std::string_view room_id, std::vector<bool> left) {
  MatchResults results = server::final_results(*state_);
  results.left = std::move(left);
  journal_.match_ended(record_, results);
  hold_until_durable();  // "match over" leaves once the result is committed
  spdlog::info("room {}: match {} ({}) over after {} actions; scores {}", room_id,
               record_.match_number, record_.match_id, sequence_,
               protocol::dump(Json(results.scores)));
  final_results_text_ = std::move(results.text);
  return make_message(match_over_text(room_id));
}

void MatchSession::abort(const std::string& reason) {
  journal_.match_aborted(record_, reason);
  hold_until_durable();
}

void MatchSession::restore(MatchRecord record, std::unique_ptr<GameState> state, Seed seed,
                           std::int64_t actions_replayed, std::string_view room_id) {
  state_ = std::move(state);
  state_->take_events();  // the replay's events were sent before the restart
  record_ = std::move(record);
  seed_ = seed;
  sequence_ = actions_replayed;
  last_round_ = state_->round();
  final_results_text_.clear();
  rounds_journaled_ = 0;
  journal_round_results();  // idempotent: a row lost in the crash is written again
  // Rebuilds the list, and journals again (idempotently) a commitment whose row the crash
  // lost; nobody is connected yet, so there is no one to send it to.
  commitments_ = {};
  seal_new_deals(room_id);
}

std::string MatchSession::match_over_text(std::string_view room_id) const {
  if (final_results_text_.empty()) return {};
  protocol::MatchOver over;
  over.room = room_id;
  over.match = record_.match_number;
  over.match_id = record_.match_id;
  over.results_json = final_results_text_;
  over.seed_hex = record_.seed_hex;
  over.first_dealer = record_.first_dealer;
  over.actions = sequence_;
  return protocol::match_over_message(over);
}

std::string MatchSession::state_fields() const {
  return protocol::state_fields(record_.match_id, commitments_.text());
}

}  // namespace parlor::server
