#include "protocol/server_messages.hpp"

#include "engine/core/json_writer.hpp"
#include "protocol/protocol.hpp"

namespace parlor::protocol {

std::string dump(const Json& value) { return json_text(value); }

// ---- The room object ----

std::string_view seat_kind_name(SeatKind kind) {
  switch (kind) {
    case SeatKind::kEmpty:
      return "empty";
    case SeatKind::kHuman:
      return "human";
    case SeatKind::kBot:
      return "bot";
  }
  return "empty";
}

std::optional<SeatKind> parse_seat_kind(std::string_view name) {
  if (name == "empty") return SeatKind::kEmpty;
  if (name == "human") return SeatKind::kHuman;
  if (name == "bot") return SeatKind::kBot;
  return std::nullopt;
}

std::string_view room_status_name(RoomStatus status) {
  switch (status) {
    case RoomStatus::kWaiting:
      return "waiting";
    case RoomStatus::kPlaying:
      return "playing";
    case RoomStatus::kFinished:
      return "finished";
    case RoomStatus::kClosed:
      return "closed";
  }
  return "?";
}

int RoomSummary::seats_taken() const {
  int taken = 0;
  for (const SeatSummary& seat : seats) taken += seat.kind != SeatKind::kEmpty;
  return taken;
}

std::string RoomSummary::host_name() const {
  for (const SeatSummary& seat : seats) {
    if (seat.kind == SeatKind::kHuman && seat.player_id == host_player_id) return seat.name;
  }
  return {};
}

namespace {

Json seat_json(int index, const SeatSummary& seat) {
  Json entry = {{"seat", index}, {"kind", seat_kind_name(seat.kind)}};
  switch (seat.kind) {
    case SeatKind::kEmpty:
      break;
    case SeatKind::kHuman:
      entry["player"] = seat.player_id;
      entry["name"] = seat.name;
      entry["connected"] = seat.connected;
      entry["bot_plays"] = seat.bot_plays;
      entry["guest"] = seat.guest;
      break;
    case SeatKind::kBot:
      entry["name"] = seat.name;
      entry["level"] = seat.bot_level;
      break;
  }
  return entry;
}

std::string_view visibility_name(bool is_public) { return is_public ? "public" : "private"; }

}  // namespace

Json room_json(const RoomSummary& room) {
  Json seats = Json::array();
  for (std::size_t s = 0; s < room.seats.size(); ++s) {
    seats.push_back(seat_json(static_cast<int>(s), room.seats[s]));
  }
  Json out = {{"id", room.id},
              {"code", room.code},
              {"game", room.game},
              {"title", room.title},
              {"options", room.options},
              {"visibility", visibility_name(room.is_public)},
              {"host", room.host_player_id},
              {"status", room_status_name(room.status)},
              {"seat_count", room.seats.size()},
              {"seats", seats},
              {"spectators", room.spectators},
              {"turn_seconds", room.turn_seconds},
              {"bot_delay_ms", room.bot_delay_ms},
              {"bot_budget_ms", room.bot_budget_ms},
              {"match", room.match},
              {"spectators_allowed", room.spectators_allowed},
              {"rated", room.rated},
              {"muted", room.muted}};
  // Only an event's table says so: every other room's object is as it always was.
  if (!room.event_id.empty()) out["event"] = room.event_id;
  return out;
}

Json room_listing_json(const RoomSummary& room) {
  return {{"id", room.id},
          {"game", room.game},
          {"title", room.title},
          {"visibility", visibility_name(room.is_public)},
          {"status", room_status_name(room.status)},
          {"seat_count", room.seats.size()},
          {"seats_taken", room.seats_taken()},
          {"spectators", room.spectators},
          {"host_name", room.host_name()},
          {"spectators_allowed", room.spectators_allowed},
          {"turn_seconds", room.turn_seconds},
          {"rated", room.rated},
          {"match", room.match}};
}

namespace {

void write_seat(JsonWriter& out, int index, const SeatSummary& seat) {
  out.begin_object();
  switch (seat.kind) {
    case SeatKind::kEmpty:
      out.member_as_dumped("kind", seat_kind_name(seat.kind));
      break;
    case SeatKind::kHuman:
      out.member("bot_plays", seat.bot_plays);
      out.member("connected", seat.connected);
      out.member("guest", seat.guest);
      out.member_as_dumped("kind", seat_kind_name(seat.kind));
      out.member_as_dumped("name", seat.name);
      out.member_as_dumped("player", seat.player_id);
      break;
    case SeatKind::kBot:
      out.member_as_dumped("kind", seat_kind_name(seat.kind));
      out.member_as_dumped("level", seat.bot_level);
      out.member_as_dumped("name", seat.name);
      break;
  }
  out.member("seat", index);
  out.end_object();
}

// room_json(room)'s text, written rather than built: a room message goes to every member
// at each join, start and end of a match, and building its tree cost ten times writing
// it. Members in the sorted order of the tree's dump (tests compare the two).
void write_room(JsonWriter& out, const RoomSummary& room) {
  out.begin_object();
  out.member("bot_budget_ms", room.bot_budget_ms);
  out.member("bot_delay_ms", room.bot_delay_ms);
  out.member_as_dumped("code", room.code);
  // Only an event's table says so (room_json).
  if (!room.event_id.empty()) out.member_as_dumped("event", room.event_id);
  out.member_as_dumped("game", room.game);
  out.member_as_dumped("host", room.host_player_id);
  out.member_as_dumped("id", room.id);
  out.member("match", room.match);
  out.key("muted");
  out.begin_array();
  for (const std::string& player : room.muted) out.value_as_dumped(player);
  out.end_array();
  out.key("options");
  out.value(room.options);
  out.member("rated", room.rated);
  out.member("seat_count", room.seats.size());
  out.key("seats");
  out.begin_array();
  for (std::size_t s = 0; s < room.seats.size(); ++s) {
    write_seat(out, static_cast<int>(s), room.seats[s]);
  }
  out.end_array();
  out.member("spectators", room.spectators);
  out.member("spectators_allowed", room.spectators_allowed);
  out.member_as_dumped("status", room_status_name(room.status));
  out.member_as_dumped("title", room.title);
  out.member("turn_seconds", room.turn_seconds);
  out.member_as_dumped("visibility", visibility_name(room.is_public));
  out.end_object();
}

}  // namespace

// The push is the reply without an id.
std::string room_message(const RoomSummary& room) { return room_reply(nullptr, room); }

std::string room_reply(const Json& id, const RoomSummary& room) {
  std::string text;
  text.reserve(512);
  JsonWriter out(text);
  out.begin_object();
  if (!id.is_null()) {
    out.key("id");
    out.value(id);
  }
  out.key("room");
  write_room(out, room);
  out.key("type");
  out.value("room");
  out.end_object();
  return text;
}

// ---- update ----

namespace {
// A head with a running timer and a long room id fits.
constexpr std::size_t kUpdateHeadReserve = 192;

// The "timer" member of an update or a resume: TurnDeadlines::timer_text, or null.
void write_timer(JsonWriter& out, std::string_view timer) {
  out.key("timer");
  if (timer.empty()) {
    out.value(nullptr);
  } else {
    out.raw(timer);
  }
}
}  // namespace

SharedUpdate shared_update(const UpdateHead& head, std::string table_view_text) {
  SharedUpdate shared;
  // The message's first members, written into one buffer (this runs for every accepted
  // move); update_message adds the rest and closes the object.
  std::string& text = shared.head;
  text.reserve(kUpdateHeadReserve);
  JsonWriter out(text);
  out.begin_object();
  out.member("type", "update");
  out.member("room", head.room);
  out.member("match", head.match);
  out.member("seq", head.seq);
  out.member("paused", head.paused);
  if (head.paused) out.member("pause_ms", head.pause_ms);
  write_timer(out, head.timer);
  if (head.timed_out_seat) {
    out.key("timed_out");
    out.begin_object();
    out.member("seat", *head.timed_out_seat);
    out.end_object();
  }
  shared.table_view = std::move(table_view_text);
  return shared;
}

std::string update_message(const SharedUpdate& shared, Seat viewer,
                           std::string_view seat_fields_text, const std::vector<Event>& events,
                           std::string_view extra_fields) {
  // One allocation for the whole message (it is written piece by piece below).
  std::size_t size = shared.head.size() + shared.table_view.size() + seat_fields_text.size() +
                     extra_fields.size() + 64;
  for (const Event& event : events) size += event.text.size() + 1;
  std::string text;
  text.reserve(size);
  text += shared.head;
  if (viewer == kSpectator) {
    text += ",\"seat\":null";
  } else {
    text += ",\"seat\":";
    text += std::to_string(viewer);
  }
  text += ",\"events\":[";
  bool first = true;
  for (const Event& event : events) {
    if (!event.audience.includes(viewer)) continue;
    if (!first) text += ',';
    text += event.text;
    first = false;
  }
  // The table view always has members, and both halves are objects: "{…}" + "{…}"
  // become one object.
  text += "],\"view\":";
  text.append(shared.table_view, 0, shared.table_view.size() - 1);
  text += ',';
  text.append(seat_fields_text.substr(1));
  text += extra_fields;
  text += '}';
  return text;
}

std::string accepted_field(const Json& id) { return ",\"accepted\":" + dump(id); }

void DealCommitments::append(int deal, std::string_view sha256) {
  if (count_ > 0) items_ += ',';
  items_ += dump({{"deal", deal}, {"sha256", sha256}});
  ++count_;
}

std::string state_fields(std::string_view match_id, std::string_view commitments_json) {
  std::string fields = ",\"match_id\":" + dump(Json(match_id)) + ",\"commitments\":";
  fields += commitments_json;
  return fields;
}

// ---- The other pushes ----

std::string deal_commitment_message(std::string_view room, int match, std::string_view match_id,
                                    int deal, std::string_view sha256) {
  return dump({{"type", "deal_commitment"},
               {"room", room},
               {"match", match},
               {"match_id", match_id},
               {"deal", deal},
               {"sha256", sha256}});
}

// Members in the order a tree of them was dumped in.
std::string resume_message(std::string_view room, int match, std::int64_t seq,
                           std::string_view timer) {
  std::string text;
  JsonWriter out(text);
  out.begin_object();
  out.member("match", match);
  out.member("room", room);
  out.member("seq", seq);
  write_timer(out, timer);
  out.member("type", "resume");
  out.end_object();
  return text;
}

// Written, not built: the results are the match's text already (a tree of them was
// copied and dumped again for every player and spectator). Members in the order a tree of
// them was dumped in.
std::string match_over_message(const MatchOver& over) {
  std::string text;
  text.reserve(over.results_json.size() + 192);
  JsonWriter out(text);
  out.begin_object();
  out.member("actions", over.actions);
  out.member("first_dealer", over.first_dealer);
  out.member("match", over.match);
  out.member("match_id", over.match_id);
  out.key("results");
  if (over.results_json.empty()) {
    out.value(nullptr);
  } else {
    out.raw(over.results_json);
  }
  out.member("room", over.room);
  out.member("seed", over.seed_hex);
  out.member("type", "match_over");
  out.end_object();
  return text;
}

std::string chat_message(const ChatLine& line) {
  Json from = {{"player", line.player_id}, {"name", line.name}, {"seat", nullptr}};
  if (line.seat) from["seat"] = *line.seat;
  return dump({{"type", "chat"}, {"room", line.room}, {"from", from}, {"text", line.text}});
}

std::string removed_message(std::string_view room, std::string_view reason,
                            std::string_view message) {
  return dump({{"type", "removed"}, {"room", room}, {"reason", reason}, {"message", message}});
}

std::string muted_message(std::string_view room, bool muted) {
  return dump({{"type", "muted"}, {"room", room}, {"muted", muted}});
}

}  // namespace parlor::protocol
