#include "server/room/table_chat.hpp"

namespace parlor::server {

std::string clean_chat_text(std::string_view text) {
  std::string cleaned;
  cleaned.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    // Newlines and other controls could fake extra lines or move a terminal's cursor; so
    // could the C1 controls (U+0080-U+009F, written C2 80-C2 9F; U+009B is a CSI).
    const bool c1 = byte == 0xC2 && i + 1 < text.size() &&
                    static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if (c1) ++i;
    cleaned.push_back(byte < 0x20 || byte == 0x7f || c1 ? ' ' : text[i]);
  }
  const auto first = cleaned.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  const auto last = cleaned.find_last_not_of(' ');
  return cleaned.substr(first, last - first + 1);
}

std::size_t count_characters(std::string_view text) {
  std::size_t count = 0;
  for (char c : text) {
    // Every code point has exactly one byte that is not a continuation byte (10xxxxxx).
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
  }
  return count;
}

Expected<std::string> TableChat::accept(const std::string& player_id, std::string_view text,
                                        Clock::time_point now) {
  if (is_muted(player_id)) {
    return Error{"muted", "the host muted you in this room's chat; nobody sees your lines"};
  }
  std::string line = clean_chat_text(text);
  if (line.empty()) return Error{"chat_empty", "say something"};
  if (count_characters(line) > limits_.max_characters) {
    return Error{"chat_too_long", "a chat line is at most " +
                                      std::to_string(limits_.max_characters) + " characters"};
  }
  // RateLimiter reads a rate of 0 as unlimited, which is what an interval of 0 means.
  const double lines_per_second =
      limits_.interval.count() > 0 ? 1000.0 / static_cast<double>(limits_.interval.count()) : 0;
  auto [allowance, added] =
      allowances_.try_emplace(player_id, lines_per_second, limits_.burst, now);
  if (!allowance->second.try_take(now)) {
    return Error{"chat_rate_limited", "you are chatting too fast; wait a moment"};
  }
  return line;
}

bool TableChat::set_muted(const std::string& player_id, bool muted) {
  if (muted) return muted_.insert(player_id).second;
  return muted_.erase(player_id) > 0;
}

}  // namespace parlor::server
