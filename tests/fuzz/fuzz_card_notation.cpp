// fuzz_card_notation: card and hand notation as people type it.
//
// The input is read as lines: each line goes through parse_card and parse_card_list in
// both notations (a card read must print and read back as itself), through `parlor
// play`'s move words (net/move_words.hpp), and all the lines together are the arguments
// of `parlor hand` (cmd_hand.cpp, linked as it is), which must print one JSON line and
// exit 0, or print nothing on stdout and exit 2 — never crash or throw.
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "clients/cli/command.hpp"
#include "clients/cli/net/move_words.hpp"
#include "engine/core/card.hpp"
#include "tests/fuzz/fuzz_check.hpp"

// The registry that clients/cli/main.cpp defines (its main() would clash with libFuzzer's).
namespace parlor::cli {
namespace {
std::vector<Command>& registered() {
  static std::vector<Command> all;
  return all;
}
}  // namespace
const std::vector<Command>& commands() { return registered(); }
bool register_command(const Command& command) {
  registered().push_back(command);
  return true;
}
}  // namespace parlor::cli

namespace {

using parlor::fuzz::check;

void check_card(std::string_view text, parlor::Notation notation) {
  auto card = parlor::parse_card(text, notation);
  if (!card) {
    check(card.error().code == "bad_card", "parse_card error code " + card.error().code);
    return;
  }
  auto again = parlor::parse_card(card->str(), notation);
  check(again && *again == *card, "card " + card->str() + " does not read back");
}

void check_card_list(std::string_view text, parlor::Notation notation) {
  auto cards = parlor::parse_card_list(text, notation);
  if (!cards) return;
  auto again = parlor::parse_card_list(parlor::cards_to_string(*cards), notation);
  check(again && *again == *cards, "card list does not read back: " + std::string(text));
  auto from_json = parlor::parse_card_array(parlor::cards_to_json(*cards), notation);
  check(from_json && *from_json == *cards, "card array does not read back");
}

void check_move_words(const std::string& line) {
  std::string error;
  auto move = parlor::cli::net::parse_move(line, &error);
  if (!move) return;
  check(move->is_object(), "a move that is not an object: " + line);
  // Typed words (not raw JSON) always name the move.
  const bool raw_json = line[line.find_first_not_of(" \t")] == '{';
  check(raw_json || (*move)["type"].is_string(), "a move without a type: " + line);
}

void check_hand_command(const std::vector<std::string>& args) {
  const parlor::cli::Command* hand = nullptr;
  for (const auto& command : parlor::cli::commands()) {
    if (std::string_view(command.name) == "hand") hand = &command;
  }
  check(hand != nullptr, "the hand command is not registered");
  std::ostringstream out;
  std::ostringstream err;
  std::streambuf* old_out = std::cout.rdbuf(out.rdbuf());
  std::streambuf* old_err = std::cerr.rdbuf(err.rdbuf());
  const int code = hand->run(args);
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  if (code == 2) {
    check(out.str().empty() && !err.str().empty(), "refused without a message, or with output");
    return;
  }
  check(code == 0, "parlor hand exited " + std::to_string(code));
  if (args.size() == 1 && args[0] == "--help") return;
  auto printed = nlohmann::json::parse(out.str(), nullptr, false);
  check(printed.is_object() && printed.contains("order"), "parlor hand printed " + out.str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> lines;
  std::istringstream stream(input);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  for (const std::string& line : lines) {
    for (auto notation : {parlor::Notation::kStandard, parlor::Notation::kTarot}) {
      check_card(line, notation);
      check_card_list(line, notation);
    }
    check_move_words(line);
  }
  check_hand_command(lines);
  return 0;
}
