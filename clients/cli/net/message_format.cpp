// A recursive-descent reading of the message subset (message_format.hpp), formatting as
// it reads: the catalogues' messages are short, and the terminal formats a few a second.
#include "clients/cli/net/message_format.hpp"

#include <cctype>
#include <optional>
#include <stdexcept>

namespace parlor::cli::net {

using Json = nlohmann::json;

std::string plural_category(const std::string& lang, long long n) {
  const std::string base = lang.substr(0, lang.find_first_of("-_"));
  if (n == 1) return "one";
  if ((base == "es" || base == "fr" || base == "it" || base == "pt") && n != 0 && n % 1000000 == 0)
    return "many";
  return "other";
}

namespace {

struct BadMessage : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Formatter {
 public:
  Formatter(std::string_view text, const Json& params, const std::string& lang)
      : text_(text), params_(params), lang_(lang) {}

  std::string run() {
    std::string out = parts(false, std::nullopt);
    if (at_ < text_.size()) throw BadMessage("unmatched '}'");
    return out;
  }

 private:
  // Text and arguments up to an unmatched '}' (inside an option) or the end. COUNT: the
  // number of the plural being formatted, which '#' stands for.
  std::string parts(bool in_option, std::optional<long long> count) {
    std::string out;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '}') {
        if (!in_option) throw BadMessage("unmatched '}'");
        break;
      }
      if (c == '{') {
        out += argument(count);
      } else if (c == '#' && count) {
        out += std::to_string(*count);
        ++at_;
      } else if (c == '\'') {
        out += quoted(count.has_value());
      } else {
        out += c;
        ++at_;
      }
    }
    return out;
  }

  std::string quoted(bool in_plural) {
    const char next = at_ + 1 < text_.size() ? text_[at_ + 1] : '\0';
    if (next == '\'') {
      at_ += 2;
      return "'";
    }
    if (next != '{' && next != '}' && !(next == '#' && in_plural)) {
      ++at_;
      return "'";
    }
    const std::size_t end = text_.find('\'', at_ + 1);
    const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
    std::string inner(text_.substr(at_ + 1, stop - at_ - 1));
    at_ = stop + 1;
    return inner;
  }

  void space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }

  std::string word() {
    space();
    const std::size_t start = at_;
    while (at_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[at_])) &&
           text_[at_] != '{' && text_[at_] != '}' && text_[at_] != ',')
      ++at_;
    return std::string(text_.substr(start, at_ - start));
  }

  void expect(char c) {
    space();
    if (at_ >= text_.size() || text_[at_] != c) throw BadMessage(std::string("expected ") + c);
    ++at_;
  }

  std::string value(const std::string& name) const {
    if (!params_.is_object() || !params_.contains(name)) return "{" + name + "}";
    const Json& v = params_[name];
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return std::to_string(v.get<long long>());
    return v.dump();
  }

  long long number(const std::string& name) const {
    if (!params_.is_object() || !params_.contains(name)) return 0;
    const Json& v = params_[name];
    if (v.is_number()) return v.get<long long>();
    try {
      return v.is_string() ? std::stoll(v.get<std::string>()) : 0;
    } catch (const std::exception&) {
      return 0;
    }
  }

  std::string argument(std::optional<long long> count) {
    expect('{');
    const std::string name = word();
    if (name.empty()) throw BadMessage("argument without a name");
    space();
    if (at_ < text_.size() && text_[at_] == '}') {
      ++at_;
      return value(name);
    }
    expect(',');
    const std::string type = word();
    if (type == "number") {
      expect('}');
      return value(name);
    }
    if (type != "plural" && type != "select") throw BadMessage("unknown argument type " + type);
    expect(',');
    const bool plural = type == "plural";
    const long long n = plural ? number(name) : 0;
    const std::string wanted = plural ? plural_category(lang_, n) : value(name);
    std::optional<std::string> exact, chosen, other;
    for (;;) {
      space();
      if (at_ >= text_.size()) throw BadMessage("unterminated argument");
      if (text_[at_] == '}') break;
      const std::string key = word();
      expect('{');
      std::string body = parts(true, plural ? std::optional<long long>(n) : count);
      expect('}');
      if (plural && key == "=" + std::to_string(n)) exact = body;
      if (key == wanted) chosen = body;
      if (key == "other") other = body;
    }
    ++at_;
    if (!other) throw BadMessage(type + " without 'other'");
    return exact ? *exact : chosen ? *chosen : *other;
  }

  std::string_view text_;
  const Json& params_;
  const std::string& lang_;
  std::size_t at_ = 0;
};

}  // namespace

std::string format_message(std::string_view text, const Json& params, const std::string& lang,
                           bool* ok) {
  try {
    std::string out = Formatter(text, params, lang).run();
    if (ok) *ok = true;
    return out;
  } catch (const BadMessage&) {
    if (ok) *ok = false;
    return std::string(text);
  }
}

}  // namespace parlor::cli::net
