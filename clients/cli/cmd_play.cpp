// `parlor play [--server ws://HOST:PORT] [--name NAME] [--claim CODE] [--script]`: the
// terminal client.
// Lobby commands (list, games, create, join, spectate, bot, start, leave, state; read by
// net/play_commands.hpp), moves in the rules' words or raw {json}, the table redrawn from
// each update. The token lives in $XDG_CONFIG_HOME/parlor/token (~/.config/parlor/token)
// and a lost connection is re-established with it (the server gives the seat back). In a
// cluster, a `room_elsewhere` reply sends the client to the node holding the room, where
// it says hello again and repeats the request; a lost connection goes back to --server
// (any node, or the proxy in front of them, finds the seat). A server that falls silent
// (a paused node) counts as a lost connection (--ping-after, --give-up-after). Moves carry
// `after` (the last seq seen): a move still unanswered when the line dropped is sent
// again once the seat is back, and the server applies it once at most.
// --claim CODE: become the player another device showed a claim code for (protocol
// `claim`): the token it brings replaces the stored one. `claim-code` asks for a code
// the other way round, to take this identity to another device.
// --script: commands from stdin, one JSON line per server message on stdout; each
// command waits for its reply, `wait TYPE` waits for a push, `auto` lets the sensible
// bot policy play this seat from its view (for tests and demos).
#include <unistd.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <chrono>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <thread>

#include "clients/cli/command.hpp"
#include "clients/cli/net/catalogue.hpp"
#include "clients/cli/net/liveness_flags.hpp"
#include "clients/cli/net/options.hpp"
#include "clients/cli/net/play_commands.hpp"
#include "clients/cli/net/table_text.hpp"
#include "clients/cli/net/token_file.hpp"
#include "clients/cli/net/ws_connection.hpp"
#include "engine/registry/registry.hpp"

namespace parlor::cli {
namespace {

using net::Json;
// The first retry comes soon, then the wait doubles up to two seconds.
constexpr auto kFirstReconnectDelay = std::chrono::milliseconds(250);
constexpr auto kMaxReconnectDelay = std::chrono::milliseconds(2000);
// After a hello answered store_unavailable; the web client waits as long.
constexpr auto kHelloRetryDelay = std::chrono::milliseconds(2000);

class PlayClient {
 public:
  PlayClient(boost::asio::io_context& ioc, net::ServerUrl url, std::string name, bool script,
             net::Liveness liveness, std::string claim)
      : ioc_(ioc),
        liveness_(liveness),
        home_url_(url),
        url_(std::move(url)),
        name_(std::move(name)),
        claim_(std::move(claim)),
        script_(script),
        style_(!script && isatty(STDOUT_FILENO)),
        reconnect_timer_(ioc),
        hello_retry_timer_(ioc),
        rng_(Seed::from_os(), 0) {}

  void start() { connect(); }
  int exit_code() const { return exit_code_; }
  // A line typed by the user (posted from the reader thread); empty optional = EOF.
  void input(std::optional<std::string> line) {
    if (!line) {
      input_done_ = true;
    } else {
      commands_.push_back(*line);
    }
    pump();
  }

 private:
  void connect() {
    const std::uint64_t generation = ++generation_;
    connection_ = std::make_shared<net::WsConnection>(ioc_, liveness_);
    connection_->on_open = [this, generation] {
      if (generation != generation_) return;
      // A claim comes before the hello: the token it brings is the one to greet with.
      if (!claim_.empty()) return send_claim();
      say_hello(net::read_token());
    };
    connection_->on_message = [this, generation](const Json& m) {
      if (generation == generation_) handle(m);
    };
    connection_->on_closed = [this, generation](const std::string& error) {
      if (generation == generation_) on_closed(error);
    };
    connection_->connect(url_);
  }

  void on_closed(const std::string& error) {
    greeted_ = false;
    if (quitting_) return finish();
    note(error.empty() ? net::words_for("cli.connection_lost", {}, "connection lost; reconnecting")
                       : net::words_for("cli.connection_lost_because", {{"reason", error}},
                                        "connection lost (" + error + "); reconnecting"));
    keep_move_in_flight();
    url_ = home_url_;         // the node we were sent to may be the one that died
    redirects_in_a_row_ = 0;  // a lost line is not a redirect loop: a new row from home
    const auto delay = std::min<std::chrono::milliseconds>(
        kFirstReconnectDelay * (1 << std::min(reconnect_attempts_++, 4)), kMaxReconnectDelay);
    reconnect_timer_.expires_after(delay);
    reconnect_timer_.async_wait([this](boost::system::error_code ec) {
      if (!ec) connect();
    });
  }

  // A move sent and not yet answered may or may not have been applied: it is sent again,
  // with the same `after`, once the next node has greeted us (protocol/README.md).
  void keep_move_in_flight() {
    if (!awaiting_id_.is_null() && awaiting_id_ != "hello") {
      auto sent = sent_.find(awaiting_id_.dump());
      if (sent != sent_.end() && sent->second.value("type", "") == "action") repeat_ = sent->second;
    }
    if (auto_request_.is_object()) auto_resend_ = std::move(auto_request_);
    auto_request_ = Json();
  }

  // room_elsewhere: the room is on another node. Go there, say hello with the token, and
  // ask again (the hello itself, when it was the seat that is elsewhere).
  bool follow_redirect(const Json& m) {
    net::ServerUrl target;
    if (redirects_in_a_row_ >= 5 || !net::resolve_url(url_, m.value("url", ""), &target)) {
      const std::string node = m.value("node", "?"), url = m.value("url", "?");
      note(net::words_for("cli.cannot_follow", {{"node", node}, {"url", url}},
                          "cannot follow the room to node " + node + " at " + url));
      return false;
    }
    ++redirects_in_a_row_;
    if (!script_) {
      const std::string room = m.value("room", ""), node = m.value("node", "?");
      note(net::words_for("cli.room_elsewhere", {{"room", room}, {"node", node}},
                          "room " + room + " is on node " + node + "; moving there"));
    }
    if (m["id"] != "hello" && sent_.count(m["id"].dump())) repeat_ = sent_[m["id"].dump()];
    if (auto_request_.is_object()) auto_resend_ = std::move(auto_request_);
    auto_request_ = Json();
    greeted_ = false;
    awaiting_id_ = "hello";
    url_ = target;
    connection_->close();
    connect();
    return true;
  }

  void send_claim() { connection_->send({{"type", "claim"}, {"id", "claim"}, {"code", claim_}}); }

  // The answer to --claim: greet as the claimed player, or say why not and stop (the
  // person asked to be someone in particular; carrying on as someone else would mislead).
  void handle_claim_reply(const Json& m) {
    claim_.clear();
    if (m.value("type", "") == "claimed") {
      net::write_token(m.value("token", ""));
      if (!script_) {
        const std::string name = m["player"].value("name", ""), id = m["player"].value("id", "");
        note(net::words_for("cli.claimed", {{"name", name}, {"id", id}},
                            "this device is now " + name + " (" + id + ")"));
      }
      return say_hello(m.value("token", ""));
    }
    const std::string reason = m.value("message", m.value("code", std::string("?")));
    note(net::words_for("cli.claim_refused", {{"reason", reason}}, "claim refused: " + reason));
    exit_code_ = 1;
    quitting_ = true;
    connection_->close();
  }

  // The server could not read our token just now (its database is failing): the token is
  // still ours, so the same hello is said again in a moment (protocol/README.md), as the
  // web client does, rather than greeting as someone new.
  void say_hello_again_soon() {
    if (!script_) {
      note(net::words_for("cli.database_unreadable", {},
                          "the server cannot read its database just now; trying again shortly"));
    }
    hello_retry_timer_.expires_after(kHelloRetryDelay);
    hello_retry_timer_.async_wait([this, generation = generation_](boost::system::error_code ec) {
      if (!ec && generation == generation_ && !greeted_) say_hello(net::read_token());
    });
  }

  void say_hello(const std::string& token) {
    Json hello = {{"type", "hello"}, {"id", "hello"}, {"version", 1}};
    if (!name_.empty()) hello["name"] = name_;
    if (!token.empty()) hello["token"] = token;
    connection_->send(hello);
  }

  void note_claim_code(const std::string& code, int minutes) {
    note(net::words_for(
        "cli.claim_code", {{"code", code}, {"minutes", minutes}},
        "claim code " + code + ": enter it on your other device within " + std::to_string(minutes) +
            " minutes (parlor play --claim CODE, or the web client's \"Your identity\" panel) "
            "to be this same player there. It works once; keep it to yourself."));
  }

  void note(const std::string& text) {
    if (script_) {
      std::cerr << text << "\n";
    } else {
      std::cout << text << "\n" << std::flush;
    }
  }

  void finish() {
    reconnect_timer_.cancel();
    hello_retry_timer_.cancel();
    ioc_.stop();
  }

  // A message the drawing does not expect is shown as a note, never a crash: the
  // server's protocol may grow fields, and the table is redrawn from the next update.
  void handle(const Json& m) {
    try {
      handle_message(m);
    } catch (const std::exception& e) {
      const std::string type = m.value("type", std::string("?"));
      note(net::words_for("cli.unshowable", {{"type", type}, {"reason", e.what()}},
                          "(could not show a " + type + " message: " + e.what() + ")"));
      if (m.value("type", "") == "update") update_ = m;
      pump();
    }
  }

  void handle_message(const Json& m) {
    const std::string type = m.value("type", "");
    // Followed without a word: the person (or script) sees the answer from the room's node.
    if (type == "error" && m.value("code", "") == "room_elsewhere" && follow_redirect(m)) return;
    if (script_) std::cout << m.dump() << "\n" << std::flush;
    if (m.value("id", Json()) == "claim") return handle_claim_reply(m);
    const bool reply = m.contains("id") && !m["id"].is_null();
    if (type == "welcome") {
      greeted_ = true;
      reconnect_attempts_ = 0;
      if (m.contains("token")) net::write_token(m["token"].get<std::string>());
      player_ = m["player"].value("id", "");
      if (!script_) {
        const std::string name = m["player"].value("name", "");
        note(net::words_for("cli.welcome", {{"name", name}, {"id", player_}},
                            "welcome, " + name + " (" + player_ + ")"));
      }
    } else if (type == "error" && m["id"] == "hello" && m.value("code", "") == "bad_token") {
      say_hello("");  // the server forgot us: start as a new player
      return;
    } else if (type == "error" && m["id"] == "hello" &&
               m.value("code", "") == "store_unavailable") {
      return say_hello_again_soon();
    } else if (type == "room") {
      if (!script_) {
        const std::string changes = net::room_changes_text(room_, m["room"]);
        std::cout << (changes.empty() ? net::room_text(m["room"], style_) : changes) << std::flush;
      }
      room_ = m["room"];
    } else if (type == "update") {
      const net::TableWords words = table_words(m);
      update_ = m;
      if (m.contains("seq") && m["seq"].is_number_integer())
        last_seq_ = m["seq"].get<std::int64_t>();
      if (m.contains("match") && m["match"].is_number_integer())
        last_match_ = m["match"].get<std::int64_t>();
      if (!script_) std::cout << net::table_text(m, words) << std::flush;
      if (auto_play_) auto_move();
    } else if (type == "claim_code" && !script_) {
      note_claim_code(m.value("code", ""), m.value("expires_in_seconds", 600) / 60);
    } else if (type == "match_over" && !script_) {
      std::cout << net::results_text(m, table_words(update_)) << std::flush;
    } else if ((type == "resume" || type == "deal_commitment" || type == "chat" ||
                type == "muted" || type == "removed") &&
               !script_) {
      std::cout << net::push_text(m) << std::flush;
    } else if (!script_) {
      std::cout << net::reply_text(m) << std::flush;
    }
    if (reply && m["id"] == awaiting_id_) awaiting_id_ = Json();
    if (reply && auto_request_.is_object() && m["id"] == auto_request_["id"]) {
      auto_request_ = Json();
      // Refused (the table moved on while the line was down): choose again from the view.
      if (type == "error" && auto_play_ && ++auto_refusals_ < 3) {
        auto_seq_ = -1;
        auto_move();
      } else if (type != "error") {
        auto_refusals_ = 0;
      }
    }
    if (!waiting_for_.empty() && type == waiting_for_) waiting_for_.clear();
    if (type == "welcome" && m["id"] == "hello") awaiting_id_ = Json();
    if (type == "room" || type == "update") redirects_in_a_row_ = 0;
    if (type == "welcome" && auto_resend_.is_object()) {  // the auto move a drop interrupted
      auto_request_ = std::move(auto_resend_);
      auto_resend_ = Json();
      connection_->send(auto_request_);
    }
    if (type == "welcome" && repeat_.is_object()) {  // the request a redirect interrupted
      Json again = std::move(repeat_);
      repeat_ = Json();
      again.erase("id");
      return request(std::move(again));
    }
    pump();
  }

  // Runs queued commands while nothing is awaited.
  void pump() {
    while (greeted_ && awaiting_id_.is_null() && waiting_for_.empty() && !commands_.empty()) {
      std::string line = commands_.front();
      commands_.pop_front();
      run_command(line);
    }
    if (input_done_ && commands_.empty() && awaiting_id_.is_null() && waiting_for_.empty() &&
        greeted_ && !quitting_) {
      quitting_ = true;
      connection_->close();
    }
  }

  void request(Json message) {
    message["id"] = next_id_++;
    awaiting_id_ = message["id"];
    // Kept until answered: a room_elsewhere reply repeats it on the room's node.
    if (sent_.size() > 64) sent_.clear();
    sent_[message["id"].dump()] = message;
    connection_->send(message);
  }

  std::string room_id() const { return room_.is_object() ? room_.value("id", "") : ""; }

  // Names are taken from the room when a match's first update arrives and kept for the
  // whole match: a player who leaves is still named in its results (they are history).
  net::TableWords table_words(const Json& update) {
    const std::string match_key =
        update.value("room", "") + "/" + update.value("match", Json(0)).dump();
    if (match_key != names_match_) {
      names_match_ = match_key;
      match_names_.clear();
      for (const Json& seat : room_.value("seats", Json::array())) {
        match_names_.push_back(seat.contains("name") && seat["name"].is_string()
                                   ? seat["name"].get<std::string>()
                                   : "");
      }
    }
    return net::words_for_update(update, match_names_, style_);
  }

  void run_command(const std::string& line) {
    using Kind = net::PlayCommand::Kind;
    net::PlayCommand command = net::read_play_command(line, room_id());
    switch (command.kind) {
      case Kind::kNothing:
        return;
      case Kind::kQuit:
        commands_.clear();
        input_done_ = true;
        return;
      case Kind::kHelp:
        return note(net::help_text());
      case Kind::kRequest:
        return request(std::move(command.message));
      case Kind::kMove:
        return request(with_after(std::move(command.message)));
      case Kind::kWaitFor:
        waiting_for_ = command.text;
        return;
      case Kind::kAuto:
        auto_play_ = command.on;
        return auto_move();
      case Kind::kNote:
        return note(command.text);
    }
  }

  // The sensible policy chooses for this seat, from the latest view only.
  void auto_move() {
    if (!auto_play_ || !update_.is_object() || !update_["seat"].is_number_integer()) return;
    const Json& view = update_["view"];
    if (view.value("over", false) || auto_seq_ == update_.value("seq", -1)) return;
    const Json& seats = view["waiting"]["seats"];
    if (std::find(seats.begin(), seats.end(), update_["seat"]) == seats.end()) return;
    const GameDefinition* game = find_game(view.value("game", ""));
    if (!game) return;
    if (!policy_) policy_ = game->make_bot(BotLevel::kSensible);
    auto_seq_ = update_.value("seq", -1);
    auto_request_ = with_after({{"type", "action"},
                                {"id", next_id_++},
                                {"room", update_["room"]},
                                {"action", policy_->choose(view, rng_)}});
    connection_->send(auto_request_);
  }

  // `after`: the last seq this client has seen, and `match`, the match it belongs to, so
  // that the move can be sent again safely (protocol/README.md, action).
  Json with_after(Json action) const {
    if (last_seq_ >= 0) action["after"] = last_seq_;
    if (last_match_ > 0) action["match"] = last_match_;
    return action;
  }

  boost::asio::io_context& ioc_;
  const net::Liveness liveness_;
  net::ServerUrl home_url_;       // --server: where a lost connection comes back to
  net::ServerUrl url_;            // where this client is now (a node it was sent to)
  std::uint64_t generation_ = 0;  // callbacks of replaced connections are ignored
  int reconnect_attempts_ = 0;
  int redirects_in_a_row_ = 0;
  std::map<std::string, Json> sent_;  // requests by id, for a redirect to repeat
  Json repeat_;
  std::string name_;
  std::string claim_;  // --claim, until the server answered it
  bool script_;
  bool style_;
  boost::asio::steady_timer reconnect_timer_;
  boost::asio::steady_timer hello_retry_timer_;
  Rng rng_;
  std::shared_ptr<net::WsConnection> connection_;
  std::unique_ptr<BotPolicy> policy_;
  std::deque<std::string> commands_;
  std::string player_;
  std::string waiting_for_;
  std::string names_match_;
  std::vector<std::string> match_names_;
  Json awaiting_id_ = "hello";
  Json room_;
  Json update_;
  std::int64_t next_id_ = 1;
  int auto_seq_ = -1;
  std::int64_t last_seq_ = -1;   // the latest update's seq: a move's `after`
  std::int64_t last_match_ = 0;  // and its match number: a move's `match`
  Json auto_request_;            // the auto move sent and not yet answered
  Json auto_resend_;             // the auto move to send again after a reconnect
  int auto_refusals_ = 0;        // auto moves refused in a row (a new choice each time)
  bool greeted_ = false;
  bool input_done_ = false;
  bool quitting_ = false;
  bool auto_play_ = false;
  int exit_code_ = 0;  // 1 when --claim was refused
};

int run_play(const std::vector<std::string>& args) {
  std::string error;
  auto flags = net::parse_flags(
      args, {"server", "name", "claim", "ping-after", "give-up-after", "lang"}, {"script"}, &error);
  net::ServerUrl url;
  net::Liveness liveness;
  if (!flags || !net::parse_liveness(*flags, &liveness) ||
      !net::parse_url(flags->count("server") ? flags->at("server") : "ws://127.0.0.1:8080", &url)) {
    std::cerr << (error.empty() ? "bad --server URL" : error)
              << "\nusage: parlor play [--server ws://HOST:PORT] [--name NAME] [--claim CODE] "
                 "[--script] [--lang LANG] [--ping-after S] [--give-up-after S]\n";
    return 2;
  }
  // The reader's language (--lang, else LC_ALL / LC_MESSAGES / LANG), before any text.
  net::Catalogue::use(net::wanted_language(flags->count("lang") ? flags->at("lang") : ""));
  boost::asio::io_context ioc;
  PlayClient client(ioc, url, flags->count("name") ? flags->at("name") : "",
                    flags->count("script") > 0, liveness,
                    flags->count("claim") ? flags->at("claim") : "");
  auto guard = boost::asio::make_work_guard(ioc);
  client.start();
  // std::getline blocks, so the reader has a thread of its own and posts each line.
  std::thread reader([&] {
    for (std::string line; std::getline(std::cin, line);) {
      boost::asio::post(ioc, [&client, line] { client.input(line); });
    }
    boost::asio::post(ioc, [&client] { client.input(std::nullopt); });
  });
  reader.detach();
  ioc.run();
  return client.exit_code();
}

PARLOR_COMMAND("play",
               "play [--server ws://HOST:PORT] [--name NAME] [--claim CODE] [--script] "
               "[--lang LANG] [--ping-after S] [--give-up-after S]",
               "the terminal client (lobby, table, moves in the rules' words)",
               "  --server URL   the server (default ws://127.0.0.1:8080)\n"
               "  --name NAME    your name at the tables\n"
               "  --claim CODE   become the player whose claim code this is (shown once by\n"
               "                 'claim-code' here or in the web client's \"Your identity\"\n"
               "                 panel on your other device); exits 1 if it is refused\n"
               "  --script       read commands from standard input and print one JSON line per\n"
               "                 server message (for scripts and tests)\n"
               "  --lang LANG    the table's words in LANG (en, es; default: LC_ALL,\n"
               "                 LC_MESSAGES or LANG, else English): cards, events, turns,\n"
               "                 refusals, from the web client's catalogues\n" PARLOR_LIVENESS_HELP
               "Type 'help' once connected for the lobby commands and how to write moves. Your\n"
               "token is kept in $XDG_CONFIG_HOME/parlor/token (~/.config/parlor/token), so a\n"
               "reconnect, or the next run, gives your seat back.\n",
               run_play);

}  // namespace
}  // namespace parlor::cli
