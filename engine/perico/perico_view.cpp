// What each viewer sees (../shared/rules/perico.md, "What each player sees"): own hand
// and, right after a draw, the drawn card; the whole discard pile in order (top first);
// the stock's size; every seat's card count; dealer, turn and any running knock; the
// last round's revealed hands and categories. The stock's order appears nowhere.
#include "engine/perico/perico_state.hpp"

namespace parlor::perico {

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::kPlay:
      return "play";
    case Phase::kDiscard:
      return "discard";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

void PericoState::write_table_members(JsonWriter& out) const {
  out.member("variant", config_.variant->name);
  out.member("scoring", scoring_name(config_.scoring));
  out.member("target", config_.target);
  out.member("hand_size", config_.variant->hand_size);
  out.member("knock_threshold", config_.variant->knock_threshold);
  out.member("phase", phase_name(phase_));
  out.member("dealer", dealer_);
  out.key("turn");
  if (phase_ == Phase::kOver) {
    out.value(nullptr);
  } else {
    out.value(turn_);
  }
  out.key("players");
  out.begin_array();
  for (Seat seat = 0; seat < seat_count(); ++seat) {
    out.begin_object();
    out.member("seat", seat);
    out.member("cards", hands_[seat].size());
    out.member("knocked", knocker_ == seat);
    out.end_object();
  }
  out.end_array();
  out.key("discard_pile");
  out.cards(pile_.rbegin(), pile_.rend());  // top first
  out.member("stock_size", stock_.size());
  out.key("knock");
  out.begin_object();
  out.member("running", knocker_.has_value());
  out.key("by");
  if (knocker_) {
    out.value(*knocker_);
  } else {
    out.value(nullptr);
  }
  out.end_object();
  out.key("last_round");
  out.raw(last_round_result_text());
}

void PericoState::write_seat_members(Seat seat, JsonWriter& out) const {
  out.key("hand");
  out.cards(hands_[seat]);
  out.key("drawn");
  if (phase_ == Phase::kDiscard && seat == turn_ && drawn_) {
    out.value(*drawn_);
  } else {
    out.value(nullptr);
  }
  out.key("legal");
  out.begin_object();
  if (phase_ != Phase::kOver && seat == turn_) {
    const bool discarding = phase_ == Phase::kDiscard;
    out.member("draw", !discarding && !stock_.empty());
    out.member("take_max", discarding ? 0 : take_max(seat));
    out.member("knock", !discarding && may_knock());
    out.member("discard", discarding);
  }
  out.end_object();
}

}  // namespace parlor::perico
