// The one interface all five games implement (in the manner of OpenSpiel's spiel.h).
//
// A GameDefinition describes a game: its name, its option schema, its seat range, how
// to start a match and its bots. A GameState is one match in progress: it says who may
// act (Waiting), takes moves as the action JSON of ../shared/rules/ (apply), shows each
// seat exactly what that seat may see (view), and records what happened as events,
// each addressed to the audience allowed to see it.
//
// Contract every game keeps:
// - No I/O, no threads, no clock. Randomness only from the match seed: the n-th deal
//   (counting from 0) is shuffled with Rng(seed, n), so options + seed (or a fixed first deal) +
//   the action log rebuild the exact state.
// - A move that breaks a rule is an expected outcome: apply() returns a rejection with
//   a stable snake_case code and a readable message, and changes nothing.
// - A round's end stays visible: when a round ends the engine deals the next one at
//   once (nothing is asked of anyone in between), and the view keeps the finished
//   round's revealed hands and results under "last_round" until the next one ends.
// - view(seat) never holds a card that seat may not see at that moment; an event's
//   audience never includes a viewer who may not see its body.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"
#include "engine/core/json_writer.hpp"
#include "engine/core/options.hpp"
#include "engine/core/rng.hpp"

namespace parlor {

using Seat = int;
// The viewer id of a spectator: sees public information only.
inline constexpr Seat kSpectator = -1;

// Who may see an event.
struct Audience {
  enum class Kind { kEveryone, kOnlySeat, kAllButSeat };
  Kind kind = Kind::kEveryone;
  Seat seat = kSpectator;

  static Audience everyone() { return {}; }
  static Audience only(Seat seat) { return {Kind::kOnlySeat, seat}; }
  // Everyone else, spectators included: the public half of a private event.
  static Audience all_but(Seat seat) { return {Kind::kAllButSeat, seat}; }

  bool includes(Seat viewer) const;
};

// Something that happened, for the viewers in `audience`: a JSON object kept as its text.
// Each update carries its events to their viewers as text, so an engine writes an event
// once (as a tree it cost an allocation per member, then a dump per update); body()
// parses it back, for tests and tools. The object has a "type".
struct Event {
  std::string text;
  Audience audience;
  Json body() const { return Json::parse(text); }
};

enum class WaitMode {
  kNobody,        // the match is over
  kTurn,          // one seat must act
  kSimultaneous,  // each listed seat makes a hidden choice; revealed when all have
  kClaim,         // listed seats may claim out of turn, in this priority order
};

struct Waiting {
  WaitMode mode = WaitMode::kNobody;
  std::vector<Seat> seats;  // kClaim: in priority order
};

struct SeatRange {
  int min = 0;
  int max = 0;
};

// The moves a seat may make now. Where enumerating every move is impractical (a
// Carioca contract), `complete` is false and `actions` holds representative ones
// (at least one of each type available), the view's "legal" section describing the rest.
struct LegalActions {
  std::vector<Json> actions;
  bool complete = true;
};

// The result of apply(): accepted, or rejected with a stable code.
struct ActionResult {
  std::optional<Error> error;

  bool ok() const { return !error.has_value(); }
  static ActionResult accepted() { return {}; }
  static ActionResult rejected(std::string code, std::string message) {
    return {Error{std::move(code), std::move(message)}};
  }
};

// How well a bot plays. The names ("random", "sensible", "expert") are a contract.
enum class BotLevel { kRandom, kSensible, kExpert };

// How long a bot may think, in terms the engine can honour without reading a clock:
// it stops at whichever limit comes first. A bot that does not search ignores it.
struct ThinkingBudget {
  int max_iterations = 0;             // 0: no limit by count
  std::function<bool()> out_of_time;  // empty: no limit by time; the caller's clock

  bool limited() const { return max_iterations > 0 || static_cast<bool>(out_of_time); }
};

class GameDefinition;

// A bot decides from exactly what its seat sees: the seat's view JSON (which carries
// a "legal" section). So the same policy can play inside the server or as a network
// client, and can never cheat.
class BotPolicy {
 public:
  virtual ~BotPolicy() = default;
  virtual Json choose(const Json& seat_view, Rng& rng) const = 0;
  // The same within a budget: a searching bot (expert) thinks until the budget runs
  // out; choose() is this with the bot's documented default budget.
  virtual Json choose_within(const Json& seat_view, Rng& rng,
                             const ThinkingBudget& /*budget*/) const {
    return choose(seat_view, rng);
  }
};

class GameState {
 public:
  virtual ~GameState() = default;
  virtual std::unique_ptr<GameState> clone() const = 0;
  // The game this is a match of (its name, its scoring direction, ...).
  virtual const GameDefinition& definition() const = 0;

  virtual int seat_count() const = 0;
  virtual Waiting waiting() const = 0;

  // Applies `seat`'s move. Common checks (match over, seat range, the action being an
  // object with a string "type") happen here; the rules are the game's.
  ActionResult apply(Seat seat, const Json& action);

  // What `viewer` (a seat or kSpectator) may see now, in two halves, for a server that
  // sends every seat its view after each move: the table part is the same for every
  // viewer, so it is written once per move. table_view_text() is the spectator's view
  // without "viewer": the game's table members (write_table_members) and the common
  // ones, "game", "round", "over", "scores", "waiting" ({"mode": "turn"|"simultaneous"|
  // "claim"|"nobody", "seats": [...]}). seat_fields_text(viewer) holds "viewer" (null for
  // a spectator) and, for a seat, the game's seat members (write_seat_members), among
  // them a "legal" section describing its moves now. Their keys never overlap.
  std::string table_view_text() const;
  std::string seat_fields_text(Seat viewer) const;
  // The same as JSON trees, parsed from that text (one source, so the two cannot drift):
  // view(v) is table_view() with seat_fields(v)'s members added.
  Json view(Seat viewer) const;
  Json table_view() const;
  Json seat_fields(Seat viewer) const;

  // The events produced since the last call (the deal, then each accepted move).
  std::vector<Event> take_events();

  virtual LegalActions legal_actions(Seat seat) const = 0;
  // The move made for a seat whose time ran out; must be legal for a waiting seat.
  virtual Json default_action(Seat seat) const = 0;

  virtual bool match_over() const = 0;
  // The current round (deal, hand), counting from 1; after the match, the last one.
  virtual int round() const = 0;
  // How many deals have been shuffled so far: the first used Rng(seed, 0), the k-th
  // Rng(seed, k - 1). The server's deal commitments number them from 1.
  virtual int deals_started() const = 0;
  // Each seat's match score as the game defines it (Pedro: the seat's side's score;
  // Loc: balance; Poker: net chips; Carioca: total, lower is better).
  virtual std::vector<std::int64_t> scores() const = 0;
  // One JSON object per finished round, in order: a tree built from the texts below on
  // each call, for a match's end, tools and tests.
  Json round_results() const;
  // The finished rounds as JSON text, one per round, in order: what a live match keeps.
  // A round's result as a tree took several times its text's size, and a match keeps
  // every round (a Poker table plays hundreds of deals: 54 KB per table after a few
  // dozen as trees). The server journals each new round from here.
  std::size_t rounds_finished() const { return round_result_texts_.size(); }
  const std::string& round_result_text(std::size_t index) const {
    return round_result_texts_.at(index);
  }
  // The newest finished round's text, or "null" before the first: what views show as
  // the last round, read from the list above rather than kept a second time.
  std::string_view last_round_result_text() const {
    return round_result_texts_.empty() ? std::string_view("null")
                                       : std::string_view(round_result_texts_.back());
  }
  // Final placing per seat, 1 = winner, ties share a place; meaningful once over.
  virtual std::vector<int> placings() const;
  // The game's scoring direction (GameDefinition::lower_score_wins), here for callers
  // that hold only the match.
  bool lower_score_wins() const;

 protected:
  virtual ActionResult apply_action(Seat seat, const Json& action) = 0;
  // The view hooks, written as text into an open object (views are rebuilt for every
  // seat after every move, and text costs a fraction of a tree): what every viewer sees
  // of the game, and what only `seat` (never a spectator) adds.
  virtual void write_table_members(JsonWriter& out) const = 0;
  virtual void write_seat_members(Seat seat, JsonWriter& out) const = 0;
  // A tree of the members some writer puts in an object, for a game that needs one of
  // its view sections as JSON too (a bot's legal moves, say).
  static Json members_as_json(const std::function<void(JsonWriter&)>& write_members);

  void emit(const Json& body, Audience audience = Audience::everyone());
  // The same, written straight as text: `write_members(JsonWriter&)` writes the event's
  // members into its open object. The hot events (a move's) are written so; the rest may
  // stay trees. (Members come in the order written; a JSON object's order means nothing.)
  template <class WriteMembers>
  void emit_written(WriteMembers&& write_members, Audience audience = Audience::everyone()) {
    std::string text;
    text.reserve(kEventTextReserve);
    JsonWriter out(text);
    out.begin_object();
    write_members(out);
    out.end_object();
    outbox_.push_back(Event{std::move(text), audience});
  }
  // An event already written as the text of one JSON object.
  void emit_text(std::string object_text, Audience audience = Audience::everyone()) {
    outbox_.push_back(Event{std::move(object_text), audience});
  }
  // Appends a finished round's result (an object) to round_results(); returns its text.
  const std::string& record_round_result(const Json& result);
  // The same, already written as the text of one JSON object.
  const std::string& record_round_result_text(std::string result_text);

 private:
  // Most events are a few members: one allocation holds them.
  static constexpr std::size_t kEventTextReserve = 96;
  std::vector<Event> outbox_;
  std::vector<std::string> round_result_texts_;
};

struct MatchConfig {
  Json options;  // as returned by GameDefinition::validate_table
  int seats = 0;
  Seed seed;
  std::optional<Seat> dealer;  // the first dealer; chosen from the seed when absent
  std::optional<Json> setup;   // a fixed first deal (tests and offline tools only)
};

class GameDefinition {
 public:
  virtual ~GameDefinition() = default;

  virtual std::string name() const = 0;     // "perico"
  virtual std::string title() const = 0;    // "Perico"
  virtual std::string summary() const = 0;  // one line for the lobby and `parlor games`
  virtual const OptionSchema& option_schema() const = 0;
  // Seats allowed with these validated options (Perico's range depends on the variant).
  virtual SeatRange seat_range(const Json& options) const = 0;
  // Seat -> team, or empty when the game has no teams.
  virtual std::vector<int> teams(int seats) const;

  // Validates options, resolves the defaults that depend on others or on the seat
  // count, and checks the seat count ("bad_seat_count"). What a room stores.
  Expected<Json> validate_table(const Json& raw_options, int seats) const;

  // Starts a match (and deals its first round). Errors: "bad_setup" for a fixed deal
  // that is not a possible deal.
  virtual Expected<std::unique_ptr<GameState>> new_match(const MatchConfig& config) const = 0;

  virtual std::unique_ptr<BotPolicy> make_bot(BotLevel level) const = 0;

  // Placings (GameState::placings) and the history's leaderboard rank scores by this:
  // higher is better unless the game says otherwise (Carioca counts penalty points).
  virtual bool lower_score_wins() const { return false; }

  // Per-seat figures of a finished match, for the players' pages: a JSON array with one
  // object per seat of named integer figures ("knocks": 3, "biggest_pot": 120), computed
  // only from the match's round results, `round_result_texts` being the texts
  // GameState::round_result_text gives, in order (each an object the game wrote).
  // The server aggregates a figure over many matches by its name alone: a key starting
  // with `biggest_` or `most_` by max, `lowest_` by min, any other by sum; so keys are
  // snake_case and say what they count (engine/README.md lists every game's). Never
  // throws: a round it cannot read (not JSON, not an object, not of the game's shape) is
  // skipped; `seats` outside 0..kMaxFigureSeats (64) gives an empty array. Shared
  // reading helpers are in core/seat_figures.hpp. Default: `seats` empty objects.
  virtual Json seat_figures(const std::vector<std::string>& round_result_texts, int seats) const;

  // Builds, ahead of time, what the game's matches would otherwise build on first use
  // (Perico's and Poker's hand-rank tables: tens of milliseconds each), so no player's
  // first move waits for it. Servers call it for every game at start-up; it is
  // idempotent and thread-safe. Default: nothing to build.
  virtual void warm_up() const {}

  Json describe() const;  // name, title, summary, options, seat range per variant

 protected:
  // Fills defaults that depend on other options or on seats; rejects combinations.
  virtual Expected<Json> resolve_options(Json options, int seats) const;
  // Extra seat-range lines for describe() (e.g. per variant); default: none.
  virtual Json describe_seats() const;
};

// The first dealer of a match, drawn from the seed on a stream of its own.
Seat choose_first_dealer(const Seed& seed, int seats);

// The names of the enums above as the protocol and the store spell them.
std::string wait_mode_name(WaitMode mode);
std::string bot_level_name(BotLevel level);  // "random", "sensible", "expert"
// "random", "sensible" or "expert" ("" means the default, sensible); nullopt for anything
// else.
std::optional<BotLevel> parse_bot_level(const std::string& name);

}  // namespace parlor
