#include "engine/core/json_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <vector>

namespace parlor {
namespace {

using Json = nlohmann::json;

// As deep as nlohmann goes in practice without exhausting the stack.
constexpr int kMaxDepth = 512;

class ReusingParser {
 public:
  bool document(std::string_view text, Json* out) {
    begin(text);
    skip_blanks();
    if (!value(*out, 0)) return false;
    skip_blanks();
    return p_ == end_;
  }

  // One value at the very start of `text`; how far it went in `*consumed`.
  bool leading_value(std::string_view text, Json* out, std::size_t* consumed) {
    begin(text);
    if (!value(*out, 0)) return false;
    *consumed = static_cast<std::size_t>(p_ - text.data());
    return true;
  }

 private:
  void begin(std::string_view text) {
    p_ = text.data();
    end_ = text.data() + text.size();
    touched_.clear();
  }

  void skip_blanks() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  bool value(Json& out, int depth) {
    if (p_ == end_) return false;
    switch (*p_) {
      case '{':
        return object(out, depth);
      case '[':
        return array(out, depth);
      case '"': {
        if (!out.is_string()) out = Json::string_t();
        std::string_view plain;
        std::string& s = out.get_ref<Json::string_t&>();
        if (!string(&plain, &s)) return false;
        if (plain.data() != nullptr) s.assign(plain);
        return true;
      }
      case 't':
        if (!literal("true")) return false;
        set(out, true);
        return true;
      case 'f':
        if (!literal("false")) return false;
        set(out, false);
        return true;
      case 'n':
        if (!literal("null")) return false;
        if (!out.is_null()) out = nullptr;
        return true;
      default:
        return number(out);
    }
  }

  // Scalars are stored over a scalar of the same type: nlohmann's assignment builds a
  // temporary, swaps and destroys, three times the work.
  // (By exact type: nlohmann's get_ptr<number_integer_t*> also accepts an unsigned.)
  template <class T>
  static void set(Json& out, T v) {
    if (out.type() == Json(v).type()) {
      *out.get_ptr<T*>() = v;
    } else {
      out = v;
    }
  }

  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() ||
        std::memcmp(p_, word.data(), word.size()) != 0) {
      return false;
    }
    p_ += word.size();
    return true;
  }

  bool object(Json& out, int depth) {
    if (depth >= kMaxDepth) return false;
    ++p_;
    if (!out.is_object()) out = Json::object();
    Json::object_t& members = out.get_ref<Json::object_t&>();
    skip_blanks();
    if (p_ < end_ && *p_ == '}') {
      ++p_;
      members.clear();
      return true;
    }
    if (members.empty()) return fresh_object(members, depth);
    // Keys met in this object, so that members the new text lacks can be dropped after.
    const std::size_t mark = touched_.size();
    for (bool more = true; more;) {
      std::string_view key;
      if (!member_key(&key)) return false;
      auto it = members.find(key);
      if (it == members.end()) it = members.emplace(std::string(key), Json()).first;
      touched_.push_back(&it->first);
      if (!value(it->second, depth + 1) || !after_member(&more)) return false;
    }
    // Members the text lacks (left from the previous tree) are stale. Without repeated keys
    // they are exactly the surplus of members over keys met; a repeated key counts twice,
    // though, so equal counts can hide as many stale members as there were repeats
    // ({"a":1,"b":2} then {"a":1,"a":1} would keep "b"): look for a repeat then.
    bool stale = members.size() != touched_.size() - mark;
    if (!stale && touched_.size() - mark > 1) {
      repeats_.assign(touched_.begin() + static_cast<std::ptrdiff_t>(mark), touched_.end());
      std::sort(repeats_.begin(), repeats_.end());
      stale = std::adjacent_find(repeats_.begin(), repeats_.end()) != repeats_.end();
    }
    if (stale) {
      for (auto it = members.begin(); it != members.end();) {
        bool seen = false;
        for (std::size_t i = mark; i < touched_.size() && !seen; ++i)
          seen = touched_[i] == &it->first;
        it = seen ? std::next(it) : members.erase(it);
      }
    }
    touched_.resize(mark);
    return true;
  }

  // An object read into an empty one (a move's action, say): every member it ends with
  // came from this text, so there is nothing stale to look for afterwards. A repeated key
  // is read into the member it made, so the last value wins, as with nlohmann.
  bool fresh_object(Json::object_t& members, int depth) {
    for (bool more = true; more;) {
      std::string_view key;
      if (!member_key(&key)) return false;
      auto it = members.try_emplace(std::string(key)).first;
      if (!value(it->second, depth + 1) || !after_member(&more)) return false;
    }
    return true;
  }

  // A member's key and its colon (and the blanks around them).
  bool member_key(std::string_view* key) {
    skip_blanks();
    if (p_ == end_ || *p_ != '"') return false;
    if (!string(key, &key_)) return false;
    if (key->data() == nullptr) *key = key_;
    skip_blanks();
    if (p_ == end_ || *p_ != ':') return false;
    ++p_;
    skip_blanks();
    return true;
  }

  // After a member's value: a comma (`*more`) or the object's end.
  bool after_member(bool* more) {
    skip_blanks();
    if (p_ == end_) return false;
    *more = *p_ == ',';
    if (*p_ != ',' && *p_ != '}') return false;
    ++p_;
    return true;
  }

  bool array(Json& out, int depth) {
    if (depth >= kMaxDepth) return false;
    ++p_;
    if (!out.is_array()) out = Json::array();
    Json::array_t& items = out.get_ref<Json::array_t&>();
    skip_blanks();
    if (p_ < end_ && *p_ == ']') {
      ++p_;
      items.clear();
      return true;
    }
    std::size_t count = 0;
    for (;;) {
      if (count == items.size()) items.emplace_back();
      if (!value(items[count], depth + 1)) return false;
      ++count;
      skip_blanks();
      if (p_ == end_) return false;
      if (*p_ == ',') {
        ++p_;
        skip_blanks();
        continue;
      }
      if (*p_ != ']') return false;
      ++p_;
      break;
    }
    items.resize(count);
    return true;
  }

  // On entry *p_ is the opening quote. A string without escapes comes back as a slice of
  // the text in `*plain`; otherwise `*plain` stays null and `*decoded` holds it.
  bool string(std::string_view* plain, std::string* decoded) {
    const char* start = ++p_;
    while (p_ < end_ && *p_ != '"' && *p_ != '\\' && static_cast<unsigned char>(*p_) >= 0x20) ++p_;
    if (p_ == end_) return false;
    if (*p_ == '"') {
      *plain = std::string_view(start, static_cast<std::size_t>(p_ - start));
      ++p_;
      return true;
    }
    *plain = {};
    decoded->assign(start, static_cast<std::size_t>(p_ - start));
    for (;;) {
      if (p_ == end_) return false;
      const char c = *p_++;
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') {
        decoded->push_back(c);
        continue;
      }
      if (p_ == end_) return false;
      switch (*p_++) {
        case '"':
          decoded->push_back('"');
          break;
        case '\\':
          decoded->push_back('\\');
          break;
        case '/':
          decoded->push_back('/');
          break;
        case 'b':
          decoded->push_back('\b');
          break;
        case 'f':
          decoded->push_back('\f');
          break;
        case 'n':
          decoded->push_back('\n');
          break;
        case 'r':
          decoded->push_back('\r');
          break;
        case 't':
          decoded->push_back('\t');
          break;
        case 'u':
          if (!unicode_escape(decoded)) return false;
          break;
        default:
          return false;
      }
    }
  }

  bool hex4(std::uint32_t* out) {
    if (end_ - p_ < 4) return false;
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = *p_++;
      v <<= 4;
      if (c >= '0' && c <= '9') {
        v |= static_cast<std::uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        v |= static_cast<std::uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        v |= static_cast<std::uint32_t>(c - 'A' + 10);
      } else {
        return false;
      }
    }
    *out = v;
    return true;
  }

  // After "\u": one code point, a surrogate pair taken together (nlohmann rejects a lone
  // surrogate, and so does this).
  bool unicode_escape(std::string* out) {
    std::uint32_t cp = 0;
    if (!hex4(&cp)) return false;
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      std::uint32_t low = 0;
      if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') return false;
      p_ += 2;
      if (!hex4(&low) || low < 0xDC00 || low > 0xDFFF) return false;
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      return false;
    }
    if (cp < 0x80) {
      out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
    return true;
  }

  static bool digit(char c) { return c >= '0' && c <= '9'; }

  // The JSON number grammar, typed as nlohmann types it: unsigned for a non-negative
  // integer, signed for a negative one, double for a fraction or exponent or an integer
  // out of range.
  bool number(Json& out) {
    const char* start = p_;
    if (p_ < end_ && *p_ == '-') ++p_;
    if (p_ == end_ || !digit(*p_)) return false;
    if (*p_ == '0') {
      ++p_;
    } else {
      while (p_ < end_ && digit(*p_)) ++p_;
    }
    bool integral = true;
    if (p_ < end_ && *p_ == '.') {
      integral = false;
      ++p_;
      if (p_ == end_ || !digit(*p_)) return false;
      while (p_ < end_ && digit(*p_)) ++p_;
    }
    if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
      integral = false;
      ++p_;
      if (p_ < end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !digit(*p_)) return false;
      while (p_ < end_ && digit(*p_)) ++p_;
    }
    if (integral) {
      if (*start == '-') {
        std::int64_t v = 0;
        if (std::from_chars(start, p_, v).ec == std::errc()) {
          set(out, static_cast<Json::number_integer_t>(v));
          return true;
        }
      } else {
        std::uint64_t v = 0;
        if (std::from_chars(start, p_, v).ec == std::errc()) {
          set(out, static_cast<Json::number_unsigned_t>(v));
          return true;
        }
      }
    }
    double d = 0;
    const auto result = std::from_chars(start, p_, d);
    if (result.ec != std::errc() || result.ptr != p_) return false;
    set(out, static_cast<Json::number_float_t>(d));
    return true;
  }

  const char* p_ = nullptr;
  const char* end_ = nullptr;
  std::string key_;
  std::vector<const std::string*> touched_;
  std::vector<const std::string*> repeats_;  // scratch for the repeated-key check
};

// One per thread: its key buffer and bookkeeping keep their capacity between texts.
ReusingParser& thread_parser() {
  thread_local ReusingParser parser;
  return parser;
}

}  // namespace

bool parse_into(std::string_view text, Json* out) { return thread_parser().document(text, out); }

bool parse_leading_value(std::string_view text, Json* out, std::size_t* consumed) {
  return thread_parser().leading_value(text, out, consumed);
}

}  // namespace parlor
