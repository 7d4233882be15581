// What the bench's messages look like: shared by server.mjs and load.mjs.
//
// The sizes are Parlor's, measured on parlor-server under `parlor load --game perico`
// (README.md, "Message sizes"): an action is 114 bytes and an update 1,222 bytes on
// average (WebSocket payloads, JSON). The Colyseus messages carry the same content in
// Colyseus's framing (a protocol byte, the message type, a msgpack body), padded to the
// same payload sizes.

export const ACTION_BYTES = 114;
export const UPDATE_BYTES = 1222;

// A Perico update as parlor-server sends it (seq 0, to seat 1, in a match of four), as
// the body of the Colyseus "update" message. The room sets seq, by (the seat whose
// action this is, -1 for the deal) and next (the seat to act); view.pad brings the
// message to its size.
export function updateTemplate() {
  return {
    type: "update", room: "R1", match: 1, seq: 0, by: -1, next: 0, paused: false,
    timer: null,
    events: [
      { dealer: 0, discard_pile: ["7H"], jokers_returned: 0, round: 1, stock_size: 33,
        turn: 1, type: "deal" },
      { cards: ["KS", "4S", "KC", "9C", "2D"], seat: 1, type: "hand" },
    ],
    view: {
      variant: "five_card", scoring: "winner", target: 5, hand_size: 5, knock_threshold: 5,
      phase: "play", dealer: 0, turn: 1,
      players: [
        { seat: 0, cards: 5, knocked: false }, { seat: 1, cards: 5, knocked: false },
        { seat: 2, cards: 5, knocked: false }, { seat: 3, cards: 5, knocked: false },
      ],
      discard_pile: ["7H"], stock_size: 33, knock: { running: false, by: null },
      last_round: null, game: "perico", round: 1, over: false, scores: [0, 0, 0, 0],
      waiting: { mode: "turn", seats: [1] },
      hand: ["KS", "4S", "KC", "9C", "2D"], drawn: null,
      legal: { draw: true, take_max: 1, knock: false, discard: false },
      viewer: 1, pad: "",
    },
  };
}

// A Perico action as `parlor load` sends it, less the fields Colyseus's framing replaces
// (type, room, ack): after is the seq the client last saw; pad brings it to its size.
export function actionTemplate() {
  return { id: 1000, after: 1000, match: 1, action: { type: "draw" }, pad: "" };
}

// Pads obj.pad (or obj.view.pad) so that size(obj) is target bytes, as near as the
// encoding allows (a msgpack string's header widens at 32 and 256 characters).
export function padTo(obj, holder, size, target) {
  holder.pad = "";
  const base = size(obj);
  if (target <= base) return base;
  holder.pad = "x".repeat(target - base);
  while (size(obj) > target && holder.pad.length > 0) holder.pad = holder.pad.slice(1);
  return size(obj);
}
