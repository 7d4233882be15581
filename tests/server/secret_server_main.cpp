// parlor-server with only the test game "secret" (secret_game.hpp): the same server code,
// so the integration tests do not depend on the real games being built.
#include "server/server.hpp"
#include "tests/server/secret_game.hpp"

int main(int argc, char** argv) {
  return parlor::server::server_main(argc, argv, {&parlor::testing::secret_game()});
}
