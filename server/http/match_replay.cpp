#include "server/http/match_replay.hpp"

#include "engine/core/rng.hpp"

namespace parlor::server {
namespace {

using Json = nlohmann::json;

Json public_events(GameState& match) {
  Json events = Json::array();
  for (const Event& event : match.take_events()) {
    if (event.audience.includes(kSpectator)) events.push_back(event.body());
  }
  return events;
}

Json step_of(GameState& match, const Json& recorded, std::optional<int> only_seat) {
  Json seats = Json::array();
  for (int s = 0; s < match.seat_count(); ++s) {
    if (only_seat && *only_seat != s) {
      seats.push_back(nullptr);
      continue;
    }
    Json fields = match.seat_fields(s);
    fields.erase("legal");  // the moves a seat had are the bulk of a view, and history now
    seats.push_back(std::move(fields));
  }
  const bool is_deal = recorded.is_null();
  return {{"seq", is_deal ? Json(0) : recorded.at("seq")},
          {"seat", is_deal ? Json() : recorded.at("seat")},
          {"action", is_deal ? Json() : recorded.at("action")},
          {"timeout", is_deal ? false : recorded.value("timeout", false)},
          {"events", public_events(match)},
          {"table", match.table_view()},
          {"seats", std::move(seats)}};
}

Expected<std::unique_ptr<GameState>> start_match(const Json& record, const GameDefinition& game) {
  Expected<Seed> seed = Seed::from_hex(record.at("seed").get<std::string>());
  if (!seed) return Error{"bad_record", "the record's seed is not 64 hex digits"};
  MatchConfig config;
  config.options = record.at("options");
  config.seats = static_cast<int>(record.at("seats").size());
  config.seed = *seed;
  config.dealer = record.at("first_dealer").get<int>();
  Expected<std::unique_ptr<GameState>> match = game.new_match(config);
  if (!match) return Error{"bad_record", "the match does not start: " + match.error().message};
  return match;
}

}  // namespace

Expected<Json> replay_match_cards(const Json& record, const FindGameByName& find_game,
                                  std::optional<int> only_seat) {
  if (record.value("status", "") != "over") {
    return Error{"not_finished", "only a finished match's cards are shown"};
  }
  const std::string game_name = record.value("game", "");
  const GameDefinition* game = find_game(game_name);
  if (!game) return Error{"unknown_game", "this server has no game \"" + game_name + "\""};
  try {
    Expected<std::unique_ptr<GameState>> started = start_match(record, *game);
    if (!started) return started.error();
    GameState& match = **started;
    if (only_seat && (*only_seat < 0 || *only_seat >= match.seat_count())) {
      return Error{"bad_seat", "no such seat"};
    }
    Json steps = Json::array();
    steps.push_back(step_of(match, Json(), only_seat));
    for (const Json& recorded : record.at("actions")) {
      ActionResult result = match.apply(recorded.at("seat").get<int>(), recorded.at("action"));
      if (!result.ok()) {
        return Error{"bad_record", "action " + recorded.at("seq").dump() +
                                       " does not replay: " + result.error->code};
      }
      steps.push_back(step_of(match, recorded, only_seat));
    }
    return Json{{"id", record.value("id", "")},
                {"game", game_name},
                {"seat_count", match.seat_count()},
                {"first_dealer", record.at("first_dealer")},
                {"steps", std::move(steps)}};
  } catch (const std::exception& e) {  // a record of the wrong shape
    return Error{"bad_record", e.what()};
  }
}

}  // namespace parlor::server
