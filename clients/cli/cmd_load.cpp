// `parlor load --server URL[,URL...] --game GAME --tables N --seats S [--rate R]
// [--duration D] [--json]`: N tables of S network bots each, all driven by one thread (one
// io_context), play continuously; reports throughput, action-to-update latency and errors.
// With several URLs (the nodes of a cluster) the clients are spread over them in turn; a
// client whose connection drops comes back through the next URL and resumes its seat with
// its token, and the report says how often (reconnects) and how long tables waited
// (max_stall_ms, stalled_tables).
// Closed loop by default (each client acts as soon as it may); with --rate R each
// client acts at most R times per second (open loop). The bots play the engine's random
// policy unless --level sensible: the load is on the server, and the cheaper policy
// keeps the generator from being the bottleneck.
// SIGINT or SIGTERM (Ctrl-C) ends the measured window early: the report covers the time
// measured so far, so a run can be cut short without losing its figures.
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>

#include "clients/cli/command.hpp"
#include "clients/cli/net/bot_player.hpp"
#include "clients/cli/net/latency_percentile.hpp"
#include "clients/cli/net/liveness_flags.hpp"
#include "clients/cli/net/options.hpp"

namespace parlor::cli {
namespace {

using Clock = std::chrono::steady_clock;
// After the measured window, how long in-flight actions get to see their update.
constexpr auto kDrainTime = std::chrono::milliseconds(1500);
// Longest wait for every table to start playing before measuring anyway.
constexpr auto kRampLimit = std::chrono::seconds(60);
// Tables whose clients connect at the same time. Thousands of connects at once overflow
// the server's accept queue (the kernel drops them: 5,842 of 19,960 clients at 4,990
// tables), and people do not all arrive in the same instant either; the next table
// starts connecting as soon as one is full.
constexpr int kTablesConnectingAtOnce = 250;
// A table with no action accepted for this long before the end of the run is stalled.
constexpr auto kStalledAfter = std::chrono::seconds(5);

struct LoadSpec {
  std::vector<net::ServerUrl> urls;
  std::string game;
  int tables = 0;
  int seats = 0;
  double rate = 0;
  int turn_seconds = 0;
  double duration = 10;
  BotLevel level = BotLevel::kRandom;
  // Seats of each table the server's own bots play (the host adds them), and their level.
  int server_bots = 0;
  BotLevel server_bot_level = BotLevel::kSensible;
  bool json = false;
  net::Liveness liveness;
};

// Each wait of a second or more at a table: when it began (Unix ms) and how long it was.
Json stalls_json(const net::BotStats& stats) {
  Json stalls = Json::array();
  for (const net::BotStats::Stall& stall : stats.stalls) {
    stalls.push_back(
        {{"table", stall.table}, {"from_unix_ms", stall.from_unix_ms}, {"ms", stall.ms}});
  }
  return stalls;
}

Json report(const LoadSpec& spec, net::BotStats& stats, double seconds, int stalled_tables) {
  std::sort(stats.latencies_ms.begin(), stats.latencies_ms.end());
  auto& l = stats.latencies_ms;
  // 0, not a division by zero, when nothing was measured (a run interrupted early).
  const double measured = seconds > 0 ? seconds : std::numeric_limits<double>::infinity();
  return {{"game", spec.game},
          {"tables", spec.tables},
          {"seats", spec.seats},
          {"clients", spec.tables * (spec.seats - spec.server_bots)},
          {"server_bots", spec.server_bots},
          {"server_bot_level", bot_level_name(spec.server_bot_level)},
          {"mode", spec.rate > 0 ? "open" : "closed"},
          {"rate_per_client", spec.rate},
          {"seconds", seconds},
          {"actions_sent", stats.actions_sent},
          {"actions_accepted", stats.actions_accepted},
          {"updates_matched", stats.updates_matched},
          {"actions_lost", stats.actions_accepted - stats.updates_matched},
          {"actions_per_second", stats.actions_accepted / measured},
          {"messages_received", stats.messages_received},
          {"messages_per_second", stats.messages_received / measured},
          {"matches_finished", stats.matches_finished},
          {"latency_ms",
           {{"count", l.size()},
            {"p50", net::percentile(l, 0.50)},
            {"p90", net::percentile(l, 0.90)},
            {"p99", net::percentile(l, 0.99)},
            {"max", l.empty() ? 0.0 : l.back()}}},
          {"connection_errors", stats.connection_errors},
          {"rejections", stats.rejections},
          {"store_refusals", stats.store_refusals},
          {"reconnects", stats.reconnects},
          {"redirects", stats.redirects},
          {"moves_resent", stats.moves_resent},
          {"max_stall_ms", stats.max_stall_ms},
          {"stalled_tables", stalled_tables},
          {"servers", spec.urls.size()},
          {"stalls", stalls_json(stats)},
          {"errors", stats.errors}};
}

void print_text(const Json& r) {
  std::cout << "load: " << r["tables"] << " tables x " << r["seats"] << " seats of "
            << r["game"].get<std::string>() << ", " << r["mode"].get<std::string>() << " loop, "
            << r["seconds"].get<double>() << " s\n"
            << "  actions/s " << r["actions_per_second"].get<double>() << " (accepted "
            << r["actions_accepted"] << ", lost " << r["actions_lost"] << ")\n"
            << "  server messages/s " << r["messages_per_second"].get<double>() << "\n"
            << "  latency ms p50 " << r["latency_ms"]["p50"] << " p90 " << r["latency_ms"]["p90"]
            << " p99 " << r["latency_ms"]["p99"] << " max " << r["latency_ms"]["max"] << "\n"
            << "  matches finished " << r["matches_finished"] << ", connection errors "
            << r["connection_errors"] << ", rejections " << r["rejections"]
            << ", refused while the server's database failed " << r["store_refusals"] << "\n"
            << "  reconnects " << r["reconnects"] << ", redirects " << r["redirects"]
            << ", longest wait at a table " << r["max_stall_ms"].get<double>()
            << " ms, stalled tables " << r["stalled_tables"] << ", moves resent "
            << r["moves_resent"] << "\n";
  for (const Json& e : r["errors"]) std::cout << "  error: " << e.get<std::string>() << "\n";
}

using Flags = std::map<std::string, std::string>;

// Flag `name`, when given, as a whole number from 0 to `max`.
bool whole_flag(const Flags& flags, const std::string& name, double max, double* out) {
  if (!flags.count(name)) return true;
  return net::parse_number(flags.at(name), out) && *out >= 0 && *out <= max &&
         *out == std::floor(*out);
}

// Flag `name`, when given, as a bot level ("random", "sensible", "expert").
bool level_flag(const Flags& flags, const std::string& name, BotLevel* out) {
  if (!flags.count(name)) return true;
  std::optional<BotLevel> level = parse_bot_level(flags.at(name));
  if (!level || flags.at(name).empty()) return false;
  *out = *level;
  return true;
}

bool parse_spec(const std::vector<std::string>& args, LoadSpec* spec, std::string* error) {
  auto flags = net::parse_flags(
      args,
      {"server", "game", "tables", "seats", "rate", "duration", "level", "ping-after",
       "give-up-after", "turn-seconds", "server-bots", "server-bot-level"},
      {"json"}, error);
  if (!flags || !net::parse_liveness(*flags, &spec->liveness)) return false;
  double tables = 0;
  double seats = 0;
  if (!flags->count("server") || !flags->count("game") || !flags->count("tables") ||
      !flags->count("seats") || !net::parse_url_list(flags->at("server"), &spec->urls) ||
      !net::parse_number(flags->at("tables"), &tables) ||
      !net::parse_number(flags->at("seats"), &seats) || tables < 1 || seats < 1) {
    return false;
  }
  if (flags->count("rate") &&
      (!net::parse_number(flags->at("rate"), &spec->rate) || spec->rate < 0)) {
    return false;
  }
  if (flags->count("duration") &&
      (!net::parse_number(flags->at("duration"), &spec->duration) || spec->duration <= 0)) {
    return false;
  }
  double turn_seconds = 0;
  double server_bots = 0;
  if (!whole_flag(*flags, "turn-seconds", 86400, &turn_seconds) ||
      !whole_flag(*flags, "server-bots", seats - 1, &server_bots) ||
      !level_flag(*flags, "level", &spec->level) ||
      !level_flag(*flags, "server-bot-level", &spec->server_bot_level)) {
    return false;
  }
  spec->turn_seconds = static_cast<int>(turn_seconds);
  spec->server_bots = static_cast<int>(server_bots);
  spec->game = flags->at("game");
  spec->tables = static_cast<int>(tables);
  spec->seats = static_cast<int>(seats);
  spec->json = flags->count("json") > 0;
  return true;
}

int run_load(const std::vector<std::string>& args) {
  LoadSpec spec;
  std::string error;
  if (!parse_spec(args, &spec, &error)) {
    std::cerr << (error.empty() ? "usage: parlor load --server ws://HOST:PORT[,...] --game GAME "
                                  "--tables N --seats S [--rate R] [--duration SECONDS] "
                                  "[--level random|sensible|expert] [--server-bots K] "
                                  "[--server-bot-level LEVEL] [--turn-seconds T] [--ping-after S] "
                                  "[--give-up-after S] [--json]"
                                : error)
              << "\n";
    return 2;
  }
  boost::asio::io_context ioc(1);
  net::BotStats stats;
  stats.measuring = false;
  std::vector<std::unique_ptr<net::BotPlayer>> bots;
  const int clients_per_table = spec.seats - spec.server_bots;
  const int total_clients = spec.tables * clients_per_table;
  bots.reserve(static_cast<std::size_t>(total_clients));

  // The measured window opens once every table plays (or after kRampLimit), so the
  // connection ramp of thousands of clients does not dilute the figures.
  Clock::time_point started = Clock::now();
  Clock::time_point stopped = started;
  int stalled_tables = 0;
  boost::asio::steady_timer window(ioc);
  bool interrupted = false;
  auto drain_and_stop = [&] {
    for (auto& bot : bots) bot->stop_playing();
    window.expires_after(kDrainTime);
    window.async_wait([&](boost::system::error_code) {
      for (auto& bot : bots) bot->close();
      ioc.stop();
    });
  };
  auto open_window = [&] {
    if (stats.measuring || interrupted) return;
    stats.measuring = true;
    started = Clock::now();
    stats.start_table_clocks(spec.tables, started);
    window.expires_after(
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(spec.duration)));
    // Runs when the duration is over, or at once when a signal cancels the wait.
    window.async_wait([&](boost::system::error_code) {
      stopped = Clock::now();
      stalled_tables = stats.close_table_clocks(stopped, kStalledAfter);
      stats.measuring = false;
      drain_and_stop();
    });
  };
  boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code ec, int) {
    if (ec || interrupted) return;
    interrupted = true;
    if (stats.measuring) {
      window.cancel();  // its handler closes the window now
      return;
    }
    if (stopped == started) {
      stats.note_error("interrupted before every table was playing: nothing measured");
      drain_and_stop();
    }
  });
  int playing = 0;
  // Every table starts together once all are full: a table that plays while thousands of
  // clients still connect would starve their handshakes.
  int tables_full = 0;
  std::vector<net::BotPlayer*> hosts;
  auto make_bot = [&](const std::string& code, int index, int table) {
    net::BotConfig config;
    config.urls = spec.urls;
    config.first_url = static_cast<std::size_t>(index);  // round-robin over the servers
    config.table = table;
    config.name = "load-" + std::to_string(index);
    config.game = spec.game;
    config.level = spec.level;
    config.seats = spec.seats;
    config.server_bots = code.empty() ? spec.server_bots : 0;
    config.server_bot_level = spec.server_bot_level;
    config.join_code = code;
    config.rate = spec.rate;
    config.turn_seconds = spec.turn_seconds;
    config.replay = true;
    config.leave_after_match = false;
    config.hold_start = code.empty();
    config.rng_stream = static_cast<std::uint64_t>(index);
    config.liveness = spec.liveness;
    bots.push_back(std::make_unique<net::BotPlayer>(ioc, config, stats));
    bots.back()->on_first_update = [&] {
      if (++playing == total_clients) open_window();
    };
    return bots.back().get();
  };
  int tables_begun = 0;
  std::function<void()> begin_next_table = [&] {
    if (tables_begun == spec.tables) return;
    const int t = tables_begun++;
    net::BotPlayer* host = make_bot("", t * clients_per_table, t);
    hosts.push_back(host);
    host->on_room_created = [&, t](const std::string& code) {
      for (int s = 1; s < clients_per_table; ++s) {
        make_bot(code, t * clients_per_table + s, t)->start();
      }
    };
    host->on_table_full = [&] {
      begin_next_table();
      if (++tables_full < spec.tables) return;
      for (net::BotPlayer* each : hosts) each->allow_start();
    };
    host->start();
  };
  for (int t = 0; t < std::min(spec.tables, kTablesConnectingAtOnce); ++t) begin_next_table();
  boost::asio::steady_timer ramp_limit(ioc);
  ramp_limit.expires_after(kRampLimit);
  ramp_limit.async_wait([&](boost::system::error_code ec) {
    if (ec || stats.measuring || stopped != started) return;
    stats.note_error("only " + std::to_string(playing) + " of " + std::to_string(total_clients) +
                     " clients playing after " + std::to_string(kRampLimit.count()) + " s");
    for (net::BotPlayer* host : hosts) host->allow_start();
    open_window();
  });
  ioc.run();
  ramp_limit.cancel();
  signals.cancel();
  const double seconds = std::chrono::duration<double>(stopped - started).count();
  Json r = report(spec, stats, seconds, stalled_tables);
  if (spec.json) {
    std::cout << r.dump() << "\n";
  } else {
    print_text(r);
  }
  return stats.actions_accepted > 0 && stats.connection_errors == 0 ? 0 : 1;
}

PARLOR_COMMAND("load",
               "load --server URL[,URL...] --game GAME --tables N --seats S [--rate R] "
               "[--duration D] [--level random|sensible|expert] [--server-bots K] "
               "[--server-bot-level LEVEL] [--turn-seconds T] [--ping-after S] "
               "[--give-up-after S] [--json]",
               "load generator: N tables of S network bots, reports throughput and latency",
               "  --server URL[,...] the server, e.g. ws://127.0.0.1:8080 (required); several\n"
               "                     (a cluster's nodes): clients spread over them in turn,\n"
               "                     and one whose connection drops resumes through the next\n"
               "  --game GAME        the game every table plays (required)\n"
               "  --tables N         how many tables (required)\n"
               "  --seats S          bots per table (required)\n"
               "  --rate R           actions per second per client (open loop); default: as\n"
               "                     fast as each may act (closed loop)\n"
               "  --duration D       seconds measured (default 10); SIGINT or SIGTERM ends\n"
               "                     the window early and reports what was measured\n"
               "  --level LEVEL      the clients' own policy: random (default, cheapest),\n"
               "                     sensible or expert\n"
               "  --server-bots K    seats of each table (fewer than S) the server's own bots\n"
               "                     play: the host adds them, S-K clients play the rest\n"
               "                     (default 0); the report's latency is the clients'\n"
               "  --server-bot-level LEVEL  those bots' level (default sensible)\n"
               "  --turn-seconds T   each table's turn timer in seconds, as players have\n"
               "                     one (default 0: none)\n" PARLOR_LIVENESS_HELP
               "  --json             print the report as one JSON object (with \"stalls\": each\n"
               "                     wait of 1 s or more at a table, from when, how long)\n"
               "Start the server with --rate 0 --max-connections-per-ip 0 so its abuse limits\n"
               "do not throttle the test. Exit: 0 done, 1 errors, 2 bad usage.\n",
               run_load);

}  // namespace
}  // namespace parlor::cli
