#include "tests/support/throwaway_postgres.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libpq-fe.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
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

// A directory of our own in the temporary folder, given to the postgres user when we are
// root (initdb and the server run as that user). Empty when it cannot be made.
std::string own_temporary_directory(const char* prefix, const passwd* postgres_user) {
  std::string pattern = (std::filesystem::temp_directory_path() / prefix).string() + "XXXXXX";
  if (!::mkdtemp(pattern.data())) return {};
  if (postgres_user &&
      ::chown(pattern.c_str(), postgres_user->pw_uid, postgres_user->pw_gid) != 0) {
    std::filesystem::remove_all(pattern);
    return {};
  }
  return pattern;
}

// WAL segments of 1 MB (16 by default): a copy of the template is 28 MB instead of 39,
// and takes about half the time.
const std::vector<std::string> kInitdbOptions = {
    "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync", "--wal-segsize=1"};

int initdb(const std::string& bin, const std::string& data, const std::string& log) {
  std::vector<std::string> argv = {bin + "/initdb", "-D", data};
  argv.insert(argv.end(), kInitdbOptions.begin(), kInitdbOptions.end());
  return run(argv, log);
}

// initdb costs about 1.5 s of CPU, and CTest runs every test in a process of its own
// (gtest_discover_tests), so each PostgreSQL test paid it: about 60 tests in each of three
// suites (Release, ASan, TSan), a tenth of CI's CTest time. What initdb makes depends only
// on its binary and these options, so it is made once, kept in the temporary folder under
// a name that says which binary, options and user made it, and copied for each server
// (cp -a, about 0.2 s). It appears whole or not at all: made in a directory of its own,
// then renamed.
std::string template_path(const std::string& bin) {
  struct stat made_by {};
  if (::stat((bin + "/initdb").c_str(), &made_by) != 0) return {};
  std::string options_key = bin;
  for (const std::string& option : kInitdbOptions) options_key += " " + option;
  return (std::filesystem::temp_directory_path() /
          ("parlor-pg-template-" + std::to_string(::geteuid()) + "-" +
           std::to_string(std::hash<std::string>{}(options_key)) + "-" +
           std::to_string(made_by.st_size) + "-" + std::to_string(made_by.st_mtime)))
      .string();
}

// The template's path, made now if it is missing; empty when it cannot be made.
std::string cluster_template(const std::string& bin, const passwd* postgres_user) {
  const std::string path = template_path(bin);
  if (path.empty()) return {};
  if (::access((path + "/PG_VERSION").c_str(), R_OK) == 0) return path;
  const std::string making = own_temporary_directory("parlor-pg-making-", postgres_user);
  if (making.empty()) return {};
  // A rename that finds the template there already (ENOTEMPTY) lost a race to another
  // test's: that one is used, and this one goes with `making`.
  if (initdb(bin, making + "/data", making + "/initdb.log") == 0) {
    static_cast<void>(::rename((making + "/data").c_str(), path.c_str()));
  }
  std::error_code ignored;
  std::filesystem::remove_all(making, ignored);
  return ::access((path + "/PG_VERSION").c_str(), R_OK) == 0 ? path : std::string();
}

// The server's data directory at `data`: a copy of `from` (a template), or initdb's own
// when `from` is empty or the copy fails. Returns false with initdb's log in `why`.
bool make_cluster(const std::string& bin, const std::string& from, const std::string& data,
                  const std::string& log, std::string& why) {
  std::error_code ignored;
  std::filesystem::remove_all(data, ignored);
  if (!from.empty() && run({"cp", "-a", from, data}, log) == 0) return true;
  std::filesystem::remove_all(data, ignored);
  if (initdb(bin, data, log) == 0) return true;
  why = "initdb failed: " + tail_of(log);
  return false;
}

// Durable commits as in production; room for the cluster tests' many connections.
bool write_settings(const std::string& data, int port, const std::string& socket_directory) {
  std::ofstream conf(data + "/postgresql.conf", std::ios::app);
  conf << "\nlisten_addresses = '127.0.0.1'\nport = " << port << "\nunix_socket_directories = '"
       << socket_directory << "'\n"
       << "fsync = on\nsynchronous_commit = on\nmax_connections = 200\n"
       << "shared_buffers = 32MB\n";
  return static_cast<bool>(conf);
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
  const std::string pattern = own_temporary_directory("parlor-pg-", postgres_user);
  if (pattern.empty()) {
    why = "cannot create a temporary directory of the postgres user's";
    return nullptr;
  }
  const int port = free_port();
  std::unique_ptr<ThrowawayPostgres> server(new ThrowawayPostgres(pattern, port));
  const std::string data = pattern + "/data";
  if (port == 0) {
    why = "no free port";
    return nullptr;
  }
  auto start_from = [&](const std::string& from) {
    if (!make_cluster(bin, from, data, pattern + "/initdb.log", why)) return false;
    if (!write_settings(data, port, pattern)) {
      why = "cannot write postgresql.conf";
      return false;
    }
    return server->pg_ctl_start(why);
  };
  const std::string from = cluster_template(bin, postgres_user);
  if (start_from(from)) return server;
  if (from.empty()) return nullptr;
  // A template damaged since it was made (by a cleaner of the temporary folder, say) must
  // not fail every test after this one: it goes (the next server makes it again), and
  // initdb makes this server's.
  std::error_code ignored;
  std::filesystem::remove_all(from, ignored);
  if (!start_from("")) return nullptr;
  return server;
}

std::string ThrowawayPostgres::cluster_template_path() { return template_path(postgres_bin()); }

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
