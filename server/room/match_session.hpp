// The match a room is playing: the engine's state, its record, seed, deal commitments and
// the count of accepted actions, from start to its end (or a restart's restore).
//
// Every MatchJournal call of a room is made here, and each write is followed by a hold on
// the room's DurableOutbox, so this one file shows "journal before send": a move is
// journaled before anything about it is sent, a deal's commitment before the deal is
// shown, the result before "match over". The session writes no message for anyone but
// returns what must be sent; the room sends it, and the outbox keeps it until durable.
// Not thread-safe: the room calls it on its strand.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "protocol/server_messages.hpp"
#include "server/net/connection.hpp"
#include "server/room/durable_outbox.hpp"
#include "server/room/match_journal.hpp"
#include "server/room/room_settings.hpp"

namespace parlor::server {

// While the store cannot take writes: the refusal a player reads.
inline constexpr const char* kStoreUnavailable =
    "the server cannot save moves right now (its database is failing); try again shortly";

class MatchSession {
 public:
  // Given a hold (on the room's strand, while the room lives), the callback that
  // releases it: called on some other thread once the journal is durable, it must post
  // back to the room's strand (MatchJournal::when_durable).
  using MakeRelease = std::function<std::function<void()>(DurableOutbox::Hold)>;

  MatchSession(MatchJournal& journal, DurableOutbox& outbox, MakeRelease make_release);

  // A match has been started or restored (it may be over).
  bool has_match() const { return state_ != nullptr; }
  const GameState& state() const { return *state_; }
  const MatchRecord& record() const { return record_; }
  int number() const { return record_.match_number; }
  std::int64_t sequence() const { return sequence_; }

  // False while the store cannot make writes durable: no move may be accepted then.
  bool store_writable() const { return journal_.writable(); }

  // A room reopened between matches: its next match is numbered after `matches_played`.
  void number_after(int matches_played) { record_.match_number = matches_played; }

  // Starts the room's next match with these seats and journals its start (the first
  // match from settings.first_seed_hex when it is set).
  // Errors: store_unavailable, start_failed (the engine refused the options or failed).
  Expected<int> start(const RoomSettings& settings, std::vector<SeatRecord> seats);

  struct Applied {
    bool round_changed = false;
    bool match_over = false;
  };
  // Applies `action` for `seat` and journals it (and any round that ended) before
  // anything about it is sent. Errors: store_unavailable, internal_error (the engine
  // threw), or the engine's own rejection; nothing changes then.
  Expected<Applied> apply(int seat, Json action, bool timeout);
  // The events of the moves applied since the last call.
  std::vector<Event> take_events() { return state_->take_events(); }

  // Commits (journals) every deal the engine has started since the last call: the
  // `deal_commitment` messages to send everyone, held until the commitments are durable.
  std::vector<SharedMessage> seal_new_deals(std::string_view room_id);
  // Journals the result of the match, which is over: the `match_over` message, held until
  // the result is durable.
  // `left`: per seat, whether its human left before the end (MatchResults::left).
  SharedMessage finish(std::string_view room_id, std::vector<bool> left);
  void abort(const std::string& reason);

  // After a restart: the match rebuilt from the journal, `actions_replayed` actions in.
  // Writes again (idempotently) the rounds and commitments whose rows a crash may have
  // lost; nobody is connected yet, so nothing is sent.
  void restore(MatchRecord record, std::unique_ptr<GameState> state, Seed seed,
               std::int64_t actions_replayed, std::string_view room_id);

  // `match_over` for a member who enters after the end; empty while the match runs.
  std::string match_over_text(std::string_view room_id) const;
  // The extra fields of a member's state update: the match id and the commitments.
  std::string state_fields() const;

 private:
  void journal_round_results();
  // The messages sent from now on wait until what was journaled so far is durable.
  void hold_until_durable();

  MatchJournal& journal_;
  DurableOutbox& outbox_;
  MakeRelease make_release_;

  std::unique_ptr<GameState> state_;
  MatchRecord record_;
  Seed seed_;
  protocol::DealCommitments commitments_;  // of the running match
  std::size_t rounds_journaled_ = 0;
  std::int64_t sequence_ = 0;
  int last_round_ = 0;
  std::string final_results_text_;  // final_results(...).text once over; empty before
};

}  // namespace parlor::server
