// The web client's line to the server (src/connection.ts) against a fake WebSocket: a
// server that falls silent (a paused cluster node keeps its TCP connections open) is
// pinged, then given up, and the client reconnects by itself; a server that keeps talking
// is never pinged; the ping's pong never reaches the page. Needs the built client (npm
// run build); runs in Node (no browser, no server).
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

class FakeSocket {
  static OPEN = 1;
  static opened = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.closed = false;
    FakeSocket.opened.push(this);
    queueMicrotask(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true; // a silent server never answers the close: no onclose here
  }
  deliver(message) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  welcome() {
    const hello = this.sent.find((m) => m.type === "hello");
    this.deliver({ type: "welcome", id: hello.id, player: { id: "p1", name: "Ann" } });
  }
}

const store = new Map();
globalThis.localStorage = {
  getItem: (key) => (store.has(key) ? store.get(key) : null),
  setItem: (key, value) => store.set(key, String(value)),
  removeItem: (key) => store.delete(key),
};
globalThis.WebSocket = FakeSocket;
const { Connection } = await import("../dist/js/connection.js");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pings = (socket) => socket.sent.filter((m) => m.type === "ping");

describe("a silent server", () => {
  beforeEach(() => {
    FakeSocket.opened = [];
  });

  it("is pinged, then given up, and the client reconnects", async () => {
    const connection = new Connection("ws://proxy/ws", { pingAfterMs: 60, giveUpAfterMs: 60 });
    const states = [];
    connection.onState = (state) => states.push(state);
    connection.start();
    await sleep(5);
    const first = FakeSocket.opened[0];
    first.welcome();
    assert.equal(connection.state, "online");
    await sleep(90); // past pingAfterMs: one ping, not yet given up
    assert.equal(pings(first).length, 1);
    assert.equal(connection.state, "online");
    await sleep(80); // past pingAfterMs + giveUpAfterMs with nothing heard
    assert.equal(connection.state, "offline");
    assert.ok(first.closed);
    await sleep(600); // the first reconnect comes after 500 ms
    assert.equal(FakeSocket.opened.length, 2);
    assert.equal(FakeSocket.opened[1].url, "ws://proxy/ws");
    assert.ok(FakeSocket.opened[1].sent.some((m) => m.type === "hello"));
    assert.deepEqual(states.slice(0, 3), ["connecting", "online", "offline"]);
    connection.stop();
  });

  it("that answers the ping stays, and the pong is not shown to the page", async () => {
    const connection = new Connection("ws://proxy/ws", { pingAfterMs: 60, giveUpAfterMs: 60 });
    const pushed = [];
    connection.onPush = (message) => pushed.push(message);
    connection.start();
    await sleep(5);
    const socket = FakeSocket.opened[0];
    socket.welcome();
    await sleep(80);
    assert.equal(pings(socket).length, 1);
    socket.deliver({ type: "pong", id: pings(socket)[0].id });
    await sleep(80); // the pong counted as a sign of life
    assert.equal(connection.state, "online");
    assert.equal(FakeSocket.opened.length, 1);
    assert.deepEqual(pushed, []);
    connection.stop();
  });

  it("is never pinged while it keeps talking", async () => {
    const connection = new Connection("ws://proxy/ws", { pingAfterMs: 60, giveUpAfterMs: 60 });
    connection.start();
    await sleep(5);
    const socket = FakeSocket.opened[0];
    socket.welcome();
    for (let i = 0; i < 15; i++) {
      await sleep(20);
      socket.deliver({ type: "update", room: "R1", seq: i });
    }
    assert.equal(pings(socket).length, 0);
    assert.equal(connection.state, "online");
    assert.equal(FakeSocket.opened.length, 1);
    connection.stop();
  });
});

describe("a hello the server cannot answer just now", () => {
  it("keeps its token and is said again", async () => {
    FakeSocket.opened = [];
    store.set("parlor.token", "t1");
    const connection = new Connection("ws://proxy/ws", { pingAfterMs: 0, giveUpAfterMs: 0 });
    connection.start();
    await sleep(5);
    const socket = FakeSocket.opened[0];
    const hello = socket.sent.find((m) => m.type === "hello");
    assert.equal(hello.token, "t1");
    // A cluster node that cannot read the player's token says so (not bad_token).
    socket.deliver({ type: "error", id: hello.id, code: "store_unavailable", message: "later" });
    await sleep(2100); // the hello comes again after 2 s
    const hellos = socket.sent.filter((m) => m.type === "hello");
    assert.equal(hellos.length, 2);
    assert.equal(hellos[1].token, "t1");
    assert.equal(store.get("parlor.token"), "t1");
    socket.welcome();
    assert.equal(connection.state, "online");
    connection.stop();
  });
});

describe("room_elsewhere", () => {
  const sendElsewhere = (socket, url) => {
    const hello = socket.sent.find((m) => m.type === "hello");
    socket.deliver({ type: "error", id: hello.id, code: "room_elsewhere", room: "R1-node3",
                     node: "node3", url });
  };

  it("is followed again after a lost line: only redirects in a row on live lines are a loop", async () => {
    FakeSocket.opened = [];
    const connection = new Connection("ws://proxy/ws", { pingAfterMs: 0, giveUpAfterMs: 0 });
    connection.start();
    await sleep(5);
    // Nodes that keep sending the client on: followed five times, then no more.
    for (let i = 0; i < 6; i++) {
      sendElsewhere(FakeSocket.opened[i], "/n/node3/ws");
      await sleep(5);
    }
    assert.equal(FakeSocket.opened.length, 6, "the sixth room_elsewhere in a row is not followed");
    // The line is lost (the node named was draining, or restarting): the client comes
    // back through the proxy, and a node sending it on now starts a new row.
    const last = FakeSocket.opened[5];
    last.onclose?.({ code: 1006 });
    await sleep(600); // the first reconnect comes after 500 ms
    assert.equal(FakeSocket.opened.length, 7);
    assert.equal(FakeSocket.opened[6].url, "ws://proxy/ws");
    sendElsewhere(FakeSocket.opened[6], "/n/node3/ws");
    await sleep(5);
    assert.equal(FakeSocket.opened.length, 8, "followed after the lost line");
    assert.equal(FakeSocket.opened[7].url, "ws://proxy/n/node3/ws");
    FakeSocket.opened[7].welcome();
    assert.equal(connection.state, "online");
    connection.stop();
  });
});
