// A stand-in server for the clients' tests: a WebSocket server on a loopback port that
// answers each message (its clients one at a time) with the next reply queued for that
// message's "type" (its "id" copied in), so a test can play a server in a state the real
// one reaches only by a fault (a database that cannot be read, say). A ping with no reply
// queued is answered pong, as a live server's; other messages with no reply left are
// recorded and not answered. Runs on its own thread.
//
// With kCloseAfterEachReply it closes a connection once it has answered on it: a cluster's
// other node answering every hello `room_elsewhere` (protocol/README.md) is
//   ScriptedServer node({{"hello", {redirect, redirect, ...}}}, kCloseAfterEachReply);
#pragma once

#include <boost/asio/ip/tcp.hpp>

#include <atomic>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace parlor::testing {

class ScriptedServer {
 public:
  using Json = nlohmann::json;
  enum Ending { kKeepOpen, kCloseAfterEachReply };
  // replies["hello"] answers the first hello, the second, and so on.
  explicit ScriptedServer(std::map<std::string, std::deque<Json>> replies,
                          Ending ending = kKeepOpen);
  ~ScriptedServer();
  ScriptedServer(const ScriptedServer&) = delete;
  ScriptedServer& operator=(const ScriptedServer&) = delete;

  int port() const { return port_; }
  // Every message received, in order, over all connections; pings (transport, not the
  // conversation a test scripts) left out.
  std::vector<Json> received() const;
  // Connections accepted so far; replies sent from the queues (pongs not counted).
  int connections() const { return connections_.load(); }
  int replies_sent() const { return replies_sent_.load(); }

 private:
  void serve();
  // Answers one client until it goes (or, with kCloseAfterEachReply, until answered).
  void answer(boost::asio::ip::tcp::socket socket);

  std::map<std::string, std::deque<Json>> replies_;
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  Ending ending_;
  std::atomic<int> connections_{0};
  std::atomic<int> replies_sent_{0};
  mutable std::mutex mutex_;
  std::vector<Json> received_;
  std::thread thread_;
};

}  // namespace parlor::testing
