#include "engine/carioca/carioca.hpp"

#include "engine/carioca/carioca_bots.hpp"
#include "engine/carioca/carioca_figures.hpp"
#include "engine/carioca/carioca_state.hpp"
#include "engine/carioca/carioca_worlds.hpp"
#include "engine/search/expert_policy.hpp"

namespace parlor::carioca {
namespace {

class CariocaGame : public GameDefinition {
 public:
  std::string name() const override { return "carioca"; }
  std::string title() const override { return "Carioca"; }
  std::string summary() const override {
    return "Chilean contract rummy: eight rounds of trios and straights, lowest total wins";
  }

  const OptionSchema& option_schema() const override {
    static const OptionSchema schema({
        OptionSpec::integer("max_seats", 5, 5, 6, "the most seats the table allows (5 or 6)")
            .labelled("Most seats"),
        OptionSpec::boolean("straight_wrap", true, "straights may go round the corner (K-A-2)")
            .labelled("Straights round the corner"),
        OptionSpec::boolean("flat_low_cards", false, "every 2-9 left in hand costs 5 points")
            .labelled("Low cards cost 5"),
        OptionSpec::integer("joker_value", 30, 0, 100, "points a joker left in hand costs")
            .labelled("Joker left in hand (points)"),
        OptionSpec::boolean("cut_bonus", false,
                            "the cutter names a cut size; -10 for exactly the deal plus one")
            .labelled("Cut bonus"),
        OptionSpec::integer("steal_window_ms", 5000, 0, 60000,
                            "how long the server waits for steal claims (silence declines)")
            .labelled("Time to claim a steal (ms)"),
        OptionSpec::integer("stock_reshuffles", 100, 0, 100,
                            "how often a round's stock may be rebuilt from the discards (the "
                            "rules rebuild it every time: the default 100 only stops an "
                            "endless round); when it runs out after that the round ends")
            .labelled("Stock rebuilds"),
        OptionSpec::integer("first_round", 1, 1, 8,
                            "the contract the match starts at (a practice table; a full "
                            "match starts at 1 and plays all eight)")
            .labelled("First contract"),
    });
    return schema;
  }

  SeatRange seat_range(const Json& options) const override {
    return {2, options.value("max_seats", 5)};
  }

  Expected<std::unique_ptr<GameState>> new_match(const MatchConfig& config) const override {
    Seat dealer = config.dealer.value_or(choose_first_dealer(config.seed, config.seats));
    auto state = std::make_unique<CariocaState>(TableOptions::from_json(config.options),
                                                config.seats, config.seed, dealer);
    if (auto err = state->start(config.setup)) return *err;
    return std::unique_ptr<GameState>(std::move(state));
  }

  std::unique_ptr<BotPolicy> make_bot(BotLevel level) const override {
    search::SearchSettings settings;
    settings.default_iterations = 60;  // a rollout here is a few turns of costly bots
    settings.max_rollout_moves = 40;   // then valued by the penalty points in hand
    return search::make_levelled_bot(
        level,
        {make_random_bot, make_sensible_bot, make_world_sampler, {}, settings, provisional_scores});
  }

  // Scores are penalty points: the lowest total wins.
  bool lower_score_wins() const override { return true; }

  // carioca_figures.cpp: contracts_made, rounds_out, one_turn_outs, steals, lowest_round.
  Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) const override {
    return carioca::seat_figures(round_result_texts, seats);
  }
};

}  // namespace

const GameDefinition& definition() {
  static const CariocaGame game;
  return game;
}

const GameDefinition& CariocaState::definition() const { return carioca::definition(); }

}  // namespace parlor::carioca
