// A room's chat: who may say what and how often, and whom the host muted.
//
// Chat is talk, not play: it never reaches the match journal or the history, and the
// server's log never holds its words. A line is at most kMaxChatCharacters characters
// (control characters become spaces), and each member has a token bucket of their own
// (the server's RateLimiter) so one member's chatter cannot drown the table: it is kept
// per player, not per connection, so reconnecting does not refill it.
//
// Plain C++ with no clock of its own (`now` is passed in), tested alone
// (tests/server/table_chat_test.cpp). Not thread-safe: the room calls it on its strand.
#pragma once

#include <chrono>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.hpp"
#include "server/net/rate_limiter.hpp"

namespace parlor::server {

// The defaults of ChatLimits (the server's --chat-* flags change them).
// Longest chat line, in characters (UTF-8 code points).
inline constexpr std::size_t kMaxChatCharacters = 300;
// Each member's chat allowance: a burst of lines, then one line per interval.
inline constexpr double kChatBurst = 5;
inline constexpr double kChatLinesPerSecond = 0.5;

struct ChatLimits {
  std::size_t max_characters = kMaxChatCharacters;
  double burst = kChatBurst;
  // The allowance grows by one line per interval; 0: no rate limit at all.
  std::chrono::milliseconds interval{static_cast<long long>(1000 / kChatLinesPerSecond)};
};

class TableChat {
 public:
  using Clock = std::chrono::steady_clock;

  explicit TableChat(ChatLimits limits = {}) : limits_(limits) {}

  // The line as it is shown, or why it is refused: "muted" (the host muted the sender),
  // "chat_empty" (nothing but spaces), "chat_too_long" (over the limits' max_characters),
  // "chat_rate_limited" (over the sender's allowance; the line is dropped).
  Expected<std::string> accept(const std::string& player_id, std::string_view text,
                               Clock::time_point now);

  // False when nothing changed (already so).
  bool set_muted(const std::string& player_id, bool muted);
  bool is_muted(const std::string& player_id) const { return muted_.contains(player_id); }
  std::vector<std::string> muted() const { return {muted_.begin(), muted_.end()}; }

 private:
  ChatLimits limits_;
  std::set<std::string> muted_;
  std::map<std::string, RateLimiter> allowances_;
};

// `text` with control characters as spaces and the ends trimmed.
std::string clean_chat_text(std::string_view text);
// How many characters (UTF-8 code points) `text` holds.
std::size_t count_characters(std::string_view text);

}  // namespace parlor::server
