#include "tests/search/expert_games.hpp"

#include "engine/carioca/carioca_worlds.hpp"
#include "engine/loc/loc_worlds.hpp"
#include "engine/pedro/pedro_worlds.hpp"
#include "engine/perico/perico_worlds.hpp"
#include "engine/poker/poker_worlds.hpp"

namespace parlor::testing {

std::vector<ExpertTable> expert_tables() {
  return {
      {"perico", {{"variant", "five_card"}, {"target", 1}}, 2},
      {"perico", {{"variant", "five_card"}, {"target", 1}, {"scoring", "outranked"}}, 4},
      {"perico", {{"variant", "six_card"}, {"target", 1}}, 3},
      {"loc", {{"deck", "standard"}, {"hands", 2}}, 2},
      {"loc", {{"deck", "tarot"}, {"hands", 1}}, 5},
      {"pedro", {{"variant", "pedro"}}, 4},
      {"pedro", {{"variant", "king_pedro"}}, 4},
      {"pedro", {{"variant", "cinch"}}, 4},
      // The last contracts, the stock never rebuilt: random seats make long rounds.
      {"carioca", {{"first_round", 7}, {"stock_reshuffles", 0}}, 2},
      {"carioca", {{"first_round", 8}, {"cut_bonus", true}, {"stock_reshuffles", 0}}, 4},
      {"poker", {{"deals", 3}}, 2},
      {"poker", {{"deals", 3}, {"jokers", 2}, {"dealer_double_ante", true}}, 4},
  };
}

search::WorldSamplerFactory world_sampler_of(const std::string& game) {
  if (game == "perico") return perico::make_world_sampler;
  if (game == "loc") return loc::make_world_sampler;
  if (game == "poker") return poker::make_world_sampler;
  if (game == "pedro") return pedro::make_world_sampler;
  if (game == "carioca") return carioca::make_world_sampler;
  return nullptr;
}

search::StateRollout state_rollout_of(const std::string& game) {
  if (game == "perico") return perico::sensible_move_on_state;
  if (game == "poker") return poker::sensible_move_on_state;
  if (game == "loc") return loc::sensible_move_on_state;
  if (game == "pedro") return pedro::sensible_move_on_state;
  return nullptr;
}

void PrintTo(const ExpertTable& table, std::ostream* out) { *out << table_name(table); }

bool searches_only_some_steps(const std::string& game) {
  return game == "pedro" || game == "carioca";  // Carioca: the cut
}

std::string table_name(const ExpertTable& table) {
  std::string name = table.game + "_" + std::to_string(table.seats) + "seats";
  for (const auto& [key, value] : table.options.items()) {
    if (value.is_string()) name += "_" + value.get<std::string>();
  }
  return name;
}

}  // namespace parlor::testing
