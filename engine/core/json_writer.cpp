#include "engine/core/json_writer.hpp"

#include <charconv>

namespace parlor {

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!has_items_.empty()) {
    if (has_items_.back()) out_ += ',';
    has_items_.back() = true;
  }
}

void JsonWriter::open(char bracket) {
  before_value();
  out_ += bracket;
  has_items_.push_back(false);
}

void JsonWriter::close(char bracket) {
  out_ += bracket;
  if (!has_items_.empty()) has_items_.pop_back();
}

void JsonWriter::key(std::string_view name) {
  if (has_items_.back()) out_ += ',';
  has_items_.back() = true;
  append_string(name);
  out_ += ':';
  after_key_ = true;
}

void JsonWriter::value(std::string_view text) {
  before_value();
  append_string(text);
}

void JsonWriter::value(bool flag) {
  before_value();
  out_ += flag ? "true" : "false";
}

void JsonWriter::value(std::nullptr_t) {
  before_value();
  out_ += "null";
}

void JsonWriter::value(Card card) {
  before_value();
  out_ += '"';
  out_ += card.str();  // card notation needs no escaping
  out_ += '"';
}

void JsonWriter::value(const nlohmann::json& tree) {
  raw(tree.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

void JsonWriter::raw(std::string_view json_text) {
  before_value();
  out_ += json_text;
}

void JsonWriter::cards(const std::vector<Card>& cards) { this->cards(cards.begin(), cards.end()); }

void JsonWriter::append_string(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out_ += '"';
  for (char c : text) {
    switch (c) {
      case '"':
        out_ += "\\\"";
        break;
      case '\\':
        out_ += "\\\\";
        break;
      case '\n':
        out_ += "\\n";
        break;
      case '\r':
        out_ += "\\r";
        break;
      case '\t':
        out_ += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out_ += "\\u00";
          out_ += kHex[(c >> 4) & 0xf];
          out_ += kHex[c & 0xf];
        } else {
          out_ += c;
        }
    }
  }
  out_ += '"';
}

void JsonWriter::append_integer(std::int64_t number) {
  char digits[24];
  auto result = std::to_chars(digits, digits + sizeof digits, number);
  out_.append(digits, result.ptr);
}

void JsonWriter::append_unsigned(std::uint64_t number) {
  char digits[24];
  auto result = std::to_chars(digits, digits + sizeof digits, number);
  out_.append(digits, result.ptr);
}

}  // namespace parlor
