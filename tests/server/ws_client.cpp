#include "tests/server/ws_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "tests/server/test_patience.hpp"

namespace parlor::testing {

using tcp = net::ip::tcp;

bool WsClient::connect(int port, const std::string& target,
                       const std::vector<std::pair<std::string, std::string>>& headers,
                       std::string* error) {
  beast::error_code ec;
  net::ip::address ip = net::ip::make_address(address, ec);
  tcp::endpoint endpoint(ip, static_cast<unsigned short>(port));
  if (!ec) beast::get_lowest_layer(ws_).socket().connect(endpoint, ec);
  if (!ec) {
    ws_.set_option(websocket::stream_base::decorator([headers](websocket::request_type& req) {
      for (const auto& [name, value] : headers) req.set(name, value);
    }));
    ws_.read_message_max(64 << 20);
    ws_.handshake(address + ":" + std::to_string(port), target, ec);
  }
  if (ec) {
    if (error) *error = ec.message();
    closed = true;
    return false;
  }
  do_read();
  return true;
}

void WsClient::close() {
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().close(ec);
  closed = true;
}

void WsClient::queue_write(std::string text, bool is_text) {
  outgoing_.emplace_back(std::move(text), is_text);
  if (!writing_) do_write();
}

void WsClient::do_write() {
  if (outgoing_.empty() || closed) return;
  writing_ = true;
  ws_.text(outgoing_.front().second);
  ws_.async_write(net::buffer(outgoing_.front().first), [this](beast::error_code ec, std::size_t) {
    writing_ = false;
    if (ec) return;
    outgoing_.pop_front();
    do_write();
  });
}

void WsClient::do_read() {
  ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
    if (ec) {
      read_error = ec;
      closed = true;
      return;
    }
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    frames.push_back(text);
    inbox.push_back(Json::parse(text, nullptr, false));
    if (!reading_paused_) do_read();
  });
}

WsClient* ClientPool::connect(int port) {
  WsClient* client = add();
  if (!client->connect(port)) return nullptr;
  return client;
}

void ClientPool::pump(std::chrono::milliseconds duration) {
  ioc.restart();
  ioc.run_for(duration);
}

bool ClientPool::wait_for(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + patience(timeout);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    pump(2ms);
  }
  return true;
}

Json ClientPool::take(WsClient& client, const std::function<bool(const Json&)>& match,
                      std::chrono::milliseconds timeout) {
  // Only what arrived since the last look is looked at: a client that follows busy rooms
  // can hold tens of thousands of messages, and scanning them all after every 2 ms of
  // reading made it read so slowly (under TSan) that its pongs waited behind minutes of
  // frames, and the server rightly closed it for silence.
  Json found;
  std::size_t looked_at = 0;
  wait_for(
      [&] {
        for (; looked_at < client.inbox.size(); ++looked_at) {
          auto it = client.inbox.begin() + static_cast<std::ptrdiff_t>(looked_at);
          if (match(*it)) {
            found = std::move(*it);
            client.inbox.erase(it);
            return true;
          }
        }
        return client.closed;
      },
      timeout);
  return found;
}

Json ClientPool::request(WsClient& client, Json message, std::chrono::milliseconds timeout) {
  long long id = next_id_++;
  message["id"] = id;
  client.send(message);
  return take(
      client, [&](const Json& m) { return m.contains("id") && m["id"] == id; }, timeout);
}

Json ClientPool::hello(WsClient& client, const std::string& name, const std::string& token) {
  Json message = {{"type", "hello"}, {"version", 1}, {"name", name}};
  if (!token.empty()) message["token"] = token;
  return request(client, message);
}

}  // namespace parlor::testing
