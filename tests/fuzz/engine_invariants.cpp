#include "tests/fuzz/engine_invariants.hpp"

#include <algorithm>
#include <numeric>
#include <set>

#include "engine/carioca/carioca_state.hpp"
#include "engine/loc/loc_state.hpp"
#include "engine/pedro/pedro_state.hpp"
#include "engine/perico/perico_state.hpp"
#include "engine/poker/poker_state.hpp"

namespace parlor::fuzz {
namespace {

template <class Cards>
void add(std::vector<Card>& out, const Cards& cards) {
  out.insert(out.end(), cards.begin(), cards.end());
}

std::string waiting_problem(const GameState& state, LegalActions* first_legal) {
  const Waiting wait = state.waiting();
  const bool over = state.match_over();
  if (over != (wait.mode == WaitMode::kNobody)) return "over but waiting, or waiting for nobody";
  if (wait.mode == WaitMode::kNobody) return wait.seats.empty() ? "" : "nobody with seats";
  if (wait.mode == WaitMode::kTurn && wait.seats.size() != 1) return "a turn of several seats";
  if (wait.seats.empty()) return "a simultaneous wait or claim with no seat";
  std::set<Seat> distinct(wait.seats.begin(), wait.seats.end());
  if (distinct.size() != wait.seats.size()) return "a seat waited for twice";
  for (Seat seat : wait.seats) {
    if (seat < 0 || seat >= state.seat_count()) return "waiting for seat " + std::to_string(seat);
  }
  // (Enumerating moves is as costly as the rest of a step: the first waiting seat only.)
  LegalActions legal = state.legal_actions(wait.seats.front());
  if (legal.actions.empty()) {
    return "seat " + std::to_string(wait.seats.front()) + " is waited for but has no move";
  }
  if (first_legal != nullptr) *first_legal = std::move(legal);
  return "";
}

std::string score_problem(const GameState& state) {
  const std::vector<std::int64_t> scores = state.scores();
  if (static_cast<int>(scores.size()) != state.seat_count()) return "not one score per seat";
  if (dynamic_cast<const pedro::PedroState*>(&state) != nullptr) {
    if (scores[0] != scores[2] || scores[1] != scores[3]) return "partners' scores differ";
  }
  if (const auto* loc = dynamic_cast<const loc::LocState*>(&state)) {
    if (std::accumulate(scores.begin(), scores.end(), loc->pot()) != 0) {
      return "balances and pot do not sum to zero";
    }
  }
  if (state.match_over()) {
    const std::vector<int> placings = state.placings();
    if (placings.size() != scores.size()) return "not one placing per seat";
    for (int p : placings) {
      if (p < 1 || p > state.seat_count()) return "placing " + std::to_string(p);
    }
  }
  return "";
}

// One viewer per call (the caller rotates them): a seat's view is about as costly as a
// move, and checking all of them after every move slowed the fuzzer tenfold.
std::string view_problem(const GameState& state, Seat viewer) {
  const Json table = state.table_view();
  const Json table_text = Json::parse(state.table_view_text(), nullptr, false);
  if (table_text != table) return "table_view_text differs from table_view";
  const Json fields = state.seat_fields(viewer);
  const Json fields_text = Json::parse(state.seat_fields_text(viewer), nullptr, false);
  if (fields_text != fields) return "seat_fields_text differs for " + std::to_string(viewer);
  Json merged = table;
  merged.update(fields);
  if (merged != state.view(viewer)) return "view is not table + seat fields";
  return "";
}

}  // namespace

std::vector<Card> all_cards(const GameState& state) {
  std::vector<Card> out;
  if (const auto* s = dynamic_cast<const perico::PericoState*>(&state)) {
    for (const auto& hand : s->hands()) add(out, hand);
    add(out, s->discard_pile());
    add(out, s->stock());
  } else if (const auto* s = dynamic_cast<const loc::LocState*>(&state)) {
    add(out, s->card_places().all());
  } else if (const auto* s = dynamic_cast<const pedro::PedroState*>(&state)) {
    const pedro::Zones& z = s->zones();
    for (int seat = 0; seat < 4; ++seat) {
      add(out, z.hands[seat]);
      add(out, z.discards[seat]);
      add(out, z.pending[seat]);
    }
    for (const auto* zone : {&z.stock, &z.kitty, &z.table, &z.won[0], &z.won[1], &z.dumped}) {
      add(out, *zone);
    }
    for (const pedro::TrickCard& played : s->trick().cards) out.push_back(played.card);
  } else if (const auto* s = dynamic_cast<const carioca::CariocaState*>(&state)) {
    add(out, s->stock());
    add(out, s->discard_pile());
    for (Seat seat = 0; seat < s->seat_count(); ++seat) {
      add(out, s->hand(seat));
      for (const auto& meld : s->melds()[seat]) add(out, meld.cards);
    }
  } else if (const auto* s = dynamic_cast<const poker::PokerState*>(&state)) {
    add(out, s->stock());
    add(out, s->discards());
    add(out, s->muck());
    for (Seat seat = 0; seat < s->seat_count(); ++seat) add(out, s->hand(seat));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string snapshot(const GameState& state) {
  std::string out = state.table_view_text();
  for (Seat viewer = kSpectator; viewer < state.seat_count(); ++viewer) {
    out += '\n';
    out += state.seat_fields_text(viewer);
  }
  return out;
}

std::string invariant_problem(const GameState& state, const std::vector<Card>& cards_at_start,
                              Seat viewer, LegalActions* first_legal) {
  if (first_legal != nullptr) *first_legal = LegalActions{};
  std::string problem = waiting_problem(state, first_legal);
  if (problem.empty()) problem = score_problem(state);
  if (problem.empty()) problem = view_problem(state, viewer);
  // Poker mucks and deals no more once the match is over; the others keep their cards.
  if (problem.empty() && !state.match_over() && all_cards(state) != cards_at_start) {
    problem = "cards are not conserved";
  }
  return problem;
}

}  // namespace parlor::fuzz
