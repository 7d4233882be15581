#include "engine/core/game.hpp"

#include <algorithm>
#include <limits>

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
  out.update(seat_fields(viewer));
  return out;
}

Json GameState::table_view() const {
  Json out = game_table_view();
  out["game"] = game_name();
  out["round"] = round();
  out["over"] = match_over();
  out["scores"] = scores();
  Waiting wait = waiting();
  out["waiting"] = {{"mode", wait_mode_name(wait.mode)}, {"seats", wait.seats}};
  return out;
}

Json GameState::seat_fields(Seat viewer) const {
  if (viewer == kSpectator) return {{"viewer", nullptr}};
  Json out = game_seat_view(viewer);
  out["viewer"] = viewer;
  return out;
}

// The common members as table_view() adds them (the view split test compares the two).
std::string GameState::table_view_text() const {
  std::string text;
  text.reserve(1024);
  JsonWriter out(text);
  out.begin_object();
  write_table_members(out);
  out.member("game", game_name());
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

namespace {
void write_members_of(const Json& object, JsonWriter& out) {
  for (auto member = object.begin(); member != object.end(); ++member) {
    out.key(member.key());
    out.value(member.value());
  }
}
}  // namespace

void GameState::write_table_members(JsonWriter& out) const {
  write_members_of(game_table_view(), out);
}

void GameState::write_seat_members(Seat seat, JsonWriter& out) const {
  write_members_of(game_seat_view(seat), out);
}

Json GameState::members_as_json(const std::function<void(JsonWriter&)>& write_members) {
  std::string text;
  JsonWriter out(text);
  out.begin_object();
  write_members(out);
  out.end_object();
  return Json::parse(text);
}

std::vector<Event> GameState::take_events() {
  std::vector<Event> events;
  events.swap(outbox_);
  return events;
}

void GameState::emit(Json body, Audience audience) {
  outbox_.push_back(Event{std::move(body), audience});
}

std::vector<int> GameState::placings() const {
  std::vector<std::int64_t> s = scores();
  std::vector<int> places(s.size(), 1);
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (std::size_t j = 0; j < s.size(); ++j) {
      bool better = lower_score_wins() ? s[j] < s[i] : s[j] > s[i];
      if (better) ++places[i];
    }
  }
  return places;
}

std::vector<int> GameDefinition::teams(int /*seats*/) const { return {}; }

Expected<Json> GameDefinition::resolve_options(Json options, int /*seats*/) const {
  return options;
}

Json GameDefinition::describe_seats() const { return Json::object(); }

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
