// Sample rows of a club's server (server/store/account_rows.hpp) for the store's tests,
// and each row as one line of text, so that a test compares whole rows and a failure
// shows them.
#pragma once

#include <string>
#include <vector>

#include "server/store/account_rows.hpp"

namespace parlor::server::store::testing {

inline AccountRow account(const std::string& player_id, const std::string& handle, Millis at) {
  return AccountRow{.player_id = player_id,
                    .handle = handle,
                    .handle_key = "key:" + handle,
                    .skeleton = "skel:" + handle,
                    .password_hash = "$argon2id$" + player_id,
                    .role = "member",
                    .approved = false,
                    .invited = false,
                    .created_at = at,
                    .password_changed_at = at};
}

inline InviteRow invite(const std::string& id, const std::string& code_hash, int max_uses,
                        Millis created_at, Millis expires_at) {
  return InviteRow{.id = id,
                   .code_hash = code_hash,
                   .created_by = "pAdmin",
                   .note = "for " + id,
                   .created_at = created_at,
                   .expires_at = expires_at,
                   .max_uses = max_uses,
                   .uses = 0,
                   .revoked_at = 0};
}

inline AuditRow audit_row(const std::string& key, const std::string& action, Millis at) {
  return AuditRow{.seq = 0,
                  .key = key,
                  .at = at,
                  .actor_id = "pAdmin",
                  .actor_name = "Admin",
                  .action = action,
                  .target_id = "p1",
                  .target_name = "Ann",
                  .detail = R"({"reason":")" + key + R"("})"};
}

inline std::string text(const AccountRow& a) {
  return a.player_id + "|" + a.handle + "|" + a.handle_key + "|" + a.skeleton + "|" +
         a.password_hash + "|" + a.role + "|" + (a.approved ? "approved" : "-") + "|" +
         (a.invited ? "invited" : "-") + "|" + std::to_string(a.created_at) + "|" +
         std::to_string(a.password_changed_at);
}
inline std::string text(const SessionRow& s) {
  return s.token_hash + "|" + s.player_id + "|" + s.label + "|" + std::to_string(s.created_at);
}
inline std::string text(const InviteRow& i) {
  return i.id + "|" + i.code_hash + "|" + i.created_by + "|" + i.note + "|" +
         std::to_string(i.created_at) + "|" + std::to_string(i.expires_at) + "|" +
         std::to_string(i.uses) + "/" + std::to_string(i.max_uses) + "|" +
         std::to_string(i.revoked_at);
}
inline std::string text(const SanctionRow& s) {
  return s.player_id + "|" + std::to_string(s.until) + "|" + s.reason + "|" + s.by + "|" +
         std::to_string(s.at);
}
// Without seq, which the database gives.
inline std::string text(const AuditRow& a) {
  return a.key + "|" + std::to_string(a.at) + "|" + a.actor_id + "|" + a.actor_name + "|" +
         a.action + "|" + a.target_id + "|" + a.target_name + "|" + a.detail;
}
inline std::string text(const std::string& s) { return s; }

template <class Row>
std::vector<std::string> texts(const std::vector<Row>& rows) {
  std::vector<std::string> lines;
  for (const Row& row : rows) lines.push_back(text(row));
  return lines;
}

}  // namespace parlor::server::store::testing
