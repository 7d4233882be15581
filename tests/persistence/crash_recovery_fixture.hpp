// The crash-recovery tests' fixture: a real parlor-server on a fresh database, human and
// bot rooms played through it, killed and restarted, and the checks that nothing seen was lost.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/game.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/ws_client.hpp"

namespace parlor::testing {

struct Human {
  std::string name;
  std::string token;
  std::string player_id;
  WsClient* client = nullptr;
  int seat = -1;
  std::unique_ptr<BotPolicy> policy;
  Json view;                 // the last update's view
  std::int64_t seq = -1;     // the last update's seq
  long long pending_id = 0;  // an action sent and not yet answered
  bool dirty = false;
};

// A match some client watched: the last update it saw and, once over, its results.
struct Watched {
  std::string room;
  std::string match_id;
  std::int64_t last_seq = -1;
  bool over = false;
  // Over, and found so in the history after a restart: a finished match's record does
  // not change, so later restarts need not ask again (the final check asks for all).
  bool settled = false;
  Json results;
  std::int64_t actions = 0;
};

// The room id a pushed message names ("room" messages carry the whole room object).
std::string room_of(const Json& message);

// Null for anything but a 200. The history answers from a thread of its own while every
// room replays and plays on at full speed (after many cycles, dozens of bot rooms with
// 1-5 ms bot delays): on CI's loaded machine a reply can take longer than http_get's
// default 5 s, so it is given as long as the test's requests.
Json api_get(const ServerProcess& server, const std::string& target);

class CrashRecovery : public ::testing::Test {
 protected:
  // After many cycles the server plays dozens of bot rooms at full speed, on a machine CI
  // shares with other tests: replies get longer than the pool's default 10 s to wait.
  static constexpr std::chrono::seconds kPatience{30};

  void SetUp() override;
  void TearDown() override;

  void start_server();

  // Why a request got no reply, for its failure message: the client's side (closed, and
  // why), whether the server still answers at all (health, a fresh connection's hello),
  // the counters of connections it closed, and its log. A request must always be
  // answered; this tells a dead connection from a stuck server from a slow one.
  std::string why_unanswered(const WsClient& client, std::chrono::steady_clock::time_point asked);

  WsClient* connect(const std::string& name, const std::string& token, Json* welcome);

  // Reads every client's inbox: humans track their views, everyone tracks matches.
  void absorb(WsClient& client, Human* human);

  // Learns a room's running match id from a message naming it: a deal commitment, or a
  // state (an update carrying "match_id").
  void learn_match(const Json& message);

  void play_humans(std::mt19937& random);

  void open_human_room();

  // Bots-only rooms, watched by a spectating host: their matches end and run on. The
  // watcher is the one that spectated every older room again after the restart, so every
  // room's updates and results are followed until the next kill.
  void open_bot_rooms(std::mt19937& random);

  // Plays for `duration`, learning match ids from the state messages as they come.
  void run_for(std::chrono::milliseconds duration, std::mt19937& random);

  // After a restart: every human comes back with the token and must find the same seat
  // and the view last seen (or the next one if their own move was in flight).
  void reconnect_humans();

  // Every watched match is in the history, as seen. `all`: the settled ones too.
  void check_history(bool all);

  // Spectates every unfinished bot room again: it must be there, at or past the last
  // update seen before the kill.
  void check_bot_rooms_resumed();

  // SIGKILLs the server `cycles` times at random moments while everyone plays, checking
  // after each restart that nothing seen was lost and every room resumed.
  void kill_and_restart_many_times(int cycles);

  std::string dir_;
  std::string db_;
  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<ClientPool> pool_;
  std::vector<Human> humans_;
  std::string human_room_;
  WsClient* watcher_ = nullptr;
  std::map<std::string, Watched> matches_;         // by match id
  std::map<std::string, std::string> room_match_;  // room id -> running match id
};

}  // namespace parlor::testing
