// What one accepted action costs the server in JSON work, piece by piece: parsing the
// client's request and building the four seats' `update` messages, from the first way
// (a JSON object wrapping each seat's view, then dumped) to the way the server does it now
// (protocol/server_messages.hpp: the table view written as text once, each seat's own fields
// once per seat). Perico, four seats, a position some way into a round (a grown discard pile).
// Run: build/bin/server_update_bench
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"
#include "engine/registry/registry.hpp"
#include "protocol/protocol.hpp"
#include "protocol/server_messages.hpp"

namespace {

using parlor::Json;

constexpr int kSeats = 4;
// Actions played before measuring: enough for a discard pile of a realistic length.
constexpr int kWarmupActions = 24;

std::string dump(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// A Perico match some actions in, played by the engine's random bots.
std::unique_ptr<parlor::GameState> mid_round_match() {
  const parlor::GameDefinition* game = parlor::find_game("perico");
  if (game == nullptr) return nullptr;
  auto options = game->validate_table(Json::object(), kSeats);
  if (!options) return nullptr;
  parlor::MatchConfig config;
  config.options = *options;
  config.seats = kSeats;
  config.seed = parlor::Seed::from_u64(7);
  config.dealer = 0;
  auto match = game->new_match(config);
  if (!match) return nullptr;
  std::unique_ptr<parlor::GameState> state = std::move(*match);
  auto bot = game->make_bot(parlor::BotLevel::kRandom);
  parlor::Rng rng(parlor::Seed::from_u64(11), 0);
  int round = state->round();
  for (int i = 0; i < kWarmupActions && !state->match_over(); ++i) {
    parlor::Waiting waiting = state->waiting();
    if (waiting.seats.empty()) break;
    parlor::Seat seat = waiting.seats.front();
    Json action = bot->choose(state->view(seat), rng);
    if (!state->apply(seat, action).ok()) break;
    if (state->round() != round) break;  // stay inside one round
  }
  state->take_events();
  return state;
}

// A whole update built as one JSON object and dumped: how the server built each seat's
// update before it wrote the envelope as text (protocol::update_message).
std::string update_as_one_object(const parlor::GameState& state, int seat, std::int64_t seq) {
  Json message = {{"type", "update"},
                  {"room", "r0123456789ab"},
                  {"match", 1},
                  {"seq", seq},
                  {"seat", seat},
                  {"paused", false},
                  {"timer", nullptr},
                  {"events", Json::array()},
                  {"view", state.view(seat)}};
  return dump(message);
}

// The same content with the envelope written as text around the dumped view, as
// the server did before views were split in two
// (key order differs: nlohmann sorts object keys, clients do not depend on it).
std::string update_by_hand(const parlor::GameState& state, int seat, std::int64_t seq,
                           const std::string& shared_head, const std::string& events) {
  std::string out;
  out.reserve(1024);
  out += shared_head;
  out += R"("seq":)";
  out += std::to_string(seq);
  out += R"(,"seat":)";
  out += std::to_string(seat);
  out += R"(,"events":)";
  out += events;
  out += R"(,"view":)";
  out += dump(state.view(seat));
  out += '}';
  return out;
}

void BM_FourUpdatesAsOneObject(benchmark::State& bench) {
  auto state = mid_round_match();
  if (!state) return bench.SkipWithError("perico is not registered");
  std::size_t bytes = 0;
  for (auto _ : bench) {
    for (int seat = 0; seat < kSeats; ++seat) {
      std::string text = update_as_one_object(*state, seat, 42);
      bytes += text.size();
      benchmark::DoNotOptimize(text);
    }
  }
  bench.counters["bytes_per_update"] =
      static_cast<double>(bytes) / static_cast<double>(bench.iterations() * kSeats);
}
BENCHMARK(BM_FourUpdatesAsOneObject);

void BM_FourViewsOnly(benchmark::State& bench) {
  auto state = mid_round_match();
  if (!state) return bench.SkipWithError("perico is not registered");
  for (auto _ : bench) {
    for (int seat = 0; seat < kSeats; ++seat) {
      Json view = state->view(seat);
      benchmark::DoNotOptimize(view);
    }
  }
}
BENCHMARK(BM_FourViewsOnly);

void BM_FourUpdatesEnvelopeByHand(benchmark::State& bench) {
  auto state = mid_round_match();
  if (!state) return bench.SkipWithError("perico is not registered");
  for (auto _ : bench) {
    // Once per broadcast: the fields every seat shares.
    const std::string head = R"({"type":"update","room":"r0123456789ab","match":1,)"
                             R"("paused":false,"timer":null,)";
    const std::string events = "[]";
    for (int seat = 0; seat < kSeats; ++seat) {
      std::string text = update_by_hand(*state, seat, 42, head, events);
      benchmark::DoNotOptimize(text);
    }
  }
}
BENCHMARK(BM_FourUpdatesEnvelopeByHand);

// The view split in two: the table view once per broadcast, only each seat's own fields
// (hand, legal moves) once per seat; as trees dumped, or written as text. Both go through
// the server's own writer (protocol/server_messages.hpp), as Room::broadcast_update does.
void four_split_updates(benchmark::State& bench, bool as_text) {
  auto state = mid_round_match();
  if (!state) return bench.SkipWithError("perico is not registered");
  parlor::protocol::UpdateHead head;
  head.room = "r0123456789ab";
  head.match = 1;
  head.seq = 42;
  const std::vector<parlor::Event> no_events;
  for (auto _ : bench) {
    const parlor::protocol::SharedUpdate shared = parlor::protocol::shared_update(
        head, as_text ? state->table_view_text() : dump(state->table_view()));
    for (int seat = 0; seat < kSeats; ++seat) {
      const std::string own =
          as_text ? state->seat_fields_text(seat) : dump(state->seat_fields(seat));
      std::string text = parlor::protocol::update_message(shared, seat, own, no_events);
      benchmark::DoNotOptimize(text);
    }
  }
}
void BM_FourUpdatesSplitViewTrees(benchmark::State& bench) { four_split_updates(bench, false); }
BENCHMARK(BM_FourUpdatesSplitViewTrees);
void BM_FourUpdatesSplitViewText(benchmark::State& bench) { four_split_updates(bench, true); }
BENCHMARK(BM_FourUpdatesSplitViewText);

void BM_ParseActionRequest(benchmark::State& bench) {
  const std::string text =
      R"({"type":"action","room":"r0123456789ab","action":{"type":"discard","card":"7H"},"id":123})";
  for (auto _ : bench) {
    auto request = parlor::protocol::parse_request(text);
    benchmark::DoNotOptimize(request);
  }
}
BENCHMARK(BM_ParseActionRequest);

void BM_AcceptedReply(benchmark::State& bench) {
  const Json id = 123;
  for (auto _ : bench) {
    std::string text = parlor::protocol::reply_message(id, "accepted", {{"seq", 42}});
    benchmark::DoNotOptimize(text);
  }
}
BENCHMARK(BM_AcceptedReply);

}  // namespace

BENCHMARK_MAIN();
