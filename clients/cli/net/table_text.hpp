// Drawing the terminal client's screen from protocol messages: the room, the table
// (from an update's view: hand, scores, whose turn, legal moves, turn timer), results
// and replies in words. `style` adds Unicode suit symbols and ANSI colours.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace parlor::cli::net {

std::string card_text(const std::string& card, bool style);
std::string room_text(const nlohmann::json& room, bool style);
std::string table_text(const nlohmann::json& update, bool style);
std::string results_text(const nlohmann::json& match_over);
std::string reply_text(const nlohmann::json& reply);
std::string help_text();

}  // namespace parlor::cli::net
