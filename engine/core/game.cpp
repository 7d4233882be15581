#include "engine/core/game.hpp"

#include <algorithm>
#include <limits>

#include "engine/core/seat_figures.hpp"
#include "engine/core/written_json.hpp"

namespace parlor {

bool Audience::includes(Seat viewer) const {
  switch (kind) {
    case Kind::kEveryone:
      return true;
    case Kind::kOnlySeat:
      return viewer == seat;
    case Kind::kAllButSeat:
      return viewer != seat;
  }
  return false;
}

std::string wait_mode_name(WaitMode mode) {
  switch (mode) {
    case WaitMode::kNobody:
      return "nobody";
    case WaitMode::kTurn:
      return "turn";
    case WaitMode::kSimultaneous:
      return "simultaneous";
    case WaitMode::kClaim:
      return "claim";
  }
  return "nobody";
}

std::string bot_level_name(BotLevel level) {
  switch (level) {
    case BotLevel::kRandom:
      return "random";
    case BotLevel::kSensible:
      return "sensible";
    case BotLevel::kExpert:
      return "expert";
  }
  return "sensible";
}

std::optional<BotLevel> parse_bot_level(const std::string& name) {
  if (name == "random") return BotLevel::kRandom;
  if (name == "sensible" || name.empty()) return BotLevel::kSensible;
  if (name == "expert") return BotLevel::kExpert;
  return std::nullopt;
}

ActionResult GameState::apply(Seat seat, const Json& action) {
  if (match_over()) return ActionResult::rejected("match_over", "the match is over");
  if (seat < 0 || seat >= seat_count()) {
    return ActionResult::rejected("bad_seat", "there is no seat " + std::to_string(seat));
  }
  if (!action.is_object() || !action.contains("type") || !action["type"].is_string()) {
    return ActionResult::rejected("bad_action",
                                  "an action is a JSON object with a string \"type\"");
  }
  return apply_action(seat, action);
}

Json GameState::view(Seat viewer) const {
  Json out = table_view();
  merge_written_json_object(seat_fields_text(viewer), out);
  return out;
}

Json GameState::table_view() const { return parse_written_json(table_view_text()); }

Json GameState::seat_fields(Seat viewer) const {
  return parse_written_json(seat_fields_text(viewer));
}

std::string GameState::table_view_text() const {
  std::string text;
  text.reserve(1024);
  JsonWriter out(text);
  out.begin_object();
  write_table_members(out);
  out.member("game", definition().name());
  out.member("round", round());
  out.member("over", match_over());
  out.key("scores");
  out.begin_array();
  for (std::int64_t score : scores()) out.value(score);
  out.end_array();
  Waiting wait = waiting();
  out.key("waiting");
  out.begin_object();
  out.member("mode", wait_mode_name(wait.mode));
  out.key("seats");
  out.begin_array();
  for (Seat seat : wait.seats) out.value(seat);
  out.end_array();
  out.end_object();
  out.end_object();
  return text;
}

std::string GameState::seat_fields_text(Seat viewer) const {
  std::string text;
  text.reserve(256);
  JsonWriter out(text);
  out.begin_object();
  if (viewer == kSpectator) {
    out.member("viewer", nullptr);
  } else {
    write_seat_members(viewer, out);
    out.member("viewer", viewer);
  }
  out.end_object();
  return text;
}

Json GameState::members_as_json(const std::function<void(JsonWriter&)>& write_members) {
  std::string text;
  JsonWriter out(text);
  out.begin_object();
  write_members(out);
  out.end_object();
  return parse_written_json(text);
}

std::vector<Event> GameState::take_events() {
  std::vector<Event> events;
  events.swap(outbox_);
  return events;
}

void GameState::emit(const Json& body, Audience audience) {
  // As protocol's writer does: text that is not UTF-8 is replaced, never thrown.
  outbox_.push_back(Event{body.dump(-1, ' ', false, Json::error_handler_t::replace), audience});
}

const std::string& GameState::record_round_result(const Json& result) {
  return record_round_result_text(result.dump());
}

const std::string& GameState::record_round_result_text(std::string result_text) {
  // Kept until the match ends, for every live match: not the writer's spare room (Perico
  // reserves 640 bytes for about 510).
  result_text.shrink_to_fit();
  round_result_texts_.push_back(std::move(result_text));
  return round_result_texts_.back();
}

Json GameState::round_results() const {
  Json results = Json::array();
  for (const std::string& text : round_result_texts_) results.push_back(parse_written_json(text));
  return results;
}

std::vector<int> GameState::placings() const {
  std::vector<std::int64_t> s = scores();
  std::vector<int> places(s.size(), 1);
  const bool lower_wins = lower_score_wins();
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (std::size_t j = 0; j < s.size(); ++j) {
      bool better = lower_wins ? s[j] < s[i] : s[j] > s[i];
      if (better) ++places[i];
    }
  }
  return places;
}

bool GameState::lower_score_wins() const { return definition().lower_score_wins(); }

std::vector<int> GameDefinition::teams(int /*seats*/) const { return {}; }

Expected<Json> GameDefinition::resolve_options(Json options, int /*seats*/) const {
  return options;
}

Json GameDefinition::describe_seats() const { return Json::object(); }

Json GameDefinition::seat_figures(const std::vector<std::string>& /*round_result_texts*/,
                                  int seats) const {
  try {
    return empty_seat_figures(seats);
  } catch (...) {
    return Json::array();
  }
}

Expected<Json> GameDefinition::validate_table(const Json& raw_options, int seats) const {
  auto options = option_schema().validate(raw_options);
  if (!options) return options.error();
  SeatRange range = seat_range(*options);
  if (seats < range.min || seats > range.max) {
    return Error{"bad_seat_count",
                 title() + " with these options seats " + std::to_string(range.min) + " to " +
                     std::to_string(range.max) + " players, not " + std::to_string(seats)};
  }
  return resolve_options(std::move(*options), seats);
}

Json GameDefinition::describe() const {
  auto defaults = option_schema().validate(Json::object());
  SeatRange range = seat_range(*defaults);
  Json out = {{"name", name()},
              {"title", title()},
              {"summary", summary()},
              {"seats", {{"min", range.min}, {"max", range.max}}},
              {"options", option_schema().describe()}};
  Json extra = describe_seats();
  if (!extra.empty()) out["seats_by_option"] = extra;
  return out;
}

Seat choose_first_dealer(const Seed& seed, int seats) {
  Rng rng(seed, std::numeric_limits<std::uint64_t>::max());
  return static_cast<Seat>(rng.below(static_cast<std::uint64_t>(seats)));
}

}  // namespace parlor
