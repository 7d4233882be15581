// The messages the server pushes to a table's members (protocol/README.md, "Server
// pushes"): `room`, `update`, `deal_commitment`, `resume`, `match_over`, `chat`,
// `removed` and `muted`. The server's
// rooms write them here and nowhere else, and bench/server_update_bench measures these
// very functions.
//
// An update is the server's main cost per move, so it is written as text around each
// receiver's view: what every receiver shares (the head fields and the table view) is
// written once per broadcast (SharedUpdate), and per receiver only its own seat fields
// and the events it may see.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"

namespace parlor::protocol {

using Json = nlohmann::json;

// Text of `value` as the server sends it (invalid UTF-8 replaced, never thrown).
std::string dump(const Json& value);

// ---- The room object (`room` replies and pushes, and the `rooms` list) ----

enum class SeatKind { kEmpty, kHuman, kBot };
// "empty", "human", "bot" (the room object's seats[i].kind, and the store's seat rows).
std::string_view seat_kind_name(SeatKind kind);
std::optional<SeatKind> parse_seat_kind(std::string_view name);

struct SeatSummary {
  SeatKind kind = SeatKind::kEmpty;
  std::string player_id;   // humans
  std::string name;        // humans and bots
  bool connected = false;  // humans
  bool bot_plays = false;  // humans: a bot stands in for the absent player
  std::string bot_level;   // bots: "random" or "sensible"
  bool guest = true;       // humans: no account (README, "Accounts and access")
};

enum class RoomStatus { kWaiting, kPlaying, kFinished, kClosed };
std::string_view room_status_name(RoomStatus status);

// What a room is, as its members and the lobby see it.
struct RoomSummary {
  std::string id;
  std::string code;  // members only: never in the public list
  std::string game;
  std::string title;
  Json options;
  bool is_public = true;
  std::string host_player_id;  // the player who runs the table
  RoomStatus status = RoomStatus::kWaiting;
  std::vector<SeatSummary> seats;
  std::size_t spectators = 0;
  std::int64_t turn_seconds = 0;
  std::int64_t bot_delay_ms = 0;
  std::int64_t bot_budget_ms = 0;  // a bot's thinking per move
  int match = 0;                   // matches started in the room
  bool spectators_allowed = true;  // the host may refuse spectators
  bool rated = false;              // finished matches update ratings
  std::vector<std::string> muted;  // player ids the host muted in chat
  std::string event_id;            // an event's table: the event ("" for any other room)

  int seats_taken() const;
  // The seated human who is the host's name, empty when the host has no seat.
  std::string host_name() const;
};

// The room object, for the room's members.
Json room_json(const RoomSummary& room);
// A public room's entry in `rooms` (no code, no seats' players).
Json room_listing_json(const RoomSummary& room);
// The `room` push: {"type":"room","room":{…}}.
std::string room_message(const RoomSummary& room);
// The `room` reply to request `id`.
std::string room_reply(const Json& id, const RoomSummary& room);

// ---- update ----

struct UpdateHead {
  std::string_view room;
  int match = 0;
  std::int64_t seq = 0;
  bool paused = false;
  std::int64_t pause_ms = 0;  // written only while paused
  // {"turn_ms", "seats"} as JSON text, or empty for null (no timer running).
  std::string_view timer;
  // The seat whose turn ran out, when the server played this step for it.
  std::optional<int> timed_out_seat;
};

// What every receiver of one update shares, written once per broadcast: the message's
// head fields and the match's table view (GameState::table_view_text).
struct SharedUpdate {
  std::string head;
  std::string table_view;
};
SharedUpdate shared_update(const UpdateHead& head, std::string table_view_text);

// The `update` for `viewer` (a seat or kSpectator): the shared parts, the events it may
// see (those of the broadcast whose audience includes it, spliced in as the engine wrote
// them, Event::text), its view (the table view's members, then `seat_fields_text`'s: their keys
// never overlap, GameState::seat_fields) and `extra_fields` (",\"key\":value…") at the end.
std::string update_message(const SharedUpdate& shared, Seat viewer,
                           std::string_view seat_fields_text, const std::vector<Event>& events,
                           std::string_view extra_fields = {});
// The extra fields of an update that acknowledges request `id` ("ack": "update").
std::string accepted_field(const Json& id);
// A running match's deal commitments, [{"deal", "sha256"}, ...], kept as the text a state
// update carries: a match keeps one per deal (hundreds at a Poker table), and as a tree
// each took several times its text's size.
class DealCommitments {
 public:
  void append(int deal, std::string_view sha256);
  int count() const { return count_; }
  // The JSON array.
  std::string text() const { return items_ + ']'; }

 private:
  int count_ = 0;
  std::string items_ = "[";  // the array so far, without its closing bracket
};

// The extra fields of a state update (a member who enters or asks): the match's id and
// every deal commitment so far (DealCommitments::text()).
std::string state_fields(std::string_view match_id, std::string_view commitments_json);

// ---- The other pushes ----

std::string deal_commitment_message(std::string_view room, int match, std::string_view match_id,
                                    int deal, std::string_view sha256);
// `timer` as UpdateHead's: the text of {"turn_ms", "seats"}, or empty for null.
std::string resume_message(std::string_view room, int match, std::int64_t seq,
                           std::string_view timer);

struct MatchOver {
  std::string_view room;
  int match = 0;
  std::string_view match_id;
  std::string_view results_json;  // {"scores", "placings", "round_results"}; empty: null
  std::string_view seed_hex;
  int first_dealer = 0;
  std::int64_t actions = 0;
};
std::string match_over_message(const MatchOver& over);

// A table chat line, to every member: who said it (`seat` null for a spectator).
struct ChatLine {
  std::string_view room;
  std::string_view player_id;
  std::string_view name;
  std::optional<int> seat;
  std::string_view text;
};
std::string chat_message(const ChatLine& line);
// The host took this member out of the room (`reason`: a stable code, e.g.
// "spectators_refused"; `message` for people).
std::string removed_message(std::string_view room, std::string_view reason,
                            std::string_view message);
// The host muted (or unmuted) this member's chat.
std::string muted_message(std::string_view room, bool muted);

}  // namespace parlor::protocol
