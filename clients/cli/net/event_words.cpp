// Events in the reader's language for the terminal client, from the web client's
// catalogue keys (log.event.*, the same sentences the web table's log shows): used by
// event_text when the reader's language is not English. An event without a key here
// comes back as nothing, and event_text says it in English.
#include <optional>

#include "clients/cli/net/catalogue.hpp"
#include "clients/cli/net/table_words.hpp"

namespace parlor::cli::net {

using Json = nlohmann::json;

namespace {

long long number_of(const Json& e, const char* key) {
  return e.contains(key) && e[key].is_number() ? e[key].get<long long>() : 0;
}

std::string card_of(const Json& e, const char* key, const TableWords& w) {
  return e.contains(key) && e[key].is_string() ? w.card(e[key].get<std::string>()) : "";
}

// The event's sentence key (after log.event.) and its parameters, for the types with one.
std::optional<std::pair<std::string, Json>> sentence(const Json& e, const TableWords& w) {
  const std::string type = e.value("type", "");
  auto has = [&](const char* key) { return e.contains(key) && !e[key].is_null(); };
  auto name = [&](const char* key) { return w.name(has(key) ? e[key] : Json()); };
  using P = std::pair<std::string, Json>;
  if (type == "hand" && has("cards")) return P{"hand", {{"cards", w.cards(e["cards"])}}};
  if (type == "draw") {
    if (has("count")) {
      const long long n = number_of(e, "count");
      return n == 0 ? P{"stands_pat", {}} : P{"changes", {{"n", n}}};
    }
    const bool discard = e.value("from", "stock") == "discard";
    if (has("card"))
      return P{discard ? "takes_discard_card" : "draws_card", {{"card", card_of(e, "card", w)}}};
    return P{discard ? "takes_discard" : "draws", {}};
  }
  if (type == "discard" || type == "discard_chosen") {  // Pedro's discard to six: _chosen
    if (!has("card") && !has("cards") && has("count"))
      return P{
          "discards",
          {{"cards", Catalogue::current().text("seat.cards", {{"n", number_of(e, "count")}})}}};
    return P{"discards",
             {{"cards", has("card") ? card_of(e, "card", w) : w.cards(e.value("cards", Json()))}}};
  }
  if (type == "take") {
    const std::string taken = has("taken") ? w.cards(e["taken"]) : "...";
    if (has("discard"))
      return P{"takes_giving",
               {{"n", number_of(e, "count")}, {"taken", taken}, {"given", w.cards(e["discard"])}}};
    return P{"takes", {{"n", number_of(e, "count")}, {"taken", taken}}};
  }
  if (type == "bid") return P{"bid", {{"n", number_of(e, "amount")}}};
  if (type == "auction_over")
    return P{"auction_over", {{"name", name("declarer")}, {"n", number_of(e, "bid")}}};
  if (type == "trump") return P{"trump", {{"suit", w.suit(e.value("suit", ""))}}};
  if (type == "rob" || type == "refill")
    return P{type, {{"cards", w.cards(e.value("cards", Json()))}}};
  if (type == "play_begins") return P{"play_begins", {{"name", name("leader")}}};
  if (type == "play") {
    if (number_of(e, "dumped") > 0)
      return P{"play_dumps", {{"card", card_of(e, "card", w)}, {"n", number_of(e, "dumped")}}};
    return P{"play", {{"card", card_of(e, "card", w)}}};
  }
  if (type == "trick") {
    if (number_of(e, "points") > 0)
      return P{"trick_points", {{"name", name("winner")}, {"n", number_of(e, "points")}}};
    return P{"trick", {{"name", name("winner")}}};
  }
  if (type == "cut") return P{"cut", {{"n", number_of(e, "size")}}};
  if (type == "steal_window")
    return P{"steal_window", {{"name", name("discarder")}, {"card", card_of(e, "card", w)}}};
  if (type == "steal") return P{"steal", {{"card", card_of(e, "card", w)}}};
  if (type == "lower")
    return P{"lower",
             {{"n", e.contains("melds") && e["melds"].is_array() ? e["melds"].size() : 0}}};
  if (type == "lay_off")
    return P{"lay_off",
             {{"card", card_of(e, "card", w)},
              {"owner", name("owner")},
              {"meld", number_of(e, "meld") + 1}}};
  if (type == "call")
    return has("amount") ? P{"call_amount", {{"n", number_of(e, "amount")}}} : P{"call", {}};
  if (type == "bet" || type == "raise") return P{type, {{"n", number_of(e, "amount")}}};
  if (type == "ante") return P{"ante", {{"n", number_of(e, "pot")}}};
  if (type == "uncalled_returned") return P{"uncalled_returned", {{"n", number_of(e, "amount")}}};
  if (type == "rebuy") return P{"rebuy", {{"n", number_of(e, "stack")}}};
  if (type == "unused_trumps")
    return P{"unused_trumps", {{"cards", w.cards(e.value("cards", Json()))}}};
  if (type == "no_opener")
    return has("carried") ? P{"no_opener_carried", {{"n", number_of(e, "carried")}}}
                          : P{"no_opener", {}};
  if (type == "round_end" || type == "hand_over") return P{"round_over", {}};
  for (const char* plain :
       {"knock", "knock_void", "reshuffle", "stock_rebuilt", "pass", "thrown_in", "robbing",
        "decline", "check", "fold", "discards_in", "chosen", "showdown", "jackpot_shared", "im_up",
        "void_deal", "kitty"}) {
    if (type == plain) return P{type, {}};
  }
  return std::nullopt;
}

}  // namespace

namespace {

// "Nuevo reparto (ronda 2) · reparte Ana": the deal in parts, as the web table's log says it.
std::string deal_text(const Json& e, const TableWords& w) {
  const Catalogue& c = Catalogue::current();
  std::string out =
      e.contains("round")  ? c.text("log.event.deal_round", {{"n", number_of(e, "round")}})
      : e.contains("hand") ? c.text("log.event.deal_hand", {{"n", number_of(e, "hand")}})
                           : c.text("log.event.deal");
  if (e.contains("dealer"))
    out += " \u00b7 " + c.text("log.event.deal_dealer", {{"name", w.name(e["dealer"])}});
  if (e.contains("upcard") && e["upcard"].is_string())
    out += " \u00b7 " +
           c.text("log.event.deal_upcard", {{"card", w.card(e["upcard"].get<std::string>())}});
  return out;
}

}  // namespace

std::optional<std::string> catalogue_event_text(const Json& e, const TableWords& w) {
  if (e.value("type", "") == "deal") return deal_text(e, w);
  auto said = sentence(e, w);
  if (!said) return std::nullopt;
  Json params = said->second.is_object() ? said->second : Json::object();
  params["who"] = w.name(e.contains("seat") ? e["seat"] : Json());
  const std::string key = "log.event." + said->first;
  if (!Catalogue::current().has(key)) return std::nullopt;
  return Catalogue::current().text(key, params);
}

}  // namespace parlor::cli::net
