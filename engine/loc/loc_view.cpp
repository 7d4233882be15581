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

// A seat's card count includes its hidden choice, so it does not move when it chooses.
Json LocState::players_json() const {
  Json players = Json::array();
  for (Seat seat = 0; seat < table_.seats; ++seat) {
    Json player = Json::object();
    player["seat"] = seat;
    player["balance"] = balances_[seat];
    player["cards"] = static_cast<int>(hands_[seat].size()) + (choices_[seat] ? 1 : 0);
    player["chosen"] = choices_[seat].has_value();
    players.push_back(std::move(player));
  }
  return players;
}

// {"discard": [cards]} or {"play": [cards]} while the seat is waited for, else {}.
Json LocState::legal_json(Seat seat) const {
  if (phase_ == Phase::kOver || choices_[seat]) return Json::object();
  return {{step_action(), cards_to_json(hands_[seat])}};
}

Json LocState::game_table_view() const {
  Json view = Json::object();
  view["phase"] = phase_name();
  view["deck"] = deck_name(table_.deck);
  view["bet"] = table_.bet;
  view["match_hands"] = table_.hands;
  view["dealer"] = dealer_;
  view["play"] = play_ == 0 ? Json(nullptr) : Json(play_);
  view["pot"] = pot_;
  view["players"] = players_json();
  view["ledger"] = ledger_;
  view["last_round"] = last_round_;
  return view;
}

Json LocState::game_seat_view(Seat seat) const {
  Json view = Json::object();
  view["hand"] = cards_to_json(hands_[seat]);
  view["choice"] = choices_[seat] ? Json(choices_[seat]->str()) : Json(nullptr);
  view["legal"] = legal_json(seat);
  return view;
}

}  // namespace parlor::loc
