#include "server/ids.hpp"

#include <gtest/gtest.h>

#include <set>

namespace parlor::server {
namespace {

TEST(Ids, CountersContinueAfterTheirOwnIdsOnly) {
  EXPECT_EQ(number_after("R12", 'R'), 13);
  EXPECT_EQ(number_after("p1", 'p'), 2);
  EXPECT_EQ(number_after("p1", 'R'), 1);   // another kind of id
  EXPECT_EQ(number_after("R", 'R'), 1);    // no number
  EXPECT_EQ(number_after("R1x", 'R'), 1);  // not only a number
  EXPECT_EQ(number_after("", 'R'), 1);
}

TEST(Ids, NodeIdsCountOnlyTheirOwnNode) {
  EXPECT_EQ(node_id_suffix(""), "");
  EXPECT_EQ(node_id_suffix("node2"), "-node2");
  EXPECT_EQ(number_after("R12-node2", 'R', "-node2"), 13);
  EXPECT_EQ(number_after("p7-node2", 'p', "-node2"), 8);
  EXPECT_EQ(number_after("R12-node3", 'R', "-node2"), 1);  // another node's counter
  EXPECT_EQ(number_after("R12", 'R', "-node2"), 1);        // a single node's id
  EXPECT_EQ(number_after("R12-node2", 'R'), 1);            // a node's id, seen by a single node
  EXPECT_EQ(number_after("R-node2", 'R', "-node2"), 1);
  EXPECT_EQ(number_after("-node2", 'R', "-node2"), 1);
  EXPECT_EQ(number_after("R1-node12", 'R', "-node2"), 1);  // "-node2" is not "1-node12"'s end
}

TEST(Ids, MatchIdsAreMAndTwelveHexDigitsAndDiffer) {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    std::string id = new_match_id();
    ASSERT_EQ(id.size(), 13u);
    EXPECT_EQ(id[0], 'm');
    EXPECT_EQ(id.find_first_not_of("0123456789abcdef", 1), std::string::npos) << id;
    seen.insert(id);
  }
  EXPECT_EQ(seen.size(), 100u);
}

}  // namespace
}  // namespace parlor::server
