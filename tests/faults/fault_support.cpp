#include "tests/faults/fault_support.hpp"

#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "engine/core/rng.hpp"
#include "engine/registry/registry.hpp"
#include "tests/server/server_process.hpp"

namespace parlor::testing {

pid_t server_pid(int port) {
  const std::string wanted_port = std::to_string(port);
  DIR* proc = opendir("/proc");
  if (!proc) return -1;
  pid_t found = -1;
  while (dirent* entry = readdir(proc)) {
    pid_t pid = std::atoi(entry->d_name);
    if (pid <= 0) continue;
    std::ifstream in("/proc/" + std::string(entry->d_name) + "/cmdline", std::ios::binary);
    std::vector<std::string> args;
    for (std::string arg; std::getline(in, arg, '\0');) args.push_back(arg);
    if (args.empty() || args[0].find("parlor-server") == std::string::npos) continue;
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
      if (args[i] == "--port" && args[i + 1] == wanted_port) found = pid;
    }
    if (found > 0) break;
  }
  closedir(proc);
  return found;
}

namespace {

int count_fds(pid_t pid, bool sockets_only) {
  const std::string dir_path = "/proc/" + std::to_string(pid) + "/fd";
  DIR* dir = opendir(dir_path.c_str());
  if (!dir) return -1;
  int count = 0;
  while (dirent* entry = readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    if (sockets_only) {
      char target[64] = {};
      readlink((dir_path + "/" + entry->d_name).c_str(), target, sizeof target - 1);
      if (std::strncmp(target, "socket:", 7) != 0) continue;
    }
    ++count;
  }
  closedir(dir);
  return count;
}

}  // namespace

int open_fds(pid_t pid) { return count_fds(pid, false); }
int open_sockets(pid_t pid) { return count_fds(pid, true); }

std::string fd_targets(pid_t pid) {
  const std::string dir_path = "/proc/" + std::to_string(pid) + "/fd";
  DIR* dir = opendir(dir_path.c_str());
  if (!dir) return "";
  std::string listing;
  while (dirent* entry = readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    char target[256] = {};
    ssize_t n = readlink((dir_path + "/" + entry->d_name).c_str(), target, sizeof target - 1);
    listing += std::string(entry->d_name) + " -> " + (n > 0 ? target : "?") + "\n";
  }
  closedir(dir);
  return listing;
}

long rss_kb(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return -1;
}

int wait_for_sockets_at_most(pid_t pid, int limit, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  int sockets = open_sockets(pid);
  while (sockets > limit && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    sockets = open_sockets(pid);
  }
  return sockets;
}

int tcp_connect(int port, int receive_buffer) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  if (receive_buffer > 0) {
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
  }
  timeval timeout{5, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  if (!connect_to_loopback(fd, port)) {
    close(fd);
    return -1;
  }
  return fd;
}

bool send_all(int fd, const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    ssize_t n = send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

void close_with_reset(int fd) {
  linger abort_on_close{1, 0};
  setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
  close(fd);
}

bool reads_to_close(int fd, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  char buffer[16384];
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 50) <= 0) continue;
    ssize_t n = recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
    if (n == 0) return true;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return true;
  }
  return false;
}

SilentWebSocket::SilentWebSocket(int port, int receive_buffer) {
  fd_ = tcp_connect(port, receive_buffer);
  if (fd_ < 0) return;
  std::string upgrade =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  if (!send_all(fd_, upgrade)) return;
  // Read exactly the response's header, byte by byte, so nothing after it is consumed.
  std::string response;
  char byte;
  while (response.size() < 4096 && response.find("\r\n\r\n") == std::string::npos) {
    if (recv(fd_, &byte, 1, 0) != 1) return;
    response.push_back(byte);
  }
  upgraded_ = response.rfind("HTTP/1.1 101", 0) == 0;
}

SilentWebSocket::~SilentWebSocket() {
  if (fd_ >= 0) close(fd_);
}

bool SilentWebSocket::send_text(const std::string& text) {
  // A client's frames are masked (RFC 6455 5.3); a zero mask keeps the payload as is.
  std::string frame;
  frame.push_back(static_cast<char>(0x81));  // FIN, text
  if (text.size() < 126) {
    frame.push_back(static_cast<char>(0x80 | text.size()));
  } else {
    frame.push_back(static_cast<char>(0x80 | 126));
    frame.push_back(static_cast<char>((text.size() >> 8) & 0xff));
    frame.push_back(static_cast<char>(text.size() & 0xff));
  }
  frame.append(4, '\0');
  frame += text;
  return fd_ >= 0 && send_all(fd_, frame);
}

// ---- TimedTable ----

TimedTable::TimedTable(ClientPool& pool, int port, int seats)
    : pool_(pool), rng_(Seed::from_u64(20), 7) {
  policy_ = find_game("perico")->make_bot(BotLevel::kRandom);
  client_ = pool_.connect(port);
  if (!client_ || pool_.hello(*client_, "timed").value("type", "") != "welcome") return;
  Json created = pool_.request(
      *client_,
      {{"type", "create_room"}, {"game", "perico"}, {"seats", seats}, {"visibility", "private"}});
  if (created.value("type", "") != "room") return;
  std::string id = created["room"]["id"];
  for (int s = 1; s < seats; ++s) {
    Json added = pool_.request(*client_, {{"type", "add_bot"}, {"room", id}, {"level", "random"}});
    if (added.value("type", "") == "error") return;
  }
  Json started = pool_.request(*client_, {{"type", "start"}, {"room", id}});
  if (started.value("type", "") != "ok") return;
  room_id_ = id;
  room_code_ = created["room"].value("code", "");
}

void TimedTable::handle(const Json& message) {
  const std::string type = message.value("type", "");
  long long id =
      message.contains("id") && message["id"].is_number() ? message["id"].get<long long>() : 0;
  if (pending_id_ != 0 && id == pending_id_) {
    std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - sent_at_;
    round_trips_.push_back(elapsed.count());
    pending_id_ = 0;
    dirty_ = true;  // an error means the view we chose from was stale: look again
  }
  if (type == "update") {
    view_ = message["view"];
    dirty_ = true;
  } else if (type == "match_over") {
    // The next match, with the same seats (its own reply is just consumed).
    client_->send({{"type", "start"}, {"id", next_id_++}, {"room", room_id_}});
  }
}

void TimedTable::maybe_move() {
  if (pending_id_ != 0 || !dirty_ || !view_.is_object() || view_.value("over", false)) return;
  dirty_ = false;
  const Json& waiting = view_["waiting"]["seats"];
  if (std::find(waiting.begin(), waiting.end(), Json(0)) == waiting.end()) return;
  pending_id_ = next_id_++;
  sent_at_ = std::chrono::steady_clock::now();
  client_->send({{"type", "action"},
                 {"id", pending_id_},
                 {"room", room_id_},
                 {"action", policy_->choose(view_, rng_)}});
}

void TimedTable::play_for(std::chrono::milliseconds duration) {
  auto deadline = std::chrono::steady_clock::now() + duration;
  while (std::chrono::steady_clock::now() < deadline && !broken()) {
    pool_.pump(std::chrono::milliseconds(1));
    while (!client_->inbox.empty()) {
      Json message = std::move(client_->inbox.front());
      client_->inbox.pop_front();
      handle(message);
    }
    maybe_move();
  }
}

std::vector<double> TimedTable::take_round_trips() {
  std::vector<double> taken;
  taken.swap(round_trips_);
  return taken;
}

double percentile(std::vector<double> samples, double p) {
  if (samples.empty()) return 0;
  std::sort(samples.begin(), samples.end());
  auto index = static_cast<std::size_t>(p / 100.0 * static_cast<double>(samples.size() - 1) + 0.5);
  return samples[std::min(index, samples.size() - 1)];
}

}  // namespace parlor::testing
