// What each viewer sees (../shared/rules/loc.md, "What each player sees"): own hand and
// own pending choice; the pot; every balance; which seats have chosen in this step,
// never what; this hand's ledger of reveals. Discards appear nowhere (the own pending
// discard only until the discard step resolves).
#include "engine/loc/loc_state.hpp"

namespace parlor::loc {

std::string LocState::phase_name() const {
  switch (phase_) {
    case Phase::kDiscard:
      return "discard";
    case Phase::kPlay:
      return "play";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

std::string LocState::step_action() const { return phase_ == Phase::kDiscard ? "discard" : "play"; }

void LocState::write_table_members(JsonWriter& out) const {
  out.member("phase", phase_name());
  out.member("deck", deck_name(table_.deck));
  out.member("bet", table_.bet);
  out.member("match_hands", table_.hands);
  out.member("dealer", dealer_);
  out.key("play");
  if (play_ == 0) {
    out.value(nullptr);
  } else {
    out.value(play_);
  }
  out.member("pot", pot_);
  out.key("players");
  out.begin_array();
  for (Seat seat = 0; seat < table_.seats; ++seat) {
    out.begin_object();
    out.member("seat", seat);
    out.member("balance", balances_[seat]);
    // The hidden choice still counts, so a seat's count does not move when it chooses.
    out.member("cards", static_cast<int>(hands_[seat].size()) + (choices_[seat] ? 1 : 0));
    out.member("chosen", choices_[seat].has_value());
    out.end_object();
  }
  out.end_array();
  out.key("ledger");
  out.raw(ledger_text_);
  out.key("last_round");
  out.raw(last_round_result_text());
}

// "legal": {"discard": [cards]} or {"play": [cards]} while the seat is waited for, else {}.
void LocState::write_seat_members(Seat seat, JsonWriter& out) const {
  out.key("hand");
  out.cards(hands_[seat]);
  out.key("choice");
  if (choices_[seat]) {
    out.value(*choices_[seat]);
  } else {
    out.value(nullptr);
  }
  out.key("legal");
  out.begin_object();
  if (phase_ != Phase::kOver && !choices_[seat]) {
    out.key(step_action());
    out.cards(hands_[seat]);
  }
  out.end_object();
}

}  // namespace parlor::loc
