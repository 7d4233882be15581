// The history API through the real server: a live match shows its players and its deal
// commitments but never its seed or journal; once over, its record carries both and
// `parlor verify` accepts it; paging walks every match once, newest first; the
// leaderboard and player pages count what happened; players survive a restart.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

#include "engine/registry/registry.hpp"
#include "protocol/commitment.hpp"
#include "server/store/match_rating.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/support/built_paths.hpp"
#include "tests/support/run_command.hpp"

namespace parlor::testing {
namespace {

constexpr int kBotMatches = 5;

class HistoryApi : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir_template[] = "/tmp/parlor-history-XXXXXX";
    ASSERT_NE(mkdtemp(dir_template), nullptr);
    dir_ = dir_template;
    start();
  }
  void TearDown() override {
    server_.reset();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  void start() {
    server_ = std::make_unique<ServerProcess>(
        parlor_server_path(),
        std::vector<std::string>{"--db", dir_ + "/parlor.db", "--bot-delay-ms", "0",
                                 "--round-pause-ms", "0", "--turn-seconds", "0", "--rate", "0",
                                 "--log-level", "warn"});
    pool_ = std::make_unique<ClientPool>();
  }
  Json get(const std::string& target, int expected_status = 200) {
    std::string response = http_get(server_->port(), target);
    EXPECT_EQ(http_status(response), expected_status) << target << ": " << response;
    return Json::parse(http_body(response), nullptr, false);
  }

  // Ann sits at seat 0 of a Perico table with three bots and starts; returns the room id.
  // `rated`: the room's choice, or the default (rated) when absent.
  std::string start_match_with_bots(WsClient& ann, std::optional<bool> rated = std::nullopt) {
    Json create = {{"type", "create_room"}, {"game", "perico"}, {"seats", 4}};
    if (rated) create["rated"] = *rated;
    Json room = pool_->request(ann, create);
    EXPECT_EQ(room.value("type", ""), "room") << room.dump();
    EXPECT_EQ(room["room"]["rated"], rated.value_or(true)) << room.dump();
    std::string id = room["room"]["id"];
    for (int s = 1; s < 4; ++s) pool_->request(ann, {{"type", "add_bot"}, {"room", id}});
    Json started = pool_->request(ann, {{"type", "start"}, {"room", id}});
    EXPECT_NE(started.value("type", ""), "error") << started.dump();
    return id;
  }

  // Plays Ann's seat with the sensible bot until the match is over; returns match_over.
  Json play_out(WsClient& ann, const std::string& room, Json& commitments) {
    auto policy = find_game("perico")->make_bot(BotLevel::kSensible);
    Rng rng(Seed::from_u64(5), 1);
    long long next_id = 5000;
    long long pending = 0;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline) {
      pool_->pump(std::chrono::milliseconds(1));
      Json view;
      while (!ann.inbox.empty()) {
        Json message = std::move(ann.inbox.front());
        ann.inbox.pop_front();
        std::string type = message.value("type", "");
        if (type == "match_over") return message;
        if (type == "deal_commitment") {
          commitments.push_back({{"deal", message["deal"]}, {"sha256", message["sha256"]}});
        }
        if (type == "update") view = message["view"];
        if ((type == "accepted" || type == "error") && message.value("id", 0LL) == pending) {
          pending = 0;
        }
      }
      if (pending || !view.is_object() || view.value("over", false)) continue;
      const Json& waiting = view["waiting"]["seats"];
      if (std::find(waiting.begin(), waiting.end(), Json(0)) == waiting.end()) continue;
      pending = next_id++;
      ann.send({{"type", "action"},
                {"id", pending},
                {"room", room},
                {"action", policy->choose(view, rng)}});
    }
    return nullptr;
  }

  // The finished match's replay: a step per action after the deal, ending as the record
  // ends, and every card a seat played was in that seat's hand the step before.
  void expect_replay_shows_the_cards(const std::string& match_id, const Json& record) {
    Json replay = get("/api/matches/" + match_id + "/replay");
    const Json& steps = replay["steps"];
    ASSERT_EQ(steps.size(), record["actions"].size() + 1);
    EXPECT_EQ(steps[0]["seq"], 0);
    EXPECT_TRUE(steps[0]["seats"][0]["hand"].is_array());
    EXPECT_FALSE(steps[0]["seats"][0].contains("legal"));
    EXPECT_EQ(steps.back()["table"]["over"], true);
    EXPECT_EQ(steps.back()["table"]["scores"], record["results"]["scores"]);
    int cards_checked = 0;
    for (std::size_t k = 1; k < steps.size(); ++k) {
      const Json& action = steps[k]["action"];
      EXPECT_EQ(action, record["actions"][k - 1]["action"]);
      if (!action.contains("card") || !action["card"].is_string()) continue;
      const Json& hand = steps[k - 1]["seats"][steps[k]["seat"].get<int>()]["hand"];
      EXPECT_NE(std::find(hand.begin(), hand.end(), action["card"]), hand.end())
          << "step " << k << " played " << action["card"] << " from " << hand.dump();
      ++cards_checked;
    }
    EXPECT_GT(cards_checked, 10);
    Json one_seat = get("/api/matches/" + match_id + "/replay?seat=1");
    EXPECT_TRUE(one_seat["steps"][0]["seats"][0].is_null());
    EXPECT_TRUE(one_seat["steps"][0]["seats"][1]["hand"].is_array());
    get("/api/matches/" + match_id + "/replay?seat=9", 400);
    get("/api/matches/m000000000000/replay", 404);
    // A finished match never changes: the second time it comes from the replay cache,
    // the same to the byte.
    std::string metrics_before = http_body(http_get(server_->port(), "/metrics"));
    EXPECT_NE(metrics_before.find("parlor_replay_cache_hits_total 0\n"), std::string::npos)
        << metrics_before;
    EXPECT_EQ(get("/api/matches/" + match_id + "/replay"), replay);
    EXPECT_EQ(get("/api/matches/" + match_id + "/replay?seat=1"), one_seat);
    std::string metrics_after = http_body(http_get(server_->port(), "/metrics"));
    EXPECT_NE(metrics_after.find("parlor_replay_cache_hits_total 2\n"), std::string::npos)
        << metrics_after;
    EXPECT_NE(metrics_after.find("parlor_replay_cache_entries 2\n"), std::string::npos);
  }

  // The player's page shows, for their one Perico match, exactly the figures the engine
  // gives the player's seat (0) for that match's rounds.
  void expect_figures_on_the_page(const std::string& player_id, const Json& over) {
    std::vector<std::string> rounds;
    for (const Json& round : over["results"]["round_results"]) rounds.push_back(round.dump());
    ASSERT_FALSE(rounds.empty()) << over.dump();
    const Json expected = find_game("perico")->seat_figures(rounds, 4)[0];
    EXPECT_EQ(expected["points"], over["results"]["scores"][0]);  // the engine agrees with itself
    const Json page = get("/api/players/by-id/" + player_id);
    EXPECT_EQ(page["games"]["perico"]["figures"], expected) << page.dump();
  }

  std::string dir_;
  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<ClientPool> pool_;
};

TEST_F(HistoryApi, LiveMatchKeepsItsSecretsAndTheFinishedRecordVerifies) {
  WsClient* ann = pool_->connect(server_->port());
  ASSERT_NE(ann, nullptr);
  Json welcome = pool_->hello(*ann, "Ann");
  std::string room = start_match_with_bots(*ann);
  Json commitment = pool_->take_type(*ann, "deal_commitment");
  ASSERT_TRUE(commitment.is_object());
  std::string match_id = commitment["match_id"];
  EXPECT_EQ(commitment["deal"], 1);

  Json live = get("/api/matches/" + match_id);
  EXPECT_EQ(live["status"], "playing");
  EXPECT_FALSE(live.contains("seed"));
  EXPECT_FALSE(live.contains("actions"));
  EXPECT_EQ(live["seats"][0]["name"], "Ann");
  EXPECT_EQ(live["seats"][0]["player"], welcome["player"]["id"]);
  ASSERT_EQ(live["commitments"].size(), 1u);
  EXPECT_EQ(live["commitments"][0]["sha256"], commitment["sha256"]);
  Json listed = get("/api/matches?player=ann");
  ASSERT_EQ(listed["matches"].size(), 1u);
  EXPECT_EQ(listed["matches"][0]["id"], match_id);
  EXPECT_FALSE(listed["matches"][0].contains("seed"));
  // No card of a live match leaves through the replay route.
  Json refused = get("/api/matches/" + match_id + "/replay", 409);
  EXPECT_EQ(refused["error"], "not_finished");
  EXPECT_FALSE(refused.contains("steps"));

  Json commitments = Json::array({{{"deal", 1}, {"sha256", commitment["sha256"]}}});
  Json over = play_out(*ann, room, commitments);
  ASSERT_TRUE(over.is_object()) << "the match did not end";
  EXPECT_EQ(over["match_id"], match_id);

  Json record = get("/api/matches/" + match_id);
  EXPECT_EQ(record["status"], "over");
  EXPECT_EQ(record["seed"], over["seed"]);
  EXPECT_EQ(record["results"]["scores"], over["results"]["scores"]);
  EXPECT_EQ(record["actions"].size(), over["actions"].get<std::size_t>());
  EXPECT_EQ(record["commitments"], commitments);    // exactly what was published, in order
  expect_replay_shows_the_cards(match_id, record);  // before the record is tampered with below
  Seed seed = Seed::from_hex(record["seed"].get<std::string>()).value();
  for (const Json& c : record["commitments"]) {
    EXPECT_EQ(c["sha256"], protocol::deal_commitment(seed, c["deal"].get<std::uint64_t>()));
  }

  std::string path = dir_ + "/match.json";
  std::ofstream(path) << record.dump();
  CommandResult verified = run_command(parlor_cli_path() + " verify " + path);
  EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
  record["results"]["scores"][0] = record["results"]["scores"][0].get<double>() + 1;
  std::ofstream(path) << record.dump();
  CommandResult tampered = run_command(parlor_cli_path() + " verify " + path);
  EXPECT_EQ(tampered.exit_code, 1) << tampered.out << tampered.err;

  Json board = get("/api/leaderboard?game=perico");
  ASSERT_EQ(board["players"].size(), 1u);  // bots are not ranked
  EXPECT_EQ(board["players"][0]["player"], welcome["player"]["id"]);
  EXPECT_EQ(board["players"][0]["matches"], 1);
  int placing = over["results"]["placings"][0];
  EXPECT_EQ(board["players"][0]["wins"], placing == 1 ? 1 : 0);

  Json profile = get("/api/players/Ann");
  EXPECT_EQ(profile["player"], welcome["player"]["id"]);
  EXPECT_EQ(profile["games"]["perico"]["matches"], 1);
  get("/api/players/Nobody", 404);
  get("/api/matches/m000000000000", 404);
  get("/api/matches?limit=abc", 400);
  get("/api/matches?before=not-a-cursor", 400);
}

TEST_F(HistoryApi, PagingWalksEveryMatchOnceNewestFirst) {
  WsClient* host = pool_->connect(server_->port());
  ASSERT_NE(host, nullptr);
  pool_->hello(*host, "Host");
  for (int m = 0; m < kBotMatches; ++m) {
    Json room = pool_->request(
        *host, {{"type", "create_room"}, {"game", "loc"}, {"seats", 3}, {"sit", false}});
    std::string id = room["room"]["id"];
    for (int s = 0; s < 3; ++s) pool_->request(*host, {{"type", "add_bot"}, {"room", id}});
    pool_->request(*host, {{"type", "start"}, {"room", id}});
    ASSERT_TRUE(pool_->take_type(*host, "match_over", std::chrono::seconds(60)).is_object());
  }
  std::vector<std::string> seen;
  std::string next;
  for (int page = 0; page < 10; ++page) {
    Json reply = get("/api/matches?game=loc&limit=2" + (next.empty() ? "" : "&before=" + next));
    for (const Json& match : reply["matches"]) {
      EXPECT_EQ(match["game"], "loc");
      EXPECT_EQ(match["status"], "over");
      seen.push_back(match["id"]);
    }
    EXPECT_LE(reply["matches"].size(), 2u);
    if (reply["next"].is_null()) break;
    next = reply["next"];
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(kBotMatches));
  EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()).size(), seen.size());
  std::vector<std::string> started;
  for (const std::string& id : seen) started.push_back(get("/api/matches/" + id)["started_at"]);
  EXPECT_TRUE(std::is_sorted(started.rbegin(), started.rend()));  // newest first
}

// Issue 49: a rated room's match rates its human against the bots' reference ratings, a
// casual room's changes nothing, and `parlor rate --recompute` rebuilds the same ratings
// from the history, which a restarted server serves.
TEST_F(HistoryApi, ARatedRoomRatesItsPlayerAndACasualOneDoesNot) {
  WsClient* ann = pool_->connect(server_->port());
  ASSERT_NE(ann, nullptr);
  Json welcome = pool_->hello(*ann, "Ann");
  const std::string ann_id = welcome["player"]["id"];
  Json commitments = Json::array();
  Json over = play_out(*ann, start_match_with_bots(*ann), commitments);
  ASSERT_TRUE(over.is_object()) << "the rated match did not end";
  const int placing = over["results"]["placings"][0];

  Json board = get("/api/leaderboard?game=perico");
  ASSERT_EQ(board["ratings"].size(), 1u) << board.dump();  // bots are never listed
  EXPECT_EQ(board["ratings"][0]["player"], ann_id);
  EXPECT_EQ(board["ratings"][0]["matches"], 1);
  EXPECT_EQ(board["ratings"][0]["provisional"], true);
  // Exactly the model's answer for a newcomer against three sensible bots' references.
  std::vector<server::store::RatedSeat> seats;
  for (int s = 0; s < 4; ++s) {
    const int place = over["results"]["placings"][s];
    seats.push_back(s == 0 ? server::store::RatedSeat{0, true, ann_id, "", place, -1, false}
                           : server::store::RatedSeat{s, false, "", "sensible", place, -1, false});
  }
  auto expected =
      server::store::rate_match(seats, [](const std::string&) { return ratings::Rating{}; });
  ASSERT_TRUE(expected.ok());
  ASSERT_EQ(expected->size(), 1u);
  EXPECT_NEAR(board["ratings"][0]["mu"].get<double>(), (*expected)[0].after.mu, 1e-3);
  EXPECT_NEAR(board["ratings"][0]["sigma"].get<double>(), (*expected)[0].after.sigma, 1e-3);
  Json rating = get("/api/players/by-id/" + ann_id)["ratings"]["perico"];
  ASSERT_EQ(rating["history"].size(), 1u) << rating.dump();
  EXPECT_EQ(rating["history"][0]["match"], over["match_id"]);
  EXPECT_EQ(rating["history"][0]["place"], placing);
  expect_figures_on_the_page(ann_id, over);

  WsClient* bea = pool_->connect(server_->port());
  ASSERT_NE(bea, nullptr);
  pool_->hello(*bea, "Bea");
  Json casual = play_out(*bea, start_match_with_bots(*bea, false), commitments);
  ASSERT_TRUE(casual.is_object()) << "the casual match did not end";
  EXPECT_EQ(get("/api/leaderboard?game=perico")["ratings"], board["ratings"]);
  EXPECT_EQ(get("/api/players/Bea")["ratings"], Json::object());

  pool_.reset();
  EXPECT_EQ(server_->stop(), 0);
  CommandResult recomputed =
      run_command(parlor_cli_path() + " rate --recompute --db " + dir_ + "/parlor.db");
  ASSERT_EQ(recomputed.exit_code, 0) << recomputed.out << recomputed.err;
  Json summary = Json::parse(recomputed.out, nullptr, false);
  EXPECT_EQ(summary["games"]["perico"]["players"], 1) << recomputed.out;
  EXPECT_EQ(summary["rated_players"], 1);
  start();
  EXPECT_EQ(get("/api/leaderboard?game=perico")["ratings"], board["ratings"]);
}

TEST_F(HistoryApi, PlayersAndTheirTokensSurviveARestart) {
  WsClient* ann = pool_->connect(server_->port());
  ASSERT_NE(ann, nullptr);
  Json welcome = pool_->hello(*ann, "Ann");
  std::string token = welcome["token"];
  pool_.reset();
  EXPECT_EQ(server_->stop(), 0);
  start();
  WsClient* back = pool_->connect(server_->port());
  ASSERT_NE(back, nullptr);
  Json again = pool_->hello(*back, "Ann", token);
  EXPECT_EQ(again["player"]["id"], welcome["player"]["id"]);
  WsClient* newcomer = pool_->connect(server_->port());
  Json fresh = pool_->hello(*newcomer, "Bea");
  EXPECT_NE(fresh["player"]["id"], welcome["player"]["id"]);  // ids continue, never reused
}

}  // namespace
}  // namespace parlor::testing
