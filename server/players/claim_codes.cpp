#include "server/players/claim_codes.hpp"

#include <openssl/rand.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>

#include "server/players/players.hpp"

namespace parlor::server {
namespace {

// Crockford's base 32: no I, L, O or U, so nothing reads as something else.
constexpr std::string_view kAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr std::size_t kCodeLength = 12;  // 60 bits
// Addresses remembered at most; past it the table starts again (the shared allowance of
// wrong codes still holds, so forgetting per-address counts costs no safety).
constexpr std::size_t kMaxAddresses = 10000;

double per_second(std::chrono::seconds refill) { return 1.0 / static_cast<double>(refill.count()); }

std::string random_code() {
  std::array<unsigned char, kCodeLength> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
    throw std::runtime_error("RAND_bytes failed");  // no safe way to go on without entropy
  }
  std::string code;
  for (unsigned char byte : bytes) code += kAlphabet[byte % kAlphabet.size()];  // 256 % 32 == 0
  return code;
}

std::string with_dashes(const std::string& code) {
  return code.substr(0, 4) + "-" + code.substr(4, 4) + "-" + code.substr(8, 4);
}

}  // namespace

std::string normalize_claim_code(const std::string& code) {
  std::string plain;
  for (unsigned char c : code) {
    if (c == '-' || c == ' ') continue;
    char upper = static_cast<char>(std::toupper(c));
    if (upper == 'O') upper = '0';
    if (upper == 'I' || upper == 'L') upper = '1';
    if (kAlphabet.find(upper) == std::string_view::npos) return "";
    plain += upper;
  }
  return plain.size() == kCodeLength ? plain : "";
}

Error bad_claim_code() {
  return Error{"bad_claim_code",
               "no such claim code: it may be mistyped, used already, or older than ten "
               "minutes (ask for a new one on the other device)"};
}

ClaimCodes::NewCode ClaimCodes::make_code() {
  std::string code = random_code();
  return NewCode{with_dashes(code), Players::hash_token(code)};
}

std::string ClaimCodes::hash_of(const std::string& typed) {
  std::string plain = normalize_claim_code(typed);
  return plain.empty() ? "" : Players::hash_token(plain);
}

ClaimCodes::ClaimCodes(Clock::time_point start) : wrong_codes_at_(start) {}

std::optional<Error> ClaimCodes::admit(const std::string& address, Clock::time_point now) {
  if (by_address_.size() >= kMaxAddresses && !by_address_.contains(address)) by_address_.clear();
  auto [tries, added] =
      by_address_.try_emplace(address, per_second(kAddressRefill), kAttemptsPerAddress, now);
  if (!tries->second.try_take(now)) {
    return Error{"claim_rate_limited", "too many claim codes tried from here; wait a minute"};
  }
  if (wrong_codes_left(now) < 1) {
    return Error{"claim_rate_limited", "too many wrong claim codes lately; wait a minute"};
  }
  wrong_codes_left_ -= 1;
  return std::nullopt;
}

void ClaimCodes::settle(bool right_code) {
  if (right_code) wrong_codes_left_ = std::min(kWrongCodesBurst, wrong_codes_left_ + 1);
}

double ClaimCodes::wrong_codes_left(Clock::time_point now) {
  if (now > wrong_codes_at_) {
    std::chrono::duration<double> elapsed = now - wrong_codes_at_;
    wrong_codes_left_ = std::min(
        kWrongCodesBurst, wrong_codes_left_ + elapsed.count() * per_second(kWrongCodesRefill));
    wrong_codes_at_ = now;
  }
  return wrong_codes_left_;
}

}  // namespace parlor::server
