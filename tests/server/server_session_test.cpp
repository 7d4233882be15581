// One connection's life: hello and tokens, and every kind of bad message.
#include <gtest/gtest.h>

#include <thread>

#include "tests/server/secret_server.hpp"
#include "tests/support/built_paths.hpp"

namespace parlor::testing {
namespace {

TEST(ServerSession, HelloIssuesATokenThatResumesThePlayer) {
  ClientPool pool;
  Json welcome;
  greeted(pool, fast_server().port(), "Ana", &welcome);
  std::string token = welcome.value("token", "");
  EXPECT_EQ(token.size(), 64u);
  EXPECT_EQ(welcome["player"]["name"], "Ana");
  EXPECT_EQ(welcome["protocol_version"], 1);
  EXPECT_EQ(welcome["games"], Json::array({"secret"}));

  WsClient* again = pool.connect(fast_server().port());
  ASSERT_NE(again, nullptr);
  Json back = pool.hello(*again, "", token);
  EXPECT_EQ(back["type"], "welcome");
  EXPECT_EQ(back["player"]["id"], welcome["player"]["id"]);
  EXPECT_EQ(back["player"]["name"], "Ana");
  EXPECT_FALSE(back.contains("token"));  // shown once only
}

TEST(ServerSession, RefusesAnUnknownTokenAndASecondHello) {
  ClientPool pool;
  WsClient* client = pool.connect(fast_server().port());
  ASSERT_NE(client, nullptr);
  EXPECT_EQ(pool.hello(*client, "x", std::string(64, 'f')).value("code", ""), "bad_token");
  EXPECT_EQ(pool.hello(*client, "x").value("type", ""), "welcome");
  EXPECT_EQ(pool.hello(*client, "x").value("code", ""), "already_greeted");
}

TEST(ServerSession, AnIncompatibleVersionIsToldAndClosed) {
  ClientPool pool;
  WsClient* client = pool.connect(fast_server().port());
  ASSERT_NE(client, nullptr);
  Json reply = pool.request(*client, {{"type", "hello"}, {"version", 99}});
  EXPECT_EQ(reply.value("code", ""), "incompatible_version");
  EXPECT_NE(reply.value("message", "").find("99"), std::string::npos);
  ASSERT_TRUE(pool.wait_for([&] { return client->closed; }, 5s));
  EXPECT_EQ(client->close_reason().code, websocket::close_code::policy_error);
}

TEST(ServerSession, RequestsBeforeHelloAreRefused) {
  ClientPool pool;
  WsClient* client = pool.connect(fast_server().port());
  ASSERT_NE(client, nullptr);
  EXPECT_EQ(pool.request(*client, {{"type", "list_rooms"}}).value("code", ""), "hello_required");
  EXPECT_EQ(pool.request(*client, {{"type", "ping"}}).value("type", ""), "pong");
}

TEST(ServerSession, EveryKindOfBadMessageGetsAnErrorAndTheConnectionGoesOn) {
  ClientPool pool;
  WsClient* client = greeted(pool, fast_server().port(), "bad");
  ASSERT_NE(client, nullptr);
  struct Case {
    std::string text;
    std::string code;
  };
  std::vector<Case> cases = {
      {"{not json", "bad_json"},
      {"[1,2,3]", "bad_message"},
      {R"({"id":5})", "bad_message"},
      {R"({"type":"fly","id":6})", "unknown_type"},
      {R"({"type":"create_room","id":7,"game":"secret","seats":"two"})", "bad_field"},
      {R"({"type":"create_room","id":8,"game":"chess","seats":2})", "no_such_game"},
      {R"({"type":"create_room","id":9,"game":"secret","seats":9})", "bad_seat_count"},
      {R"({"type":"create_room","id":10,"game":"secret","seats":2,"options":{"colour":1}})",
       "unknown_option"},
      {R"({"type":"create_room","id":11,"game":"secret","seats":2,"options":{"rounds":99}})",
       "bad_option_value"},
      {R"({"type":"create_room","id":12,"game":"secret","seats":2,"visibility":"secret"})",
       "bad_field"},
      {R"({"type":"join_room","id":13,"room":"R999999"})", "no_such_room"},
      {R"({"type":"join_room","id":14})", "bad_field"},
      {R"({"type":"action","id":15,"room":"R999999","action":{"type":"draw"}})", "no_such_room"},
      {R"({"type":"add_bot","id":16,"room":"R1","level":"genius"})", "bad_field"},
  };
  for (const Case& c : cases) {
    client->send_text(c.text);
    Json reply = pool.take_type(*client, "error");
    EXPECT_EQ(reply.value("code", ""), c.code) << c.text << " -> " << reply.dump();
    Json sent = Json::parse(c.text, nullptr, false);
    if (sent.is_object() && sent.contains("id")) {
      EXPECT_EQ(reply["id"], sent["id"]);
    }
  }
  client->send_binary(std::string("\x00\x01\x02", 3));
  EXPECT_EQ(pool.take_type(*client, "error").value("code", ""), "binary_not_supported");
  EXPECT_EQ(pool.request(*client, {{"type", "ping"}}).value("type", ""), "pong");
  EXPECT_FALSE(client->closed);
}

// The session reads a few hundred bytes at a time (websocket_session.cpp, kReadChunk): a
// message many reads long arrives whole, and the next one after it.
TEST(ServerSession, AMessageLongerThanOneReadArrivesWhole) {
  ClientPool pool;
  WsClient* client = greeted(pool, fast_server().port(), "long");
  ASSERT_NE(client, nullptr);
  Json long_ping = {{"type", "ping"}, {"pad", std::string(12000, 'x')}};
  EXPECT_EQ(pool.request(*client, long_ping).value("type", ""), "pong");
  EXPECT_EQ(pool.request(*client, {{"type", "ping"}}).value("type", ""), "pong");
  EXPECT_FALSE(client->closed);
}

TEST(ServerSession, ListsGames) {
  ClientPool pool;
  WsClient* client = greeted(pool, fast_server().port(), "games");
  Json reply = pool.request(*client, {{"type", "games"}});
  ASSERT_EQ(reply.value("type", ""), "games");
  ASSERT_EQ(reply["games"].size(), 1u);
  EXPECT_EQ(reply["games"][0]["name"], "secret");
  EXPECT_TRUE(reply["games"][0].contains("options"));
}

TEST(ServerSession, ShutdownClosesWithGoingAway) {
  ServerProcess server(secret_server_path(), kFastTables);
  ClientPool pool;
  WsClient* client = greeted(pool, server.port(), "leaving");
  ASSERT_NE(client, nullptr);
  std::thread stopper([&] { EXPECT_EQ(server.stop(), 0); });
  bool closed = pool.wait_for([&] { return client->closed; }, 8s);
  stopper.join();
  ASSERT_TRUE(closed);
  EXPECT_EQ(client->close_reason().code, websocket::close_code::going_away);
}

}  // namespace
}  // namespace parlor::testing
