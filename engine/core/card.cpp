#include "engine/core/card.hpp"

#include <algorithm>
#include <cctype>

namespace parlor {
namespace {

constexpr std::string_view kStandardRanks = "23456789TJQKA";  // index = rank - 2
constexpr std::string_view kStandardSuits = "CDHS";           // index = Suit
// Tarot suit ranks in rank order 2..15: ... 9 T J(ack) C(knight) Q K A.
constexpr std::string_view kTarotRanks = "23456789TJCQKA";
constexpr std::string_view kTarotSuits = "BDCS";  // index = TarotSuit: Batons Coins Cups Swords

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

Error bad_card(std::string_view text, std::string_view why) {
  return Error{"bad_card", "'" + std::string(text) + "' is not a card: " + std::string(why)};
}

// Splits "10S" / "TS" into a rank character and the rest.
bool split_rank(const std::string& up, char& rank, std::string& rest) {
  if (up.size() >= 3 && up[0] == '1' && up[1] == '0') {
    rank = 'T';
    rest = up.substr(2);
    return true;
  }
  if (up.size() < 2) return false;
  rank = up[0];
  rest = up.substr(1);
  return true;
}

Expected<Card> parse_standard(std::string_view text, const std::string& up) {
  if (up == "JK") return Card::joker();
  char rank_char = 0;
  std::string rest;
  if (!split_rank(up, rank_char, rest) || rest.size() != 1) {
    return bad_card(text, "write rank then suit, like AS, TD, 7C, or JK for a joker");
  }
  auto rank_index = kStandardRanks.find(rank_char);
  if (rank_index == std::string_view::npos) return bad_card(text, "unknown rank");
  auto suit_index = kStandardSuits.find(rest[0]);
  if (suit_index == std::string_view::npos) return bad_card(text, "unknown suit (C D H S)");
  return Card::standard(static_cast<int>(rank_index) + 2, static_cast<Suit>(suit_index));
}

Expected<Card> parse_tarot(std::string_view text, const std::string& up) {
  if (up == "FOOL") return Card::fool();
  if (up.size() >= 2 && up[0] == 'T' && std::all_of(up.begin() + 1, up.end(), ::isdigit)) {
    if (up.size() > 3) return bad_card(text, "trumps run T1 to T21");
    int number = std::stoi(up.substr(1));
    if (number < 1 || number > 21 || up[1] == '0') return bad_card(text, "trumps run T1 to T21");
    return Card::trump(number);
  }
  char rank_char = 0;
  std::string rest;
  if (!split_rank(up, rank_char, rest) || rest.size() != 1) {
    return bad_card(text, "write rank then suit (AS, CB, TD), a trump T1-T21, or FOOL");
  }
  auto rank_index = kTarotRanks.find(rank_char);
  if (rank_index == std::string_view::npos) return bad_card(text, "unknown tarot rank");
  auto suit_index = kTarotSuits.find(rest[0]);
  if (suit_index == std::string_view::npos) {
    return bad_card(text, "unknown tarot suit (S C D B)");
  }
  return Card::tarot(static_cast<int>(rank_index) + 2, static_cast<TarotSuit>(suit_index));
}

}  // namespace

std::string Card::str() const {
  if (is_standard()) return std::string{kStandardRanks[rank() - 2], kStandardSuits[code_ % 4]};
  if (is_joker()) return "JK";
  if (is_tarot_suit_card()) {
    return std::string{kTarotRanks[rank() - 2], kTarotSuits[static_cast<int>(tarot_suit())]};
  }
  if (is_trump()) return "T" + std::to_string(trump_number());
  if (is_fool()) return "FOOL";
  return "??";
}

Expected<Card> parse_card(std::string_view text, Notation notation) {
  std::string up = upper(text);
  return notation == Notation::kTarot ? parse_tarot(text, up) : parse_standard(text, up);
}

Expected<std::vector<Card>> parse_card_list(std::string_view text, Notation notation) {
  std::vector<Card> cards;
  std::size_t pos = 0;
  while (pos < text.size()) {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
    std::size_t end = pos;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    if (end > pos) {
      auto card = parse_card(text.substr(pos, end - pos), notation);
      if (!card) return card.error();
      cards.push_back(*card);
    }
    pos = end;
  }
  return cards;
}

Expected<std::vector<Card>> parse_card_array(const nlohmann::json& cards, Notation notation) {
  if (!cards.is_array()) return Error{"bad_card", "expected an array of cards"};
  std::vector<Card> out;
  out.reserve(cards.size());
  for (const auto& item : cards) {
    if (!item.is_string()) return Error{"bad_card", "a card must be a string such as \"AS\""};
    auto card = parse_card(item.get<std::string>(), notation);
    if (!card) return card.error();
    out.push_back(*card);
  }
  return out;
}

nlohmann::json cards_to_json(const std::vector<Card>& cards) {
  nlohmann::json out = nlohmann::json::array();
  for (Card card : cards) out.push_back(card.str());
  return out;
}

std::string cards_to_string(const std::vector<Card>& cards) {
  std::string out;
  for (Card card : cards) {
    if (!out.empty()) out += ' ';
    out += card.str();
  }
  return out;
}

std::string_view rank_symbol(int rank) { return kStandardRanks.substr(rank - 2, 1); }
char suit_symbol(Suit suit) { return kStandardSuits[static_cast<int>(suit)]; }

}  // namespace parlor
