// Loc: a betting game of simultaneous, hidden plays (../shared/rules/loc.md, the
// authority).
//
// Each hand: every seat antes B (option `bet`) into the pot; six cards each, the rest
// set aside unseen; every seat secretly discards one (never shown to anyone, ever);
// then five plays, in each of which every seat secretly chooses a card and all are
// revealed together. Plays 1-4: a pot-taker shown (standard: the Joker, else the
// highest ace, spades > hearts > diamonds > clubs; tarot: the Fool, T21..T1, else the
// highest ace, Swords > Cups > Coins > Batons) takes the pot and then every seat pays
// B into it; otherwise the highest card is excused and every other seat pays B. Play
// 5: the highest card takes the pot and nobody pays. Balances start at 0 and may go
// negative; the dealer moves left each hand; the match lasts option `hands` hands
// (default one per seat) and each seat's score is its balance.
//
// Options: deck = standard (52 + Joker, 2-8 seats) | tarot (78 cards, 2-10 seats);
// bet = B (1..1,000,000, default 1); hands (1..1000, default the seat count).
// Fewer than kRecommendedMinSeats players is allowed; the lobby warns (server side).
//
// Simultaneous steps: waiting() is WaitMode::kSimultaneous listing the seats that have
// not chosen yet. Nothing about a pending choice leaves the engine before the reveal:
// other viewers see only "chosen": true; the chosen event carries no card; every
// rejection depends only on the sender's own hand and choices and on public state.
//
// View (besides the common fields): phase "discard" | "play" | "over"; deck, bet,
// match_hands, dealer, play (1..5, null in the discard step), pot; players[] with
// seat, balance, cards (held, counting a hidden choice) and chosen (never what);
// ledger: this hand's public entries, {"step":"ante","paid":[..],"pot":P} then one per
// reveal {"step":"play","play":k,"cards":[card per seat],"result":"took_pot" |
// "excused" | "final_pot","winner":seat,"took":X,"paid":[per seat],"pot":P};
// last_round: {"hand","dealer","ledger","net","balances"} of the finished hand (also
// each round_results() entry). A seat also sees hand, choice (its own hidden choice or
// null) and legal: {"discard": [cards]} or {"play": [cards]}, {} once it has chosen.
// Events: deal, hand (own cards, to that seat only), ante, chosen (seat only),
// discards_in, reveal (a ledger entry), hand_over, match_over.
//
// Decisions where the rules are silent (documented here and in loc_state.cpp):
// - Timeout (default_action): discard, or play, the seat's weakest card (the order of
//   loc_cards.hpp). It keeps the seat's pot-takers for later plays.
// - Events: "chosen" names the seat only; "reveal" is the ledger entry of the play.
//   A seat's own discard is shown only in its own view while the discard step is open.
// - Scenario setup: "hands" only, six cards each; every other card is set aside; any
//   pile is bad_setup.
//
// Error codes (besides the shared match_over, bad_seat, bad_action):
//   unknown_action     not "discard" or "play"
//   bad_action         "card" missing or not a string
//   bad_card           not a card of this deck's notation
//   card_not_held      a card the seat does not hold (a chosen card is no longer held)
//   already_discarded  a second discard in the same hand
//   already_chosen     a second play in the same play step
//   wrong_phase        a play while the discard step is still open
#pragma once

#include "engine/core/game.hpp"

namespace parlor::loc {

inline constexpr int kRecommendedMinSeats = 4;

const GameDefinition& definition();

}  // namespace parlor::loc
