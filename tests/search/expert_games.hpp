// The games and tables the expert's tests run on: every registered game whose expert
// bot searches (its sampler is listed here), with options that keep a match short.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/search/world_sampler.hpp"

namespace parlor::testing {

struct ExpertTable {
  std::string game;
  Json options;
  int seats = 2;
};

// One short table per game, variant and seat count worth a test.
std::vector<ExpertTable> expert_tables();
// The game's determinizer.
search::WorldSamplerFactory world_sampler_of(const std::string& game);
// The game's sensible bot read from the state, for rollouts; empty if it has none.
search::StateRollout state_rollout_of(const std::string& game);
std::string table_name(const ExpertTable& table);
// How GoogleTest prints a table (its name, not its bytes).
void PrintTo(const ExpertTable& table, std::ostream* out);
// Whether the game's expert leaves some steps to the sensible bot (its sampler makes
// no worlds there): Pedro's auction, trump call, rob and discards.
bool searches_only_some_steps(const std::string& game);

}  // namespace parlor::testing
