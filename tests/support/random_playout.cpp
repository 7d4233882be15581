#include "tests/support/random_playout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "engine/core/written_json.hpp"

namespace parlor::testing {
namespace {

// A move made or tried, as the replay makes or tries it again.
struct Attempt {
  Seat seat;
  Json action;
  bool accepted;
};

// An event as the replay must emit it again: its text, exactly, and who may see it.
std::string event_text(const Event& event) {
  return event.text + " to " + std::to_string(static_cast<int>(event.audience.kind)) + "/" +
         std::to_string(event.audience.seat);
}

void append_texts(const std::vector<Event>& events, std::vector<std::string>& texts) {
  for (const Event& event : events) texts.push_back(event_text(event));
}

void collect_strings(const Json& json, std::set<std::string>& out) {
  if (json.is_string()) {
    out.insert(json.get<std::string>());
  } else if (json.is_structured()) {
    for (const Json& item : json) collect_strings(item, out);
  }
}

// An event's text as a tree, null if it is not JSON. Read as the views are read back
// (written_json.hpp: exactly Json::parse's tree, without its lexer, which took up to a
// tenth of a playout's time here).
Json event_body(const std::string& text) {
  try {
    return parse_written_json(text);
  } catch (const Json::exception&) {
    return nullptr;
  }
}

bool is_snake_case(const std::string& code) {
  return !code.empty() && std::all_of(code.begin(), code.end(),
                                      [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; });
}

// Everything a viewer could see, to prove a rejected move changed nothing.
std::string every_view_text(const GameState& state) {
  std::string text = state.table_view_text();
  for (Seat viewer = kSpectator; viewer < state.seat_count(); ++viewer) {
    text += state.seat_fields_text(viewer);
  }
  return text;
}

// `legal` holds every seat's legal_actions() for this state.
void check_waiting(const GameState& state, const std::vector<LegalActions>& legal) {
  const Waiting wait = state.waiting();
  if (state.match_over()) {
    EXPECT_EQ(wait.mode, WaitMode::kNobody);
    EXPECT_TRUE(wait.seats.empty());
    return;
  }
  ASSERT_NE(wait.mode, WaitMode::kNobody);
  ASSERT_FALSE(wait.seats.empty()) << "nobody to act in a running match";
  if (wait.mode == WaitMode::kTurn) {
    EXPECT_EQ(wait.seats.size(), 1u) << "a turn of two seats";
  }
  std::set<Seat> distinct(wait.seats.begin(), wait.seats.end());
  EXPECT_EQ(distinct.size(), wait.seats.size()) << "a seat waited for twice";
  for (Seat seat = 0; seat < state.seat_count(); ++seat) {
    const bool waited_for = distinct.count(seat) > 0;
    EXPECT_EQ(!legal[seat].actions.empty(), waited_for)
        << "seat " << seat << (waited_for ? " is waited for with no move" : " may move unasked");
  }
  EXPECT_TRUE(*distinct.begin() >= 0 && *distinct.rbegin() < state.seat_count());
}

void check_views(const GameState& state) {
  const Json table = state.table_view();
  const Waiting wait = state.waiting();
  EXPECT_EQ(table["round"], state.round());
  EXPECT_EQ(table["over"], state.match_over());
  EXPECT_EQ(table["scores"], Json(state.scores()));
  EXPECT_EQ(table["waiting"]["mode"], wait_mode_name(wait.mode));
  EXPECT_EQ(table["waiting"]["seats"], Json(wait.seats));
  EXPECT_EQ(table["game"], state.definition().name());
  EXPECT_FALSE(table.contains("viewer"));
  EXPECT_EQ(state.seat_fields(kSpectator), Json({{"viewer", nullptr}}));
  std::set<std::string> on_table;
  collect_strings(table, on_table);
  std::vector<std::set<std::string>> hands(state.seat_count());
  std::vector<Json> own(state.seat_count());
  for (Seat seat = 0; seat < state.seat_count(); ++seat) {
    own[seat] = state.seat_fields(seat);
    EXPECT_EQ(own[seat]["viewer"], seat);
    for (const auto& item : own[seat].items()) {
      EXPECT_FALSE(table.contains(item.key())) << "\"" << item.key() << "\" in both halves";
    }
    if (own[seat].contains("hand")) collect_strings(own[seat]["hand"], hands[seat]);
  }
  for (Seat viewer = 0; viewer < state.seat_count(); ++viewer) {
    std::set<std::string> named;
    collect_strings(own[viewer], named);
    for (Seat other = 0; other < state.seat_count(); ++other) {
      if (other == viewer) continue;
      for (const std::string& card : hands[other]) {
        if (!named.count(card) || hands[viewer].count(card) || on_table.count(card)) continue;
        ADD_FAILURE() << "seat " << viewer << " sees " << card << ", held by seat " << other;
      }
    }
  }
}

// Every seat's legal moves in this state. Listing them can be the dearest step of a
// playout (a Perico turn lists every ordered discard, about 2,000 moves), so a step lists
// them once, for the waiting check, the bad move and the chosen move alike: nothing
// between those changes the state (a refused move leaves every view as it was).
std::vector<LegalActions> every_seats_legal_actions(const GameState& state) {
  std::vector<LegalActions> legal;
  legal.reserve(static_cast<std::size_t>(state.seat_count()));
  for (Seat seat = 0; seat < state.seat_count(); ++seat) legal.push_back(state.legal_actions(seat));
  return legal;
}

void check_end(GameState& state) {
  ASSERT_TRUE(state.match_over());
  ASSERT_NO_FATAL_FAILURE(check_waiting(state, every_seats_legal_actions(state)));
  ASSERT_NO_FATAL_FAILURE(check_views(state));
  ActionResult late = state.apply(0, Json{{"type", "draw"}});
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error->code, "match_over");
  const std::vector<int> places = state.placings();
  ASSERT_EQ(places.size(), static_cast<std::size_t>(state.seat_count()));
  EXPECT_NE(std::count(places.begin(), places.end(), 1), 0) << "no winner";
  for (int place : places) EXPECT_TRUE(place >= 1 && place <= state.seat_count());
}

std::unique_ptr<GameState> start(const GameDefinition& game, const PlayoutTable& table) {
  auto options = game.validate_table(table.options, table.seats);
  EXPECT_TRUE(options) << table.options.dump() << ": " << options.error().message;
  if (!options) return nullptr;
  MatchConfig config;
  config.options = *options;
  config.seats = table.seats;
  config.seed = Seed::from_u64(table.seed);
  config.dealer = table.dealer;
  auto match = game.new_match(config);
  EXPECT_TRUE(match) << match.error().message;
  if (!match) return nullptr;
  return std::move(*match);
}

// One match played to its end, every attempt logged for the replay.
class Playout {
 public:
  Playout(const GameDefinition& game, const PlayoutTable& table, const PlayoutSettings& settings,
          PlayoutChecks* checks, PlayoutStats* stats)
      : game_(game),
        table_(table),
        settings_(settings),
        checks_(checks ? *checks : no_checks_),
        stats_(stats),
        random_bot_(game.make_bot(BotLevel::kRandom)),
        sensible_bot_(game.make_bot(BotLevel::kSensible)),
        rng_(Seed::from_u64(table.seed), 4242) {}

  void run() {
    state_ = start(game_, table_);
    ASSERT_TRUE(state_);
    const std::vector<Event> first_events = state_->take_events();
    ASSERT_NO_FATAL_FAILURE(took_events(first_events));
    ASSERT_NO_FATAL_FAILURE(checks_.at_start(*state_, first_events));
    for (int step = 0; !state_->match_over(); ++step) {
      ASSERT_NO_FATAL_FAILURE(play_step(step));
      if (::testing::Test::HasFailure()) return;
    }
    ASSERT_NO_FATAL_FAILURE(check_end(*state_));
    ASSERT_NO_FATAL_FAILURE(checks_.at_end(*state_));
    if (settings_.check_replay) {
      ASSERT_NO_FATAL_FAILURE(check_replay());
    }
    if (stats_) {
      ++stats_->matches;
      stats_->actions += accepted_;
    }
  }

 private:
  void play_step(int step) {
    GameState& state = *state_;
    ASSERT_LT(step, settings_.max_actions) << "the match does not end";
    legal_ = every_seats_legal_actions(state);
    ASSERT_NO_FATAL_FAILURE(check_waiting(state, legal_));
    if (step < settings_.views_checked_first || step % settings_.view_check_every == 0) {
      ASSERT_NO_FATAL_FAILURE(check_views(state));
    }
    ASSERT_NO_FATAL_FAILURE(try_bad_moves());
    const Waiting wait = state.waiting();
    const Seat seat = wait.seats[rng_.below(wait.seats.size())];
    const Json action = choose_move(seat);
    ASSERT_NO_FATAL_FAILURE(checks_.before_move(state, seat, action));
    const int round = state.round();
    const std::size_t results = state.rounds_finished();
    ActionResult result = state.apply(seat, action);
    ASSERT_TRUE(result.ok()) << "seat " << seat << " " << action.dump() << ": "
                             << result.error->code << " " << result.error->message;
    log_.push_back({seat, action, true});
    ++accepted_;
    const std::vector<Event> events = state.take_events();
    ASSERT_NO_FATAL_FAILURE(took_events(events));
    ASSERT_NO_FATAL_FAILURE(checks_.after_move(state, seat, action, events));
    EXPECT_GE(state.round(), round) << "the round went back";
    EXPECT_GE(state.rounds_finished(), results) << "a round's result vanished";
  }

  // The replay compares the events with the played match's, so they are kept then.
  // Every event, whether written as text or as a tree, must be one JSON object (the
  // update splices its text into an array as it is).
  void took_events(const std::vector<Event>& events) {
    for (const Event& event : events) {
      const Json body = event_body(event.text);
      ASSERT_TRUE(body.is_object()) << "an event is not one JSON object: " << event.text;
      ASSERT_TRUE(body.contains("type")) << event.text;
    }
    if (settings_.check_replay) append_texts(events, event_texts_);
  }

  void try_bad_moves() {
    if (static_cast<int>(rng_.below(100)) < settings_.bad_move_percent) {
      ASSERT_NO_FATAL_FAILURE(try_bad_move());
    }
    if (std::optional<PlayoutMove> bad = checks_.bad_move(*state_, rng_)) {
      ASSERT_NO_FATAL_FAILURE(expect_rejected(bad->seat, bad->action));
    }
  }

  // A bad move every game refuses.
  void try_bad_move() {
    const GameState& state = *state_;
    const Waiting wait = state.waiting();
    const Seat waiting_seat = wait.seats[rng_.below(wait.seats.size())];
    switch (rng_.below(4)) {
      case 0:
        return expect_rejected(waiting_seat, Json::array({"draw"}));
      case 1:
        return expect_rejected(waiting_seat, Json{{"type", "no_such_move"}});
      case 2:
        return expect_rejected(rng_.below(2) ? kSpectator : state.seat_count(),
                               Json{{"type", "draw"}});
      default: {  // a waiting seat's move, made by a seat that is not waited for
        std::vector<Seat> idle;
        for (Seat seat = 0; seat < state.seat_count(); ++seat) {
          if (std::find(wait.seats.begin(), wait.seats.end(), seat) == wait.seats.end()) {
            idle.push_back(seat);
          }
        }
        if (idle.empty()) return;
        const std::vector<Json>& moves = legal_[waiting_seat].actions;
        return expect_rejected(idle[rng_.below(idle.size())], moves[rng_.below(moves.size())]);
      }
    }
  }

  // Refused twice with the same code, changing no view and emitting nothing; the replay
  // tries it again (a refusal that left a trace inside the state would show there).
  void expect_rejected(Seat seat, const Json& action) {
    GameState& state = *state_;
    const std::string before = every_view_text(state);
    ActionResult first = state.apply(seat, action);
    ActionResult second = state.apply(seat, action);
    log_.push_back({seat, action, first.ok()});
    log_.push_back({seat, action, second.ok()});
    ASSERT_FALSE(first.ok()) << "seat " << seat << " made a bad move: " << action.dump();
    ASSERT_FALSE(second.ok());
    EXPECT_TRUE(is_snake_case(first.error->code)) << first.error->code;
    EXPECT_EQ(first.error->code, second.error->code) << "a code that changes: " << action.dump();
    EXPECT_EQ(every_view_text(state), before) << "a rejected move changed a view";
    EXPECT_TRUE(state.take_events().empty()) << "a rejected move emitted events";
    if (stats_) ++stats_->rejections;
  }

  Json choose_move(Seat seat) {
    if (std::optional<Json> chosen = checks_.choose_move(*state_, seat, rng_)) return *chosen;
    const GameState& state = *state_;
    if (static_cast<int>(rng_.below(100)) < settings_.default_percent) {
      return state.default_action(seat);
    }
    // Mostly the bots (uniformly random legal moves alone rarely finish a Carioca contract
    // or a King Pedro match), now and then any move of legal_actions().
    // An incomplete list (Carioca's contracts) holds examples, not all of them playable.
    const LegalActions& legal = legal_[seat];
    const BotPolicy* bot = rng_.below(2) ? sensible_bot_.get() : random_bot_.get();
    if (bot &&
        (!legal.complete || static_cast<int>(rng_.below(100)) >= settings_.legal_list_percent)) {
      return bot->choose(state.view(seat), rng_);
    }
    return legal.actions[rng_.below(legal.actions.size())];
  }

  // The same seed and attempts rebuild the match, event for event; a clone taken halfway
  // goes on the same way.
  void check_replay() {
    auto replay = start(game_, table_);
    ASSERT_TRUE(replay);
    std::vector<std::string> events;
    append_texts(replay->take_events(), events);
    std::unique_ptr<GameState> twin;
    for (std::size_t i = 0; i < log_.size(); ++i) {
      const Attempt& attempt = log_[i];
      if (i == log_.size() / 2) twin = replay->clone();
      ASSERT_EQ(replay->apply(attempt.seat, attempt.action).ok(), attempt.accepted)
          << "replay move " << i << ": " << attempt.action.dump();
      append_texts(replay->take_events(), events);
      if (!twin) continue;
      ASSERT_EQ(twin->apply(attempt.seat, attempt.action).ok(), attempt.accepted)
          << "clone move " << i;
      twin->take_events();
    }
    const GameState& played = *state_;
    EXPECT_EQ(events, event_texts_);
    EXPECT_EQ(every_view_text(*replay), every_view_text(played));
    EXPECT_EQ(replay->scores(), played.scores());
    EXPECT_EQ(replay->round_results(), played.round_results());
    // Each round's text, as the server journals it and the history serves it, is an object,
    // written as a tree of it would be dumped (members in order, nothing between tokens):
    // a game that writes its result by hand keeps the journal's text as it was.
    for (std::size_t round = 0; round < played.rounds_finished(); ++round) {
      const std::string& text = played.round_result_text(round);
      const Json result = Json::parse(text);
      EXPECT_TRUE(result.is_object()) << "round " << round + 1;
      EXPECT_EQ(result.dump(), text) << "round " << round + 1;
    }
    EXPECT_EQ(replay->deals_started(), played.deals_started());
    if (twin) {
      EXPECT_EQ(every_view_text(*twin), every_view_text(played));
    }
  }

  const GameDefinition& game_;
  const PlayoutTable& table_;
  const PlayoutSettings& settings_;
  PlayoutChecks no_checks_;  // what a playout without a game's own checks runs
  PlayoutChecks& checks_;
  PlayoutStats* stats_;
  std::unique_ptr<BotPolicy> random_bot_;
  std::unique_ptr<BotPolicy> sensible_bot_;
  Rng rng_;
  std::unique_ptr<GameState> state_;
  std::vector<Attempt> log_;
  std::vector<LegalActions> legal_;  // every seat's, listed once per step for its state
  long accepted_ = 0;
  std::vector<std::string> event_texts_;  // every event of the match, in order
};

}  // namespace

void random_playout(const GameDefinition& game, const PlayoutTable& table,
                    const PlayoutSettings& settings, PlayoutChecks* checks, PlayoutStats* stats) {
  SCOPED_TRACE(game.name() + " " + table.options.dump() + ", " + std::to_string(table.seats) +
               " seats, seed " + std::to_string(table.seed));
  Playout playout(game, table, settings, checks, stats);
  playout.run();
}

std::vector<Json> option_variants(const GameDefinition& game) {
  std::vector<Json> variants = {Json::object()};
  for (const OptionSpec& spec : game.option_schema().specs()) {
    std::vector<Json> values;
    if (spec.type == OptionType::kChoice) values = spec.choices;
    if (spec.type == OptionType::kBool) values = {true, false};
    for (const Json& value : values) {
      if (value != spec.default_value) variants.push_back(Json{{spec.name, value}});
    }
  }
  return variants;
}

}  // namespace parlor::testing
