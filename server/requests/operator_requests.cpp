#include "server/requests/operator_requests.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "server/accounts/handle.hpp"
#include "server/lobby.hpp"
#include "server/players/claim_codes.hpp"
#include "server/room/room.hpp"
#include "server/store/store.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server {

using accounts::AccessMode;
using accounts::Club;
using accounts::Role;
using protocol::Request;
using protocol::RequestType;
using Reply = std::function<void(std::string)>;

namespace {

constexpr int kMaxSuspendHours = 8760;
constexpr int kMaxInviteUses = 1000;
constexpr int kAuditPage = 50;
constexpr std::size_t kAccountsListed = 200;
constexpr std::size_t kAnnouncementMaxBytes = 1200;  // 300 characters of up to 4 bytes

std::string error_text(const Json& id, const std::string& code, const std::string& message) {
  return protocol::error_message(id, code, message);
}

std::string ok(const Json& id, const char* request) {
  return protocol::reply_message(id, "ok", {{"request", request}});
}

// The role the request needs (README's table).
Role needed_role(RequestType type) {
  switch (type) {
    case RequestType::kOpApprove:
    case RequestType::kOpSetRole:
    case RequestType::kOpInvites:
    case RequestType::kOpMakeInvite:
    case RequestType::kOpRevokeInvite:
      return Role::kAdmin;
    default:
      return Role::kModerator;
  }
}

bool at_least(Role role, Role needed) { return static_cast<int>(role) >= static_cast<int>(needed); }

std::string iso_or_null(store::Millis at) { return at ? store::iso8601_utc(at) : ""; }

Json sanction_json(const std::optional<store::SanctionRow>& sanction) {
  if (!sanction) return nullptr;
  Json out = {{"reason", sanction->reason}, {"ban", sanction->until == accounts::kForever}};
  if (sanction->until != accounts::kForever) out["until"] = store::iso8601_utc(sanction->until);
  return out;
}

class OperatorRequest {
 public:
  OperatorRequest(Club& club, Lobby& lobby, const Request& request, std::string actor, Reply reply)
      : club_(club),
        lobby_(lobby),
        request_(request),
        actor_(std::move(actor)),
        reply_(std::move(reply)) {}

  void answer(Role role) {
    role_ = role;
    switch (request_.type) {
      case RequestType::kOpOverview:
        return overview();
      case RequestType::kOpAccounts:
        return accounts();
      case RequestType::kOpCloseRoom:
        return close_room();
      case RequestType::kOpSanction:
        return sanction();
      case RequestType::kOpLift:
        return lift();
      case RequestType::kOpAnnounce:
        return announce();
      case RequestType::kOpAudit:
        return audit();
      case RequestType::kOpApprove:
        return approve();
      case RequestType::kOpSetRole:
        return set_role();
      case RequestType::kOpInvites:
        return invites();
      case RequestType::kOpMakeInvite:
        return make_invite();
      case RequestType::kOpRevokeInvite:
        return revoke_invite();
      default:
        return fail("internal_error", "not an operator request");
    }
  }

 private:
  const Json& id() const { return request_.id; }
  void fail(const std::string& code, const std::string& message) {
    reply_(error_text(id(), code, message));
  }
  // Answers `text` once the audit line `ticket` is committed.
  void reply_after(store::Ticket ticket, std::string text) {
    if (!ticket || !club_.store()) return reply_(std::move(text));
    club_.store()->after_commit(ticket, [reply = reply_, text = std::move(text)] { reply(text); });
  }
  bool store_ready() {
    if (!club_.store()) {
      fail("store_unavailable", "this server keeps no database");
      return false;
    }
    if (!club_.store()->writable()) {
      fail("store_unavailable", "the server's database cannot take writes just now");
      return false;
    }
    return true;
  }
  // A player this server knows (an account or a guest it has seen), by id.
  std::optional<std::string> target_name(const std::string& player_id) {
    if (auto account = club_.directory().of(player_id)) return account->handle;
    return club_.players().name_of(player_id);
  }

  void overview() {
    Json online = Json::array();
    for (const auto& player : club_.online().players()) {
      auto account = club_.directory().of(player.player_id);
      online.push_back(
          {{"id", player.player_id},
           {"name", account ? account->handle : player.name},
           {"guest", !account},
           {"role", account ? Json(accounts::role_name(account->role)) : Json(nullptr)},
           {"connections", player.connections},
           {"rooms", lobby_.rooms_of(player.player_id).size()}});
    }
    Json health = {{"writable", true}};
    Json figures = {{"connections", lobby_.metrics().connections_open.load()},
                    {"rooms", lobby_.room_count()},
                    {"matches_started", lobby_.metrics().matches_started.load()},
                    {"matches_finished", lobby_.metrics().matches_finished.load()},
                    {"actions_accepted", lobby_.metrics().actions_accepted.load()}};
    if (store::Store* store = club_.store()) {
      auto state = store->health();
      health = {{"writable", state.writable}, {"reason", state.reason}};
      figures["store_queue"] = store->stats().queue_depth;
      figures["store_write_errors"] = store->stats().write_errors;
    }
    reply_(protocol::reply_message(id(), "overview",
                                   {{"online", online},
                                    {"rooms", lobby_.all_room_summaries()},
                                    {"health", health},
                                    {"figures", figures},
                                    {"access", club_.access_json(actor_)},
                                    {"announcement", club_.directory().announcement()}}));
  }

  void accounts() {
    std::string filter = request_.string_field("filter");
    if (!filter.empty()) {
      auto key = accounts::normalise_handle(filter);
      filter = key ? key->key : filter;
    }
    Json list = Json::array();
    for (const auto& account :
         club_.directory().list(filter, request_.bool_field("pending", false), kAccountsListed)) {
      list.push_back(
          {{"player", account.player_id},
           {"handle", account.handle},
           {"role", accounts::role_name(account.role)},
           {"approved", account.approved},
           {"created_at", iso_or_null(account.created_at)},
           {"sanction", sanction_json(club_.directory().sanction_of(account.player_id))}});
    }
    reply_(protocol::reply_message(id(), "accounts", {{"accounts", list}}));
  }

  void close_room() {
    auto room = lobby_.find_room(request_.string_field("room"));
    if (!room) return fail("no_such_room", "no room here has that id");
    std::string reason = request_.string_field("reason", "closed by an operator");
    room->close_by_operator(reason);
    reply_after(club_.record(actor_, "close_room", room->id(), room->settings().game->name(),
                             {{"reason", reason}}),
                ok(id(), "op_close_room"));
  }

  void sanction() {
    const std::string player = request_.string_field("player");
    const std::string kind = request_.string_field("kind");
    auto name = target_name(player);
    if (!name) return fail("no_such_player", "no player has that id");
    if (player == actor_) return fail("forbidden", "you cannot sanction yourself");
    auto target = club_.directory().of(player);
    if (target && accounts::is_operator(target->role) && role_ != Role::kAdmin) {
      return fail("forbidden", "only an admin may sanction a moderator or an admin");
    }
    if (kind != "ban" && kind != "suspend")
      return fail("bad_field", "kind: \"ban\" or \"suspend\"");
    store::SanctionRow row;
    row.player_id = player;
    row.reason = request_.string_field("reason");
    row.by = actor_;
    row.at = store::now_millis();
    row.until = accounts::kForever;
    if (kind == "suspend") {
      auto hours = request_.int_field("hours", 24);
      if (hours < 1 || hours > kMaxSuspendHours) return fail("bad_field", "hours: 1 to 8760");
      row.until = row.at + hours * 3600 * store::Millis{1000};
    }
    if (!store_ready()) return;
    club_.store()->sanction_set(row);
    club_.directory().set_sanction(row);
    Json detail = {{"reason", row.reason}, {"until", row.until}};
    store::Ticket ticket = club_.record(actor_, kind, player, *name, detail);
    if (auto refusal = club_.refusal(player)) {
      club_.online().eject_player(player, club_.refusal_message(nullptr, *refusal, player));
    }
    reply_after(ticket, ok(id(), "op_sanction"));
  }

  void lift() {
    const std::string player = request_.string_field("player");
    auto name = target_name(player);
    if (!name) return fail("no_such_player", "no player has that id");
    if (!store_ready()) return;
    club_.store()->sanction_lifted(player);
    club_.directory().lift(player);
    reply_after(club_.record(actor_, "lift", player, *name), ok(id(), "op_lift"));
  }

  void announce() {
    std::string text = request_.string_field("text");
    if (text.size() > kAnnouncementMaxBytes)
      return fail("bad_field", "text: at most 300 characters");
    if (!store_ready()) return;
    club_.store()->setting_saved("announcement", text, store::now_millis());
    club_.directory().set_announcement(text);
    club_.online().push_all(protocol::reply_message(nullptr, "announcement", {{"text", text}}));
    reply_after(club_.record(actor_, "announce", "", "", {{"text", text}}),
                ok(id(), "op_announce"));
  }

  void audit() {
    if (!club_.store())
      return reply_(protocol::reply_message(id(), "audit", {{"entries", Json::array()}}));
    boost::asio::post(club_.reads(), [store = club_.store(), id = id(),
                                      before = request_.int_field("before", 0), reply = reply_] {
      auto page = store->audit_page(before, kAuditPage);
      if (!page) return reply(error_text(id, page.error().code, page.error().message));
      Json entries = Json::array();
      for (const store::AuditRow& row : *page) {
        Json detail = Json::parse(row.detail, nullptr, false);
        if (detail.is_object()) detail.erase("token_hash");  // a session's key stays inside
        entries.push_back({{"seq", row.seq},
                           {"at", store::iso8601_utc(row.at)},
                           {"actor", {{"id", row.actor_id}, {"name", row.actor_name}}},
                           {"action", row.action},
                           {"target", {{"id", row.target_id}, {"name", row.target_name}}},
                           {"detail", detail.is_discarded() ? Json(nullptr) : detail}});
      }
      reply(protocol::reply_message(id, "audit", {{"entries", entries}}));
    });
  }

  void approve() {
    const std::string player = request_.string_field("player");
    const bool approved = request_.bool_field("approved", true);
    auto account = club_.directory().of(player);
    if (!account) return fail("no_such_player", "no account has that id");
    if (!store_ready()) return;
    club_.store()->account_approved(player, approved);
    club_.directory().set_approved(player, approved);
    store::Ticket ticket =
        club_.record(actor_, "approve", player, account->handle, {{"approved", approved}});
    if (auto refusal = club_.refusal(player)) {
      club_.online().eject_player(player, club_.refusal_message(nullptr, *refusal, player));
    }
    reply_after(ticket, ok(id(), "op_approve"));
  }

  void set_role() {
    const std::string player = request_.string_field("player");
    auto role = accounts::parse_role(request_.string_field("role"));
    if (!role) return fail("bad_field", "role: member, moderator or admin");
    auto account = club_.directory().of(player);
    if (!account) return fail("no_such_player", "no account has that id");
    if (player == actor_ && *role != Role::kAdmin) {
      return fail("forbidden", "an admin cannot lower their own role (the server keeps an admin)");
    }
    if (!store_ready()) return;
    club_.store()->account_role_set(player, std::string(accounts::role_name(*role)));
    club_.directory().set_role(player, *role);
    reply_after(club_.record(actor_, "set_role", player, account->handle,
                             {{"role", accounts::role_name(*role)}}),
                ok(id(), "op_set_role"));
  }

  static Json invite_json(const store::InviteRow& invite) {
    return {{"invite", invite.id},
            {"note", invite.note},
            {"created_at", iso_or_null(invite.created_at)},
            {"expires_at", iso_or_null(invite.expires_at)},
            {"max_uses", invite.max_uses},
            {"uses", invite.uses},
            {"revoked", invite.revoked_at != 0}};
  }

  void invites() {
    if (!club_.store())
      return reply_(protocol::reply_message(id(), "invites", {{"invites", Json::array()}}));
    boost::asio::post(club_.reads(), [store = club_.store(), id = id(), reply = reply_] {
      auto list = store->invites();
      if (!list) return reply(error_text(id, list.error().code, list.error().message));
      Json out = Json::array();
      for (const auto& invite : *list) out.push_back(invite_json(invite));
      reply(protocol::reply_message(id, "invites", {{"invites", out}}));
    });
  }

  void make_invite() {
    auto uses = request_.int_field("max_uses", 1);
    auto hours = request_.int_field("hours", 168);
    if (uses < 1 || uses > kMaxInviteUses) return fail("bad_field", "max_uses: 1 to 1000");
    if (hours < 1 || hours > kMaxSuspendHours) return fail("bad_field", "hours: 1 to 8760");
    if (!store_ready()) return;
    ClaimCodes::NewCode code = ClaimCodes::make_code();
    store::InviteRow invite;
    invite.id = accounts::random_hex(4);
    invite.code_hash = code.hash;
    invite.created_by = actor_;
    invite.note = request_.string_field("note");
    invite.created_at = store::now_millis();
    invite.expires_at = invite.created_at + hours * 3600 * store::Millis{1000};
    invite.max_uses = static_cast<int>(uses);
    club_.store()->invite_made(invite);
    Json shown = invite_json(invite);
    shown["code"] = code.shown;  // once: only its hash is kept
    reply_after(club_.record(actor_, "make_invite", invite.id, invite.note,
                             {{"max_uses", uses}, {"hours", hours}}),
                protocol::reply_message(id(), "invite", {{"invite", shown}}));
  }

  // The invite is looked up first (off the connection's strand, as every read here): an
  // unknown id is `no_such_invite`, not an `ok` that revoked nothing. Revoking an invite
  // already revoked is `ok` (idempotent).
  void revoke_invite() {
    if (!store_ready()) return;
    boost::asio::post(club_.reads(), [club = &club_, invite = request_.string_field("invite"),
                                      actor = actor_, id = id(), reply = reply_] {
      auto list = club->store()->invites();
      if (!list) return reply(error_text(id, list.error().code, list.error().message));
      const bool known = std::any_of(list->begin(), list->end(),
                                     [&](const store::InviteRow& row) { return row.id == invite; });
      if (!known) return reply(error_text(id, "no_such_invite", "no invite " + invite));
      club->store()->invite_revoked(invite, store::now_millis());
      const store::Ticket ticket = club->record(actor, "revoke_invite", invite, "");
      std::string text = ok(id, "op_revoke_invite");
      if (!ticket) return reply(std::move(text));
      club->store()->after_commit(ticket, [reply, text = std::move(text)] { reply(text); });
    });
  }

  Club& club_;
  Lobby& lobby_;
  const Request& request_;
  std::string actor_;
  Reply reply_;
  Role role_ = Role::kMember;
};

}  // namespace

bool is_operator_request(RequestType type) {
  return type >= RequestType::kOpOverview && type <= RequestType::kOpRevokeInvite;
}

void answer_operator_request(Club& club, Lobby& lobby, const Request& request,
                             const std::string& player_id, Reply reply) {
  auto account = club.directory().of(player_id);
  if (!account || !at_least(account->role, needed_role(request.type))) {
    return reply(error_text(request.id, "forbidden",
                            needed_role(request.type) == Role::kAdmin
                                ? "only an admin may do that"
                                : "only a moderator or an admin may do that"));
  }
  OperatorRequest(club, lobby, request, player_id, std::move(reply)).answer(account->role);
}

}  // namespace parlor::server
