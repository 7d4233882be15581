// The match journal the server's rooms write to, with the club nights' ear on it: every
// call goes on to the real journal (the store's) unchanged, and when an event table's
// match ends (its RoomSettings::event_id is set) the MatchEndHook hears the room, the
// seats and the results. This is the "narrow hook" of the room's finish_match path
// (Room::finish_match -> MatchSession::finish -> MatchJournal::match_ended) without a
// line of the room changed; the journal is called on the room's strand, so the hook only
// hands the outcome on (EventService::match_ended takes its own lock, never a room's).
#pragma once

#include "server/events/event_hooks.hpp"
#include "server/room/match_journal.hpp"

namespace parlor::server::events {

class EventJournal : public MatchJournal {
 public:
  EventJournal(MatchJournal& inner, MatchEndHook& hook) : inner_(inner), hook_(hook) {}

  void match_started(const MatchRecord& record) override { inner_.match_started(record); }
  void action_accepted(const MatchRecord& record, std::int64_t sequence,
                       RecordedAction action) override {
    inner_.action_accepted(record, sequence, std::move(action));
  }
  void deal_committed(const MatchRecord& record, int deal, const std::string& sha256) override {
    inner_.deal_committed(record, deal, sha256);
  }
  void round_ended(const MatchRecord& record, int round, const std::string& result_json) override {
    inner_.round_ended(record, round, result_json);
  }
  void match_ended(const MatchRecord& record, const MatchResults& results) override {
    inner_.match_ended(record, results);
    if (record.room_settings.event_id.empty()) return;
    TableOutcome outcome;
    outcome.room_id = record.room_id;
    outcome.match_id = record.match_id;
    outcome.placings = results.placings;
    outcome.scores = results.scores;
    outcome.left = results.left;
    for (const SeatRecord& seat : record.seats) {
      outcome.seated.push_back(seat.kind == protocol::SeatKind::kHuman ? seat.player_id : "");
    }
    hook_.match_ended(std::move(outcome));
  }
  void match_aborted(const MatchRecord& record, const std::string& reason) override {
    inner_.match_aborted(record, reason);
    if (!record.room_settings.event_id.empty())
      hook_.match_ended(TableOutcome::aborted_in(record.room_id));
  }
  bool when_durable(std::function<void()> then) override {
    return inner_.when_durable(std::move(then));
  }
  bool writable() const override { return inner_.writable(); }

 private:
  MatchJournal& inner_;
  MatchEndHook& hook_;
};

}  // namespace parlor::server::events
