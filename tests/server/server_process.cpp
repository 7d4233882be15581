#include "tests/server/server_process.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "tests/server/test_patience.hpp"

namespace parlor::testing {

int free_port() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  int port = ntohs(addr.sin_port);
  close(fd);
  return port;
}

bool connect_to_loopback(int fd, int port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  return connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
}

std::string raw_http(int port, const std::string& request, std::chrono::milliseconds patience) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (!connect_to_loopback(fd, port)) {
    close(fd);
    return "";
  }
  timeval timeout{static_cast<time_t>(patience.count() / 1000),
                  static_cast<suseconds_t>(patience.count() % 1000 * 1000)};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  std::size_t sent = 0;
  while (sent < request.size()) {
    ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  std::string response;
  char buffer[8192];
  for (;;) {
    ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    response.append(buffer, static_cast<std::size_t>(n));
  }
  close(fd);
  return response;
}

std::string http_get(int port, const std::string& target, std::chrono::milliseconds patience) {
  return raw_http(port,
                  "GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                  patience);
}

int http_status(const std::string& response) {
  if (response.size() < 12) return 0;
  return std::atoi(response.substr(9, 3).c_str());
}

std::string http_body(const std::string& response) {
  auto end = response.find("\r\n\r\n");
  return end == std::string::npos ? "" : response.substr(end + 4);
}

ServerProcess::ServerProcess(const std::string& binary, const std::vector<std::string>& extra,
                             int port) {
  port_ = port > 0 ? port : free_port();
  char path_template[] = "/tmp/parlor-server-test-XXXXXX";
  int log_fd = mkstemp(path_template);
  log_path_ = path_template;
  std::vector<std::string> args = {binary, "--address", "127.0.0.1", "--port",
                                   std::to_string(port_)};
  args.insert(args.end(), extra.begin(), extra.end());
  if (std::find(extra.begin(), extra.end(), "--db") == extra.end()) {
    char dir_template[] = "/tmp/parlor-server-db-XXXXXX";
    if (mkdtemp(dir_template)) {
      temp_dir_ = dir_template;
      args.insert(args.end(), {"--db", temp_dir_ + "/parlor.db"});
    }
  }
  pid_ = fork();
  if (pid_ == 0) {
    dup2(log_fd, 1);
    dup2(log_fd, 2);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(log_fd);
  auto deadline = std::chrono::steady_clock::now() + patience(std::chrono::seconds(20));
  while (std::chrono::steady_clock::now() < deadline) {
    if (http_status(http_get(port_, "/healthz")) == 200) return;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("the server exited at start:\n" + log());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  throw std::runtime_error("the server did not answer /healthz:\n" + log());
}

ServerProcess::~ServerProcess() {
  stop(3000);
  std::remove(log_path_.c_str());
  if (!temp_dir_.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(temp_dir_, ignored);
  }
}

void ServerProcess::kill_now() {
  if (pid_ <= 0) return;
  kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

int ServerProcess::stop(int timeout_ms) {
  if (pid_ <= 0) return -1;
  kill(pid_, SIGTERM);
  auto deadline =
      std::chrono::steady_clock::now() + patience(std::chrono::milliseconds(timeout_ms));
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return -1;
}

std::string ServerProcess::log() const {
  std::ifstream in(log_path_);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::map<std::string, long long> metrics(int port) {
  std::map<std::string, long long> values;
  std::istringstream text(http_body(http_get(port, "/metrics")));
  for (std::string line; std::getline(text, line);) {
    const auto space = line.rfind(' ');
    if (line.empty() || line[0] == '#' || space == std::string::npos) continue;
    values[line.substr(0, space)] = std::atoll(line.c_str() + space + 1);
  }
  return values;
}

long long metric(int port, const std::string& name) {
  const std::map<std::string, long long> values = metrics(port);
  const auto it = values.find(name);
  return it == values.end() ? -1 : it->second;
}

}  // namespace parlor::testing
