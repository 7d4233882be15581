// Seeds and the deterministic random stream every deal is shuffled with.
//
// The generator is ChaCha20 (RFC 8439) used as a keystream: the 256-bit key is the
// match seed and the nonce names the stream (one per deal), so a finished match can be
// replayed and audited deal by deal from its seed alone. It is a plain value type, so
// copying a game state copies its randomness exactly.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/expected.hpp"

namespace parlor {

class Seed {
 public:
  Seed() = default;
  explicit Seed(const std::array<std::uint8_t, 32>& bytes) : bytes_(bytes) {}

  // A small integer seed (tests, scenarios): its 8 bytes little-endian, the rest zero.
  static Seed from_u64(std::uint64_t value);
  // 64 hexadecimal digits.
  static Expected<Seed> from_hex(std::string_view hex);
  // 256 bits from the operating system's generator (getrandom).
  static Seed from_os();

  std::string hex() const;
  const std::array<std::uint8_t, 32>& bytes() const { return bytes_; }
  friend bool operator==(const Seed&, const Seed&) = default;

 private:
  std::array<std::uint8_t, 32> bytes_{};
};

class Rng {
 public:
  // Stream `stream` of `seed`: a game uses stream k for its deal number k.
  Rng(const Seed& seed, std::uint64_t stream);

  std::uint32_t next_u32();
  std::uint64_t next_u64();
  // Uniform in [0, bound), bound > 0, with no modulo bias (rejection sampling).
  std::uint64_t below(std::uint64_t bound);

  // Fisher–Yates: every permutation equally likely.
  template <class T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = static_cast<std::size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

 private:
  void refill();

  std::array<std::uint32_t, 16> state_{};
  std::array<std::uint32_t, 16> block_{};
  int used_ = 16;
};

// One ChaCha20 block (RFC 8439 §2.3): exposed for the test against the RFC's vectors.
std::array<std::uint32_t, 16> chacha20_block(const std::array<std::uint32_t, 16>& input);

}  // namespace parlor
