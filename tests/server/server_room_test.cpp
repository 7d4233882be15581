// Rooms and live play over the protocol, against a real server process running the
// test game "secret" (secret_game.hpp).
#include <gtest/gtest.h>

#include "tests/server/match_driver.hpp"
#include "tests/server/secret_game.hpp"
#include "tests/server/secret_server.hpp"

namespace parlor::testing {
namespace {

// Random full matches checked frame by frame for hidden information.
constexpr int kHiddenInformationMatches = 8;

Json request_ok(ClientPool& pool, WsClient& client, Json message) {
  Json reply = pool.request(client, message);
  EXPECT_NE(reply.value("type", ""), "error") << message.dump() << " -> " << reply.dump();
  return reply;
}

std::string error_code(ClientPool& pool, WsClient& client, Json message) {
  return pool.request(client, std::move(message)).value("code", "");
}

// The room object of the latest "room" push matching `done`.
Json wait_room(ClientPool& pool, WsClient& client, const std::function<bool(const Json&)>& done,
               std::chrono::milliseconds timeout = 10s) {
  return pool
      .take(
          client, [&](const Json& m) { return is_type(m, "room") && done(m["room"]); }, timeout)
      .value("room", Json());
}

TEST(ServerRooms, PrivateRoomsAreJoinedByCodeAndTheHostRunsThem) {
  ClientPool pool;
  int port = fast_server().port();
  WsClient* host = greeted(pool, port, "Host");
  WsClient* bea = greeted(pool, port, "Bea");
  WsClient* cid = greeted(pool, port, "Cid");
  Json room = create_room(pool, *host, 3, {{"visibility", "private"}});
  std::string id = room["id"], code = room["code"];
  EXPECT_EQ(room["seats"][0]["name"], "Host");
  EXPECT_EQ(code.size(), 6u);

  EXPECT_EQ(error_code(pool, *bea, {{"type", "join_room"}, {"room", id}}), "no_such_room");
  EXPECT_EQ(error_code(pool, *bea, {{"type", "join_room"}, {"code", "ZZZZZZ"}}), "no_such_room");
  Json joined = request_ok(pool, *bea, {{"type", "join_room"}, {"code", code}, {"seat", 1}});
  EXPECT_EQ(joined["room"]["seats"][1]["name"], "Bea");
  // Joining again where one sits gives the seat back, and the reply names the request
  // (it was a push with a null id, so a client's join never settled).
  Json again = request_ok(pool, *bea, {{"type", "join_room"}, {"code", code}});
  EXPECT_EQ(again.value("type", ""), "room");
  EXPECT_EQ(again["room"]["seats"][1]["name"], "Bea");
  EXPECT_EQ(error_code(pool, *cid, {{"type", "join_room"}, {"code", code}, {"seat", 1}}),
            "seat_taken");
  EXPECT_EQ(error_code(pool, *cid, {{"type", "join_room"}, {"code", code}, {"seat", 7}}),
            "bad_seat");
  EXPECT_EQ(error_code(pool, *bea, {{"type", "add_bot"}, {"room", id}}), "not_host");
  EXPECT_EQ(error_code(pool, *host, {{"type", "start"}, {"room", id}}), "seats_not_full");
  EXPECT_EQ(
      error_code(pool, *host, {{"type", "action"}, {"room", id}, {"action", {{"type", "draw"}}}}),
      "no_match");
  Json bot = request_ok(pool, *host, {{"type", "add_bot"}, {"room", id}, {"level", "random"}});
  EXPECT_EQ(bot["seat"], 2);
  EXPECT_EQ(error_code(pool, *cid, {{"type", "join_room"}, {"code", code}}), "room_full");
  EXPECT_EQ(error_code(pool, *host, {{"type", "remove_bot"}, {"room", id}, {"seat", 1}}),
            "not_a_bot");
  request_ok(pool, *host, {{"type", "remove_bot"}, {"room", id}, {"seat", 2}});
  request_ok(pool, *host, {{"type", "add_bot"}, {"room", id}});
  request_ok(pool, *cid, {{"type", "spectate"}, {"code", code}});
  EXPECT_EQ(
      error_code(pool, *cid, {{"type", "action"}, {"room", id}, {"action", {{"type", "draw"}}}}),
      "not_seated");
  EXPECT_EQ(error_code(pool, *bea, {{"type", "spectate"}, {"code", code}}), "already_seated");

  Json started = request_ok(pool, *host, {{"type", "start"}, {"room", id}});
  EXPECT_EQ(started["match"], 1);
  EXPECT_EQ(error_code(pool, *host, {{"type", "start"}, {"room", id}}), "match_running");
  for (WsClient* client : {host, bea, cid}) {
    Json update = pool.take_type(*client, "update");
    EXPECT_EQ(update["seq"], 0);
    EXPECT_EQ(update["match"], 1);
  }
  EXPECT_EQ(error_code(pool, *cid, {{"type", "join_room"}, {"code", code}}), "match_running");
}

// A started two-seat match without a turn timer: Host hosts it, Bea sits.
struct TwoSeatTable {
  WsClient* host;
  WsClient* bea;
  std::string id;
};

TwoSeatTable start_two_seat_table(ClientPool& pool) {
  int port = fast_server().port();
  TwoSeatTable table{greeted(pool, port, "Host"), greeted(pool, port, "Bea"), ""};
  table.id = create_room(pool, *table.host, 2, {{"turn_seconds", 0}})["id"];
  request_ok(pool, *table.bea, {{"type", "join_room"}, {"room", table.id}});
  request_ok(pool, *table.host, {{"type", "start"}, {"room", table.id}});
  return table;
}

TEST(ServerRooms, RuleBreakingMovesGetTheEnginesCodeAndChangeNothing) {
  ClientPool pool;
  auto [host, bea, id] = start_two_seat_table(pool);
  Json update = pool.take_type(*host, "update");
  Json action = {{"type", "action"}, {"room", id}};
  action["action"] = {{"type", "discard"}, {"card", "AS"}};
  EXPECT_EQ(error_code(pool, *host, action), "wrong_phase");
  action["action"] = {{"type", "choose"}, {"card", "XX"}};
  EXPECT_EQ(error_code(pool, *host, action), "bad_card");
  action["action"] = {{"type", "jump"}};
  EXPECT_EQ(error_code(pool, *host, action), "unknown_action");
  action["action"] = {{"kind", "choose"}};
  EXPECT_EQ(error_code(pool, *host, action), "bad_action");
  action["action"] = {{"type", "choose"}, {"card", update["view"]["hand"][0]}};
  Json accepted = request_ok(pool, *host, action);
  EXPECT_EQ(accepted["type"], "accepted");
  EXPECT_EQ(accepted["seq"], 1);  // the rejected moves did not count
  EXPECT_EQ(error_code(pool, *host, action), "already_chose");
}

TEST(ServerRooms, AMoveSentWithAckUpdateIsAcknowledgedInsideTheActorsUpdate) {
  ClientPool pool;
  auto [host, bea, id] = start_two_seat_table(pool);
  Json host_view = pool.take_type(*host, "update")["view"];
  Json bea_view = pool.take_type(*bea, "update")["view"];
  Json action = {{"type", "action"}, {"room", id}, {"ack", "later"}};
  action["action"] = {{"type", "choose"}, {"card", host_view["hand"][0]}};
  EXPECT_EQ(error_code(pool, *host, action), "bad_field");

  action["ack"] = "update";
  action["id"] = "move-1";
  host->send(action);
  Json own = pool.take_type(*host, "update");
  EXPECT_EQ(own["seq"], 1);
  EXPECT_EQ(own["accepted"], "move-1");
  Json other = pool.take_type(*bea, "update");
  EXPECT_EQ(other["seq"], 1);
  EXPECT_FALSE(other.contains("accepted"));
  pool.pump(50ms);
  for (const Json& message : host->inbox) EXPECT_NE(message.value("type", ""), "accepted");
  // A rejected move is still an error reply.
  EXPECT_EQ(error_code(pool, *host, action), "already_chose");

  // "reply", the default, answers with "accepted" before the update.
  action["ack"] = "reply";
  action["action"]["card"] = bea_view["hand"][0];
  Json accepted = request_ok(pool, *bea, action);
  EXPECT_EQ(accepted["type"], "accepted");
  EXPECT_EQ(accepted["seq"], 2);
  EXPECT_FALSE(pool.take_type(*bea, "update").contains("accepted"));
}

// Expert bots (thinking on the server's bot pool) and the room's thinking budget: the
// level and the budget are asked for, shown in the room, and bounded.
TEST(ServerRooms, ExpertBotsWithTheRoomsBudgetPlayAMatchAndTheRoomSaysSo) {
  ClientPool pool;
  WsClient* host = greeted(pool, fast_server().port(), "Watcher");
  EXPECT_EQ(create_room(pool, *host, 2, {{"sit", false}})["bot_budget_ms"], 50);  // the default
  Json room = create_room(pool, *host, 2,
                          {{"sit", false}, {"bot_budget_ms", 5}, {"options", {{"rounds", 2}}}});
  EXPECT_EQ(room["bot_budget_ms"], 5);
  for (int budget : {0, 1001}) {
    EXPECT_EQ(
        error_code(
            pool, *host,
            {{"type", "create_room"}, {"game", "secret"}, {"seats", 2}, {"bot_budget_ms", budget}}),
        "bad_field");
  }
  std::string id = room["id"];
  EXPECT_EQ(error_code(pool, *host, {{"type", "add_bot"}, {"room", id}, {"level", "genius"}}),
            "bad_field");
  for (int i = 0; i < 2; ++i) {
    request_ok(pool, *host, {{"type", "add_bot"}, {"room", id}, {"level", "expert"}});
  }
  Json full = wait_room(pool, *host, [](const Json& r) { return r["seats"][1]["kind"] == "bot"; });
  for (const Json& seat : full["seats"]) EXPECT_EQ(seat["level"], "expert");
  request_ok(pool, *host, {{"type", "start"}, {"room", id}});
  Json over = pool.take_type(*host, "match_over", 30s);
  ASSERT_EQ(over.value("type", ""), "match_over");
  EXPECT_EQ(over["results"]["round_results"].size(), 2u);
  EXPECT_GT(over["actions"].get<int>(), 0);
}

TEST(ServerRooms, BotsPlayAWholeMatchWhileTheHostWatchesAndThenAnother) {
  ClientPool pool;
  WsClient* host = greeted(pool, fast_server().port(), "Watcher");
  Json room = create_room(pool, *host, 4, {{"sit", false}, {"options", {{"rounds", 3}}}});
  std::string id = room["id"];
  for (int i = 0; i < 4; ++i) request_ok(pool, *host, {{"type", "add_bot"}, {"room", id}});
  for (int match = 1; match <= 2; ++match) {
    request_ok(pool, *host, {{"type", "start"}, {"room", id}});
    Json over = pool.take_type(*host, "match_over", 30s);
    ASSERT_EQ(over.value("type", ""), "match_over");
    EXPECT_EQ(over["match"], match);
    EXPECT_EQ(over["results"]["scores"].size(), 4u);
    EXPECT_EQ(over["results"]["placings"].size(), 4u);
    EXPECT_EQ(over["results"]["round_results"].size(), 3u);
    EXPECT_EQ(over["seed"].get<std::string>().size(), 64u);
    std::vector<Json> updates = updates_of(*host, match);
    ASSERT_FALSE(updates.empty());
    EXPECT_EQ(updates.size(), over["actions"].get<std::size_t>() + 1);
    for (std::size_t n = 0; n < updates.size(); ++n) {
      EXPECT_EQ(updates[n]["seq"], n);
      EXPECT_TRUE(updates[n]["seat"].is_null());
      EXPECT_FALSE(updates[n]["view"].contains("hand"));  // a spectator's view
    }
    EXPECT_TRUE(updates.back()["view"]["over"].get<bool>());
    Json finished = wait_room(pool, *host, [](const Json& r) { return r["status"] == "finished"; });
    EXPECT_EQ(finished["match"], match);
  }
}

TEST(ServerRooms, HumansSeeOnlyWhatTheyMaySee) {
  for (int m = 0; m < kHiddenInformationMatches; ++m) {
    SCOPED_TRACE("match " + std::to_string(m));
    ClientPool pool;
    int port = fast_server().port();
    int seats = 2 + m % 5;
    std::vector<TablePlayer> players(static_cast<std::size_t>(seats));
    players[0].client = greeted(pool, port, "host");
    Json room = create_room(pool, *players[0].client, seats,
                            {{"turn_seconds", 0}, {"options", {{"rounds", 1 + m % 3}}}});
    std::string id = room["id"];
    for (int s = 1; s < seats; ++s) {
      players[s].client = greeted(pool, port, "p" + std::to_string(s));
      request_ok(pool, *players[s].client, {{"type", "join_room"}, {"room", id}, {"seat", s}});
    }
    WsClient* spectator = greeted(pool, port, "watcher");
    request_ok(pool, *spectator, {{"type", "spectate"}, {"room", id}});
    for (int s = 0; s < seats; ++s) {
      players[s].seat = s;
      players[s].policy = secret_game().make_bot(BotLevel::kRandom);
    }
    request_ok(pool, *players[0].client, {{"type", "start"}, {"room", id}});
    MatchLog log;
    std::string failure;
    ASSERT_TRUE(drive_match(pool, id, players, log, 30s, failure, 100 + m)) << failure;
    Json over = players[0].match_over;
    ASSERT_TRUE(pool.wait_for([&] {
      return !updates_of(*spectator, 1).empty() &&
             updates_of(*spectator, 1).back()["view"]["over"] == true;
    }));
    std::vector<std::vector<Json>> seat_updates;
    for (const TablePlayer& p : players) seat_updates.push_back(updates_of(*p.client, 1));
    auto problems = verify_frames(secret_game(), room["options"], seats, over, log, seat_updates,
                                  updates_of(*spectator, 1));
    for (const auto& problem : problems) ADD_FAILURE() << problem;
    EXPECT_EQ(log.rejections, 0);
  }
}

TEST(ServerRooms, HiddenInformationCheckCatchesALeak) {
  // The check itself must be able to fail: hand seat 1's card to seat 0.
  ClientPool pool;
  int port = fast_server().port();
  std::vector<TablePlayer> players(2);
  players[0].client = greeted(pool, port, "a");
  Json room = create_room(pool, *players[0].client, 2, {{"turn_seconds", 0}});
  std::string id = room["id"];
  players[1].client = greeted(pool, port, "b");
  request_ok(pool, *players[1].client, {{"type", "join_room"}, {"room", id}});
  WsClient* spectator = greeted(pool, port, "w");
  request_ok(pool, *spectator, {{"type", "spectate"}, {"room", id}});
  for (int s = 0; s < 2; ++s) {
    players[s].seat = s;
    players[s].policy = secret_game().make_bot(BotLevel::kRandom);
  }
  request_ok(pool, *players[0].client, {{"type", "start"}, {"room", id}});
  MatchLog log;
  std::string failure;
  ASSERT_TRUE(drive_match(pool, id, players, log, 30s, failure)) << failure;
  ASSERT_TRUE(pool.wait_for([&] { return pool.take_type(*spectator, "match_over").is_object(); }));
  std::vector<std::vector<Json>> seat_updates = {updates_of(*players[0].client, 1),
                                                 updates_of(*players[1].client, 1)};
  auto clean = verify_frames(secret_game(), room["options"], 2, players[0].match_over, log,
                             seat_updates, updates_of(*spectator, 1));
  EXPECT_TRUE(clean.empty());
  seat_updates[0][0]["events"].push_back({{"peek", seat_updates[1][0]["view"]["hand"][0]}});
  EXPECT_FALSE(verify_frames(secret_game(), room["options"], 2, players[0].match_over, log,
                             seat_updates, updates_of(*spectator, 1))
                   .empty());
}

TEST(ServerRooms, ATurnThatRunsOutGetsTheDefaultAction) {
  ClientPool pool;
  int port = fast_server().port();
  WsClient* host = greeted(pool, port, "slow");
  WsClient* bea = greeted(pool, port, "slower");
  Json room = create_room(pool, *host, 2, {{"turn_seconds", 1}});
  std::string id = room["id"];
  request_ok(pool, *bea, {{"type", "join_room"}, {"room", id}});
  auto started = std::chrono::steady_clock::now();
  request_ok(pool, *host, {{"type", "start"}, {"room", id}});
  Json first = pool.take_type(*host, "update");
  ASSERT_TRUE(first["timer"].is_object()) << first.dump();
  EXPECT_EQ(first["timer"]["turn_ms"], 1000);
  EXPECT_EQ(first["timer"]["seats"].size(), 2u);  // both choose at once
  EXPECT_LE(first["timer"]["seats"][0]["remaining_ms"].get<int>(), 1000);
  // Nobody acts: both choices are made for them, then the first turn's draw and discard.
  Json later = pool.take(
      *host, [](const Json& m) { return is_type(m, "update") && m["seq"] == 4; }, 8s);
  ASSERT_TRUE(later.is_object());
  auto elapsed = std::chrono::steady_clock::now() - started;
  EXPECT_GE(elapsed, 1900ms);  // two turns of one second each
  EXPECT_TRUE(later["view"]["my_choice"].is_string());
}

TEST(ServerRooms, AReconnectingPlayerGetsTheSeatAndTheViewBack) {
  ClientPool pool;
  int port = fast_server().port();
  WsClient* host = greeted(pool, port, "stays");
  Json welcome;
  WsClient* bea = greeted(pool, port, "drops", &welcome);
  std::string token = welcome["token"];
  Json room = create_room(pool, *host, 2, {{"turn_seconds", 0}});
  std::string id = room["id"];
  request_ok(pool, *bea, {{"type", "join_room"}, {"room", id}});
  request_ok(pool, *host, {{"type", "start"}, {"room", id}});
  Json before = pool.take_type(*bea, "update");
  Json host_view = pool.take_type(*host, "update");
  request_ok(pool, *host,
             {{"type", "action"},
              {"room", id},
              {"action", {{"type", "choose"}, {"card", host_view["view"]["hand"][0]}}}});
  bea->close();
  Json gone =
      wait_room(pool, *host, [](const Json& r) { return r["seats"][1]["connected"] == false; });
  EXPECT_EQ(gone["seats"][1]["name"], "drops");

  WsClient* again = pool.connect(port);
  ASSERT_NE(again, nullptr);
  Json back = pool.hello(*again, "", token);
  EXPECT_EQ(back["rooms"], Json::array({id}));
  Json restored = pool.take_type(*again, "update");
  EXPECT_EQ(restored["seq"], 1);
  EXPECT_EQ(restored["seat"], 1);
  EXPECT_EQ(restored["view"]["hand"], before["view"]["hand"]);
  Json accepted =
      request_ok(pool, *again,
                 {{"type", "action"},
                  {"room", id},
                  {"action", {{"type", "choose"}, {"card", before["view"]["hand"][1]}}}});
  EXPECT_EQ(accepted["seq"], 2);
  wait_room(pool, *host, [](const Json& r) { return r["seats"][1]["connected"] == true; });
}

TEST(ServerRooms, ABotStandsInWhenTheGracePeriodEndsAndLeavesWhenThePlayerReturns) {
  ClientPool pool;
  int port = fast_server().port();  // grace period: 1 s
  WsClient* host = greeted(pool, port, "stays");
  Json welcome;
  WsClient* bea = greeted(pool, port, "drops", &welcome);
  Json room = create_room(pool, *host, 2, {{"turn_seconds", 0}, {"options", {{"rounds", 9}}}});
  std::string id = room["id"];
  request_ok(pool, *bea, {{"type", "join_room"}, {"room", id}});
  request_ok(pool, *host, {{"type", "start"}, {"room", id}});
  pool.take_type(*host, "update");
  bea->close();
  Json standin = wait_room(
      pool, *host, [](const Json& r) { return r["seats"][1]["bot_plays"] == true; }, 5s);
  ASSERT_TRUE(standin.is_object());
  // The stand-in makes seat 1's hidden choice without waiting for anyone.
  Json chose = pool.take(*host, [](const Json& m) {
    if (!is_type(m, "update")) return false;
    for (const Json& e : m["events"]) {
      if (e["type"] == "chose" && e["seat"] == 1) return true;
    }
    return false;
  });
  EXPECT_TRUE(chose.is_object());
  WsClient* again = pool.connect(port);
  ASSERT_NE(again, nullptr);
  pool.hello(*again, "", welcome["token"]);
  wait_room(pool, *host, [](const Json& r) {
    return r["seats"][1]["bot_plays"] == false && r["seats"][1]["connected"] == true;
  });
}

TEST(ServerRooms, LeavingDuringAMatchHandsTheSeatToABot) {
  ClientPool pool;
  int port = fast_server().port();
  WsClient* host = greeted(pool, port, "host");
  WsClient* bea = greeted(pool, port, "quitter");
  Json room = create_room(pool, *host, 2, {{"turn_seconds", 0}, {"sit", true}});
  std::string id = room["id"];
  request_ok(pool, *bea, {{"type", "join_room"}, {"room", id}});
  request_ok(pool, *host, {{"type", "start"}, {"room", id}});
  request_ok(pool, *bea, {{"type", "leave_room"}, {"room", id}});
  Json after = wait_room(pool, *host, [](const Json& r) { return r["seats"][1]["kind"] == "bot"; });
  EXPECT_NE(after["seats"][1]["name"].get<std::string>().find("quitter"), std::string::npos);
  EXPECT_EQ(error_code(pool, *bea, {{"type", "leave_room"}, {"room", id}}), "not_in_room");
}

TEST(ServerRooms, TheTablePausesBetweenRoundsThenGoesOn) {
  ClientPool pool;
  std::vector<std::string> flags = kFastTables;
  flags.insert(flags.end(), {"--round-pause-ms", "300"});
  WsClient* host = greeted(pool, server_with(flags).port(), "watcher");
  Json room = create_room(pool, *host, 2, {{"sit", false}, {"options", {{"rounds", 2}}}});
  std::string id = room["id"];
  for (int i = 0; i < 2; ++i) request_ok(pool, *host, {{"type", "add_bot"}, {"room", id}});
  request_ok(pool, *host, {{"type", "start"}, {"room", id}});
  Json paused =
      pool.take(*host, [](const Json& m) { return is_type(m, "update") && m["paused"] == true; });
  ASSERT_TRUE(paused.is_object());
  EXPECT_EQ(paused["pause_ms"], 300);
  EXPECT_TRUE(paused["view"]["last_round"].is_object());
  auto at = std::chrono::steady_clock::now();
  Json resumed = pool.take_type(*host, "resume");
  EXPECT_EQ(resumed["seq"], paused["seq"]);
  EXPECT_GE(std::chrono::steady_clock::now() - at, 200ms);
  EXPECT_TRUE(pool.take_type(*host, "match_over").is_object());
}

}  // namespace
}  // namespace parlor::testing
