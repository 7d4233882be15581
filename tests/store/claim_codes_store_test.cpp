// Claim codes in the store (Store::claim_code_issued, claim_code_redeemed), on ":memory:",
// a file and PostgreSQL: a code gives its player one more token once, an expired or
// replaced code gives nothing and expired rows are deleted, a replayed redemption changes
// nothing; and on PostgreSQL two stores (two nodes) spending the same codes at once: each
// code goes to exactly one of them.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>

#include "server/store/postgres/pg_connection.hpp"
#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/statement.hpp"
#include "tests/store/pg_test_server.hpp"
#include "tests/store/store_backend_test.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using testing::player;

constexpr Millis kT0 = 1795335000123;  // 2026-11-22T08:10:00.123Z
constexpr Millis kTenMinutes = 600'000;

class ClaimCodesInTheStore : public testing::StoreBackendTest {
 protected:
  void SetUp() override {
    StoreBackendTest::SetUp();
    if (IsSkipped()) return;
    store_->save_player(player("p1", "Ann", kT0));
    store_->save_player(player("p2", "Bob", kT0));
  }
  // Whose token `token_hash` is now ("" if nobody's).
  std::string owner_of(const std::string& token_hash) {
    store_->flush();
    auto row = store_->find_player_by_token(token_hash);
    EXPECT_TRUE(row.ok());
    return row.ok() && row->has_value() ? (*row)->id : "";
  }
  // Rows left in claim_codes, read beside the store (not for ":memory:").
  long long codes_kept() {
    store_->flush();
    if (GetParam() == "Postgres") {
      return pg::Connection::connect(path_).exec("SELECT count(*) FROM claim_codes").int64(0, 0);
    }
    sql::Database db(path_, sql::Database::Mode::kReadOnly);
    return db.query_int("SELECT count(*) FROM claim_codes");
  }
};

INSTANTIATE_TEST_SUITE_P(Backends, ClaimCodesInTheStore, ::testing::ValuesIn(testing::kBackends),
                         [](const auto& info) { return info.param; });

TEST_P(ClaimCodesInTheStore, ACodeGivesItsPlayerOneMoreTokenOnce) {
  store_->claim_code_issued("code-1", "p1", kT0, kT0 + kTenMinutes);
  store_->claim_code_redeemed("code-1", "token-phone", kT0 + 1000);
  store_->claim_code_redeemed("code-1", "token-tablet", kT0 + 2000);
  EXPECT_EQ(owner_of("token-phone"), "p1");
  EXPECT_EQ(owner_of("token-tablet"), "") << "a code is spent once";
  EXPECT_EQ(owner_of("hash-p1"), "p1") << "the first device keeps its token";
  store_->claim_code_redeemed("code-1", "token-phone", kT0 + 3000);  // a replayed write
  EXPECT_EQ(owner_of("token-phone"), "p1");
  EXPECT_EQ(owner_of("token-unknown"), "");
  EXPECT_EQ(store_->stats().write_errors, 0u);
  if (GetParam() != "Memory") {
    EXPECT_EQ(codes_kept(), 0);
  }
}

TEST_P(ClaimCodesInTheStore, ExpiredAndReplacedCodesGiveNothingAndExpiredRowsGo) {
  store_->claim_code_issued("code-old", "p1", kT0, kT0 + kTenMinutes);
  store_->claim_code_issued("code-new", "p1", kT0 + 1000, kT0 + 1000 + kTenMinutes);
  store_->claim_code_issued("code-bob", "p2", kT0, kT0 + kTenMinutes);
  store_->claim_code_redeemed("code-old", "token-1", kT0 + 2000);
  EXPECT_EQ(owner_of("token-1"), "") << "a new code replaces the player's earlier one";
  store_->claim_code_redeemed("code-bob", "token-2", kT0 + kTenMinutes);
  EXPECT_EQ(owner_of("token-2"), "") << "expired at its tenth minute";
  store_->claim_code_redeemed("code-new", "token-3", kT0 + kTenMinutes);
  EXPECT_EQ(owner_of("token-3"), "p1");
  if (GetParam() != "Memory") {
    EXPECT_EQ(codes_kept(), 0) << "Bob's expired code was deleted";
  }
  store_->claim_code_issued("code-late", "p2", kT0, kT0 + kTenMinutes);
  store_->claim_code_issued("code-now", "p1", kT0 + 2 * kTenMinutes, kT0 + 3 * kTenMinutes);
  if (GetParam() != "Memory") {
    EXPECT_EQ(codes_kept(), 1) << "issuing deletes expired codes too";
  }
  EXPECT_EQ(store_->stats().write_errors, 0u);
}

TEST_P(ClaimCodesInTheStore, ACodeSurvivesReopeningTheStore) {
  if (GetParam() == "Memory") GTEST_SKIP() << "an in-memory database ends with its store";
  store_->claim_code_issued("code-1", "p1", kT0, kT0 + kTenMinutes);
  store_->flush();
  store_.reset();
  store_ = testing::open_store(path_);
  store_->claim_code_redeemed("code-1", "token-phone", kT0 + 1000);
  EXPECT_EQ(owner_of("token-phone"), "p1");
}

// Two nodes' stores on one database spend the same codes at the same moment, many times:
// every code goes to exactly one of them.
TEST(ClaimCodesOnTwoNodes, EachCodeIsSpentByExactlyOneNode) {
  std::string why;
  parlor::testing::ThrowawayPostgres* server = parlor::testing::shared_postgres(why);
  if (!server) GTEST_SKIP() << why;
  const std::string uri = parlor::testing::fresh_database(*server);
  std::unique_ptr<Store> node_a = testing::open_store(uri, std::chrono::milliseconds(0));
  std::unique_ptr<Store> node_b = testing::open_store(uri, std::chrono::milliseconds(0));
  node_a->save_player(player("p1", "Ann", kT0));
  constexpr int kCodes = 40;
  for (int i = 0; i < kCodes; ++i) {
    node_a->claim_code_issued("code-" + std::to_string(i), "p" + std::to_string(i), kT0,
                              kT0 + kTenMinutes);
  }
  node_a->flush();
  auto redeem_all = [&](Store& store, const std::string& node) {
    for (int i = 0; i < kCodes; ++i) {
      store.claim_code_redeemed("code-" + std::to_string(i), node + std::to_string(i), kT0 + 1);
    }
    store.flush();
  };
  std::thread on_a([&] { redeem_all(*node_a, "a-"); });
  std::thread on_b([&] { redeem_all(*node_b, "b-"); });
  on_a.join();
  on_b.join();
  auto connection = pg::Connection::connect(uri);
  for (int i = 0; i < kCodes; ++i) {
    const std::string tokens = "SELECT count(*) FROM player_tokens WHERE token_hash IN ('a-" +
                               std::to_string(i) + "', 'b-" + std::to_string(i) + "')";
    EXPECT_EQ(connection.exec(tokens).int64(0, 0), 1) << "code " << i;
  }
  EXPECT_EQ(connection.exec("SELECT count(*) FROM claim_codes").int64(0, 0), 0);
  EXPECT_EQ(node_a->stats().write_errors + node_b->stats().write_errors, 0u);
}

}  // namespace
}  // namespace parlor::server::store
