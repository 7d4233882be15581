#include "engine/carioca/carioca_melds.hpp"

#include <algorithm>
#include <array>

namespace parlor::carioca {
namespace {

Error invalid(const std::string& why) { return Error{"invalid_meld", why}; }

std::string card_names(const std::vector<Card>& cards) { return cards_to_string(cards); }

// The ace counts as 1 here so that positions wrap cleanly.
int low_rank(Card card) { return card.rank() == kAce ? 1 : card.rank(); }

// Brings a straight's first value into 1..13 (values are equal modulo 13).
int normalize_low(int value) { return ((value - 1) % 13 + 13) % 13 + 1; }

bool joker_count_ok(int jokers, int naturals) { return 2 * jokers <= naturals; }

Error joker_limit(int jokers, int naturals) {
  return Error{"joker_limit", "a meld may hold at most half as many jokers as natural cards (" +
                                  std::to_string(jokers) + " jokers, " + std::to_string(naturals) +
                                  " natural cards)"};
}

Expected<Meld> read_trio(const std::vector<Card>& cards, int rank) {
  if (cards.size() < 3) {
    return invalid(card_names(cards) + " is not a meld: a trio needs three or more cards");
  }
  Meld meld;
  meld.kind = MeldKind::kTrio;
  meld.cards = cards;
  meld.rank = rank;
  if (!joker_count_ok(meld.jokers(), meld.naturals()))
    return joker_limit(meld.jokers(), meld.naturals());
  return meld;
}

Expected<Meld> read_straight(const std::vector<Card>& cards, const MeldRules& rules) {
  const std::string name = card_names(cards);
  std::size_t first = 0;
  while (cards[first].is_joker()) ++first;
  Suit suit = cards[first].suit();
  for (Card card : cards) {
    if (!card.is_joker() && card.suit() != suit) {
      return invalid(name + " is not a meld: a trio is one rank, a straight one suit");
    }
  }
  if (cards.size() < 4)
    return invalid(name + " is not a meld: a straight needs four or more cards");
  if (cards.size() > static_cast<std::size_t>(kMaxStraight)) {
    return invalid(name + " is not a meld: a straight may not hold a rank twice");
  }
  Meld meld;
  meld.kind = MeldKind::kStraight;
  meld.cards = cards;
  meld.suit = suit;
  meld.low = normalize_low(low_rank(cards[first]) - static_cast<int>(first));
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (!cards[i].is_joker() && cards[i].rank() != rank_at(meld.low + static_cast<int>(i))) {
      return invalid(name +
                     " is not a meld: a straight's cards must be consecutive, listed low to high");
    }
    if (i > 0 && cards[i].is_joker() && cards[i - 1].is_joker()) {
      return Error{"adjacent_jokers", name + ": two jokers may not sit side by side"};
    }
  }
  if (!rules.straight_wrap && meld.high() > 14) {
    return invalid(name + " goes round the corner (K-A-2), which this table does not allow");
  }
  if (!joker_count_ok(meld.jokers(), meld.naturals()))
    return joker_limit(meld.jokers(), meld.naturals());
  return meld;
}

// Where a card could go at one end of a straight; an error says why it cannot.
std::optional<Error> straight_end_fits(const Meld& meld, Card card, End end,
                                       const MeldRules& rules) {
  int value = end == End::kLow ? meld.low - 1 : meld.high() + 1;
  if (!rules.straight_wrap && (value < 1 || value > 14)) {
    return Error{"does_not_fit", "the straight cannot go past the ace at that end"};
  }
  if (card.is_joker()) {
    Card neighbour = end == End::kLow ? meld.cards.front() : meld.cards.back();
    if (neighbour.is_joker()) {
      return Error{"adjacent_jokers", "a joker may not sit next to another joker"};
    }
    return std::nullopt;
  }
  if (card.suit() != meld.suit || card.rank() != rank_at(value)) {
    return Error{"does_not_fit", card.str() + " does not continue the straight at its " +
                                     (end == End::kLow ? "low" : "high") + " end"};
  }
  return std::nullopt;
}

Expected<Meld> lay_off_straight(const Meld& meld, Card card, std::optional<End> end,
                                const MeldRules& rules) {
  if (meld.cards.size() >= static_cast<std::size_t>(kMaxStraight)) {
    return Error{"does_not_fit", "the straight already holds every rank"};
  }
  auto low_error = straight_end_fits(meld, card, End::kLow, rules);
  auto high_error = straight_end_fits(meld, card, End::kHigh, rules);
  End chosen = End::kHigh;
  if (end) {
    const auto& error = *end == End::kLow ? low_error : high_error;
    if (error) return *error;
    chosen = *end;
  } else if (!low_error && !high_error) {
    if (card.is_joker()) {
      return Error{"end_required", "a joker could go at either end: say \"end\": low or high"};
    }
  } else if (!low_error) {
    chosen = End::kLow;
  } else if (high_error) {
    // Prefer the more telling reason (a joker blocked by a neighbouring joker).
    return low_error->code == "adjacent_jokers" ? *low_error : *high_error;
  }
  Meld out = meld;
  if (chosen == End::kLow) {
    out.cards.insert(out.cards.begin(), card);
    out.low = normalize_low(meld.low - 1);
  } else {
    out.cards.push_back(card);
  }
  if (!joker_count_ok(out.jokers(), out.naturals()))
    return joker_limit(out.jokers(), out.naturals());
  return out;
}

}  // namespace

int Meld::jokers() const {
  return static_cast<int>(std::count(cards.begin(), cards.end(), Card::joker()));
}

std::string Meld::stands_for(std::size_t index) const {
  if (kind == MeldKind::kTrio) return std::string(rank_symbol(rank));
  return Card::standard(rank_at(low + static_cast<int>(index)), suit).str();
}

int rank_at(int value) {
  int r = ((value - 1) % 13 + 13) % 13 + 1;  // 1..13, 1 the ace
  return r == 1 ? kAce : r;
}

Expected<Meld> read_meld(const std::vector<Card>& cards, const MeldRules& rules) {
  std::vector<Card> naturals;
  for (Card card : cards) {
    if (!card.is_standard() && !card.is_joker()) return invalid(card.str() + " is not a card here");
    if (!card.is_joker()) naturals.push_back(card);
  }
  if (naturals.empty()) return invalid("a meld needs natural cards, not only jokers");
  bool one_rank = std::all_of(naturals.begin(), naturals.end(),
                              [&](Card c) { return c.rank() == naturals.front().rank(); });
  if (one_rank && naturals.size() >= 2) return read_trio(cards, naturals.front().rank());
  if (one_rank && cards.size() < 4) return read_trio(cards, naturals.front().rank());
  return read_straight(cards, rules);
}

Expected<Meld> new_meld(const std::vector<Card>& cards, const MeldRules& rules) {
  if (std::count(cards.begin(), cards.end(), Card::joker()) > 1) {
    return Error{"too_many_jokers",
                 card_names(cards) + ": a meld may hold only one joker when it is laid down"};
  }
  return read_meld(cards, rules);
}

Expected<Meld> lay_off(const Meld& meld, Card card, std::optional<End> end,
                       const MeldRules& rules) {
  if (meld.kind == MeldKind::kStraight) return lay_off_straight(meld, card, end, rules);
  if (!card.is_joker() && card.rank() != meld.rank) {
    return Error{"does_not_fit", card.str() + " is not a " + std::string(rank_symbol(meld.rank))};
  }
  Meld out = meld;
  out.cards.push_back(card);
  if (!joker_count_ok(out.jokers(), out.naturals()))
    return joker_limit(out.jokers(), out.naturals());
  return out;
}

std::string Contract::describe() const {
  auto part = [](int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  if (trios > 0 && straights > 0)
    return part(trios, "trio", "trios") + " + " + part(straights, "straight", "straights");
  if (trios > 0) return part(trios, "trio", "trios");
  return part(straights, "straight", "straights");
}

const Contract& contract_for_round(int round) {
  static const std::array<Contract, kRounds> kContracts = {
      Contract{2, 0, false, 11}, Contract{1, 1, false, 11}, Contract{0, 2, false, 11},
      Contract{3, 0, false, 11}, Contract{2, 1, false, 11}, Contract{1, 2, false, 11},
      Contract{4, 0, true, 11},  Contract{0, 3, true, 13}};
  return kContracts[static_cast<std::size_t>(std::clamp(round, 1, kRounds) - 1)];
}

std::optional<Error> check_contract(const std::vector<Meld>& melds, const Contract& contract) {
  int trios = 0;
  int straights = 0;
  std::vector<int> trio_ranks;
  for (const Meld& meld : melds) {
    if (meld.kind == MeldKind::kTrio) {
      ++trios;
      if (std::find(trio_ranks.begin(), trio_ranks.end(), meld.rank) != trio_ranks.end()) {
        return Error{"duplicate_trio_rank",
                     "the trios of a contract must be of different ranks (two trios of " +
                         std::string(rank_symbol(meld.rank)) + ")"};
      }
      trio_ranks.push_back(meld.rank);
    } else {
      ++straights;
    }
  }
  if (trios != contract.trios || straights != contract.straights) {
    Contract given{trios, straights, false, 0};
    return Error{"wrong_contract", "this round's contract is exactly " + contract.describe() +
                                       "; you laid down " +
                                       (melds.empty() ? std::string("nothing") : given.describe())};
  }
  return std::nullopt;
}

int card_points(Card card, bool flat_low_cards, int joker_value) {
  if (card.is_joker()) return joker_value;
  if (card.rank() == kAce) return 20;
  if (card.rank() >= kTen) return 10;
  return flat_low_cards ? 5 : card.rank();
}

}  // namespace parlor::carioca
