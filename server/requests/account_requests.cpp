#include "server/requests/account_requests.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include <memory>
#include <utility>

#include "server/accounts/handle.hpp"
#include "server/players/claim_codes.hpp"
#include "server/players/players.hpp"
#include "server/store/store.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server {

using accounts::Club;
using accounts::session_ended_message;
using protocol::Request;
using protocol::RequestType;

namespace {

// A session's public name: the start of its token's hash (never the token).
constexpr std::size_t kSessionNameLength = 12;
constexpr std::size_t kDeviceMaxBytes = 64;

std::string error_text(const Json& id, const Error& error) {
  return protocol::error_message(id, error.code, error.message);
}

Error store_unavailable() {
  return {"store_unavailable", "the server's database cannot take writes just now; try again"};
}

Error wrong_credentials() { return {"wrong_credentials", "wrong handle or password"}; }

Json player_json(const std::string& id, const std::string& name, bool guest) {
  return {{"id", id}, {"name", name}, {"guest", guest}};
}

// `step` on the store's reads executor once `ticket` is committed (the writer's callback
// must not block: reads go elsewhere).
void after_commit_read(Club& club, store::Ticket ticket, std::function<void()> step) {
  club.store()->after_commit(ticket, [reads = club.reads(), step = std::move(step)]() mutable {
    boost::asio::post(reads, std::move(step));
  });
}

// ---- signup ----

struct Signup {
  Json request_id;
  accounts::Handle handle;
  std::string invite_hash;  // empty: no invite needed
  std::string player_id;    // empty: a new player is made
  std::string token;        // the new session's token
  std::string password_hash;
  std::string address;
};

void reply_signed_up(Club& club, const std::shared_ptr<Signup>& signup, const AccountReply& reply) {
  reply(protocol::reply_message(
            signup->request_id, "signed_up",
            {{"player", player_json(signup->player_id, signup->handle.display, false)},
             {"account", club.account_json(signup->player_id)},
             {"token", signup->token}}),
        false);
}

// The account is committed: whether it is ours (a second sign-up for the handle, on any
// node, may have won), then the account is known here and its session answers.
void confirm_account(Club& club, std::shared_ptr<Signup> signup, AccountReply reply) {
  auto found = club.store()->account_by_key(signup->handle.key);
  if (!found) return reply(error_text(signup->request_id, found.error()), false);
  if (!*found || (*found)->player_id != signup->player_id) {
    club.players().forget_token_hash(Players::hash_token(signup->token));
    return reply(
        error_text(signup->request_id, {"handle_taken", "that handle is taken: choose another"}),
        false);
  }
  club.directory().put(**found);
  club.players().rename(signup->player_id, signup->handle.display);
  if (auto info = club.directory().of(signup->player_id)) club.grant_configured_admin(*info);
  club.record(signup->player_id, "signup", signup->player_id, signup->handle.display,
              {{"address", signup->address}});
  spdlog::info("player {} signed up as {}", signup->player_id, signup->handle.display);
  reply_signed_up(club, signup, reply);
}

void create_account(Club& club, std::shared_ptr<Signup> signup, AccountReply reply) {
  if (signup->token.empty()) {  // an existing player: a new session for this device
    PlayerIdentity session = club.players().add_session(signup->player_id, signup->handle.display);
    signup->token = session.token;
    club.store()->session_added(signup->player_id, Players::hash_token(session.token), "",
                                store::now_millis());
  }
  store::AccountRow row;
  row.player_id = signup->player_id;
  row.handle = signup->handle.display;
  row.handle_key = signup->handle.key;
  row.skeleton = signup->handle.skeleton;
  row.password_hash = signup->password_hash;
  row.created_at = row.password_changed_at = store::now_millis();
  store::Ticket ticket = club.store()->account_created(row);
  after_commit_read(club, ticket, [&club, signup, reply = std::move(reply)] {
    confirm_account(club, signup, reply);
  });
}

// The invite is spent (or not): an account is made only for an invited player.
void redeem_then_create(Club& club, std::shared_ptr<Signup> signup, AccountReply reply) {
  store::Ticket ticket =
      club.store()->invite_redeemed(signup->invite_hash, signup->player_id, store::now_millis());
  after_commit_read(club, ticket, [&club, signup, reply = std::move(reply)]() mutable {
    auto invited = club.store()->player_invited(signup->player_id);
    if (!invited) return reply(error_text(signup->request_id, invited.error()), false);
    if (!*invited) {
      return reply(
          error_text(signup->request_id,
                     {"bad_invite", "that invite is unknown, used up, expired or revoked"}),
          false);
    }
    club.directory().set_invited(signup->player_id);
    club.record(signup->player_id, "invite_used", signup->player_id, signup->handle.display);
    create_account(club, signup, std::move(reply));
  });
}

void signup(Club& club, const Request& request, const AccountCaller& caller, AccountReply reply) {
  const Json& id = request.id;
  if (!club.store()) {
    return reply(error_text(id, {"signup_closed", "this server keeps no accounts"}), false);
  }
  auto handle = accounts::normalise_handle(request.string_field("handle"));
  if (!handle) return reply(error_text(id, handle.error()), false);
  std::string password = request.string_field("password");
  if (auto bad = accounts::check_new_password(password)) return reply(error_text(id, *bad), false);
  auto signup = std::make_shared<Signup>();
  signup->request_id = id;
  signup->handle = *handle;
  signup->address = caller.address;
  signup->player_id = caller.player_id;
  if (signup->player_id.empty() && request.has("token")) {
    auto owner = club.players().id_of_token(request.string_field("token"));
    if (!owner) return reply(error_text(id, {"bad_token", "unknown token"}), false);
    signup->player_id = *owner;
  }
  if (!signup->player_id.empty() && club.directory().of(signup->player_id)) {
    return reply(error_text(id, {"already_member", "this player has an account: log in"}), false);
  }
  if (club.directory().by_key(handle->key)) {
    return reply(error_text(id, {"handle_taken", "that handle is taken: choose another"}), false);
  }
  if (auto alike = club.directory().by_skeleton(handle->skeleton)) {
    return reply(error_text(id, {"handle_confusable", "that handle looks too much like \"" +
                                                          alike->handle + "\": choose another"}),
                 false);
  }
  const bool invited =
      !signup->player_id.empty() && club.directory().visitor(signup->player_id).invited;
  // An --admin handle needs no invite: it is how the first admin of an invite-only server
  // gets in (docs/operators.md, "The first admin").
  if (club.access().mode == accounts::AccessMode::kInvite && !invited &&
      !club.configured_admin(handle->key)) {
    if (!request.has("invite")) {
      return reply(error_text(id, {"invite_required", "this server needs an invite to join"}),
                   false);
    }
    signup->invite_hash = ClaimCodes::hash_of(request.string_field("invite"));
    if (signup->invite_hash.empty()) {
      return reply(
          error_text(id, {"bad_invite", "that invite is unknown, used up, expired or revoked"}),
          false);
    }
  }
  if (!club.store()->writable()) return reply(error_text(id, store_unavailable()), false);
  club.hasher().hash(std::move(password), [&club, signup, reply = std::move(reply)](
                                              Expected<std::string> hashed) mutable {
    if (!hashed) return reply(error_text(signup->request_id, hashed.error()), false);
    signup->password_hash = std::move(*hashed);
    if (signup->player_id.empty()) {  // a new player, whose first token is this session
      PlayerIdentity made = club.players().create(signup->handle.display);
      signup->player_id = made.id;
      signup->token = made.token;
    }
    if (signup->invite_hash.empty()) return create_account(club, signup, std::move(reply));
    redeem_then_create(club, signup, std::move(reply));
  });
}

// ---- login ----

void login(Club& club, const Request& request, const AccountCaller& caller, AccountReply reply) {
  const Json id = request.id;
  if (!club.store()) return reply(error_text(id, wrong_credentials()), false);
  auto handle = accounts::normalise_handle(request.string_field("handle"));
  // A handle that cannot exist is still checked against the dummy hash: same time, same answer.
  std::string key = handle ? handle->key : request.string_field("handle");
  if (auto wait = club.throttle().wait_before(key, caller.address)) {
    return reply(protocol::error_message(
                     id, "login_throttled",
                     "too many failed logins: try again in " + std::to_string(wait->count()) + " s",
                     {{"retry_after_seconds", wait->count()}}),
                 false);
  }
  std::string device = request.string_field("device").substr(0, kDeviceMaxBytes);
  boost::asio::post(club.reads(), [&club, id, key, known = handle.ok(), device,
                                   password = request.string_field("password"),
                                   address = caller.address, reply = std::move(reply)]() mutable {
    std::optional<store::AccountRow> account;
    if (known) {
      auto found = club.store()->account_by_key(key);
      if (!found) return reply(error_text(id, found.error()), false);
      account = *found;
    }
    std::string stored = account ? account->password_hash : "";
    club.hasher().verify(
        std::move(stored), std::move(password),
        [&club, id, key, account, device, address,
         reply = std::move(reply)](Expected<bool> matched) mutable {
          if (!matched) return reply(error_text(id, matched.error()), false);
          if (!*matched || !account) {
            club.throttle().failed(key, address);
            spdlog::info("a failed login from {}", address);
            return reply(error_text(id, wrong_credentials()), false);
          }
          club.throttle().succeeded(key);
          club.directory().put(*account);  // made on another node: known here from now
          PlayerIdentity session = club.players().add_session(account->player_id, account->handle);
          store::Ticket ticket = club.store()->session_added(
              account->player_id, Players::hash_token(session.token), device, store::now_millis());
          club.store()->after_commit(
              ticket, [&club, id, account, session, reply = std::move(reply)] {
                spdlog::info("player {} ({}) logged in", account->player_id, account->handle);
                reply(protocol::reply_message(
                          id, "logged_in",
                          {{"player", player_json(account->player_id, account->handle, false)},
                           {"account", club.account_json(account->player_id)},
                           {"token", session.token}}),
                      false);
              });
        });
  });
}

// ---- after hello: logout, change_password, sessions, end_session ----

// Ends one session everywhere: the store, this node's tokens, and (through the audit log
// that every node follows) the connections holding it. `eject_here`: false for a logout,
// whose own connection hears its reply first and is then closed.
store::Ticket end_session_everywhere(Club& club, const std::string& player_id,
                                     const std::string& token_hash, bool eject_here = true) {
  club.store()->session_ended(token_hash);
  club.players().forget_token_hash(token_hash);
  if (eject_here) club.online().eject_token(token_hash, session_ended_message());
  return club.record(
      player_id, "session_ended", player_id, club.players().name_of(player_id).value_or(""),
      {{"session", token_hash.substr(0, kSessionNameLength)}, {"token_hash", token_hash}});
}

void logout(Club& club, const Request& request, const AccountCaller& caller, AccountReply reply) {
  if (!club.store()) return reply(protocol::reply_message(request.id, "logged_out"), true);
  store::Ticket ticket =
      end_session_everywhere(club, caller.player_id, caller.token_hash, /*eject_here=*/false);
  club.store()->after_commit(ticket, [id = request.id, reply = std::move(reply)] {
    reply(protocol::reply_message(id, "logged_out"), true);
  });
}

void change_password(Club& club, const Request& request, const AccountCaller& caller,
                     AccountReply reply) {
  const Json id = request.id;
  auto account = club.directory().of(caller.player_id);
  if (!account || !club.store()) {
    return reply(error_text(id, {"account_required", "guests have no password: sign up"}), false);
  }
  std::string new_password = request.string_field("new_password");
  if (auto bad = accounts::check_new_password(new_password))
    return reply(error_text(id, *bad), false);
  if (auto wait = club.throttle().wait_before(account->handle_key, caller.address)) {
    return reply(error_text(id, {"login_throttled", "too many failed tries: wait a while"}), false);
  }
  boost::asio::post(club.reads(), [&club, id, caller, key = account->handle_key,
                                   password = request.string_field("password"),
                                   new_password = std::move(new_password),
                                   reply = std::move(reply)]() mutable {
    auto row = club.store()->account_of(caller.player_id);
    if (!row || !*row) return reply(error_text(id, store_unavailable()), false);
    club.hasher().verify(
        (*row)->password_hash, std::move(password),
        [&club, id, caller, key, new_password = std::move(new_password),
         reply = std::move(reply)](Expected<bool> matched) mutable {
          if (!matched) return reply(error_text(id, matched.error()), false);
          if (!*matched) {
            club.throttle().failed(key, caller.address);
            return reply(error_text(id, wrong_credentials()), false);
          }
          club.hasher().hash(std::move(new_password), [&club, id, caller, reply = std::move(reply)](
                                                          Expected<std::string> hashed) {
            if (!hashed) return reply(error_text(id, hashed.error()), false);
            club.store()->password_changed(caller.player_id, *hashed, store::now_millis());
            club.store()->sessions_ended_except(caller.player_id, caller.token_hash);
            club.players().forget_tokens_except(caller.player_id, caller.token_hash);
            club.online().eject_player_except(caller.player_id, caller.token_hash,
                                              session_ended_message());
            store::Ticket ticket =
                club.record(caller.player_id, "sessions_ended", caller.player_id,
                            club.players().name_of(caller.player_id).value_or(""),
                            {{"keep_token_hash", caller.token_hash}, {"why", "password changed"}});
            club.store()->after_commit(ticket, [id, reply] {
              reply(protocol::reply_message(id, "password_changed"), false);
            });
          });
        });
  });
}

void list_sessions(Club& club, const Request& request, const AccountCaller& caller,
                   AccountReply reply) {
  if (!club.store())
    return reply(protocol::reply_message(request.id, "sessions", {{"sessions", Json::array()}}),
                 false);
  boost::asio::post(club.reads(), [&club, id = request.id, caller, reply = std::move(reply)] {
    auto sessions = club.store()->sessions_of(caller.player_id);
    if (!sessions) return reply(error_text(id, sessions.error()), false);
    Json list = Json::array();
    for (const store::SessionRow& session : *sessions) {
      list.push_back({{"session", session.token_hash.substr(0, kSessionNameLength)},
                      {"device", session.label},
                      {"created_at", store::iso8601_utc(session.created_at)},
                      {"current", session.token_hash == caller.token_hash}});
    }
    reply(protocol::reply_message(id, "sessions", {{"sessions", list}}), false);
  });
}

void end_session(Club& club, const Request& request, const AccountCaller& caller,
                 AccountReply reply) {
  if (!club.store())
    return reply(error_text(request.id, {"no_such_session", "no such session"}), false);
  boost::asio::post(club.reads(), [&club, id = request.id, caller,
                                   name = request.string_field("session"),
                                   reply = std::move(reply)] {
    auto sessions = club.store()->sessions_of(caller.player_id);
    if (!sessions) return reply(error_text(id, sessions.error()), false);
    for (const store::SessionRow& session : *sessions) {
      if (name.size() == kSessionNameLength && session.token_hash.rfind(name, 0) == 0) {
        store::Ticket ticket = end_session_everywhere(club, caller.player_id, session.token_hash);
        club.store()->after_commit(ticket, [id, name, reply] {
          reply(protocol::reply_message(id, "session_ended", {{"session", name}}), false);
        });
        return;
      }
    }
    reply(error_text(id, {"no_such_session", "no session of yours has that name"}), false);
  });
}

}  // namespace

bool is_account_request(RequestType type) {
  switch (type) {
    case RequestType::kSignup:
    case RequestType::kLogin:
    case RequestType::kLogout:
    case RequestType::kChangePassword:
    case RequestType::kSessions:
    case RequestType::kEndSession:
      return true;
    default:
      return false;
  }
}

bool allowed_before_hello(RequestType type) {
  return type == RequestType::kHello || type == RequestType::kPing || type == RequestType::kClaim ||
         type == RequestType::kSignup || type == RequestType::kLogin;
}

void answer_account_request(Club& club, const Request& request, const AccountCaller& caller,
                            AccountReply reply) {
  switch (request.type) {
    case RequestType::kSignup:
      return signup(club, request, caller, std::move(reply));
    case RequestType::kLogin:
      return login(club, request, caller, std::move(reply));
    default:
      break;
  }
  if (caller.player_id.empty()) {
    return reply(error_text(request.id, {"hello_required", "say hello first"}), false);
  }
  switch (request.type) {
    case RequestType::kLogout:
      return logout(club, request, caller, std::move(reply));
    case RequestType::kChangePassword:
      return change_password(club, request, caller, std::move(reply));
    case RequestType::kSessions:
      return list_sessions(club, request, caller, std::move(reply));
    case RequestType::kEndSession:
      return end_session(club, request, caller, std::move(reply));
    default:
      return reply(error_text(request.id, {"internal_error", "not an account request"}), false);
  }
}

}  // namespace parlor::server
