#include "tests/support/random_playout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

namespace parlor::testing {
namespace {

struct Move {
  Seat seat;
  Json action;
};

void collect_strings(const Json& json, std::set<std::string>& out) {
  if (json.is_string()) {
    out.insert(json.get<std::string>());
  } else if (json.is_structured()) {
    for (const Json& item : json) collect_strings(item, out);
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

void check_waiting(const GameState& state) {
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
    EXPECT_EQ(!state.legal_actions(seat).actions.empty(), waited_for)
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

void expect_rejected(GameState& state, Seat seat, const Json& action, PlayoutStats* stats) {
  const std::string before = every_view_text(state);
  ActionResult first = state.apply(seat, action);
  ActionResult second = state.apply(seat, action);
  ASSERT_FALSE(first.ok()) << "seat " << seat << " made a bad move: " << action.dump();
  ASSERT_FALSE(second.ok());
  EXPECT_TRUE(is_snake_case(first.error->code)) << first.error->code;
  EXPECT_EQ(first.error->code, second.error->code) << "a code that changes: " << action.dump();
  EXPECT_EQ(every_view_text(state), before) << "a rejected move changed a view";
  EXPECT_TRUE(state.take_events().empty()) << "a rejected move emitted events";
  if (stats) ++stats->rejections;
}

void try_bad_move(GameState& state, Rng& rng, PlayoutStats* stats) {
  const Waiting wait = state.waiting();
  const Seat waiting_seat = wait.seats[rng.below(wait.seats.size())];
  switch (rng.below(4)) {
    case 0:
      expect_rejected(state, waiting_seat, Json::array({"draw"}), stats);
      return;
    case 1:
      expect_rejected(state, waiting_seat, Json{{"type", "no_such_move"}}, stats);
      return;
    case 2:
      expect_rejected(state, rng.below(2) ? kSpectator : state.seat_count(), Json{{"type", "draw"}},
                      stats);
      return;
    default: {  // a waiting seat's move, made by a seat that is not waited for
      std::vector<Seat> idle;
      for (Seat seat = 0; seat < state.seat_count(); ++seat) {
        if (std::find(wait.seats.begin(), wait.seats.end(), seat) == wait.seats.end()) {
          idle.push_back(seat);
        }
      }
      if (idle.empty()) return;
      const std::vector<Json> moves = state.legal_actions(waiting_seat).actions;
      expect_rejected(state, idle[rng.below(idle.size())], moves[rng.below(moves.size())], stats);
    }
  }
}

Json choose_move(const GameState& state, Seat seat, const std::vector<const BotPolicy*>& bots,
                 const PlayoutSettings& settings, Rng& rng) {
  if (static_cast<int>(rng.below(100)) < settings.default_percent) {
    return state.default_action(seat);
  }
  // Mostly the bots (uniformly random legal moves alone rarely finish a Carioca contract
  // or a King Pedro match), now and then any move of legal_actions().
  // An incomplete list (Carioca's contracts) holds examples, not all of them playable.
  const LegalActions legal = state.legal_actions(seat);
  const BotPolicy* bot = bots[rng.below(bots.size())];
  if (bot && (!legal.complete || static_cast<int>(rng.below(100)) >= settings.legal_list_percent)) {
    return bot->choose(state.view(seat), rng);
  }
  return legal.actions[rng.below(legal.actions.size())];
}

void check_end(GameState& state) {
  ASSERT_TRUE(state.match_over());
  ASSERT_NO_FATAL_FAILURE(check_waiting(state));
  ASSERT_NO_FATAL_FAILURE(check_views(state));
  ActionResult late = state.apply(0, Json{{"type", "draw"}});
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error->code, "match_over");
  const std::vector<int> places = state.placings();
  ASSERT_EQ(places.size(), static_cast<std::size_t>(state.seat_count()));
  EXPECT_NE(std::count(places.begin(), places.end(), 1), 0) << "no winner";
  for (int place : places) EXPECT_TRUE(place >= 1 && place <= state.seat_count());
}

std::unique_ptr<GameState> start(const GameDefinition& game, const Json& options, int seats,
                                 std::uint64_t seed) {
  auto table = game.validate_table(options, seats);
  EXPECT_TRUE(table) << options.dump() << ": " << table.error().message;
  if (!table) return nullptr;
  MatchConfig config;
  config.options = *table;
  config.seats = seats;
  config.seed = Seed::from_u64(seed);
  auto match = game.new_match(config);
  EXPECT_TRUE(match) << match.error().message;
  if (!match) return nullptr;
  return std::move(*match);
}

// The same seed and moves rebuild the match; a clone taken halfway goes on the same way.
void check_replay(const GameDefinition& game, const Json& options, int seats, std::uint64_t seed,
                  const std::vector<Move>& log, const GameState& played) {
  auto replay = start(game, options, seats, seed);
  ASSERT_TRUE(replay);
  std::unique_ptr<GameState> twin;
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (i == log.size() / 2) twin = replay->clone();
    ASSERT_TRUE(replay->apply(log[i].seat, log[i].action).ok()) << "replay move " << i;
    if (twin) {
      ASSERT_TRUE(twin->apply(log[i].seat, log[i].action).ok()) << "clone move " << i;
    }
  }
  EXPECT_EQ(every_view_text(*replay), every_view_text(played));
  EXPECT_EQ(replay->round_results(), played.round_results());
  EXPECT_EQ(replay->deals_started(), played.deals_started());
  if (twin) {
    EXPECT_EQ(every_view_text(*twin), every_view_text(played));
  }
}

}  // namespace

void random_playout(const GameDefinition& game, const Json& options, int seats, std::uint64_t seed,
                    const PlayoutSettings& settings, PlayoutChecks* checks, PlayoutStats* stats) {
  SCOPED_TRACE(game.name() + " " + options.dump() + ", " + std::to_string(seats) + " seats, seed " +
               std::to_string(seed));
  auto match = start(game, options, seats, seed);
  ASSERT_TRUE(match);
  GameState& state = *match;
  state.take_events();
  auto random_bot = game.make_bot(BotLevel::kRandom);
  auto sensible_bot = game.make_bot(BotLevel::kSensible);
  const std::vector<const BotPolicy*> bots = {random_bot.get(), sensible_bot.get()};
  Rng rng(Seed::from_u64(seed), 4242);
  std::vector<Move> log;
  int round = state.round();
  std::size_t results = state.round_results().size();
  for (int step = 0; !state.match_over(); ++step) {
    ASSERT_LT(step, settings.max_actions) << "the match does not end";
    ASSERT_NO_FATAL_FAILURE(check_waiting(state));
    if (step < settings.views_checked_first || step % settings.view_check_every == 0) {
      ASSERT_NO_FATAL_FAILURE(check_views(state));
    }
    if (static_cast<int>(rng.below(100)) < settings.bad_move_percent) {
      ASSERT_NO_FATAL_FAILURE(try_bad_move(state, rng, stats));
    }
    const Waiting wait = state.waiting();
    const Seat seat = wait.seats[rng.below(wait.seats.size())];
    const Json action = choose_move(state, seat, bots, settings, rng);
    ActionResult result = state.apply(seat, action);
    ASSERT_TRUE(result.ok()) << "seat " << seat << " " << action.dump() << ": "
                             << result.error->code << " " << result.error->message;
    log.push_back({seat, action});
    const std::vector<Event> events = state.take_events();
    if (checks) {
      ASSERT_NO_FATAL_FAILURE(checks->after_move(state, seat, action, events));
    }
    EXPECT_GE(state.round(), round) << "the round went back";
    EXPECT_GE(state.round_results().size(), results) << "a round's result vanished";
    round = state.round();
    results = state.round_results().size();
    if (::testing::Test::HasFailure()) return;
  }
  ASSERT_NO_FATAL_FAILURE(check_end(state));
  if (settings.check_replay) {
    ASSERT_NO_FATAL_FAILURE(check_replay(game, options, seats, seed, log, state));
  }
  if (stats) {
    ++stats->matches;
    stats->actions += static_cast<long>(log.size());
  }
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
