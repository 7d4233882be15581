// A value or an error with a stable code: how the engine reports anything a caller
// (a client, a scenario file, a command-line argument) can get wrong. Engine code never
// throws for bad input; it returns one of these.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace parlor {

// A stable machine-readable code ("not_your_turn") and a message a person can read.
struct Error {
  std::string code;
  std::string message;
};

template <class T>
class Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Expected(Error error) : data_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return std::holds_alternative<T>(data_); }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<T>(data_); }
  const T& value() const& { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { return std::get<Error>(data_); }

 private:
  std::variant<T, Error> data_;
};

}  // namespace parlor
