// Perico's figures, read from its round results (perico_state.cpp, write_round_result:
// {"dealer", "drawn", "hands": [{"cards", "category", "complete", "jokers", "seat"}],
// "knocker", "points", "reason": "knock" | "complete" | "complete_at_deal", "round",
// "scores", "winner"}). Per seat, summed over the match (and over matches):
//
//   rounds_won   rounds the seat's hand won alone (a drawn round is nobody's)
//   knocks       rounds that ended on the seat's knock (the showdown after it; a knock
//                cancelled by a joker reshuffle leaves no trace in a round's result)
//   knocks_won   of those, the rounds the seat also won
//   completes    rounds that ended with the seat holding a complete hand (royal flush,
//                five or six of a kind), dealt or made, whether or not it won the round
//   points       the points the round results gave the seat: its match score
//
// A round whose shape is not that (a seat out of range, an array of the wrong size, a
// member missing or of the wrong type) is skipped whole.
#include "engine/perico/perico_figures.hpp"

#include "engine/core/seat_figures.hpp"

namespace parlor::perico {

Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) {
  return figures_from_rounds(
      round_result_texts, seats, {"completes", "knocks", "knocks_won", "points", "rounds_won"},
      [](const Json& round, SeatFigures& figures) {
        const int n = figures.seats();
        const auto size = static_cast<std::size_t>(n);
        const std::optional<int> winner = optional_seat_of(member_of(round, "winner"), n);
        const std::optional<int> knocker = optional_seat_of(member_of(round, "knocker"), n);
        const std::string& reason = string_of(member_of(round, "reason"));
        const Json& points = array_of(member_of(round, "points"), size);
        const Json& hands = array_of(member_of(round, "hands"), size);
        if (reason != "knock" && reason != "complete" && reason != "complete_at_deal") {
          throw UnreadableRound("an unknown reason");
        }
        if (winner) figures.add(*winner, "rounds_won");
        if (reason == "knock") {
          if (!knocker) throw UnreadableRound("a knock without a knocker");
          figures.add(*knocker, "knocks");
          if (winner == knocker) figures.add(*knocker, "knocks_won");
        }
        for (int seat = 0; seat < n; ++seat) {
          const Json& hand = hands[static_cast<std::size_t>(seat)];
          if (seat_of(member_of(hand, "seat"), n) != seat)
            throw UnreadableRound("hands out of order");
          if (bool_of(member_of(hand, "complete"))) figures.add(seat, "completes");
          figures.add(seat, "points", integer_of(points[static_cast<std::size_t>(seat)]));
        }
      });
}

}  // namespace parlor::perico
