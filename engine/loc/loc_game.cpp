// Loc's GameDefinition: options, seat ranges per deck, starting a match.
#include "engine/loc/loc.hpp"

#include "engine/loc/loc_bots.hpp"
#include "engine/loc/loc_figures.hpp"
#include "engine/loc/loc_state.hpp"

namespace parlor::loc {
namespace {

SeatRange seats_for(DeckKind deck) {
  return deck == DeckKind::kTarot ? SeatRange{2, 10} : SeatRange{2, 8};
}

Json range_json(SeatRange range) { return {{"min", range.min}, {"max", range.max}}; }

class LocGame : public GameDefinition {
 public:
  std::string name() const override { return "loc"; }
  std::string title() const override { return "Loc"; }
  std::string summary() const override {
    return "five simultaneous plays a hand for the pot: an ace or the Joker (tarot: a trump) "
           "takes it; 2-8 players, 2-10 with the tarot deck; best with 4 or more";
  }

  const OptionSchema& option_schema() const override {
    static const OptionSchema schema({
        OptionSpec::choice("deck", "standard", {"standard", "tarot"},
                           "the standard 52 cards and a Joker, for 2 to 8 players; or the "
                           "78-card tarot, for 2 to 10 players")
            .labelled("Deck", {"Standard (52 cards and a Joker)", "Tarot (78 cards)"}),
        OptionSpec::integer("bet", 1, 1, 1'000'000,
                            "the bet unit in chips: the ante and every payment into the pot")
            .labelled("Bet (chips)"),
        OptionSpec::integer("hands", nullptr, 1, 1000, "hands in the match")
            .with_default_note("one per player, so everyone deals once")
            .labelled("Hands"),
    });
    return schema;
  }

  SeatRange seat_range(const Json& options) const override {
    return seats_for(deck_kind_from_name(options.value("deck", "standard")));
  }

  Expected<std::unique_ptr<GameState>> new_match(const MatchConfig& config) const override {
    const Json& options = config.options;
    LocTable table;
    table.deck = deck_kind_from_name(options.value("deck", "standard"));
    table.bet = options.value("bet", std::int64_t{1});
    table.seats = config.seats;
    table.hands = options.contains("hands") && options["hands"].is_number_integer()
                      ? options["hands"].get<int>()
                      : config.seats;
    SeatRange range = seats_for(table.deck);
    if (config.seats < range.min || config.seats > range.max) {
      return Error{"bad_seat_count", "Loc with the " + deck_name(table.deck) + " deck seats " +
                                         std::to_string(range.min) + " to " +
                                         std::to_string(range.max) + " players"};
    }
    Seat dealer = config.dealer.value_or(choose_first_dealer(config.seed, config.seats));
    auto state = std::make_unique<LocState>(table, config.seed, dealer);
    if (auto err = state->start(config.setup)) return *err;
    return std::unique_ptr<GameState>(std::move(state));
  }

  std::unique_ptr<BotPolicy> make_bot(BotLevel level) const override { return make_loc_bot(level); }

  // loc_figures.cpp: pots_taken, final_pots, excused, chips_taken, biggest_pot.
  Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) const override {
    return loc::seat_figures(round_result_texts, seats);
  }

 protected:
  // The default match length depends on the seat count.
  Expected<Json> resolve_options(Json options, int seats) const override {
    if (options["hands"].is_null()) options["hands"] = seats;
    return options;
  }

  // The lobby's warning below four players is the server's; the flag is here for it.
  Json describe_seats() const override {
    return {{"deck=standard", range_json(seats_for(DeckKind::kStandard))},
            {"deck=tarot", range_json(seats_for(DeckKind::kTarot))},
            {"recommended_min", kRecommendedMinSeats}};
  }
};

}  // namespace

const GameDefinition& definition() {
  static const LocGame game;
  return game;
}

const GameDefinition& LocState::definition() const { return loc::definition(); }

}  // namespace parlor::loc
