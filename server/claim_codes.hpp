// Claim codes: how one player becomes the same player on another device.
//
// A player asks for a code (protocol `claim_code`); it is shown once, and another browser
// or `parlor play --claim CODE` enters it (protocol `claim`) to receive a token of its own
// for the same player. A code is 12 characters of Crockford's base 32 (60 random bits,
// shown as XXXX-XXXX-XXXX), lives ten minutes, works once, and a new code replaces the
// player's previous one. Only its SHA-256 is kept.
//
// Guessing is hopeless and is limited as well: each address may try kAttemptsPerAddress
// codes at once and then one every kAddressRefill; and every wrong code from any address
// draws on one shared allowance (kWrongCodesBurst, then one per kWrongCodesRefill), so
// many addresses together cannot try more than about 86,400 a day against 2^60 codes.
// When that shared allowance is spent, everyone waits (claim_rate_limited): claiming is
// rare, and a slower claim is better than a guessable one.
//
// Plain C++ with no clock of its own (`now` is passed in); not thread-safe (Players
// calls it under its own lock). Tested alone: tests/server/claim_codes_test.cpp.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <unordered_map>

#include "engine/core/expected.hpp"
#include "server/rate_limiter.hpp"

namespace parlor::server {

class ClaimCodes {
 public:
  using Clock = std::chrono::steady_clock;

  static constexpr std::chrono::minutes kLifetime{10};
  static constexpr double kAttemptsPerAddress = 5;
  static constexpr std::chrono::seconds kAddressRefill{12};
  static constexpr double kWrongCodesBurst = 60;
  static constexpr std::chrono::seconds kWrongCodesRefill{1};

  explicit ClaimCodes(Clock::time_point start = Clock::now());

  // A fresh code for `player_id` ("K7QM-2XWD-9FHT"), replacing the player's earlier one.
  std::string issue(const std::string& player_id, Clock::time_point now);

  // The player whose code `code` is (the code is spent). Dashes, spaces and case do not
  // matter, and O, I and L read as 0, 1 and 1. Errors: "claim_rate_limited" (too many
  // tries from `address`, or too many wrong codes from anywhere: wait a minute),
  // "bad_claim_code" (unknown, already used, or expired).
  Expected<std::string> redeem(const std::string& code, const std::string& address,
                               Clock::time_point now);

  // Codes not yet used or expired (tests, metrics).
  std::size_t pending() const { return by_hash_.size(); }

 private:
  struct Pending {
    std::string player_id;
    Clock::time_point expires;
  };

  void forget_expired(Clock::time_point now);
  // The shared allowance of wrong codes, refilled up to now. Not a RateLimiter: while it
  // is spent every claim waits, a right code too (else a lucky guess would still land).
  double wrong_codes_left(Clock::time_point now);

  std::unordered_map<std::string, Pending> by_hash_;         // code's SHA-256 -> whose
  std::unordered_map<std::string, std::string> by_player_;   // player -> code's SHA-256
  std::unordered_map<std::string, RateLimiter> by_address_;  // tries per address
  double wrong_codes_left_ = kWrongCodesBurst;
  Clock::time_point wrong_codes_at_;
};

// `code` as issued (12 characters of the alphabet, no dashes), or empty if it cannot be
// one: what `redeem` compares.
std::string normalize_claim_code(const std::string& code);

}  // namespace parlor::server
