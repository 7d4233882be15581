// Where `parlor play` keeps the player's token between runs: $XDG_CONFIG_HOME/parlor/token
// (~/.config/parlor/token), readable by its owner only, since whoever holds the token is
// that player. A reconnect, or the next run, says hello with it and gets the seat back.
#pragma once

#include <filesystem>
#include <string>

namespace parlor::cli::net {

std::filesystem::path token_path();
// "" when there is none yet (the server then greets a new player).
std::string read_token();
void write_token(const std::string& token);

}  // namespace parlor::cli::net
