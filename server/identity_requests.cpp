#include "server/identity_requests.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

namespace parlor::server {

using protocol::RequestType;

bool is_identity_request(RequestType type) {
  return type == RequestType::kClaimCode || type == RequestType::kClaim;
}

std::string answer_identity_request(Players& players, const protocol::Request& request,
                                    const std::string& player_id, const std::string& address) {
  if (request.type == RequestType::kClaimCode) {
    if (player_id.empty())
      return protocol::error_message(request.id, "hello_required", "say hello first");
    std::string code = players.issue_claim_code(player_id);
    // The code itself never reaches the log: it is as good as a token for ten minutes.
    spdlog::info("player {} asked for a claim code from {}", player_id, address);
    const auto lifetime = std::chrono::duration_cast<std::chrono::seconds>(ClaimCodes::kLifetime);
    return protocol::reply_message(request.id, "claim_code",
                                   {{"code", code}, {"expires_in_seconds", lifetime.count()}});
  }
  Expected<PlayerIdentity> claimed = players.claim(request.string_field("code"), address);
  if (!claimed) {
    spdlog::info("a claim from {} was refused: {}", address, claimed.error().code);
    return protocol::error_message(request.id, claimed.error().code, claimed.error().message);
  }
  spdlog::info("player {} ({}) claimed from {} on another device", claimed->id, claimed->name,
               address);
  return protocol::reply_message(
      request.id, "claimed",
      {{"player", {{"id", claimed->id}, {"name", claimed->name}}}, {"token", claimed->token}});
}

}  // namespace parlor::server
