// Reads a fuzz input from the front, one decision at a time; an exhausted input reads as
// zeros, so every input decodes to some run and shorter inputs are prefixes of longer ones.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace parlor::fuzz {

class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool empty() const { return at_ >= size_; }
  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  // A number in [0, n) from one byte (n <= 256) or two bytes (larger n).
  std::size_t below(std::size_t n) {
    if (n <= 1) return 0;
    std::size_t value = byte();
    if (n > 256) value = value << 8 | byte();
    return value % n;
  }
  std::uint64_t u64() {
    std::uint64_t value = 0;
    for (int i = 0; i < 8; ++i) value = value << 8 | byte();
    return value;
  }
  // Up to `max` raw bytes as text.
  std::string text(std::size_t max) {
    const std::size_t length = below(max + 1);
    std::string out;
    for (std::size_t i = 0; i < length && !empty(); ++i) out.push_back(static_cast<char>(byte()));
    return out;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

}  // namespace parlor::fuzz
