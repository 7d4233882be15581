#include "engine/poker/poker.hpp"

#include "engine/poker/poker_bots.hpp"
#include "engine/poker/poker_figures.hpp"
#include "engine/poker/poker_hands.hpp"
#include "engine/poker/poker_options.hpp"
#include "engine/poker/poker_state.hpp"
#include "engine/poker/poker_worlds.hpp"
#include "engine/search/expert_policy.hpp"

namespace parlor::poker {
namespace {

class PokerGame : public GameDefinition {
 public:
  std::string name() const override { return "poker"; }
  std::string title() const override { return "Poker"; }
  std::string summary() const override {
    return "Spanish five-card draw: jackpot ante, jacks or better to open, one draw, table "
           "stakes";
  }
  const OptionSchema& option_schema() const override { return poker::option_schema(); }
  SeatRange seat_range(const Json& /*options*/) const override { return {2, 7}; }

  Expected<std::unique_ptr<GameState>> new_match(const MatchConfig& config) const override {
    auto settings = read_settings(config.options, config.seats);
    if (!settings) return settings.error();
    Seat dealer = config.dealer.value_or(choose_first_dealer(config.seed, config.seats));
    auto state = std::make_unique<PokerState>(*settings, evaluator_for(settings->rules),
                                              config.seed, dealer);
    if (auto err = state->start(config.setup)) return *err;
    return std::unique_ptr<GameState>(std::move(state));
  }

  // The tables of the default options at every seat count (the default deck depends on
  // the seats); other options build theirs on first use.
  void warm_up() const override {
    for (int seats = 2; seats <= 7; ++seats) {
      auto options = validate_table(Json::object(), seats);
      if (!options) continue;
      if (auto settings = read_settings(*options, seats)) evaluator_for(settings->rules);
    }
  }

  // poker_figures.cpp: hands_won, showdown_wins, uncalled_wins, showdowns, biggest_pot.
  Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) const override {
    return poker::seat_figures(round_result_texts, seats);
  }

  std::unique_ptr<BotPolicy> make_bot(BotLevel level) const override {
    return search::make_levelled_bot(
        level, {make_random_bot, make_sensible_bot, make_world_sampler, sensible_move_on_state});
  }

 protected:
  // `deck` stays as given (auto, rule_of_11 or a size) so the stored options validate
  // again; the deck it means for these seats is checked here and resolved at creation.
  Expected<Json> resolve_options(Json options, int seats) const override {
    auto settings = read_settings(options, seats);
    if (!settings) return settings.error();
    return options;
  }
};

}  // namespace

const GameDefinition& definition() {
  static const PokerGame game;
  return game;
}

const GameDefinition& PokerState::definition() const { return poker::definition(); }

}  // namespace parlor::poker
