// `parlor bot --server URL --room CODE --seats N [--level random|sensible|expert]`: N network
// bots join an existing room by its code as ordinary players and play until the match
// ends (the room's host starts it).
#include <boost/asio/io_context.hpp>

#include <iostream>
#include <memory>

#include "clients/cli/command.hpp"
#include "clients/cli/net/bot_player.hpp"
#include "clients/cli/net/liveness_flags.hpp"
#include "clients/cli/net/options.hpp"

namespace parlor::cli {
namespace {

int run_bot(const std::vector<std::string>& args) {
  std::string error;
  auto flags = net::parse_flags(
      args, {"server", "room", "seats", "level", "name", "ping-after", "give-up-after"}, {},
      &error);
  double seats = 0;
  std::vector<net::ServerUrl> urls;
  net::Liveness liveness;
  if (!flags || !net::parse_liveness(*flags, &liveness) || !flags->count("server") ||
      !flags->count("room") || !flags->count("seats") ||
      !net::parse_number(flags->at("seats"), &seats) || seats < 1 || seats > 64 ||
      !net::parse_url_list(flags->at("server"), &urls)) {
    std::cerr << (error.empty() ? "usage: parlor bot --server ws://HOST:PORT --room CODE "
                                  "--seats N [--level random|sensible|expert] [--ping-after S] "
                                  "[--give-up-after S]"
                                : error)
              << "\n";
    return 2;
  }
  const std::string level = flags->count("level") ? flags->at("level") : "sensible";
  const std::optional<BotLevel> parsed_level = parse_bot_level(level);
  if (!parsed_level || level.empty()) {
    std::cerr << "--level must be random, sensible or expert\n";
    return 2;
  }
  boost::asio::io_context ioc;
  net::BotStats stats;
  std::vector<std::unique_ptr<net::BotPlayer>> bots;
  int finished = 0;
  int succeeded = 0;
  for (int i = 0; i < static_cast<int>(seats); ++i) {
    net::BotConfig config;
    config.urls = urls;
    config.name = (flags->count("name") ? flags->at("name") : std::string("netbot")) + "-" +
                  std::to_string(i + 1);
    config.level = *parsed_level;
    config.join_code = flags->at("room");
    config.rng_stream = static_cast<std::uint64_t>(i);
    config.liveness = liveness;
    bots.push_back(std::make_unique<net::BotPlayer>(ioc, config, stats));
    bots.back()->on_done = [&](bool ok) {
      ++finished;
      if (ok) ++succeeded;
    };
  }
  // Join one after another so the seats fill in order.
  for (auto& bot : bots) bot->start();
  ioc.run();
  std::cout << "bots: " << succeeded << "/" << bots.size() << " finished a match; actions "
            << stats.actions_accepted << ", rejections " << stats.rejections << "\n";
  for (const std::string& e : stats.errors) std::cerr << "  " << e << "\n";
  return succeeded == static_cast<int>(bots.size()) ? 0 : 1;
}

PARLOR_COMMAND(
    "bot",
    "bot --server URL --room CODE --seats N [--level random|sensible|expert] [--ping-after S] "
    "[--give-up-after S]",
    "network bots join a room by code and play a match",
    "  --server URL     the server, e.g. ws://127.0.0.1:8080 (required)\n"
    "  --room CODE      the room's join code (required)\n"
    "  --seats N        how many bots join, 1 to 64 (required)\n"
    "  --level LEVEL    random, sensible or expert (default sensible)\n"
    "  --name NAME      the bots' name prefix (default netbot: netbot-1, "
    "...)\n" PARLOR_LIVENESS_HELP
    "The room's host starts the match; the bots play until it ends. A bot whose\n"
    "connection drops (or whose server falls silent) comes back with its token,\n"
    "resumes its seat and sends its move in flight again; a cluster's\n"
    "room_elsewhere reply is followed to the node holding the room.\n"
    "Exit: 0 every bot finished a match, 1 one did not, 2 bad usage.\n",
    run_bot);

}  // namespace
}  // namespace parlor::cli
