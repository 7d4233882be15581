// Where a cluster's room_elsewhere error sends the web client (src/server_url.ts): an
// absolute ws:// or wss:// URL as is, a path on the origin the page is connected to, and
// nothing a browser cannot open. Needs the built client (npm run build).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { resolveServerUrl } from "../dist/js/server_url.js";

describe("room_elsewhere URLs", () => {
  it("keeps absolute WebSocket URLs", () => {
    assert.equal(resolveServerUrl("ws://10.0.0.5:8080/ws", "ws://127.0.0.1:8080/ws"), "ws://10.0.0.5:8080/ws");
    assert.equal(resolveServerUrl("wss://b.example.org/ws", "wss://a.example.org/ws"), "wss://b.example.org/ws");
  });
  it("resolves a path against the current host, port and scheme", () => {
    assert.equal(resolveServerUrl("/n/node2/ws", "ws://play.example.org:8080/ws"), "ws://play.example.org:8080/n/node2/ws");
    assert.equal(resolveServerUrl("/n/node3/ws", "wss://play.example.org/ws"), "wss://play.example.org/n/node3/ws");
  });
  it("refuses what is no WebSocket on this origin", () => {
    for (const bad of ["", "n/node2/ws", "//evil.example/ws", "http://10.0.0.5/ws", "javascript:alert(1)"]) {
      assert.equal(resolveServerUrl(bad, "ws://127.0.0.1:8080/ws"), null, bad);
    }
  });
});
