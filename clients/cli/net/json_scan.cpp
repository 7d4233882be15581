#include "clients/cli/net/json_scan.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace parlor::cli::net::scan {
namespace {

constexpr int kMaxDepth = 256;

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

void skip_blanks(std::string_view text, std::size_t* pos) {
  while (*pos < text.size() && is_blank(text[*pos])) ++*pos;
}

// The closing quote of a string whose body starts at `p`, or `end`. Strings here are short
// (keys, card codes): a plain loop beats a memchr call.
const char* closing_quote(const char* p, const char* end) {
  while (p < end && *p != '"') {
    if (*p == '\\' && ++p == end) break;
    ++p;
  }
  return p;
}

// On entry text[*pos] is the opening quote; on success *pos is just past the closing one.
bool skip_string(std::string_view text, std::size_t* pos) {
  const char* const end = text.data() + text.size();
  const char* p = closing_quote(text.data() + *pos + 1, end);
  if (p == end) return false;
  *pos = static_cast<std::size_t>(p + 1 - text.data());
  return true;
}

// Skips an object or array, strings inside included; text[*pos] is '{' or '['. Every byte
// of every update passes through here (the view is most of an update), so it looks at 16
// bytes at a time for the few that matter: quotes, backslashes and brackets.
bool skip_container(std::string_view text, std::size_t* pos) {
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  const char* p = begin + *pos;
  int depth = 0;
  bool in_string = false;
  const char* escaped = nullptr;  // the character after a backslash in a string
  // 1: the container closed at q; -1: too deep; 0: go on.
  auto step = [&](const char* q) {
    if (q == escaped) return 0;
    const char c = *q;
    if (in_string) {
      if (c == '"') {
        in_string = false;
      } else if (c == '\\') {
        escaped = q + 1;
      }
      return 0;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxDepth) return -1;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return 1;
    }
    return 0;
  };
  // '[' and ']' are '{' and '}' with bit 0x20 clear: folding that bit in finds all four
  // with two comparisons.
  auto special = [](char c) {
    return c == '"' || c == '\\' || (c | 0x20) == '{' || (c | 0x20) == '}';
  };
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i open = _mm_set1_epi8('{');
  const __m128i close = _mm_set1_epi8('}');
  const __m128i fold = _mm_set1_epi8(0x20);
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i folded = _mm_or_si128(v, fold);
    const __m128i hits =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                     _mm_or_si128(_mm_cmpeq_epi8(folded, open), _mm_cmpeq_epi8(folded, close)));
    auto mask = static_cast<unsigned>(_mm_movemask_epi8(hits));
    while (mask != 0) {
      const char* q = p + __builtin_ctz(mask);
      mask &= mask - 1;
      const int status = step(q);
      if (status < 0) return false;
      if (status > 0) {
        *pos = static_cast<std::size_t>(q + 1 - begin);
        return true;
      }
    }
    p += 16;
  }
#endif
  for (; p < end; ++p) {
    if (!special(*p)) continue;
    const int status = step(p);
    if (status < 0) return false;
    if (status > 0) {
      *pos = static_cast<std::size_t>(p + 1 - begin);
      return true;
    }
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

}  // namespace

namespace detail {

bool skip_value(std::string_view text, std::size_t* pos) {
  if (*pos >= text.size()) return false;
  char c = text[*pos];
  if (c == '"') return skip_string(text, pos);
  if (c == '{' || c == '[') return skip_container(text, pos);
  return skip_scalar(text, pos);
}

std::size_t object_start(std::string_view object) {
  std::size_t pos = object.find_first_not_of(" \t\r\n");
  if (pos == std::string_view::npos || object[pos] != '{') return std::string_view::npos;
  return pos + 1;
}

int next_member(std::string_view text, std::size_t* pos, std::string_view* key,
                std::string_view* value) {
  const int status = next_key(text, pos, key);
  if (status <= 0) return status;
  std::size_t value_start = *pos;
  if (!skip_value(text, pos)) return -1;
  *value = text.substr(value_start, *pos - value_start);
  return 1;
}

int next_key(std::string_view text, std::size_t* pos, std::string_view* key) {
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
  return *pos < text.size() ? 1 : -1;
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
    if (!detail::skip_value(array, &pos)) return false;
    if (integer(array.substr(start, pos - start)) == wanted) return true;
  }
}

}  // namespace parlor::cli::net::scan
