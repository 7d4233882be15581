// Claim codes: how one player becomes the same player on another device.
//
// A player asks for a code (protocol `claim_code`); it is shown once, and another browser
// or `parlor play --claim CODE` enters it (protocol `claim`) to receive a token of its own
// for the same player. A code is 12 characters of Crockford's base 32 (60 random bits,
// shown as XXXX-XXXX-XXXX), lives ten minutes, works once, and a new code replaces the
// player's previous one. The codes themselves live in the store (only their SHA-256:
// Store::claim_code_issued, claim_code_redeemed), so any node of a cluster, or this one
// after a restart, redeems a code another issued; this class makes them and limits
// guessing (server/requests/identity_requests.cpp puts the two together).
//
// Guessing is hopeless and is limited as well, on each node: each address may try
// kAttemptsPerAddress codes at once and then one every kAddressRefill; and every wrong
// code from any address draws on one shared allowance (kWrongCodesBurst, then one per
// kWrongCodesRefill), so many addresses together cannot try more than about 86,400 a day
// against 2^60 codes on one node. When that shared allowance is spent, everyone waits
// (claim_rate_limited): claiming is rare, and a slower claim is better than a guessable
// one. A claim holds one wrong code's share from admission until its answer, so claims
// in flight at once cannot overdraw it; a right code gives its share back.
//
// Plain C++ with no clock of its own (`now` is passed in); not thread-safe (Players
// calls it under its own lock). Tested alone: tests/server/claim_codes_test.cpp.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>

#include "engine/core/expected.hpp"
#include "server/net/rate_limiter.hpp"

namespace parlor::server {

class ClaimCodes {
 public:
  using Clock = std::chrono::steady_clock;

  static constexpr std::chrono::minutes kLifetime{10};
  static constexpr double kAttemptsPerAddress = 5;
  static constexpr std::chrono::seconds kAddressRefill{12};
  static constexpr double kWrongCodesBurst = 60;
  static constexpr std::chrono::seconds kWrongCodesRefill{1};

  struct NewCode {
    std::string shown;  // "K7QM-2XWD-9FHT": for the player, once
    std::string hash;   // what the store keeps: hash_of() the code without dashes
  };
  // A fresh random code.
  static NewCode make_code();
  // The SHA-256 (hex) of a code as the person typed it (normalize_claim_code first);
  // empty when it cannot be a code at all.
  static std::string hash_of(const std::string& typed);

  explicit ClaimCodes(Clock::time_point start = Clock::now());

  // Whether a claim from `address` may be looked up now; if so it holds one share of the
  // wrong-code allowance until settle(). Errors: "claim_rate_limited" (too many tries from
  // `address`, or too many wrong codes from anywhere: wait a minute).
  std::optional<Error> admit(const std::string& address, Clock::time_point now);
  // An admitted claim's answer: a right code gives its share back, a wrong one keeps it.
  void settle(bool right_code);

 private:
  // The shared allowance of wrong codes, refilled up to now. Not a RateLimiter: while it
  // is spent every claim waits, a right code too (else a lucky guess would still land).
  double wrong_codes_left(Clock::time_point now);

  std::unordered_map<std::string, RateLimiter> by_address_;  // tries per address
  double wrong_codes_left_ = kWrongCodesBurst;
  Clock::time_point wrong_codes_at_;
};

// `code` as issued (12 characters of the alphabet, no dashes), or empty if it cannot be
// one: what `hash_of` hashes.
std::string normalize_claim_code(const std::string& code);

// The refusal of a code that is mistyped, used, expired or unknown (protocol: bad_claim_code).
Error bad_claim_code();

}  // namespace parlor::server
