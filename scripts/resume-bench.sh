#!/usr/bin/env bash
# How long a restart takes to resume N live matches (default 1,000): plays N Loc tables
# of two network bots under `parlor load`, SIGKILLs the server mid-play, starts it again
# on the same database and times it until /healthz answers, with the recovery's own
# count from the log. Needs a built tree (scripts/setup.sh). Not part of the test suite.
#   scripts/resume-bench.sh [MATCHES]
set -euo pipefail
cd "$(dirname "$0")/.."
matches="${1:-1000}"
bin=build/bin
work="$(mktemp -d)"
port=$((20000 + RANDOM % 20000))
server_pid=""
load_pid=""
cleanup() {
  [ -n "$load_pid" ] && kill "$load_pid" 2>/dev/null || true
  [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

start_server() {
  "$bin/parlor-server" --address 127.0.0.1 --port "$port" --db "$work/parlor.db" \
    --rate 0 --max-connections-per-ip 0 --log-level info >>"$work/server.log" 2>&1 &
  server_pid=$!
}
wait_healthy() {
  for _ in $(seq 1 6000); do
    if curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then return 0; fi
    sleep 0.01
  done
  echo "the server never answered" >&2
  exit 1
}
matches_started() {
  curl -fs "http://127.0.0.1:$port/metrics" | awk '/^parlor_matches_started_total/ {print $2}'
}

start_server
wait_healthy
echo "[resume-bench] starting $matches Loc tables of 2 bots"
"$bin/parlor" load --server "ws://127.0.0.1:$port" --game loc --tables "$matches" --seats 2 \
  --duration 600 --json >"$work/load.json" 2>&1 &
load_pid=$!
for _ in $(seq 1 600); do
  started="$(matches_started || echo 0)"
  [ "${started:-0}" -ge "$matches" ] && break
  sleep 0.5
done
sleep 2  # every table some moves in
echo "[resume-bench] $(matches_started) matches started; SIGKILL"
kill -9 "$server_pid"
wait "$server_pid" 2>/dev/null || true
kill "$load_pid" 2>/dev/null || true
wait "$load_pid" 2>/dev/null || true
load_pid=""
db_size=$(du -b "$work/parlor.db" | cut -f1)

begin=$(date +%s%N)
start_server
wait_healthy
end=$(date +%s%N)
recovered="$(grep -o 'recovery: [0-9]* matches resumed[^"]*' "$work/server.log" | tail -1)"
echo "[resume-bench] database $((db_size / 1024)) KiB; restart to /healthz: $(((end - begin) / 1000000)) ms; $recovered"
