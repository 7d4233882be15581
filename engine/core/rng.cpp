#include "engine/core/rng.hpp"

#include <sys/random.h>

#include <cstring>
#include <stdexcept>

namespace parlor {
namespace {

constexpr std::uint32_t rotl(std::uint32_t v, int c) { return (v << c) | (v >> (32 - c)); }

void quarter_round(std::array<std::uint32_t, 16>& x, int a, int b, int c, int d) {
  x[a] += x[b];
  x[d] ^= x[a];
  x[d] = rotl(x[d], 16);
  x[c] += x[d];
  x[b] ^= x[c];
  x[b] = rotl(x[b], 12);
  x[a] += x[b];
  x[d] ^= x[a];
  x[d] = rotl(x[d], 8);
  x[c] += x[d];
  x[b] ^= x[c];
  x[b] = rotl(x[b], 7);
}

std::uint32_t load_le32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::array<std::uint32_t, 16> chacha20_block(const std::array<std::uint32_t, 16>& input) {
  std::array<std::uint32_t, 16> x = input;
  for (int i = 0; i < 10; ++i) {
    quarter_round(x, 0, 4, 8, 12);
    quarter_round(x, 1, 5, 9, 13);
    quarter_round(x, 2, 6, 10, 14);
    quarter_round(x, 3, 7, 11, 15);
    quarter_round(x, 0, 5, 10, 15);
    quarter_round(x, 1, 6, 11, 12);
    quarter_round(x, 2, 7, 8, 13);
    quarter_round(x, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; ++i) x[i] += input[i];
  return x;
}

Seed Seed::from_u64(std::uint64_t value) {
  std::array<std::uint8_t, 32> bytes{};
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<std::uint8_t>(value >> (8 * i));
  return Seed(bytes);
}

Expected<Seed> Seed::from_hex(std::string_view hex) {
  if (hex.size() != 64) return Error{"bad_seed", "a seed is 64 hexadecimal digits"};
  std::array<std::uint8_t, 32> bytes{};
  for (int i = 0; i < 32; ++i) {
    int hi = hex_value(hex[2 * i]);
    int lo = hex_value(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return Error{"bad_seed", "a seed is 64 hexadecimal digits"};
    bytes[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return Seed(bytes);
}

Seed Seed::from_os() {
  std::array<std::uint8_t, 32> bytes{};
  std::size_t filled = 0;
  while (filled < bytes.size()) {
    ssize_t got = getrandom(bytes.data() + filled, bytes.size() - filled, 0);
    // Without OS entropy no fair deal is possible; this is a broken host, not bad input.
    if (got < 0) throw std::runtime_error("getrandom failed: no entropy for seeds");
    filled += static_cast<std::size_t>(got);
  }
  return Seed(bytes);
}

std::string Seed::hex() const {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (std::uint8_t b : bytes_) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

Rng::Rng(const Seed& seed, std::uint64_t stream) {
  // RFC 8439 layout: constants, 256-bit key, 32-bit block counter, 96-bit nonce.
  state_[0] = 0x61707865;
  state_[1] = 0x3320646e;
  state_[2] = 0x79622d32;
  state_[3] = 0x6b206574;
  for (int i = 0; i < 8; ++i) state_[4 + i] = load_le32(seed.bytes().data() + 4 * i);
  state_[12] = 0;
  state_[13] = 0;
  state_[14] = static_cast<std::uint32_t>(stream);
  state_[15] = static_cast<std::uint32_t>(stream >> 32);
}

void Rng::refill() {
  block_ = chacha20_block(state_);
  // 64-bit block counter across words 12 and 13: no stream repeats within 2^70 bytes.
  if (++state_[12] == 0) ++state_[13];
  used_ = 0;
}

std::uint32_t Rng::next_u32() {
  if (used_ == 16) refill();
  return block_[used_++];
}

std::uint64_t Rng::next_u64() {
  std::uint64_t lo = next_u32();
  std::uint64_t hi = next_u32();
  return lo | hi << 32;
}

std::uint64_t Rng::below(std::uint64_t bound) {
  // Reject the top partial range so every residue is equally likely.
  std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  std::uint64_t value = 0;
  do {
    value = next_u64();
  } while (value >= limit);
  return value % bound;
}

}  // namespace parlor
