// The club's server: who may come in and who runs it (issue 48; docs/operators.md). One
// object per process, made in server.cpp and shared by every connection: the access
// settings (--access, --guests), the accounts this node knows (account_directory.hpp), the
// connections that said hello (online_players.hpp), the password hasher's pool and the
// login back-off, and the audit log, which is also how every node of a cluster hears of
// another's changes (account_feed.hpp).
//
// The requests (server/requests/account_requests.cpp, operator_requests.cpp) use its parts;
// the hello asks `refusal`. Thread-safe: each part is.
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/accounts/access_policy.hpp"
#include "server/accounts/account_directory.hpp"
#include "server/accounts/login_throttle.hpp"
#include "server/accounts/online_players.hpp"
#include "server/accounts/password_hasher.hpp"

namespace parlor::server {
class Players;
namespace store {
class Store;
}
}  // namespace parlor::server

namespace parlor::server::accounts {

using Json = nlohmann::json;

struct ClubOptions {
  AccessSettings access;
  std::vector<std::string> admins;  // handles made admins once their accounts exist
  int hash_threads = 1;
  std::size_t hash_queue = 32;  // passwords waiting to be hashed, at most
  HashLimits hash_limits = HashLimits::kInteractive;
};

class Club {
 public:
  // `store`: null for a server without one (tests of the lobby alone): then nobody can sign
  // up or log in, and only `open` with guests works. `reads`: where store reads run.
  Club(ClubOptions options, Players& players, store::Store* store,
       boost::asio::any_io_executor reads);
  ~Club();

  // Loads the accounts, sanctions, invitations and the announcement, and makes the
  // --admin handles that have accounts admins. Errors: "store_read_failed".
  std::optional<Error> start();

  const AccessSettings& access() const { return options_.access; }
  AccountDirectory& directory() { return directory_; }
  OnlinePlayers& online() { return online_; }
  PasswordHasher& hasher() { return *hasher_; }
  LoginThrottle& throttle() { return throttle_; }
  Players& players() { return players_; }
  store::Store* store() const { return store_; }
  const boost::asio::any_io_executor& reads() const { return reads_; }

  // Nothing if the player may come in now, else the refusal (access_policy.hpp).
  std::optional<Error> refusal(const std::string& player_id) const;
  // `welcome`'s and a refusal's "access": {"mode", "guests", "signup"}.
  Json access_json(const std::string& player_id) const;
  // `welcome`'s "account": {"handle", "role", "approved"}, or null for a guest.
  Json account_json(const std::string& player_id) const;
  bool is_guest(const std::string& player_id) const;
  // The refusal as the error message a client gets (with "access", and "until"/"reason"
  // for a sanction).
  std::string refusal_message(const Json& request_id, const Error& refusal,
                              const std::string& player_id) const;

  // Writes a line of the audit log (queued; store.hpp's Ticket) and returns its ticket; 0
  // without a store. `detail`: the action's parameters.
  std::uint64_t record(const std::string& actor_id, const std::string& action,
                       const std::string& target_id, const std::string& target_name,
                       Json detail = Json::object());
  // A new account of this node (or another's, through the feed): made an admin if its
  // handle is one of --admin's, and approved on a members server. Returns whether it was.
  bool grant_configured_admin(const AccountInfo& account);
  // Whether `handle_key` is one of --admin's.
  bool configured_admin(const std::string& handle_key) const;

 private:
  ClubOptions options_;
  std::vector<std::string> admin_keys_;
  Players& players_;
  store::Store* store_;
  boost::asio::any_io_executor reads_;
  AccountDirectory directory_;
  OnlinePlayers online_;
  std::unique_ptr<PasswordHasher> hasher_;
  LoginThrottle throttle_;
};

// The error a connection gets, before it is closed, when its session ends while it is
// connected (signed out or ended from another device, or a changed password).
std::string session_ended_message();

// 16 random hex digits (an audit line's key, an invite's id).
std::string random_hex(std::size_t bytes);

}  // namespace parlor::server::accounts
