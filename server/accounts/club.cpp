#include "server/accounts/club.hpp"

#include <openssl/rand.h>
#include <spdlog/spdlog.h>

#include <stdexcept>

#include "engine/core/json_writer.hpp"
#include "protocol/protocol.hpp"
#include "server/accounts/handle.hpp"
#include "server/players/players.hpp"
#include "server/store/store.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server::accounts {

std::string random_hex(std::size_t bytes) {
  std::vector<unsigned char> random(bytes);
  if (RAND_bytes(random.data(), static_cast<int>(random.size())) != 1) {
    throw std::runtime_error("RAND_bytes failed");
  }
  static const char* digits = "0123456789abcdef";
  std::string hex;
  for (unsigned char byte : random) {
    hex += digits[byte >> 4];
    hex += digits[byte & 15];
  }
  return hex;
}

std::string session_ended_message() {
  return protocol::error_message(nullptr, "session_ended",
                                 "this session was ended (signed out, or from another device)");
}

Club::Club(ClubOptions options, Players& players, store::Store* store,
           boost::asio::any_io_executor reads)
    : options_(std::move(options)),
      players_(players),
      store_(store),
      reads_(std::move(reads)),
      hasher_(std::make_unique<PasswordHasher>(options_.hash_threads, options_.hash_queue,
                                               options_.hash_limits)) {
  for (const std::string& admin : options_.admins) {
    auto handle = normalise_handle(admin);
    if (handle)
      admin_keys_.push_back(handle->key);
    else
      spdlog::warn("--admin {}: not a handle ({})", admin, handle.error().message);
  }
}

Club::~Club() = default;

std::optional<Error> Club::start() {
  if (!store_) return std::nullopt;
  auto accounts = store_->load_accounts();
  if (!accounts) return accounts.error();
  auto sanctions = store_->load_sanctions();
  if (!sanctions) return sanctions.error();
  auto invited = store_->invited_players();
  if (!invited) return invited.error();
  directory_.load(*accounts, *sanctions, *invited);
  auto announcement = store_->setting("announcement");
  if (!announcement) return announcement.error();
  directory_.set_announcement(announcement->value_or(""));
  for (const store::AccountRow& row : *accounts) {
    if (auto info = directory_.of(row.player_id)) grant_configured_admin(*info);
  }
  spdlog::info("club: {} accounts, access {}, guests {}", accounts->size(),
               access_mode_name(options_.access.mode), options_.access.guests ? "on" : "off");
  return std::nullopt;
}

bool Club::configured_admin(const std::string& handle_key) const {
  for (const std::string& key : admin_keys_) {
    if (key == handle_key) return true;
  }
  return false;
}

bool Club::grant_configured_admin(const AccountInfo& account) {
  if (!configured_admin(account.handle_key) || !store_) return false;
  if (account.role == Role::kAdmin && account.approved) return false;
  directory_.set_role(account.player_id, Role::kAdmin);
  directory_.set_approved(account.player_id, true);
  store_->account_role_set(account.player_id, std::string(role_name(Role::kAdmin)));
  store_->account_approved(account.player_id, true);
  record("", "set_role", account.player_id, account.handle, {{"role", "admin"}, {"by", "--admin"}});
  spdlog::info("club: {} ({}) is an admin (--admin)", account.handle, account.player_id);
  return true;
}

std::optional<Error> Club::refusal(const std::string& player_id) const {
  return refuse(options_.access, directory_.visitor(player_id), store::now_millis());
}

Json Club::access_json(const std::string& player_id) const {
  bool signup = store_ != nullptr;
  if (signup && options_.access.mode == AccessMode::kInvite) {
    signup = !player_id.empty() && directory_.visitor(player_id).invited;
  }
  return {{"mode", access_mode_name(options_.access.mode)},
          {"guests", options_.access.guests},
          {"signup", signup}};
}

Json Club::account_json(const std::string& player_id) const {
  auto account = directory_.of(player_id);
  if (!account) return nullptr;
  return {{"handle", account->handle},
          {"role", role_name(account->role)},
          {"approved", account->approved}};
}

bool Club::is_guest(const std::string& player_id) const {
  return !directory_.of(player_id).has_value();
}

std::string Club::refusal_message(const Json& request_id, const Error& refusal,
                                  const std::string& player_id) const {
  Json extra = {{"access", access_json(player_id)}};
  if (auto sanction = directory_.sanction_of(player_id)) {
    if (sanction->until != kForever) extra["until"] = store::iso8601_utc(sanction->until);
    extra["reason"] = sanction->reason;
  }
  return protocol::error_message(request_id, refusal.code, refusal.message, extra);
}

std::uint64_t Club::record(const std::string& actor_id, const std::string& action,
                           const std::string& target_id, const std::string& target_name,
                           Json detail) {
  if (!store_) return 0;
  store::AuditRow row;
  row.key = random_hex(8);
  row.at = store::now_millis();
  row.actor_id = actor_id;
  if (auto account = directory_.of(actor_id))
    row.actor_name = account->handle;
  else if (actor_id.empty())
    row.actor_name = "(server)";
  else
    row.actor_name = players_.name_of(actor_id).value_or(actor_id);
  row.action = action;
  row.target_id = target_id;
  row.target_name = target_name;
  row.detail = json_text(detail);
  spdlog::info("audit: {} {} {} {}", row.actor_name, action, target_name, row.detail);
  return store_->audit(row);
}

}  // namespace parlor::server::accounts
