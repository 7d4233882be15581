// Every game registered in this build, played through the real parlor-server binary:
// a match of bots watched by a spectator, and matches of human clients (each choosing
// with the game's own bot policy from the views it receives) checked frame by frame for
// hidden information. Games land one by one; each is covered as soon as it registers.
#include <gtest/gtest.h>

#include <boost/asio/buffers_iterator.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

#include <cstdint>
#include <memory>
#include <string>

#include "engine/registry/registry.hpp"
#include "tests/server/match_driver.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/test_workload.hpp"

namespace parlor::testing {
namespace {

// Human-driven matches per game, each checked frame by frame.
constexpr int kHumanMatchesPerGame = 2;  // scaled by PARLOR_TEST_WORKLOAD (test_workload.hpp)
constexpr auto kMatchTimeout = std::chrono::seconds(120);

// Bots with no delay produce a whole match at once; a spectator client slowed down by a
// loaded machine would otherwise fall more than the default 1,024 messages behind and be
// dropped as a slow consumer (by design), so this server allows a deeper queue.
ServerProcess& real_server() {
  static ServerProcess server(
      parlor_server_path(),
      instant_table_flags({"--max-queued-messages", "200000", "--log-level", "warn"}));
  return server;
}

// A seat count the game accepts with its default options (4 if it can).
int seats_for(const GameDefinition& game) {
  for (int seats : {4, 3, 2, 5, 6}) {
    if (game.validate_table(Json::object(), seats).ok()) return seats;
  }
  return 0;
}

// Table options for every match here: Poker plays until one player holds every chip,
// which with these bots can take ten thousand actions, so its table closes after a fixed
// number of deals instead. (Unbounded, a bots' match under ThreadSanitizer ran past two
// minutes, and its spectator, reading a backlog of updates, answered no ping for the
// server's 60 s idle timeout and was closed.) Carioca rebuilds its stock up to 100 times a round by
// default, and random players who never go out play all of them (over two minutes a
// match on a loaded machine): two rebuilds still show a rebuilt stock's cards hidden.
Json options_for(const std::string& game) {
  if (game == "poker") return {{"deals", 30}};
  if (game == "carioca") return {{"stock_reshuffles", 2}};
  return Json::object();
}

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const GameDefinition* game : all_games()) names.push_back(game->name());
  return names;
}

class ServerGames : public ::testing::TestWithParam<std::string> {
 protected:
  const GameDefinition& game() const { return *find_game(GetParam()); }
};

Json request_ok(ClientPool& pool, WsClient& client, Json message) {
  Json reply = pool.request(client, message);
  EXPECT_NE(reply.value("type", ""), "error") << message.dump() << " -> " << reply.dump();
  return reply;
}

WsClient* greeted(ClientPool& pool, const std::string& name) {
  WsClient* client = pool.connect(real_server().port());
  EXPECT_NE(client, nullptr);
  if (client) {
    EXPECT_EQ(pool.hello(*client, name).value("type", ""), "welcome");
  }
  return client;
}

TEST_P(ServerGames, BotsPlayAMatchForASpectator) {
  int seats = seats_for(game());
  ASSERT_GT(seats, 0);
  ClientPool pool;
  WsClient* host = greeted(pool, "host");
  ASSERT_NE(host, nullptr);
  Json room = request_ok(pool, *host,
                         {{"type", "create_room"},
                          {"game", GetParam()},
                          {"seats", seats},
                          {"sit", false},
                          {"options", options_for(GetParam())}})["room"];
  std::string id = room["id"];
  for (int s = 0; s < seats; ++s) {
    request_ok(pool, *host,
               {{"type", "add_bot"}, {"room", id}, {"level", s % 2 ? "random" : "sensible"}});
  }
  request_ok(pool, *host, {{"type", "start"}, {"room", id}});
  Json over = pool.take(
      *host, [](const Json& m) { return m.value("type", "") == "match_over"; }, kMatchTimeout);
  ASSERT_TRUE(over.is_object()) << "no match_over";
  EXPECT_EQ(over["results"]["scores"].size(), static_cast<std::size_t>(seats));
  EXPECT_EQ(over["results"]["placings"].size(), static_cast<std::size_t>(seats));
  std::vector<Json> updates = updates_of(*host, 1);
  EXPECT_EQ(updates.size(), over["actions"].get<std::size_t>() + 1);
  for (const Json& update : updates) {
    EXPECT_FALSE(update["view"].contains("hand"));
    EXPECT_FALSE(update["view"].contains("legal"));
  }
}

TEST_P(ServerGames, HumansPlayAndSeeOnlyWhatTheyMay) {
  int seats = seats_for(game());
  ASSERT_GT(seats, 0);
  const int matches = scaled_count(kHumanMatchesPerGame);
  for (int m = 0; m < matches; ++m) {
    SCOPED_TRACE("match " + std::to_string(m));
    ClientPool pool;
    std::vector<TablePlayer> players(static_cast<std::size_t>(seats));
    players[0].client = greeted(pool, "host");
    Json room = request_ok(pool, *players[0].client,
                           {{"type", "create_room"},
                            {"game", GetParam()},
                            {"seats", seats},
                            {"options", options_for(GetParam())}})["room"];
    std::string id = room["id"];
    for (int s = 1; s < seats; ++s) {
      players[s].client = greeted(pool, "p" + std::to_string(s));
      request_ok(pool, *players[s].client, {{"type", "join_room"}, {"room", id}, {"seat", s}});
    }
    WsClient* spectator = greeted(pool, "watcher");
    request_ok(pool, *spectator, {{"type", "spectate"}, {"room", id}});
    for (int s = 0; s < seats; ++s) {
      players[s].seat = s;
      players[s].policy = game().make_bot(m % 2 ? BotLevel::kRandom : BotLevel::kSensible);
    }
    request_ok(pool, *players[0].client, {{"type", "start"}, {"room", id}});
    MatchLog log;
    std::string failure;
    ASSERT_TRUE(drive_match(pool, id, players, log, kMatchTimeout, failure, 7 + m)) << failure;
    ASSERT_TRUE(
        pool.take(*spectator, [](const Json& msg) { return msg.value("type", "") == "match_over"; })
            .is_object());
    std::vector<std::vector<Json>> seat_updates;
    for (const TablePlayer& p : players) seat_updates.push_back(updates_of(*p.client, 1));
    auto problems = verify_frames(game(), room["options"], seats, players[0].match_over, log,
                                  seat_updates, updates_of(*spectator, 1));
    for (const auto& problem : problems) ADD_FAILURE() << problem;
  }
}

// What a WebSocket frame carries, read off a bare socket: Beast's client would join the
// fragments of a message and hide how many there were.
struct RawFrame {
  bool final = false;
  int opcode = 0;
  std::string payload;
};

RawFrame read_raw_frame(boost::asio::ip::tcp::socket& socket) {
  unsigned char head[2];
  boost::asio::read(socket, boost::asio::buffer(head));
  std::uint64_t size = head[1] & 0x7f;
  if (size >= 126) {
    unsigned char extended[8];
    const std::size_t bytes = size == 126 ? 2 : 8;
    boost::asio::read(socket, boost::asio::buffer(extended, bytes));
    size = 0;
    for (std::size_t i = 0; i < bytes; ++i) size = (size << 8) | extended[i];
  }
  RawFrame frame{(head[0] & 0x80) != 0, head[0] & 0x0f, std::string(size, '\0')};
  boost::asio::read(socket, boost::asio::buffer(frame.payload));
  return frame;
}

void send_raw_text(boost::asio::ip::tcp::socket& socket, const std::string& text) {
  ASSERT_LT(text.size(), 126u);
  const unsigned char mask[4] = {1, 2, 3, 4};
  std::string frame = {'\x81', static_cast<char>(0x80 | text.size())};
  frame.append(reinterpret_cast<const char*>(mask), 4);
  for (std::size_t i = 0; i < text.size(); ++i) frame += static_cast<char>(text[i] ^ mask[i % 4]);
  boost::asio::write(socket, boost::asio::buffer(frame));
}

// A reply over 4 KB (every game's description) leaves as one frame: Beast's default
// would cut it into 4 KB frames, a write each.
TEST(ServerFrames, ALargeReplyIsOneFrame) {
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::socket socket(ioc);
  socket.connect({boost::asio::ip::make_address("127.0.0.1"),
                  static_cast<unsigned short>(real_server().port())});
  const std::string upgrade =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  boost::asio::write(socket, boost::asio::buffer(upgrade));
  boost::asio::streambuf response;
  boost::asio::read_until(socket, response, "\r\n\r\n");
  const std::string answer(boost::asio::buffers_begin(response.data()),
                           boost::asio::buffers_end(response.data()));
  ASSERT_NE(answer.find(" 101 "), std::string::npos) << answer;
  ASSERT_EQ(answer.find("\r\n\r\n") + 4, answer.size());  // nothing read past the headers
  send_raw_text(socket, R"({"type":"hello","version":1,"name":"frames"})");
  while (read_raw_frame(socket).payload.find("welcome") == std::string::npos) {
  }
  send_raw_text(socket, R"({"type":"games","id":7})");
  RawFrame first;
  do first = read_raw_frame(socket);
  while (first.payload.find("\"id\":7") == std::string::npos && first.final);
  EXPECT_TRUE(first.final) << "the reply came in more than one frame";
  EXPECT_EQ(first.opcode, 1);
  EXPECT_GT(first.payload.size(), 4096u);
  EXPECT_TRUE(Json::accept(first.payload));
}

INSTANTIATE_TEST_SUITE_P(EveryGame, ServerGames, ::testing::ValuesIn(game_names()),
                         [](const auto& info) { return info.param; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ServerGames);

}  // namespace
}  // namespace parlor::testing
