#include "server/events/event_state.hpp"

#include <algorithm>
#include <stdexcept>

namespace parlor::server::events {
namespace {

EventStatus parse_status(const std::string& name) {
  if (name == "signup") return EventStatus::kSignup;
  if (name == "running") return EventStatus::kRunning;
  if (name == "finished") return EventStatus::kFinished;
  throw std::runtime_error("unknown status \"" + name + "\"");
}

Json result_json(const TableResult& result) {
  Json absent = Json::array();
  for (bool a : result.absent) absent.push_back(a);
  return {{"placings", result.placings}, {"scores", result.scores}, {"absent", absent}};
}

TableResult result_from_json(const Json& saved, const std::vector<std::string>& players) {
  TableResult result;
  result.players = players;
  result.placings = saved.at("placings").get<std::vector<int>>();
  result.scores = saved.at("scores").get<std::vector<double>>();
  for (const Json& a : saved.at("absent")) result.absent.push_back(a.get<bool>());
  return result;
}

Json table_json(const EventTable& table) {
  Json out = {{"room", table.room_id}, {"code", table.code}, {"players", table.players}};
  out["result"] = table.result ? result_json(*table.result) : Json(nullptr);
  if (!table.match_id.empty()) out["match"] = table.match_id;
  return out;
}

EventTable table_from_json(const Json& saved) {
  EventTable table;
  table.room_id = saved.at("room").get<std::string>();
  table.code = saved.at("code").get<std::string>();
  table.players = saved.at("players").get<std::vector<std::string>>();
  if (!saved.at("result").is_null())
    table.result = result_from_json(saved["result"], table.players);
  table.match_id = saved.value("match", "");  // events saved before it have none
  return table;
}

Json round_json(const EventRound& round) {
  Json tables = Json::array();
  for (const EventTable& table : round.tables) tables.push_back(table_json(table));
  return {{"round", round.number},
          {"deal_seed", round.deal_seed_hex},
          {"tables", tables},
          {"byes", round.byes}};
}

EventRound round_from_json(const Json& saved) {
  EventRound round;
  round.number = saved.at("round").get<int>();
  round.deal_seed_hex = saved.at("deal_seed").get<std::string>();
  for (const Json& table : saved.at("tables")) round.tables.push_back(table_from_json(table));
  round.byes = saved.at("byes").get<std::vector<std::string>>();
  return round;
}

std::string name_of(const EventState& event, const std::string& player_id) {
  const Entrant* entrant = event.entrant(player_id);
  return entrant ? entrant->name : player_id;
}

// A table as the client sees it: each seat's player with their name, the result by seat,
// and the event's points each seat earned (POINTS, by seat; empty while unknown), which
// the client shows as they are rather than scoring the table again by the rules.
Json table_view(const EventState& event, const EventTable& table,
                const std::vector<double>& points) {
  Json players = Json::array();
  for (std::size_t seat = 0; seat < table.players.size(); ++seat) {
    Json player = {
        {"seat", seat}, {"id", table.players[seat]}, {"name", name_of(event, table.players[seat])}};
    if (table.result && seat < table.result->placings.size()) {
      player["placing"] = table.result->placings[seat];
      player["score"] = table.result->scores[seat];
      player["absent"] = static_cast<bool>(table.result->absent[seat]);
    }
    if (seat < points.size()) player["points"] = points[seat];
    players.push_back(std::move(player));
  }
  return {{"room", table.room_id},
          {"code", table.code},
          {"players", players},
          {"finished", table.result.has_value()},
          {"match", table.match_id.empty() ? Json(nullptr) : Json(table.match_id)}};
}

// Each table's points by seat: place points once a table has ended; a duplicate round's
// matchpoints compare every table's same seat, so they are known once the round is over.
std::vector<std::vector<double>> round_points(const EventState& event, const EventRound& round) {
  if (event.shape.duplicate) {
    if (!round.over()) return std::vector<std::vector<double>>(round.tables.size());
    return matchpoints(round.result());
  }
  std::vector<std::vector<double>> points;
  for (const EventTable& table : round.tables) {
    points.push_back(table.result ? place_points(*table.result) : std::vector<double>());
  }
  return points;
}

Json round_view(const EventState& event, const EventRound& round) {
  const std::vector<std::vector<double>> points = round_points(event, round);
  Json tables = Json::array();
  for (std::size_t t = 0; t < round.tables.size(); ++t) {
    tables.push_back(
        table_view(event, round.tables[t], t < points.size() ? points[t] : std::vector<double>()));
  }
  Json byes = Json::array();
  for (const std::string& id : round.byes)
    byes.push_back({{"id", id}, {"name", name_of(event, id)}});
  Json out = {{"round", round.number}, {"tables", tables}, {"byes", byes}, {"over", round.over()}};
  // The deals are secret until every table of the round has played them.
  out["deal_seed"] =
      round.over() && !round.deal_seed_hex.empty() ? Json(round.deal_seed_hex) : Json(nullptr);
  return out;
}

Json standings_view(const EventState& event) {
  Json rows = Json::array();
  for (const Standing& s : standings(event.shape, event.entrants, event.results())) {
    rows.push_back({{"rank", s.rank},
                    {"id", s.player_id},
                    {"name", s.name},
                    {"points", s.points},
                    {"buchholz", s.buchholz},
                    {"wins", s.wins},
                    {"matches", s.matches},
                    {"byes", s.byes},
                    {"dropped", s.dropped}});
  }
  return rows;
}

}  // namespace

std::string_view status_name(EventStatus status) {
  switch (status) {
    case EventStatus::kSignup:
      return "signup";
    case EventStatus::kRunning:
      return "running";
    case EventStatus::kFinished:
      return "finished";
  }
  return "signup";
}

bool EventRound::over() const {
  return std::all_of(tables.begin(), tables.end(),
                     [](const EventTable& table) { return table.result.has_value(); });
}

RoundResult EventRound::result() const {
  RoundResult out;
  for (const EventTable& table : tables) {
    if (table.result) out.tables.push_back(*table.result);
  }
  out.byes = byes;
  return out;
}

Entrant* EventState::entrant(const std::string& player_id) {
  for (Entrant& e : entrants) {
    if (e.player_id == player_id) return &e;
  }
  return nullptr;
}

const Entrant* EventState::entrant(const std::string& player_id) const {
  return const_cast<EventState*>(this)->entrant(player_id);
}

int EventState::active_entrants() const {
  return static_cast<int>(
      std::count_if(entrants.begin(), entrants.end(), [](const Entrant& e) { return !e.dropped; }));
}

std::vector<RoundResult> EventState::results() const {
  std::vector<RoundResult> out;
  for (const EventRound& round : rounds) {
    if (round.over()) out.push_back(round.result());
  }
  return out;
}

namespace {

// What the event is, as both the stored form and the client's view write it.
Json event_shape_json(const EventState& event) {
  return {{"id", event.id},
          {"name", event.name},
          {"game", event.game},
          {"options", event.options},
          {"seats", event.shape.seats_per_table},
          {"min_seats", event.shape.min_seats_per_table},
          {"rounds", event.shape.rounds},
          {"pairing", pairing_name(event.shape.pairing)},
          {"duplicate", event.shape.duplicate},
          {"rated", event.rated}};
}

}  // namespace

Json event_state_json(const EventState& event) {
  Json entrants = Json::array();
  for (const Entrant& e : event.entrants) {
    entrants.push_back({{"id", e.player_id}, {"name", e.name}, {"dropped", e.dropped}});
  }
  Json rounds = Json::array();
  for (const EventRound& round : event.rounds) rounds.push_back(round_json(round));
  Json saved = event_shape_json(event);
  saved.update({{"organiser", event.organiser_id},
                {"organiser_name", event.organiser_name},
                {"status", status_name(event.status)},
                {"pairing_seed", event.pairing_seed},
                {"deal_secret", event.deal_secret},
                {"entrants", entrants},
                {"played", rounds},
                {"created_at", event.created_at},
                {"started_at", event.started_at},
                {"finished_at", event.finished_at}});
  return saved;
}

Expected<EventState> event_state_from_json(const Json& saved) {
  try {
    EventState event;
    event.id = saved.at("id").get<std::string>();
    event.name = saved.at("name").get<std::string>();
    event.game = saved.at("game").get<std::string>();
    event.options = saved.at("options");
    auto pairing = parse_pairing(saved.at("pairing").get<std::string>());
    if (!pairing) return Error{"bad_event_state", "unknown pairing"};
    event.shape = {*pairing, saved.at("seats").get<int>(), saved.at("min_seats").get<int>(),
                   saved.at("rounds").get<int>(), saved.at("duplicate").get<bool>()};
    event.rated = saved.at("rated").get<bool>();
    event.organiser_id = saved.at("organiser").get<std::string>();
    event.organiser_name = saved.value("organiser_name", "");
    event.status = parse_status(saved.at("status").get<std::string>());
    event.pairing_seed = saved.at("pairing_seed").get<std::uint64_t>();
    event.deal_secret = saved.at("deal_secret").get<std::string>();
    for (const Json& e : saved.at("entrants")) {
      event.entrants.push_back({e.at("id").get<std::string>(), e.at("name").get<std::string>(),
                                e.at("dropped").get<bool>()});
    }
    for (const Json& round : saved.at("played")) event.rounds.push_back(round_from_json(round));
    event.created_at = saved.value("created_at", std::int64_t{0});
    event.started_at = saved.value("started_at", std::int64_t{0});
    event.finished_at = saved.value("finished_at", std::int64_t{0});
    return event;
  } catch (const std::exception& e) {
    return Error{"bad_event_state", e.what()};
  }
}

Json event_view(const EventState& event, bool summary) {
  Json out = event_shape_json(event);
  out.update({{"organiser", {{"id", event.organiser_id}, {"name", event.organiser_name}}},
              {"status", status_name(event.status)},
              {"round", static_cast<int>(event.rounds.size())},
              {"entrant_count", event.entrants.size()}});
  if (summary) return out;
  Json entrants = Json::array();
  for (const Entrant& e : event.entrants) {
    entrants.push_back({{"id", e.player_id}, {"name", e.name}, {"dropped", e.dropped}});
  }
  out["entrants"] = entrants;
  Json rounds = Json::array();
  for (const EventRound& round : event.rounds) rounds.push_back(round_view(event, round));
  out["played"] = rounds;
  out["standings"] = standings_view(event);
  out["pairing_seed"] = std::to_string(event.pairing_seed);
  out["deal_secret"] =
      event.status == EventStatus::kFinished ? Json(event.deal_secret) : Json(nullptr);
  return out;
}

}  // namespace parlor::server::events
