// Starts a real server binary on a free loopback port for the integration tests, and
// stops it (SIGTERM, then SIGKILL) when destroyed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace parlor::testing {

// A server whose tables play as fast as it can: bots with no delay, no pause between
// rounds, no rate limit and no turn timer; `extra` flags follow.
inline std::vector<std::string> instant_table_flags(std::initializer_list<std::string> extra) {
  std::vector<std::string> flags{"--bot-delay-ms", "0", "--round-pause-ms", "0",
                                 "--rate",         "0", "--turn-seconds",   "0"};
  flags.insert(flags.end(), extra);
  return flags;
}

class ServerProcess {
 public:
  // Runs `binary --address 127.0.0.1 --port P extra...` and waits for /healthz. Unless
  // `extra` names a --db, the server gets a database of its own in a temporary folder
  // that is removed with this object.
  // `port`: listen there (a restart on the same port), else on a free one.
  ServerProcess(const std::string& binary, const std::vector<std::string>& extra_args,
                int port = 0);
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  int port() const { return port_; }
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }  // for tests that pause it (SIGSTOP) as a frozen host
  // Sends SIGTERM and waits; returns the exit status (-1 if killed or not running).
  int stop(int timeout_ms = 8000);
  // SIGKILL at once, as a crash would (no shutdown, nothing flushed); waits for the exit.
  void kill_now();
  std::string log() const;

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string log_path_;
  std::string temp_dir_;  // the server's own database folder, if it has one
};

int free_port();
// Connects the socket `fd` to 127.0.0.1:`port`; false if it could not (fd stays open).
bool connect_to_loopback(int fd, int port);

// A plain HTTP/1.1 GET (or any raw request text) to 127.0.0.1:port; returns the whole
// response ("" if the connection failed), or what came before the server was silent for
// `patience`.
std::string http_get(int port, const std::string& target,
                     std::chrono::milliseconds patience = std::chrono::seconds(5));
std::string raw_http(int port, const std::string& request,
                     std::chrono::milliseconds patience = std::chrono::seconds(5));
int http_status(const std::string& response);
// Every counter and gauge of one answer of the server's /metrics, by name (labels
// included in the name): values compared with each other must come from one snapshot.
std::map<std::string, long long> metrics(int port);
// One counter or gauge from /metrics (-1 if absent).
long long metric(int port, const std::string& name);
std::string http_body(const std::string& response);

}  // namespace parlor::testing
