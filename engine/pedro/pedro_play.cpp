// The tricks: leading, following, the first-trick dump, "I'm up", and the end of a
// hand (scoring and the next deal).
#include <algorithm>

#include "engine/pedro/pedro_state.hpp"
#include "engine/pedro/pedro_trumps.hpp"

namespace parlor::pedro {
namespace {

bool contains(const std::vector<Card>& cards, Card card) {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

}  // namespace

void PedroState::begin_play() {
  phase_ = Phase::kPlay;
  update_out();
  if (in_count_ == 0) return finish_hand();
  // Cinch with no contract: declarer_ is the dealer, who named trumps and leads.
  const Seat leader = out_[declarer_] ? next_in(declarer_) : declarer_;
  trick_ = Trick{leader, {}, -1, 0};
  turn_ = leader;
  emit({{"type", "play_begins"}, {"leader", leader}});
}

// King Pedro: a seat without a trump is up. Every variant: a seat without cards sits
// out (Pedro or Cinch when the stock ran short for the dealer).
void PedroState::update_out() {
  in_count_ = 0;
  for (Seat s = 0; s < kSeats; ++s) {
    const auto& hand = zones_.hands[s];
    const bool was_out = out_[s];
    out_[s] = hand.empty() || (variant_.players_go_up && count_trumps(hand, *trump_) == 0);
    if (out_[s] && !was_out && variant_.players_go_up) {
      emit({{"type", "im_up"}, {"seat", s}});
    }
    if (!out_[s]) ++in_count_;
  }
}

Seat PedroState::next_in(Seat from) const {
  Seat s = left_of(from);
  while (out_[s] && s != from) s = left_of(s);
  return s;
}

std::vector<Card> PedroState::playable(Seat seat) const {
  std::optional<Card> led;
  if (!trick_.cards.empty()) led = trick_.cards.front().card;
  const auto& hand = zones_.hands[seat];
  std::vector<Card> legal = legal_follow_cards(hand, led, *trump_, variant_);
  if (tricks_played_ > 0) return legal;
  return first_trick_dump(hand, legal, *trump_, variant_).playable;
}

int PedroState::dump_count(Seat seat) const {
  if (tricks_played_ > 0) return 0;
  std::optional<Card> led;
  if (!trick_.cards.empty()) led = trick_.cards.front().card;
  const auto& hand = zones_.hands[seat];
  return first_trick_dump(hand, legal_follow_cards(hand, led, *trump_, variant_), *trump_, variant_)
      .count;
}

std::optional<Error> PedroState::check_play(Seat seat, Card card,
                                            const std::vector<Card>& dump) const {
  const auto& hand = zones_.hands[seat];
  if (!contains(hand, card)) return Error{"card_not_held", "you do not hold " + card.str()};
  std::optional<Card> led;
  if (!trick_.cards.empty()) led = trick_.cards.front().card;
  switch (check_follow(hand, led, card, *trump_, variant_)) {
    case FollowVerdict::kLegal:
      break;
    case FollowVerdict::kLowPedroIsTrump:
      return Error{"low_pedro_is_trump",
                   "the low pedro is a trump, never a card of its printed suit"};
    case FollowVerdict::kMustFollow:
      return Error{"must_follow", variant_.free_plain_follow
                                      ? "a trump was led: play a trump"
                                      : "follow the suit led or play a trump (the low pedro "
                                        "is a trump)"};
  }
  const int count = dump_count(seat);
  if (static_cast<int>(dump.size()) != count) {
    return Error{"dump_wrong_count",
                 count == 0 ? "there is nothing to dump now"
                            : "dump exactly " + std::to_string(count) + " card(s) with this play"};
  }
  if (!contains(playable(seat), card)) {
    return Error{"dump_point_card",
                 "playing " + card.str() + " would leave too few non-point cards to dump"};
  }
  for (Card c : dump) {
    if (c == card || !contains(hand, c)) {
      return Error{"card_not_held", c.str() + " is not in your hand to dump"};
    }
    if (is_point_card(c, *trump_, variant_)) {
      return Error{"dump_point_card", c.str() + " is a point card: it cannot be dumped"};
    }
  }
  return std::nullopt;
}

ActionResult PedroState::on_play(Seat seat, const Json& action) {
  if (phase_ != Phase::kPlay) return ActionResult::rejected("wrong_phase", "no trick is on");
  if (seat != turn_) {
    return ActionResult::rejected("not_your_turn", "seat " + std::to_string(turn_) + " plays");
  }
  if (!action.contains("card") || !action["card"].is_string()) {
    return ActionResult::rejected("bad_action", "a play needs a \"card\"");
  }
  auto card = parse_card(action["card"].get<std::string>());
  if (!card) return ActionResult::rejected(card.error().code, card.error().message);
  std::vector<Card> dump;
  if (action.contains("dump")) {
    if (!action["dump"].is_array()) {
      return ActionResult::rejected("bad_action", "\"dump\" must be a list of cards");
    }
    auto parsed = parse_card_array(action["dump"]);
    if (!parsed) return ActionResult::rejected(parsed.error().code, parsed.error().message);
    dump = *parsed;
    auto sorted = dump;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
      return ActionResult::rejected("duplicate_card", "a card is listed twice");
    }
  }
  if (auto err = check_play(seat, *card, dump)) {
    return ActionResult::rejected(err->code, err->message);
  }
  auto& hand = zones_.hands[seat];
  hand.erase(std::find(hand.begin(), hand.end(), *card));
  for (Card c : dump) hand.erase(std::find(hand.begin(), hand.end(), c));
  zones_.dumped.insert(zones_.dumped.end(), dump.begin(), dump.end());
  dumped_count_[seat] += static_cast<int>(dump.size());
  trick_.dumped += static_cast<int>(dump.size());
  trick_.cards.push_back({seat, *card});
  emit_written([&](JsonWriter& out) {
    out.member("type", "play");
    out.member("seat", seat);
    out.member("card", *card);
    out.member("dumped", dump.size());
  });
  if (static_cast<int>(trick_.cards.size()) == in_count_) {
    finish_trick();
  } else {
    turn_ = next_in(seat);
  }
  return ActionResult::accepted();
}

void PedroState::finish_trick() {
  std::vector<Card> cards;
  for (const TrickCard& tc : trick_.cards) cards.push_back(tc.card);
  trick_.winner = trick_.cards[trick_winner_index(cards, *trump_)].seat;
  const int side = side_of(trick_.winner);
  std::array<int, 2> gained{};
  for (const TrickCard& tc : trick_.cards) {
    const int value = point_value(tc.card, *trump_, variant_);
    // King Pedro: the two of trumps scores for the side that played it.
    const bool to_player =
        variant_.two_scores_for_player && tc.card.rank() == 2 && tc.card.suit() == *trump_;
    gained[to_player ? side_of(tc.seat) : side] += value;
  }
  points_[0] += gained[0];
  points_[1] += gained[1];
  ++tricks_won_[side];
  zones_.won[side].insert(zones_.won[side].end(), cards.begin(), cards.end());
  ++tricks_played_;
  emit({{"type", "trick"},
        {"winner", trick_.winner},
        {"cards", cards_to_json(cards)},
        {"points", gained},
        {"dumped", trick_.dumped}});
  last_trick_ = trick_;
  tricks_.push_back(trick_);
  trick_ = Trick{};
  update_out();
  if (in_count_ == 0) return finish_hand();
  // The winner leads; if the winner is out, the next seat on the left still in.
  const Seat winner = last_trick_->winner;
  const Seat leader = out_[winner] ? next_in(winner) : winner;
  trick_ = Trick{leader, {}, -1, 0};
  turn_ = leader;
}

void PedroState::finish_hand() {
  HandTally tally;
  tally.bid = contract_ ? high_bid_ : 0;
  tally.bidding_side = contract_ ? side_of(declarer_) : -1;
  tally.points = points_;
  const HandScore score = score_hand(tally, variant_);
  const SideScores before = side_scores_;
  side_scores_[0] += score.delta[0];
  side_scores_[1] += score.delta[1];
  winner_side_ = match_winner(variant_, before, side_scores_, tally, score);
  Json result = {{"round", deals_},
                 {"dealer", dealer_},
                 {"declarer", declarer_},
                 {"bid", contract_ ? Json(high_bid_) : Json(nullptr)},
                 {"bidding_side", contract_ ? Json(tally.bidding_side) : Json(nullptr)},
                 {"trump", std::string(1, suit_symbol(*trump_))},
                 {"points", points_},
                 {"tricks", tricks_won_},
                 {"made", contract_ ? Json(score.made) : Json(nullptr)},
                 {"delta", score.delta},
                 {"scores", side_scores_},
                 {"winner_side", winner_side_ ? Json(*winner_side_) : Json(nullptr)}};
  record_round(result);
  Json over = std::move(result);
  over["type"] = "hand_over";
  emit(over);
  if (winner_side_) {
    phase_ = Phase::kOver;
    turn_ = -1;
    emit({{"type", "match_over"}, {"winner_side", *winner_side_}});
    return;
  }
  dealer_ = left_of(dealer_);
  deal(std::nullopt);
}

}  // namespace parlor::pedro
