// Poker's figures, read from its deals' results (poker_state.cpp: {"actions",
// "outcome": "showdown" | "uncalled" | "no_opener", "pots": [{"amount", "winners",
// "eligible"}], "winnings": [chips per seat], "shown": [{"seat", "hand", "category"}],
// "winner" (uncalled), "carried" (no_opener), "round", "dealer", "stacks"}). Per seat:
//
//   hands_won      deals in which the seat won a pot or a share of one (at a showdown or
//                  uncalled): showdown_wins + uncalled_wins
//   showdown_wins  deals won at a showdown: the seat's shown hand took a pot, or a share
//   uncalled_wins  deals won by a bet nobody called (the hand not shown)
//   showdowns      deals the seat went to a showdown (its hand shown), won or lost
//   biggest_pot    (max) the most chips the seat took in one deal: every pot and share of
//                  one it won that deal, the antes and any jackpot carried in included; 0
//                  if it won none
//
// Sums over the match; biggest_pot is aggregated by max. A jackpot shared out when the
// table closes is no deal's result and counts for none of these. A deal whose result is
// not of that shape is skipped whole.
#include "engine/poker/poker_figures.hpp"

#include "engine/core/seat_figures.hpp"

namespace parlor::poker {

Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) {
  return figures_from_rounds(
      round_result_texts, seats,
      {"biggest_pot", "hands_won", "showdown_wins", "showdowns", "uncalled_wins"},
      [](const Json& round, SeatFigures& figures) {
        const int n = figures.seats();
        const std::string& outcome = string_of(member_of(round, "outcome"));
        const Json& winnings = array_of(member_of(round, "winnings"), static_cast<std::size_t>(n));
        for (int seat = 0; seat < n; ++seat) {
          const std::int64_t won = integer_of(winnings[static_cast<std::size_t>(seat)]);
          if (won < 0) throw UnreadableRound("negative winnings");
          figures.add(seat, "biggest_pot", won);
        }
        if (outcome == "no_opener") return;
        std::vector<bool> won_pot(static_cast<std::size_t>(n), false);
        for (const Json& pot : array_of(member_of(round, "pots"))) {
          for (const Json& winner : array_of(member_of(pot, "winners"))) {
            won_pot[static_cast<std::size_t>(seat_of(winner, n))] = true;
          }
        }
        if (outcome == "uncalled") {
          const int winner = seat_of(member_of(round, "winner"), n);
          figures.add(winner, "uncalled_wins");
          figures.add(winner, "hands_won");
          return;
        }
        if (outcome != "showdown") throw UnreadableRound("an unknown outcome");
        for (const Json& hand : array_of(member_of(round, "shown"))) {
          figures.add(seat_of(member_of(hand, "seat"), n), "showdowns");
        }
        for (int seat = 0; seat < n; ++seat) {
          if (!won_pot[static_cast<std::size_t>(seat)]) continue;
          figures.add(seat, "showdown_wins");
          figures.add(seat, "hands_won");
        }
      });
}

}  // namespace parlor::poker
