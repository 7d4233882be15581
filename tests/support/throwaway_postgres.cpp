#include "tests/support/throwaway_postgres.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libpq-fe.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace parlor::testing {

namespace {

std::string postgres_bin() {
  const char* override_dir = std::getenv("PARLOR_PG_BIN");
  return override_dir ? override_dir : "/usr/lib/postgresql/15/bin";
}

bool running_as_root() { return ::geteuid() == 0; }

// Runs `argv` (as the postgres user when we are root: the server refuses root), its
// output appended to `log`. Returns the exit code (-1 if it could not run).
int run(std::vector<std::string> argv, const std::string& log) {
  if (running_as_root()) argv.insert(argv.begin(), {"runuser", "-u", "postgres", "--"});
  const pid_t child = ::fork();
  if (child < 0) return -1;
  if (child == 0) {
    const int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (out >= 0) {
      ::dup2(out, STDOUT_FILENO);
      ::dup2(out, STDERR_FILENO);
    }
    std::vector<char*> args;
    for (auto& arg : argv) args.push_back(arg.data());
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A port the kernel says is free now (bind to 0, read it back, release it).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 0;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  int port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  ::close(fd);
  return port;
}

std::string tail_of(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  const std::string all = text.str();
  return all.size() > 1500 ? all.substr(all.size() - 1500) : all;
}

}  // namespace

std::unique_ptr<ThrowawayPostgres> ThrowawayPostgres::start(std::string& why) {
  const std::string bin = postgres_bin();
  if (::access((bin + "/initdb").c_str(), X_OK) != 0) {
    why = "PostgreSQL 15 is not installed (no " + bin + "/initdb; apt-get install postgresql-15)";
    return nullptr;
  }
  const passwd* postgres_user = running_as_root() ? ::getpwnam("postgres") : nullptr;
  if (running_as_root() && !postgres_user) {
    why = "running as root and there is no `postgres` user to run PostgreSQL as";
    return nullptr;
  }
  std::string pattern = (std::filesystem::temp_directory_path() / "parlor-pg-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) {
    why = "cannot create a temporary directory";
    return nullptr;
  }
  if (postgres_user &&
      ::chown(pattern.c_str(), postgres_user->pw_uid, postgres_user->pw_gid) != 0) {
    why = "cannot give the temporary directory to the postgres user";
    std::filesystem::remove_all(pattern);
    return nullptr;
  }
  const int port = free_port();
  std::unique_ptr<ThrowawayPostgres> server(new ThrowawayPostgres(pattern, port));
  const std::string data = pattern + "/data";
  const std::string log = pattern + "/initdb.log";
  if (port == 0 || run({bin + "/initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                        "--locale=C", "--no-sync"},
                       log) != 0) {
    why = "initdb failed: " + tail_of(log);
    return nullptr;
  }
  {
    // Durable commits as in production; room for the cluster tests' many connections.
    std::ofstream conf(data + "/postgresql.conf", std::ios::app);
    conf << "\nlisten_addresses = '127.0.0.1'\nport = " << port << "\nunix_socket_directories = '"
         << pattern << "'\n"
         << "fsync = on\nsynchronous_commit = on\nmax_connections = 200\n"
         << "shared_buffers = 32MB\n";
    if (!conf) {
      why = "cannot write postgresql.conf";
      return nullptr;
    }
  }
  if (!server->pg_ctl_start(why)) return nullptr;
  return server;
}

bool ThrowawayPostgres::pg_ctl_start(std::string& why) {
  const std::string log = directory_ + "/server.log";
  if (run({postgres_bin() + "/pg_ctl", "-D", directory_ + "/data", "-l", log, "-w", "-t", "60",
           "start"},
          directory_ + "/pg_ctl.log") != 0) {
    why = "pg_ctl start failed: " + tail_of(directory_ + "/pg_ctl.log") + tail_of(log);
    return false;
  }
  running_ = true;
  return true;
}

ThrowawayPostgres::~ThrowawayPostgres() {
  if (running_ || postmaster_pid() != 0) stop(true);
  std::error_code ignored;
  std::filesystem::remove_all(directory_, ignored);
}

std::string ThrowawayPostgres::uri(const std::string& database) const {
  return "postgresql://postgres@127.0.0.1:" + std::to_string(port_) + "/" + database;
}

std::string ThrowawayPostgres::create_database(const std::string& name) {
  const std::string conninfo = "host=127.0.0.1 port=" + std::to_string(port_) +
                               " user=postgres dbname=postgres connect_timeout=10";
  PGconn* conn = PQconnectdb(conninfo.c_str());
  std::string error;
  if (PQstatus(conn) != CONNECTION_OK) {
    error = PQerrorMessage(conn);
  } else {
    char* quoted = PQescapeIdentifier(conn, name.c_str(), name.size());
    PGresult* result =
        PQexec(conn, ("CREATE DATABASE " + std::string(quoted ? quoted : "")).c_str());
    if (PQresultStatus(result) != PGRES_COMMAND_OK) error = PQresultErrorMessage(result);
    PQclear(result);
    PQfreemem(quoted);
  }
  PQfinish(conn);
  if (!error.empty()) throw std::runtime_error("CREATE DATABASE " + name + ": " + error);
  return uri(name);
}

void ThrowawayPostgres::stop(bool immediate) {
  run({postgres_bin() + "/pg_ctl", "-D", directory_ + "/data", "-m",
       immediate ? "immediate" : "fast", "-w", "-t", "60", "stop"},
      directory_ + "/pg_ctl.log");
  running_ = false;
}

void ThrowawayPostgres::start_again() {
  std::string why;
  if (!pg_ctl_start(why)) throw std::runtime_error(why);
}

pid_t ThrowawayPostgres::postmaster_pid() const {
  std::ifstream file(directory_ + "/data/postmaster.pid");
  pid_t pid = 0;
  if (!(file >> pid) || pid <= 0) return 0;
  return ::kill(pid, 0) == 0 ? pid : 0;
}

}  // namespace parlor::testing
