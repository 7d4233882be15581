#include "tests/secrecy/secrecy_checker.hpp"

#include <algorithm>
#include <cctype>

#include "engine/core/rng.hpp"
#include "engine/core/written_json.hpp"

namespace parlor::testing {
namespace {

CardCounts counts_of(const std::vector<Card>& cards) {
  CardCounts counts;
  for (const Card& card : cards) ++counts[card.str()];
  return counts;
}

void add_counts(CardCounts& into, const std::vector<Card>& cards) {
  for (const Card& card : cards) ++into[card.str()];
}

// The most copies of each card seen in either: a record of several rounds may name
// a card once per round.
void merge_max(CardCounts& into, const CardCounts& from) {
  for (const auto& [card, count] : from) into[card] = std::max(into[card], count);
}

// Perico: a round that ends at its deal (a complete hand dealt) shows that deal's hands,
// and its deal turned up a card for everyone, within the one action (or the match's
// start) that then deals again: those cards lie in no step's zones. The hands are in the
// round's record; the turned-up cards in the public "deal" events of `events`. A round
// ended by a complete hand comes about once in fifty Perico rounds, one at its deal far
// more rarely; the server test met one in a run of its 40 Perico matches.
void add_cards_shown_at_deal(const GameState& state, std::size_t first_round,
                             const std::vector<Event>& events, CardCounts& shown) {
  bool ended_at_deal = false;
  for (std::size_t r = first_round; r < state.rounds_finished(); ++r) {
    const Json record = parse_written_json(state.round_result_text(r));
    if (record.value("reason", "") != "complete_at_deal") continue;
    ended_at_deal = true;
    for (const Json& hand : record["hands"]) {
      for (const Json& card : hand["cards"]) ++shown[card.get<std::string>()];
    }
  }
  if (!ended_at_deal) return;
  for (const Event& event : events) {
    if (event.audience.kind != Audience::Kind::kEveryone) continue;
    const Json body = event.body();
    if (body.value("type", "") != "deal" || !body.contains("discard_pile")) continue;
    for (const Json& card : body["discard_pile"]) ++shown[card.get<std::string>()];
  }
}

bool has(const CardCounts& counts, const std::string& card) {
  auto it = counts.find(card);
  return it != counts.end() && it->second > 0;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Splits a message into what describes the table now and what records finished rounds
// (the revealed hands of `last_round` and of a match's results).
void split_record_parts(Json message, Json& now, Json& records) {
  records = Json::array();
  if (message.contains("view") && message["view"].is_object()) {
    if (message["view"].contains("last_round")) {
      records.push_back(message["view"]["last_round"]);
      message["view"].erase("last_round");
    }
  }
  for (const char* key : {"results", "rounds"}) {
    if (message.contains(key)) {
      records.push_back(message[key]);
      message.erase(key);
    }
  }
  now = std::move(message);
}

}  // namespace

void collect_card_codes(const Json& value, std::vector<std::string>& cards,
                        std::vector<std::string>* paths, const std::string& path) {
  if (value.is_string()) {
    const std::string& text = value.get_ref<const std::string&>();
    if (text.size() < 2 || text.size() > 4) return;
    for (Notation notation : {Notation::kStandard, Notation::kTarot}) {
      auto card = parse_card(text, notation);
      if (card && card->str() == text) {
        cards.push_back(text);
        if (paths) paths->push_back(path);
        return;
      }
    }
    return;
  }
  if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      collect_card_codes(value[i], cards, paths, path + "/" + std::to_string(i));
    }
  } else if (value.is_object()) {
    // Carioca's melds say what each joker stands for ({"index": 2, "as": "5S"}) and a
    // straight's ends ("low", "high") as cards: values, not physical cards.
    const bool is_meld = value.contains("jokers") && value.contains("kind");
    const bool is_joker_entry = value.contains("index") && value.contains("as");
    for (const auto& [key, item] : value.items()) {
      if (is_meld && (key == "low" || key == "high")) continue;
      if (is_joker_entry && key == "as") continue;
      collect_card_codes(item, cards, paths, path + "/" + key);
    }
  }
}

MatchRecord MatchRecord::from_history(const Json& record) {
  MatchRecord out;
  out.game = record.value("game", "");
  out.options = record.value("options", Json::object());
  out.seats = static_cast<int>(record.value("seats", Json::array()).size());
  out.seed_hex = record.value("seed", "");
  out.first_dealer = record.value("first_dealer", 0);
  std::vector<std::pair<std::int64_t, std::pair<int, Json>>> by_seq;
  for (const Json& row : record.value("actions", Json::array())) {
    by_seq.push_back({row.value("seq", 0LL), {row.value("seat", 0), row["action"]}});
  }
  std::sort(by_seq.begin(), by_seq.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [seq, action] : by_seq) out.actions.push_back(std::move(action));
  return out;
}

SecrecyChecker::SecrecyChecker(const GameDefinition& game, const MatchRecord& record)
    : game_(record.game), seats_(record.seats), seed_hex_(lower(record.seed_hex)) {
  auto seed = Seed::from_hex(record.seed_hex);
  if (!seed) {
    replay_problems_.push_back("the record has no valid seed");
    return;
  }
  MatchConfig config;
  config.options = record.options;
  config.seats = record.seats;
  config.seed = *seed;
  config.dealer = record.first_dealer;
  auto created = game.new_match(config);
  if (!created) {
    replay_problems_.push_back("the match does not replay: " + created.error().message);
    return;
  }
  std::unique_ptr<GameState> state = std::move(created.value());
  steps_.push_back({zones_of(*state), state->rounds_finished() > 0, {}, {}, {}});
  add_cards_shown_at_deal(*state, 0, state->take_events(), steps_.back().revealed_now);
  steps_.back().revealed_ever = steps_.back().revealed_now;
  if (steps_.back().zones.empty()) {
    replay_problems_.push_back("no card zones known for " + game_);
    return;
  }
  std::size_t seq = 0;
  for (const auto& [seat, action] : record.actions) {
    ++seq;
    // A deal ends with a new round, or with a new deal of the same round (Perico deals
    // again when a round ends without a winner), or with the match.
    const int round = state->round();
    const int deals = state->deals_started();
    const std::size_t rounds_finished = state->rounds_finished();
    auto result = state->apply(seat, action);
    const std::vector<Event> events = state->take_events();
    if (!result.ok()) {
      replay_problems_.push_back("seq " + std::to_string(seq) +
                                 " does not replay: " + result.error->code);
      return;
    }
    const Step& before = steps_.back();
    Step step{zones_of(*state),
              state->round() != round || state->deals_started() != deals || state->match_over(),
              {},
              {},
              before.revealed_ever};
    step.in_passing = shown_in_passing(game_, before.zones, step.zones, seat);
    if (step.round_ended) {
      // A round's end shows the table and the hands still in play, except in Poker a
      // hand nobody called: a seat folding as this action ends the deal keeps its
      // cards hidden, and a single hand left standing is not shown.
      const bool folded = action.value("type", "") == "fold";
      std::vector<const CardZone*> shown_hands;
      for (const CardZone& zone : before.zones) {
        if (zone.audience == ZoneAudience::kEveryone) add_counts(step.revealed_now, zone.cards);
        if (!zone.is_hand || zone.cards.empty()) continue;
        if (game_ == "poker" && folded && zone.audience == seat) continue;
        shown_hands.push_back(&zone);
      }
      if (game_ != "poker" || shown_hands.size() >= 2) {
        for (const CardZone* zone : shown_hands) add_counts(step.revealed_now, zone->cards);
        // A draw after which nobody can bet (the others all in) goes straight to the
        // showdown: the drawer's hand is shown with the cards it was just served.
        if (game_ == "poker" && action.value("type", "") == "draw") {
          add_counts(step.revealed_now, poker_cards_served(before.zones, action));
        }
      }
      add_cards_shown_at_deal(*state, rounds_finished, events, step.revealed_now);
      merge_max(step.revealed_ever, step.revealed_now);
    }
    steps_.push_back(std::move(step));
  }
}

CardCounts SecrecyChecker::visible(std::size_t step, int viewer) const {
  CardCounts counts;
  for (const CardZone& zone : steps_[step].zones) {
    if (zone.visible_to(viewer)) add_counts(counts, zone.cards);
  }
  return counts;
}

std::string SecrecyChecker::hidden_places(std::size_t step, int viewer,
                                          const std::string& card) const {
  std::string places;
  for (const CardZone& zone : steps_[step].zones) {
    if (zone.visible_to(viewer) || !has(counts_of(zone.cards), card)) continue;
    places += (places.empty() ? "" : ", ") + zone.name;
  }
  return places;
}

void SecrecyChecker::check_message(std::size_t step, int viewer, const Json& message,
                                   const std::string& who, std::vector<std::string>& leaks,
                                   SecrecyCounts& counts) const {
  const std::string at = "seq " + std::to_string(step) + ": " + who;
  // A card may be named when one of its physical copies lies where the receiver may see
  // it now, or did just before this action (the card it just played, passed or
  // discarded face down), or was shown as this action ended a round.
  const CardCounts now = visible(step, viewer);
  const CardCounts before = step > 0 ? visible(step - 1, viewer) : CardCounts{};
  const Step& current = steps_[step];
  auto allowed_now = [&](const std::string& card) {
    return has(now, card) || has(before, card) || has(current.in_passing, card) ||
           (current.round_ended && has(current.revealed_now, card));
  };
  auto report = [&](const std::string& card, const std::string& path) {
    std::string places = hidden_places(step, viewer, card);
    if (places.empty()) places = "no place in this match";
    leaks.push_back(at + " was sent " + card + " (at " + path + " of a " +
                    message.value("type", "?") + " frame), which lies in " + places);
  };
  Json table_part, record_part;
  split_record_parts(message, table_part, record_part);
  std::vector<std::string> cards, paths;
  collect_card_codes(table_part, cards, &paths);
  for (std::size_t i = 0; i < cards.size(); ++i) {
    ++counts.cards;
    if (!allowed_now(cards[i])) {
      report(cards[i], paths[i]);
    }
  }
  cards.clear();
  paths.clear();
  collect_card_codes(record_part, cards, &paths, "(round record)");
  for (std::size_t i = 0; i < cards.size(); ++i) {
    ++counts.cards;
    if (!allowed_now(cards[i]) && !has(current.revealed_ever, cards[i])) {
      report(cards[i], paths[i]);
    }
  }
  // A seat's own hand, copy for copy (two decks: both copies when it holds both).
  if (message.value("type", "") == "update" && message.contains("view")) {
    const Json& view = message["view"];
    if (viewer == kSpectator && view.contains("hand")) {
      leaks.push_back(at + "'s view has a hand");
    } else if (viewer >= 0 && view.contains("hand") && view["hand"].is_array()) {
      std::vector<std::string> held;
      collect_card_codes(view["hand"], held);
      CardCounts shown;
      for (const auto& card : held) ++shown[card];
      CardCounts actual;
      for (const CardZone& zone : current.zones) {
        if (zone.name == "hand " + std::to_string(viewer)) actual = counts_of(zone.cards);
      }
      if (shown != actual) leaks.push_back(at + "'s hand differs from the engine's hand");
    }
  }
}

std::vector<std::string> SecrecyChecker::check_frames(int viewer,
                                                      const std::vector<std::string>& frames,
                                                      SecrecyCounts& counts) const {
  std::vector<std::string> leaks;
  if (!replay_problems_.empty()) return replay_problems_;
  const std::string who = viewer == kSpectator ? "the spectator" : "seat " + std::to_string(viewer);
  std::size_t step = 0;
  bool seed_revealed = false;
  for (const std::string& text : frames) {
    ++counts.frames;
    Json message = Json::parse(text, nullptr, false);
    if (message.is_discarded()) {
      leaks.push_back(who + " got a frame that is not JSON");
      continue;
    }
    const std::string type = message.value("type", "");
    if (type == "update" && message.contains("seq")) {
      const auto seq = message["seq"].get<std::int64_t>();
      if (seq < 0 || static_cast<std::size_t>(seq) >= steps_.size()) {
        leaks.push_back(who + " got an update for seq " + std::to_string(seq) +
                        ", past the match's end");
        continue;
      }
      step = static_cast<std::size_t>(seq);
    }
    if (type == "match_over") seed_revealed = true;
    if (!seed_revealed && !seed_hex_.empty() && lower(text).find(seed_hex_) != std::string::npos) {
      leaks.push_back("seq " + std::to_string(step) + ": " + who + " was sent the seed in a " +
                      type + " frame before match_over");
    }
    check_message(step, viewer, message, who, leaks, counts);
    if (leaks.size() > 20) break;
  }
  return leaks;
}

std::vector<std::string> SecrecyChecker::check_public(const std::string& what,
                                                      const std::string& body, std::int64_t seq,
                                                      SecrecyCounts& counts) const {
  std::vector<std::string> leaks;
  if (!replay_problems_.empty()) return replay_problems_;
  ++counts.frames;
  if (!seed_hex_.empty() && lower(body).find(seed_hex_) != std::string::npos) {
    leaks.push_back(what + " shows the seed of a live match");
  }
  Json json = Json::parse(body, nullptr, false);
  if (json.is_discarded()) return leaks;  // /metrics: text, checked for the seed only
  for (const char* secret : {"seed", "actions"}) {
    if (json.is_object() && json.contains(secret) && !json[secret].is_null()) {
      leaks.push_back(what + " shows the " + secret + " of a live match");
    }
  }
  const auto step = static_cast<std::size_t>(
      std::clamp<std::int64_t>(seq, 0, static_cast<std::int64_t>(steps_.size()) - 1));
  check_message(step, kSpectator, json, what, leaks, counts);
  return leaks;
}

}  // namespace parlor::testing
