#include "protocol/move_reader.hpp"

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <system_error>

#include "protocol/json_reuse.hpp"

namespace parlor::protocol {
namespace {

// The members of an action request (protocol.cpp's table), by the index the reader uses.
// "type" and "id" go to the request's own fields, the rest to its members.
enum Member : std::size_t { kRoom, kAction, kAck, kAfter, kMatch, kType, kId, kMemberCount };
constexpr std::array<std::string_view, kMemberCount> kNames = {"room",  "action", "ack", "after",
                                                               "match", "type",   "id"};
static_assert(kType <= Request::kMaxMembers);

class MoveReader {
 public:
  MoveReader(std::string_view text, Request& request)
      : p_(text.data()), end_(text.data() + text.size()), request_(request) {}

  bool read() {
    skip_blanks();
    if (!take('{')) return false;
    std::array<bool, kMemberCount> seen{};
    do {
      skip_blanks();
      std::string_view key;
      if (!plain_string(&key)) return false;
      const std::size_t member = member_index(key);
      if (member == kMemberCount || seen[member]) return false;  // unknown, or again
      seen[member] = true;
      skip_blanks();
      if (!take(':')) return false;
      skip_blanks();
      if (!member_value(member)) return false;
      skip_blanks();
    } while (take(','));
    if (!take('}')) return false;
    skip_blanks();
    if (p_ != end_ || !seen[kType] || !seen[kRoom] || !seen[kAction]) return false;
    request_.type = RequestType::kAction;
    request_.type_name = "action";
    return true;
  }

 private:
  static std::size_t member_index(std::string_view key) {
    for (std::size_t i = 0; i < kMemberCount; ++i) {
      if (kNames[i] == key) return i;
    }
    return kMemberCount;
  }

  // Reads the value of `member` as the validator would accept it; false for anything
  // else (a wrong kind, a missing required value, an escaped string).
  bool member_value(std::size_t member) {
    switch (member) {
      case kType: {
        std::string_view type;
        return plain_string(&type) && type == "action";
      }
      case kId:
        // A string or an integer, or null: the reply echoes it (extract_id).
        return at('"') ? short_string(&request_.id) : null_literal() || integer(&request_.id);
      case kRoom:
        return short_string(&next_member(kRoom));
      case kAction:
        return at('{') && object(&next_member(kAction));
      case kAck:
        // An optional field given as null is absent, as the validator has it.
        return null_literal() || short_string(&next_member(kAck));
      case kAfter:
      case kMatch:
        return null_literal() || integer(&next_member(member));
      default:
        return false;
    }
  }

  Json& next_member(std::size_t member) {
    RequestMember& slot = request_.members[request_.member_count++];
    slot.name = kNames[member];
    return slot.value;
  }

  // A string of at most kMaxStringField characters, without escapes.
  bool short_string(Json* out) {
    std::string_view text;
    if (!plain_string(&text) || text.size() > kMaxStringField) return false;
    *out = std::string(text);
    return true;
  }

  // An integer as nlohmann types it: unsigned when not negative, signed when negative.
  // A fraction, an exponent or an integer out of range is the general reader's (it is a
  // float there, which the validator refuses).
  bool integer(Json* out) {
    const char* begin = p_;
    const bool negative = take('-');
    if (!at_digit()) return false;
    if (take('0')) {
      if (at_digit()) return false;  // no leading zeros in JSON
    } else {
      while (at_digit()) ++p_;
    }
    if (at('.') || at('e') || at('E')) return false;
    if (negative) {
      std::int64_t value = 0;
      if (std::from_chars(begin, p_, value).ec != std::errc()) return false;
      *out = static_cast<Json::number_integer_t>(value);
    } else {
      std::uint64_t value = 0;
      if (std::from_chars(begin, p_, value).ec != std::errc()) return false;
      *out = static_cast<Json::number_unsigned_t>(value);
    }
    return true;
  }

  // An object, read by the general reader's own parser (so built exactly alike).
  bool object(Json* out) {
    std::size_t consumed = 0;
    if (!parse_leading_value(std::string_view(p_, static_cast<std::size_t>(end_ - p_)), out,
                             &consumed)) {
      return false;
    }
    p_ += consumed;
    return true;
  }

  // A string of printable ASCII without escapes; anything else is the general reader's.
  bool plain_string(std::string_view* out) {
    if (!take('"')) return false;
    const char* begin = p_;
    while (p_ < end_ && *p_ != '"') {
      const auto c = static_cast<unsigned char>(*p_);
      if (c < 0x20 || c > 0x7e || c == '\\') return false;
      ++p_;
    }
    if (p_ == end_) return false;
    *out = std::string_view(begin, static_cast<std::size_t>(p_ - begin));
    ++p_;
    return true;
  }

  bool null_literal() {
    if (end_ - p_ < 4 || std::string_view(p_, 4) != "null") return false;
    p_ += 4;
    return true;
  }

  void skip_blanks() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }
  bool at(char c) const { return p_ < end_ && *p_ == c; }
  bool at_digit() const { return p_ < end_ && *p_ >= '0' && *p_ <= '9'; }
  bool take(char c) {
    if (!at(c)) return false;
    ++p_;
    return true;
  }

  const char* p_;
  const char* end_;
  Request& request_;
};

}  // namespace

bool read_move(std::string_view text, Request* out) {
  // parse_leading_value leaves UTF-8 unchecked: text with any byte above 0x7f is the
  // general reader's, which checks it. Eight bytes at a time.
  constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
  std::uint64_t high = 0;
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + i, 8);
    high |= word;
  }
  for (; i < text.size(); ++i) high |= static_cast<unsigned char>(text[i]);
  if ((high & kHighBits) != 0) return false;
  return MoveReader(text, *out).read();
}

}  // namespace parlor::protocol
