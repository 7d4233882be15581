#include "engine/loc/loc_resolve.hpp"

#include "engine/loc/loc_cards.hpp"

namespace parlor::loc {

PlayOutcome resolve_play(const std::vector<Card>& shown, int play, std::int64_t pot,
                         std::int64_t bet) {
  PlayOutcome outcome;
  outcome.paid.assign(shown.size(), 0);
  for (int seat = 1; seat < static_cast<int>(shown.size()); ++seat) {
    if (card_strength(shown[seat]) > card_strength(shown[outcome.winner])) outcome.winner = seat;
  }
  const Card best = shown[outcome.winner];
  if (play >= kPlays) {
    outcome.kind = PlayKind::kFinalPot;
    outcome.took = pot;
    outcome.pot_after = 0;
    return outcome;
  }
  if (takes_pot(best)) {
    // Pot-takers outrank every other card, so the strongest card shown is the Joker,
    // the highest trump or the highest ace, as the rules order them.
    outcome.kind = PlayKind::kTookPot;
    outcome.took = pot;
    for (auto& paid : outcome.paid) paid = bet;  // the taker refreshes the pot too
    outcome.pot_after = bet * static_cast<std::int64_t>(shown.size());
    return outcome;
  }
  outcome.kind = PlayKind::kExcused;
  for (int seat = 0; seat < static_cast<int>(shown.size()); ++seat) {
    if (seat != outcome.winner) outcome.paid[seat] = bet;
  }
  outcome.pot_after = pot + bet * static_cast<std::int64_t>(shown.size() - 1);
  return outcome;
}

std::vector<std::int64_t> balance_changes(const PlayOutcome& outcome) {
  std::vector<std::int64_t> change(outcome.paid.size(), 0);
  for (std::size_t seat = 0; seat < change.size(); ++seat) change[seat] = -outcome.paid[seat];
  change[outcome.winner] += outcome.took;
  return change;
}

std::string play_kind_name(PlayKind kind) {
  switch (kind) {
    case PlayKind::kTookPot:
      return "took_pot";
    case PlayKind::kExcused:
      return "excused";
    case PlayKind::kFinalPot:
      return "final_pot";
  }
  return "excused";
}

}  // namespace parlor::loc
