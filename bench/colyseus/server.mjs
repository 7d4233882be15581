// A Colyseus 0.18 server with one room type, "table", in the pattern `parlor load` drives on
// Parlor (README.md beside this file): the seats join, seat 0 acts, and after each action
// the room broadcasts an update naming the next seat, which acts next. No rules, no
// persistence, no schema state: the update is a plain message (room.broadcast).
//
//   node server.mjs [PORT]      PORT also from $PORT (default 2567); listens on 127.0.0.1
//
// A table has 4 seats unless the creating client asks for another count ({seats: S}).
// UPDATE_BYTES (default shape.mjs's, Parlor's mean Perico update) sets the size of the
// update message as it leaves the server. One process, as parlor-server is one process.
import { defineServer, defineRoom, Room, getMessageBytes, Protocol } from "colyseus";
import { updateTemplate, padTo, UPDATE_BYTES } from "./shape.mjs";

const port = Number(process.argv[2] || process.env.PORT || 2567);
const updateBytes = Number(process.env.UPDATE_BYTES || UPDATE_BYTES);

const encodedSize = (update) => getMessageBytes.raw(Protocol.ROOM_DATA, "update", update).length;

// A room's update, padded to size with a typical seq (msgpack writes 128..65535 in 3 bytes).
function shapedUpdate(roomId) {
  const update = updateTemplate();
  update.room = roomId;
  update.seq = 1000;
  update.by = 0;
  update.next = 1;
  const bytes = padTo(update, update.view, encodedSize, updateBytes);
  return { update, bytes };
}

class TableRoom extends Room {
  maxClients = 4;

  onCreate(options) {
    const seats = Number(options?.seats) || 4;
    if (seats !== this.maxClients) this.maxClients = seats;
    this.seatCount = seats;
    this.seated = 0;
    this.seq = 0;
    this.next = -1;  // no seat acts until all are seated
    // Each room owns its update object; broadcast() encodes it as it stands.
    this.update = shapedUpdate(this.roomId).update;
  }

  messages = {
    // {after: the seq the client last saw, ...}: taken only from the seat to act, and
    // only once per turn; anything else is ignored.
    act: (client, message) => {
      const seat = client.userData?.seat;
      if (seat !== this.next || message?.after !== this.seq) return;
      this.seq += 1;
      this.next = (seat + 1) % this.seatCount;
      this.broadcastUpdate(seat);
    },
  };

  onJoin(client) {
    const seat = this.seated++;
    client.userData = { seat };
    client.send("seat", { seat });
    if (this.seated === this.seatCount) {
      this.next = 0;
      this.broadcastUpdate(-1);  // the deal: seq 0, seat 0 to act
    }
  }

  broadcastUpdate(by) {
    const update = this.update;
    update.seq = this.seq;
    update.by = by;
    update.next = this.next;
    update.view.turn = this.next;
    update.view.waiting.seats[0] = this.next;
    this.broadcast("update", update);
  }
}

const server = defineServer({
  rooms: { table: defineRoom(TableRoom) },
  greet: false,
});
await server.listen(port, "127.0.0.1");
console.log(`colyseus table server on 127.0.0.1:${port}, ` +
            `update message ${shapedUpdate("ABCDEFGHI").bytes} bytes`);
