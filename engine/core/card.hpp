// Cards and their notation (../shared/rules/README.md, "Card notation").
//
// One small value type covers every card Parlor uses: the 52 standard cards, the joker,
// and the 78 cards of the tarot deck. Standard and tarot notation overlap ("TS" is the
// ten of spades or the ten of swords), so parsing always names the notation it expects.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/expected.hpp"

namespace parlor {

using Json = nlohmann::json;

// Values rise with rank in Loc's suit order: spades > hearts > diamonds > clubs.
enum class Suit : std::uint8_t { kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3 };
// Loc's tarot order: Swords > Cups > Coins > Batons.
enum class TarotSuit : std::uint8_t { kBatons = 0, kCoins = 1, kCups = 2, kSwords = 3 };

enum class Notation { kStandard, kTarot };

inline constexpr int kAce = 14;  // standard ranks run 2..14
inline constexpr int kKing = 13;
inline constexpr int kQueen = 12;
inline constexpr int kJack = 11;
inline constexpr int kTen = 10;
// Tarot suit ranks run 2..10, then Jack 11, Knight 12, Queen 13, King 14, Ace 15.
inline constexpr int kTarotKnight = 12;
inline constexpr int kTarotAce = 15;

class Card {
 public:
  static constexpr Card standard(int rank, Suit suit) {
    return Card(static_cast<std::uint8_t>((rank - 2) * 4 + static_cast<int>(suit)));
  }
  static constexpr Card joker() { return Card(kJokerCode); }
  static constexpr Card tarot(int rank, TarotSuit suit) {
    return Card(static_cast<std::uint8_t>(kTarotBase + static_cast<int>(suit) * 14 + rank - 2));
  }
  static constexpr Card trump(int number) {  // 1..21
    return Card(static_cast<std::uint8_t>(kTrumpBase + number));
  }
  static constexpr Card fool() { return Card(kFoolCode); }
  static constexpr Card from_code(std::uint8_t code) { return Card(code); }

  constexpr Card() = default;

  constexpr bool is_standard() const { return code_ < kJokerCode; }
  constexpr bool is_joker() const { return code_ == kJokerCode; }
  constexpr bool is_tarot_suit_card() const {
    return code_ >= kTarotBase && code_ < kTarotBase + 56;
  }
  constexpr bool is_trump() const { return code_ > kTrumpBase && code_ <= kTrumpBase + 21; }
  constexpr bool is_fool() const { return code_ == kFoolCode; }

  // Standard: 2..14 (ace 14). Tarot suit card: 2..15 (see kTarotKnight, kTarotAce).
  constexpr int rank() const {
    return is_standard() ? code_ / 4 + 2 : (code_ - kTarotBase) % 14 + 2;
  }
  constexpr Suit suit() const { return static_cast<Suit>(code_ % 4); }
  constexpr TarotSuit tarot_suit() const {
    return static_cast<TarotSuit>((code_ - kTarotBase) / 14);
  }
  constexpr int trump_number() const { return code_ - kTrumpBase; }

  // A dense index: standard cards 0..51, joker 52, tarot cards above.
  constexpr std::uint8_t code() const { return code_; }

  // Canonical notation: "AS", "TD", "JK", "CB", "T21", "FOOL".
  std::string str() const;

  friend constexpr auto operator<=>(Card, Card) = default;

 private:
  static constexpr std::uint8_t kJokerCode = 52;
  static constexpr std::uint8_t kTarotBase = 64;
  static constexpr std::uint8_t kTrumpBase = 120;
  static constexpr std::uint8_t kFoolCode = 142;

  constexpr explicit Card(std::uint8_t code) : code_(code) {}
  std::uint8_t code_ = 0;
};

// Parses one card, case-insensitively; "10" is accepted for "T". Errors carry the code
// "bad_card" and name the offending text.
Expected<Card> parse_card(std::string_view text, Notation notation = Notation::kStandard);

// Parses space-separated cards ("AS KD JK").
Expected<std::vector<Card>> parse_card_list(std::string_view text,
                                            Notation notation = Notation::kStandard);

// Parses a JSON array of card strings.
Expected<std::vector<Card>> parse_card_array(const nlohmann::json& cards,
                                             Notation notation = Notation::kStandard);

// Canonical strings, for views and events.
nlohmann::json cards_to_json(const std::vector<Card>& cards);
std::string cards_to_string(const std::vector<Card>& cards);  // space-separated

std::string_view rank_symbol(int rank);  // standard: "2".."9","T","J","Q","K","A"
char suit_symbol(Suit suit);             // 'C','D','H','S'

}  // namespace parlor
