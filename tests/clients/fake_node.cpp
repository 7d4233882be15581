#include "tests/clients/fake_node.hpp"

#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <nlohmann/json.hpp>

namespace parlor::testing {

namespace asio = boost::asio;
namespace websocket = boost::beast::websocket;
using tcp = asio::ip::tcp;

FakeNode::FakeNode(std::string target_url)
    : target_url_(std::move(target_url)),
      acceptor_(ioc_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
  port_ = acceptor_.local_endpoint().port();
  thread_ = std::thread([this] { serve(); });
}

FakeNode::~FakeNode() {
  stopping_ = true;
  // Wake the blocking accept with one last connection.
  boost::system::error_code ignored;
  tcp::socket wake(ioc_);
  wake.connect(
      tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port_)),
      ignored);
  thread_.join();
}

void FakeNode::serve() {
  while (!stopping_) {
    tcp::socket socket(ioc_);
    boost::system::error_code ec;
    acceptor_.accept(socket, ec);
    if (ec || stopping_) continue;
    answer(std::move(socket));
  }
}

void FakeNode::answer(tcp::socket socket) {
  boost::system::error_code ec;
  websocket::stream<tcp::socket> ws(std::move(socket));
  ws.accept(ec);
  if (ec) return;
  boost::beast::flat_buffer buffer;
  ws.read(buffer, ec);
  if (ec) return;
  nlohmann::json request =
      nlohmann::json::parse(boost::beast::buffers_to_string(buffer.data()), nullptr, false);
  nlohmann::json reply = {
      {"type", "error"},    {"code", "room_elsewhere"}, {"message", "this room is on another node"},
      {"room", "R1-node2"}, {"node", "node2"},          {"url", target_url_}};
  if (request.is_object() && request.contains("id")) reply["id"] = request["id"];
  ws.text(true);
  ws.write(asio::buffer(reply.dump()), ec);
  if (!ec) ++redirects_sent_;
  ws.close(websocket::close_code::normal, ec);
}

}  // namespace parlor::testing
