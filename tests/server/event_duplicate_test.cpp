// A duplicate club night end to end on the real parlor-server, checked as a player would
// check it (protocol/README.md, "Club nights"; docs/fairness.md): four members, network
// test clients, sign up for two duplicate rounds of two-seat Perico, so that each round
// has two tables dealt from the round's one seed. The clients play every table (one
// table's with sensible bots, the other's with random ones: one deal, played apart). Each
// table's match record is fetched from the history API (GET /api/matches/ID, the record
// the match page links to) and written to a file, and the real `parlor verify
// --duplicate` must find each round's records verified and dealt alike, and a record of
// the other round among them a mismatch in the seed. The standings are checked against
// matchpoints worked out here from the tables' scores, and every round's seed against
// the deal secret the finished event reveals.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "engine/core/rng.hpp"
#include "engine/registry/registry.hpp"
#include "protocol/commitment.hpp"
#include "tests/server/event_clients.hpp"
#include "tests/server/match_driver.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/run_command.hpp"

namespace parlor::testing {
namespace {

constexpr auto kMatchTimeout = std::chrono::seconds(120);
constexpr int kRounds = 2;

// Seat s of a table against seat s of the other table of its round: 1 for a higher score,
// 0.5 for an equal one, 0 for a lower one (event_rules.hpp, matchpoints; two tables here).
double matchpoint(double mine, double theirs) {
  if (mine > theirs) return 1;
  return mine == theirs ? 0.5 : 0;
}

// Plays every table of `round`: the first with sensible bots, the others with random
// ones, so that the tables play the one deal differently and the matchpoints tell them
// apart. The players leave their rooms afterwards.
void play_tables(ClientPool& pool, std::map<std::string, Entrant*>& by_id, const Json& round) {
  std::uint64_t stream = 1;
  for (const Json& table : round["tables"]) {
    std::vector<TablePlayer> players;
    for (const Json& seat : table["players"]) {
      players.push_back(
          come_to_table(by_id.at(seat["id"].get<std::string>())->client, "perico", table, seat));
      if (stream > 1) players.back().policy = find_game("perico")->make_bot(BotLevel::kRandom);
    }
    pool.take_type(*players[0].client, "room");
    MatchLog log;
    std::string failure;
    ASSERT_TRUE(drive_match(pool, table["room"], players, log, kMatchTimeout, failure, stream++))
        << failure;
    for (TablePlayer& player : players) {
      ok(pool, *player.client, {{"type", "leave_room"}, {"room", table["room"]}});
      player.client->inbox.clear();
    }
  }
}

// The table's match record from the history API, written to a file for `parlor verify`.
std::string save_record(int port, const Json& table, const std::string& path) {
  const std::string response = http_get(port, "/api/matches/" + table["match"].get<std::string>());
  EXPECT_EQ(http_status(response), 200) << response.substr(0, 300);
  std::ofstream(path) << http_body(response);
  return path;
}

CommandResult verify_duplicate(const std::vector<std::string>& paths) {
  std::string command = parlor_cli_path() + " verify --duplicate";
  for (const std::string& path : paths) command += " " + path;
  return run_command(command);
}

TEST(EventDuplicate, TwoTablesARoundPlayOneDealAndParlorVerifySaysSo) {
  if (!find_game("perico")) GTEST_SKIP() << "no perico in this build";
  TempFolder folder;
  ASSERT_FALSE(folder.path.empty());
  ServerProcess server(parlor_server_path(), event_server_flags("60000"));
  ClientPool pool;
  std::vector<Entrant> entrants = greet(pool, server.port(), 4);
  ASSERT_EQ(entrants.size(), 4u);
  std::map<std::string, Entrant*> by_id;
  for (Entrant& e : entrants) by_id[e.id] = &e;
  Json event = ok(pool, *entrants[0].client,
                  {{"type", "create_event"},
                   {"name", "Duplicate Perico"},
                   {"game", "perico"},
                   {"options", {{"scoring", "outranked"}, {"target", 3}}},
                   {"seats", 2},
                   {"rounds", kRounds},
                   {"duplicate", true}})["event"];
  const std::string id = event["id"];
  ASSERT_EQ(event["duplicate"], true) << event.dump();
  for (Entrant& e : entrants) ok(pool, *e.client, {{"type", "join_event"}, {"event", id}});
  ok(pool, *entrants[0].client, {{"type", "start_event"}, {"event", id}});

  for (int r = 1; r <= kRounds; ++r) {
    SCOPED_TRACE("round " + std::to_string(r));
    Json now = wait_event(pool, *entrants[0].client, id, [&](const Json& e) {
      return e["played"].size() == static_cast<std::size_t>(r);
    });
    const Json& round = now["played"][r - 1];
    ASSERT_EQ(round["tables"].size(), 2u) << round.dump();
    EXPECT_TRUE(round["deal_seed"].is_null()) << "the seed is shown once the round is over";
    play_tables(pool, by_id, round);
    if (::testing::Test::HasFatalFailure()) return;
  }
  Json done = wait_event(pool, *entrants[0].client, id,
                         [](const Json& e) { return e["status"] == "finished"; });
  ASSERT_EQ(done["status"], "finished") << done.dump();
  ASSERT_EQ(done["played"].size(), static_cast<std::size_t>(kRounds));
  Expected<Seed> secret = Seed::from_hex(done.value("deal_secret", ""));
  ASSERT_TRUE(secret.ok()) << "the finished event reveals its deal secret: " << done.dump();

  std::map<std::string, double> expected;
  std::vector<std::vector<std::string>> files(kRounds);
  for (int r = 1; r <= kRounds; ++r) {
    SCOPED_TRACE("round " + std::to_string(r));
    const Json& round = done["played"][r - 1];
    const std::string seed = round["deal_seed"];
    EXPECT_EQ(seed, protocol::deal_commitment(*secret, static_cast<std::uint64_t>(r)))
        << "round r's seed is SHA-256(secret || r)";
    const Json& tables = round["tables"];
    for (std::size_t t = 0; t < tables.size(); ++t) {
      ASSERT_TRUE(tables[t]["match"].is_string()) << tables[t].dump();
      files[r - 1].push_back(save_record(
          server.port(), tables[t],
          folder.path + "/round" + std::to_string(r) + "-table" + std::to_string(t + 1) + ".json"));
      for (std::size_t s = 0; s < tables[t]["players"].size(); ++s) {
        const Json& seat = tables[t]["players"][s];
        EXPECT_FALSE(seat["absent"].get<bool>()) << seat.dump();
        const double theirs = tables[1 - t]["players"][s]["score"].get<double>();
        const double earned = matchpoint(seat["score"].get<double>(), theirs);
        EXPECT_DOUBLE_EQ(seat["points"].get<double>(), earned) << seat.dump();
        expected[seat["id"].get<std::string>()] += earned;
      }
    }
    // The round's records, fetched from the server, verify together: each on its own
    // (commitments, replay, results) and as one deal.
    CommandResult together = verify_duplicate(files[r - 1]);
    EXPECT_EQ(together.exit_code, 0) << together.out << together.err;
    EXPECT_NE(together.out.find("same deals: 2 records, perico at 2 seats, one seed " + seed),
              std::string::npos)
        << together.out;
    EXPECT_NE(together.out.find("\nVERIFIED\n"), std::string::npos) << together.out;
  }
  // A record of round 2 among round 1's: each verifies, but they are not one deal.
  CommandResult mixed = verify_duplicate({files[0][0], files[1][1]});
  EXPECT_EQ(mixed.exit_code, 1) << mixed.out << mixed.err;
  EXPECT_NE(mixed.out.find("differs from record 1 in seed"), std::string::npos) << mixed.out;
  EXPECT_NE(mixed.out.find("\nMISMATCH\n"), std::string::npos) << mixed.out;

  ASSERT_EQ(done["standings"].size(), 4u);
  for (const Json& row : done["standings"]) {
    EXPECT_DOUBLE_EQ(row["points"].get<double>(), expected[row["id"].get<std::string>()])
        << row.dump();
    EXPECT_EQ(row["matches"], kRounds);
  }
}

}  // namespace
}  // namespace parlor::testing
