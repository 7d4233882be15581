// The match journal on the store (server/store/store.hpp, any backend): each call queues
// its rows and returns; the store commits them in groups, and `when_durable` tells the room
// when the rows it has journaled so far are durable (match_journal.hpp says why it waits).
#pragma once

#include <atomic>

#include "server/room/match_journal.hpp"
#include "server/store/store.hpp"

namespace parlor::server {

class StoreJournal : public MatchJournal {
 public:
  explicit StoreJournal(store::Store& store) : store_(store) {}

  void match_started(const MatchRecord& record) override;
  void action_accepted(const MatchRecord& record, std::int64_t sequence,
                       RecordedAction action) override;
  void deal_committed(const MatchRecord& record, int deal, const std::string& sha256) override;
  void round_ended(const MatchRecord& record, int round, const std::string& result_json) override;
  void match_ended(const MatchRecord& record, const MatchResults& results) override;
  void match_aborted(const MatchRecord& record, const std::string& reason) override;
  bool when_durable(std::function<void()> then) override;
  bool writable() const override { return store_.writable(); }

 private:
  void note(store::Ticket ticket);

  store::Store& store_;
  std::atomic<store::Ticket> last_ticket_{0};
};

// The store's row for the start of `record`'s match.
store::MatchStart match_start_row(const MatchRecord& record);
// Each seat's outcome, from the final scores and placings.
std::vector<store::SeatResult> seat_results(const MatchResults& results);

}  // namespace parlor::server
