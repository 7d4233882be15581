#include "protocol/move_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <system_error>

#include "protocol/json_reuse.hpp"
#include "protocol/request_specs.hpp"

namespace parlor::protocol {
namespace {

// Reads a request of one type whose members are those of its entry in the request table
// (request_specs.hpp), each checked by its kind there: so the two readers cannot disagree
// on what a field may hold.
class SpecReader {
 public:
  SpecReader(std::string_view text, const MessageSpec& spec, Request& request)
      : p_(text.data()), end_(text.data() + text.size()), spec_(spec), request_(request) {}

  bool read() {
    if (spec_.fields.size() > Request::kMaxMembers) return false;
    skip_blanks();
    if (!take('{')) return false;
    std::uint64_t seen = 0;  // bit i: field i; the two above the fields: type and id
    const std::size_t type_bit = spec_.fields.size();
    const std::size_t id_bit = type_bit + 1;
    do {
      skip_blanks();
      std::string_view key;
      if (!plain_string(&key)) return false;
      const std::size_t member = key == "type" ? type_bit : key == "id" ? id_bit : field_index(key);
      if (member == kUnknown || (seen >> member & 1) != 0) return false;  // unknown, or again
      seen |= std::uint64_t{1} << member;
      skip_blanks();
      if (!take(':')) return false;
      skip_blanks();
      const bool read = member == type_bit ? type_value()
                        : member == id_bit ? id_value()
                                           : field_value(spec_.fields[member]);
      if (!read) return false;
      skip_blanks();
    } while (take(','));
    if (!take('}')) return false;
    skip_blanks();
    if (p_ != end_ || (seen >> type_bit & 1) == 0) return false;
    for (std::size_t i = 0; i < spec_.fields.size(); ++i) {
      // A required field that is missing (or null) is the general reader's to word.
      if (spec_.fields[i].required && !request_.find(spec_.fields[i].name)) return false;
    }
    request_.type = spec_.type;
    request_.type_name = spec_.name;
    return true;
  }

 private:
  static constexpr std::size_t kUnknown = 64;

  std::size_t field_index(std::string_view key) const {
    for (std::size_t i = 0; i < spec_.fields.size(); ++i) {
      if (key == spec_.fields[i].name) return i;
    }
    return kUnknown;
  }

  bool type_value() {
    std::string_view type;
    return plain_string(&type) && type == spec_.name;
  }

  // A string or an integer, or null: the reply echoes it (extract_id).
  bool id_value() {
    if (at('"')) return short_string(kMaxStringField, &request_.id);
    return null_literal() || integer(&request_.id);
  }

  // A field given as null is absent, as the validator has it (if it is required, the
  // check at the end leaves the request to the general reader).
  bool field_value(const FieldSpec& field) {
    if (null_literal()) return true;
    RequestMember& slot = request_.members[request_.member_count++];
    slot.name = field.name;
    switch (field.kind) {
      case FieldKind::kString:
        return short_string(kMaxStringField, &slot.value);
      case FieldKind::kText:
        return short_string(kMaxTextField, &slot.value);
      case FieldKind::kInt:
        return integer(&slot.value);
      case FieldKind::kBool:
        return boolean(&slot.value);
      case FieldKind::kObject:
        return at('{') && object(&slot.value);
    }
    return false;
  }

  // A string of at most `limit` bytes, without escapes.
  bool short_string(std::size_t limit, Json* out) {
    std::string_view text;
    if (!plain_string(&text) || text.size() > limit) return false;
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

  bool boolean(Json* out) {
    if (literal("true")) {
      *out = true;
    } else if (literal("false")) {
      *out = false;
    } else {
      return false;
    }
    return true;
  }

  // An object, read by the general reader's own parser (so built exactly alike). That
  // parser leaves UTF-8 unchecked, so an object with a byte above 0x7f is the general
  // reader's, which checks it.
  bool object(Json* out) {
    std::size_t consumed = 0;
    if (!parse_leading_value(std::string_view(p_, static_cast<std::size_t>(end_ - p_)), out,
                             &consumed)) {
      return false;
    }
    const char* begin = p_;
    p_ += consumed;
    return std::none_of(begin, p_, [](char c) { return static_cast<unsigned char>(c) > 0x7f; });
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

  bool null_literal() { return literal("null"); }
  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() ||
        std::string_view(p_, word.size()) != word) {
      return false;
    }
    p_ += word.size();
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
  const MessageSpec& spec_;
  Request& request_;
};

}  // namespace

bool read_move(std::string_view text, Request* out) {
  static const MessageSpec& action = message_spec(RequestType::kAction);
  return SpecReader(text, action, *out).read();
}

}  // namespace parlor::protocol
