// parlor-server: the table server (see server/server.hpp and protocol/README.md).
#include "engine/registry/registry.hpp"
#include "server/server.hpp"

int main(int argc, char** argv) {
  return parlor::server::server_main(argc, argv, parlor::all_games());
}
