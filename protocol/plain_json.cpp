#include "protocol/plain_json.hpp"

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

namespace parlor::protocol {
namespace {

using Json = nlohmann::json;

// Requests nest two or three levels; anything deeper goes to the full parser.
constexpr int kMaxDepth = 8;

class PlainReader {
 public:
  explicit PlainReader(std::string_view text) : text_(text) {}

  // The whole text as one value, or false if it is not plain JSON.
  bool read_document(Json& out) {
    if (!read_value(out, 0)) return false;
    skip_space();
    return at_ == text_.size();
  }

 private:
  void skip_space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t')) {
      ++at_;
    }
  }

  bool consume(char expected) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == expected) {
      ++at_;
      return true;
    }
    return false;
  }

  bool read_value(Json& out, int depth) {
    skip_space();
    if (at_ >= text_.size()) return false;
    switch (text_[at_]) {
      case '{':
        return depth < kMaxDepth && read_object(out, depth + 1);
      case '[':
        return depth < kMaxDepth && read_array(out, depth + 1);
      case '"': {
        std::string_view text;
        if (!read_string(text)) return false;
        out = std::string(text);
        return true;
      }
      case 't':
        return read_word("true", out, true);
      case 'f':
        return read_word("false", out, false);
      case 'n':
        return read_word("null", out, nullptr);
      default:
        return read_integer(out);
    }
  }

  template <class Value>
  bool read_word(std::string_view word, Json& out, Value value) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    out = value;
    return true;
  }

  // Printable ASCII only: no escapes to decode and no UTF-8 to validate.
  bool read_string(std::string_view& out) {
    const std::size_t start = ++at_;  // past the opening quote
    while (at_ < text_.size()) {
      const auto c = static_cast<unsigned char>(text_[at_]);
      if (c == '"') {
        out = text_.substr(start, at_ - start);
        ++at_;
        return true;
      }
      if (c < 0x20 || c >= 0x7f || c == '\\') return false;
      ++at_;
    }
    return false;
  }

  // JSON integers: an optional minus, then 0 or digits without a leading zero. Fractions,
  // exponents and integers that overflow 64 bits are the full parser's.
  bool read_integer(Json& out) {
    const std::size_t start = at_;
    const bool negative = text_[at_] == '-';
    if (negative) ++at_;
    const std::size_t digits = at_;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
    const std::size_t count = at_ - digits;
    if (count == 0 || (count > 1 && text_[digits] == '0')) return false;
    if (at_ < text_.size() && (text_[at_] == '.' || text_[at_] == 'e' || text_[at_] == 'E')) {
      return false;
    }
    const char* first = text_.data() + start;
    const char* last = text_.data() + at_;
    if (negative) {
      std::int64_t value = 0;
      auto [end, error] = std::from_chars(first, last, value);
      if (error != std::errc() || end != last) return false;
      out = value;
    } else {
      std::uint64_t value = 0;
      auto [end, error] = std::from_chars(first, last, value);
      if (error != std::errc() || end != last) return false;
      out = value;
    }
    return true;
  }

  bool read_object(Json& out, int depth) {
    ++at_;  // '{'
    out = Json::object();
    if (consume('}')) return true;
    do {
      skip_space();
      std::string_view key;
      if (at_ >= text_.size() || text_[at_] != '"' || !read_string(key)) return false;
      if (!consume(':')) return false;
      Json value;
      if (!read_value(value, depth)) return false;
      out[std::string(key)] = std::move(value);  // a repeated key: the last one stays
    } while (consume(','));
    return consume('}');
  }

  bool read_array(Json& out, int depth) {
    ++at_;  // '['
    out = Json::array();
    if (consume(']')) return true;
    do {
      Json value;
      if (!read_value(value, depth)) return false;
      out.push_back(std::move(value));
    } while (consume(','));
    return consume(']');
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

std::optional<nlohmann::json> parse_plain_json(std::string_view text) {
  Json value;
  PlainReader reader(text);
  if (!reader.read_document(value)) return std::nullopt;
  return value;
}

}  // namespace parlor::protocol
