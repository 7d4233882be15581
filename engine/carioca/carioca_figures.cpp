// Carioca's figures, read from its rounds' results (carioca_state.cpp, round_summary:
// {"round", "contract", "went_out", "ended_by", "hands": [cards left per seat],
// "steals", "points", "out_bonus" (when someone went out), "totals"}). Per seat:
//
//   contracts_made  rounds in which the seat lowered its contract
//   rounds_out      rounds the seat went out (emptied its hand first)
//   one_turn_outs   of those, the rounds it lowered and went out in the same turn (-30)
//   steals          discards the seat stole (+2 each)
//   lowest_round    (min) the seat's lowest points in a round (-40 at best: out in
//                   one turn after the cut bonus); absent when no round could be read
//
// Sums over the match, lowest_round aggregated by min. Whether a seat lowered is not a
// member of the round's result, and is not added to it: `parlor verify` compares a
// recorded match's round results with its replay's member for member, so a new member
// would flag every Carioca match recorded before it. It follows from the cards left
// instead: a seat that never lowered ends the round with the contract's hand size plus
// one card per steal (draws and discards balance, and the round only ends between other
// seats' turns), and lowering lays down at least six cards, laying off more; so a seat
// lowered exactly when it holds fewer. That reads the rounds of matches already stored
// too. A round whose result is not of that shape (or with more cards in a hand than
// that count) is skipped whole.
#include "engine/carioca/carioca_figures.hpp"

#include "engine/carioca/carioca_melds.hpp"
#include "engine/core/seat_figures.hpp"

namespace parlor::carioca {

Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) {
  return figures_from_rounds(
      round_result_texts, seats, {"contracts_made", "one_turn_outs", "rounds_out", "steals"},
      [](const Json& round, SeatFigures& figures) {
        const int n = figures.seats();
        const auto size = static_cast<std::size_t>(n);
        const std::int64_t number = integer_of(member_of(round, "round"));
        if (number < 1 || number > kRounds) throw UnreadableRound("no such round");
        const std::int64_t hand_size = contract_for_round(static_cast<int>(number)).hand_size;
        const std::optional<int> went_out = optional_seat_of(member_of(round, "went_out"), n);
        const Json& hands = array_of(member_of(round, "hands"), size);
        const Json& steals = array_of(member_of(round, "steals"), size);
        const Json& points = array_of(member_of(round, "points"), size);
        for (int seat = 0; seat < n; ++seat) {
          const auto at = static_cast<std::size_t>(seat);
          const auto held = static_cast<std::int64_t>(array_of(hands[at]).size());
          const std::int64_t stolen = integer_of(steals[at]);
          if (stolen < 0 || held > hand_size + stolen) throw UnreadableRound("a bad hand");
          if (held < hand_size + stolen) figures.add(seat, "contracts_made");
          figures.add(seat, "steals", stolen);
          figures.add(seat, "lowest_round", integer_of(points[at]));
        }
        if (went_out) {
          if (!array_of(hands[static_cast<std::size_t>(*went_out)]).empty()) {
            throw UnreadableRound("went out holding cards");
          }
          figures.add(*went_out, "rounds_out");
          if (integer_of(member_of(round, "out_bonus")) < 0)
            figures.add(*went_out, "one_turn_outs");
        }
      });
}

}  // namespace parlor::carioca
