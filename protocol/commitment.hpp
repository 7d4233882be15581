// The fairness scheme's commitment to a deal (docs/fairness.md).
//
// Every match has one secret 32-byte seed. Before deal k (k = 1, 2, ...) is shown the
// server publishes SHA-256(seed bytes || k as u64 big-endian) in lowercase hex; when
// the match ends it reveals the seed, so anyone can recompute every commitment and
// replay every deal (`parlor verify`). A published hash cannot be matched by another
// seed, so the server could not have changed the cards after committing to them.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/rng.hpp"

namespace parlor::protocol {

// 64 lowercase hex digits: SHA-256 over the 32 seed bytes followed by `deal` as an
// unsigned 64-bit big-endian integer.
// Shell check: (echo -n SEEDHEX | xxd -r -p; printf '%016x' K | xxd -r -p) | sha256sum
std::string deal_commitment(const Seed& seed, std::uint64_t deal);

}  // namespace parlor::protocol
