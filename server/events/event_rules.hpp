// Club nights ("events", issue 49): the pure rules of a game night of several rounds.
// Each round the server forms tables from the entrants, every table plays one match, and
// the results feed a standings table. This library decides who sits where and what the
// results are worth; it has no I/O, no clock and no server: the server keeps the event,
// runs the matches and calls pair_round() and standings() with what happened.
//
// Tables (table_sizes()): first seat as many players as possible at tables of
// min_seats_per_table..seats_per_table, then make as many of those tables full as
// possible, then split the rest into as few, as even, tables as possible. 10 players at
// 4-seat Perico with min 3: 4,3,3 (not 4,4 and two byes: a club night is for playing).
// 13 at 4 seats with min 4: 4,4,4 and one bye. Full tables come first and get the top of
// the order. Why byes last: a bye is a player sitting out a round they came to play.
//
// Byes go to the players with the fewest byes so far and, among those, the lowest in the
// standings (round 1: the last of the seeded order): nobody sits out twice while another
// active player has not sat out at all. A bye is worth the average place points of a
// full table, (seats_per_table - 1) / 2 (duplicate: the round's average matchpoints):
// sitting out neither helps nor hurts on average, and it does not depend on the sizes
// the other tables happened to have. A bye meets nobody: it adds nothing to Buchholz.
//
// Place points (place_points()): at a table of n seats, place p earns n - p (4 seats:
// 3, 2, 1, 0). Placings are read as an order: equal placings tie and cover consecutive
// places, and tied players share those places' points equally (1,2,2,4 and 1,2,2,3 both
// give 3, 1.5, 1.5, 0). A seat whose player was absent (a bot played for them) scores as
// last whatever the bot did: the points are the player's, not the bot's; several absent
// seats tie for the last places. An absent seat never counts as a win.
//
// Swiss: round 1 is a deterministic shuffle of the roster by `seed` (splitmix64, a fixed
// published generator: the same seed gives the same tables on every platform, which
// std::shuffle does not promise; nothing secret rides on it, so it needs no stronger
// generator). Later rounds order the active players by the standings (points, Buchholz,
// wins, id), give the byes, fill the tables from the top, then improve by swapping two
// players between tables while a swap lowers the repeat cost: the sum, over tablemate
// pairs, of the square of how often the pair has already sat together (so one repeated
// pair costs 1, and a pair meeting a third time costs 4: repeats spread over different
// pairs). Each step takes an improving swap between the nearest tables there is
// (adjacent tables first), then the largest gain, then the two players closest in the
// order, so nobody moves further from their score group than the repeats demand. The
// result is a local minimum (no single swap lowers the cost), not always the global one;
// for 12 players at 4 seats tests/events checks every round against all 5775 seatings
// (it reached the global minimum for every seed 0-299 tried while writing this).
// Note: 12 players at three 4-seat tables cannot avoid repeats in round 2: each table
// takes 4 players from round 1's three tables, so two of them sat together (at least 3
// repeated pairs in all, one per table; the search finds exactly that).
//
// Round robin: meant for small groups, the roster fixed at the start.
// - 2-seat tables: the circle method over the roster in its seeded order (a dummy player
//   added when the count is odd: its partner has the bye). n - 1 rounds for even n, n for
//   odd n; every pair meets exactly once and, for odd n, everybody has exactly one bye.
//   A round beyond that is too_many_rounds. A dropped player's partner gets a bye that
//   round, so the others' schedule is unchanged.
// - n-seat tables: greedy, round by round: the roster's seeded order for the round
//   (stream = round), byes as above, then the swap search over all tables against the
//   meetings so far. It guarantees every active player seated once or given a bye, and a
//   round in which no single swap lowers the repeat cost; not that every pair meets
//   before any pair meets twice. No round limit.
//
// Standings (standings()): points (place points, or matchpoints for duplicate), then
// Buchholz (the sum of the final points of every tablemate met, counted per time met;
// bots count nothing), then wins (first places, shared or not), then player id. Players
// equal on points, Buchholz and wins share the rank (1, 2, 2, 4): the id only fixes the
// listing order, it is not a merit. Points compare within 1e-9. Dropped players stay
// listed with what they earned, marked dropped, in the rank it gives them; pair_round()
// seats them no more. Results naming players who are not entrants are ignored for them.
//
// Duplicate (matchpoints()): every table of a duplicate round plays the same deal (the
// server's job). A seat s gets, against the same seat s of every other table that has
// one, 1 for a higher score, 0.5 for an equal one, 0 for a lower one (duplicate bridge's
// matchpoints); an absent seat loses to every present one and ties another absent one.
// An event with duplicate true scores each player's round by these matchpoints instead
// of place points: the deal's luck is the same for everyone in a seat, so only how it was
// played counts.
//
// Inputs: `entrants` is the event's roster, in the same order every round; a player who
// leaves stays in it with dropped = true. `previous` holds rounds 1..round-1 as played;
// `seed` is the event's, the same every round. A player id "" in a result is a bot seat.
//
// Error codes (Expected<>; never an exception or an assert):
//   bad_shape         seats_per_table < 2, min_seats_per_table < 2 or above it, rounds < 1
//   bad_entrants      an entrant with an empty player id, or an id listed twice
//   bad_round         round < 1, round > shape.rounds, or round != previous.size() + 1
//   bad_result        a previous round check_round_result() refuses
//   too_few_entrants  fewer active entrants than min_seats_per_table
//   too_many_rounds   a 2-seat round robin asked for a round beyond its schedule
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.hpp"

namespace parlor::server::events {

enum class Pairing { kSwiss, kRoundRobin };

// "swiss", "round_robin".
std::optional<Pairing> parse_pairing(std::string_view name);
std::string_view pairing_name(Pairing pairing);

struct Entrant {
  std::string player_id;
  std::string name;
  bool dropped = false;
};

// One table's match: the players by seat (a player id; "" for a seat filled by a bot),
// each seat's placing (1 = first, ties share) and score, and whether a seat's player was
// absent (a bot played for them).
struct TableResult {
  std::vector<std::string> players;
  std::vector<int> placings;
  std::vector<double> scores;
  std::vector<bool> absent;
};

struct RoundResult {
  std::vector<TableResult> tables;
  std::vector<std::string> byes;
};

struct RoundPlan {
  std::vector<std::vector<std::string>> tables;
  std::vector<std::string> byes;
};

struct EventShape {
  Pairing pairing;
  int seats_per_table;
  int min_seats_per_table;
  int rounds;
  bool duplicate;
};

// The tables of round `round` (1-based) from the entrants not dropped and the rounds
// played (see the header's opening for every rule and error code).
Expected<RoundPlan> pair_round(const EventShape& shape, const std::vector<Entrant>& entrants,
                               const std::vector<RoundResult>& previous, int round,
                               std::uint64_t seed);

struct Standing {
  std::string player_id;
  std::string name;
  double points = 0;
  double buchholz = 0;
  int wins = 0;
  int matches = 0;
  int byes = 0;
  int rank = 0;
  bool dropped = false;
};

// Every entrant, best first. A round check_round_result() refuses counts for nothing.
std::vector<Standing> standings(const EventShape& shape, const std::vector<Entrant>& entrants,
                                const std::vector<RoundResult>& rounds);

// Duplicate scoring of one round: per table, per seat, the seat's matchpoints against
// every other table's same seat. A table whose vectors differ in length gets zeros and
// is compared with nobody.
std::vector<std::vector<double>> matchpoints(const RoundResult& round);

// Each seat's place points at one table (absent seats last, ties shared); zeros for a
// table whose vectors differ in length.
std::vector<double> place_points(const TableResult& table);

// The table sizes for `players` players, largest first; their sum is the number seated,
// the rest get byes. Empty when fewer than min_seats can be seated or the shape is bad.
std::vector<int> table_sizes(int players, int seats_per_table, int min_seats_per_table);

// true, or bad_result: a table with fewer than 2 seats, vectors of different lengths, a
// placing below 1, a score that is not finite, or a player id seated or given a bye
// twice in the round.
Expected<bool> check_round_result(const RoundResult& round);

}  // namespace parlor::server::events
