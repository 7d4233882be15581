#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <cmath>
#include <numeric>

#include "engine/core/deck.hpp"
#include "engine/core/rng.hpp"

namespace parlor {
namespace {

TEST(ChaCha20, MatchesTheRfc8439BlockVector) {
  // RFC 8439 section 2.3.2: key 00..1f, counter 1, nonce 000000090000004a00000000.
  std::array<std::uint32_t, 16> input = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574,
                                         0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c,
                                         0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c,
                                         0x00000001, 0x09000000, 0x4a000000, 0x00000000};
  std::array<std::uint32_t, 16> expected = {0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3,
                                            0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3,
                                            0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9,
                                            0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2};
  EXPECT_EQ(chacha20_block(input), expected);
}

TEST(ChaCha20, StreamMatchesOpenSsl) {
  Seed seed = *Seed::from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  const std::uint64_t stream = 0x0123456789abcdefULL;
  // OpenSSL's IV: 32-bit counter, then the nonce; ours is counter 0, 0, stream (LE).
  unsigned char iv[16] = {0};
  for (int i = 0; i < 8; ++i) iv[8 + i] = static_cast<unsigned char>(stream >> (8 * i));
  std::vector<unsigned char> zeros(64 * 5, 0), out(64 * 5, 0);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  ASSERT_EQ(EVP_EncryptInit_ex(ctx, EVP_chacha20(), nullptr, seed.bytes().data(), iv), 1);
  int len = 0;
  ASSERT_EQ(EVP_EncryptUpdate(ctx, out.data(), &len, zeros.data(), static_cast<int>(zeros.size())),
            1);
  EVP_CIPHER_CTX_free(ctx);
  Rng rng(seed, stream);
  for (std::size_t word = 0; word < out.size() / 4; ++word) {
    std::uint32_t expected = out[4 * word] | out[4 * word + 1] << 8 | out[4 * word + 2] << 16 |
                             static_cast<std::uint32_t>(out[4 * word + 3]) << 24;
    ASSERT_EQ(rng.next_u32(), expected) << "word " << word;
  }
}

TEST(Seeds, HexRoundTripAndErrors) {
  Seed seed = Seed::from_u64(7);
  EXPECT_EQ(seed.hex().substr(0, 4), "0700");
  EXPECT_EQ(*Seed::from_hex(seed.hex()), seed);
  EXPECT_FALSE(Seed::from_hex("abc").ok());
  EXPECT_EQ(Seed::from_hex(std::string(64, 'g')).error().code, "bad_seed");
  EXPECT_NE(Seed::from_os(), Seed::from_os());
}

TEST(Shuffle, SameSeedAndStreamSameDeal) {
  auto a = standard_deck(2), b = standard_deck(2), c = standard_deck(2), d = standard_deck(2);
  Rng(Seed::from_u64(42), 3).shuffle(a);
  Rng(Seed::from_u64(42), 3).shuffle(b);
  Rng(Seed::from_u64(42), 4).shuffle(c);
  Rng(Seed::from_u64(43), 3).shuffle(d);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_NE(a, d);
  EXPECT_NE(a, standard_deck(2));
}

TEST(Shuffle, BelowStaysInRangeAndCopiesContinueIdentically) {
  Rng rng(Seed::from_u64(1), 0);
  for (std::uint64_t bound : {1ULL, 2ULL, 3ULL, 52ULL, 1000003ULL, 1ULL << 63}) {
    for (int i = 0; i < 1000; ++i) ASSERT_LT(rng.below(bound), bound);
  }
  Rng copy = rng;
  for (int i = 0; i < 100; ++i) ASSERT_EQ(copy.next_u64(), rng.next_u64());
}

// Wilson–Hilferty approximation of the chi-square quantile for `dof` degrees of freedom.
double chi_square_critical(double dof, double z) {
  double a = 2.0 / (9.0 * dof);
  return dof * std::pow(1.0 - a + z * std::sqrt(a), 3.0);
}

TEST(Shuffle, CardByPositionIsUniform) {
  constexpr int kShuffles = 100000;
  constexpr int kCards = 52;
  std::vector<std::vector<int>> counts(kCards, std::vector<int>(kCards, 0));
  std::vector<int> deck(kCards);
  for (int s = 0; s < kShuffles; ++s) {
    std::iota(deck.begin(), deck.end(), 0);
    Rng rng(Seed::from_u64(2024), static_cast<std::uint64_t>(s));
    rng.shuffle(deck);
    for (int pos = 0; pos < kCards; ++pos) ++counts[deck[pos]][pos];
  }
  const double expected = static_cast<double>(kShuffles) / kCards;
  double chi2 = 0;
  for (const auto& row : counts) {
    for (int observed : row) chi2 += (observed - expected) * (observed - expected) / expected;
  }
  const double dof = (kCards - 1) * (kCards - 1);
  const double critical = chi_square_critical(dof, 3.0902);  // p = 0.001, one-sided
  EXPECT_LT(chi2, critical) << "card x position counts are not uniform";
  // And not suspiciously perfect either (p = 0.001 on the low side).
  EXPECT_GT(chi2, chi_square_critical(dof, -3.0902));
}

}  // namespace
}  // namespace parlor
