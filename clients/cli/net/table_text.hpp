// Drawing the terminal client's screen from protocol messages in words: the room, the
// table (from an update's view: seats with names, what happened, the middle of the
// table, your hand, your moves and the commands that make them, the turn timer), the
// round and match results, other messages. `colour` adds ANSI colours on a terminal.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "clients/cli/net/table_words.hpp"

namespace parlor::cli::net {

std::string room_text(const nlohmann::json& room, bool colour);
// What changed between two room objects of the same room, one sentence a line:
// "Ana left.", "Bob lost the connection.", "Bob is back.", "A bot took Ana's seat."
std::string room_changes_text(const nlohmann::json& before, const nlohmann::json& after);
// The words to draw UPDATE with: NAMES by seat (the match's), the reader's seat, Loc's
// deck, and the seat the server moved for when its turn timer ran out.
TableWords words_for_update(const nlohmann::json& update, std::vector<std::string> names,
                            bool colour);
std::string table_text(const nlohmann::json& update, const TableWords& words);
std::string results_text(const nlohmann::json& match_over, const TableWords& words);
std::string reply_text(const nlohmann::json& reply);
// `resume` and `deal_commitment` pushes, in words ("" for anything else).
std::string push_text(const nlohmann::json& push);
std::string help_text();

}  // namespace parlor::cli::net
