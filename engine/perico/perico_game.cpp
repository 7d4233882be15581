// Perico's GameDefinition: options, seat ranges per variant, starting a match, bots.
#include "engine/perico/perico.hpp"

#include "engine/hands/hand_eval.hpp"
#include "engine/perico/perico_bots.hpp"
#include "engine/perico/perico_figures.hpp"
#include "engine/perico/perico_rules.hpp"
#include "engine/perico/perico_state.hpp"
#include "engine/perico/perico_worlds.hpp"
#include "engine/search/expert_policy.hpp"

namespace parlor::perico {
namespace {

class PericoGame : public GameDefinition {
 public:
  std::string name() const override { return "perico"; }
  std::string title() const override { return "Perico"; }
  std::string summary() const override {
    return "draw-and-discard poker with wild jokers: improve your hand from the face-up pile, "
           "knock, best hand wins (5 or 6 cards)";
  }

  const OptionSchema& option_schema() const override {
    static const OptionSchema schema({
        OptionSpec::choice("variant", "five_card", {"five_card", "six_card"},
                           "five cards a hand with 2 jokers, for 2 to 6 players; or six cards "
                           "a hand with 4 jokers, for 2 to 5 players")
            .labelled("Hand size", {"5 cards", "6 cards"}),
        OptionSpec::choice("scoring", "winner", {"winner", "outranked"},
                           "who scores a round: only the single best hand (1 point), or every "
                           "player, a point for each player whose hand is lower")
            .labelled("Scoring", {"Best hand scores 1", "A point per hand beaten"}),
        OptionSpec::integer("target", nullptr, 1, 100, "points that end the match")
            .with_default_note("5 with 5-card hands, 6 with 6-card hands")
            .labelled("Points to win"),
    });
    return schema;
  }

  SeatRange seat_range(const Json& options) const override {
    const Variant* variant = find_variant(options.value("variant", "five_card"));
    if (variant == nullptr) variant = &five_card();
    return {variant->min_seats, variant->max_seats};
  }

  Expected<std::unique_ptr<GameState>> new_match(const MatchConfig& config) const override {
    auto options = validate_table(config.options, config.seats);
    if (!options) return options.error();
    PericoConfig perico;
    perico.variant = find_variant((*options)["variant"].get<std::string>());
    perico.scoring = *parse_scoring((*options)["scoring"].get<std::string>());
    perico.target = (*options)["target"].get<std::int64_t>();
    if (config.dealer && (*config.dealer < 0 || *config.dealer >= config.seats)) {
      return Error{"bad_setup",
                   "the dealer must be a seat from 0 to " + std::to_string(config.seats - 1)};
    }
    Seat dealer = config.dealer.value_or(choose_first_dealer(config.seed, config.seats));
    auto state = std::make_unique<PericoState>(perico, config.seats, config.seed, dealer);
    if (auto err = state->start(config.setup)) return *err;
    return std::unique_ptr<GameState>(std::move(state));
  }

  void warm_up() const override { hands::build_perico_tables(); }

  // perico_figures.cpp: rounds_won, knocks, knocks_won, completes, points.
  Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) const override {
    return perico::seat_figures(round_result_texts, seats);
  }

  std::unique_ptr<BotPolicy> make_bot(BotLevel level) const override {
    return search::make_levelled_bot(level, {.make_random = make_random_bot,
                                             .make_sensible = make_sensible_bot,
                                             .make_sampler = make_world_sampler,
                                             .fast_rollout = sensible_move_on_state,
                                             .candidates = candidate_moves});
  }

 protected:
  Expected<Json> resolve_options(Json options, int /*seats*/) const override {
    if (options["target"].is_null()) {
      options["target"] = find_variant(options["variant"].get<std::string>())->default_target;
    }
    return options;
  }

  Json describe_seats() const override {
    Json variants = Json::object();
    for (const Variant* variant : {&five_card(), &six_card()}) {
      variants[std::string(variant->name)] = {{"min", variant->min_seats},
                                              {"max", variant->max_seats}};
    }
    return {{"variant", variants}};
  }
};

}  // namespace

const GameDefinition& definition() {
  static const PericoGame game;
  return game;
}

const GameDefinition& PericoState::definition() const { return perico::definition(); }

}  // namespace parlor::perico
