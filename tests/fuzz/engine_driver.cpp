// The match driver behind fuzz_engine and fuzz_engine_long (engine_driver.hpp says what
// an input is and what is checked).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tests/fuzz/engine_driver.hpp"

#include "engine/registry/registry.hpp"
#include "tests/fuzz/engine_invariants.hpp"
#include "tests/fuzz/fuzz_bytes.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace {

using parlor::GameDefinition;
using parlor::GameState;
using parlor::Json;
using parlor::Seat;
using parlor::fuzz::ByteReader;
using parlor::fuzz::check;

// Options from the schema: each option is left to its default or set to one of its
// values; integers stay near their minimum so that matches end within an input.
Json options_from(const GameDefinition& game, ByteReader& in) {
  Json raw = Json::object();
  for (const parlor::OptionSpec& spec : game.option_schema().specs()) {
    const std::uint8_t b = in.byte();
    if (b % 3 == 0) continue;
    switch (spec.type) {
      case parlor::OptionType::kChoice:
        if (!spec.choices.empty()) raw[spec.name] = spec.choices[(b / 3) % spec.choices.size()];
        break;
      case parlor::OptionType::kBool:
        raw[spec.name] = (b / 3) % 2 == 1;
        break;
      case parlor::OptionType::kInt: {
        const std::int64_t span = std::min<std::int64_t>(spec.max - spec.min + 1, 6);
        raw[spec.name] =
            spec.min + static_cast<std::int64_t>(b / 3) % std::max<std::int64_t>(span, 1);
        break;
      }
    }
  }
  return raw;
}

std::unique_ptr<GameState> start_match(ByteReader& in) {
  const auto& games = parlor::all_games();
  const GameDefinition& game = *games[in.below(games.size())];
  const std::uint8_t seat_byte = in.byte();
  const std::uint64_t seed = in.u64();
  Json raw = options_from(game, in);
  auto schema_checked = game.option_schema().validate(raw);
  if (!schema_checked) raw = Json::object();
  const auto range =
      game.seat_range(schema_checked ? *schema_checked : *game.option_schema().validate(raw));
  int seats = range.min + seat_byte % (range.max - range.min + 1);
  auto options = game.validate_table(raw, seats);
  if (!options) {  // a combination the game refuses: its defaults at the fewest seats
    seats = game.seat_range(*game.option_schema().validate(Json::object())).min;
    options = game.validate_table(Json::object(), seats);
  }
  check(options.ok(), game.name() + ": the defaults do not make a table");
  parlor::MatchConfig config;
  config.options = *options;
  config.seats = seats;
  config.seed = parlor::Seed::from_u64(seed);
  auto match = game.new_match(config);
  check(match.ok(), game.name() + ": new_match failed: " +
                        (match ? "" : match.error().code + " " + match.error().message));
  return std::move(*match);
}

const char* const kCardWords[] = {"2C", "9D", "TH", "JS", "QC", "KD", "AH",  "AS",
                                  "JK", "5S", "7H", "XX", "",   "1C", "10D", "ah"};

// A legal move with one thing changed.
Json mutate(Json action, ByteReader& in) {
  if (!action.is_object() || action.empty()) return action;
  auto it = action.begin();
  std::advance(it, static_cast<long>(in.below(action.size())));
  Json& value = it.value();
  switch (in.byte() % 8) {
    case 0:
      if (it.key() != "type") action.erase(it);
      break;
    case 1:
      value = kCardWords[in.below(std::size(kCardWords))];
      break;
    case 2:
      if (value.is_number_integer())
        value = value.get<std::int64_t>() + static_cast<int>(in.below(7)) - 3;
      else
        value = static_cast<int>(in.below(20)) - 5;
      break;
    case 3:
      if (value.is_array() && !value.empty())
        value.erase(value.begin() + static_cast<long>(in.below(value.size())));
      else
        value = Json::array();
      break;
    case 4:
      if (value.is_array() && !value.empty())
        value.push_back(value[in.below(value.size())]);
      else
        value = nullptr;
      break;
    case 5:
      if (value.is_array())
        value.push_back(kCardWords[in.below(std::size(kCardWords))]);
      else
        value = Json::object();
      break;
    case 6:
      value = in.byte() % 2 == 0 ? Json(INT64_MAX) : Json(-1);
      break;
    default:
      action["extra"] = in.byte();
      break;
  }
  return action;
}

// No seat's moves are listed (the match is over): not a seat, nor the spectators' -1.
constexpr Seat kNobodyListed = -2;

class Driver {
 public:
  Driver(std::unique_ptr<GameState> match, ByteReader& in, int max_steps)
      : match_(std::move(match)),
        in_(in),
        max_steps_(max_steps),
        cards_(parlor::fuzz::all_cards(*match_)) {
    match_->take_events();
    expect_invariants("the start");
  }

  void run() {
    for (int step = 0; step < max_steps_ && !in_.empty(); ++step) {
      if (match_->match_over()) {
        try_move(0, Json{{"type", "pass"}}, false);
        return;
      }
      this->step();
    }
  }

 private:
  void step() {
    const std::vector<Seat> waiting = match_->waiting().seats;
    const Seat seat = waiting[in_.below(waiting.size())];
    const std::uint8_t op = in_.byte() % 16;
    if (op <= 8) return try_move(seat, pick_legal(seat), true);
    if (op == 9) return try_move(seat, match_->default_action(seat), true);
    if (op <= 11) return try_move(seat, mutate(pick_legal(seat), in_), false);
    if (op == 12) {
      const Seat other = static_cast<Seat>(in_.below(match_->seat_count() + 2)) - 1;
      return try_move(other, pick_legal(seat), false);
    }
    if (op == 13) {
      const Json raw = Json::parse(in_.text(48), nullptr, false);
      if (!raw.is_discarded()) try_move(seat, raw, false);
      return;
    }
    if (op == 14 && !last_accepted_.is_null()) return try_move(last_seat_, last_accepted_, false);
    const auto level =
        in_.byte() % 2 == 0 ? parlor::BotLevel::kRandom : parlor::BotLevel::kSensible;
    const auto bot = game().make_bot(level);
    parlor::Rng rng(parlor::Seed::from_u64(in_.byte()), 7);
    try_move(seat, bot->choose(match_->view(seat), rng), true);
  }

  const GameDefinition& game() {
    if (game_ == nullptr)
      game_ = parlor::find_game(match_->table_view()["game"].get<std::string>());
    return *game_;
  }

  // The moves the last check listed, while the state is the one it checked (a rejected
  // move changes nothing: try_move proves it) and the seat is the one it listed.
  Json pick_legal(Seat seat) {
    const bool listed = seat == listed_seat_ && !listed_.actions.empty();
    const std::vector<Json> fresh =
        listed ? std::vector<Json>() : match_->legal_actions(seat).actions;
    const std::vector<Json>& legal = listed ? listed_.actions : fresh;
    check(!legal.empty(), "a waiting seat without legal actions");
    return legal[in_.below(legal.size())];
  }

  void try_move(Seat seat, const Json& action, bool must_accept) {
    // A move that must be accepted needs no snapshot: its refusal is already the failure.
    const std::string before = must_accept ? std::string() : parlor::fuzz::snapshot(*match_);
    const parlor::ActionResult result = match_->apply(seat, action);
    const std::string what = "seat " + std::to_string(seat) + " " + action.dump();
    if (must_accept) {
      check(result.ok(),
            "a legal move was refused: " + what + " -> " +
                (result.ok() ? "" : result.error->code + ": " + result.error->message));
    }
    if (!result.ok()) {
      check(!result.error->code.empty(), "a rejection without a code: " + what);
      check(match_->take_events().empty(), "a rejected move emitted events: " + what);
      check(must_accept || parlor::fuzz::snapshot(*match_) == before,
            "a rejected move changed the state: " + what);
      return;
    }
    last_seat_ = seat;
    last_accepted_ = action;
    match_->take_events();
    expect_invariants(what);
  }

  void expect_invariants(const std::string& after) {
    viewer_ = viewer_ + 1 < match_->seat_count() ? viewer_ + 1 : parlor::kSpectator;
    const std::string problem = parlor::fuzz::invariant_problem(*match_, cards_, viewer_, &listed_);
    check(problem.empty(), problem + " after " + after);
    const std::vector<Seat> waiting = match_->waiting().seats;
    listed_seat_ = waiting.empty() ? kNobodyListed : waiting.front();
  }

  std::unique_ptr<GameState> match_;
  const GameDefinition* game_ = nullptr;
  ByteReader& in_;
  int max_steps_;
  std::vector<parlor::Card> cards_;
  Seat last_seat_ = 0;
  Seat viewer_ = parlor::kSpectator;  // whose view the next check compares
  Json last_accepted_;
  parlor::LegalActions listed_;  // the first waiting seat's moves, listed by the last check
  Seat listed_seat_ = kNobodyListed;
};

}  // namespace

namespace parlor::fuzz {

void drive_engine(const std::uint8_t* data, std::size_t size, int max_steps) {
  ByteReader in(data, size);
  Driver driver(start_match(in), in, max_steps);
  driver.run();
}

}  // namespace parlor::fuzz
