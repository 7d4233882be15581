#include "protocol/commitment.hpp"

#include <array>
#include <memory>
#include <stdexcept>

#include <openssl/evp.h>

namespace parlor::protocol {
namespace {

constexpr std::size_t kSeedBytes = 32;
constexpr std::size_t kDealBytes = 8;

std::array<unsigned char, kSeedBytes + kDealBytes> commitment_input(const Seed& seed,
                                                                    std::uint64_t deal) {
  std::array<unsigned char, kSeedBytes + kDealBytes> input{};
  for (std::size_t i = 0; i < kSeedBytes; ++i) input[i] = seed.bytes()[i];
  for (std::size_t i = 0; i < kDealBytes; ++i) {
    input[kSeedBytes + i] = static_cast<unsigned char>(deal >> (8 * (kDealBytes - 1 - i)));
  }
  return input;
}

std::string lowercase_hex(const unsigned char* bytes, std::size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * size);
  for (std::size_t i = 0; i < size; ++i) {
    out.push_back(kDigits[bytes[i] >> 4]);
    out.push_back(kDigits[bytes[i] & 0xf]);
  }
  return out;
}

}  // namespace

std::string deal_commitment(const Seed& seed, std::uint64_t deal) {
  auto input = commitment_input(seed, deal);
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                  &EVP_MD_CTX_free);
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int digest_size = 0;
  // These fail only when OpenSSL itself cannot allocate or lacks SHA-256: not an input
  // a caller could get wrong but a broken host, so an exception rather than an Error.
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1 ||
      EVP_DigestUpdate(context.get(), input.data(), input.size()) != 1 ||
      EVP_DigestFinal_ex(context.get(), digest.data(), &digest_size) != 1) {
    throw std::runtime_error("OpenSSL SHA-256 failed");
  }
  return lowercase_hex(digest.data(), digest_size);
}

}  // namespace parlor::protocol
