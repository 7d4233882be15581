// JSON text written straight into a string, without building a tree first. Views are
// rebuilt for every seat after every move, and a tree of small heap nodes costs several
// times the text it becomes (bench/server_update_bench); a game may write its views with
// this instead (GameState::write_table_view).
//
//   JsonWriter out(text);
//   out.begin_object();
//   out.key("phase"); out.value("draw");
//   out.key("hand"); out.cards(hand);
//   out.end_object();
//
// Members and elements get their commas by themselves; strings are escaped. Misuse (a
// value where a key is due, unbalanced ends) is a programming error the tests catch by
// parsing what was written.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/card.hpp"

namespace parlor {

class JsonWriter;

// A tree's text, byte for byte as tree.dump(-1, ' ', false, error_handler_t::replace)
// writes it (JsonWriter::value): the one spelling of a tree that the protocol's messages
// and the store's columns use.
std::string json_text(const nlohmann::json& tree);

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  // The name of the next member of the open object.
  void key(std::string_view name);
  // A name written in the source (nearly every key of every view, dozens a move): inlined
  // where it is written, so its length and its check for characters to escape are worked
  // out when it is compiled, and it goes in with its quotes and colon in one append.
  template <std::size_t N>
  [[gnu::always_inline]] void key(const char (&name)[N]) {
    // To its zero (a buffer may be longer than its text): a literal's length is folded
    // when compiled, which a loop bounded by N as well defeated.
    const std::size_t length = std::char_traits<char>::length(name);
    if (needs_escaping({name, length})) {
      key(std::string_view(name, length));
      return;
    }
    char piece[N + 2];  // "name":
    piece[0] = '"';
    std::char_traits<char>::copy(piece + 1, name, length);
    piece[length + 1] = '"';
    piece[length + 2] = ':';
    if (start_member()) out_ += ',';
    out_.append(piece, length + 3);
  }

  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(const std::string& text) { value(std::string_view(text)); }
  void value(bool flag) {
    before_value();
    if (flag) {
      out_.append("true", 4);
    } else {
      out_.append("false", 5);
    }
  }
  void value(std::nullptr_t) {
    before_value();
    out_.append("null", 4);
  }
  template <class Integer>
  requires(std::integral<Integer> && !std::same_as<Integer, bool>) void value(Integer number) {
    before_value();
    // Seats, counts and small scores, most of the numbers written, are one digit.
    if constexpr (std::is_signed_v<Integer>) {
      if (number >= 0 && number <= 9) {
        out_ += static_cast<char>('0' + number);
      } else {
        append_integer(static_cast<std::int64_t>(number));
      }
    } else {
      if (number <= 9) {
        out_ += static_cast<char>('0' + number);
      } else {
        append_unsigned(static_cast<std::uint64_t>(number));
      }
    }
  }
  void value(Card card);
  // A tree built elsewhere, written byte for byte as tree.dump(-1, ' ', false,
  // error_handler_t::replace) writes it: walked here, as dump() costs a string, its
  // serializer's locale lookups and a character at a time (the store's and the protocol's
  // text of a tree come from here).
  void value(const nlohmann::json& tree);
  // A string spelled as that dump() spells it, for text that replaces a tree's dump byte
  // for byte (value(std::string_view) spells control characters and bytes that are not
  // UTF-8 its own way).
  void value_as_dumped(std::string_view text);
  // Text that is already one JSON value.
  void raw(std::string_view json_text);

  // Shorthands: an array of card strings; the members of an object written elsewhere.
  void cards(const std::vector<Card>& cards);
  template <class Iterator>
  void cards(Iterator first, Iterator last) {
    begin_array();
    for (; first != last; ++first) value(*first);
    end_array();
  }
  template <class Name, class T>
  void member(const Name& name, const T& item) {
    key(name);
    value(item);
  }
  template <class Name>
  void member_as_dumped(const Name& name, std::string_view text) {
    key(name);
    value_as_dumped(text);
  }

 private:
  static bool needs_escaping(std::string_view text) {
    for (char ch : text) {
      const auto c = static_cast<unsigned char>(ch);
      if (c < 0x20 || c == '"' || c == '\\') return true;
    }
    return false;
  }
  // Marks the open object as holding a member and a value as due; true when the member
  // needs a comma before it.
  bool start_member() {
    const bool comma = top_has_items();
    if (depth_ > 0) mark_top_has_items();
    after_key_ = true;
    return comma;
  }
  void open(char bracket);
  void close(char bracket) {
    out_ += bracket;
    if (depth_ > 0) --depth_;
  }
  // Inlined: every value and container goes through it.
  void before_value() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ > 0) {
      if (top_has_items()) out_ += ',';
      mark_top_has_items();
    }
  }
  void append_string(std::string_view text);
  void append_tree(const nlohmann::json& tree);
  void append_integer(std::int64_t number);
  void append_unsigned(std::uint64_t number);

  std::string& out_;
  // Per open container, one bit: whether it already holds an item (the next one needs a
  // comma). A fixed word rather than a vector: a writer is made per view and per seat, and
  // views nest a few levels, far below the limit (deeper nesting throws std::length_error).
  static constexpr int kMaxDepth = 64;
  bool top_has_items() const { return depth_ > 0 && (has_items_ >> (depth_ - 1)) & 1; }
  void mark_top_has_items() { has_items_ |= std::uint64_t{1} << (depth_ - 1); }
  std::uint64_t has_items_ = 0;
  int depth_ = 0;
  bool after_key_ = false;
};

}  // namespace parlor
