// How the nodes of a cluster hear of each other's account changes: every change another node
// must act on is a line of the audit log (a ban, a suspension, an ended session, a new account,
// an approval, the announcement: Club::record), and each node follows the log, reading what
// is new every `period` (500 ms: a banned player's connections close within a second on every
// node) and applying it here — the directory, the tokens, the connections to close.
//
// Lines may commit out of `seq` order when several nodes write at once (PostgreSQL hands out
// sequence numbers before commit), so each read starts kWindow lines below the highest seen
// and skips the lines already applied. Applying a line this node wrote itself is harmless:
// every application is idempotent.
//
// A single server (SQLite) applies its own changes as it makes them and needs no feed.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <set>

#include "server/accounts/club.hpp"
#include "server/store/account_rows.hpp"

namespace parlor::server::accounts {

class AccountFeed : public std::enable_shared_from_this<AccountFeed> {
 public:
  static constexpr std::int64_t kWindow = 200;
  static constexpr int kBatch = 500;

  AccountFeed(Club& club, boost::asio::io_context& ioc,
              std::chrono::milliseconds period = std::chrono::milliseconds(500));
  // Starts from the log's newest line (what came before is in the store already).
  void start();
  void stop();
  // One line, as the feed applies it (tests).
  void apply(const store::AuditRow& row);

 private:
  void arm();
  void poll();

  Club& club_;
  boost::asio::steady_timer timer_;
  std::chrono::milliseconds period_;
  std::atomic<bool> stopped_{false};
  std::int64_t highest_ = 0;        // touched on the reads executor only
  std::set<std::int64_t> applied_;  // seqs above highest_ - kWindow already applied
};

}  // namespace parlor::server::accounts
