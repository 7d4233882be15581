// Each seat's last move sent by its player, kept so that a move sent again after a lost
// connection (with "after", protocol/README.md) is recognised instead of applied twice.
//
// A client that lost its connection (a node died, a network blip) cannot know whether its
// last move was applied; it sends it again with the seq it had seen. If the seat has moved
// since that seq and that move is this very one, it was applied: the room says so again
// (with its seq) and applies nothing. Otherwise the move is new and goes to the rules.
// Only players who send "after" are kept (the others never send a move again).
//
// Seqs start again at every match, so the moves kept belong to the match being played:
// the room forgets them when the next match starts (a seat's last move of the match before
// would otherwise answer a new move that happens to be the same, and swallow it). A move
// sent again after its match ended carries that match's number ("match"): the room
// refuses it with stale_match instead of judging it in the new match.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "protocol/json_reuse.hpp"

namespace parlor::server {

// What the client said of the state it chose a move in.
struct MoveContext {
  std::optional<std::int64_t> after;  // the last seq it had seen
  std::optional<std::int64_t> match;  // the match that seq belongs to
};

struct SeatMove {
  std::int64_t seq = 0;
  nlohmann::json action;
};

// A move is kept as its JSON text, not its tree: one string per seat instead of a copy of
// the tree (a map and a node and a string per field) on every move of every client that
// may send one again. Trees equal as JSON have the same text (an object's keys are
// sorted), and a move sent again is the same message parsed again.
class ResentMoves {
 public:
  ResentMoves() = default;
  explicit ResentMoves(const std::map<int, SeatMove>& last_moves) {
    for (const auto& [seat, move] : last_moves) record(seat, move.seq, text_of(move.action));
  }

  static std::string text_of(const nlohmann::json& action) {
    std::string text;
    text.reserve(64);  // a move's text fits: one allocation
    protocol::append_json(&text, action);
    return text;
  }

  // `action`, sent by `seat`'s player who had seen `after`: the seq it was applied at if
  // it is the seat's last move and came after `after`.
  std::optional<std::int64_t> applied_seq(int seat, const nlohmann::json& action,
                                          std::int64_t after) const {
    auto last = last_.find(seat);
    if (last == last_.end() || last->second.seq <= after ||
        last->second.action_text != text_of(action)) {
      return std::nullopt;
    }
    return last->second.seq;
  }
  // `action_text`: text_of(the move).
  void record(int seat, std::int64_t seq, std::string action_text) {
    last_[seat] = KeptMove{seq, std::move(action_text)};
  }

 private:
  struct KeptMove {
    std::int64_t seq = 0;
    std::string action_text;
  };
  std::map<int, KeptMove> last_;
};

}  // namespace parlor::server
