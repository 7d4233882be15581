#include "engine/core/json_writer.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace parlor {

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (depth_ > 0) {
    if (top_has_items()) out_ += ',';
    mark_top_has_items();
  }
}

void JsonWriter::open(char bracket) {
  before_value();
  if (depth_ == kMaxDepth) throw std::length_error("JsonWriter: nested too deeply");
  out_ += bracket;
  ++depth_;
  has_items_ &= ~(std::uint64_t{1} << (depth_ - 1));
}

void JsonWriter::close(char bracket) {
  out_ += bracket;
  if (depth_ > 0) --depth_;
}

namespace {
bool needs_escaping(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return c < 0x20 || c == '"' || c == '\\';
  });
}
}  // namespace

// Keys are written for every member of every view: a plain key (all of them, in practice)
// is copied whole rather than checked and copied a character at a time.
void JsonWriter::key(std::string_view name) {
  if (top_has_items()) out_ += ',';
  if (depth_ > 0) mark_top_has_items();
  after_key_ = true;
  if (needs_escaping(name)) {
    append_string(name);
  } else {
    out_ += '"';
    out_ += name;
    out_ += '"';
  }
  out_ += ':';
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
  // Card notation needs no escaping; a standard card (the common case) is two letters
  // written without building a string.
  if (card.is_standard()) {
    const char quoted[] = {'"', rank_symbol(card.rank())[0], suit_symbol(card.suit()), '"'};
    out_.append(quoted, sizeof quoted);
    return;
  }
  out_ += '"';
  out_ += card.str();
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

// Most text needs no escaping: copy each clean run in one append rather than a character
// at a time (views write hundreds of strings per move).
void JsonWriter::append_string(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out_ += '"';
  std::size_t clean_from = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out_.append(text, clean_from, i - clean_from);
    clean_from = i + 1;
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
        out_ += "\\u00";
        out_ += kHex[(c >> 4) & 0xf];
        out_ += kHex[c & 0xf];
    }
  }
  out_.append(text, clean_from, text.size() - clean_from);
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
