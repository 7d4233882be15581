#!/usr/bin/env bash
# Counts the server's user-space instructions per accepted action (docs/performance.md): runs
# parlor-server under callgrind on a fresh database, plays `parlor load` against it, and
# divides the instructions executed while every table plays (the counts are zeroed once all
# do, and counting stops a second before the generator's window ends: the tables' creation,
# joins, starts and leaving are not in it; a match's end and the next start are) by the
# actions the server accepted meanwhile. Unlike CPU time, the count does not depend on what
# else the machine does, so two builds compare to a fraction of a percent (the kernel's
# share, the system calls, is not in it: count those with `perf stat -e 'syscalls:*'`).
# Needs valgrind (Debian's package). The server runs about 50 times slower under it, so a
# few tables suffice.
#
#   scripts/instruction-census.sh [GAME [TABLES [SECONDS]]]    default: perico 20 10
#
# BIN (default build/bin), PORT (default 18092) and SEATS (default 4) may be set, and
# SERVER_FLAGS (for example "--threads 1") and LOAD_FLAGS for `parlor load` (for example
# "--turn-seconds 60"). The callgrind file is kept in
# test-artifacts/instruction-census/ for `callgrind_annotate`.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-perico} tables=${2:-20} seconds=${3:-10}
bin=${BIN:-build/bin} port=${PORT:-18092} seats=${SEATS:-4}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt install valgrind)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out_dir=test-artifacts/instruction-census
mkdir -p "$out_dir"
out="$out_dir/$game-$(date +%s).callgrind"
# glibc's allocator tuned as scripts/serve.sh, load.sh and the image run the server.
# shellcheck disable=SC2086  # SERVER_FLAGS is a list of flags
GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.tcache_count=200:glibc.malloc.mxfast=0}" \
  valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out" \
  "$bin/parlor-server" --port "$port" --db "$work/census.db" --rate 0 \
    --max-connections-per-ip 0 --bot-delay-ms 0 --turn-seconds 0 --round-pause-ms 0 \
    --max-rooms 100000 ${SERVER_FLAGS:-} >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 600); do grep -q "games ready" "$work/server.log" && break; sleep 0.2; done
grep -q "games ready" "$work/server.log" || { cat "$work/server.log" >&2; exit 1; }
callgrind_control -i on "$server" >/dev/null 2>&1
accepted_now() {
  curl -s "http://127.0.0.1:$port/metrics" | awk '/^parlor_actions_accepted_total/{print $2}'
}
# shellcheck disable=SC2086  # LOAD_FLAGS is a list of flags
"$bin/parlor" load --server "ws://127.0.0.1:$port" --game "$game" --tables "$tables" \
  --seats "$seats" --duration "$seconds" ${LOAD_FLAGS:-} --json >"$work/report.json" &
generator=$!
# Every table plays once the server has accepted a few moves per table.
for _ in $(seq 600); do
  [ "$(accepted_now)" -ge $((tables * 8)) ] 2>/dev/null && break
  sleep 0.1
done
callgrind_control -z "$server" >/dev/null 2>&1
accepted_before=$(accepted_now)
sleep $((seconds > 2 ? seconds - 1 : 1))
callgrind_control -i off "$server" >/dev/null 2>&1
accepted=$(( $(accepted_now) - accepted_before ))
wait $generator || true
kill -TERM "$server"
wait "$server" || true
instructions=$(awk '/^totals:/{print $2}' "$out")
awk -v i="$instructions" -v a="$accepted" -v g="$game" 'BEGIN{
  printf "%s: %d instructions, %d actions accepted: %.0f per accepted action\n", g, i, a, i / a }'
echo "callgrind file: $out"
