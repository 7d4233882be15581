#!/usr/bin/env bash
# Measures the sizes shape.mjs copies from Parlor: one Perico table of four under
# `parlor load` for a few seconds, with strace recording what parlor-server sends (its
# updates) and what the generator sends (its actions). Prints the WebSocket payload sizes
# (frame headers left out). Needs strace (apt-get install strace).
#
#   bench/colyseus/parlor-sizes.sh [SECONDS]      default 2; BIN as scripts/load.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-2}
bin=${BIN:-build/bin}
command -v strace >/dev/null || { echo "parlor-sizes.sh: needs strace" >&2; exit 1; }
work=$(mktemp -d)
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => {
  console.log(s.address().port); s.close(); })')
server="" tracer=""
cleanup() {
  for pid in $tracer $server; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

"$bin/parlor-server" --port "$port" --db "$work/sizes.db" --rate 0 --max-connections-per-ip 0 \
  --bot-delay-ms 0 --turn-seconds 0 --round-pause-ms 0 --log-level warn >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
# Strings in full (-s) so each message's type can be read; sendmsg is how both write.
strace -f -s 65536 -e trace=sendmsg -o "$work/server.trace" -p "$server" 2>/dev/null &
tracer=$!
sleep 0.5
strace -f -e trace=sendmsg -o "$work/load.trace" \
  "$bin/parlor" load --server "ws://127.0.0.1:$port" --game perico --tables 1 --seats 4 \
  --duration "$seconds" --json >/dev/null
kill "$tracer" && wait "$tracer" 2>/dev/null || true
tracer=""

node - "$work/server.trace" "$work/load.trace" <<'EOF'
const fs = require("fs");
const stats = (v) => {
  v.sort((a, b) => a - b);
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  return `${v.length} messages, mean ${mean.toFixed(0)} bytes, median ${v[v.length >> 1]}, ` +
         `min ${v[0]}, max ${v[v.length - 1]}`;
};
// The server's frames go out as [header, payload] pairs: take each payload that begins
// with a JSON object and says it is an update.
const updates = [];
for (const line of fs.readFileSync(process.argv[2], "utf8").split("\n")) {
  for (const m of line.matchAll(/iov_base="(\{.*?)", iov_len=(\d+)\}/g)) {
    if (/\\"type\\":\\"update\\"/.test(m[1])) updates.push(Number(m[2]));
  }
}
// The generator's frames are masked: after the handshake, every sendmsg of two parts is
// [header, payload]; nearly all are actions (a few are hello, create/join, start).
const actions = [];
for (const line of fs.readFileSync(process.argv[3], "utf8").split("\n")) {
  const lens = [...line.matchAll(/iov_len=(\d+)/g)].map((m) => Number(m[1]));
  if (line.includes("sendmsg(") && lens.length === 2) actions.push(lens[1]);
}
console.log(`updates (server to each seat): ${stats(updates)}`);
console.log(`actions (client to server):    ${stats(actions)}`);
EOF
