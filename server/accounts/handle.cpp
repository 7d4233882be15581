#include "server/accounts/handle.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <stdexcept>

namespace parlor::server::accounts {

namespace {

// More bytes than any handle can hold before NFKC (24 code points, each at most a few
// composed from at most 4 bytes apiece): refused before ICU sees it.
constexpr std::size_t kMaxRawBytes = 1024;

// ICU's objects, made once. The NFKC instance is ICU's own singleton, immutable and
// thread-safe; the spoof checker is only read after this constructor (uspoof.h, "Thread
// Safety": functions taking a const USpoofChecker are thread safe).
class Icu {
 public:
  Icu() {
    UErrorCode status = U_ZERO_ERROR;
    nfkc_ = icu::Normalizer2::getNFKCInstance(status);
    if (U_FAILURE(status)) throw std::runtime_error("ICU: no NFKC normaliser");
    USpoofChecker* checker = uspoof_open(&status);
    if (U_FAILURE(status)) throw std::runtime_error("ICU: no spoof checker");
    uspoof_setChecks(checker, USPOOF_CONFUSABLE, &status);
    if (U_FAILURE(status)) {
      uspoof_close(checker);
      throw std::runtime_error("ICU: spoof checker set-up failed");
    }
    spoof_ = checker;
  }
  ~Icu() { uspoof_close(const_cast<USpoofChecker*>(spoof_)); }
  Icu(const Icu&) = delete;
  Icu& operator=(const Icu&) = delete;

  // NFKC of `text`; false if ICU failed.
  bool nfkc(const icu::UnicodeString& text, icu::UnicodeString& out) const {
    UErrorCode status = U_ZERO_ERROR;
    out = nfkc_->normalize(text, status);
    return U_SUCCESS(status);
  }
  // The NFKC case fold of NFKC text (folding can leave text that is not NFKC again).
  bool key(const icu::UnicodeString& nfkc_text, icu::UnicodeString& out) const {
    icu::UnicodeString folded(nfkc_text);
    folded.foldCase(U_FOLD_CASE_DEFAULT);
    return nfkc(folded, out);
  }
  bool skeleton(const icu::UnicodeString& key, icu::UnicodeString& out) const {
    UErrorCode status = U_ZERO_ERROR;
    uspoof_getSkeletonUnicodeString(spoof_, 0, key, out, &status);
    return U_SUCCESS(status);
  }

 private:
  const icu::Normalizer2* nfkc_ = nullptr;
  const USpoofChecker* spoof_ = nullptr;
};

const Icu& icu_objects() {
  // Made once, thread-safely (C++11 statics), and never destroyed: a thread still running
  // at exit may ask for a skeleton after static destructors ran.
  static const Icu* const icu = new Icu();
  return *icu;
}

// `raw` as UTF-16, or false if it is not well-formed UTF-8 (ill-formed sequences,
// overlong forms and encoded surrogates are all refused by ICU's conversion).
bool from_utf8(std::string_view raw, icu::UnicodeString& out) {
  if (raw.empty()) {
    out.remove();
    return true;
  }
  if (raw.size() > static_cast<std::size_t>(INT32_MAX / 2)) return false;  // ICU's lengths
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, raw.data(), static_cast<int32_t>(raw.size()), &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return false;
  status = U_ZERO_ERROR;
  UChar* buffer = out.getBuffer(length);
  if (buffer == nullptr) return false;
  u_strFromUTF8(buffer, length, nullptr, raw.data(), static_cast<int32_t>(raw.size()), &status);
  out.releaseBuffer(U_SUCCESS(status) ? length : 0);
  return U_SUCCESS(status);
}

std::string to_utf8(const icu::UnicodeString& text) {
  std::string out;
  text.toUTF8String(out);
  return out;
}

Error bad_handle(std::string message) { return Error{"bad_handle", std::move(message)}; }

// "'☺' (U+263A)", for a message.
std::string describe(UChar32 c) {
  char code[16];
  std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
  std::string shown;
  // Control characters and spaces are named by their code only.
  if (!u_iscntrl(c) && !u_isUWhiteSpace(c)) {
    icu::UnicodeString one(c);
    shown = "\"" + to_utf8(one) + "\" ";
  }
  return shown + "(" + code + ")";
}

bool is_letter(UChar32 c) { return u_isalpha(c) != 0; }  // general category L*
bool is_digit(UChar32 c) { return u_isdigit(c) != 0; }   // Nd, any script
bool is_joiner(UChar32 c) { return c == '_' || c == '-' || c == '.'; }
// A combining mark that belongs to the letter before it (Devanagari's vowel signs, a
// Thai tone mark): part of "letters of any script". Enclosing marks (Me) are symbols.
bool is_mark(UChar32 c) {
  const int8_t type = u_charType(c);
  return type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK;
}

// Why `text` (NFKC) is not a handle, or nothing.
std::optional<Error> check_characters(const icu::UnicodeString& text) {
  enum class Last { kNone, kLetter, kDigit, kJoiner } last = Last::kNone;
  for (int32_t i = 0; i < text.length();) {
    const UChar32 c = text.char32At(i);
    i += U16_LENGTH(c);
    if (is_letter(c)) {
      last = Last::kLetter;
    } else if (is_digit(c)) {
      last = Last::kDigit;
    } else if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
      // Invisible (a variation selector, a zero-width joiner, the combining grapheme
      // joiner, which is a mark): two handles would look the same.
      return bad_handle("a handle may not hold the invisible character " + describe(c));
    } else if (is_mark(c)) {
      if (last != Last::kLetter) {
        return bad_handle("a handle may hold the mark " + describe(c) +
                          " only on a letter, not on its own");
      }
    } else if (is_joiner(c)) {
      if (last == Last::kNone) {
        return bad_handle("a handle starts with a letter or a digit, not " + describe(c));
      }
      if (last == Last::kJoiner) {
        return bad_handle("a handle may not hold two of \"_\", \"-\" and \".\" in a row");
      }
      last = Last::kJoiner;
    } else {
      return bad_handle(
          "a handle may hold letters, digits and \"_\", \"-\", \".\" between "
          "them, not " +
          describe(c));
    }
  }
  if (last == Last::kJoiner) {
    return bad_handle("a handle ends with a letter or a digit, not \"_\", \"-\" or \".\"");
  }
  return std::nullopt;
}

}  // namespace

Expected<Handle> normalise_handle(std::string_view raw) {
  const std::string too_long =
      "a handle has at most " + std::to_string(kHandleMaxChars) + " characters";
  if (raw.size() > kMaxRawBytes) return bad_handle(too_long);
  icu::UnicodeString text;
  if (!from_utf8(raw, text)) return bad_handle("a handle is UTF-8 text; this one is not");
  const Icu& icu = icu_objects();
  icu::UnicodeString display;
  if (!icu.nfkc(text, display)) return bad_handle("this handle could not be normalised");
  const int32_t chars = display.countChar32();
  if (chars < kHandleMinChars) {
    return bad_handle("a handle has at least " + std::to_string(kHandleMinChars) +
                      " characters; this one has " + std::to_string(chars));
  }
  if (chars > kHandleMaxChars) {
    return bad_handle(too_long + "; this one has " + std::to_string(chars));
  }
  if (std::optional<Error> wrong = check_characters(display)) return *std::move(wrong);
  icu::UnicodeString key;
  icu::UnicodeString skeleton;
  if (!icu.key(display, key) || !icu.skeleton(key, skeleton)) {
    return bad_handle("this handle could not be normalised");
  }
  return Handle{to_utf8(display), to_utf8(key), to_utf8(skeleton)};
}

std::string name_skeleton(std::string_view name) {
  icu::UnicodeString text;
  if (!from_utf8(name, text)) return "";
  const Icu& icu = icu_objects();
  icu::UnicodeString nfkc;
  icu::UnicodeString key;
  icu::UnicodeString skeleton;
  if (!icu.nfkc(text, nfkc) || !icu.key(nfkc, key) || !icu.skeleton(key, skeleton)) return "";
  return to_utf8(skeleton);
}

}  // namespace parlor::server::accounts
