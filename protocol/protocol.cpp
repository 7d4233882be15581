#include "protocol/protocol.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "protocol/json_reuse.hpp"
#include "protocol/move_reader.hpp"
#include "protocol/request_specs.hpp"

namespace parlor::protocol {
namespace {

bool has_kind(const Json& value, FieldKind kind) {
  switch (kind) {
    case FieldKind::kString:
      return value.is_string() && value.get_ref<const std::string&>().size() <= kMaxStringField;
    case FieldKind::kText:
      return value.is_string() && value.get_ref<const std::string&>().size() <= kMaxTextField;
    case FieldKind::kInt:
      return value.is_number_integer();
    case FieldKind::kBool:
      return value.is_boolean();
    case FieldKind::kObject:
      return value.is_object();
  }
  return false;
}

const char* kind_name(FieldKind kind) {
  switch (kind) {
    case FieldKind::kString:
      return "a string (at most 256 characters)";
    case FieldKind::kText:
      return "a string (at most 2048 bytes)";
    case FieldKind::kInt:
      return "an integer";
    case FieldKind::kBool:
      return "a boolean";
    case FieldKind::kObject:
      return "an object";
  }
  return "?";
}

Error bad_field(const std::string& type, const FieldSpec& field, bool missing) {
  std::string what = missing ? "is missing" : "must be " + std::string(kind_name(field.kind));
  return {"bad_field", "\"" + type + "\": field \"" + field.name + "\" " + what};
}

}  // namespace

Json* Request::find(std::string_view name) {
  for (std::size_t i = 0; i < member_count; ++i) {
    if (members[i].name == name) return &members[i].value;
  }
  auto it = body.find(name);
  return it != body.end() ? &*it : nullptr;
}

std::string Request::string_field(const char* name, std::string fallback) const {
  const Json* value = find(name);
  return value && value->is_string() ? value->get<std::string>() : fallback;
}

const std::string* Request::string_if(const char* name) const {
  const Json* value = find(name);
  return value && value->is_string() ? &value->get_ref<const std::string&>() : nullptr;
}

const std::string& Request::string_ref(const char* name) const {
  static const std::string kAbsent;
  const std::string* text = string_if(name);
  return text ? *text : kAbsent;
}

std::int64_t Request::int_field(const char* name, std::int64_t fallback) const {
  const Json* value = find(name);
  return value && value->is_number_integer() ? value->get<std::int64_t>() : fallback;
}

bool Request::bool_field(const char* name, bool fallback) const {
  const Json* value = find(name);
  return value && value->is_boolean() ? value->get<bool>() : fallback;
}

bool Request::has(const char* name) const { return find(name) != nullptr; }

Json Request::take(const char* name) {
  Json* value = find(name);
  return value ? std::move(*value) : Json();
}

Json extract_id(const Json& message) {
  if (!message.is_object()) return nullptr;
  auto it = message.find("id");
  if (it == message.end()) return nullptr;
  if (it->is_string() || it->is_number_integer()) return *it;
  return nullptr;
}

Expected<Request> validate_request(Json message) {
  if (!message.is_object()) return Error{"bad_message", "a message must be a JSON object"};
  auto type_it = message.find("type");
  if (type_it == message.end() || !type_it->is_string()) {
    return Error{"bad_message", "a message needs a string \"type\""};
  }
  auto id_it = message.find("id");
  if (id_it != message.end() && !id_it->is_null() && !id_it->is_string() &&
      !id_it->is_number_integer()) {
    return Error{"bad_field", "\"id\" must be a string or an integer"};
  }
  if (id_it != message.end() && id_it->is_string() &&
      id_it->get_ref<const std::string&>().size() > kMaxStringField) {
    return Error{"bad_field", "\"id\" is longer than 256 characters"};
  }
  const std::string& type = type_it->get_ref<const std::string&>();
  for (const MessageSpec& spec : message_specs()) {
    if (type != spec.name) continue;
    for (const FieldSpec& field : spec.fields) {
      auto it = message.find(field.name);
      if (it == message.end() || it->is_null()) {
        if (field.required) return bad_field(type, field, true);
        if (it != message.end()) message.erase(it);  // null means absent
        continue;
      }
      if (!has_kind(*it, field.kind)) return bad_field(type, field, false);
    }
    Request request;
    request.type = spec.type;
    request.type_name = type;
    request.id = extract_id(message);
    request.body = std::move(message);
    return request;
  }
  return Error{"unknown_type", "unknown message type \"" + type.substr(0, 64) + "\""};
}

Expected<Request> parse_request(std::string_view text) {
  // Every move is one request, and the move reader takes it (move_reader.hpp). Other plain
  // requests go to the fast reader unless they hold a byte above 0x7f (parse_into leaves
  // UTF-8 unchecked); nlohmann reads the rest and words any error.
  if (Request move; read_move(text, &move)) return move;
  const bool ascii = std::none_of(text.begin(), text.end(),
                                  [](char c) { return static_cast<unsigned char>(c) > 0x7f; });
  Json message;
  if (ascii && parse_into(text, &message)) return validate_request(std::move(message));
  message = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (message.is_discarded()) return Error{"bad_json", "the message is not valid JSON"};
  return validate_request(std::move(message));
}

std::string error_message(const Json& id, std::string_view code, std::string_view message) {
  Json body = {{"type", "error"}, {"code", code}, {"message", message}};
  if (!id.is_null()) body["id"] = id;
  return body.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string error_message(const Json& id, std::string_view code, std::string_view message,
                          Json extra) {
  extra["type"] = "error";
  extra["code"] = code;
  extra["message"] = message;
  if (!id.is_null()) extra["id"] = id;
  return extra.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string reply_message(const Json& id, std::string_view type, Json body) {
  body["type"] = type;
  if (!id.is_null()) body["id"] = id;
  return body.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string_view request_type_name(RequestType type) {
  for (const MessageSpec& spec : message_specs()) {
    if (spec.type == type) return spec.name;
  }
  return "?";
}

}  // namespace parlor::protocol
