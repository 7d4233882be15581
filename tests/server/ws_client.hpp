// A WebSocket client for the integration tests (Beast), driven from the test's thread:
// every client of a ClientPool shares one io_context that the test pumps while it
// waits. Every received frame is kept (for the hidden-information checks) and parsed
// into the inbox.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace parlor::testing {

using Json = nlohmann::json;
namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using namespace std::chrono_literals;

class WsClient {
 public:
  explicit WsClient(net::io_context& ioc) : ioc_(ioc), ws_(ioc) {}

  // Where connect() goes: the server's loopback by default; a network-namespace test
  // (tests/faults) reaches its server at the address of a veth pair instead.
  std::string address = "127.0.0.1";

  // Connects and upgrades at `target`; extra headers go on the upgrade request.
  bool connect(int port, const std::string& target = "/ws",
               const std::vector<std::pair<std::string, std::string>>& headers = {},
               std::string* error = nullptr);
  void send(const Json& message) { send_text(message.dump()); }
  void send_text(std::string text) { queue_write(std::move(text), true); }
  void send_binary(std::string bytes) { queue_write(std::move(bytes), false); }
  // Stops reading (the server's queue for us fills up).
  void pause_reading() { reading_paused_ = true; }
  void close();

  std::deque<Json> inbox;
  std::vector<std::string> frames;  // every text frame received, in order
  bool closed = false;
  beast::error_code read_error;
  websocket::close_reason close_reason() const { return ws_.reason(); }

 private:
  void queue_write(std::string text, bool is_text);
  void do_write();
  void do_read();

  net::io_context& ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::pair<std::string, bool>> outgoing_;
  bool writing_ = false;
  bool reading_paused_ = false;
};

class ClientPool {
 public:
  net::io_context ioc;
  // Given to every client added from now on (WsClient::address).
  std::string address = "127.0.0.1";

  // A connected client that said hello (name, token optional); nullptr on failure.
  WsClient* connect(int port);
  WsClient* add() {
    clients_.push_back(std::make_unique<WsClient>(ioc));
    clients_.back()->address = address;
    return clients_.back().get();
  }
  void pump(std::chrono::milliseconds duration = 1ms);
  // Pumps until `done()` or the timeout; returns done().
  bool wait_for(const std::function<bool()>& done, std::chrono::milliseconds timeout = 10s);

  // Sends `message` with a fresh id and waits for the reply with that id (other
  // messages stay in the inbox, in order). Null on timeout.
  Json request(WsClient& client, Json message, std::chrono::milliseconds timeout = 10s);
  // Removes and returns the first inbox message satisfying `match` (waiting for it).
  Json take(WsClient& client, const std::function<bool(const Json&)>& match,
            std::chrono::milliseconds timeout = 10s);
  Json take_type(WsClient& client, const std::string& type,
                 std::chrono::milliseconds timeout = 10s) {
    return take(
        client, [&](const Json& m) { return m.value("type", "") == type; }, timeout);
  }
  // hello, and the welcome reply.
  Json hello(WsClient& client, const std::string& name, const std::string& token = "");

 private:
  std::vector<std::unique_ptr<WsClient>> clients_;
  long long next_id_ = 1;
};

}  // namespace parlor::testing
