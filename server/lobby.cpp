#include "server/lobby.hpp"

#include <boost/asio/strand.hpp>

#include <openssl/rand.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>

#include "server/ids.hpp"

namespace parlor::server {
namespace {

ChatLimits chat_limits(const ServerConfig& config) {
  ChatLimits limits;
  limits.max_characters = static_cast<std::size_t>(config.chat_max_chars);
  limits.burst = config.chat_burst;
  limits.interval = std::chrono::milliseconds(config.chat_interval_ms);
  return limits;
}

}  // namespace

Lobby::Lobby(boost::asio::io_context& ioc, const ServerConfig& config,
             std::vector<const GameDefinition*> games, MatchJournal& journal, Metrics& metrics)
    : ioc_(ioc),
      config_(config),
      games_(std::move(games)),
      journal_(journal),
      metrics_(metrics),
      players_(node_id_suffix(config.node)),
      id_suffix_(node_id_suffix(config.node)) {}

boost::asio::any_io_executor Lobby::room_executor() {
  if (single_thread_io()) return ioc_.get_executor();
  return boost::asio::make_strand(ioc_);
}

const GameDefinition* Lobby::find_game(const std::string& name) const {
  for (const GameDefinition* game : games_) {
    if (game->name() == name) return game;
  }
  return nullptr;
}

Json Lobby::describe_games() const {
  Json list = Json::array();
  for (const GameDefinition* game : games_) list.push_back(game->describe());
  return list;
}

std::optional<std::string> Lobby::new_code() {
  static constexpr char kAlphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";  // no 0/O, 1/I
  for (;;) {
    std::array<unsigned char, 6> bytes{};
    if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
      spdlog::error("lobby: the random source failed; no room code can be made");
      return std::nullopt;
    }
    std::string code;
    for (unsigned char b : bytes) code += kAlphabet[b % 32];  // 256 % 32 == 0: no bias
    if (room_by_code_.contains(code)) continue;
    if (taken_elsewhere_ && taken_elsewhere_("", code)) continue;
    return code;
  }
}

std::string Lobby::new_room_id() {
  for (;;) {
    std::string id = "R" + std::to_string(next_room_++) + id_suffix_;
    if (!taken_elsewhere_ || !taken_elsewhere_(id, "")) return id;
  }
}

Expected<std::shared_ptr<Room>> Lobby::create_room(const CreateRoomRequest& request,
                                                   const std::string& host_player_id) {
  const GameDefinition* game = find_game(request.game);
  if (!game) return Error{"no_such_game", "no game called \"" + request.game + "\""};
  if (request.seats < 1 || request.seats > 16) {
    return Error{"bad_seat_count", "seats must be between 1 and 16"};
  }
  Expected<Json> options = game->validate_table(request.options, request.seats);
  if (!options) return options.error();
  if (request.turn_seconds && (*request.turn_seconds < 0 || *request.turn_seconds > 86400)) {
    return Error{"bad_field", "turn_seconds must be between 0 and 86400"};
  }
  if (request.bot_delay_ms && (*request.bot_delay_ms < 0 || *request.bot_delay_ms > 60000)) {
    return Error{"bad_field", "bot_delay_ms must be between 0 and 60000"};
  }
  if (request.bot_budget_ms &&
      (*request.bot_budget_ms < 1 || *request.bot_budget_ms > kMaxRoomBotBudgetMs)) {
    return Error{"bad_field",
                 "bot_budget_ms must be between 1 and " + std::to_string(kMaxRoomBotBudgetMs)};
  }
  RoomSettings settings;
  settings.is_public = request.is_public;
  settings.rated = request.rated;
  settings.game = game;
  settings.options = std::move(options.value());
  settings.seats = request.seats;
  settings.host_player_id = host_player_id;
  settings.turn_time = std::chrono::seconds(request.turn_seconds.value_or(config_.turn_seconds));
  settings.bot_delay =
      std::chrono::milliseconds(request.bot_delay_ms.value_or(config_.bot_delay_ms));
  settings.bot_budget =
      std::chrono::milliseconds(request.bot_budget_ms.value_or(config_.bot_budget_ms));
  settings.round_pause = std::chrono::milliseconds(config_.round_pause_ms);
  settings.grace = std::chrono::seconds(config_.grace_seconds);
  settings.empty_close = std::chrono::seconds(config_.empty_room_seconds);
  settings.chat = chat_limits(config_);
  settings.event_id = request.event_id;
  settings.first_seed_hex = request.first_seed_hex;

  std::lock_guard lock(mutex_);
  if (shutting_down_) return Error{"shutting_down", "the server is shutting down"};
  if (rooms_.size() >= static_cast<std::size_t>(config_.max_rooms)) {
    return Error{"too_many_rooms", "the server has as many rooms as it allows"};
  }
  std::optional<std::string> code = new_code();
  if (!code) return Error{"internal_error", "the server could not make a room code"};
  settings.id = new_room_id();
  settings.code = std::move(*code);
  auto room = std::make_shared<Room>(room_executor(), std::move(settings), *this, journal_,
                                     metrics_, thinker_);
  rooms_[room->id()] = room;
  room_by_code_[room->code()] = room->id();
  return room;
}

std::shared_ptr<Room> Lobby::restore_room(RoomSettings settings) {
  settings.chat = chat_limits(config_);  // not stored: today's flags apply
  std::lock_guard lock(mutex_);
  if (rooms_.contains(settings.id) || room_by_code_.contains(settings.code)) return nullptr;
  next_room_ = std::max(next_room_, number_after(settings.id, 'R', id_suffix_));
  auto room = std::make_shared<Room>(room_executor(), std::move(settings), *this, journal_,
                                     metrics_, thinker_);
  rooms_[room->id()] = room;
  room_by_code_[room->code()] = room->id();
  return room;
}

std::shared_ptr<Room> Lobby::find_room(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<Room> Lobby::find_by_code(const std::string& code) const {
  std::string upper;
  for (char c : code) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::lock_guard lock(mutex_);
  auto it = room_by_code_.find(upper);
  if (it == room_by_code_.end()) return nullptr;
  auto room = rooms_.find(it->second);
  return room == rooms_.end() ? nullptr : room->second;
}

Json Lobby::list_rooms(const std::string& game_filter) const {
  Json list = Json::array();
  std::lock_guard lock(mutex_);
  for (const auto& [id, summary] : summaries_) {
    if (!summary.is_public) continue;
    if (!game_filter.empty() && summary.game != game_filter) continue;
    list.push_back(protocol::room_listing_json(summary));
  }
  if (hooks_.other_listings) {
    for (const std::string& listing : hooks_.other_listings(game_filter)) {
      list.push_back(Json::parse(listing, nullptr, false));
    }
  }
  return list;
}

Json Lobby::all_room_summaries() const {
  Json list = Json::array();
  std::lock_guard lock(mutex_);
  for (const auto& [id, summary] : summaries_) list.push_back(protocol::room_listing_json(summary));
  return list;
}

std::size_t Lobby::room_count() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

std::vector<std::shared_ptr<Room>> Lobby::rooms_of(const std::string& player_id) const {
  std::vector<std::shared_ptr<Room>> found;
  std::lock_guard lock(mutex_);
  auto it = rooms_by_player_.find(player_id);
  if (it == rooms_by_player_.end()) return found;
  for (const std::string& room_id : it->second) {
    if (auto room = rooms_.find(room_id); room != rooms_.end()) found.push_back(room->second);
  }
  return found;
}

void Lobby::shutdown() {
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mutex_);
    shutting_down_ = true;
    for (auto& [id, room] : rooms_) rooms.push_back(room);
  }
  spdlog::info("shutting down: stopping {} rooms", rooms.size());
  for (auto& room : rooms) room->shutdown();  // outside the lock: it posts to the room
}

void Lobby::seat_changed(const std::string& player_id, const std::string& room_id, bool seated) {
  std::lock_guard lock(mutex_);
  if (seated) {
    rooms_by_player_[player_id].insert(room_id);
    return;
  }
  auto it = rooms_by_player_.find(player_id);
  if (it == rooms_by_player_.end()) return;
  it->second.erase(room_id);
  if (it->second.empty()) rooms_by_player_.erase(it);
}

void Lobby::publish_summary(protocol::RoomSummary summary) {
  std::shared_ptr<Room> room;
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(summary.id);
    if (it == rooms_.end()) return;
    room = it->second;
    if (!hooks_.room_changed) {
      summaries_[summary.id] = std::move(summary);
      return;
    }
    summaries_[summary.id] = summary;
  }
  hooks_.room_changed(summary, room->settings());
}

void Lobby::room_closed(const std::string& room_id) {
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(room_id);
    if (it == rooms_.end()) return;
    room_by_code_.erase(it->second->code());
    summaries_.erase(room_id);
    rooms_.erase(it);  // the room lives on while its strand still holds handlers
  }
  if (hooks_.room_closed) hooks_.room_closed(room_id);
}

}  // namespace parlor::server
