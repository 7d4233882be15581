// The terminal client's words in the reader's language: the web client's catalogues
// (clients/web/locales/<lang>.json, embedded in the binary when it is built, so `parlor`
// needs no file beside it) looked up by the same keys. `parlor play --lang es`, else
// LC_ALL, LC_MESSAGES or LANG ("es_CL.UTF-8" is Spanish), else English. English keeps
// the terminal's own sentences, which scripts and tests read: the `cli.*` keys hold them
// word for word (say), and where the terminal shares the web client's key (cards,
// events, a game's notes) its English stays in the code (words_for). Every line the
// terminal prints is worded so, except people's names, the commands one types (the
// rules' action words: draw, take, bid ...), card codes in them, and `parlor`'s --help.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace parlor::cli::net {

class Catalogue {
 public:
  // The catalogue chosen for this process (English until `use` is called).
  static const Catalogue& current();
  // Chooses LANG for the process if a catalogue for it is built in (else English);
  // call once, before any thread reads `current()`. Returns the language used.
  static std::string use(const std::string& lang);
  // The languages built in ("en", "es", ...).
  static std::vector<std::string> languages();

  const std::string& language() const { return language_; }
  bool english() const { return language_ == "en"; }
  bool has(const std::string& key) const;
  // The message KEY with PARAMS (a JSON object) put in; the key itself if unknown.
  std::string text(const std::string& key,
                   const nlohmann::json& params = nlohmann::json::object()) const;

 private:
  static Catalogue& chosen();

  std::string language_ = "en";
  std::map<std::string, std::string> messages_;  // the language's, English filling gaps
};

// The language asked for: FLAG (--lang) if given, else the first of LC_ALL, LC_MESSAGES
// and LANG that is set, as its language part ("es_CL.UTF-8" -> "es"; "C", "POSIX" -> "en").
std::string wanted_language(const std::string& flag);

}  // namespace parlor::cli::net

namespace parlor::cli::net {

// ENGLISH as the terminal has always said it when the reader's language is English, else
// the catalogue's message KEY with PARAMS (ENGLISH again if the catalogue lacks KEY).
std::string words_for(const std::string& key, const nlohmann::json& params,
                      const std::string& english);

// The message KEY with PARAMS in the reader's language, English included: for the
// terminal's own sentences (`cli.*`), whose English in clients/web/locales/en.json is word
// for word what the terminal has always said. words_for is for the web client's keys,
// whose English differs from the terminal's.
std::string say(const std::string& key, const nlohmann::json& params = nlohmann::json::object());

}  // namespace parlor::cli::net
