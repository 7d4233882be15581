// Loc's figures, read from its hands' results (loc_state.cpp, finish_hand: {"hand",
// "dealer", "ledger": [{"step": "ante", "paid", "pot"}, then per play {"step": "play",
// "play", "cards", "result": "took_pot" | "excused" | "final_pot", "winner", "took",
// "paid", "pot"}], "net", "balances"}). Per seat:
//
//   pots_taken   pots the seat took: with a pot-taker in plays 1-4, or with the highest
//                card in play 5
//   final_pots   of those, the pots of play 5 (the last pot of a hand)
//   excused      plays 1-4 in which the seat's highest card excused it from paying
//   chips_taken  chips the seat took out of pots, in all (its balance is this minus what
//                it paid: antes and the refills)
//   biggest_pot  (max) the most chips the seat took in one pot; 0 if it took none
//
// Sums over the match, biggest_pot aggregated by max. A hand whose result is not of that
// shape is skipped whole.
#include "engine/loc/loc_figures.hpp"

#include "engine/core/seat_figures.hpp"

namespace parlor::loc {

Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) {
  return figures_from_rounds(round_result_texts, seats,
                             {"biggest_pot", "chips_taken", "excused", "final_pots", "pots_taken"},
                             [](const Json& round, SeatFigures& figures) {
                               for (const Json& entry : array_of(member_of(round, "ledger"))) {
                                 const std::string& step = string_of(member_of(entry, "step"));
                                 if (step == "ante") continue;
                                 if (step != "play") throw UnreadableRound("an unknown step");
                                 const std::string& result = string_of(member_of(entry, "result"));
                                 const int winner =
                                     seat_of(member_of(entry, "winner"), figures.seats());
                                 const std::int64_t took = integer_of(member_of(entry, "took"));
                                 if (took < 0) throw UnreadableRound("a negative take");
                                 if (result == "excused") {
                                   figures.add(winner, "excused");
                                   continue;
                                 }
                                 if (result != "took_pot" && result != "final_pot") {
                                   throw UnreadableRound("an unknown result");
                                 }
                                 figures.add(winner, "pots_taken");
                                 if (result == "final_pot") figures.add(winner, "final_pots");
                                 figures.add(winner, "chips_taken", took);
                                 figures.add(winner, "biggest_pot", took);
                               }
                             });
}

}  // namespace parlor::loc
