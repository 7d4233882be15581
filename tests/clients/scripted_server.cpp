#include "tests/clients/scripted_server.hpp"

#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace parlor::testing {

namespace asio = boost::asio;
namespace websocket = boost::beast::websocket;
using tcp = asio::ip::tcp;

ScriptedServer::ScriptedServer(std::map<std::string, std::deque<Json>> replies, Ending ending)
    : replies_(std::move(replies)),
      acceptor_(ioc_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)),
      ending_(ending) {
  port_ = acceptor_.local_endpoint().port();
  thread_ = std::thread([this] { serve(); });
}

ScriptedServer::~ScriptedServer() {
  stopping_ = true;
  // Wakes the blocking accept with one last connection (the client, a process the test
  // ran to its end, has gone and its connection with it).
  boost::system::error_code ignored;
  tcp::socket wake(ioc_);
  wake.connect(
      tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port_)),
      ignored);
  thread_.join();
}

std::vector<ScriptedServer::Json> ScriptedServer::received() const {
  std::lock_guard lock(mutex_);
  return received_;
}

// One client at a time.
void ScriptedServer::serve() {
  while (!stopping_) {
    tcp::socket socket(ioc_);
    boost::system::error_code ec;
    acceptor_.accept(socket, ec);
    if (ec || stopping_) return;
    ++connections_;
    answer(std::move(socket));
  }
}

void ScriptedServer::answer(tcp::socket socket) {
  boost::system::error_code ec;
  websocket::stream<tcp::socket> ws(std::move(socket));
  ws.accept(ec);
  while (!ec && !stopping_) {
    boost::beast::flat_buffer buffer;
    ws.read(buffer, ec);
    if (ec) return;
    Json request = Json::parse(boost::beast::buffers_to_string(buffer.data()), nullptr, false);
    const bool ping = request.is_object() && request.value("type", "") == "ping";
    if (!ping) {
      std::lock_guard lock(mutex_);
      received_.push_back(request);
    }
    if (!request.is_object() || !request.contains("type")) continue;
    Json reply;
    bool scripted = false;
    auto queued = replies_.find(request.value("type", ""));
    if (queued != replies_.end() && !queued->second.empty()) {
      reply = std::move(queued->second.front());
      queued->second.pop_front();
      scripted = true;
    } else if (ping) {
      reply = {{"type", "pong"}};  // as a live server would, unless told otherwise
    } else {
      continue;
    }
    if (request.contains("id")) reply["id"] = request["id"];
    ws.text(true);
    ws.write(asio::buffer(reply.dump()), ec);
    if (ec || !scripted) continue;
    ++replies_sent_;
    if (ending_ == kCloseAfterEachReply) {
      ws.close(websocket::close_code::normal, ec);
      return;
    }
  }
}

}  // namespace parlor::testing
