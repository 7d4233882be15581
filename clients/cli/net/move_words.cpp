#include "clients/cli/net/move_words.hpp"

#include <cctype>
#include <sstream>
#include <vector>

#include "clients/cli/net/catalogue.hpp"

namespace parlor::cli::net {

using Json = nlohmann::json;

bool looks_like_card(const std::string& word) {
  if (word == "JK") return true;
  if (word.size() != 2 && word.size() != 3) return false;
  const std::string rank = word.substr(0, word.size() - 1);
  const char suit = word.back();
  const bool rank_ok =
      rank == "10" ||
      (rank.size() == 1 && std::string("23456789TJQKA").find(rank[0]) != std::string::npos);
  return rank_ok && std::string("CDHS").find(suit) != std::string::npos;
}

namespace {

bool is_integer(const std::string& word) {
  if (word.empty()) return false;
  for (char c : word) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return word.size() < 10;
}

Json value_of(const std::string& text) {
  Json parsed = Json::parse(text, nullptr, false);
  return parsed.is_discarded() ? Json(text) : parsed;
}

}  // namespace

std::optional<Json> parse_move(const std::string& line, std::string* error) {
  std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string::npos) {
    *error = say("cli.move_error.empty");
    return std::nullopt;
  }
  if (line[first] == '{') {
    Json raw = Json::parse(line.substr(first), nullptr, false);
    if (!raw.is_object()) {
      *error = say("cli.move_error.not_object");
      return std::nullopt;
    }
    return raw;
  }
  std::istringstream in(line);
  std::string type;
  in >> type;
  for (char& c : type) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  Json action = {{"type", type}};
  std::vector<Json> groups(1, Json::array());
  std::string word;
  while (in >> word) {
    std::string upper = word;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (word == "/") {
      groups.push_back(Json::array());
    } else if (word.find('=') != std::string::npos) {
      std::string key = word.substr(0, word.find('='));
      if (key == "type") {  // found by fuzzing: "deck=3 type=3" made a move of type 3
        *error = say("cli.move_error.type_field");
        return std::nullopt;
      }
      action[key] = value_of(word.substr(word.find('=') + 1));
    } else if (looks_like_card(upper)) {
      groups.back().push_back(upper);
    } else if (is_integer(word)) {
      action[type == "take" ? "count" : "amount"] = std::stoi(word);
    } else if (type == "draw") {
      action["from"] = word;
    } else if (type == "trump") {
      action["suit"] = upper;
    } else {
      *error = say("cli.move_error.unreadable", {{"word", word}});
      return std::nullopt;
    }
  }
  if (groups.size() > 1) {
    action["melds"] = groups;
  } else if (type == "take" || (type == "draw" && !groups[0].empty() && groups[0].size() > 1)) {
    if (!groups[0].empty()) action["discard"] = groups[0];
  } else if (groups[0].size() == 1) {
    action["card"] = groups[0][0];
  } else if (groups[0].size() > 1) {
    action["cards"] = groups[0];
  }
  return action;
}

}  // namespace parlor::cli::net
