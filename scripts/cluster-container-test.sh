#!/usr/bin/env bash
# Proves docker/docker-compose.cluster.yml as a person would run it, with Podman or
# Docker: PostgreSQL, three Parlor nodes and HAProxy, each in its container.
#
#   scripts/cluster-container-test.sh --from-build DIR   # Parlor's image around DIR/bin
#   scripts/cluster-container-test.sh --image NAME       # an image already built
#   scripts/cluster-container-test.sh --standins         # only build the stand-ins
#                                                        # (scripts/test.sh, during the build)
#
# Where no image registry can be reached (these machines), postgres:15 and haproxy:2.6
# are stand-ins made from Debian 12's own packages (docker/standins/), named to the
# compose file by PARLOR_POSTGRES_IMAGE and PARLOR_HAPROXY_IMAGE; set
# PARLOR_CLUSTER_REGISTRY_IMAGES=1 to use the registry's images instead.
#
# The run: compose up on a loopback port; every node answers /healthz through the proxy
# (/n/NODE/...) and runs as a non-root user, as does PostgreSQL; `parlor load` plays
# through the proxy while one node is SIGKILLed and started again and another is
# stopped (SIGTERM: it hands its rooms over and exits 0) and started again. No action a
# client saw accepted may be lost, no table may stall, and every node must serve the
# same finished matches, which must survive compose down/up in the database's volume.
# Skips (exit 0, with the reason) when no container engine can run here.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[parlor cluster containers]\033[0m %s\n' "$*"; }
die() {
  printf '\033[1m[parlor cluster containers]\033[0m FAILED: %s\n' "$*" >&2
  exit 1
}
skip() {
  say "SKIPPED: $*"
  exit 0
}

prebuilt=""
from_build=""
standins_only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --image) prebuilt=${2:?--image needs an image name}; shift 2 ;;
    --from-build) from_build=${2:?--from-build needs a build directory}; shift 2 ;;
    --standins) standins_only=1; shift ;;
    *) echo "usage: cluster-container-test.sh (--from-build DIR | --image NAME | --standins)" >&2; exit 2 ;;
  esac
done
[ -n "$prebuilt$from_build$standins_only" ] \
  || die "say which Parlor image: --from-build DIR or --image NAME"
started=$(date +%s)
elapsed() { echo "$(($(date +%s) - started)) s"; }

. scripts/container-engine.sh
choose_container_engine
"$engine" info >/dev/null 2>&1 || skip "$engine cannot run here ($engine info fails)"
ENGINE=$engine bash scripts/container-base.sh 12
"$engine" run --rm debian:12 true >/dev/null 2>&1 \
  || skip "$engine cannot start a container here (try: $engine run --rm debian:12 true)"

# ---- The images ----
format_args=()
[ "$engine" = podman ] && format_args=(--format docker)
build_standin() {  # NAME TAG: docker/standins/NAME.Dockerfile, tagged TAG
  local name=$1 tag=$2
  say "building the stand-in $tag (Debian 12's packages; docker/standins/$name.Dockerfile)"
  "$engine" build "${format_args[@]}" -f "docker/standins/$name.Dockerfile" -t "$tag" \
    docker/standins >"/tmp/parlor-standin-$name.log" 2>&1 \
    || { tail -n 30 "/tmp/parlor-standin-$name.log" >&2; die "the stand-in $tag did not build"; }
}
if [ "${PARLOR_CLUSTER_REGISTRY_IMAGES:-0}" != 1 ]; then
  export PARLOR_POSTGRES_IMAGE=localhost/parlor-standin-postgres:15
  export PARLOR_HAPROXY_IMAGE=localhost/parlor-standin-haproxy:2.6
  build_standin postgres "$PARLOR_POSTGRES_IMAGE"
  build_standin haproxy "$PARLOR_HAPROXY_IMAGE"
fi
[ -n "$standins_only" ] && exit 0
image=parlor:latest
if [ -n "$prebuilt" ]; then
  "$engine" tag "$prebuilt" "$image" || die "no image $prebuilt"
else
  build_runtime_image_from "$from_build" "$image"
fi

# ---- The cluster ----
project=parlorcluster
port=$(free_loopback_port)
export PARLOR_PUBLISH="127.0.0.1:$port"  # a test, not a deployment: loopback only
compose_file=docker/docker-compose.cluster.yml
compose_log=/tmp/parlor-cluster-compose.log
up() { "${compose[@]}" -p "$project" -f "$compose_file" up -d >>"$compose_log" 2>&1; }
down() { "${compose[@]}" -p "$project" -f "$compose_file" down "$@" >>"$compose_log" 2>&1; }
container() {  # SERVICE: its container's id
  "$engine" ps -a -q --filter "label=com.docker.compose.project=$project" \
    --filter "label=com.docker.compose.service=$1" | head -n1
}
# Each service's whole log, kept in $logs_dir after the faults; on a failure its last
# lines are shown too.
logs_dir=/tmp/parlor-cluster-logs
services=(postgres node1 node2 node3 haproxy)
save_logs() {
  rm -rf "$logs_dir" && mkdir -p "$logs_dir"
  for service in "${services[@]}"; do
    "$engine" logs "$(container "$service")" >"$logs_dir/$service.log" 2>&1 || true
  done
}
show_logs() {
  save_logs
  for service in "${services[@]}"; do
    echo "---- $service (the whole log: $logs_dir/$service.log)" >&2
    tail -n 15 "$logs_dir/$service.log" >&2
  done
}
cleanup() {
  down -v || true
  "$engine" volume rm -f "${project}_parlor-cluster-db" >/dev/null 2>&1 || true
  "$engine" network rm -f "${project}_default" >/dev/null 2>&1 || true
}
trap cleanup EXIT
: >"$compose_log"
cleanup

healthz() { curl -sf --max-time 2 "http://127.0.0.1:$port$1healthz" >/dev/null 2>&1; }
# Every node answers through the proxy: its database is up, and it joined the cluster.
wait_cluster() {
  for _ in $(seq 150); do
    if healthz /n/node1/ && healthz /n/node2/ && healthz /n/node3/ && healthz /; then return 0; fi
    sleep 0.4
  done
  show_logs
  die "the three nodes did not all answer /healthz through the proxy on 127.0.0.1:$port"
}
wait_node() {  # NODE: its /healthz through the proxy, within 30 s
  for _ in $(seq 75); do
    healthz "/n/$1/" && return 0
    sleep 0.4
  done
  show_logs
  die "$1 did not answer /healthz again"
}

say "compose up: PostgreSQL, node1..node3 and HAProxy, on 127.0.0.1:$port"
up || { cat "$compose_log" >&2; die "compose up failed"; }
wait_cluster
say "every node answers /healthz through the proxy ($(elapsed))"
for service in node1 postgres; do
  uid=$("$engine" exec "$(container "$service")" sh -c 'awk "/^Uid:/{print \$2}" /proc/1/status')
  [ "$uid" != 0 ] || die "$service runs as root"
done
say "the nodes and PostgreSQL run as non-root users"
# A node's /data is a tmpfs, not a volume: compose would leave a node's unnamed volume
# behind at every down (this machine had collected 114).
for service in node1 node2 node3; do
  mounted=$("$engine" inspect --format \
    '{{range .Mounts}}{{if and (eq .Destination "/data") (eq .Type "volume")}}{{.Name}}{{end}}{{end}}' \
    "$(container "$service")")
  [ -z "$mounted" ] || die "$service has a volume at /data ($mounted): it would outlive compose down"
done
say "no node has a volume at /data"

# ---- Play through the proxy while nodes fail ----
duration=45
load_json=/tmp/parlor-cluster-load.json
say "parlor load through the proxy for $duration s (Loc, 8 tables of 2)"
build_bin=${from_build:-build}/bin
[ -x "$build_bin/parlor" ] || build_bin=""
run_load() {
  local args=(load --game loc --tables 8 --seats 2 --rate 4 --duration "$duration" --json)
  if [ -n "$build_bin" ]; then
    "$build_bin/parlor" "${args[@]}" --server "ws://127.0.0.1:$port"
  else  # the image's own client, on the compose network
    "$engine" run --rm --network "${project}_default" --entrypoint parlor "$image" \
      "${args[@]}" --server ws://haproxy:8080
  fi
}
run_load >"$load_json" 2>/tmp/parlor-cluster-load.log &
load_pid=$!
load_started=$(date +%s)
at() { sleep $((load_started + $1 - $(date +%s) > 0 ? load_started + $1 - $(date +%s) : 0)); }

at 8
say "SIGKILL node2 (its tables must resume on node1 and node3)"
"$engine" kill --signal KILL "$(container node2)" >/dev/null 2>>"$compose_log"
at 16
say "node2 starts again"
"$engine" start "$(container node2)" >/dev/null 2>>"$compose_log"
wait_node node2
at 22
grace=15
say "SIGTERM node3 (it hands its rooms over, then exits 0)"
node3=$(container node3)
"$engine" stop -t "$grace" "$node3" >/dev/null 2>>"$compose_log"
exit_code=$("$engine" inspect --format '{{.State.ExitCode}}' "$node3")
[ "$exit_code" = 0 ] || { show_logs; die "node3 exited with $exit_code after SIGTERM, not 0"; }
"$engine" logs "$node3" 2>&1 | grep -q 'stopped' || die "node3's log has no clean stop"
say "node3 stopped cleanly (exit 0); it starts again"
"$engine" start "$node3" >/dev/null 2>>"$compose_log"
wait_node node3

wait "$load_pid" || { cat /tmp/parlor-cluster-load.log >&2; die "parlor load failed: $(cat "$load_json")"; }
report=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
keys = ("actions_accepted", "actions_lost", "matches_finished", "reconnects", "max_stall_ms",
        "stalled_tables", "store_refusals")
print(" ".join(f"{k}={round(r[k]) if isinstance(r[k], float) else r[k]}" for k in keys))
problems = []
if r["actions_lost"] != 0: problems.append("accepted actions were lost")
if r["stalled_tables"] != 0: problems.append("tables stalled at the end")
if r["matches_finished"] < 1: problems.append("no match finished")
if r["reconnects"] < 1: problems.append("no client reconnected: the faults reached no table")
if problems:
    waits = ", ".join(f"table {w['table']} {round(w['ms'])} ms from {w['from_unix_ms'] // 1000 % 86400} s of the UTC day"
                      for w in r.get("stalls", []))
    errors = "; ".join(r.get("errors", [])[:10])
    print("PROBLEMS: " + "; ".join(problems) + (f" (the waits of a second or more: {waits})" if waits else "")
          + (f" (the clients noted: {errors})" if errors else ""))' "$load_json")
say "load: $report"
save_logs
[[ "$report" != *PROBLEMS* ]] || { show_logs; die "${report#*PROBLEMS: }"; }

# ---- The history: the same on every node, and kept across down/up ----
finished_matches() { finished_match_ids "http://127.0.0.1:$port$1"; }  # PREFIX: one node, or /
matches=$(finished_matches /n/node1/)
[ -n "$matches" ] || die "node1 serves no finished match"
for node in node2 node3; do
  [ "$(finished_matches "/n/$node/")" = "$matches" ] || die "$node serves other finished matches than node1"
done
say "every node serves the same $(wc -w <<<"$matches") finished matches"

say "compose down, then up: the history must be kept in PostgreSQL's volume"
down
up || { cat "$compose_log" >&2; die "compose up (again) failed"; }
wait_cluster
after=$(finished_matches /)
for match in $matches; do
  [[ " $after " == *" $match "* ]] || die "match $match is gone after down/up"
done
say "the same finished matches after down/up"

cleanup
trap - EXIT
say "the cluster compose file: every check passed in $(elapsed)"
