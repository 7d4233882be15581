#include "clients/cli/net/json_scan.hpp"

#include <cstring>

namespace parlor::cli::net::scan {
namespace {

constexpr int kMaxDepth = 256;

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

void skip_blanks(std::string_view text, std::size_t* pos) {
  while (*pos < text.size() && is_blank(text[*pos])) ++*pos;
}

// On entry text[*pos] is the opening quote; on success *pos is just past the closing one.
bool skip_string(std::string_view text, std::size_t* pos) {
  std::size_t i = *pos + 1;
  for (;;) {
    const void* hit = std::memchr(text.data() + i, '"', text.size() - i);
    if (hit == nullptr) return false;
    std::size_t quote = static_cast<std::size_t>(static_cast<const char*>(hit) - text.data());
    std::size_t backslashes = 0;
    while (quote - backslashes > i && text[quote - backslashes - 1] == '\\') ++backslashes;
    i = quote + 1;
    if (backslashes % 2 == 0) break;  // not escaped
  }
  *pos = i;
  return true;
}

// Skips an object or array, strings inside included; text[*pos] is '{' or '['.
bool skip_container(std::string_view text, std::size_t* pos) {
  int depth = 0;
  std::size_t i = *pos;
  while (i < text.size()) {
    char c = text[i];
    if (c == '"') {
      if (!skip_string(text, &i)) return false;
      continue;
    }
    if (c == '{' || c == '[') {
      if (++depth > kMaxDepth) return false;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) {
        *pos = i + 1;
        return true;
      }
    }
    ++i;
  }
  return false;
}

// Skips a number or a literal (true, false, null).
bool skip_scalar(std::string_view text, std::size_t* pos) {
  std::size_t start = *pos;
  while (*pos < text.size()) {
    char c = text[*pos];
    if (c == ',' || c == '}' || c == ']' || is_blank(c)) break;
    ++*pos;
  }
  return *pos > start;
}

bool skip_value(std::string_view text, std::size_t* pos) {
  if (*pos >= text.size()) return false;
  char c = text[*pos];
  if (c == '"') return skip_string(text, pos);
  if (c == '{' || c == '[') return skip_container(text, pos);
  return skip_scalar(text, pos);
}

}  // namespace

namespace detail {

int next_member(std::string_view text, std::size_t* pos, std::string_view* key,
                std::string_view* value) {
  skip_blanks(text, pos);
  if (*pos >= text.size()) return -1;
  if (text[*pos] == ',') {
    ++*pos;
    skip_blanks(text, pos);
  } else if (text[*pos] == '}') {
    ++*pos;
    return 0;
  }
  if (*pos >= text.size() || text[*pos] != '"') return -1;
  std::size_t key_start = *pos;
  if (!skip_string(text, pos)) return -1;
  *key = text.substr(key_start + 1, *pos - key_start - 2);
  skip_blanks(text, pos);
  if (*pos >= text.size() || text[*pos] != ':') return -1;
  ++*pos;
  skip_blanks(text, pos);
  std::size_t value_start = *pos;
  if (!skip_value(text, pos)) return -1;
  *value = text.substr(value_start, *pos - value_start);
  return 1;
}

}  // namespace detail

std::optional<std::string_view> plain_string(std::string_view value) {
  if (value.size() < 2 || value.front() != '"' || value.back() != '"') return std::nullopt;
  std::string_view inner = value.substr(1, value.size() - 2);
  if (inner.find('\\') != std::string_view::npos) return std::nullopt;
  return inner;
}

std::optional<std::int64_t> integer(std::string_view value) {
  if (value.empty() || value.size() > 18) return std::nullopt;
  bool negative = value.front() == '-';
  std::size_t i = negative ? 1 : 0;
  if (i == value.size()) return std::nullopt;
  std::int64_t result = 0;
  for (; i < value.size(); ++i) {
    char c = value[i];
    if (c < '0' || c > '9') return std::nullopt;
    result = result * 10 + (c - '0');
  }
  return negative ? -result : result;
}

bool is_true(std::string_view value) { return value == "true"; }

bool array_has_integer(std::string_view array, std::int64_t wanted) {
  std::size_t pos = 0;
  skip_blanks(array, &pos);
  if (pos >= array.size() || array[pos] != '[') return false;
  ++pos;
  for (;;) {
    skip_blanks(array, &pos);
    if (pos >= array.size() || array[pos] == ']') return false;
    if (array[pos] == ',') {
      ++pos;
      skip_blanks(array, &pos);
    }
    std::size_t start = pos;
    if (!skip_value(array, &pos)) return false;
    if (integer(array.substr(start, pos - start)) == wanted) return true;
  }
}

}  // namespace parlor::cli::net::scan
