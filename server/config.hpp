// parlor-server's configuration: command-line flags, each also settable through an
// environment variable (PARLOR_ plus the flag's name in upper case with '_' for '-',
// e.g. --turn-seconds and PARLOR_TURN_SECONDS). A flag wins over the environment.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/expected.hpp"

namespace parlor::server {

struct ServerConfig {
  // Network and files.
  std::string address = "0.0.0.0";
  std::uint16_t port = 8080;
  std::string db_path = "./data/parlor.db";
  std::string db_sync = "normal";  // PRAGMA synchronous: "normal" or "full"
  int commit_ms = 0;               // extra wait to gather a group commit (0: none)
  int commit_spacing_ms = 1;       // under concurrent load, least time between commits' starts
  int checkpoint_ms = 250;         // WAL checkpoint period, off the writer (0: SQLite's own)
  std::string web_root;            // empty: clients/web/dist, else the placeholder
  int threads = 0;                 // 0: one per core (one on two cores or fewer)
  std::string log_level = "info";
  // TLS on the one port (HTTPS and wss://) when both are set: PEM files.
  std::string tls_cert;
  std::string tls_key;
  // Cluster (docs/operators.md): this node's name (empty: a single node, as before) and how
  // clients reach it directly (absolute ws:// or wss://, or a path on the same origin).
  std::string node;
  std::string public_url;

  // Tables.
  int turn_seconds = 60;  // default per-room turn timer; 0 = none
  int grace_seconds = 120;
  int bot_delay_ms = 700;  // default per-room delay before a bot acts
  // A bot's thinking per move (the room may ask for 1..kMaxRoomBotBudgetMs instead), and
  // the worker threads bots think on (0: one less than the cores, at least one).
  int bot_budget_ms = 50;
  int bot_threads = 0;
  int round_pause_ms = 3000;
  int empty_room_seconds = 300;
  // Club nights (server/events/): how long a table waits for its players before bots take
  // the absent seats, and the pause between an event's rounds.
  int event_start_grace_ms = 60000;
  int event_round_pause_ms = 10000;
  int max_rooms = 10000;
  // Table chat (server/room/table_chat.hpp): each member's burst of lines, then one line per
  // interval (0: no limit), and the longest line in characters.
  int chat_burst = 5;
  int chat_interval_ms = 2000;
  int chat_max_chars = 300;
  // Finished matches' replays kept in memory (server/http/replay_cache.hpp); 0: none.
  std::size_t replay_cache_bytes = 64 << 20;

  // Limits.
  std::size_t max_message_bytes = 16 * 1024;
  double rate_per_second = 10;
  double rate_burst = 20;
  int flood_close_after = 40;  // rate-limited messages in a row before the close
  int max_connections_per_ip = 256;
  int handshake_timeout_seconds = 10;
  int idle_timeout_seconds = 60;
  std::size_t max_header_bytes = 8 * 1024;
  std::size_t max_body_bytes = 64 * 1024;
  std::size_t max_queued_messages = 1024;
  std::vector<std::string> allowed_origins;  // empty: any Origin

  // A club's server (docs/operators.md, "Who may come in"; server/accounts/): the access
  // mode ("open", "invite" or "members"), whether guests may play where the mode allows
  // them, the handles made admins on start (each once its account exists), and the threads
  // that hash passwords (0: one per four cores, at least one).
  std::string access = "open";
  bool guests = true;
  std::vector<std::string> admins;
  int hash_threads = 0;
};

// The most thinking per bot move a room may ask for (create_room's bot_budget_ms).
inline constexpr int kMaxRoomBotBudgetMs = 1000;

struct ParsedCommandLine {
  ServerConfig config;
  bool help = false;
};

using EnvLookup = std::function<std::optional<std::string>(const std::string& name)>;

// Errors: "bad_flag" (unknown flag, missing or malformed value, --tls-cert without
// --tls-key or the other way round, --node without a PostgreSQL --db).
// With --node and no --public-url, public_url is derived: ws://ADDRESS:PORT/ws (the
// machine's host name for a wildcard address such as 0.0.0.0).
Expected<ParsedCommandLine> parse_command_line(const std::vector<std::string>& args,
                                               const EnvLookup& env);
std::string usage_text();

// A node name: 1-32 of [a-z0-9-], starting with a letter.
bool valid_node_name(const std::string& name);
// ws://..., wss://... or a path starting with "/" (resolved by the client against the URL
// it is connected to).
bool valid_public_url(const std::string& url);
// A libpq connection URI (postgres:// or postgresql://), as opposed to a SQLite path: the
// store's own test (store::pg::is_postgres_uri), which picks the backend.
bool is_postgres_uri(const std::string& db);

}  // namespace parlor::server
