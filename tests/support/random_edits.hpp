// Random byte edits of a text (one to three replacements, deletions or insertions of
// characters from `alphabet`): how the readers' tests make broken and odd variants of
// real messages to compare two readers on.
#pragma once

#include <cstddef>
#include <random>
#include <string>
#include <string_view>

namespace parlor::testing {

inline std::string randomly_edited(std::string text, std::string_view alphabet, std::mt19937& rng) {
  const int edits = 1 + static_cast<int>(rng() % 3);
  for (int e = 0; e < edits && !text.empty(); ++e) {
    const std::size_t at = rng() % text.size();
    switch (rng() % 3) {
      case 0:
        text[at] = alphabet[rng() % alphabet.size()];
        break;
      case 1:
        text.erase(at, 1);
        break;
      default:
        text.insert(at, 1, alphabet[rng() % alphabet.size()]);
    }
  }
  return text;
}

}  // namespace parlor::testing
