#include "server/http/api_access.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "server/accounts/club.hpp"
#include "server/http/http_responses.hpp"
#include "server/players/players.hpp"

namespace parlor::server {
namespace {

http::response<http::string_body> refusal(const http::request<http::string_body>& request,
                                          http::status status, const std::string& code,
                                          const std::string& message) {
  nlohmann::json body = {{"error", code}, {"message", message}};
  return respond(request, status, "application/json", body.dump());
}

std::string bearer_token(const http::request<http::string_body>& request) {
  auto header = request.find(http::field::authorization);
  if (header == request.end()) return "";
  std::string_view value = header->value();
  constexpr std::string_view kScheme = "Bearer ";
  if (!value.starts_with(kScheme)) return "";
  return std::string(value.substr(kScheme.size()));
}

}  // namespace

std::optional<http::response<http::string_body>> api_refusal(
    const http::request<http::string_body>& request, const ServerContext& context) {
  accounts::Club* club = context.club;
  if (!club) return std::nullopt;
  std::string_view target = request.target();
  if (!target.starts_with("/api/")) return std::nullopt;
  const accounts::AccessSettings& access = club->access();
  if (access.mode == accounts::AccessMode::kOpen && access.guests) return std::nullopt;
  auto player = club->players().id_of_token(bearer_token(request));
  if (!player) {
    return refusal(request, http::status::unauthorized, "login_required",
                   "this server's history is for its members: log in");
  }
  if (auto refused = club->refusal(*player)) {
    return refusal(request, http::status::forbidden, refused->code, refused->message);
  }
  return std::nullopt;
}

}  // namespace parlor::server
