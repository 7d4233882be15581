#include "server/config.hpp"

#include "server/store/postgres/pg_connection.hpp"

#include <unistd.h>

#include <array>
#include <charconv>
#include <sstream>

namespace parlor::server {
namespace {

// One flag: its name, a line of help, and how it is stored.
struct Flag {
  std::string name;
  std::string help;
  std::function<bool(ServerConfig&, const std::string&)> set;
  std::function<std::string(const ServerConfig&)> show;
};

template <class Int>
bool parse_int(const std::string& text, Int& out, long long min, long long max) {
  long long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    return false;
  }
  out = static_cast<Int>(value);
  return true;
}

bool parse_double(const std::string& text, double& out) {
  std::istringstream in(text);
  double value = 0;
  if (!(in >> value) || !in.eof() || value < 0) return false;
  out = value;
  return true;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, ',')) {
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

std::string join_commas(const std::vector<std::string>& parts) {
  std::string joined;
  for (const auto& part : parts) joined += (joined.empty() ? "" : ",") + part;
  return joined;
}

template <class Int>
Flag int_flag(std::string name, std::string help, Int ServerConfig::*field, long long min,
              long long max) {
  return {std::move(name), std::move(help),
          [=](ServerConfig& c, const std::string& v) { return parse_int(v, c.*field, min, max); },
          [=](const ServerConfig& c) { return std::to_string(c.*field); }};
}

Flag string_flag(std::string name, std::string help, std::string ServerConfig::*field) {
  return {std::move(name), std::move(help),
          [=](ServerConfig& c, const std::string& v) {
            c.*field = v;
            return true;
          },
          [=](const ServerConfig& c) { return c.*field; }};
}

Flag double_flag(std::string name, std::string help, double ServerConfig::*field) {
  return {std::move(name), std::move(help),
          [=](ServerConfig& c, const std::string& v) { return parse_double(v, c.*field); },
          [=](const ServerConfig& c) {
            std::ostringstream out;
            out << c.*field;
            return out.str();
          }};
}

const std::vector<Flag>& flags() {
  using C = ServerConfig;
  static const std::vector<Flag> all = {
      string_flag("address", "address to bind", &C::address),
      int_flag("port", "port for HTTP and WebSocket (/ws)", &C::port, 0, 65535),
      string_flag("db",
                  "SQLite database path (created on first start), or a PostgreSQL URI "
                  "postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME (schema created on first start)",
                  &C::db_path),
      {"db-sync", "durability: normal (survives a crash of the server) or full (also a power cut)",
       [](C& c, const std::string& v) {
         if (v != "normal" && v != "full") return false;
         c.db_sync = v;
         return true;
       },
       [](const C& c) { return c.db_sync; }},
      int_flag("commit-ms",
               "extra wait to gather writes into one commit (0: commit as soon as the writer is "
               "free; groups still form while a commit runs)",
               &C::commit_ms, 0, 1000),
      int_flag("commit-spacing-ms",
               "under concurrent load (one of the last two commits held two writes or more), "
               "the least time from one commit's start to the next's, so that more writes "
               "share one (0: none; a lone write still commits at once)",
               &C::commit_spacing_ms, 0, 1000),
      int_flag("checkpoint-ms",
               "how often a separate connection copies the WAL into the database file (0: "
               "leave it to SQLite, which does it inside the commit that fills the WAL)",
               &C::checkpoint_ms, 0, 60000),
      string_flag("web-root",
                  "directory served at / (default: clients/web/dist, else a placeholder)",
                  &C::web_root),
      int_flag("threads", "worker threads (0: one per core; one on a machine of one or two cores)",
               &C::threads, 0, 256),
      string_flag("tls-cert",
                  "PEM certificate chain: serve HTTPS and wss:// on the port instead of plain "
                  "HTTP (needs --tls-key)",
                  &C::tls_cert),
      string_flag("tls-key", "PEM private key of --tls-cert", &C::tls_key),
      {"node",
       "this node's name in a cluster (1-32 of a-z, 0-9, '-', starting with a letter; needs a "
       "PostgreSQL --db); empty: a single node",
       [](C& c, const std::string& v) {
         if (!v.empty() && !valid_node_name(v)) return false;
         c.node = v;
         return true;
       },
       [](const C& c) { return c.node; }},
      {"public-url",
       "how clients reach this node directly: ws://HOST:PORT/ws, wss://..., or a path on the "
       "same origin such as /n/node2/ws (default with --node: ws://ADDRESS:PORT/ws)",
       [](C& c, const std::string& v) {
         if (!v.empty() && !valid_public_url(v)) return false;
         c.public_url = v;
         return true;
       },
       [](const C& c) { return c.public_url; }},
      string_flag("log-level", "trace, debug, info, warn, error, critical or off", &C::log_level),
      int_flag("turn-seconds", "default turn timer of a room, 0 for none", &C::turn_seconds, 0,
               86400),
      int_flag("grace-seconds", "how long a disconnected player keeps the seat", &C::grace_seconds,
               0, 86400),
      int_flag("bot-delay-ms",
               "default delay before a bot acts (its thinking counts toward it: a bot that "
               "thought for less waits the rest)",
               &C::bot_delay_ms, 0, 60000),
      int_flag("bot-budget-ms",
               "default thinking time of a bot's move, in ms of one worker thread (a room may "
               "ask for 1-1000 instead)",
               &C::bot_budget_ms, 1, 10000),
      int_flag("bot-threads",
               "worker threads bots think on, at a lower priority than the io threads (0: one "
               "less than the cores, at least one)",
               &C::bot_threads, 0, 64),
      int_flag("round-pause-ms", "pause between rounds", &C::round_pause_ms, 0, 60000),
      int_flag("event-start-grace-ms",
               "an event's table waits this long for its players, then bots sit in for the "
               "absent",
               &C::event_start_grace_ms, 0, 3600000),
      int_flag("event-round-pause-ms", "pause between an event's rounds", &C::event_round_pause_ms,
               0, 3600000),
      int_flag("empty-room-seconds", "an empty room closes after this long", &C::empty_room_seconds,
               0, 86400 * 7),
      int_flag("max-rooms", "most rooms open at once", &C::max_rooms, 1, 10000000),
      int_flag("chat-burst", "chat lines a member may send at once before the interval applies",
               &C::chat_burst, 1, 1000),
      int_flag("chat-interval-ms",
               "after the burst, one chat line per member per this many ms (0: no limit)",
               &C::chat_interval_ms, 0, 3600000),
      int_flag("chat-max-chars",
               "longest chat line in characters (a chat message is also at most 2048 bytes)",
               &C::chat_max_chars, 1, 2048),
      int_flag("replay-cache-bytes",
               "memory for finished matches' replays (/api/matches/ID/replay), least recently "
               "served dropped first (0: none)",
               &C::replay_cache_bytes, 0, 1LL << 40),
      int_flag("max-message-bytes", "largest WebSocket message accepted", &C::max_message_bytes,
               256, 16 << 20),
      double_flag("rate", "messages per second per connection (0: unlimited)", &C::rate_per_second),
      double_flag("burst", "message burst per connection", &C::rate_burst),
      int_flag("flood-close-after", "rate-limited messages in a row before closing",
               &C::flood_close_after, 1, 1000000),
      int_flag("max-connections-per-ip", "WebSocket connections per IP (0: unlimited)",
               &C::max_connections_per_ip, 0, 10000000),
      int_flag("handshake-timeout", "seconds to complete the WebSocket handshake",
               &C::handshake_timeout_seconds, 1, 3600),
      int_flag("idle-timeout", "seconds of silence (pings unanswered) before a close",
               &C::idle_timeout_seconds, 2, 86400),
      int_flag("max-header-bytes", "HTTP header limit (431 beyond)", &C::max_header_bytes, 512,
               1 << 20),
      int_flag("max-body-bytes", "HTTP body limit (413 beyond)", &C::max_body_bytes, 0, 64 << 20),
      int_flag("max-queued-messages",
               "outgoing messages queued per connection before closing it, once it has taken "
               "none for 1 s (at four times this, at once)",
               &C::max_queued_messages, 8, 1000000),
      {"allowed-origins", "comma-separated Origin allow-list for /ws (default: any)",
       [](ServerConfig& c, const std::string& v) {
         c.allowed_origins = split_commas(v);
         return true;
       },
       [](const ServerConfig& c) { return join_commas(c.allowed_origins); }},
      {"access",
       "who may come in: open (anyone), invite (whoever redeemed an operator's invite) or "
       "members (accounts an operator approved)",
       [](ServerConfig& c, const std::string& v) {
         if (v != "open" && v != "invite" && v != "members") return false;
         c.access = v;
         return true;
       },
       [](const ServerConfig& c) { return c.access; }},
      {"guests", "on or off: whether players without an account may play where --access allows",
       [](ServerConfig& c, const std::string& v) {
         if (v != "on" && v != "off") return false;
         c.guests = v == "on";
         return true;
       },
       [](const ServerConfig& c) { return std::string(c.guests ? "on" : "off"); }},
      {"admin",
       "comma-separated handles made admins on start, each once its account exists (how the "
       "first admin is made: docs/operators.md)",
       [](ServerConfig& c, const std::string& v) {
         c.admins = split_commas(v);
         return true;
       },
       [](const ServerConfig& c) { return join_commas(c.admins); }},
      int_flag("hash-threads",
               "threads that hash passwords, off the network threads (0: one per four cores, "
               "at least one)",
               &C::hash_threads, 0, 64),
  };
  return all;
}

std::string env_name(const std::string& flag) {
  std::string name = "PARLOR_";
  for (char c : flag) name += c == '-' ? '_' : static_cast<char>(std::toupper(c));
  return name;
}

const Flag* find_flag(const std::string& name) {
  for (const Flag& flag : flags()) {
    if (flag.name == name) return &flag;
  }
  return nullptr;
}

Error bad_flag(const std::string& message) { return {"bad_flag", message}; }

std::string machine_name() {
  std::array<char, 256> name{};
  if (gethostname(name.data(), name.size() - 1) != 0 || name[0] == '\0') return "localhost";
  return name.data();
}

// --node needs the shared PostgreSQL database (a SQLite file cannot be shared between
// processes on several hosts); --public-url gets its default from the listen address.
Expected<bool> check_cluster_flags(ServerConfig& config) {
  if (config.node.empty()) return true;
  if (!is_postgres_uri(config.db_path)) {
    return bad_flag("--node " + config.node +
                    " needs a PostgreSQL --db (postgresql://USER@HOST:PORT/DBNAME): the nodes "
                    "of a cluster share one database; \"" +
                    config.db_path + "\" is a SQLite file");
  }
  if (config.public_url.empty()) {
    // A wildcard address is no place to connect to: the machine's name stands for it.
    std::string host = config.address;
    if (host == "0.0.0.0" || host == "::" || host.empty()) host = machine_name();
    if (host.find(':') != std::string::npos) host = "[" + host + "]";
    config.public_url = "ws://" + host + ":" + std::to_string(config.port) + "/ws";
  }
  return true;
}

}  // namespace

bool valid_node_name(const std::string& name) {
  if (name.empty() || name.size() > 32 || name[0] < 'a' || name[0] > 'z') return false;
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

bool valid_public_url(const std::string& url) {
  auto has_host_after = [&](const std::string& scheme) {
    return url.rfind(scheme, 0) == 0 && url.size() > scheme.size() && url[scheme.size()] != '/';
  };
  if (has_host_after("ws://") || has_host_after("wss://")) {
    return url.find_first_of(" \t\r\n\"") == std::string::npos;
  }
  // A path on the same origin: "/..." but not "//host" (that would be another origin).
  return url.size() >= 2 && url[0] == '/' && url[1] != '/' &&
         url.find_first_of(" \t\r\n\"") == std::string::npos;
}

bool is_postgres_uri(const std::string& db) { return store::pg::is_postgres_uri(db); }

Expected<ParsedCommandLine> parse_command_line(const std::vector<std::string>& args,
                                               const EnvLookup& env) {
  ParsedCommandLine parsed;
  for (const Flag& flag : flags()) {
    auto value = env(env_name(flag.name));
    if (value && !flag.set(parsed.config, *value)) {
      return bad_flag("bad value for " + env_name(flag.name) + ": \"" + *value + "\"");
    }
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      parsed.help = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0) return bad_flag("unexpected argument \"" + arg + "\"");
    std::string name = arg.substr(2);
    std::string value;
    bool has_value = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    const Flag* flag = find_flag(name);
    if (!flag) return bad_flag("unknown flag --" + name + " (see --help)");
    if (!has_value) {
      if (i + 1 >= args.size()) return bad_flag("--" + name + " needs a value");
      value = args[++i];
    }
    if (!flag->set(parsed.config, value)) {
      return bad_flag("bad value for --" + name + ": \"" + value + "\"");
    }
  }
  if (parsed.config.tls_cert.empty() != parsed.config.tls_key.empty()) {
    return bad_flag("--tls-cert and --tls-key go together (PARLOR_TLS_CERT, PARLOR_TLS_KEY)");
  }
  if (Expected<bool> checked = check_cluster_flags(parsed.config); !checked) {
    return checked.error();
  }
  return parsed;
}

std::string usage_text() {
  std::ostringstream out;
  ServerConfig defaults;
  out << "usage: parlor-server [--FLAG VALUE]...\n\n"
         "Serves the web client at /, the WebSocket protocol at /ws (protocol/README.md),\n"
         "/healthz, /metrics and /api/rooms, all on one port.\n\n"
         "Each flag can also be set by the environment variable shown.\n\n";
  for (const Flag& flag : flags()) {
    out << "  --" << flag.name << " VALUE  (" << env_name(flag.name) << ")\n      " << flag.help
        << " [default: " << flag.show(defaults) << "]\n";
  }
  out << "  --help\n      this text\n";
  return out.str();
}

}  // namespace parlor::server
