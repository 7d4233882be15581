#include "engine/core/json_writer.hpp"

#include <array>
#include <charconv>
#include <stdexcept>

namespace parlor {

void JsonWriter::open(char bracket) {
  before_value();
  if (depth_ == kMaxDepth) throw std::length_error("JsonWriter: nested too deeply");
  out_ += bracket;
  ++depth_;
  has_items_ &= ~(std::uint64_t{1} << (depth_ - 1));
}

// Keys are written for every member of every view: a plain key (all of them, in practice)
// is copied whole rather than checked and copied a character at a time.
void JsonWriter::key(std::string_view name) {
  if (start_member()) out_ += ',';
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

namespace {
// A standard card's notation in quotes, by its code: written with one append of four bytes
// (a hand is written for each seat after each move). The tests hold it to Card::str.
constexpr std::array<std::array<char, 4>, 52> kQuotedStandardCards = [] {
  constexpr std::string_view ranks = "23456789TJQKA";  // index = rank - 2
  constexpr std::string_view suits = "CDHS";           // index = Suit
  std::array<std::array<char, 4>, 52> quoted{};
  for (int code = 0; code < 52; ++code) {
    quoted[code] = {'"', ranks[code / 4], suits[code % 4], '"'};
  }
  return quoted;
}();

void append_card(std::string& out, Card card) {
  if (card.is_standard()) {
    out.append(kQuotedStandardCards[card.code()].data(), 4);
    return;
  }
  out += '"';
  out += card.str();  // card notation needs no escaping
  out += '"';
}
}  // namespace

void JsonWriter::value(Card card) {
  before_value();
  append_card(out_, card);
}

std::string json_text(const nlohmann::json& tree) {
  std::string text;
  text.reserve(128);  // an action, a small message: one allocation rather than a few
  JsonWriter writer(text);
  writer.value(tree);
  return text;
}

void JsonWriter::value(const nlohmann::json& tree) {
  before_value();
  append_tree(tree);
}

namespace {
// Text dump() copies as it is: printable ASCII but the quote and the backslash. (dump()
// spells other bytes its own way: "\b", "\f", U+FFFD for bytes that are not UTF-8.)
bool copied_as_is(std::string_view text) {
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') return false;
  }
  return true;
}

void append_dumped(std::string& out, const nlohmann::json& tree) {
  out += tree.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void append_dumped_string(std::string& out, std::string_view text) {
  if (copied_as_is(text)) {
    out += '"';
    out += text;
    out += '"';
  } else {
    append_dumped(out, nlohmann::json(std::string(text)));
  }
}
}  // namespace

void JsonWriter::value_as_dumped(std::string_view text) {
  before_value();
  append_dumped_string(out_, text);
}

// Members in the tree's order (an object's keys sorted), as dump() writes them; numbers
// other than integers, and strings dump() would spell differently, are left to dump().
void JsonWriter::append_tree(const nlohmann::json& tree) {
  using Type = nlohmann::json::value_t;
  switch (tree.type()) {
    case Type::object: {
      out_ += '{';
      bool first = true;
      for (const auto& [name, member] : tree.get_ref<const nlohmann::json::object_t&>()) {
        if (!first) out_ += ',';
        first = false;
        append_dumped_string(out_, name);
        out_ += ':';
        append_tree(member);
      }
      out_ += '}';
      return;
    }
    case Type::array: {
      out_ += '[';
      bool first = true;
      for (const nlohmann::json& item : tree.get_ref<const nlohmann::json::array_t&>()) {
        if (!first) out_ += ',';
        first = false;
        append_tree(item);
      }
      out_ += ']';
      return;
    }
    case Type::string:
      append_dumped_string(out_, tree.get_ref<const std::string&>());
      return;
    case Type::number_integer:
      append_integer(tree.get<std::int64_t>());
      return;
    case Type::number_unsigned:
      append_unsigned(tree.get<std::uint64_t>());
      return;
    case Type::boolean:
      if (tree.get<bool>()) {
        out_.append("true", 4);
      } else {
        out_.append("false", 5);
      }
      return;
    case Type::null:
      out_.append("null", 4);
      return;
    default:  // doubles, binary, discarded
      append_dumped(out_, tree);
  }
}

void JsonWriter::raw(std::string_view json_text) {
  before_value();
  out_ += json_text;
}

// A whole array at once: room for it made once, no per-card bookkeeping.
void JsonWriter::cards(const std::vector<Card>& cards) {
  before_value();
  out_.reserve(out_.size() + 2 + 5 * cards.size());
  out_ += '[';
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i > 0) out_ += ',';
    append_card(out_, cards[i]);
  }
  out_ += ']';
}

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
