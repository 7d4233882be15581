#include "server/room/stand_ins.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>

#include "protocol/json_reuse.hpp"
#include "protocol/server_messages.hpp"

namespace parlor::server {

using protocol::dump;

void StandIns::play_timeout(const GameState& match, int seat, const Seating& seating,
                            const std::function<bool()>& goes_on, const Play& play) {
  const int round = match.round();
  const bool whole_turn = match.waiting().mode == WaitMode::kTurn;
  for (int step = 0; step < 32; ++step) {  // a turn is a few moves; 32 stops a runaway
    if (!goes_on() || match.round() != round) break;
    Waiting waiting = match.waiting();
    if (std::find(waiting.seats.begin(), waiting.seats.end(), seat) == waiting.seats.end()) break;
    if (seating.seat(seat).bot_played()) break;
    if (step > 0 && (!whole_turn || waiting.mode != WaitMode::kTurn)) break;
    Json action = match.default_action(seat);
    spdlog::info("room {}: seat {} timed out; playing {}", room_id_, seat, dump(action));
    if (auto error = play(seat, action, true)) {
      spdlog::error("room {}: default action for seat {} rejected: {} ({})", room_id_, seat,
                    error->code, error->message);
      break;
    }
  }
}

bool StandIns::play_bot_turn(const GameState& match, Seating& seating, const Play& play) {
  Waiting waiting = match.waiting();
  for (int seat : waiting.seats) {
    if (!seating.seat(seat).bot_played()) continue;
    return play_bot_choice(match, seat, bot_choice(match, seat, seating.policy_for(seat)), play);
  }
  return false;
}

bool StandIns::play_bot_choice(const GameState& match, int seat, const Json& action,
                               const Play& play) {
  auto error = play(seat, action, false);
  if (!error) return true;  // the room scheduled what comes next
  spdlog::warn("room {}: bot at seat {} chose {} ({}); playing the default", room_id_, seat,
               dump(action), error->code);
  error = play(seat, match.default_action(seat), false);
  if (!error) return true;
  spdlog::error("room {}: bot's default action rejected too ({}); seat {} is stuck", room_id_,
                error->code, seat);
  return false;
}

Json StandIns::bot_choice(const GameState& match, int seat,
                          const std::shared_ptr<BotPolicy>& policy) {
  try {
    if (policy) return policy->choose(view_of(match, seat), rng_);
    LegalActions legal = match.legal_actions(seat);  // a random bot: any legal move
    return legal.actions.empty() ? match.default_action(seat)
                                 : legal.actions[rng_.below(legal.actions.size())];
  } catch (const std::exception& e) {
    spdlog::error("room {}: bot at seat {} failed: {}", room_id_, seat, e.what());
    return match.default_action(seat);
  }
}

// view(seat) is the table view with the seat's own fields added (their keys never
// overlap), so the two texts joined are its text.
std::string StandIns::view_text(const GameState& match, int seat) {
  std::string text = match.table_view_text();
  const std::string own = match.seat_fields_text(seat);
  text.back() = ',';
  text.append(own, 1);
  return text;
}

Rng StandIns::fresh_rng() {
  std::array<std::uint8_t, 32> bytes{};
  for (std::uint8_t& byte : bytes) byte = static_cast<std::uint8_t>(rng_.next_u32());
  return Rng(Seed(bytes), 0);
}

const Json& StandIns::view_of(const GameState& match, int seat) {
  if (views_.size() <= static_cast<std::size_t>(seat)) views_.resize(seat + 1);
  Json& view = views_[static_cast<std::size_t>(seat)];
  if (!protocol::parse_into(view_text(match, seat), &view)) view = match.view(seat);  // never
  return view;
}

}  // namespace parlor::server
