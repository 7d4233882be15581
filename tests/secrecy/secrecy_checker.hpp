// The hidden-information checker: replays a finished match in-process from its revealed
// seed and actions, knows from the engine's state where every physical card is after
// each accepted action (card_zones.hpp), and checks every frame a receiver got against
// what that receiver may see at that moment. Kept apart from the server driver so its
// own tests can feed it fabricated frames.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "tests/secrecy/card_zones.hpp"

namespace parlor::testing {

using Json = nlohmann::json;

// What the history API reveals once a match is over: enough to replay it exactly.
struct MatchRecord {
  std::string game;
  Json options;
  int seats = 0;
  std::string seed_hex;
  int first_dealer = 0;
  std::vector<std::pair<int, Json>> actions;  // (seat, action) in seq order from seq 1

  // From the body of /api/matches/ID of a finished match.
  static MatchRecord from_history(const Json& record);
};

struct SecrecyCounts {
  std::int64_t frames = 0;
  std::int64_t cards = 0;  // card mentions checked against the card's places
};

class SecrecyChecker {
 public:
  SecrecyChecker(const GameDefinition& game, const MatchRecord& record);

  // Why the match could not be replayed (the checker then checks nothing).
  const std::vector<std::string>& replay_problems() const { return replay_problems_; }
  std::size_t steps() const { return steps_.size(); }  // seq 0 (the deal) .. the last
  int seats() const { return seats_; }

  // Every text frame `viewer` (a seat or kSpectator) received during the match, in
  // order. Returns each leak found (empty: none).
  std::vector<std::string> check_frames(int viewer, const std::vector<std::string>& frames,
                                        SecrecyCounts& counts) const;

  // A public HTTP body fetched while the state was at `seq`: it may show what a spectator
  // sees then and what rounds already ended revealed, and never the seed.
  std::vector<std::string> check_public(const std::string& what, const std::string& body,
                                        std::int64_t seq, SecrecyCounts& counts) const;

 private:
  struct Step {
    std::vector<CardZone> zones;
    bool round_ended = false;  // this action ended a round (or the match)
    CardCounts revealed_now;   // shown at this round's end: hands at a showdown, the table
    CardCounts in_passing;     // shown during this action, hidden again by its end
    CardCounts revealed_ever;  // every round end so far (the records of finished rounds)
  };

  CardCounts visible(std::size_t step, int viewer) const;
  // Where `card` lies hidden from `viewer` at `step` ("" if nowhere).
  std::string hidden_places(std::size_t step, int viewer, const std::string& card) const;
  void check_message(std::size_t step, int viewer, const Json& message, const std::string& who,
                     std::vector<std::string>& leaks, SecrecyCounts& counts) const;

  std::string game_;
  int seats_ = 0;
  std::string seed_hex_;
  std::vector<Step> steps_;
  std::vector<std::string> replay_problems_;
};

// Every card code in a JSON value (standard and tarot notation), with repeats; with
// `paths`, where each was (a JSON pointer below `path`).
void collect_card_codes(const Json& value, std::vector<std::string>& cards,
                        std::vector<std::string>* paths = nullptr, const std::string& path = "");

}  // namespace parlor::testing
