#include "server/requests/event_requests.hpp"

#include "server/accounts/club.hpp"
#include "server/events/event_service.hpp"

namespace parlor::server {

using Json = nlohmann::json;
using protocol::Request;
using protocol::RequestType;

namespace {

events::Caller caller_of(accounts::Club* club, const std::string& player_id,
                         const std::string& name) {
  events::Caller caller{player_id, name, false, true};
  if (!club) return caller;
  if (auto account = club->directory().of(player_id)) {
    caller.op = accounts::is_operator(account->role);
  }
  const auto& access = club->access();
  const bool members_only = access.mode != accounts::AccessMode::kOpen || !access.guests;
  caller.may_create = !members_only || caller.op;
  return caller;
}

events::CreateEvent create_request(const Request& request) {
  events::CreateEvent create;
  create.name = request.string_field("name");
  create.game = request.string_field("game");
  create.options = request.body.value("options", Json::object());
  create.seats = static_cast<int>(request.int_field("seats", 0));
  if (request.has("min_seats"))
    create.min_seats = static_cast<int>(request.int_field("min_seats", 0));
  create.rounds = static_cast<int>(request.int_field("rounds", 0));
  create.pairing = request.string_field("pairing", "swiss");
  create.duplicate = request.bool_field("duplicate", false);
  create.rated = request.bool_field("rated", true);
  return create;
}

}  // namespace

bool is_event_request(RequestType type) {
  return type >= RequestType::kCreateEvent && type <= RequestType::kStartEvent;
}

void answer_event_request(events::EventService* service, accounts::Club* club,
                          const Request& request, const std::string& player_id,
                          const std::string& name, const std::function<void(std::string)>& reply) {
  if (!service) {
    return reply(protocol::error_message(request.id, "no_events", "this server runs no events"));
  }
  const events::Caller caller = caller_of(club, player_id, name);
  if (request.type == RequestType::kEvents) {
    return reply(protocol::reply_message(request.id, "events", {{"events", service->list()}}));
  }
  const std::string event_id = request.string_field("event");
  Expected<Json> answer = [&]() -> Expected<Json> {
    switch (request.type) {
      case RequestType::kCreateEvent:
        return service->create(caller, create_request(request));
      case RequestType::kEvent:
        return service->view(event_id);
      case RequestType::kJoinEvent:
        return service->join(caller, event_id);
      case RequestType::kLeaveEvent:
        return service->leave(caller, event_id);
      case RequestType::kStartEvent:
        return service->start(caller, event_id);
      default:
        return Error{"unknown_type", "not an event request"};
    }
  }();
  if (!answer) {
    return reply(protocol::error_message(request.id, answer.error().code, answer.error().message));
  }
  reply(protocol::reply_message(request.id, "event",
                                {{"request", request.type_name}, {"event", *answer}}));
}

}  // namespace parlor::server
