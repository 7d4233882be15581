#include "tests/persistence/table_player.hpp"

#include <algorithm>

#include "engine/core/rng.hpp"
#include "engine/registry/registry.hpp"
#include "tests/server/test_patience.hpp"

namespace parlor::testing {

TablePlayer::TablePlayer(ClientPool& pool, int port, const std::string& name)
    : pool_(pool), rng_(Seed::from_u64(7), 3) {
  policy_ = find_game("perico")->make_bot(BotLevel::kRandom);
  client_ = pool_.connect(port);
  if (!client_) return;
  Json welcome = pool_.hello(*client_, name);
  token_ = welcome.value("token", "");
  Json created = pool_.request(*client_, {{"type", "create_room"},
                                          {"game", "perico"},
                                          {"seats", 4},
                                          {"turn_seconds", 0},
                                          {"bot_delay_ms", 0}});
  if (created.value("type", "") != "room") return;
  std::string id = created["room"]["id"];
  for (int s = 1; s < 4; ++s) {
    pool_.request(*client_, {{"type", "add_bot"}, {"room", id}, {"level", "random"}});
  }
  if (pool_.request(*client_, {{"type", "start"}, {"room", id}}).value("type", "") != "ok") return;
  room_id_ = id;
}

int TablePlayer::refusals(const std::string& code) const {
  auto found = refusals_.find(code);
  return found == refusals_.end() ? 0 : found->second;
}

void TablePlayer::handle(const Json& message) {
  const std::string type = message.value("type", "");
  const bool mine = message.contains("id") && message["id"].is_number() &&
                    message["id"].get<long long>() == pending_id_ && pending_id_ != 0;
  if (mine) {
    pending_id_ = 0;
    if (type == "accepted") {
      ++accepted_;
      accepted_seq_ = message.value("seq", -1LL);
    } else if (type == "error") {
      last_refusal_ = message.value("code", "");
      ++refusals_[last_refusal_];
      retry_at_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
    }
  }
  if (type == "update") {
    view_ = message["view"];
    last_seq_ = std::max(last_seq_, message.value("seq", -1LL));
  } else if (type == "match_over") {
    ++matches_over_;
    view_ = Json();
    last_seq_ = -1;  // the next match counts from 0
    accepted_seq_ = -1;
    start_at_ = std::chrono::steady_clock::now();
  } else if (type == "error" && message.value("code", "") == "store_unavailable" && !mine) {
    // A `start` refused during an outage: ask again shortly.
    ++refusals_["store_unavailable"];
    start_at_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
  }
}

void TablePlayer::pump(std::chrono::milliseconds duration) {
  pool_.pump(duration);
  while (!client_->inbox.empty()) {
    Json message = std::move(client_->inbox.front());
    client_->inbox.pop_front();
    handle(message);
  }
  if (start_at_ && std::chrono::steady_clock::now() >= *start_at_) {
    start_at_.reset();
    client_->send({{"type", "start"}, {"id", next_id_++}, {"room", room_id_}});
  }
}

bool TablePlayer::my_turn() const {
  if (!view_.is_object() || view_.value("over", false)) return false;
  const Json& waiting = view_["waiting"]["seats"];
  return std::find(waiting.begin(), waiting.end(), Json(0)) != waiting.end();
}

void TablePlayer::send_move(const Json& action) {
  pending_id_ = next_id_++;
  client_->send({{"type", "action"}, {"id", pending_id_}, {"room", room_id_}, {"action", action}});
}

int TablePlayer::play(int moves, std::chrono::milliseconds timeout) {
  const int target = accepted_ + moves;
  const int start = accepted_;
  auto deadline = std::chrono::steady_clock::now() + patience(timeout);
  while (accepted_ < target && std::chrono::steady_clock::now() < deadline && !client_->closed) {
    pump(std::chrono::milliseconds(1));
    // The pump may have brought the last acceptance: no move past `moves` (it would still
    // be in flight when this returns).
    if (accepted_ < target && pending_id_ == 0 && my_turn() &&
        std::chrono::steady_clock::now() >= retry_at_) {
      send_move(policy_->choose(view_, rng_));
    }
  }
  return accepted_ - start;
}

bool TablePlayer::wait_for_turn(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + patience(timeout);
  // The update of its own last move must have come too: until then the view it holds is
  // the one from before that move, which still shows its turn.
  auto waited_on = [&] { return my_turn() && pending_id_ == 0 && last_seq_ >= accepted_seq_; };
  while (!waited_on() && std::chrono::steady_clock::now() < deadline && !client_->closed) {
    pump(std::chrono::milliseconds(1));
  }
  return waited_on();
}

bool TablePlayer::refused_with(const std::string& code, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + patience(timeout);
  // Any refusal with the code counts, a move's or a `start`'s: a match that ended just
  // before the fault leaves no move to refuse, and its next start is refused instead.
  const int before = refusals(code);
  last_refusal_.clear();
  while (std::chrono::steady_clock::now() < deadline && !client_->closed) {
    if (pending_id_ == 0) {
      // The store's check comes before the engine's: any move tells.
      send_move(my_turn() ? policy_->choose(view_, rng_) : Json{{"type", "pass"}});
    }
    pump(std::chrono::milliseconds(100));
    if (refusals(code) > before) return true;
  }
  return false;
}

std::string TablePlayer::state() const {
  return "last refusal \"" + last_refusal_ + "\", " +
         (pending_id_ ? "a move unanswered (id " + std::to_string(pending_id_) + ")"
                      : std::string("no move unanswered")) +
         ", " + std::to_string(accepted_) + " accepted, " + std::to_string(matches_over_) +
         " matches over, " + (my_turn() ? "its turn" : "not its turn") +
         (client_->closed ? ", the connection closed" : "");
}

}  // namespace parlor::testing
