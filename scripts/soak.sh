#!/usr/bin/env bash
# A long soak (not in CI): parlor-server on a file database under a modest open-loop
# `parlor load` for MINUTES, sampling every 10 s the server's RSS, open file descriptors,
# and the database and WAL sizes into a CSV; at the end prints the least-squares slope
# of each per hour. A server that leaks shows a steady slope; a flat one stays near 0.
#
#   scripts/soak.sh [MINUTES]            # default 30
#
# TABLES (50), SEATS (4), RATE (0.5 actions/s per client), GAME (perico), PORT (18090),
# BIN (build/bin), OUT (soak-YYYYmmdd-HHMMSS.csv in the current directory) and
# WARMUP (60: seconds left out of the slopes while the tables fill and caches warm)
# may be set. Extra arguments after MINUTES go to parlor-server.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-30}
shift $(($# > 0 ? 1 : 0))
bin=${BIN:-build/bin} game=${GAME:-perico} port=${PORT:-18090}
tables=${TABLES:-50} seats=${SEATS:-4} rate=${RATE:-0.5} warmup=${WARMUP:-60}
out=${OUT:-soak-$(date -u +%Y%m%d-%H%M%S).csv}
work=$(mktemp -d)
server='' generator=''
cleanup() {
  if [ -n "$generator" ]; then kill "$generator" 2>/dev/null || true; fi
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.tcache_count=200:glibc.malloc.mxfast=0}" \
  "$bin/parlor-server" --address 127.0.0.1 --port "$port" --db "$work/soak.db" --rate 0 \
  --max-connections-per-ip 0 --bot-delay-ms 0 --turn-seconds 0 --round-pause-ms 0 \
  --log-level warn "$@" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
if ! kill -0 "$server" 2>/dev/null; then
  echo "parlor-server did not start:" >&2
  cat "$work/server.log" >&2
  exit 1
fi

duration=$((minutes * 60))
# The generator runs a little longer than the sampling so every sample sees the load.
"$bin/parlor" load --server "ws://127.0.0.1:$port" --game "$game" --tables "$tables" \
  --seats "$seats" --rate "$rate" --duration $((duration + 30)) --json \
  >"$work/load.json" 2>"$work/load.err" &
generator=$!

size_of() { stat -c %s "$1" 2>/dev/null || echo 0; }
metric() {
  curl -s --max-time 5 "http://127.0.0.1:$port/metrics" | awk -v m="$1" '$1 == m {print $2}'
}
echo "seconds,rss_kb,fds,db_bytes,wal_bytes,actions_accepted,connections_open" >"$out"
echo "soak: $tables tables x $seats at --rate $rate for $minutes min; samples in $out"
start=$(date +%s)
for _ in $(seq 0 $((duration / 10))); do
  now=$(($(date +%s) - start))
  [ "$now" -gt "$duration" ] && break
  if ! kill -0 "$server" 2>/dev/null; then
    echo "parlor-server exited during the soak:" >&2
    tail -20 "$work/server.log" >&2
    exit 1
  fi
  rss=$(awk '/^VmRSS/{print $2}' "/proc/$server/status")
  fds=$(find "/proc/$server/fd" -mindepth 1 -maxdepth 1 | wc -l)
  echo "$now,$rss,$fds,$(size_of "$work/soak.db"),$(size_of "$work/soak.db-wal")," \
    "$(metric parlor_actions_accepted_total),$(metric parlor_connections)" |
    tr -d ' ' >>"$out"
  sleep $((10 - ($(date +%s) - start) % 10))
done

# Least-squares slope of each column against time, per hour, over the samples after the
# warm-up; also the first and last values so a reader sees the scale.
awk -F, -v warmup="$warmup" '
  NR == 1 { for (c = 2; c <= NF; ++c) name[c] = $c; next }
  $1 >= warmup {
    n++; sx += $1; sxx += $1 * $1
    if (n == 1) t0 = $1
    t1 = $1
    for (c = 2; c <= NF; ++c) { sy[c] += $c; sxy[c] += $1 * $c; if (n == 1) first[c] = $c; last[c] = $c }
  }
  END {
    if (n < 3) { print "too few samples after the warm-up for a slope"; exit 1 }
    d = n * sxx - sx * sx
    printf "%d samples from %d s to %d s (%.1f min)\n", n, t0, t1, (t1 - t0) / 60
    for (c = 2; c <= NF; ++c) {
      slope = (n * sxy[c] - sx * sy[c]) / d * 3600
      printf "%-18s first %14.0f  last %14.0f  mean %14.0f  slope %+14.1f per hour\n",
             name[c], first[c], last[c], sy[c] / n, slope
    }
  }' "$out"
actions=$(metric parlor_actions_accepted_total)
echo "actions accepted in all: ${actions:-?}; server warnings/errors in the log:" \
  "$(grep -ciE 'warn|error' "$work/server.log" || true)"
