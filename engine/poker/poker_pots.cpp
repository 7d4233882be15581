#include "engine/poker/poker_pots.hpp"

#include <algorithm>

namespace parlor::poker {

std::vector<Pot> build_pots(const std::vector<Chips>& committed, const std::vector<bool>& live,
                            Chips dead) {
  const int seats = static_cast<int>(committed.size());
  std::vector<Seat> live_seats;
  std::vector<Chips> levels;
  for (Seat s = 0; s < seats; ++s) {
    if (!live[s]) continue;
    live_seats.push_back(s);
    if (committed[s] > 0) levels.push_back(committed[s]);
  }
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());

  std::vector<Pot> pots;
  auto add = [&pots](Chips amount, std::vector<Seat> eligible) {
    if (amount <= 0) return;
    if (!pots.empty() && pots.back().eligible == eligible) {
      pots.back().amount += amount;
    } else {
      pots.push_back(Pot{amount, std::move(eligible)});
    }
  };
  add(dead, live_seats);
  Chips previous = 0;
  for (Chips level : levels) {
    Chips amount = 0;
    for (Seat s = 0; s < seats; ++s) {
      amount += std::min(committed[s], level) - std::min(committed[s], previous);
    }
    std::vector<Seat> eligible;
    for (Seat s : live_seats) {
      if (committed[s] >= level) eligible.push_back(s);
    }
    add(amount, std::move(eligible));
    previous = level;
  }
  Chips above = 0;
  for (Seat s = 0; s < seats; ++s) above += std::max<Chips>(0, committed[s] - previous);
  if (above > 0) {
    if (pots.empty()) {
      pots.push_back(Pot{above, live_seats});
    } else {
      pots.back().amount += above;
    }
  }
  return pots;
}

std::vector<Chips> split_pot(Chips amount, const std::vector<Seat>& winners, Seat dealer,
                             int seats) {
  std::vector<Chips> paid(seats, 0);
  if (winners.empty() || amount <= 0) return paid;
  std::vector<Seat> order = winners;
  auto distance_from_dealer_left = [&](Seat s) { return (s - dealer - 1 + seats) % seats; };
  std::sort(order.begin(), order.end(), [&](Seat a, Seat b) {
    return distance_from_dealer_left(a) < distance_from_dealer_left(b);
  });
  const Chips count = static_cast<Chips>(order.size());
  const Chips share = amount / count;
  Chips odd = amount % count;
  for (Seat s : order) {
    paid[s] += share;
    if (odd > 0) {
      ++paid[s];
      --odd;
    }
  }
  return paid;
}

std::vector<Chips> award_pots(const std::vector<Pot>& pots,
                              const std::vector<std::uint32_t>& strength, Seat dealer, int seats,
                              std::vector<std::vector<Seat>>* winners_per_pot) {
  std::vector<Chips> won(seats, 0);
  for (const Pot& pot : pots) {
    std::uint32_t best = 0;
    for (Seat s : pot.eligible) best = std::max(best, strength[s]);
    std::vector<Seat> winners;
    for (Seat s : pot.eligible) {
      if (strength[s] == best) winners.push_back(s);
    }
    std::vector<Chips> paid = split_pot(pot.amount, winners, dealer, seats);
    for (Seat s = 0; s < seats; ++s) won[s] += paid[s];
    if (winners_per_pot != nullptr) winners_per_pot->push_back(winners);
  }
  return won;
}

}  // namespace parlor::poker
