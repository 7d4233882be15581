#include "server/room/room_settings.hpp"

namespace parlor::server {

Json room_settings_json(const RoomSettings& settings) {
  Json saved = {{"id", settings.id},
                {"code", settings.code},
                {"public", settings.is_public},
                {"game", settings.game ? settings.game->name() : std::string()},
                {"options", settings.options},
                {"seats", settings.seats},
                {"host", settings.host_player_id},
                {"turn_ms", settings.turn_time.count()},
                {"bot_delay_ms", settings.bot_delay.count()},
                {"bot_budget_ms", settings.bot_budget.count()},
                {"round_pause_ms", settings.round_pause.count()},
                {"grace_ms", settings.grace.count()},
                {"empty_close_ms", settings.empty_close.count()},
                {"spectators_allowed", settings.spectators_allowed},
                {"rated", settings.rated}};
  if (!settings.event_id.empty()) saved["event"] = settings.event_id;
  if (!settings.first_seed_hex.empty()) saved["first_seed"] = settings.first_seed_hex;
  return saved;
}

Expected<RoomSettings> room_settings_from_json(const Json& saved, const FindGame& find_game) {
  try {
    RoomSettings settings;
    settings.id = saved.at("id").get<std::string>();
    settings.code = saved.at("code").get<std::string>();
    settings.is_public = saved.at("public").get<bool>();
    std::string game = saved.at("game").get<std::string>();
    settings.game = find_game(game);
    if (!settings.game) return Error{"no_such_game", "this build has no game \"" + game + "\""};
    settings.options = saved.at("options");
    settings.seats = saved.at("seats").get<int>();
    settings.host_player_id = saved.value("host", "");
    settings.turn_time = std::chrono::milliseconds(saved.at("turn_ms").get<long long>());
    settings.bot_delay = std::chrono::milliseconds(saved.at("bot_delay_ms").get<long long>());
    settings.bot_budget =
        std::chrono::milliseconds(saved.value("bot_budget_ms", settings.bot_budget.count()));
    settings.round_pause = std::chrono::milliseconds(saved.at("round_pause_ms").get<long long>());
    settings.grace = std::chrono::milliseconds(saved.at("grace_ms").get<long long>());
    settings.empty_close = std::chrono::milliseconds(saved.at("empty_close_ms").get<long long>());
    settings.spectators_allowed = saved.value("spectators_allowed", true);
    settings.rated = saved.value("rated", false);
    settings.event_id = saved.value("event", "");
    settings.first_seed_hex = saved.value("first_seed", "");
    return settings;
  } catch (const std::exception& e) {
    return Error{"bad_room_settings", e.what()};
  }
}

}  // namespace parlor::server
