// A pre-scanner for JSON text: finds a few members of an object without building a DOM.
//
// The load generator receives every update of every seat but acts on about one in four,
// so it reads `type`, `seq`, `seat` and the view's `waiting` straight from the text and
// parses a view fully only when the seat must choose a move. Values are returned as raw
// slices of the text (strings with their quotes, escapes untouched); keys are compared
// raw, which is exact for the protocol's plain ASCII keys.
//
// Malformed input never reads out of bounds: a scan that runs off the end reports
// "not found".
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace parlor::cli::net::scan {

// Finds members of the object `object` (text starting at '{', leading blanks allowed).
// For each key in `keys` that is present, the matching `values` slot gets the value's
// text. Returns false if `object` is not a well-formed object.
template <std::size_t N>
bool members(std::string_view object, const std::string_view (&keys)[N],
             std::string_view (&values)[N]);

// As members(), and when the member keys[nested] is an object, finds `inner_keys` in it
// in the same pass (`inner_values`): an update's view is most of its bytes, and this reads
// them once instead of twice.
template <std::size_t N, std::size_t M>
bool members(std::string_view object, const std::string_view (&keys)[N],
             std::string_view (&values)[N], std::size_t nested,
             const std::string_view (&inner_keys)[M], std::string_view (&inner_values)[M]);

// The value's text when it is a JSON string without escapes, else nullopt.
std::optional<std::string_view> plain_string(std::string_view value);
// The value as an integer, else nullopt.
std::optional<std::int64_t> integer(std::string_view value);
// True for the literal `true`.
bool is_true(std::string_view value);
// True when `array` (text starting at '[') holds the integer `wanted` at its top level.
bool array_has_integer(std::string_view array, std::int64_t wanted);

namespace detail {
// Reads one member of an object: on entry `*pos` is just after '{' or after the previous
// value. Returns 1 with the key and value, 0 at the closing '}', -1 on malformed input.
int next_member(std::string_view text, std::size_t* pos, std::string_view* key,
                std::string_view* value);
// As next_member up to the value: on 1, `*pos` is at the value's first character.
int next_key(std::string_view text, std::size_t* pos, std::string_view* key);
// Skips the value at `*pos`; false if malformed.
bool skip_value(std::string_view text, std::size_t* pos);
// Where an object's members start (just after '{'), or npos.
std::size_t object_start(std::string_view object);

template <std::size_t N>
void note(std::string_view key, std::string_view value, const std::string_view (&keys)[N],
          std::string_view (&values)[N]) {
  for (std::size_t i = 0; i < N; ++i) {
    if (values[i].data() == nullptr && key == keys[i]) {
      values[i] = value;
      return;
    }
  }
}
}  // namespace detail

template <std::size_t N, std::size_t M>
bool members(std::string_view object, const std::string_view (&keys)[N],
             std::string_view (&values)[N], std::size_t nested,
             const std::string_view (&inner_keys)[M], std::string_view (&inner_values)[M]) {
  std::size_t pos = detail::object_start(object);
  if (pos == std::string_view::npos) return false;
  std::string_view key;
  for (;;) {
    int status = detail::next_key(object, &pos, &key);
    if (status == 0) return true;
    if (status < 0) return false;
    const std::size_t start = pos;
    if (key == keys[nested] && object[pos] == '{') {
      // Walk the inner object member by member; `pos` ends just past its '}'.
      ++pos;
      std::string_view inner_key;
      std::string_view inner_value;
      for (;;) {
        status = detail::next_member(object, &pos, &inner_key, &inner_value);
        if (status < 0) return false;
        if (status == 0) break;
        detail::note(inner_key, inner_value, inner_keys, inner_values);
      }
    } else if (!detail::skip_value(object, &pos)) {
      return false;
    }
    detail::note(key, object.substr(start, pos - start), keys, values);
  }
}

template <std::size_t N>
bool members(std::string_view object, const std::string_view (&keys)[N],
             std::string_view (&values)[N]) {
  std::size_t pos = detail::object_start(object);
  if (pos == std::string_view::npos) return false;
  std::size_t found = 0;
  std::string_view key;
  std::string_view value;
  for (;;) {
    int status = detail::next_member(object, &pos, &key, &value);
    if (status == 0) return true;
    if (status < 0) return false;
    for (std::size_t i = 0; i < N; ++i) {
      if (values[i].data() == nullptr && key == keys[i]) {
        values[i] = value;
        if (++found == N) return true;
        break;
      }
    }
  }
}

}  // namespace parlor::cli::net::scan
