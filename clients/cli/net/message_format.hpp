// The ICU MessageFormat subset of the web client's catalogues (clients/web/src/
// message_format.ts, the same four forms), for the terminal client: `{name}`,
// `{n, number}`, `{n, plural, =0 {...} one {# card} many {...} other {# cards}}`,
// `{x, select, a {...} other {...}}`, and ICU's apostrophe quoting. The same catalogue
// file feeds both clients, so its messages must read the same in both: a message the
// parser cannot read formats as its key, never as an exception.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace parlor::cli::net {

// The CLDR plural category of N in LANG ("one", "many", "other"): English-like rules
// (one for 1) for every language but the Romance ones the catalogues hold (es, fr, it,
// pt: "many" for millions, as the browsers' Intl.PluralRules say).
std::string plural_category(const std::string& lang, long long n);

// TEXT with PARAMS (a JSON object of strings and numbers) put in; a parameter not
// given shows as {name}. A malformed message comes back as it is, with *ok false.
std::string format_message(std::string_view text, const nlohmann::json& params,
                           const std::string& lang, bool* ok = nullptr);

}  // namespace parlor::cli::net
