// parlor_protocol: what a client may send, and the errors for what it may not.
#include <gtest/gtest.h>

#include "protocol/protocol.hpp"
#include "protocol/server_messages.hpp"

namespace parlor::protocol {
namespace {

TEST(Protocol, ParsesAValidRequestAndKeepsItsId) {
  auto request = parse_request(R"({"type":"join_room","id":7,"code":"ABC","seat":2})");
  ASSERT_TRUE(request.ok());
  EXPECT_EQ(request->type, RequestType::kJoinRoom);
  EXPECT_EQ(request->id, 7);
  EXPECT_EQ(request->string_field("code"), "ABC");
  EXPECT_EQ(request->int_field("seat", -1), 2);
}

TEST(Protocol, RejectsWhatIsNotJsonOrNotAnObject) {
  EXPECT_EQ(parse_request("{nope").error().code, "bad_json");
  EXPECT_EQ(parse_request("[1,2]").error().code, "bad_message");
  EXPECT_EQ(parse_request("\"hello\"").error().code, "bad_message");
  EXPECT_EQ(parse_request(R"({"id":1})").error().code, "bad_message");
  EXPECT_EQ(parse_request(R"({"type":5})").error().code, "bad_message");
}

TEST(Protocol, RejectsUnknownTypes) {
  auto error = parse_request(R"({"type":"teleport"})").error();
  EXPECT_EQ(error.code, "unknown_type");
  EXPECT_NE(error.message.find("teleport"), std::string::npos);
}

TEST(Protocol, NamesAMissingOrMistypedField) {
  auto missing = parse_request(R"({"type":"create_room","game":"perico"})").error();
  EXPECT_EQ(missing.code, "bad_field");
  EXPECT_NE(missing.message.find("seats"), std::string::npos);
  auto mistyped = parse_request(R"({"type":"create_room","game":"perico","seats":"4"})").error();
  EXPECT_EQ(mistyped.code, "bad_field");
  EXPECT_EQ(parse_request(R"({"type":"action","room":"R1","action":"draw"})").error().code,
            "bad_field");
  EXPECT_EQ(parse_request(R"({"type":"hello","version":1.5})").error().code, "bad_field");
  EXPECT_EQ(parse_request(R"({"type":"ping","id":[1]})").error().code, "bad_field");
  EXPECT_EQ(parse_request(R"({"type":"ping","id":")" + std::string(300, 'x') + "\"}").error().code,
            "bad_field");
}

TEST(Protocol, ChatTextMayBeLongerThanOtherStringsButIsBounded) {
  const std::string words(1000, 'a');  // over the 256 of other strings, under 2048 bytes
  auto chat = parse_request(R"({"type":"chat","room":"R1","text":")" + words + "\"}");
  ASSERT_TRUE(chat.ok()) << chat.error().message;
  EXPECT_EQ(chat->type, RequestType::kChat);
  EXPECT_EQ(chat->string_field("text"), words);
  const std::string flood(2049, 'a');
  EXPECT_EQ(parse_request(R"({"type":"chat","room":"R1","text":")" + flood + "\"}").error().code,
            "bad_field");
  EXPECT_EQ(parse_request(R"({"type":"chat","room":"R1"})").error().code, "bad_field");
  EXPECT_EQ(parse_request(R"({"type":"mute","room":"R1"})").error().code, "bad_field");
  EXPECT_EQ(parse_request(R"({"type":"set_spectators","room":"R1","allow":"no"})").error().code,
            "bad_field");
  EXPECT_EQ(parse_request(R"({"type":"remove_player","room":"R1"})").error().code, "bad_field");
  EXPECT_EQ(parse_request(R"({"type":"mute","room":"R1","player":"p2"})")->type,
            RequestType::kMute);
}

TEST(Protocol, ClaimNeedsACodeAndClaimCodeNothing) {
  EXPECT_EQ(parse_request(R"({"type":"claim_code","id":3})")->type, RequestType::kClaimCode);
  auto claim = parse_request(R"({"type":"claim","code":"K7QM-2XWD-9FHT"})");
  ASSERT_TRUE(claim.ok());
  EXPECT_EQ(claim->string_field("code"), "K7QM-2XWD-9FHT");
  EXPECT_EQ(parse_request(R"({"type":"claim"})").error().code, "bad_field");
  EXPECT_EQ(parse_request(R"({"type":"claim","code":7})").error().code, "bad_field");
}

TEST(Protocol, TreatsNullAsAbsent) {
  auto request = parse_request(R"({"type":"join_room","room":"R1","seat":null})");
  ASSERT_TRUE(request.ok());
  EXPECT_FALSE(request->has("seat"));
}

TEST(Protocol, ExtractsTheIdOfABadMessage) {
  EXPECT_EQ(extract_id(Json::parse(R"({"id":"a","type":1})")), "a");
  EXPECT_TRUE(extract_id(Json::parse(R"({"id":{"x":1}})")).is_null());
  EXPECT_TRUE(extract_id(Json::parse("[1]")).is_null());
}

TEST(Protocol, BuildsRepliesAndErrors) {
  Json error = Json::parse(error_message(4, "not_host", "only the host"));
  EXPECT_EQ(
      error,
      Json({{"type", "error"}, {"id", 4}, {"code", "not_host"}, {"message", "only the host"}}));
  Json reply = Json::parse(reply_message("x", "pong"));
  EXPECT_EQ(reply, Json({{"type", "pong"}, {"id", "x"}}));
  EXPECT_FALSE(Json::parse(error_message(nullptr, "bad_json", "m")).contains("id"));
}

TEST(Protocol, EveryRequestTypeHasAName) {
  for (RequestType type :
       {RequestType::kHello, RequestType::kPing, RequestType::kGames, RequestType::kListRooms,
        RequestType::kCreateRoom, RequestType::kJoinRoom, RequestType::kSpectate,
        RequestType::kLeaveRoom, RequestType::kAddBot, RequestType::kRemoveBot, RequestType::kStart,
        RequestType::kAction, RequestType::kGetState, RequestType::kChat,
        RequestType::kSetSpectators, RequestType::kRemovePlayer, RequestType::kMute,
        RequestType::kClaimCode, RequestType::kClaim}) {
    std::string name(request_type_name(type));
    Json message = {{"type", name}};
    auto parsed = validate_request(message);
    // Either valid as it is, or refused only for a missing field: never unknown.
    if (!parsed.ok()) {
      EXPECT_EQ(parsed.error().code, "bad_field") << name;
    } else {
      EXPECT_EQ(parsed->type, type);
    }
  }
}

// A match's commitments are kept as text (one per deal, for the whole match): the text
// must be the list's JSON, the same a tree of it dumps to.
TEST(Protocol, DealCommitmentsAreTheListsJson) {
  DealCommitments commitments;
  EXPECT_EQ(commitments.text(), "[]");
  Json list = Json::array();
  for (int deal = 1; deal <= 3; ++deal) {
    const std::string sha256(64, static_cast<char>('a' + deal));
    commitments.append(deal, sha256);
    list.push_back({{"deal", deal}, {"sha256", sha256}});
    EXPECT_EQ(commitments.count(), deal);
    EXPECT_EQ(commitments.text(), list.dump());
  }
  const Json fields = Json::parse("{" + state_fields("m1", commitments.text()).substr(1) + "}");
  EXPECT_EQ(fields, (Json{{"match_id", "m1"}, {"commitments", list}}));
}

// Written, not built: the bytes a tree of it dumped to, with a running timer or none.
TEST(Protocol, AResumeIsWhatItsTreeDumpedTo) {
  const Json timer = {{"turn_ms", 30000}, {"seats", {{{"seat", 1}, {"remaining_ms", 29990}}}}};
  const Json resume = {
      {"type", "resume"}, {"room", "R7"}, {"match", 2}, {"seq", 41}, {"timer", timer}};
  EXPECT_EQ(resume_message("R7", 2, 41, timer.dump()), resume.dump());
  Json untimed = resume;
  untimed["timer"] = nullptr;
  EXPECT_EQ(resume_message("R7", 2, 41, ""), untimed.dump());
}

// An update is spliced together from text: the shared head, the events each viewer may
// see, the table view and the viewer's own fields. Whatever the parts, it is one object.
TEST(Protocol, AnUpdateIsOneObjectWithEachViewersEvents) {
  const Json timer = {{"turn_ms", 30000}, {"seats", {{{"seat", 1}, {"remaining_ms", 29990}}}}};
  UpdateHead head;
  head.room = "R\"7";  // escaped
  head.match = 2;
  head.seq = 41;
  head.paused = true;
  head.pause_ms = 1500;
  const std::string timer_text = timer.dump();
  head.timer = timer_text;
  head.timed_out_seat = 3;
  const SharedUpdate shared = shared_update(head, R"({"game":"perico","round":2})");
  const std::vector<Event> events(
      {Event{R"({"type":"draw","seat":1,"card":"7C"})", Audience::only(1)},
       Event{R"({"type":"draw","seat":1})", Audience::all_but(1)},
       Event{R"({"type":"knock","seat":0})", Audience::everyone()}});
  const Json to_seat =
      Json::parse(update_message(shared, 1, R"({"hand":["7C"]})", events, ",\"accepted\":5"));
  EXPECT_EQ(
      to_seat,
      (Json{{"type", "update"},
            {"room", "R\"7"},
            {"match", 2},
            {"seq", 41},
            {"paused", true},
            {"pause_ms", 1500},
            {"timer", timer},
            {"timed_out", {{"seat", 3}}},
            {"seat", 1},
            {"events",
             {{{"type", "draw"}, {"seat", 1}, {"card", "7C"}}, {{"type", "knock"}, {"seat", 0}}}},
            {"view", {{"game", "perico"}, {"round", 2}, {"hand", {"7C"}}}},
            {"accepted", 5}}));
  head.paused = false;
  head.timer = {};
  head.timed_out_seat.reset();
  const Json to_spectator = Json::parse(update_message(
      shared_update(head, R"({"game":"perico"})"), kSpectator, R"({"viewer":null})", events, ""));
  EXPECT_EQ(to_spectator,
            (Json{{"type", "update"},
                  {"room", "R\"7"},
                  {"match", 2},
                  {"seq", 41},
                  {"paused", false},
                  {"timer", nullptr},
                  {"seat", nullptr},
                  {"events", {{{"type", "draw"}, {"seat", 1}}, {{"type", "knock"}, {"seat", 0}}}},
                  {"view", {{"game", "perico"}, {"viewer", nullptr}}}}));
}

// The room message and reply are written, not built as a tree: byte for byte what the
// tree's dump was, for every kind of seat and for names dump() spells its own way.
TEST(RoomMessage, IsTheDumpOfTheRoomTree) {
  RoomSummary room;
  room.id = "R12";
  room.code = "ABCD-EFGH";
  room.game = "perico";
  room.title = "Friday \"cards\" \\ night";
  room.options =
      Json::parse(R"({"target":31,"deck":{"jokers":false,"cards":[1,2.5,-3]},"x":null})");
  room.is_public = false;
  room.host_player_id = "p1";
  room.status = RoomStatus::kPlaying;
  room.seats = {
      {SeatKind::kHuman, "p1", "Ana \"the ace\"", true, false, "", false},
      {SeatKind::kBot, "", "Bot 2", false, false, "sensible", true},
      {SeatKind::kEmpty, "", "", false, false, "", true},
      {SeatKind::kHuman, "p4", "Jos\xc3\xa9 \b\f\x7f", false, true, "", true},
  };
  room.spectators = 3;
  room.turn_seconds = 45;
  room.bot_delay_ms = 700;
  room.match = 12;
  room.spectators_allowed = false;
  room.muted = {"p4", "p9"};
  room.event_id = "E3";  // an event's table (the fresh rooms below have no "event")
  for (int variant = 0; variant < 3; ++variant) {
    if (variant == 1) {  // a fresh room: defaults, no seats, nothing muted
      room = RoomSummary{};
      room.options = Json::object();
    }
    if (variant == 2) room.options = nullptr;
    const Json tree = room_json(room);
    EXPECT_EQ(tree.contains("event"), variant == 0);
    EXPECT_EQ(room_message(room), Json({{"type", "room"}, {"room", tree}})
                                      .dump(-1, ' ', false, Json::error_handler_t::replace));
    for (const Json& id : {Json(7), Json("req-1"), Json()}) {
      Json reply = {{"type", "room"}, {"room", tree}};
      if (!id.is_null()) reply["id"] = id;
      EXPECT_EQ(room_reply(id, room), reply.dump(-1, ' ', false, Json::error_handler_t::replace));
    }
  }
}

}  // namespace
}  // namespace parlor::protocol
