#include "server/server.hpp"

#include <sys/resource.h>

#include <spdlog/spdlog.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <thread>

#include "server/accounts/account_feed.hpp"
#include "server/accounts/club.hpp"
#include "server/cluster/cluster_service.hpp"
#include "server/events/event_journal.hpp"
#include "server/events/event_service.hpp"
#include "server/events/lobby_event_tables.hpp"
#include "server/http/replay_cache.hpp"
#include "server/ids.hpp"
#include "server/lobby.hpp"
#include "server/net/connection_gate.hpp"
#include "server/net/listener.hpp"
#include "server/net/tls.hpp"
#include "server/room/bot_thinker.hpp"
#include "server/room/recovery.hpp"
#include "server/room/room_keeper.hpp"
#include "server/room/store_journal.hpp"
#include "server/store/postgres/pg_connection.hpp"
#include "server/store/store.hpp"

namespace parlor::server {
namespace {

// Many WebSocket connections need many descriptors: raise the soft limit to the hard one.
void raise_descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

// Once every session has closed (or after a few seconds), stops the io_context.
void stop_when_drained(std::shared_ptr<net::steady_timer> timer, net::io_context& ioc,
                       std::shared_ptr<Lobby> lobby, std::chrono::steady_clock::time_point end) {
  if (lobby->metrics().connections_open.load() == 0 || std::chrono::steady_clock::now() > end) {
    ioc.stop();
    return;
  }
  timer->expires_after(std::chrono::milliseconds(20));
  timer->async_wait([timer, &ioc, lobby, end](boost::system::error_code) {
    stop_when_drained(timer, ioc, lobby, end);
  });
}

cluster::ClusterOptions cluster_options(const ServerConfig& config) {
  cluster::ClusterOptions options;
  options.database = config.db_path;
  options.node = config.node;
  options.url = config.public_url;
  return options;
}

// Builds the games' lookup tables (GameDefinition::warm_up) before the first player
// arrives, so no first move waits for them. It runs beside start-up rather than before
// it: the tables take 0.1-1 s of CPU, which a restarting node (or a test starting
// hundreds of servers) should not wait for, and a match that needs a table meanwhile
// waits only for the part still being built (the tables are built once, under a lock).
void warm_up(const std::vector<const GameDefinition*>& games) {
  const auto started = std::chrono::steady_clock::now();
  for (const GameDefinition* game : games) game->warm_up();
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - started);
  spdlog::info("games ready ({} ms to build their tables)", took.count());
}

// `--threads 0`: one io thread per core, but a single one on a machine of one or two
// cores. There the second thread cost more than it gave: the store's writer needs part
// of a core too, and with two io threads every room and connection runs behind a strand,
// each update is posted across threads and the threads wake each other. On two cores, one
// thread made as many actions a second as two in the closed loop, and up to a fifth more
// on a fast hour, at 4-20% less CPU per action, and kept the open loop's p99 at 20,000
// players lower (2026-11-27 and 11-28, docs/load.md's history). Machines of more
// cores were not measured, so they keep one per core.
int io_threads_for(int configured) {
  if (configured > 0) return configured;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores <= 2 ? 1 : static_cast<int>(cores);
}

// `--bot-threads 0`: one less than the cores (at least one), so that bots thinking at
// once leave a core to the io thread, and they run at a lower priority besides.
// The club's settings from the flags (server/accounts/club.hpp). `--hash-threads 0`: one
// per four cores, at least one, so that a flood of logins leaves the other cores to play.
accounts::ClubOptions club_options(const ServerConfig& config) {
  accounts::ClubOptions options;
  options.access.mode =
      accounts::parse_access_mode(config.access).value_or(accounts::AccessMode::kOpen);
  options.access.guests = config.guests;
  options.admins = config.admins;
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  options.hash_threads = config.hash_threads > 0 ? config.hash_threads : std::max(1, cores / 4);
  return options;
}

int bot_threads_for(int configured) {
  if (configured > 0) return configured;
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
}

// Bots' moves waiting to be thought at most (one per busy room; a full queue makes a
// bot wait and try again).
constexpr std::size_t kBotThinkerQueue = 4096;

// An io_context whose pending handlers run_server destroys itself, before it returns.
// Shutting down stops the io_context after its patience even if a connection is still
// closing (a TLS close waiting for the peer's answer), and the handler of that pending
// read holds its session. The io_context's destructor would destroy that handler only
// after everything declared after it, and the session's destructor reaches the lobby's
// metrics and the connection gate: ASan saw it write into the destroyed metrics
// (tests/server/tls_test.py, a browser's connection over TLS, then SIGTERM).
class ServerIoContext : public net::io_context {
 public:
  using net::execution_context::shutdown;  // destroys every pending handler; idempotent
  using net::io_context::io_context;
};

// A stop during a write outage drops the writes the database would not take (Store::stop).
// True if it did: the process then ends with exit code 1.
bool report_dropped_writes(std::uint64_t dropped) {
  if (dropped == 0) return false;
  spdlog::error(
      "stopped without {} writes the database would not take; no player saw them accepted "
      "(their messages were held), and after a restart play resumes from the last move that "
      "was",
      dropped);
  return true;
}

}  // namespace

int run_server(const ServerConfig& config, std::vector<const GameDefinition*> games,
               const std::string& executable_path) {
  raise_descriptor_limit();
  const int threads = io_threads_for(config.threads);
  ServerIoContext ioc(threads);
  // What the lobby and its rooms read: the flags, with the number of io threads resolved
  // (one thread lets rooms and connections go without strands: Lobby::single_thread_io).
  ServerConfig running_config = config;
  running_config.threads = threads;
  // Where bots think. Declared after the io_context, whose strands its workers post to,
  // and before the lobby, whose rooms hand it their bots' moves (server/room/bot_thinker.hpp).
  BotThinker bot_thinker({bot_threads_for(config.bot_threads), kBotThinkerQueue});
  // The store's reads (history, token lookups) run here. Declared before the store for the
  // same reason as the io_context: a claim's commit callback posts to it from the store's
  // writer thread, so it must outlive the store (ThreadSanitizer saw the test's twin of
  // this order race: docs/reliability.md, section 12).
  net::thread_pool history_pool(1);
  Metrics metrics;
  store::StoreOptions store_options;
  store_options.path = config.db_path;
  store_options.synchronous_full = config.db_sync == "full";
  store_options.commit_interval = std::chrono::milliseconds(config.commit_ms);
  store_options.commit_spacing = std::chrono::milliseconds(config.commit_spacing_ms);
  store_options.checkpoint_interval = std::chrono::milliseconds(config.checkpoint_ms);
  // A clustered node joins before its store opens: every write batch carries the fence of
  // this incarnation (server/cluster/cluster_schema.hpp).
  std::unique_ptr<cluster::ClusterService> cluster;
  if (!config.node.empty()) {
    auto joined = cluster::ClusterService::join(cluster_options(config));
    if (!joined) {
      spdlog::critical("cannot join the cluster as node {}: {} ({})", config.node,
                       joined.error().message, joined.error().code);
      return 1;
    }
    cluster = std::move(joined.value());
    cluster->guard(store_options);
  }
  auto opened = store::Store::open(store_options);
  if (!opened) {
    // redact_conninfo: a PostgreSQL URI's password never reaches the log.
    spdlog::critical("cannot use the database {}: {} ({})",
                     store::pg::redact_conninfo(config.db_path), opened.error().message,
                     opened.error().code);
    return 1;
  }
  // Declared after the io_context so it is destroyed first: its last commit callbacks
  // post to rooms' strands, which need the io_context alive.
  std::unique_ptr<store::Store> store = std::move(opened.value());
  // A single server keeps its open rooms in the store (a cluster node publishes them to
  // the others instead); declared before the lobby, whose rooms call it.
  RoomKeeper room_keeper(*store);
  std::jthread warming([games] { warm_up(games); });
  StoreJournal store_journal(*store);
  // Club nights (server/events/): the service hears its tables' matches end through the
  // journal the rooms write to, and opens its tables through the lobby made after it.
  events::LobbyEventTables event_tables(*store);
  events::StoreEventSaver event_saver(*store);
  events::EventOptions event_options;
  event_options.start_grace = std::chrono::milliseconds(config.event_start_grace_ms);
  event_options.round_pause = std::chrono::milliseconds(config.event_round_pause_ms);
  event_options.id_suffix = node_id_suffix(config.node);
  events::EventService event_service(event_options, event_tables, event_saver,
                                     events::io_timer(ioc));
  events::EventJournal journal(store_journal, event_service);
  auto lobby = std::make_shared<Lobby>(ioc, running_config, std::move(games), journal, metrics);
  event_tables.attach(*lobby);
  lobby->set_events(&event_service);
  lobby->players().attach_store(*store);
  lobby->set_bot_thinker(&bot_thinker);
  std::atomic<bool> fenced{false};
  std::function<void()> stand_down;  // set once the listener exists
  // Before recovery, so that the rooms it reopens are kept again.
  if (!cluster) lobby->set_hooks(room_keeper.hooks());
  Expected<RecoveryReport> attached = RecoveryReport{};
  if (cluster) {
    attached = cluster->attach(*lobby, *store, [&] {
      fenced = true;
      net::post(ioc, [&] {
        if (stand_down) stand_down();
      });
    });
  } else {
    attached = recover_matches(*store, *lobby);
  }
  if (!attached) {
    // Started without them, its rooms would come back without their matches.
    spdlog::critical("cannot reopen this node's rooms: {} ({})", attached.error().message,
                     attached.error().code);
    return 1;
  }
  const RecoveryReport& recovered = attached.value();
  // After the rooms: an event's tables are rooms recovery has just reopened.
  if (auto saved = store->load_events()) {
    std::vector<std::string> texts;
    if (cluster) {
      // Only the events this node drives (server/cluster/event_registry.hpp): resumed by
      // every node, another node's event would have its tables, absent here, scored as
      // if nobody came, over the owner's results. It may claim those of its own id
      // suffix no node drives yet, and those made on a single server (no suffix).
      const std::string suffix = node_id_suffix(config.node);
      std::vector<std::string> all;
      std::vector<std::string> candidates;
      for (const store::EventRow& row : *saved) {
        all.push_back(row.event_id);
        const bool own_suffix = row.event_id.size() > suffix.size() &&
                                row.event_id.ends_with(suffix) &&
                                row.event_id.find('-') == row.event_id.size() - suffix.size();
        if (own_suffix || row.event_id.find('-') == std::string::npos)
          candidates.push_back(row.event_id);
      }
      Expected<std::vector<std::string>> owned = cluster->own_events(candidates);
      if (!owned) {
        spdlog::critical("cannot learn which club nights this node drives: {} ({})",
                         owned.error().message, owned.error().code);
        return 1;
      }
      for (const store::EventRow& row : *saved) {
        if (std::find(owned->begin(), owned->end(), row.event_id) != owned->end()) {
          texts.push_back(row.state);
        }
      }
      event_service.reserve_ids(all);
      event_saver.on_first_save([&cluster](const std::string& id) { cluster->event_created(id); });
      // A dead node's events come here with their tables (ClusterService::reopen).
      cluster->set_event_resumer([&event_service](const std::vector<std::string>& states) {
        spdlog::info("events: {} club nights taken from a departed node",
                     event_service.resume(states));
      });
    } else {
      for (const store::EventRow& row : *saved) texts.push_back(row.state);
    }
    if (int resumed = event_service.resume(texts); resumed > 0) {
      spdlog::info("events: {} club nights taken back", resumed);
    }
  } else {
    spdlog::critical("cannot read the club nights: {} ({})", saved.error().message,
                     saved.error().code);
    return 1;
  }
  if (recovered.resumed + recovered.finished + recovered.aborted + recovered.reopened > 0) {
    spdlog::info("recovery: {} matches resumed, {} finished, {} aborted; {} rooms reopened waiting",
                 recovered.resumed, recovered.finished, recovered.aborted, recovered.reopened);
  }
  auto web_root = std::make_shared<WebRoot>(resolve_web_root(config.web_root, executable_path));
  // Accounts and access (server/accounts/club.hpp): loaded before the listener opens, so the
  // first hello already meets the server's rules. A PostgreSQL store may be shared by several
  // nodes: the feed brings their changes here (account_feed.hpp).
  accounts::Club club(club_options(config), lobby->players(), store.get(),
                      history_pool.get_executor());
  if (auto failed = club.start()) {
    spdlog::critical("cannot load the accounts: {} ({})", failed->message, failed->code);
    return 1;
  }
  std::shared_ptr<accounts::AccountFeed> account_feed;
  if (is_postgres_uri(config.db_path)) {
    account_feed = std::make_shared<accounts::AccountFeed>(club, ioc);
    account_feed->start();
  }

  beast::error_code ec;
  auto address = net::ip::make_address(config.address, ec);
  if (ec) {
    spdlog::critical("bad --address \"{}\": {}", config.address, ec.message());
    return 2;
  }
  std::shared_ptr<net::ssl::context> tls;
  if (!config.tls_cert.empty()) {
    auto context = make_tls_context(config.tls_cert, config.tls_key);
    if (!context) {
      spdlog::critical("{}", context.error().message);
      return 2;
    }
    tls = std::move(context.value());
  }
  auto gate = std::make_shared<ConnectionGate>(config.max_connections_per_ip);
  // The store's reads (match history, a cluster's token lookups) go to the HTTP and
  // WebSocket side directly, on their own thread.
  ReplayCache replay_cache(config.replay_cache_bytes);
  const ServerContext context{
      lobby, gate, StoreAccess{store.get(), history_pool.get_executor(), &replay_cache}, &club};
  auto listener = std::make_shared<Listener>(ioc, context, web_root, tls);
  const Expected<tcp::endpoint> listening = listener->open({address, config.port});
  if (!listening) {
    spdlog::critical("cannot listen on {}:{}: {}", config.address, config.port,
                     listening.error().message);
    return 1;
  }
  listener->run();
  std::string game_names;
  for (const GameDefinition* game : lobby->games()) game_names += " " + game->name();
  spdlog::info("parlor-server listening on {}://{}:{}/ (WebSocket at /ws{}), {} threads",
               tls ? "https" : "http", config.address, listening->port(), tls ? ", TLS only" : "",
               threads);
  spdlog::info("games:{}; web root: {}; database: {}", game_names.empty() ? " none" : game_names,
               web_root->directory.empty() ? "(built-in placeholder)" : web_root->directory,
               store::pg::redact_conninfo(config.db_path));

  // No new connection or room; every room stopped and every connection closed; the
  // process ends once they are gone, or after `patience`.
  auto shut_down = [&](std::chrono::seconds patience) {
    listener->stop();
    if (account_feed) account_feed->stop();
    event_service.stop();  // before the rooms close: their ends are not the night's results
    lobby->shutdown();
    spdlog::info("shutting down: closing {} connections", gate->close_all());
    auto timer = std::make_shared<net::steady_timer>(ioc);
    stop_when_drained(timer, ioc, lobby, std::chrono::steady_clock::now() + patience);
  };
  // Fenced: another node took this one's rooms; stop serving them at once.
  stand_down = [&] { shut_down(std::chrono::seconds(2)); };
  if (cluster) cluster->start();

  // A clustered node hands its rooms over without waiting for its connections to close
  // (one slow to answer the close held every player of the node for 5 s): its rooms are
  // stopped and its connections told to close, then this flushes the store and leaves.
  // Whatever a room still writes after that fails the fence (the node is `left`), so it
  // is never acknowledged, and its player sends it again to the room's next holder.
  std::thread leaving;
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code signal_ec, int signal) {
    if (signal_ec) return;
    spdlog::info("signal {}: shutting down", signal);
    // A clustered node hands its rooms to the others: it stops taking rooms now, stops its
    // own between two actions below, and leaves once its store is flushed.
    if (cluster) cluster->drain();
    shut_down(std::chrono::seconds(5));
    if (cluster) {
      leaving = std::thread([&] {
        store->stop();
        cluster->leave();
      });
    }
  });

  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (auto& thread : pool) thread.join();
  bot_thinker.stop();  // what it still thinks about goes nowhere now
  if (leaving.joinable()) leaving.join();
  history_pool.join();
  int exit_code = 0;
  if (fenced) {
    spdlog::error("stopped: this node was fenced and its rooms are served by others");
    exit_code = 3;
  } else {
    // A clustered node left already, on the signal (`leaving`). Its last commit callbacks
    // post to rooms, destroyed just below. During a write outage this waits no longer
    // than the store's patience (Store::stop): a stop during an outage must not hang.
    if (report_dropped_writes(store->stop())) exit_code = 1;
    spdlog::info("stopped");
  }
  ioc.shutdown();  // while what the pending handlers hold on to is still alive
  return exit_code;
}

int server_main(int argc, char** argv, std::vector<const GameDefinition*> games) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto parsed = parse_command_line(args, [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    if (!value) return std::nullopt;
    return std::string(value);
  });
  if (!parsed) {
    std::cerr << "parlor-server: " << parsed.error().message << '\n';
    return 2;
  }
  if (parsed->help) {
    std::cout << usage_text();
    return 0;
  }
  auto level = spdlog::level::from_str(parsed->config.log_level);
  if (level == spdlog::level::off && parsed->config.log_level != "off") {
    std::cerr << "parlor-server: unknown log level \"" << parsed->config.log_level << "\"\n";
    return 2;
  }
  spdlog::set_level(level);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  try {
    return run_server(parsed->config, std::move(games), argc > 0 ? argv[0] : "");
  } catch (const std::exception& e) {
    spdlog::critical("fatal: {}", e.what());
    return 1;
  }
}

}  // namespace parlor::server
