// Wires the server together: configuration, logging, the thread pool, the lobby, the
// listener, and a graceful shutdown on SIGINT/SIGTERM.
#pragma once

#include <vector>

#include "engine/core/game.hpp"
#include "server/config.hpp"

namespace parlor::server {

// Runs until a signal stops it; returns the process exit code.
int run_server(const ServerConfig& config, std::vector<const GameDefinition*> games,
               const std::string& executable_path);

// main(): parses flags and the environment, then run_server with `games`.
int server_main(int argc, char** argv, std::vector<const GameDefinition*> games);

}  // namespace parlor::server
