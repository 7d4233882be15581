// Plays a match through the protocol with one test client per seat, each choosing its
// moves with the game's own bot policy from the views it receives (so the test knows
// every accepted action), and checks afterwards that every frame each receiver got is
// exactly what the engine allows it: replaying the match from the revealed seed, each
// "update" must equal view(receiver) plus the events whose audience includes it, and no
// frame may carry a card in another seat's hand (or, for a spectator, in any hand).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "tests/server/ws_client.hpp"

namespace parlor::testing {

struct TablePlayer {
  WsClient* client = nullptr;
  int seat = 0;
  std::unique_ptr<BotPolicy> policy;
  Json view;
  bool dirty = false;
  long long pending_id = 0;
  Json pending_action;
  bool over = false;
  Json match_over;
  int rejections = 0;  // in a row
  std::string last_rejection;
};

struct MatchLog {
  std::map<std::int64_t, std::pair<int, Json>> actions;  // seq -> (seat, action)
  int rejections = 0;
};

// Plays until every player has received match_over; false (with `failure`) otherwise.
bool drive_match(ClientPool& pool, const std::string& room_id, std::vector<TablePlayer>& players,
                 MatchLog& log, std::chrono::milliseconds timeout, std::string& failure,
                 std::uint64_t rng_seed = 1);

// The "update" frames a client received for match `match`, in order.
std::vector<Json> updates_of(const WsClient& client, int match);

// Problems found (empty when every frame is exactly what the engine allows).
std::vector<std::string> verify_frames(const GameDefinition& game, const Json& options, int seats,
                                       const Json& match_over, const MatchLog& log,
                                       const std::vector<std::vector<Json>>& seat_updates,
                                       const std::vector<Json>& spectator_updates);

// Every card string in a JSON value (standard and tarot notation, canonical form).
void collect_cards(const Json& value, std::multiset<std::string>& cards);

}  // namespace parlor::testing
