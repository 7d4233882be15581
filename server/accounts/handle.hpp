// Account handles: what a member is called, unique on the server whatever its case, its
// Unicode spelling or its look-alike letters. A handle is checked and normalised once, when
// an account is created (or a guest picks a display name on a server with accounts):
//
// - NFKC (Unicode compatibility composition, ICU): "ｅｖａ" and "eva", or "ﬁ" and "fi", are
//   one handle; what is kept and shown is the NFKC text as the person typed it otherwise.
// - `key`: the NFKC case fold of it ("Ana", "ANA", "ana" share one key): what is unique.
// - `skeleton`: ICU's confusable skeleton (UTS #39) of the key, so "ana" in Latin and "аnа"
//   with Cyrillic а, or "paul" and "pau1"... share one: a handle whose skeleton an existing
//   account has is refused ("handle_confusable"), and a guest may not take a display name
//   whose skeleton is an account's (server/accounts/account_directory.hpp).
//
// What a handle may hold (a named rule; docs/operators.md): 3 to 24 characters after NFKC,
// letters of any script, digits, and "_", "-", "." between them; no spaces, no symbols, no
// marks on their own. It starts with a letter or a digit.
#pragma once

#include <string>
#include <string_view>

#include "engine/core/expected.hpp"

namespace parlor::server::accounts {

struct Handle {
  std::string display;   // NFKC, as typed otherwise: what others see
  std::string key;       // NFKC case fold: unique among accounts
  std::string skeleton;  // UTS #39 skeleton of the key: look-alikes share it
};

constexpr int kHandleMinChars = 3;
constexpr int kHandleMaxChars = 24;

// The handle `raw` (UTF-8) names, or "bad_handle" with a message saying what is wrong
// (length, a character not allowed, not UTF-8).
Expected<Handle> normalise_handle(std::string_view raw);

// The skeleton of any display name (a guest's, say): NFKC, case fold, UTS #39 skeleton;
// the empty string for text that is not UTF-8. Never fails.
std::string name_skeleton(std::string_view name);

}  // namespace parlor::server::accounts
