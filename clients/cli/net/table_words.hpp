// What the terminal client's table drawing shares: the seats' names, card and suit words,
// and the sentences for a game's events and its middle of the table (game_text.cpp,
// event_text.cpp). Everything a person reads uses names, never 0-based seat numbers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace parlor::cli::net {

struct TableWords {
  std::vector<std::string> names;  // by seat
  int viewer = -1;                 // the reader's seat, -1 for a spectator
  bool colour = false;             // ANSI colours (a terminal)
  bool tarot = false;              // Loc's tarot deck: T1..T21 are trumps, FOOL the Fool
  // Seats whose turn timer had run out when this update came: the server moved for them.
  std::vector<int> out_of_time;

  // "Ana", "you" for the reader's own seat when `you` is set, "seat 3" if unknown.
  std::string name(const nlohmann::json& seat, bool you = false) const;
  std::string card(const std::string& code) const;  // 7♥, 10♠, Joker, Trump 19
  std::string cards(const nlohmann::json& list) const;
  std::string suit(const std::string& code) const;  // ♠ Spades
};

// One sentence for an event, e.g. "Bot 2 discards 7♥."; unknown events are still words.
std::string event_text(const nlohmann::json& event, const TableWords& words);
// The event in the reader's language from the catalogue (event_words.cpp), if it has it.
std::optional<std::string> catalogue_event_text(const nlohmann::json& event,
                                                const TableWords& words);

// What a revealed Loc play did (loc.md): a pot-taker takes the pot and everyone pays in
// again; otherwise the highest card is only excused (takes nothing) and the others pay.
std::string loc_play_text(const nlohmann::json& entry, const TableWords& words);

// The game's middle of the table (piles, tricks, melds, pot), one fact a line.
std::vector<std::string> middle_lines(const nlohmann::json& view, const TableWords& words);
// Public facts about one seat beside its name (cards held, bids, stack, ...).
std::string seat_facts(const nlohmann::json& view, int seat, const TableWords& words);
// The reader's legal moves in words with the command that makes each one.
std::vector<std::string> move_lines(const nlohmann::json& view, const TableWords& words);
// The round just finished (the view's last_round), in words.
std::vector<std::string> round_lines(const nlohmann::json& view, const TableWords& words);

}  // namespace parlor::cli::net
