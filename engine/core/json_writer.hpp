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
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/card.hpp"

namespace parlor {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  // The name of the next member of the open object.
  void key(std::string_view name);

  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(const std::string& text) { value(std::string_view(text)); }
  void value(bool flag);
  void value(std::nullptr_t);
  template <class Integer>
  requires(std::integral<Integer> && !std::same_as<Integer, bool>) void value(Integer number) {
    before_value();
    if constexpr (std::is_signed_v<Integer>) {
      append_integer(static_cast<std::int64_t>(number));
    } else {
      append_unsigned(static_cast<std::uint64_t>(number));
    }
  }
  void value(Card card);
  // A tree built elsewhere (a round's result kept as JSON, say), serialized here.
  void value(const nlohmann::json& tree);
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
  template <class T>
  void member(std::string_view name, const T& item) {
    key(name);
    value(item);
  }

 private:
  void open(char bracket);
  void close(char bracket);
  void before_value();
  void append_string(std::string_view text);
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
