#include "server/players/players.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <stdexcept>

#include "server/ids.hpp"
#include "server/store/store.hpp"
#include "server/store/time_format.hpp"

namespace parlor::server {
namespace {

std::string to_hex(const unsigned char* bytes, std::size_t size) {
  static const char* digits = "0123456789abcdef";
  std::string hex;
  hex.reserve(size * 2);
  for (std::size_t i = 0; i < size; ++i) {
    hex += digits[bytes[i] >> 4];
    hex += digits[bytes[i] & 15];
  }
  return hex;
}

std::string random_token() {
  std::array<unsigned char, 32> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
    throw std::runtime_error("RAND_bytes failed");  // no safe way to go on without entropy
  }
  return to_hex(bytes.data(), bytes.size());
}

}  // namespace

std::string Players::hash_token(const std::string& token) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_Digest(token.data(), token.size(), digest.data(), &length, EVP_sha256(), nullptr);
  return to_hex(digest.data(), length);
}

PlayerIdentity Players::create(const std::string& name) {
  PlayerIdentity player;
  player.token = random_token();
  player.name = name;
  std::string hash = hash_token(player.token);
  std::lock_guard lock(mutex_);
  player.id = "p" + std::to_string(next_id_++) + id_suffix_;
  id_by_token_hash_[hash] = player.id;
  name_by_id_[player.id] = name;
  if (store_) {
    store::Millis now = store::now_millis();
    store_->save_player({player.id, name, hash, now, now});
  }
  return player;
}

std::optional<PlayerIdentity> Players::resume(const std::string& token, const std::string& name) {
  std::string hash = hash_token(token);
  std::lock_guard lock(mutex_);
  auto it = id_by_token_hash_.find(hash);
  if (it == id_by_token_hash_.end()) return std::nullopt;
  PlayerIdentity player;
  player.id = it->second;
  if (!name.empty()) name_by_id_[player.id] = name;
  player.name = name_by_id_[player.id];
  if (store_) store_->player_seen(player.id, player.name, store::now_millis());
  return player;
}

std::optional<PlayerIdentity> Players::adopt(const store::PlayerRow& row, const std::string& token,
                                             const std::string& name) {
  if (row.token_hash != hash_token(token)) return std::nullopt;
  {
    std::lock_guard lock(mutex_);
    id_by_token_hash_.try_emplace(row.token_hash, row.id);
    name_by_id_.try_emplace(row.id, row.name);
  }
  return resume(token, name);
}

std::optional<Error> Players::admit_claim(const std::string& address,
                                          ClaimCodes::Clock::time_point now) {
  std::lock_guard lock(mutex_);
  return claim_codes_.admit(address, now);
}

void Players::claim_settled(bool right_code) {
  std::lock_guard lock(mutex_);
  claim_codes_.settle(right_code);
}

PlayerIdentity Players::take_claimed_token(const store::PlayerRow& row, const std::string& token) {
  std::lock_guard lock(mutex_);
  id_by_token_hash_[hash_token(token)] = row.id;
  auto [known, added] = name_by_id_.try_emplace(row.id, row.name);  // ours may be fresher
  return PlayerIdentity{row.id, known->second, token};
}

std::string Players::new_token() { return random_token(); }

std::optional<std::string> Players::id_of_token(const std::string& token) const {
  std::string hash = hash_token(token);
  std::lock_guard lock(mutex_);
  auto it = id_by_token_hash_.find(hash);
  if (it == id_by_token_hash_.end()) return std::nullopt;
  return it->second;
}

PlayerIdentity Players::add_session(const std::string& player_id, const std::string& name) {
  PlayerIdentity player{player_id, name, random_token()};
  std::lock_guard lock(mutex_);
  id_by_token_hash_[hash_token(player.token)] = player_id;
  name_by_id_[player_id] = name;
  return player;
}

void Players::forget_token_hash(const std::string& token_hash) {
  std::lock_guard lock(mutex_);
  id_by_token_hash_.erase(token_hash);
}

void Players::forget_tokens_except(const std::string& player_id,
                                   const std::string& keep_token_hash) {
  std::lock_guard lock(mutex_);
  std::erase_if(id_by_token_hash_, [&](const auto& entry) {
    return entry.second == player_id && entry.first != keep_token_hash;
  });
}

void Players::rename(const std::string& player_id, const std::string& name) {
  std::lock_guard lock(mutex_);
  name_by_id_[player_id] = name;
  if (store_) store_->player_seen(player_id, name, store::now_millis());
}

std::optional<std::string> Players::name_of(const std::string& player_id) const {
  std::lock_guard lock(mutex_);
  auto it = name_by_id_.find(player_id);
  if (it == name_by_id_.end()) return std::nullopt;
  return it->second;
}

void Players::attach_store(store::Store& store) {
  std::vector<store::PlayerRow> saved = store.load_players();
  std::lock_guard lock(mutex_);
  for (const store::PlayerRow& row : saved) {
    // A player whose first token has ended (Store::session_ended) comes with none: still
    // known by its id and name, answering to its other tokens only.
    if (!row.token_hash.empty()) id_by_token_hash_[row.token_hash] = row.id;
    name_by_id_[row.id] = row.name;
    next_id_ = std::max(next_id_, number_after(row.id, 'p', id_suffix_));
  }
  store_ = &store;
}

std::string clean_display_name(const std::string& raw) {
  std::string name;
  for (unsigned char c : raw) {
    if (c < 0x20 || c == 0x7f) continue;  // control characters
    name += static_cast<char>(c);
  }
  // Cut at 32 bytes without splitting a UTF-8 sequence.
  if (name.size() > 32) {
    std::size_t cut = 32;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    name.resize(cut);
  }
  while (!name.empty() && name.back() == ' ') name.pop_back();
  while (!name.empty() && name.front() == ' ') name.erase(name.begin());
  return name.empty() ? "Player" : name;
}

}  // namespace parlor::server
