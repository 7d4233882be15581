// A club's server, end to end against parlor-server-secret (protocol/README.md, "Accounts
// and access" and "Operators"; docs/operators.md): accounts, the access modes, operators,
// and the ways in that must stay shut — a used or revoked invite, a banned account's old
// token, a guest on a members-only server, a member or a moderator asking what they may
// not, a brute-forced login, a session ended on another device, names that impersonate.
#include <gtest/gtest.h>

#include <string>

#include "tests/server/secret_server.hpp"
#include "tests/support/throwaway_postgres.hpp"

namespace parlor::testing {
namespace {

const std::string kPassword = "correct horse battery";

std::vector<std::string> flags(std::vector<std::string> extra) {
  std::vector<std::string> all = kFastTables;
  all.insert(all.end(), extra.begin(), extra.end());
  return all;
}

Json hello_with(ClientPool& pool, WsClient& client, Json fields) {
  Json message = {{"type", "hello"}, {"version", 1}};
  for (auto& [key, value] : fields.items()) message[key] = value;
  return pool.request(client, message);
}

Json signup(ClientPool& pool, WsClient& client, const std::string& handle, Json extra = {}) {
  Json message = {{"type", "signup"}, {"handle", handle}, {"password", kPassword}};
  if (extra.is_object()) {
    for (auto& [key, value] : extra.items()) message[key] = value;
  }
  return pool.request(client, message, 20s);
}

Json login(ClientPool& pool, WsClient& client, const std::string& handle,
           const std::string& password = kPassword) {
  return pool.request(client, {{"type", "login"}, {"handle", handle}, {"password", password}}, 20s);
}

// A new connection greeted as the account `handle` (signed up on it first).
struct Member {
  WsClient* client = nullptr;
  std::string token;
  std::string id;
};

Member new_member(ClientPool& pool, int port, const std::string& handle) {
  Member member;
  member.client = pool.connect(port);
  Json made = signup(pool, *member.client, handle);
  EXPECT_EQ(made.value("type", ""), "signed_up") << made.dump();
  member.token = made.value("token", "");
  member.id = made["player"].value("id", "");
  Json welcome = hello_with(pool, *member.client, {{"token", member.token}});
  EXPECT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
  return member;
}

// Every test runs on both store backends: SQLite (the server's own file) and PostgreSQL (a
// throwaway server, a database per test).
class ClubServer : public ::testing::TestWithParam<std::string> {
 protected:
  // A server of this test's backend with `extra` flags (the fast tables' besides). With
  // `database` (PostgreSQL only), that database: nodes of one cluster share it.
  int server(std::vector<std::string> extra, const std::string& database = "") {
    std::vector<std::string> args = flags(std::move(extra));
    if (GetParam() == "postgres") {
      static std::unique_ptr<ThrowawayPostgres> postgres;
      static std::string why;
      if (!postgres && why.empty()) postgres = ThrowawayPostgres::start(why);
      if (!postgres) {
        skipped_ = why;
        return 0;
      }
      args.push_back("--db");
      args.push_back(database.empty()
                         ? postgres->create_database("club" + std::to_string(++databases_))
                         : database);
      if (database.empty()) last_database_ = args.back();
    }
    servers_.push_back(std::make_unique<ServerProcess>(secret_server_path(), args));
    return servers_.back()->port();
  }
  std::string skipped_;
  std::string last_database_;

 private:
  std::vector<std::unique_ptr<ServerProcess>> servers_;
  static inline int databases_ = 0;
};

TEST_P(ClubServer, AGuestBecomesAMemberAndKeepsItsIdentity) {
  ClientPool pool;
  const int port = server({"--log-level", "warn"});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  Json welcome;
  WsClient* guest = greeted(pool, port, "Lia", &welcome);
  EXPECT_TRUE(welcome["player"]["guest"].get<bool>());
  EXPECT_TRUE(welcome["account"].is_null());
  EXPECT_EQ(welcome["access"]["mode"], "open");
  Json made = signup(pool, *guest, "Lia");
  ASSERT_EQ(made.value("type", ""), "signed_up") << made.dump();
  EXPECT_EQ(made["player"]["id"], welcome["player"]["id"]);
  EXPECT_FALSE(made["player"]["guest"].get<bool>());

  // The old guest token answers for the member now, named by the handle.
  WsClient* again = pool.connect(port);
  Json back = hello_with(pool, *again, {{"token", welcome["token"]}, {"name", "Other"}});
  EXPECT_EQ(back["player"]["id"], welcome["player"]["id"]);
  EXPECT_EQ(back["player"]["name"], "Lia");
  EXPECT_EQ(back["account"]["handle"], "Lia");
  EXPECT_EQ(back["account"]["role"], "member");

  // Logging out ends that session: the reply, the close, and the token refused after.
  EXPECT_EQ(pool.request(*again, {{"type", "logout"}}).value("type", ""), "logged_out");
  ASSERT_TRUE(pool.wait_for([&] { return again->closed; }, 3s));
  WsClient* after = pool.connect(port);
  EXPECT_EQ(hello_with(pool, *after, {{"token", welcome["token"]}}).value("code", ""), "bad_token");
}

TEST_P(ClubServer, LoginSaysOnlyWrongHandleOrPasswordAndEndsSessions) {
  ClientPool pool;
  const int port = server({"--log-level", "error"});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  Member ana = new_member(pool, port, "Anabel");
  WsClient* other = pool.connect(port);
  Json wrong = login(pool, *other, "anabel", "not the password");
  EXPECT_EQ(wrong.value("code", ""), "wrong_credentials");
  EXPECT_EQ(wrong.value("message", ""), "wrong handle or password");
  Json unknown = login(pool, *other, "nobody-here", kPassword);
  EXPECT_EQ(unknown.value("code", ""), "wrong_credentials");
  EXPECT_EQ(unknown.value("message", ""), wrong.value("message", ""));

  Json in = login(pool, *other, "ANABEL");  // handles are case-insensitive
  ASSERT_EQ(in.value("type", ""), "logged_in") << in.dump();
  EXPECT_EQ(in["player"]["id"], ana.id);
  Json welcome = hello_with(pool, *other, {{"token", in["token"]}});
  ASSERT_EQ(welcome.value("type", ""), "welcome");

  Json sessions = pool.request(*ana.client, {{"type", "sessions"}});
  ASSERT_EQ(sessions["sessions"].size(), 2u) << sessions.dump();
  std::string theirs;
  for (const Json& session : sessions["sessions"]) {
    if (!session["current"].get<bool>()) theirs = session["session"];
  }
  ASSERT_FALSE(theirs.empty());
  Json ended = pool.request(*ana.client, {{"type", "end_session"}, {"session", theirs}});
  EXPECT_EQ(ended.value("type", ""), "session_ended") << ended.dump();
  Json told = pool.take(
      *other, [](const Json& m) { return m.value("code", "") == "session_ended"; }, 3s);
  EXPECT_EQ(told.value("code", ""), "session_ended");
  ASSERT_TRUE(pool.wait_for([&] { return other->closed; }, 3s));
  // The ended token is refused on the next connection.
  WsClient* third = pool.connect(port);
  EXPECT_EQ(hello_with(pool, *third, {{"token", in["token"]}}).value("code", ""), "bad_token");
}

TEST_P(ClubServer, AChangedPasswordEndsTheOtherSessions) {
  ClientPool pool;
  const int port = server({"--log-level", "error"});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  Member bea = new_member(pool, port, "Beatriz");
  WsClient* phone = pool.connect(port);
  Json in = login(pool, *phone, "beatriz");
  ASSERT_EQ(hello_with(pool, *phone, {{"token", in["token"]}}).value("type", ""), "welcome");
  Json changed = pool.request(
      *bea.client,
      {{"type", "change_password"}, {"password", kPassword}, {"new_password", "a new pass phrase"}},
      20s);
  EXPECT_EQ(changed.value("type", ""), "password_changed") << changed.dump();
  ASSERT_TRUE(pool.wait_for([&] { return phone->closed; }, 3s));
  WsClient* next = pool.connect(port);
  EXPECT_EQ(login(pool, *next, "beatriz").value("code", ""), "wrong_credentials");
  EXPECT_EQ(login(pool, *next, "beatriz", "a new pass phrase").value("type", ""), "logged_in");
}

TEST_P(ClubServer, NamesThatImpersonateAMemberAreRefused) {
  ClientPool pool;
  const int port = server({"--log-level", "error"});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  new_member(pool, port, "Carmen");
  WsClient* guest = pool.connect(port);
  EXPECT_EQ(hello_with(pool, *guest, {{"name", "carmen"}}).value("code", ""), "name_reserved");
  // Cyrillic а for the Latin a.
  EXPECT_EQ(hello_with(pool, *guest, {{"name", "C\xd0\xb0rmen"}}).value("code", ""),
            "name_reserved");
  EXPECT_EQ(signup(pool, *guest, "CARMEN").value("code", ""), "handle_taken");
  EXPECT_EQ(signup(pool, *guest, "C\xd0\xb0rmen").value("code", ""), "handle_confusable");
  Json welcome = hello_with(pool, *guest, {{"name", "Carmela"}});
  EXPECT_EQ(welcome.value("type", ""), "welcome");
  EXPECT_TRUE(welcome["player"]["guest"].get<bool>());
}

TEST_P(ClubServer, BruteForceIsThrottled) {
  ClientPool pool;
  const int port = server({"--log-level", "error"});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  new_member(pool, port, "Dolores");
  WsClient* guesser = pool.connect(port);
  // Five failures are free; the sixth makes the next try wait.
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(login(pool, *guesser, "dolores", "guess" + std::to_string(i)).value("code", ""),
              "wrong_credentials");
  }
  Json throttled = login(pool, *guesser, "dolores", kPassword);
  EXPECT_EQ(throttled.value("code", ""), "login_throttled") << throttled.dump();
  EXPECT_GE(throttled.value("retry_after_seconds", 0), 1);
}

TEST_P(ClubServer, AMembersOnlyServerLetsInOnlyApprovedAccounts) {
  ClientPool pool;
  const int port = server({"--access", "members", "--admin", "boss", "--log-level", "error"});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  WsClient* guest = pool.connect(port);
  Json refused = hello_with(pool, *guest, {{"name", "Eve"}});
  EXPECT_EQ(refused.value("code", ""), "login_required");
  EXPECT_EQ(refused["access"]["mode"], "members");
  EXPECT_EQ(pool.request(*guest, {{"type", "list_rooms"}}).value("code", ""), "hello_required");

  Member boss = new_member(pool, port, "boss");
  Member eve;
  eve.client = pool.connect(port);
  Json made = signup(pool, *eve.client, "Eve");
  ASSERT_EQ(made.value("type", ""), "signed_up");
  EXPECT_EQ(hello_with(pool, *eve.client, {{"token", made["token"]}}).value("code", ""),
            "approval_pending");
  // A member cannot approve; the admin can.
  EXPECT_EQ(pool.request(*eve.client, {{"type", "op_overview"}}).value("code", ""),
            "hello_required");
  Json pending = pool.request(*boss.client, {{"type", "op_accounts"}, {"pending", true}});
  ASSERT_EQ(pending["accounts"].size(), 1u) << pending.dump();
  EXPECT_EQ(pending["accounts"][0]["handle"], "Eve");
  Json approved = pool.request(
      *boss.client, {{"type", "op_approve"}, {"player", made["player"]["id"]}, {"approved", true}});
  EXPECT_EQ(approved.value("type", ""), "ok") << approved.dump();
  Json welcome = hello_with(pool, *eve.client, {{"token", made["token"]}});
  EXPECT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
  EXPECT_EQ(pool.request(*eve.client, {{"type", "op_overview"}}).value("code", ""), "forbidden");

  // The history API follows the same rule.
  EXPECT_EQ(http_status(http_get(port, "/api/matches")), 401);
  std::string authorized =
      raw_http(port, "GET /api/matches HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
                         made["token"].get<std::string>() + "\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(http_status(authorized), 200) << authorized;
}

TEST_P(ClubServer, InvitesLetInOnceAndNotWhenRevoked) {
  ClientPool pool;
  const int port = server({"--access", "invite", "--admin", "chief", "--log-level", "error"});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  WsClient* stranger = pool.connect(port);
  EXPECT_EQ(hello_with(pool, *stranger, {{"name", "Fer"}}).value("code", ""), "invite_required");
  EXPECT_EQ(signup(pool, *stranger, "Fernando").value("code", ""), "invite_required");

  Member chief = new_member(pool, port, "chief");  // --admin needs no invite
  Json invite = pool.request(*chief.client, {{"type", "op_make_invite"}, {"max_uses", 1}});
  ASSERT_EQ(invite.value("type", ""), "invite") << invite.dump();
  std::string code = invite["invite"]["code"];
  Json in = hello_with(pool, *stranger, {{"name", "Fer"}, {"invite", code}});
  ASSERT_EQ(in.value("type", ""), "welcome") << in.dump();
  // The invited guest comes back without the code.
  WsClient* back = pool.connect(port);
  EXPECT_EQ(hello_with(pool, *back, {{"token", in["token"]}}).value("type", ""), "welcome");
  // Used up.
  WsClient* second = pool.connect(port);
  EXPECT_EQ(hello_with(pool, *second, {{"name", "Gil"}, {"invite", code}}).value("code", ""),
            "bad_invite");
  // Revoked.
  Json another = pool.request(*chief.client, {{"type", "op_make_invite"}, {"max_uses", 5}});
  Json revoked = pool.request(
      *chief.client, {{"type", "op_revoke_invite"}, {"invite", another["invite"]["invite"]}});
  EXPECT_EQ(revoked.value("type", ""), "ok") << revoked.dump();
  Json unknown =
      pool.request(*chief.client, {{"type", "op_revoke_invite"}, {"invite", "no-such-id"}});
  EXPECT_EQ(unknown.value("code", ""), "no_such_invite") << unknown.dump();
  EXPECT_EQ(hello_with(pool, *second, {{"name", "Gil"}, {"invite", another["invite"]["code"]}})
                .value("code", ""),
            "bad_invite");
  Json listed = pool.request(*chief.client, {{"type", "op_invites"}});
  EXPECT_EQ(listed["invites"].size(), 2u) << listed.dump();
}

TEST_P(ClubServer, ABanClosesTheConnectionAndRefusesTheOldToken) {
  ClientPool pool;
  const int port = server({"--admin", "judge", "--log-level", "error"});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  Member judge = new_member(pool, port, "judge");
  Member mod = new_member(pool, port, "Moderata");
  Member troll = new_member(pool, port, "Troll");
  ASSERT_EQ(pool.request(*judge.client,
                         {{"type", "op_set_role"}, {"player", mod.id}, {"role", "moderator"}})
                .value("type", ""),
            "ok");
  // A moderator manages no roles and may not sanction an admin.
  EXPECT_EQ(
      pool.request(*mod.client, {{"type", "op_set_role"}, {"player", troll.id}, {"role", "admin"}})
          .value("code", ""),
      "forbidden");
  EXPECT_EQ(
      pool.request(*mod.client, {{"type", "op_sanction"}, {"player", judge.id}, {"kind", "ban"}})
          .value("code", ""),
      "forbidden");
  Json banned = pool.request(
      *mod.client,
      {{"type", "op_sanction"}, {"player", troll.id}, {"kind", "ban"}, {"reason", "spam"}});
  EXPECT_EQ(banned.value("type", ""), "ok") << banned.dump();
  Json told = pool.take(
      *troll.client, [](const Json& m) { return m.value("code", "") == "account_banned"; }, 1s);
  EXPECT_EQ(told.value("reason", ""), "spam");
  ASSERT_TRUE(pool.wait_for([&] { return troll.client->closed; }, 1s));
  WsClient* again = pool.connect(port);
  EXPECT_EQ(hello_with(pool, *again, {{"token", troll.token}}).value("code", ""), "account_banned");
  // Lifted: back in. The audit log says who did what.
  pool.request(*mod.client, {{"type", "op_lift"}, {"player", troll.id}});
  EXPECT_EQ(hello_with(pool, *again, {{"token", troll.token}}).value("type", ""), "welcome");
  Json audit = pool.request(*judge.client, {{"type", "op_audit"}});
  bool found = false;
  for (const Json& entry : audit["entries"]) {
    if (entry["action"] == "ban" && entry["target"]["id"] == troll.id &&
        entry["actor"]["name"] == "Moderata") {
      found = true;
    }
  }
  EXPECT_TRUE(found) << audit.dump();
}

TEST_P(ClubServer, AnnouncementsReachEveryoneAndOperatorsCloseRooms) {
  ClientPool pool;
  const int port = server({"--admin", "host", "--log-level", "error"});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  Member host = new_member(pool, port, "host");
  WsClient* player = greeted(pool, port, "Hugo");
  Json room = create_room(pool, *player, 2);
  Json said = pool.request(*host.client, {{"type", "op_announce"}, {"text", "Club night Friday"}});
  EXPECT_EQ(said.value("type", ""), "ok");
  Json heard = pool.take_type(*player, "announcement", 2s);
  EXPECT_EQ(heard.value("text", ""), "Club night Friday");
  Json overview = pool.request(*host.client, {{"type", "op_overview"}});
  EXPECT_EQ(overview.value("announcement", ""), "Club night Friday");
  EXPECT_GE(overview["online"].size(), 2u);
  Json closed = pool.request(
      *host.client, {{"type", "op_close_room"}, {"room", room["id"]}, {"reason", "tidy up"}});
  EXPECT_EQ(closed.value("type", ""), "ok") << closed.dump();
  Json removed = pool.take_type(*player, "removed", 2s);
  EXPECT_EQ(removed.value("reason", ""), "room_closed") << removed.dump();
  Json late;
  greeted(pool, port, "Ines", &late);
  EXPECT_EQ(late.value("announcement", ""), "Club night Friday");
  pool.request(*host.client, {{"type", "op_announce"}, {"text", ""}});
}

TEST_P(ClubServer, PagesCarryTheSecurityHeaders) {
  const int port = server({});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  std::string page = http_get(port, "/");
  EXPECT_NE(page.find("Content-Security-Policy: default-src 'self'; script-src 'self'"),
            std::string::npos)
      << page.substr(0, 600);
  EXPECT_NE(page.find("X-Content-Type-Options: nosniff"), std::string::npos);
  EXPECT_NE(page.find("Referrer-Policy: no-referrer"), std::string::npos);
}

// In a cluster a ban made on one node closes the banned player's connection on another
// within a second: every node follows the audit log (server/accounts/account_feed.hpp).
TEST_P(ClubServer, ABanReachesEveryNodeWithinASecond) {
  if (GetParam() != "postgres") GTEST_SKIP() << "a cluster needs PostgreSQL";
  const int first = server({"--node", "n1", "--admin", "warden", "--log-level", "error"});
  if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  const int second = server({"--node", "n2", "--log-level", "error"}, last_database_);
  ClientPool pool;
  Member warden = new_member(pool, first, "warden");
  Member rogue = new_member(pool, second, "Rogue");
  // The first node hears of the new account through the log, as its operator page shows.
  ASSERT_TRUE(pool.wait_for(
      [&] {
        Json found = pool.request(*warden.client, {{"type", "op_accounts"}, {"filter", "rogue"}});
        return found["accounts"].size() == 1;
      },
      3s));
  Json banned = pool.request(*warden.client, {{"type", "op_sanction"},
                                              {"player", rogue.id},
                                              {"kind", "suspend"},
                                              {"hours", 2},
                                              {"reason", "cooling off"}});
  ASSERT_EQ(banned.value("type", ""), "ok") << banned.dump();
  Json told = pool.take(
      *rogue.client, [](const Json& m) { return m.value("code", "") == "account_suspended"; },
      1500ms);
  EXPECT_EQ(told.value("reason", ""), "cooling off") << told.dump();
  EXPECT_TRUE(pool.wait_for([&] { return rogue.client->closed; }, 1s));
}

INSTANTIATE_TEST_SUITE_P(Backends, ClubServer, ::testing::Values("sqlite", "postgres"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace parlor::testing
