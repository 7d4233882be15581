// A club's server in the store (issue 48; account_rows.hpp), on ":memory:", a file and
// PostgreSQL: accounts (first sign-up for a handle or an id wins), password, role and
// approval; sessions (added, listed, ended one by one or all but one, never found again,
// not even after reopening); sanctions; invites (spent once per player while good:
// used up, expired and revoked ones refused); the audit log (deduplicated by key, read
// forwards and by pages backwards); settings. Every write is also replayed, as a batch
// whose commit was not confirmed is: a replay changes nothing.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "tests/store/account_test_rows.hpp"
#include "tests/store/store_backend_test.hpp"
#include "tests/store/store_test_support.hpp"

namespace parlor::server::store {
namespace {

using testing::account;
using testing::audit_row;
using testing::invite;
using testing::player;
using testing::text;
using testing::texts;
using Lines = std::vector<std::string>;

constexpr Millis kT0 = 1795335000123;  // 2026-11-22T08:10:00.123Z
constexpr Millis kHour = 3'600'000;

// The value of a read, or a failed test and `T{}` when the read failed.
template <class T>
T value_of(Expected<T> result) {
  if (!result.ok()) {
    ADD_FAILURE() << result.error().code << ": " << result.error().message;
    return T{};
  }
  return std::move(result).value();
}

class AccountsInTheStore : public testing::StoreBackendTest {
 protected:
  void SetUp() override {
    StoreBackendTest::SetUp();
    if (IsSkipped()) return;
    for (const char* id : {"p1", "p2", "p3", "p4"}) store_->save_player(player(id, id, kT0));
  }
  void TearDown() override {
    if (store_) {
      EXPECT_EQ(store_->stats().write_errors, 0u);
    }
  }
  std::optional<AccountRow> by_key(const std::string& key) {
    store_->flush();
    return value_of(store_->account_by_key(key));
  }
  std::optional<AccountRow> of(const std::string& player_id) {
    store_->flush();
    return value_of(store_->account_of(player_id));
  }
  // Whose token `token_hash` is now ("" if nobody's).
  std::string owner_of(const std::string& token_hash) {
    store_->flush();
    std::optional<PlayerRow> row = value_of(store_->find_player_by_token(token_hash));
    return row ? row->id : "";
  }
  Lines sessions(const std::string& player_id) {
    store_->flush();
    return texts(value_of(store_->sessions_of(player_id)));
  }
  bool invited(const std::string& player_id) {
    store_->flush();
    return value_of(store_->player_invited(player_id));
  }
  InviteRow invite_named(const std::string& id) {
    store_->flush();
    for (const InviteRow& row : value_of(store_->invites())) {
      if (row.id == id) return row;
    }
    ADD_FAILURE() << "no invite " << id;
    return {};
  }
  // Every token load_players gives for `player_id`, in its order.
  Lines loaded_tokens(Store& store, const std::string& player_id) {
    Lines tokens;
    for (const PlayerRow& row : store.load_players()) {
      if (row.id == player_id) tokens.push_back(row.token_hash);
    }
    return tokens;
  }
};

INSTANTIATE_TEST_SUITE_P(Backends, AccountsInTheStore, ::testing::ValuesIn(testing::kBackends),
                         [](const auto& info) { return info.param; });

TEST_P(AccountsInTheStore, AnAccountIsReadByItsKeyAndByItsPlayer) {
  EXPECT_EQ(by_key("key:ann"), std::nullopt);
  AccountRow ann = account("p1", "Ann", kT0);
  store_->account_created(ann);
  store_->account_created(account("p2", "Bob", kT0 + 1));
  ASSERT_TRUE(by_key("key:Ann").has_value());
  EXPECT_EQ(text(*by_key("key:Ann")), text(ann));
  ASSERT_TRUE(of("p1").has_value());
  EXPECT_EQ(text(*of("p1")), text(ann));
  EXPECT_EQ(of("p3"), std::nullopt);
  EXPECT_EQ(texts(value_of(store_->load_accounts())),
            (Lines{text(ann), text(account("p2", "Bob", kT0 + 1))}));
}

TEST_P(AccountsInTheStore, TheFirstSignUpForAHandleOrAPlayerWins) {
  AccountRow first = account("p1", "Ann", kT0);
  store_->account_created(first);
  // Another player for the same handle (its case folded by the caller: the same key).
  AccountRow same_key = account("p2", "ANN", kT0 + 1);
  same_key.handle_key = first.handle_key;
  store_->account_created(same_key);
  // The same player under another handle.
  store_->account_created(account("p1", "Zed", kT0 + 2));
  store_->account_created(first);  // a replayed write
  ASSERT_TRUE(by_key("key:Ann").has_value());
  EXPECT_EQ(by_key("key:Ann")->player_id, "p1") << "the read-back tells who won";
  EXPECT_EQ(text(*by_key("key:Ann")), text(first));
  EXPECT_EQ(of("p2"), std::nullopt);
  EXPECT_EQ(by_key("key:Zed"), std::nullopt);
  EXPECT_EQ(value_of(store_->load_accounts()).size(), 1u);
}

TEST_P(AccountsInTheStore, PasswordRoleAndApprovalChange) {
  store_->account_created(account("p1", "Ann", kT0));
  store_->password_changed("p1", "$argon2id$new", kT0 + kHour);
  store_->account_role_set("p1", "moderator");
  store_->account_approved("p1", true);
  std::optional<AccountRow> row = of("p1");
  ASSERT_TRUE(row.has_value());
  EXPECT_EQ(row->password_hash, "$argon2id$new");
  EXPECT_EQ(row->password_changed_at, kT0 + kHour);
  EXPECT_EQ(row->created_at, kT0);
  EXPECT_EQ(row->role, "moderator");
  EXPECT_TRUE(row->approved);
  store_->account_role_set("p1", "admin");
  store_->account_approved("p1", false);
  store_->account_approved("p1", false);  // replayed
  EXPECT_EQ(of("p1")->role, "admin");
  EXPECT_FALSE(of("p1")->approved);
  store_->password_changed("p9", "$argon2id$x", kT0);  // no such account: nothing
  EXPECT_EQ(of("p9"), std::nullopt);
}

TEST_P(AccountsInTheStore, SessionsAreAddedListedAndEnded) {
  store_->session_added("p1", "tok-phone", "Phone", kT0 + 10);
  store_->session_added("p1", "tok-tablet", "Tablet", kT0 + 20);
  store_->session_added("p1", "tok-laptop", "Laptop", kT0 + 30);
  store_->session_added("p1", "tok-phone", "Phone again", kT0 + 40);  // replayed: nothing
  store_->player_token_added("p1", "tok-claimed", kT0 + 50);
  EXPECT_EQ(sessions("p1"), (Lines{"hash-p1|p1||" + std::to_string(kT0),
                                   "tok-phone|p1|Phone|" + std::to_string(kT0 + 10),
                                   "tok-tablet|p1|Tablet|" + std::to_string(kT0 + 20),
                                   "tok-laptop|p1|Laptop|" + std::to_string(kT0 + 30),
                                   "tok-claimed|p1||" + std::to_string(kT0 + 50)}));
  EXPECT_EQ(owner_of("tok-tablet"), "p1");

  store_->session_ended("tok-phone");
  store_->session_ended("tok-phone");  // replayed
  EXPECT_EQ(owner_of("tok-phone"), "");
  store_->session_ended("hash-p1");  // the first token
  EXPECT_EQ(owner_of("hash-p1"), "");
  EXPECT_EQ(owner_of("ended:hash-p1"), "");
  EXPECT_EQ(sessions("p1"), (Lines{"tok-tablet|p1|Tablet|" + std::to_string(kT0 + 20),
                                   "tok-laptop|p1|Laptop|" + std::to_string(kT0 + 30),
                                   "tok-claimed|p1||" + std::to_string(kT0 + 50)}));

  store_->sessions_ended_except("p1", "tok-laptop");
  store_->sessions_ended_except("p1", "tok-laptop");  // replayed
  EXPECT_EQ(sessions("p1"), (Lines{"tok-laptop|p1|Laptop|" + std::to_string(kT0 + 30)}));
  EXPECT_EQ(owner_of("tok-tablet"), "");
  EXPECT_EQ(owner_of("tok-claimed"), "");
  EXPECT_EQ(owner_of("tok-laptop"), "p1");
  EXPECT_EQ(loaded_tokens(*store_, "p1"), (Lines{"", "tok-laptop"}))
      << "the player stays known without its ended first token";

  // Keeping the first token ends the others only.
  store_->session_added("p2", "tok-p2", "", kT0 + 10);
  store_->sessions_ended_except("p2", "hash-p2");
  EXPECT_EQ(sessions("p2"), (Lines{"hash-p2|p2||" + std::to_string(kT0)}));
  EXPECT_EQ(owner_of("hash-p2"), "p2");
  EXPECT_EQ(owner_of("tok-p2"), "");
  EXPECT_EQ(owner_of("hash-p3"), "p3") << "another player's tokens stay";
}

TEST_P(AccountsInTheStore, EndedTokensStayEndedAfterReopening) {
  if (GetParam() == "Memory") GTEST_SKIP() << "an in-memory database ends with its store";
  store_->session_added("p1", "tok-phone", "Phone", kT0 + 10);
  store_->session_added("p1", "tok-tablet", "Tablet", kT0 + 20);
  store_->session_ended("hash-p1");
  store_->session_ended("tok-phone");
  store_->sessions_ended_except("p2", "");  // every token of p2
  store_->flush();
  store_.reset();
  store_ = testing::open_store(path_);
  EXPECT_EQ(loaded_tokens(*store_, "p1"), (Lines{"", "tok-tablet"}));
  EXPECT_EQ(loaded_tokens(*store_, "p2"), (Lines{""}));
  EXPECT_EQ(loaded_tokens(*store_, "p3"), (Lines{"hash-p3"}));
  for (const PlayerRow& row : store_->load_players()) {
    EXPECT_EQ(row.token_hash.rfind("ended:", 0), std::string::npos) << row.token_hash;
  }
  EXPECT_EQ(owner_of("hash-p1"), "");
  EXPECT_EQ(owner_of("hash-p2"), "");
  EXPECT_EQ(owner_of("tok-tablet"), "p1");
  EXPECT_EQ(sessions("p2"), Lines{});
}

TEST_P(AccountsInTheStore, ASanctionIsSetReplacedAndLifted) {
  constexpr Millis kForever = std::numeric_limits<Millis>::max();
  store_->sanction_set({"p1", kT0 + kHour, "spam", "pAdmin", kT0});
  store_->sanction_set({"p2", kForever, "cheating", "pAdmin", kT0 + 1});
  store_->flush();
  EXPECT_EQ(texts(value_of(store_->load_sanctions())),
            (Lines{text(SanctionRow{"p1", kT0 + kHour, "spam", "pAdmin", kT0}),
                   text(SanctionRow{"p2", kForever, "cheating", "pAdmin", kT0 + 1})}));
  store_->sanction_set({"p1", kT0 + 2 * kHour, "spam again", "pMod", kT0 + 2});
  store_->sanction_lifted("p2");
  store_->sanction_lifted("p2");  // replayed
  store_->sanction_lifted("p3");  // none
  store_->flush();
  EXPECT_EQ(texts(value_of(store_->load_sanctions())),
            (Lines{text(SanctionRow{"p1", kT0 + 2 * kHour, "spam again", "pMod", kT0 + 2})}));
}

TEST_P(AccountsInTheStore, AnInviteIsSpentOncePerPlayerWhileItIsGood) {
  store_->invite_made(invite("inv-two", "code-two", 2, kT0, kT0 + kHour));
  store_->invite_made(invite("inv-two", "code-two", 2, kT0, kT0 + kHour));  // replayed
  store_->invite_redeemed("code-two", "p1", kT0 + 1);
  store_->invite_redeemed("code-two", "p1", kT0 + 2);  // the same player (or a replay)
  EXPECT_EQ(invite_named("inv-two").uses, 1) << "one use per player";
  store_->invite_redeemed("code-two", "p2", kT0 + 3);
  store_->invite_redeemed("code-two", "p3", kT0 + 4);  // used up
  store_->invite_redeemed("code-none", "p4", kT0 + 4);
  EXPECT_EQ(invite_named("inv-two").uses, 2);
  EXPECT_TRUE(invited("p1"));
  EXPECT_TRUE(invited("p2"));
  EXPECT_FALSE(invited("p3")) << "a used-up invite is refused";
  EXPECT_FALSE(invited("p4"));
  store_->invite_made(invite("inv-two", "code-two", 2, kT0, kT0 + kHour));  // replayed late
  EXPECT_EQ(invite_named("inv-two").uses, 2) << "a replayed invite_made resets nothing";
  EXPECT_EQ(value_of(store_->invited_players()), (Lines{"p1", "p2"}));
}

TEST_P(AccountsInTheStore, ExpiredAndRevokedInvitesAreRefused) {
  store_->invite_made(invite("inv-old", "code-old", 5, kT0, kT0 + 100));
  store_->invite_made(invite("inv-gone", "code-gone", 5, kT0 + 1, kT0 + kHour));
  store_->invite_redeemed("code-old", "p1", kT0 + 100);  // expired at that very moment
  store_->invite_revoked("inv-gone", kT0 + 5);
  store_->invite_revoked("inv-gone", kT0 + 9);  // again: the first revocation stays
  store_->invite_redeemed("code-gone", "p2", kT0 + 6);
  EXPECT_FALSE(invited("p1"));
  EXPECT_FALSE(invited("p2"));
  InviteRow gone = invite("inv-gone", "code-gone", 5, kT0 + 1, kT0 + kHour);
  gone.revoked_at = kT0 + 5;
  EXPECT_EQ(texts(value_of(store_->invites())),
            (Lines{text(gone), text(invite("inv-old", "code-old", 5, kT0, kT0 + 100))}))
      << "newest first, nothing spent";
  EXPECT_EQ(value_of(store_->invited_players()), Lines{});
}

TEST_P(AccountsInTheStore, AnAccountKnowsItWasInvited) {
  store_->invite_made(invite("inv", "code", 1, kT0, kT0 + kHour));
  store_->account_created(account("p1", "Ann", kT0));
  store_->account_created(account("p2", "Bob", kT0));
  store_->invite_redeemed("code", "p1", kT0 + 1);
  EXPECT_TRUE(of("p1")->invited);
  EXPECT_TRUE(by_key("key:Ann")->invited);
  EXPECT_FALSE(of("p2")->invited);
  Lines flags;
  for (const AccountRow& row : value_of(store_->load_accounts())) {
    flags.push_back(row.player_id + (row.invited ? " invited" : ""));
  }
  EXPECT_EQ(flags, (Lines{"p1 invited", "p2"}));
}

TEST_P(AccountsInTheStore, TheAuditLogDedupesByKeyAndPages) {
  for (int i = 1; i <= 5; ++i) {
    store_->audit(audit_row("k" + std::to_string(i), "ban", kT0 + i));
  }
  store_->audit(audit_row("k2", "a replay of k2 with other words", kT0 + 99));
  store_->flush();
  std::vector<AuditRow> all = value_of(store_->audit_after(0, 100));
  ASSERT_EQ(all.size(), 5u) << "a key is written once";
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(text(all[i]), text(audit_row("k" + std::to_string(i + 1), "ban", kT0 + i + 1)));
    if (i > 0) {
      EXPECT_GT(all[i].seq, all[i - 1].seq);
    }
  }
  auto keys = [](const std::vector<AuditRow>& rows) {
    Lines keys;
    for (const AuditRow& row : rows) keys.push_back(row.key);
    return keys;
  };
  EXPECT_EQ(keys(value_of(store_->audit_after(all[1].seq, 2))), (Lines{"k3", "k4"}));
  EXPECT_EQ(keys(value_of(store_->audit_after(all[4].seq, 10))), Lines{});
  EXPECT_EQ(keys(value_of(store_->audit_page(0, 2))), (Lines{"k5", "k4"}));
  EXPECT_EQ(keys(value_of(store_->audit_page(all[3].seq, 2))), (Lines{"k3", "k2"}));
  EXPECT_EQ(keys(value_of(store_->audit_page(all[1].seq, 10))), (Lines{"k1"}));
  EXPECT_EQ(keys(value_of(store_->audit_page(all[0].seq, 10))), Lines{});
  EXPECT_EQ(value_of(store_->audit_page(0, 100)).front().seq, all[4].seq);
}

TEST_P(AccountsInTheStore, ASettingIsSavedAndReplaced) {
  store_->flush();
  EXPECT_EQ(value_of(store_->setting("announcement")), std::nullopt);
  store_->setting_saved("announcement", "Tournament at eight", kT0);
  store_->flush();
  EXPECT_EQ(value_of(store_->setting("announcement")), "Tournament at eight");
  store_->setting_saved("announcement", "", kT0 + 1);
  store_->setting_saved("other", "x", kT0 + 1);
  store_->flush();
  EXPECT_EQ(value_of(store_->setting("announcement")), "") << "saved empty: none shown, but kept";
  EXPECT_EQ(value_of(store_->setting("other")), "x");
}

// Club nights (server/events/): one row per event, replaced whole, read back by id.
TEST_P(AccountsInTheStore, AnEventIsSavedReplacedAndLoaded) {
  store_->flush();
  EXPECT_TRUE(value_of(store_->load_events()).empty());
  store_->event_saved("E2", R"({"status":"signup"})", kT0);
  store_->event_saved("E1", R"({"status":"running","round":1})", kT0);
  store_->event_saved("E1", R"({"status":"running","round":2})", kT0 + 5);
  store_->flush();
  std::vector<EventRow> events = value_of(store_->load_events());
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].event_id, "E1");
  EXPECT_EQ(events[0].state, R"({"status":"running","round":2})");
  EXPECT_EQ(events[0].updated_at, kT0 + 5);
  EXPECT_EQ(events[1].event_id, "E2");
  EXPECT_EQ(events[1].state, R"({"status":"signup"})");
}

}  // namespace
}  // namespace parlor::server::store
