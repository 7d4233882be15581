// `parlor play`'s typed lines read into requests (clients/cli/net/play_commands.hpp),
// without a server: what each command sends, and the lines that send nothing.
#include "clients/cli/net/play_commands.hpp"

#include <gtest/gtest.h>

namespace parlor::cli::net {
namespace {

using Json = nlohmann::json;
using Kind = PlayCommand::Kind;

TEST(PlayCommands, BlankLinesAndCommentsAskForNothing) {
  EXPECT_EQ(read_play_command("", "R1").kind, Kind::kNothing);
  EXPECT_EQ(read_play_command("   ", "R1").kind, Kind::kNothing);
  EXPECT_EQ(read_play_command("# a note to self", "R1").kind, Kind::kNothing);
}

TEST(PlayCommands, RoomRequestsNameTheRoomTheClientIsIn) {
  EXPECT_EQ(read_play_command("start", "R7").message, (Json{{"type", "start"}, {"room", "R7"}}));
  EXPECT_EQ(read_play_command("leave", "R7").message,
            (Json{{"type", "leave_room"}, {"room", "R7"}}));
  EXPECT_EQ(read_play_command("state", "R7").message,
            (Json{{"type", "get_state"}, {"room", "R7"}}));
  EXPECT_EQ(read_play_command("bot", "R7").message,
            (Json{{"type", "add_bot"}, {"room", "R7"}, {"level", "sensible"}}));
  EXPECT_EQ(read_play_command("bot expert", "R7").message["level"], "expert");
}

TEST(PlayCommands, JoinTakesARoomIdOrAShareCode) {
  const PlayCommand by_id = read_play_command("join R12 2", "");
  EXPECT_EQ(by_id.kind, Kind::kRequest);
  EXPECT_EQ(by_id.message, (Json{{"type", "join_room"}, {"room", "R12"}, {"seat", 2}}));
  EXPECT_EQ(read_play_command("join K3M9QZ", "").message,
            (Json{{"type", "join_room"}, {"code", "K3M9QZ"}}));
  // A code may begin with R: only R and a digit is a room id.
  EXPECT_EQ(read_play_command("spectate RXQ2", "").message,
            (Json{{"type", "spectate"}, {"code", "RXQ2"}}));
}

TEST(PlayCommands, CreateSplitsTheRoomsSettingsFromTheGamesOptions) {
  const Json m =
      read_play_command("create perico 4 target=3 variant=parejas turn_seconds=30 sit=false", "")
          .message;
  EXPECT_EQ(m["type"], "create_room");
  EXPECT_EQ(m["game"], "perico");
  EXPECT_EQ(m["seats"], 4);
  EXPECT_EQ(m["options"], (Json{{"target", 3}, {"variant", "parejas"}}));
  EXPECT_EQ(m["turn_seconds"], 30);
  EXPECT_EQ(m["sit"], false);
  EXPECT_FALSE(m.contains("target"));
}

TEST(PlayCommands, SayKeepsTheWholeTextAfterTheWord) {
  EXPECT_EQ(read_play_command("say good  luck, all", "R3").message,
            (Json{{"type", "chat"}, {"room", "R3"}, {"text", "good  luck, all"}}));
}

TEST(PlayCommands, AMoveIsAnActionInTheRoomWithoutAfter) {
  const PlayCommand command = read_play_command("discard 9C", "R5");
  ASSERT_EQ(command.kind, Kind::kMove);
  EXPECT_EQ(command.message["type"], "action");
  EXPECT_EQ(command.message["room"], "R5");
  EXPECT_EQ(command.message["action"], (Json{{"type", "discard"}, {"card", "9C"}}));
  EXPECT_FALSE(command.message.contains("after"));
}

TEST(PlayCommands, SendTakesRawJsonAndRefusesWhatIsNotAnObject) {
  const PlayCommand raw = read_play_command(R"(send {"type": "games", "x": [1]})", "");
  EXPECT_EQ(raw.kind, Kind::kRequest);
  EXPECT_EQ(raw.message, (Json{{"type", "games"}, {"x", {1}}}));
  // Without a brace the line used to throw out of the client's command loop.
  EXPECT_EQ(read_play_command("send games", "").kind, Kind::kNote);
  EXPECT_EQ(read_play_command("send [1, 2]", "").kind, Kind::kNote);
}

TEST(PlayCommands, TheClientsOwnCommands) {
  EXPECT_EQ(read_play_command("quit", "").kind, Kind::kQuit);
  EXPECT_EQ(read_play_command("exit", "").kind, Kind::kQuit);
  EXPECT_EQ(read_play_command("help", "").kind, Kind::kHelp);
  const PlayCommand wait = read_play_command("wait match_over", "");
  EXPECT_EQ(wait.kind, Kind::kWaitFor);
  EXPECT_EQ(wait.text, "match_over");
  EXPECT_TRUE(read_play_command("auto", "").on);
  EXPECT_FALSE(read_play_command("auto off", "").on);
}

TEST(PlayCommands, AnUnreadableMoveIsANoteNotARequest) {
  const PlayCommand command = read_play_command("bid type=pass", "R1");
  EXPECT_EQ(command.kind, Kind::kNote);
  EXPECT_NE(command.text.find("type"), std::string::npos) << command.text;
  EXPECT_EQ(read_play_command("{not json", "R1").kind, Kind::kNote);
}

}  // namespace
}  // namespace parlor::cli::net
