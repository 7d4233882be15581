#!/usr/bin/env bash
# Measures the server under `parlor load` on this machine (docs/performance.md): starts
# parlor-server with its abuse limits and pacing off on a fresh database, runs the load
# generator against it, and reports the generator's figures (JSON) with both processes'
# CPU use and the server's memory over the measured window.
#
#   scripts/load.sh TABLES SEATS SECONDS [RATE [SERVER FLAGS...]]
#   scripts/load.sh 200 4 15            # closed loop, 200 tables of four seats
#   scripts/load.sh 2000 4 20 0.5       # open loop, each client at 0.5 actions/s
#
# GAME (default perico), PORT (default 18080) and BIN (default build/bin) may be set, and
# LOAD_FLAGS: more flags for `parlor load`. With 20,000 clients, LOAD_FLAGS="--ping-after 15
# --give-up-after 10": all their matches starting in the same second keep the server busy
# for longer than the default 2 s + 2 s of silence a client allows (docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
tables=$1 seats=$2 seconds=$3 rate=${4:-0}
shift $(($# < 4 ? $# : 4))
bin=${BIN:-build/bin} game=${GAME:-perico} port=${PORT:-18080}
work=$(mktemp -d)
stop_server() {
  if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null && wait "$server" 2>/dev/null; fi
  rm -rf "$work"
}
trap stop_server EXIT

# The server runs with the allocator settings scripts/serve.sh gives it.
GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.tcache_count=200:glibc.malloc.mxfast=0}" \
  "$bin/parlor-server" --port "$port" --db "$work/load.db" --rate 0 --max-connections-per-ip 0 \
  --bot-delay-ms 0 --turn-seconds 0 --round-pause-ms 0 --max-rooms 100000 "$@" \
  >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
if ! kill -0 $server 2>/dev/null; then
  echo "parlor-server did not start:" >&2
  cat "$work/server.log" >&2
  exit 1
fi

rate_flag=()
if [ "$rate" != 0 ]; then rate_flag=(--rate "$rate"); fi
"$bin/parlor" load --server "ws://127.0.0.1:$port" --game "$game" --tables "$tables" \
  --seats "$seats" --duration "$seconds" "${rate_flag[@]}" ${LOAD_FLAGS:-} --json >"$work/report.json" &
generator=$!

# CPU ticks (user + system) of a process and its threads.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
accepted() {
  curl -s "http://127.0.0.1:$port/metrics" | awk '/^parlor_actions_accepted_total/{print $2}'
}
# The generator measures from the moment every table plays (they start together); sample
# inside that window.
for _ in $(seq 600); do [ "$(accepted)" -gt 0 ] 2>/dev/null && break; sleep 0.2; done
sleep 1
s0=$(ticks $server) g0=$(ticks $generator) t0=$(date +%s.%N)
sleep "$(awk -v s="$seconds" 'BEGIN{print (s > 4 ? s - 3 : 1)}')"
s1=$(ticks $server) g1=$(ticks $generator) t1=$(date +%s.%N)
rss=$(awk '/VmHWM/{print $2}' "/proc/$server/status")
rss_now=$(awk '/VmRSS/{print $2}' "/proc/$server/status")
clients=$((tables * seats))
wait $generator || true
hz=$(getconf CLK_TCK)
# MB are MiB (RSS / 1024); the per-client figures are KiB of the whole server's RSS,
# start-up included (about 15 MiB), peak and at the window's end.
awk -v s=$((s1 - s0)) -v g=$((g1 - g0)) -v t0="$t0" -v t1="$t1" -v hz="$hz" -v rss="$rss" \
  -v rss_now="$rss_now" -v clients="$clients" 'BEGIN{
  dt = t1 - t0
  printf "server CPU %.0f%%, generator CPU %.0f%% (of one core), server peak RSS %.0f MB\n",
    100 * s / hz / dt, 100 * g / hz / dt, rss / 1024
  printf "server RSS per client: %.2f KiB at peak, %.2f KiB at the end (%.0f MB)\n",
    rss / clients, rss_now / clients, rss_now / 1024 }'
cat "$work/report.json"
