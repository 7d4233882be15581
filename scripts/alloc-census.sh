#!/usr/bin/env bash
# Counts the server's heap allocations per accepted action (docs/performance.md): runs
# parlor-server under heaptrack on a fresh database, plays `parlor load` against it, stops
# it with SIGTERM and divides heaptrack's count of allocation calls by the actions the
# server accepted. Start-up (the hand tables alone make about 1.5 million) is counted by
# a first run that only starts and stops, and taken off, so runs of different lengths
# compare; the count with it is printed too. Needs heaptrack (Debian's package).
#
#   scripts/alloc-census.sh [GAME [TABLES [SECONDS]]]    default: perico 50 12
#
# BIN (default build/bin), PORT (default 18091) and SEATS (default 4) may be set, and
# LOAD_FLAGS for `parlor load` (for example "--turn-seconds 60": turn timers on). The
# heaptrack file is kept in test-artifacts/alloc-census/ for `heaptrack_print`.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-perico} tables=${2:-50} seconds=${3:-12}
bin=${BIN:-build/bin} port=${PORT:-18091} seats=${SEATS:-4}
command -v heaptrack >/dev/null || { echo "heaptrack is not installed (apt install heaptrack)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out_dir=test-artifacts/alloc-census
mkdir -p "$out_dir"
out="$out_dir/$game-$(date +%s)"
start_server() {  # the heaptrack output file
  heaptrack -o "$1" "$bin/parlor-server" --port "$port" --db "$work/$(basename "$1").db" --rate 0 \
    --max-connections-per-ip 0 --bot-delay-ms 0 --turn-seconds 0 --round-pause-ms 0 \
    --max-rooms 100000 --log-level warn >"$work/server.log" 2>&1 &
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
}
stop_server() {  # the server itself: heaptrack's own command line names it too
  pkill -TERM -f "^$bin/parlor-server --port $port " || true
  wait || true
}
allocation_calls() { heaptrack_print "$1.zst" 2>/dev/null | awk '/^calls to allocation functions/{print $5}'; }

start_server "$work/startup"
sleep 2  # the hand tables are built on a thread of their own after the first answer
stop_server
startup=$(allocation_calls "$work/startup")
start_server "$out"
# shellcheck disable=SC2086  # LOAD_FLAGS is a list of flags
"$bin/parlor" load --server "ws://127.0.0.1:$port" --game "$game" --tables "$tables" \
  --seats "$seats" --duration "$seconds" ${LOAD_FLAGS:-} --json >"$work/report.json" || true
accepted=$(curl -s "http://127.0.0.1:$port/metrics" | awk '/^parlor_actions_accepted_total/{print $2}')
stop_server
calls=$(allocation_calls "$out")
awk -v c="$calls" -v s="$startup" -v a="$accepted" -v g="$game" 'BEGIN{
  printf "%s: %d allocation calls, %d at start-up, %d actions accepted: %.1f per accepted action (%.1f with start-up)\n",
    g, c, s, a, (c - s) / a, c / a }'
echo "heaptrack file: $out.zst"
