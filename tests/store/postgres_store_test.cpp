// What only the PostgreSQL store has to prove: its migrations (an empty database, a
// second start, a newer schema refused), the batch guard (fenced: nothing commits, the
// batch is held, health says so, and it commits once the guard lets it), an outage (the
// server stopped with -m immediate while writing, then restarted: nothing acknowledged
// is lost and writes resume by themselves), the idempotent retry of a batch whose
// commit's answer was lost, and open errors.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "server/store/postgres/pg_connection.hpp"
#include "server/store/store.hpp"
#include "tests/store/pg_test_server.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using namespace std::chrono_literals;
using testing::match;

constexpr Millis kT0 = 1795335000123;

ActionRow action_row(std::int64_t seq) {
  return ActionRow{.seq = seq, .seat = 0, .action = Json{{"n", seq}}, .timeout = false, .at = seq};
}

bool eventually(const std::function<bool()>& condition, std::chrono::milliseconds limit = 20s) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(20ms);
  }
  return condition();
}

class PostgresStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    server_ = parlor::testing::shared_postgres(why);
    if (!server_) GTEST_SKIP() << why;
    uri_ = parlor::testing::fresh_database(*server_);
  }
  std::unique_ptr<Store> open(StoreOptions options = {}) {
    options.path = uri_;
    auto opened = Store::open(options);
    if (!opened) ADD_FAILURE() << opened.error().code << ": " << opened.error().message;
    return opened ? std::move(opened.value()) : nullptr;
  }
  std::int64_t count(const std::string& sql) {
    auto connection = pg::Connection::connect(uri_);
    return connection.exec(sql).int64(0, 0);
  }
  parlor::testing::ThrowawayPostgres* server_ = nullptr;
  std::string uri_;
};

TEST_F(PostgresStoreTest, MigratesAnEmptyDatabaseAndStartsAgainOnIt) {
  {
    auto store = open();
    ASSERT_TRUE(store);
    store->match_started(match("m1", "perico", kT0, {"Ann", "bot1"}));
    store->action("m1", action_row(1));
    store->flush();
  }
  // Versions 2 (player_tokens), 3 (open_rooms), 4 (claim_codes) and 5 (accounts and the
  // rest of a club's server) on top of version 1, one row each.
  EXPECT_EQ(count("SELECT max(version) FROM parlor_schema_version"), 5);
  EXPECT_EQ(count("SELECT count(*) FROM player_tokens"), 0);
  EXPECT_EQ(count("SELECT count(*) FROM claim_codes"), 0);
  auto again = open();  // a second start migrates nothing and finds everything
  ASSERT_TRUE(again);
  EXPECT_EQ(count("SELECT count(*) FROM parlor_schema_version"), 5);
  auto unfinished = again->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].actions.size(), 1u);
}

TEST_F(PostgresStoreTest, ANewerSchemaIsRefused) {
  ASSERT_TRUE(open());
  pg::Connection::connect(uri_).exec("INSERT INTO parlor_schema_version VALUES (99)");
  StoreOptions options;
  options.path = uri_;
  auto opened = Store::open(options);
  ASSERT_FALSE(opened);
  EXPECT_EQ(opened.error().code, "db_too_new");
}

TEST_F(PostgresStoreTest, AnUnreachableServerIsDbOpenFailedWithoutThePassword) {
  StoreOptions options;
  options.path = "postgresql://parlor:s3cret@127.0.0.1:1/parlor";
  auto opened = Store::open(options);
  ASSERT_FALSE(opened);
  EXPECT_EQ(opened.error().code, "db_open_failed");
  EXPECT_EQ(opened.error().message.find("s3cret"), std::string::npos) << opened.error().message;
}

TEST_F(PostgresStoreTest, AFencedBatchCommitsNothingIsHeldAndCommitsWhenAllowed) {
  // The guard the cluster installs, in miniature: fenced while the flag row says so.
  {
    auto connection = pg::Connection::connect(uri_);
    connection.exec(R"sql(
      CREATE TABLE fence (node TEXT PRIMARY KEY, fenced BOOLEAN NOT NULL);
      INSERT INTO fence VALUES ('n1', false);
      CREATE FUNCTION test_fence(who TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT fenced FROM fence WHERE node = who) THEN
          RAISE EXCEPTION 'node % was fenced', who USING ERRCODE = 'PRLF1';
        END IF;
      END $$;)sql");
  }
  StoreOptions options;
  options.batch_guard_sql = "SELECT test_fence($1)";
  options.batch_guard_params = {"n1"};
  auto store = open(options);
  ASSERT_TRUE(store);
  store->match_started(match("m1", "perico", kT0, {"Ann", "bot1"}));
  store->flush();
  EXPECT_FALSE(store->health().fenced);

  pg::Connection::connect(uri_).exec("UPDATE fence SET fenced = true");
  const Ticket held = store->action("m1", action_row(1));
  EXPECT_TRUE(eventually([&] { return store->health().fenced; }));
  EXPECT_FALSE(store->writable());
  EXPECT_LT(store->committed_through(), held);
  EXPECT_EQ(count("SELECT count(*) FROM live_actions"), 0);  // nothing committed
  EXPECT_NE(store->health().reason.find("fenced"), std::string::npos) << store->health().reason;

  pg::Connection::connect(uri_).exec("UPDATE fence SET fenced = false");
  EXPECT_TRUE(eventually([&] { return store->committed_through() >= held; }));
  EXPECT_FALSE(store->health().fenced);
  EXPECT_TRUE(store->writable());
  EXPECT_EQ(count("SELECT count(*) FROM live_actions"), 1);  // held, never dropped
  EXPECT_EQ(store->stats().write_errors, 0u);
}

// A fenced node's store can never commit again (its incarnation is dead): stopping it
// drops the held writes at once instead of retrying them for kRetryAfterStop, so the node
// exits promptly. Nothing held is written.
TEST_F(PostgresStoreTest, AFencedStoreStopsAtOnceAndWritesNothing) {
  {
    auto connection = pg::Connection::connect(uri_);
    connection.exec(R"sql(
      CREATE FUNCTION test_fence(who TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'node % was fenced', who USING ERRCODE = 'PRLF1';
      END $$;)sql");
  }
  StoreOptions options;
  options.batch_guard_sql = "SELECT test_fence($1)";
  options.batch_guard_params = {"n1"};
  auto store = open(options);
  ASSERT_TRUE(store);
  store->match_started(match("m1", "perico", kT0, {"Ann", "bot1"}));
  store->action("m1", action_row(1));
  ASSERT_TRUE(eventually([&] { return store->health().fenced; }));
  const auto stopping = std::chrono::steady_clock::now();
  store.reset();
  const auto took = std::chrono::steady_clock::now() - stopping;
  // Well under the 10 s an outage gets (WriteQueue::kRetryAfterStop): no retry at all.
  EXPECT_LT(took, 2s) << std::chrono::duration<double>(took).count() << " s";
  EXPECT_EQ(count("SELECT count(*) FROM matches"), 0);
  EXPECT_EQ(count("SELECT count(*) FROM live_actions"), 0);
}

TEST_F(PostgresStoreTest, AnOutageLosesNothingAcknowledgedAndWritesResumeByThemselves) {
  StoreOptions options;
  options.commit_interval = 1ms;
  auto store = open(options);
  ASSERT_TRUE(store);
  store->match_started(match("m1", "perico", kT0, {"Ann", "bot1"}));
  // Acknowledged = the store said committed (the room would then send the move on).
  std::atomic<std::int64_t> acknowledged{0};
  std::atomic<bool> writing{true};
  std::thread writer([&] {
    for (std::int64_t seq = 1; writing; ++seq) {
      const Ticket ticket = store->action("m1", action_row(seq));
      store->after_commit(ticket, [&acknowledged, seq] { acknowledged = seq; });
      std::this_thread::sleep_for(2ms);
    }
  });
  ASSERT_TRUE(eventually([&] { return acknowledged > 20; }));
  server_->stop(/*immediate=*/true);
  const std::int64_t before_restart = acknowledged;
  EXPECT_TRUE(eventually([&] { return !store->writable(); }));
  std::this_thread::sleep_for(300ms);
  server_->start_again();
  EXPECT_TRUE(eventually([&] { return store->writable() && acknowledged > before_restart + 20; }));
  writing = false;
  writer.join();
  store->flush();
  const std::int64_t last = acknowledged;
  // Every acknowledged action is there, with no gap and no duplicate.
  EXPECT_EQ(count("SELECT count(*) FROM live_actions WHERE match_id = 'm1' AND seq <= " +
                  std::to_string(last)),
            last);
  EXPECT_EQ(count("SELECT count(DISTINCT seq) FROM live_actions"),
            count("SELECT count(*) FROM live_actions"));
  EXPECT_GE(store->stats().write_outages, 1u);
  EXPECT_EQ(store->stats().write_errors, 0u);
}

// A node taking a dead node's rooms must not mistake a failed read for "no match runs in
// them" (it would reopen them waiting and lose their matches: cluster_service.cpp).
TEST_F(PostgresStoreTest, AnUnreadableJournalIsAnErrorNotAnEmptyList) {
  auto store = open();
  ASSERT_TRUE(store);
  store->match_started(match("m1", "perico", kT0, {"Ann", "bot1"}));
  store->action("m1", action_row(1));
  store->flush();
  server_->stop(/*immediate=*/true);
  Expected<std::vector<UnfinishedMatch>> unread = store->load_unfinished_matches_in_rooms({"r1"});
  server_->start_again();
  ASSERT_FALSE(unread);
  EXPECT_EQ(unread.error().code, "store_read_failed");
  EXPECT_NE(unread.error().message.find("r1"), std::string::npos);
  Expected<std::vector<UnfinishedMatch>> read = store->load_unfinished_matches_in_rooms({"r1"});
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read.value().size(), 1u);
  EXPECT_EQ(read.value()[0].actions.size(), 1u);
}

// Nor a failed token lookup for "no such player": a client told that its token is unknown
// drops it, and a claim told that its code is bad was spent for nothing
// (identity_requests.cpp, request_router_cluster.cpp).
TEST_F(PostgresStoreTest, AnUnreadableTokenIsAnErrorNotNobody) {
  auto store = open();
  ASSERT_TRUE(store);
  store->save_player(testing::player("pAnn", "Ann", kT0));
  store->flush();
  const std::string token_hash = testing::player("pAnn", "Ann", kT0).token_hash;
  server_->stop(/*immediate=*/true);
  Expected<std::optional<PlayerRow>> unread = store->find_player_by_token(token_hash);
  server_->start_again();
  ASSERT_FALSE(unread);
  EXPECT_EQ(unread.error().code, "store_read_failed");
  Expected<std::optional<PlayerRow>> read = store->find_player_by_token(token_hash);
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_TRUE(read->has_value());
  EXPECT_EQ((*read)->id, "pAnn");
}

TEST_F(PostgresStoreTest, RetryingABatchThatAlreadyCommittedChangesNothing) {
  // A batch whose COMMIT's answer was lost is sent again: every statement is idempotent.
  // Replay the same writes through two stores, as a retry would.
  auto first = open();
  ASSERT_TRUE(first);
  auto play = [&](Store& store) {
    store.save_player(testing::player("pAnn", "Ann", kT0));
    store.match_started(match("m1", "perico", kT0, {"Ann", "bot1"}));
    for (int seq = 1; seq <= 5; ++seq) store.action("m1", action_row(seq));
    store.commitment("m1", CommitmentRow{.deal = 1, .sha256 = "d1"});
    store.round_ended("m1", 1, Json{{"r", 1}}.dump());
    store.match_ended("m1", kT0 + 10, Json{{"scores", {1, 2}}},
                      {SeatResult{.seat = 0, .score = 1, .placing = 2},
                       SeatResult{.seat = 1, .score = 2, .placing = 1}});
    store.flush();
  };
  play(*first);
  const Json record = *first->match_record("m1");
  first.reset();
  auto second = open();
  play(*second);
  EXPECT_EQ(second->stats().write_errors, 0u);
  EXPECT_EQ(*second->match_record("m1"), record);
  EXPECT_EQ(record["actions"].size(), 5u);
  EXPECT_EQ(count("SELECT count(*) FROM live_actions"), 0);
  EXPECT_EQ(count("SELECT count(*) FROM match_actions"), 1);
}

TEST_F(PostgresStoreTest, QueuedWritesCommitInFewBatches) {
  StoreOptions options;
  options.commit_interval = 100ms;  // everything below queues within one interval
  auto store = open(options);
  ASSERT_TRUE(store);
  store->match_started(match("m1", "perico", kT0, {"Ann", "bot1"}));
  store->match_started(match("m2", "perico", kT0, {"Bob", "bot1"}));
  for (int seq = 1; seq <= 1500; ++seq) {  // over one INSERT's 1,000 rows
    store->action(seq % 2 ? "m1" : "m2", action_row(seq));
  }
  store->flush();
  const Store::Stats stats = store->stats();
  EXPECT_EQ(stats.writes_committed, 1502u);
  EXPECT_LE(stats.batches, 3u);  // one, unless the writer woke between the pushes
  EXPECT_EQ(count("SELECT count(*) FROM live_actions"), 1500);
  auto unfinished = store->load_unfinished_matches();
  ASSERT_EQ(unfinished.size(), 2u);
  EXPECT_EQ(unfinished[0].actions.size(), 750u);
  EXPECT_EQ(unfinished[0].actions.back().action, (Json{{"n", 1499}}));
}

TEST_F(PostgresStoreTest, SameDataGivesTheSameHistoryJsonAsSqlite) {
  auto postgres = open();
  ASSERT_TRUE(postgres);
  auto sqlite = testing::open_store(":memory:");
  for (Store* store : {postgres.get(), sqlite.get()}) {
    store->save_player(testing::player("pAnn", "Ann", kT0));
    store->match_started(match("m1", "perico", kT0, {"Ann", "bot1"}));
    store->match_started(match("m2", "perico", kT0 + 1, {"Ann", "bot1"}));
    for (int seq = 1; seq <= 3; ++seq) store->action("m1", action_row(seq));
    store->commitment("m1", CommitmentRow{.deal = 1, .sha256 = "d1"});
    store->round_ended("m1", 1, Json{{"scores", {1.5, 2}}}.dump());
    store->match_ended("m1", kT0 + 10, Json{{"scores", {1.5, 2}}},
                       {SeatResult{.seat = 0, .score = 1.5, .placing = 2},
                        SeatResult{.seat = 1, .score = 2, .placing = 1}});
    store->flush();
  }
  MatchQuery query;
  EXPECT_EQ(postgres->list_matches(query).dump(), sqlite->list_matches(query).dump());
  EXPECT_EQ(postgres->match_record("m1")->dump(), sqlite->match_record("m1")->dump());
  EXPECT_EQ(postgres->match_record("m2")->dump(), sqlite->match_record("m2")->dump());
  EXPECT_EQ(postgres->leaderboard("perico").dump(), sqlite->leaderboard("perico").dump());
  EXPECT_EQ(postgres->leaderboard("").dump(), sqlite->leaderboard("").dump());
  EXPECT_EQ(postgres->player_profile("ann")->dump(), sqlite->player_profile("ann")->dump());
}

}  // namespace
}  // namespace parlor::server::store
