// protocol::deal_commitment against vectors computed independently with the shell
// one-liner of docs/fairness.md:
//   (echo -n SEEDHEX | xxd -r -p; printf '%016x' K | xxd -r -p) | sha256sum
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/core/rng.hpp"
#include "protocol/commitment.hpp"

namespace parlor {
namespace {

Seed seed_of(const std::string& hex) {
  auto seed = Seed::from_hex(hex);
  EXPECT_TRUE(seed.ok()) << hex;
  return seed.ok() ? *seed : Seed();
}

const std::string kCountingSeed =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

TEST(DealCommitment, MatchesSha256sumOfSeedAndBigEndianDeal) {
  Seed counting = seed_of(kCountingSeed);
  EXPECT_EQ(protocol::deal_commitment(counting, 1),
            "6061c4386d7a1788ba52e2e8b2ee6fe6137644ec75a70bf7042cfd67a1e57bd3");
  EXPECT_EQ(protocol::deal_commitment(counting, 2),
            "7365a07b4571dc929c3629031f2b3b815637f619ae346d4a72c408ddbd3980e3");
  EXPECT_EQ(protocol::deal_commitment(counting, 7),
            "e198a0923e91ae578f489e5d8c96d7a51332f742c30b3dc057ff8d801147e6f4");
  EXPECT_EQ(protocol::deal_commitment(seed_of(std::string(64, 'f')), 258),
            "0338af850e4bcec055fb0e3808fab9898b3a53c88e3149bc442bdcecad45d01c");
}

TEST(DealCommitment, DealNumberIsAllEightBytesBigEndian) {
  // Bytes 01 02 ... 08 after 32 zero bytes: any byte-order slip changes the hash.
  EXPECT_EQ(protocol::deal_commitment(Seed(), 0x0102030405060708ULL),
            "f0bac6157eaec34c9368f09d783aa3a47ae1ff0e295aeb322b063e9f60feeeb3");
}

TEST(DealCommitment, IsLowercaseHexOfThirtyTwoBytes) {
  std::string hash = protocol::deal_commitment(Seed::from_u64(99), 3);
  ASSERT_EQ(hash.size(), 64u);
  for (char c : hash) EXPECT_TRUE((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')) << hash;
}

TEST(DealCommitment, DifferentDealsAndSeedsGiveDifferentHashes) {
  std::set<std::string> seen;
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    for (std::uint64_t deal = 1; deal <= 16; ++deal) {
      seen.insert(protocol::deal_commitment(Seed::from_u64(seed), deal));
    }
  }
  EXPECT_EQ(seen.size(), 8u * 16u);
  // One bit of the seed's last byte changes the commitment.
  auto bytes = seed_of(kCountingSeed).bytes();
  bytes[31] ^= 1;
  EXPECT_NE(protocol::deal_commitment(Seed(bytes), 1),
            protocol::deal_commitment(seed_of(kCountingSeed), 1));
}

TEST(DealCommitment, IsDeterministic) {
  Seed seed = seed_of(kCountingSeed);
  EXPECT_EQ(protocol::deal_commitment(seed, 5), protocol::deal_commitment(seed, 5));
}

}  // namespace
}  // namespace parlor
