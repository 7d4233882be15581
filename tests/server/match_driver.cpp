#include "tests/server/match_driver.hpp"

#include <algorithm>
#include <set>

#include "engine/core/card.hpp"
#include "tests/secrecy/secrecy_checker.hpp"
#include "tests/server/test_patience.hpp"

namespace parlor::testing {
namespace {

bool waits_for(const Json& view, int seat) {
  if (!view.is_object() || view.value("over", false)) return false;
  const Json& seats = view["waiting"]["seats"];
  return std::find(seats.begin(), seats.end(), Json(seat)) != seats.end();
}

void handle_message(TablePlayer& player, const Json& message, MatchLog& log) {
  const std::string type = message.value("type", "");
  if (type == "update") {
    player.view = message["view"];
    player.dirty = true;
  } else if (type == "accepted" && message.value("id", 0LL) == player.pending_id) {
    log.actions[message["seq"].get<std::int64_t>()] = {player.seat, player.pending_action};
    player.pending_id = 0;
    player.rejections = 0;  // counts rejections in a row (claim windows race)
    player.dirty = false;   // updates before this reply are stale; this action's comes next
  } else if (type == "error" && message.value("id", 0LL) == player.pending_id &&
             player.pending_id != 0) {
    ++player.rejections;
    ++log.rejections;
    player.last_rejection = player.pending_action.dump() + " -> " + message.dump();
    player.pending_id = 0;
    player.dirty = true;
  } else if (type == "match_over") {
    player.over = true;
    player.match_over = message;
  }
}

std::set<std::string> card_set(const Json& value) {
  std::multiset<std::string> cards;
  collect_cards(value, cards);
  return {cards.begin(), cards.end()};
}

Json without_last_round(Json view) {
  if (view.is_object()) view.erase("last_round");
  return view;
}

}  // namespace

void collect_cards(const Json& value, std::multiset<std::string>& cards) {
  std::vector<std::string> codes;
  collect_card_codes(value, codes);
  cards.insert(codes.begin(), codes.end());
}

bool drive_match(ClientPool& pool, const std::string& room_id, std::vector<TablePlayer>& players,
                 MatchLog& log, std::chrono::milliseconds timeout, std::string& failure,
                 std::uint64_t rng_seed) {
  Rng rng(Seed::from_u64(rng_seed), 99);
  long long next_id = 1'000'000;
  auto deadline = std::chrono::steady_clock::now() + patience(timeout);
  for (;;) {
    pool.pump(1ms);
    bool all_over = true;
    for (TablePlayer& player : players) {
      while (!player.client->inbox.empty()) {
        Json message = std::move(player.client->inbox.front());
        player.client->inbox.pop_front();
        handle_message(player, message, log);
      }
      all_over = all_over && player.over;
      if (player.client->closed && !player.over) {
        failure = "seat " + std::to_string(player.seat) + "'s connection closed";
        return false;
      }
      if (player.rejections > 50) {
        failure = "seat " + std::to_string(player.seat) +
                  ": too many rejected moves; last: " + player.last_rejection +
                  "\nlast view: " + player.view.dump().substr(0, 3000);
        return false;
      }
    }
    if (all_over) return true;
    if (std::chrono::steady_clock::now() > deadline) {
      failure = "the match did not end in time; last seq " +
                std::to_string(log.actions.empty() ? 0 : log.actions.rbegin()->first);
      for (const TablePlayer& p : players) {
        failure += "\nseat " + std::to_string(p.seat) + (p.over ? " over" : "") +
                   (p.pending_id ? " awaiting a reply" : "") +
                   " waiting=" + p.view["waiting"].dump() +
                   " rejections=" + std::to_string(p.rejections) + " " + p.last_rejection;
      }
      return false;
    }
    for (TablePlayer& player : players) {
      if (player.over || player.pending_id != 0 || !player.dirty) continue;
      player.dirty = false;
      if (!waits_for(player.view, player.seat)) continue;
      player.pending_action = player.policy->choose(player.view, rng);
      player.pending_id = next_id++;
      player.client->send({{"type", "action"},
                           {"id", player.pending_id},
                           {"room", room_id},
                           {"action", player.pending_action}});
    }
  }
}

std::vector<Json> updates_of(const WsClient& client, int match) {
  std::vector<Json> updates;
  for (const std::string& frame : client.frames) {
    Json message = Json::parse(frame, nullptr, false);
    if (message.value("type", "") == "update" && message.value("match", 0) == match) {
      updates.push_back(std::move(message));
    }
  }
  return updates;
}

std::vector<std::string> verify_frames(const GameDefinition& game, const Json& options, int seats,
                                       const Json& match_over, const MatchLog& log,
                                       const std::vector<std::vector<Json>>& seat_updates,
                                       const std::vector<Json>& spectator_updates) {
  std::vector<std::string> problems;
  auto problem = [&](std::string text) {
    if (problems.size() < 20) problems.push_back(std::move(text));
  };
  auto seed = Seed::from_hex(match_over.value("seed", ""));
  if (!seed) return {"match_over carries no valid seed"};
  MatchConfig config;
  config.options = options;
  config.seats = seats;
  config.seed = *seed;
  config.dealer = match_over.value("first_dealer", 0);
  auto created = game.new_match(config);
  if (!created) return {"the match does not replay: " + created.error().message};
  std::unique_ptr<GameState> state = std::move(created.value());
  const std::int64_t total = match_over.value("actions", -1);
  if (total != static_cast<std::int64_t>(log.actions.size())) {
    problem("the server counted " + std::to_string(total) + " actions, the clients " +
            std::to_string(log.actions.size()));
  }
  // Per seq: the engine's events and each viewer's exact view.
  struct Step {
    std::vector<Event> events;
    std::vector<Json> views;  // per seat, then the spectator last
    bool round_changed = false;
  };
  std::vector<Step> steps;
  auto snapshot = [&](bool round_changed) {
    Step step;
    step.events = state->take_events();
    for (int s = 0; s < seats; ++s) step.views.push_back(state->view(s));
    step.views.push_back(state->view(kSpectator));
    step.round_changed = round_changed;
    steps.push_back(std::move(step));
  };
  snapshot(false);
  for (std::int64_t seq = 1; seq <= total; ++seq) {
    auto it = log.actions.find(seq);
    if (it == log.actions.end()) {
      problem("no action known for seq " + std::to_string(seq));
      return problems;
    }
    int round = state->round();
    auto result = state->apply(it->second.first, it->second.second);
    if (!result.ok()) {
      problem("seq " + std::to_string(seq) + " does not replay: " + result.error->code);
      return problems;
    }
    // A round's end (or the match's) reveals hands: the same cards may still be held.
    snapshot(state->round() != round || state->match_over());
  }

  // 1. Exactly the engine's view and the events addressed to the receiver.
  auto check_exact = [&](const std::vector<Json>& updates, int viewer, const std::string& who) {
    if (updates.size() != steps.size()) {
      problem(who + " received " + std::to_string(updates.size()) + " updates, expected " +
              std::to_string(steps.size()));
      return;
    }
    for (std::size_t n = 0; n < steps.size(); ++n) {
      const Json& update = updates[n];
      if (update.value("seq", -1LL) != static_cast<long long>(n)) {
        problem(who + ": update " + std::to_string(n) + " has seq " + update["seq"].dump());
        continue;
      }
      std::size_t index =
          viewer == kSpectator ? static_cast<std::size_t>(seats) : static_cast<std::size_t>(viewer);
      if (update["view"] != steps[n].views[index]) {
        problem(who + ": the view at seq " + std::to_string(n) + " differs from the engine's");
      }
      Json expected = Json::array();
      for (const Event& event : steps[n].events) {
        if (event.audience.includes(viewer)) expected.push_back(event.body());
      }
      if (update["events"] != expected) {
        problem(who + ": the events at seq " + std::to_string(n) + " differ from the engine's");
      }
    }
  };
  for (int s = 0; s < seats; ++s) check_exact(seat_updates[s], s, "seat " + std::to_string(s));
  check_exact(spectator_updates, kSpectator, "the spectator");
  if (!problems.empty()) return problems;

  // 2. No card of another seat's hand reaches a receiver (and no hand card a spectator).
  // Cards that exist more than once: jokers are all alike ("JK": Perico's two, one may lie
  // on the pile while the other is held), and any card held twice at once.
  std::set<std::string> duplicated = {Card::joker().str()};
  // Where a card string does not say who holds it, this check cannot attribute it: in a
  // double deck (Carioca) every card has a twin that may lie face up while the other is
  // held, and in Poker a seat's own discards go back into the stock and reach others.
  // For those the exact check above covers every frame, and the games' own playouts
  // check their hands' secrecy with full knowledge of the game.
  const bool ambiguous_cards = game.name() == "carioca" || game.name() == "poker";
  for (const Step& step : steps) {
    std::multiset<std::string> all_hands;
    for (int s = 0; s < seats; ++s) collect_cards(step.views[s]["hand"], all_hands);
    for (const auto& card : all_hands) {
      if (all_hands.count(card) > 1) duplicated.insert(card);
    }
  }
  // Cards that entered a hand in public (taken from a face-up pile, named in a public
  // event) are known to be there: everyone may see them until they leave that hand.
  std::vector<std::set<std::string>> known(static_cast<std::size_t>(seats));
  std::vector<std::set<std::string>> previous(static_cast<std::size_t>(seats));
  for (std::size_t n = 0; n < steps.size(); ++n) {
    std::vector<std::set<std::string>> hands;
    for (int s = 0; s < seats; ++s) hands.push_back(card_set(steps[n].views[s]["hand"]));
    const Json& spectator = spectator_updates[n];
    std::set<std::string> announced = card_set(spectator["events"]);
    for (int s = 0; s < seats; ++s) {
      std::set<std::string> still;
      for (const auto& card : known[s]) {
        if (hands[s].contains(card)) still.insert(card);
      }
      for (const auto& card : hands[s]) {
        if (!previous[s].contains(card) && announced.contains(card)) still.insert(card);
      }
      known[s] = std::move(still);
      previous[s] = hands[s];
    }
    auto secret_in = [&](int s, const std::string& card) {
      return hands[s].contains(card) && !known[s].contains(card);
    };
    std::set<std::string> public_cards = card_set(spectator["view"]);
    for (const auto& c : card_set(spectator["events"])) public_cards.insert(c);
    for (int v = 0; v < seats; ++v) {
      const Json& update = seat_updates[v][n];
      std::set<std::string> seen = card_set(update["view"]);
      for (const auto& c : card_set(update["events"])) seen.insert(c);
      for (const std::string& card : seen) {
        if (ambiguous_cards || hands[v].contains(card) || public_cards.contains(card)) continue;
        for (int s = 0; s < seats; ++s) {
          if (s != v && secret_in(s, card)) {
            problem("seq " + std::to_string(n) + ": seat " + std::to_string(v) + " was sent " +
                    card + " from seat " + std::to_string(s) + "'s hand");
          }
        }
      }
    }
    std::set<std::string> spectator_seen = card_set(without_last_round(spectator["view"]));
    if (!steps[n].round_changed) {  // a round's end legitimately shows the old hands
      for (const auto& c : card_set(spectator["events"])) spectator_seen.insert(c);
    }
    for (const std::string& card : spectator_seen) {
      if (ambiguous_cards || duplicated.contains(card)) continue;
      for (int s = 0; s < seats; ++s) {
        if (secret_in(s, card)) {
          problem("seq " + std::to_string(n) + ": the spectator was sent " + card + " from seat " +
                  std::to_string(s) + "'s hand");
        }
      }
    }
  }
  return problems;
}

}  // namespace parlor::testing
