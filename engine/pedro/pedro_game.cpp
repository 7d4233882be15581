// The Pedro family's GameDefinition: options, seats, teams and starting a match.
#include "engine/pedro/pedro.hpp"

#include "engine/pedro/pedro_bots.hpp"
#include "engine/pedro/pedro_figures.hpp"
#include "engine/pedro/pedro_state.hpp"
#include "engine/pedro/pedro_worlds.hpp"
#include "engine/search/expert_policy.hpp"

namespace parlor::pedro {
namespace {

class PedroGame : public GameDefinition {
 public:
  std::string name() const override { return "pedro"; }
  std::string title() const override { return "Pedro"; }
  std::string summary() const override {
    return "partnership bidding for trumps and the two pedros: Pedro, King Pedro, Cinch";
  }
  const OptionSchema& option_schema() const override {
    static const OptionSchema schema({
        OptionSpec::choice("variant", "pedro", {"pedro", "king_pedro", "cinch"},
                           "Pedro (to 62), King Pedro (king of trumps 30, to 200) or Cinch "
                           "(open auction, to 51)")
            .labelled("Game", {"Pedro (to 62)", "King Pedro (to 200)", "Cinch (to 51)"}),
        OptionSpec::choice("cinch_scoring", "difference", {"difference", "bid_minus_opponents"},
                           "Cinch only: a made bid scores the difference between the sides' "
                           "points, or the bid minus the defenders' points")
            .labelled("Cinch scoring",
                      {"Difference of the sides' points", "Bid minus the defenders' points"}),
    });
    return schema;
  }
  SeatRange seat_range(const Json& /*options*/) const override { return {kSeats, kSeats}; }
  std::vector<int> teams(int seats) const override {
    std::vector<int> out;
    for (int s = 0; s < seats; ++s) out.push_back(side_of(s));
    return out;
  }
  Expected<std::unique_ptr<GameState>> new_match(const MatchConfig& config) const override {
    if (config.seats != kSeats) {
      return Error{"bad_seat_count", "Pedro seats exactly 4 players"};
    }
    const Seat dealer = config.dealer.value_or(choose_first_dealer(config.seed, kSeats));
    auto state =
        std::make_unique<PedroState>(variant_from_options(config.options), config.seed, dealer);
    if (auto err = state->start(config.setup)) return *err;
    return std::unique_ptr<GameState>(std::move(state));
  }
  std::unique_ptr<BotPolicy> make_bot(BotLevel level) const override {
    return search::make_levelled_bot(
        level, {make_random_bot, make_sensible_bot, make_world_sampler, sensible_move_on_state});
  }
  // pedro_figures.cpp: bids, bids_made, bids_set.
  Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) const override {
    return pedro::seat_figures(round_result_texts, seats);
  }
};

}  // namespace

const GameDefinition& definition() {
  static const PedroGame game;
  return game;
}

const GameDefinition& PedroState::definition() const { return pedro::definition(); }

}  // namespace parlor::pedro
