#include "server/accounts/account_feed.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include <nlohmann/json.hpp>

#include "protocol/protocol.hpp"
#include "server/players/players.hpp"
#include "server/store/store.hpp"

namespace parlor::server::accounts {

AccountFeed::AccountFeed(Club& club, boost::asio::io_context& ioc, std::chrono::milliseconds period)
    : club_(club), timer_(ioc), period_(period) {}

void AccountFeed::start() {
  if (!club_.store()) return;
  auto newest = club_.store()->audit_page(0, 1);
  if (newest && !newest->empty()) highest_ = newest->front().seq;
  arm();
}

void AccountFeed::stop() {
  stopped_ = true;
  timer_.cancel();
}

void AccountFeed::arm() {
  if (stopped_) return;
  timer_.expires_after(period_);
  timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    auto self = weak.lock();
    if (ec || !self || self->stopped_) return;
    boost::asio::post(self->club_.reads(), [self] { self->poll(); });
  });
}

void AccountFeed::poll() {
  auto rows = club_.store()->audit_after(std::max<std::int64_t>(0, highest_ - kWindow), kBatch);
  if (rows) {
    for (const store::AuditRow& row : *rows) {
      if (applied_.count(row.seq)) continue;
      applied_.insert(row.seq);
      highest_ = std::max(highest_, row.seq);
      try {
        apply(row);
      } catch (const std::exception& e) {
        spdlog::error("account feed: line {} ({}): {}", row.seq, row.action, e.what());
      }
    }
    while (!applied_.empty() && *applied_.begin() < highest_ - kWindow) {
      applied_.erase(applied_.begin());
    }
  }
  arm();
}

void AccountFeed::apply(const store::AuditRow& row) {
  const Json detail = Json::parse(row.detail, nullptr, false);
  auto text = [&](const char* key) {
    return detail.is_object() ? detail.value(key, std::string()) : std::string();
  };
  const std::string& player = row.target_id;
  auto eject_if_refused = [&] {
    if (auto refusal = club_.refusal(player)) {
      club_.online().eject_player(player, club_.refusal_message(nullptr, *refusal, player));
    }
  };
  if (row.action == "ban" || row.action == "suspend") {
    store::SanctionRow sanction{player, detail.value("until", kForever), text("reason"),
                                row.actor_id, row.at};
    club_.directory().set_sanction(sanction);
    eject_if_refused();
  } else if (row.action == "lift") {
    club_.directory().lift(player);
  } else if (row.action == "set_role" || row.action == "approve" || row.action == "signup") {
    auto account = club_.store()->account_of(player);
    if (account && *account) club_.directory().put(**account);
    eject_if_refused();
  } else if (row.action == "invite_used") {
    club_.directory().set_invited(player);
  } else if (row.action == "announce") {
    if (text("text") != club_.directory().announcement()) {
      club_.directory().set_announcement(text("text"));
      club_.online().push_all(
          protocol::reply_message(nullptr, "announcement", {{"text", text("text")}}));
    }
  } else if (row.action == "session_ended") {
    club_.players().forget_token_hash(text("token_hash"));
    club_.online().eject_token(text("token_hash"), session_ended_message());
  } else if (row.action == "sessions_ended") {
    club_.players().forget_tokens_except(player, text("keep_token_hash"));
    club_.online().eject_player_except(player, text("keep_token_hash"), session_ended_message());
  }
}

}  // namespace parlor::server::accounts
