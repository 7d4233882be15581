// The HTTP side of the server: health, metrics, the rooms API, the web root, limits.
#include <gtest/gtest.h>

#include "tests/server/secret_server.hpp"

namespace parlor::testing {
namespace {

TEST(ServerHttp, HealthzAnswersWithAStatus) {
  auto response = http_get(fast_server().port(), "/healthz");
  ASSERT_EQ(http_status(response), 200);
  Json health = Json::parse(http_body(response));
  EXPECT_EQ(health["status"], "ok");
  EXPECT_EQ(health["protocol_version"], 1);
  EXPECT_EQ(health["games"], Json::array({"secret"}));
}

TEST(ServerHttp, MetricsArePrometheusText) {
  ClientPool pool;
  greeted(pool, fast_server().port(), "metrics");
  std::string body = http_body(http_get(fast_server().port(), "/metrics"));
  for (const char* name : {"# TYPE parlor_connections gauge", "parlor_actions_accepted_total",
                           "parlor_actions_rejected_total", "parlor_rooms",
                           "parlor_message_handling_seconds_bucket{le=\"+Inf\"}",
                           "parlor_message_handling_seconds_count"}) {
    EXPECT_NE(body.find(name), std::string::npos) << name;
  }
}

TEST(ServerHttp, ApiListsPublicRoomsOnly) {
  ClientPool pool;
  WsClient* host = greeted(pool, fast_server().port(), "lister");
  Json open = create_room(pool, *host, 2);
  Json hidden = create_room(pool, *host, 2, {{"visibility", "private"}});
  Json rooms = Json::parse(http_body(http_get(fast_server().port(), "/api/rooms?game=secret")));
  bool saw_open = false;
  for (const Json& room : rooms["rooms"]) {
    EXPECT_NE(room["id"], hidden["id"]);
    EXPECT_FALSE(room.contains("code"));  // codes are for members
    if (room["id"] == open["id"]) {
      saw_open = true;
      EXPECT_EQ(room["seats_taken"], 1);
      EXPECT_EQ(room["seat_count"], 2);
      EXPECT_EQ(room["status"], "waiting");
    }
  }
  EXPECT_TRUE(saw_open);
  Json none = Json::parse(http_body(http_get(fast_server().port(), "/api/rooms?game=perico")));
  EXPECT_TRUE(none["rooms"].empty());
}

TEST(ServerHttp, ServesAPageAtTheRootAndRefusesTheRest) {
  auto page = http_get(fast_server().port(), "/");
  EXPECT_EQ(http_status(page), 200);
  EXPECT_NE(http_body(page).find("Parlor"), std::string::npos);
  EXPECT_EQ(http_status(http_get(fast_server().port(), "/no/such/file.js")), 404);
  EXPECT_EQ(http_status(http_get(fast_server().port(), "/../../etc/passwd")), 400);
  EXPECT_EQ(
      http_status(raw_http(fast_server().port(),
                           "DELETE /api/rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")),
      405);
  EXPECT_EQ(http_status(http_get(fast_server().port(), "/ws")), 426);
}

TEST(ServerHttp, OversizedHeadersGet431AndBodies413) {
  std::string big_header =
      "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n";
  EXPECT_EQ(http_status(raw_http(fast_server().port(), big_header)), 431);
  std::string big_body = "POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n" +
                         std::string(70000, 'b');
  EXPECT_EQ(http_status(raw_http(fast_server().port(), big_body)), 413);
  EXPECT_EQ(http_status(http_get(fast_server().port(), "/healthz")), 200);  // still serving
}

}  // namespace
}  // namespace parlor::testing
