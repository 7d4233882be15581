// What only the PostgreSQL store has to prove: its migrations (an empty database, a
// second start, a newer schema refused), the batch guard (fenced: nothing commits, the
// batch is held, health says so, and it commits once the guard lets it), an outage (the
// server stopped with -m immediate while writing, then restarted: nothing acknowledged
// is lost and writes resume by themselves), the idempotent retry of a batch whose
// commit's answer was lost, and open errors; and of a club's server (accounts_store_test.cpp
// runs every case on it too): the same rows as SQLite's, reads that fail are errors, and
// two nodes at once: one sign-up per handle, one redemption of a single-use invite, an
// audit log followed by seq without a gap.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

#include "server/store/postgres/pg_connection.hpp"
#include "server/store/store.hpp"
#include "tests/store/account_test_rows.hpp"
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
  // Versions 2 (player_tokens), 3 (open_rooms), 4 (claim_codes), 5 (accounts and the
  // rest of a club's server), 6 (ratings), 7 (seat figures) and 8 (events) on top of version 1,
  // one row each.
  EXPECT_EQ(count("SELECT max(version) FROM parlor_schema_version"), 8);
  EXPECT_EQ(count("SELECT count(*) FROM player_tokens"), 0);
  EXPECT_EQ(count("SELECT count(*) FROM claim_codes"), 0);
  auto again = open();  // a second start migrates nothing and finds everything
  ASSERT_TRUE(again);
  EXPECT_EQ(count("SELECT count(*) FROM parlor_schema_version"), 8);
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
                      {SeatResult{.seat = 0, .score = 1, .placing = 2, .figures = {}},
                       SeatResult{.seat = 1, .score = 2, .placing = 1, .figures = {}}});
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
                       {SeatResult{.seat = 0,
                                   .score = 1.5,
                                   .placing = 2,
                                   .left = false,
                                   .figures = R"({"knocks":2,"biggest_pot":7})"},
                        SeatResult{.seat = 1, .score = 2, .placing = 1, .figures = {}}});
    store->flush();
  }
  EXPECT_EQ((*postgres->player_profile("ann"))["games"]["perico"]["figures"],
            (Json{{"knocks", 2}, {"biggest_pot", 7}}));
  MatchQuery query;
  EXPECT_EQ(postgres->list_matches(query).dump(), sqlite->list_matches(query).dump());
  EXPECT_EQ(postgres->match_record("m1")->dump(), sqlite->match_record("m1")->dump());
  EXPECT_EQ(postgres->match_record("m2")->dump(), sqlite->match_record("m2")->dump());
  EXPECT_EQ(postgres->leaderboard("perico").dump(), sqlite->leaderboard("perico").dump());
  EXPECT_EQ(postgres->leaderboard("").dump(), sqlite->leaderboard("").dump());
  EXPECT_EQ(postgres->player_profile("ann")->dump(), sqlite->player_profile("ann")->dump());
}

// A read's value, by value: a range-for over `got(store.read())` would iterate a
// temporary's member after the temporary is gone.
template <class T>
T got(Expected<T> result) {
  if (!result.ok()) ADD_FAILURE() << result.error().message;
  return result.ok() ? std::move(result).value() : T{};
}

// Every account read, as text, for the comparison below.
std::vector<std::string> account_reads(Store& store) {
  using testing::texts;
  std::vector<std::string> lines = texts(got(store.load_accounts()));
  for (const char* key : {"key:Ann", "key:Bob", "key:Nobody"}) {
    auto row = got(store.account_by_key(key));
    lines.push_back(row ? testing::text(*row) : "none");
  }
  auto of = got(store.account_of("p2"));
  lines.push_back(of ? testing::text(*of) : "none");
  for (const char* id : {"p1", "p2", "p3"}) {
    for (const std::string& line : texts(got(store.sessions_of(id)))) lines.push_back(line);
    lines.push_back(got(store.player_invited(id)) ? "invited" : "not invited");
  }
  for (const std::string& line : texts(got(store.load_sanctions()))) lines.push_back(line);
  for (const std::string& line : texts(got(store.invites()))) lines.push_back(line);
  for (const std::string& line : got(store.invited_players())) lines.push_back(line);
  for (const AuditRow& row : got(store.audit_after(0, 10))) {
    lines.push_back(std::to_string(row.seq) + " " + testing::text(row));
  }
  for (const AuditRow& row : got(store.audit_page(0, 2))) lines.push_back(row.key);
  lines.push_back(got(store.setting("announcement")).value_or("none"));
  for (const PlayerRow& row : store.load_players()) lines.push_back(row.id + " " + row.token_hash);
  return lines;
}

TEST_F(PostgresStoreTest, SameAccountDataGivesTheSameRowsAsSqlite) {
  auto postgres = open();
  ASSERT_TRUE(postgres);
  auto sqlite = testing::open_store(":memory:");
  for (Store* store : {postgres.get(), sqlite.get()}) {
    for (const char* id : {"p1", "p2", "p3"}) store->save_player(testing::player(id, id, kT0));
    store->account_created(testing::account("p1", "Ann", kT0));
    store->account_created(testing::account("p2", "Bob", kT0 + 1));
    store->account_created(testing::account("p3", "Bob", kT0 + 2));  // the handle is taken
    store->password_changed("p1", "$argon2id$new", kT0 + 5);
    store->account_role_set("p2", "moderator");
    store->account_approved("p2", true);
    store->session_added("p1", "tok-a", "Phone", kT0 + 10);
    store->session_added("p1", "tok-b", "Tablet", kT0 + 11);
    store->session_added("p2", "tok-c", "", kT0 + 12);
    store->session_ended("hash-p1");
    store->sessions_ended_except("p2", "tok-c");
    store->sanction_set({"p3", kT0 + 100, "spam", "p2", kT0 + 20});
    store->sanction_set({"p1", kT0 + 200, "rude", "p2", kT0 + 21});
    store->sanction_lifted("p1");
    store->invite_made(testing::invite("i1", "c1", 1, kT0, kT0 + 1000));
    store->invite_made(testing::invite("i2", "c2", 3, kT0 + 1, kT0 + 1000));
    store->invite_redeemed("c1", "p1", kT0 + 30);
    store->invite_redeemed("c1", "p3", kT0 + 31);  // used up
    store->invite_redeemed("c2", "p3", kT0 + 32);
    store->invite_revoked("i2", kT0 + 33);
    store->invite_redeemed("c2", "p2", kT0 + 34);  // revoked
    for (const char* key : {"k1", "k2", "k3", "k1"}) {
      store->audit(testing::audit_row(key, "ban", kT0 + 40));
    }
    store->setting_saved("announcement", "Hello", kT0 + 50);
    store->flush();
  }
  EXPECT_EQ(account_reads(*postgres), account_reads(*sqlite));
  EXPECT_EQ(postgres->stats().write_errors, 0u);
}

// Nor a failed read of an account for "no such account": that lets a second sign-up for a
// handle through, or an invite be asked for again.
TEST_F(PostgresStoreTest, AnUnreadableAccountIsAnErrorNotNone) {
  auto store = open();
  ASSERT_TRUE(store);
  store->account_created(testing::account("p1", "Ann", kT0));
  store->flush();
  server_->stop(/*immediate=*/true);
  auto account = store->account_by_key("key:Ann");
  auto sessions = store->sessions_of("p1");
  auto invited = store->player_invited("p1");
  auto audit = store->audit_after(0, 10);
  auto setting = store->setting("announcement");
  server_->start_again();
  ASSERT_FALSE(account);
  EXPECT_EQ(account.error().code, "store_read_failed");
  ASSERT_FALSE(sessions);
  EXPECT_EQ(sessions.error().code, "store_read_failed");
  ASSERT_FALSE(invited);
  EXPECT_EQ(invited.error().code, "store_read_failed");
  ASSERT_FALSE(audit);
  EXPECT_EQ(audit.error().code, "store_read_failed");
  ASSERT_FALSE(setting);
  EXPECT_EQ(setting.error().code, "store_read_failed");
  auto read = store->account_by_key("key:Ann");
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_TRUE(read->has_value());
  EXPECT_EQ((*read)->player_id, "p1");
}

// Two nodes' stores on one database, at the same moment, many times over: each
// single-use invite is spent by exactly one of them, each handle signed up by exactly
// one, and a follower of the audit log (by seq) misses no line of either.
TEST_F(PostgresStoreTest, TwoNodesAtOnceSpendAnInviteOnceAndSignUpAHandleOnce) {
  StoreOptions options;
  options.commit_interval = 0ms;
  auto node_a = open(options);
  auto node_b = open(options);
  ASSERT_TRUE(node_a && node_b);
  constexpr int kRounds = 40;
  for (int i = 0; i < kRounds; ++i) {
    const std::string n = std::to_string(i);
    node_a->invite_made(testing::invite("i" + n, "code-" + n, 1, kT0, kT0 + 100000));
  }
  node_a->flush();
  std::set<std::string> followed;
  std::atomic<bool> writing{true};
  std::thread follower([&] {
    auto reader = open();
    std::int64_t last = 0;
    for (bool more = true; more;) {
      more = writing.load();  // one more read after the writers are done
      for (const AuditRow& row : got(reader->audit_after(last, 1000))) {
        EXPECT_TRUE(followed.insert(row.key).second) << row.key;
        last = row.seq;
      }
      std::this_thread::sleep_for(2ms);
    }
  });
  auto run = [&](Store& store, const std::string& node) {
    for (int i = 0; i < kRounds; ++i) {
      const std::string n = std::to_string(i);
      store.invite_redeemed("code-" + n, node + n, kT0 + 1);
      AccountRow account = testing::account(node + n, "Handle" + n, kT0);
      store.account_created(account);
      store.audit(testing::audit_row(node + n, "sign_up", kT0));
    }
    store.flush();
  };
  std::thread on_a([&] { run(*node_a, "a-"); });
  std::thread on_b([&] { run(*node_b, "b-"); });
  on_a.join();
  on_b.join();
  writing.store(false);
  follower.join();
  for (int i = 0; i < kRounds; ++i) {
    const std::string n = std::to_string(i);
    const bool a = got(node_a->player_invited("a-" + n));
    const bool b = got(node_a->player_invited("b-" + n));
    EXPECT_NE(a, b) << "invite " << n << ": exactly one redemption wins";
    auto owner = got(node_b->account_by_key("key:Handle" + n));
    ASSERT_TRUE(owner.has_value());
    EXPECT_TRUE(owner->player_id == "a-" + n || owner->player_id == "b-" + n);
    EXPECT_FALSE(
        node_a->account_of(owner->player_id == "a-" + n ? "b-" + n : "a-" + n).value().has_value());
  }
  EXPECT_EQ(count("SELECT count(*) FROM invites WHERE uses = 1"), kRounds);
  EXPECT_EQ(count("SELECT count(*) FROM invite_uses"), kRounds);
  EXPECT_EQ(count("SELECT count(*) FROM accounts"), kRounds);
  EXPECT_EQ(followed.size(), 2u * kRounds) << "the follower saw every line once";
  EXPECT_EQ(node_a->stats().write_errors + node_b->stats().write_errors, 0u);
}

}  // namespace
}  // namespace parlor::server::store
