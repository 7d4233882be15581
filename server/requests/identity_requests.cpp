#include "server/requests/identity_requests.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include <chrono>
#include <thread>
#include <utility>

#include "server/store/store.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server {

using protocol::Request;
using protocol::RequestType;
using Reply = std::function<void(std::string)>;

namespace {

std::string refusal(const Json& request_id, const Error& error) {
  return protocol::error_message(request_id, error.code, error.message);
}

Error store_unavailable() {
  return Error{"store_unavailable",
               "the server's database cannot take writes just now; try again shortly"};
}

// A redemption whose outcome could not be read back: the code may be spent.
Error claim_unconfirmed() {
  return Error{"store_unavailable",
               "the claim could not be confirmed: the server's database cannot be read just "
               "now; try the code again shortly, and if it is refused, ask for a new one"};
}

constexpr int kTokenReadAttempts = 3;
constexpr auto kTokenReadRetryAfter = std::chrono::milliseconds(100);

void issue_code(store::Store& store, const Request& request, const std::string& player_id,
                const std::string& address, Reply reply) {
  ClaimCodes::NewCode code = ClaimCodes::make_code();
  const auto lifetime = std::chrono::duration_cast<std::chrono::seconds>(ClaimCodes::kLifetime);
  const store::Millis now = store::now_millis();
  store::Ticket ticket = store.claim_code_issued(code.hash, player_id, now,
                                                 now + lifetime.count() * store::Millis{1000});
  // The code itself never reaches the log: it is as good as a token for ten minutes.
  spdlog::info("player {} asked for a claim code from {}", player_id, address);
  // Shown only once committed: another node, or this one after a restart, must find it.
  store.after_commit(ticket, [reply = std::move(reply), id = request.id,
                              shown = std::move(code.shown), seconds = lifetime.count()] {
    reply(protocol::reply_message(id, "claim_code",
                                  {{"code", shown}, {"expires_in_seconds", seconds}}));
  });
}

// On the store's reads executor, once the redemption is committed: it won if the new
// token now belongs to someone.
void answer_redemption(Players& players, store::Store& store, const Json& request_id,
                       const std::string& token, const std::string& address, const Reply& reply) {
  // The redemption is committed, so only the read stands between the person and the
  // answer: a read that fails (the file being written back, say) is tried again, and an
  // unknown outcome is never answered as a bad code.
  Expected<std::optional<store::PlayerRow>> found = store::Store::unreadable_players();
  for (int attempt = 0; attempt < kTokenReadAttempts && !found.ok(); ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(kTokenReadRetryAfter);
    found = store.find_player_by_token(Players::hash_token(token));
  }
  if (!found.ok()) {
    players.claim_settled(false);  // counted as a wrong code: guessing must gain nothing here
    spdlog::warn("a claim from {} could not be confirmed: {}", address, found.error().message);
    return reply(refusal(request_id, claim_unconfirmed()));
  }
  const std::optional<store::PlayerRow>& owner = *found;
  players.claim_settled(owner.has_value());
  if (!owner) {
    spdlog::info("a claim from {} was refused: bad_claim_code", address);
    return reply(refusal(request_id, bad_claim_code()));
  }
  PlayerIdentity claimed = players.take_claimed_token(*owner, token);
  spdlog::info("player {} ({}) claimed from {} on another device", claimed.id, claimed.name,
               address);
  reply(protocol::reply_message(
      request_id, "claimed",
      {{"player", {{"id", claimed.id}, {"name", claimed.name}}}, {"token", claimed.token}}));
}

void redeem_code(Players& players, const StoreAccess& access, const Request& request,
                 const std::string& address, Reply reply) {
  if (std::optional<Error> limited = players.admit_claim(address)) {
    spdlog::info("a claim from {} was refused: {}", address, limited->code);
    return reply(refusal(request.id, *limited));
  }
  const std::string code_hash = ClaimCodes::hash_of(request.string_field("code"));
  if (code_hash.empty()) {  // cannot be a code: no need to ask the store
    players.claim_settled(false);
    spdlog::info("a claim from {} was refused: bad_claim_code", address);
    return reply(refusal(request.id, bad_claim_code()));
  }
  store::Store& store = *access.store;
  std::string token = Players::new_token();
  store::Ticket ticket =
      store.claim_code_redeemed(code_hash, Players::hash_token(token), store::now_millis());
  // after_commit runs on the store's writer thread, which must never wait on a read.
  store.after_commit(ticket, [&players, &store, reads = access.reads, id = request.id,
                              token = std::move(token), address, reply = std::move(reply)] {
    boost::asio::post(reads, [&players, &store, id, token, address, reply] {
      answer_redemption(players, store, id, token, address, reply);
    });
  });
}

}  // namespace

bool is_identity_request(RequestType type) {
  return type == RequestType::kClaimCode || type == RequestType::kClaim;
}

void answer_identity_request(Players& players, const StoreAccess& store, const Request& request,
                             const std::string& player_id, const std::string& address,
                             Reply reply) {
  if (request.type == RequestType::kClaimCode && player_id.empty()) {
    return reply(protocol::error_message(request.id, "hello_required", "say hello first"));
  }
  if (!store.store || !store.store->writable()) {
    return reply(refusal(request.id, store_unavailable()));
  }
  if (request.type == RequestType::kClaimCode) {
    return issue_code(*store.store, request, player_id, address, std::move(reply));
  }
  redeem_code(players, store, request, address, std::move(reply));
}

}  // namespace parlor::server
