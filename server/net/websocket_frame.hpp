// The header of a server's WebSocket text frame that carries a whole message (RFC 6455,
// 5.2): FIN set, opcode 1 (text), no mask (a server never masks), the payload's length
// in the shortest of the three forms. These are the bytes Beast writes before a message
// when auto_fragment is off and permessage-deflate is not in use, as the server has it
// (websocket_session.cpp); transport_test.cpp compares the two.
//
// Why the server frames messages itself: a frame the socket takes whole is then written
// with one system call, without Beast's and Asio's operations (Transport::write_now).
#pragma once

#include <boost/asio/buffer.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

namespace parlor::server {

class TextFrameHeader {
 public:
  explicit TextFrameHeader(std::size_t payload_bytes) {
    bytes_[0] = 0x81;  // FIN, text
    if (payload_bytes < 126) {
      bytes_[1] = static_cast<std::uint8_t>(payload_bytes);
      size_ = 2;
    } else if (payload_bytes <= 0xFFFF) {
      bytes_[1] = 126;
      put_big_endian(payload_bytes, 2);
      size_ = 4;
    } else {
      bytes_[1] = 127;
      put_big_endian(payload_bytes, 8);
      size_ = 10;
    }
  }

  boost::asio::const_buffer buffer() const { return {bytes_.data(), size_}; }

 private:
  void put_big_endian(std::uint64_t value, std::size_t width) {
    for (std::size_t i = 0; i < width; ++i) {
      bytes_[1 + width - i] = static_cast<std::uint8_t>(value >> (8 * i));
    }
  }

  std::array<std::uint8_t, 10> bytes_{};
  std::size_t size_ = 0;
};

}  // namespace parlor::server
