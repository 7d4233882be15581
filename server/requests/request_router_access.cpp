// The router's side of accounts and access (protocol/README.md, "Accounts and access"): who
// a hello lets in, the account and operator requests handed to their handlers, and the
// connection's entry in the club's list of who is online.
#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "server/accounts/club.hpp"
#include "server/accounts/handle.hpp"
#include "server/lobby.hpp"
#include "server/players/claim_codes.hpp"
#include "server/requests/account_requests.hpp"
#include "server/requests/operator_requests.hpp"
#include "server/requests/request_router.hpp"
#include "server/store/store.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server {

using protocol::Request;

namespace {

Error bad_invite() { return {"bad_invite", "that invite is unknown, used up, expired or revoked"}; }

}  // namespace

void RequestRouter::handle_account_request(const Request& request) {
  if (!club_) return send_error(request.id, "signup_closed", "this server keeps no accounts");
  AccountCaller caller{player_id_, token_hash_, ip_};
  answer_account_request(*club_, request, caller,
                         [this, keep = link_.connection()](std::string text, bool close) {
                           link_.post([this, text = std::move(text), close]() mutable {
                             if (link_.closed()) return;
                             link_.send_text(std::move(text));
                             if (close) link_.close_for_policy("logged out");
                           });
                         });
}

void RequestRouter::handle_operator_request(const Request& request) {
  if (!club_) return send_error(request.id, "forbidden", "this server has no operators");
  answer_operator_request(*club_, lobby_, request, player_id_,
                          [this, keep = link_.connection()](std::string text) {
                            link_.post([this, text = std::move(text)]() mutable {
                              if (!link_.closed()) link_.send_text(std::move(text));
                            });
                          });
}

std::optional<std::string> RequestRouter::hello_name(const Json& request_id,
                                                     const std::string& player_id,
                                                     const std::string& requested) {
  if (!club_) return requested;
  if (auto account = club_->directory().of(player_id)) return account->handle;
  if (requested.empty()) return requested;
  auto alike = club_->directory().by_skeleton(accounts::name_skeleton(requested));
  if (alike && alike->player_id != player_id) {
    send_error(request_id, "name_reserved",
               "\"" + requested + "\" looks like the member " + alike->handle +
                   ": choose another name, or log in");
    return std::nullopt;
  }
  return requested;
}

bool RequestRouter::refuse_new_guest(const Json& request_id) {
  if (!club_) return false;
  auto refusal = accounts::refuse(club_->access(), accounts::Visitor{}, store::now_millis());
  if (!refusal) return false;
  if (refusal->code == "invite_required" && !invite_.empty()) return false;  // redeemed first
  link_.send_text(club_->refusal_message(request_id, *refusal, ""));
  return true;
}

bool RequestRouter::admit(const Json& request_id, const PlayerIdentity& player) {
  if (!club_) return true;
  auto refusal = club_->refusal(player.id);
  if (!refusal) return true;
  if (refusal->code == "invite_required" && !invite_.empty() && club_->store()) {
    redeem_invite(request_id, player);
    return false;
  }
  spdlog::info("player {} from {} refused: {}", player.id, ip_, refusal->code);
  link_.send_text(club_->refusal_message(request_id, *refusal, player.id));
  return false;
}

void RequestRouter::redeem_invite(const Json& request_id, const PlayerIdentity& player) {
  std::string hash = ClaimCodes::hash_of(invite_);
  invite_.clear();
  if (hash.empty()) {
    link_.send_text(club_->refusal_message(request_id, bad_invite(), player.id));
    return;
  }
  hello_pending_ = true;
  store::Store& store = *club_->store();
  store::Ticket ticket = store.invite_redeemed(hash, player.id, store::now_millis());
  auto back_here = [this, keep = link_.connection(), request_id, player](Expected<bool> invited) {
    link_.post([this, request_id, player, invited = std::move(invited)] {
      hello_pending_ = false;
      if (link_.closed()) return;
      if (!invited) return send_error(request_id, invited.error().code, invited.error().message);
      if (!*invited) {
        return link_.send_text(club_->refusal_message(request_id, bad_invite(), player.id));
      }
      club_->directory().set_invited(player.id);
      club_->record(player.id, "invite_used", player.id, player.name);
      welcome(request_id, player);
    });
  };
  store.after_commit(ticket, [&store, reads = club_->reads(), id = player.id,
                              back_here = std::move(back_here)]() mutable {
    boost::asio::post(reads, [&store, id, back_here = std::move(back_here)] {
      back_here(store.player_invited(id));
    });
  });
}

Json RequestRouter::identity_json(const PlayerIdentity& player) const {
  return {{"id", player.id},
          {"name", player.name},
          {"guest", club_ ? club_->is_guest(player.id) : true}};
}

void RequestRouter::go_online() {
  if (!club_ || online_id_) return;
  std::weak_ptr<Connection> weak = link_.connection();
  ClientLink* link = &link_;
  accounts::OnlineEntry entry;
  entry.player_id = player_id_;
  entry.name = name_;
  entry.token_hash = token_hash_;
  entry.guest = club_->is_guest(player_id_);
  entry.push = [weak, link](std::string text) {
    if (auto alive = weak.lock()) {
      link->post([link, text = std::move(text)]() mutable {
        if (!link->closed()) link->send_text(std::move(text));
      });
    }
  };
  entry.eject = [weak, link](std::string text) {
    if (auto alive = weak.lock()) {
      link->post([link, text = std::move(text)]() mutable {
        if (link->closed()) return;
        link->send_text(std::move(text));
        link->close_for_policy("refused");
      });
    }
  };
  online_id_ = club_->online().add(std::move(entry));
}

void RequestRouter::go_offline() {
  if (!club_ || !online_id_) return;
  club_->online().remove(online_id_);
  online_id_ = 0;
}

}  // namespace parlor::server
