// A stand-in for another node of a cluster, for the clients' tests: a WebSocket server on
// a loopback port that answers every client's first message with `room_elsewhere`
// pointing at `target_url` (protocol/README.md), then closes. Runs on its own thread.
#pragma once

#include <boost/asio/ip/tcp.hpp>

#include <atomic>
#include <string>
#include <thread>

namespace parlor::testing {

class FakeNode {
 public:
  explicit FakeNode(std::string target_url);
  ~FakeNode();
  FakeNode(const FakeNode&) = delete;
  FakeNode& operator=(const FakeNode&) = delete;

  int port() const { return port_; }
  int redirects_sent() const { return redirects_sent_.load(); }

 private:
  void serve();
  void answer(boost::asio::ip::tcp::socket socket);

  std::string target_url_;
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<int> redirects_sent_{0};
  std::thread thread_;
};

}  // namespace parlor::testing
