#include "server/room/store_journal.hpp"

#include <utility>

#include "server/store/time_format.hpp"

namespace parlor::server {

using store::now_millis;
using store::to_millis;

store::MatchStart match_start_row(const MatchRecord& record) {
  store::MatchStart start;
  start.id = record.match_id;
  start.room_id = record.room_id;
  start.match_number = record.match_number;
  start.game = record.game;
  start.options = record.options;
  start.room_settings = room_settings_json(record.room_settings);
  for (std::size_t s = 0; s < record.seats.size(); ++s) {
    const SeatRecord& seat = record.seats[s];
    start.seats.push_back({static_cast<int>(s), std::string(protocol::seat_kind_name(seat.kind)),
                           seat.player_id, seat.name, seat.bot_level});
  }
  start.seed_hex = record.seed_hex;
  start.first_dealer = record.first_dealer;
  start.lower_score_wins = record.lower_score_wins;
  start.started_at = to_millis(record.started_at);
  start.rated = record.room_settings.rated;
  if (record.room_settings.game) {
    const std::vector<int> teams =
        record.room_settings.game->teams(static_cast<int>(start.seats.size()));
    for (std::size_t s = 0; s < teams.size() && s < start.seats.size(); ++s)
      start.seats[s].team = teams[s];
  }
  return start;
}

std::vector<store::SeatResult> seat_results(const MatchResults& results) {
  std::vector<store::SeatResult> seats;
  for (std::size_t s = 0; s < results.scores.size(); ++s) {
    store::SeatResult seat;
    seat.seat = static_cast<int>(s);
    seat.score = static_cast<double>(results.scores[s]);
    seat.placing = s < results.placings.size() ? results.placings[s] : 0;
    seat.left = s < results.left.size() && results.left[s];
    if (s < results.figures.size()) seat.figures = results.figures[s];
    seats.push_back(seat);
  }
  return seats;
}

void StoreJournal::note(store::Ticket ticket) {
  store::Ticket seen = last_ticket_.load(std::memory_order_relaxed);
  while (seen < ticket &&
         !last_ticket_.compare_exchange_weak(seen, ticket, std::memory_order_relaxed)) {
  }
}

void StoreJournal::match_started(const MatchRecord& record) {
  note(store_.match_started(match_start_row(record)));
}

void StoreJournal::action_accepted(const MatchRecord& record, std::int64_t sequence,
                                   RecordedAction action) {
  note(store_.action(record.match_id, {sequence, action.seat, std::move(action.action),
                                       action.timeout, now_millis()}));
}

void StoreJournal::deal_committed(const MatchRecord& record, int deal, const std::string& sha256) {
  note(store_.commitment(record.match_id, {deal, sha256}));
}

void StoreJournal::round_ended(const MatchRecord& record, int round,
                               const std::string& result_json) {
  note(store_.round_ended(record.match_id, round, result_json));
}

void StoreJournal::match_ended(const MatchRecord& record, const MatchResults& results) {
  note(store_.match_ended(record.match_id, now_millis(), results.text, seat_results(results),
                          record.room_settings.rated));
}

void StoreJournal::match_aborted(const MatchRecord& record, const std::string& reason) {
  note(store_.match_aborted(record.match_id, now_millis(), reason));
}

bool StoreJournal::when_durable(std::function<void()> then) {
  store::Ticket ticket = last_ticket_.load(std::memory_order_relaxed);
  if (store_.committed_through() >= ticket) return true;
  store_.after_commit(ticket, std::move(then));
  return false;
}

}  // namespace parlor::server
