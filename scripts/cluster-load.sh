#!/usr/bin/env bash
# Measures a cluster on this machine (docs/performance.md): a throwaway PostgreSQL
# 15, NODES parlor-server nodes sharing it, and `parlor load` spread over the nodes' own
# URLs (a seat whose table lives on another node follows the room_elsewhere redirect).
# Reports the generator's figures (JSON) with the CPU the nodes, PostgreSQL's processes and
# the generator used over the measured window, and each side's CPU per action.
#
#   scripts/cluster-load.sh NODES TABLES SEATS SECONDS [RATE]
#   scripts/cluster-load.sh 1 200 4 12     # one node on PostgreSQL: compare scripts/load.sh
#   scripts/cluster-load.sh 3 200 4 12     # three nodes on the same two cores
#
# GAME (default perico) and BIN (default build/bin) may be set. Needs PostgreSQL 15's
# binaries (/usr/lib/postgresql/15/bin) and, as root, the postgres user (PostgreSQL
# refuses to run as root). The nodes run with load.sh's settings (limits and pacing off).
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=$1 tables=$2 seats=$3 seconds=$4 rate=${5:-0}
bin=${BIN:-build/bin} game=${GAME:-perico}
pg_bin=/usr/lib/postgresql/15/bin
[ -x "$pg_bin/initdb" ] || { echo "cluster-load.sh: needs postgresql-15" >&2; exit 1; }

work=$(mktemp -d)
chmod 755 "$work"
as_postgres=()
if [ "$(id -u)" = 0 ]; then as_postgres=(runuser -u postgres --); fi
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  if [ -f "$work/pg/postmaster.pid" ]; then
    "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# free_loopback_port, shared with the container tests.
source scripts/container-engine.sh

# ---- PostgreSQL: the settings of the failover test (fsync and synchronous_commit on) ----
pg_port=$(free_loopback_port)
mkdir "$work/pg"
[ "$(id -u)" = 0 ] && chown postgres "$work/pg"
"${as_postgres[@]}" "$pg_bin/initdb" -D "$work/pg" -U postgres --auth=trust -E UTF8 >/dev/null
cat >>"$work/pg/postgresql.conf" <<EOF
port = $pg_port
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
max_connections = 200
synchronous_commit = on
fsync = on
EOF
"${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -w -l "$work/pg/log" start >/dev/null
"${as_postgres[@]}" "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres parlor
db="postgresql://postgres@127.0.0.1:$pg_port/parlor"

# ---- The nodes ----
urls=() ports=()
for n in $(seq "$nodes"); do
  port=$(free_loopback_port)
  GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.tcache_count=200:glibc.malloc.mxfast=0}" \
    "$bin/parlor-server" --address 127.0.0.1 --port "$port" --db "$db" --node "node$n" \
    --public-url "ws://127.0.0.1:$port/ws" --rate 0 --max-connections-per-ip 0 \
    --bot-delay-ms 0 --turn-seconds 0 --round-pause-ms 0 --max-rooms 100000 \
    >"$work/node$n.log" 2>&1 &
  pids+=($!)
  ports+=("$port")
  urls+=("ws://127.0.0.1:$port")
done
for port in "${ports[@]}"; do
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null || {
    echo "a node did not start:" >&2
    cat "$work"/node*.log >&2
    exit 1
  }
done

rate_flag=()
if [ "$rate" != 0 ]; then rate_flag=(--rate "$rate"); fi
server_list=$(IFS=,; echo "${urls[*]}")
"$bin/parlor" load --server "$server_list" --game "$game" --tables "$tables" --seats "$seats" \
  --duration "$seconds" "${rate_flag[@]}" ${LOAD_FLAGS:-} --json >"$work/report.json" &
generator=$!
pids+=($generator)

# CPU ticks (user + system) of processes and their threads; PostgreSQL's are every
# process of the postgres user (its backends live as long as the nodes' connections).
ticks() { local t=0; for pid in "$@"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0))); done; echo $t; }
postgres_pids() { pgrep -u postgres || true; }
accepted() {
  local total=0
  for port in "${ports[@]}"; do
    total=$((total + $(curl -s "http://127.0.0.1:$port/metrics" | awk '/^parlor_actions_accepted_total/{print $2}')))
  done
  echo $total
}
for _ in $(seq 600); do [ "$(accepted)" -gt 0 ] 2>/dev/null && break; sleep 0.2; done
sleep 1
node_pids=("${pids[@]:0:$nodes}")
pg_pids=($(postgres_pids))
n0=$(ticks "${node_pids[@]}") p0=$(ticks "${pg_pids[@]}") g0=$(ticks $generator) a0=$(accepted) t0=$(date +%s.%N)
sleep "$(awk -v s="$seconds" 'BEGIN{print (s > 4 ? s - 3 : 1)}')"
n1=$(ticks "${node_pids[@]}") p1=$(ticks "${pg_pids[@]}") g1=$(ticks $generator) a1=$(accepted) t1=$(date +%s.%N)
wait $generator || true
hz=$(getconf CLK_TCK)
awk -v n=$((n1 - n0)) -v p=$((p1 - p0)) -v g=$((g1 - g0)) -v a=$((a1 - a0)) -v t0="$t0" -v t1="$t1" \
  -v hz="$hz" -v nodes="$nodes" 'BEGIN{
  dt = t1 - t0
  printf "%d node(s) CPU %.0f%%, PostgreSQL CPU %.0f%%, generator CPU %.0f%% (of one core); %.0f actions/s accepted over the sample: %.0f us of node CPU and %.0f us of PostgreSQL CPU per action\n",
    nodes, 100 * n / hz / dt, 100 * p / hz / dt, 100 * g / hz / dt, a / dt,
    1e6 * n / hz / a, 1e6 * p / hz / a }'
cat "$work/report.json"
