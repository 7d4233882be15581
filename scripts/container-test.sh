#!/usr/bin/env bash
# Proves the container deployment as a person would use it, with Podman or Docker:
#
#   scripts/container-test.sh                    # the image and docker/docker-compose.yml
#   scripts/container-test.sh --distro debian13  # build + CTest inside Debian 13 instead
#   scripts/container-test.sh --image NAME       # test an image already built, no build
#   scripts/container-test.sh --from-build DIR   # the image around binaries built on the
#                                                # host (DIR/bin), as CI runs it
#   scripts/container-test.sh --install          # only install the engine's packages
#   scripts/container-test.sh --base [--distro D]  # ... and make the base image, no test
#
# Default run: makes the debian:12 base images if absent (scripts/container-base.sh),
# builds docker/Dockerfile (npm's CA mounted for the build only), brings the compose
# file up on a loopback port, checks /healthz, the web page and the server's non-root
# uid, plays matches with `parlor load` (the image's own binary), checks the finished
# matches survive `down`/`up` and an online backup holds them, checks SIGTERM stops the
# server cleanly within the grace period, runs the image with a self-signed certificate
# (HTTPS, plain HTTP refused, the health check over TLS), then takes the project's
# containers, network and volume down (the images stay, as a build cache).
#
# --from-build DIR: instead of compiling Parlor inside the image (about half an hour on
# two cores), the runtime stage of docker/Dockerfile, unchanged but for where its files
# come from, is built around DIR/bin/parlor-server, DIR/bin/parlor and the web client
# built on this Debian 12 host. Everything after the build is the same test. The full
# Dockerfile build stays tested by the default run.
#
# --distro debian13: the repository's files (tracked and new, as `git ls-files` sees
# them) are built with scripts/setup.sh and tested with CTest inside a debian:13
# container (Boost 1.83, GCC 14), made the same way.
#
# --install and --base prepare without testing. scripts/test.sh installs first (apt must
# not run twice at once), then makes the base image (debootstrap: mostly downloading and
# unpacking, several minutes) in the background while Parlor compiles.
#
# Skips (exit 0, with the reason) when no container engine can run here. Missing
# packages (podman, podman-compose, runc, debootstrap) are installed from Debian's
# packages when run as root. ENGINE=podman|docker picks the engine; NPM_CA=FILE names
# the CA npm needs (default: `npm config get cafile`, when there is one).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[parlor containers]\033[0m %s\n' "$*"; }
die() {
  printf '\033[1m[parlor containers]\033[0m FAILED: %s\n' "$*" >&2
  exit 1
}
skip() {
  say "SKIPPED: $*"
  exit 0
}

distro=debian12
prebuilt=""
from_build=""
prepare=""
while [ $# -gt 0 ]; do
  case "$1" in
    --install | --base) prepare=${1#--}; shift ;;
    --image) prebuilt=${2:?--image needs an image name}; shift 2 ;;
    --distro) distro=${2:?--distro needs debian12 or debian13}; shift 2 ;;
    --distro=*) distro=${1#--distro=}; shift ;;
    --from-build) from_build=${2:?--from-build needs a build directory}; shift 2 ;;
    *) echo "usage: container-test.sh [--distro debian12|debian13] [--image NAME] [--from-build DIR] [--install | --base]" >&2; exit 2 ;;
  esac
done
case "$distro" in debian12 | debian13) ;; *) die "unknown --distro $distro" ;; esac
started=$(date +%s)

# ---- The engine ----
. scripts/container-engine.sh
choose_container_engine
[ "$prepare" = install ] && exit 0
"$engine" info >/dev/null 2>&1 || skip "$engine cannot run here ($engine info fails)"

version=12
[ "$distro" = debian13 ] && version=13
ENGINE=$engine bash scripts/container-base.sh "$version"
[ "$prepare" = base ] && exit 0
"$engine" run --rm "debian:$version" true >/dev/null 2>&1 \
  || skip "$engine cannot start a container here (try: $engine run --rm debian:$version true)"

elapsed() { echo "$(($(date +%s) - started)) s"; }

# npm's CA, for the build only (the web client's packages come from the npm registry).
ca=${NPM_CA:-}
if [ -z "$ca" ] && command -v npm >/dev/null 2>&1; then
  ca=$(npm config get cafile 2>/dev/null || true)
  if [ "$ca" = null ] || [ "$ca" = undefined ]; then ca=""; fi
fi
if [ -n "$ca" ] && [ ! -f "$ca" ]; then ca=""; fi

# ---- Debian 13: build and CTest inside a container ----
if [ "$distro" = debian13 ]; then
  say "building and testing inside debian:13 ($(git ls-files -co --exclude-standard | wc -l) files)"
  # A compiler cache and the downloaded packages kept on the host between runs: a second
  # run downloads nothing and compiles only what changed.
  ccache_dir=${PARLOR_CONTAINER_CCACHE:-/var/tmp/parlor-ccache-debian13}
  apt_dir=/var/tmp/parlor-apt-debian13
  mkdir -p "$ccache_dir" "$apt_dir"
  run_args=(-v "$ccache_dir:/ccache" -e CCACHE_DIR=/ccache -v "$apt_dir:/var/cache/apt/archives"
    -e PARLOR_CMAKE_ARGS="-DPARLOR_WERROR=ON -DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
  if [ -n "$ca" ]; then
    run_args+=(-v "$ca:/run/npm-ca.pem:ro" -e NODE_EXTRA_CA_CERTS=/run/npm-ca.pem)
  fi
  # Only the repository's own files go in (tracked and new): no build folders, no
  # node_modules. The compiler runs at a lower priority than the machine's other work.
  git ls-files -co --exclude-standard -z | tar -c --null -T - \
    | nice -n 10 "$engine" run --rm -i "${run_args[@]}" "debian:13" bash -c '
      set -euo pipefail
      mkdir /src && cd /src && tar -x
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends python3 openssl ca-certificates ccache postgresql >/dev/null
      # Debian 13 has PostgreSQL 17, not 15: the store and cluster tests start that one.
      PARLOR_PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
      export PARLOR_PG_BIN CCACHE_BASEDIR=/src CCACHE_NOHASHDIR=1
      bash scripts/setup.sh
      ctest --test-dir build --output-on-failure --parallel "$(nproc)" --timeout 1500' \
    || die "the Debian 13 build or its tests failed (after $(elapsed))"
  say "Debian 13: built and every test passed in $(elapsed)"
  exit 0
fi

# ---- Debian 12: the image and the compose file ----

image=parlor:latest
ca_args=()
if [ -n "$ca" ] && [ -f "$ca" ]; then
  say "npm's CA for the build only: $ca"
  if [ "$engine" = podman ]; then
    ca_args=(-v "$ca:/run/npm-ca.pem:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/npm-ca.pem)
  else
    ca_args=(--secret "id=npm_ca,src=$ca" --build-arg NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca)
  fi
fi
if [ -n "$prebuilt" ]; then
  "$engine" tag "$prebuilt" "$image" || die "no image $prebuilt"
  say "testing the image $prebuilt (not built here)"
elif [ -n "$from_build" ]; then
  build_runtime_image_from "$from_build" "$image"
else
  say "building $image (docker/Dockerfile)"
  build_started=$(date +%s)
  # Podman writes OCI images by default, which have no HEALTHCHECK: ask for Docker's format.
  format_args=()
  [ "$engine" = podman ] && format_args=(--format docker)
  "$engine" build "${format_args[@]}" "${ca_args[@]}" -f docker/Dockerfile -t "$image" . >/tmp/parlor-image-build.log 2>&1 \
    || { tail -n 40 /tmp/parlor-image-build.log >&2; die "the image did not build (log: /tmp/parlor-image-build.log)"; }
  say "built in $(($(date +%s) - build_started)) s"
fi
size=$("$engine" image inspect --format '{{.Size}}' "$image")
say "$image is $((size / 1000000)) MB"
# The CA was the build's only: no variable names it in the image, and nothing of it is
# there (Podman's -v leaves an empty mount point behind in each stage: nothing more).
"$engine" run --rm --entrypoint bash "$image" \
  -c 'test -z "${NODE_EXTRA_CA_CERTS:-}" && test ! -s /run/npm-ca.pem && test ! -s /run/secrets/npm_ca' \
  || die "the build's CA (or its path) is in the image"

project=parlortest
port=$(free_loopback_port 2>/dev/null || echo 18480)
# Published on loopback only: this is a test, not a deployment.
export PARLOR_PUBLISH="127.0.0.1:$port"
compose_file=docker/docker-compose.yml
up() { "${compose[@]}" -p "$project" -f "$compose_file" up -d >>/tmp/parlor-compose.log 2>&1; }
down() { "${compose[@]}" -p "$project" -f "$compose_file" down "$@" >>/tmp/parlor-compose.log 2>&1; }
container() {
  "$engine" ps -a -q --filter "label=com.docker.compose.project=$project" \
    --filter "label=com.docker.compose.service=parlor" | head -n1
}
cleanup() {
  down -v || true
  "$engine" volume rm -f "${project}_parlor-data" >/dev/null 2>&1 || true
  "$engine" network rm -f "${project}_default" >/dev/null 2>&1 || true
}
trap cleanup EXIT
: >/tmp/parlor-compose.log
cleanup

wait_healthy() {
  for _ in $(seq 100); do
    if curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then return 0; fi
    sleep 0.3
  done
  "$engine" logs "$(container)" >&2 || true
  die "/healthz did not answer on 127.0.0.1:$port"
}

say "compose up on 127.0.0.1:$port"
up || { cat /tmp/parlor-compose.log >&2; die "compose up failed"; }
wait_healthy
health=$(curl -sf "http://127.0.0.1:$port/healthz")
say "/healthz: $health"
page=$(curl -sf "http://127.0.0.1:$port/") || die "no web page at /"
[[ "$page" == *"<html"* ]] || die "the web page at / is not HTML"
say "the web page is served at /"
id=$(container)
uid=$("$engine" exec "$id" sh -c 'awk "/^Uid:/{print \$2}" /proc/1/status')
[ "$uid" != 0 ] || die "the server runs as root"
say "the server runs as uid $uid"
"$engine" exec "$id" /usr/local/bin/parlor-healthcheck || die "the image's health check fails"

say "playing matches with parlor load (inside the container, on its own port)"
"$engine" exec "$id" parlor load --server ws://127.0.0.1:8080 --game loc --tables 2 --seats 2 \
  --rate 4 --duration 20 --json >/tmp/parlor-load.json \
  || die "parlor load failed: $(cat /tmp/parlor-load.json)"
finished=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["matches_finished"])' /tmp/parlor-load.json)
[ "$finished" -ge 1 ] || die "no match finished under parlor load: $(cat /tmp/parlor-load.json)"
# The finished matches in the history API (a match still in progress at the end of the
# load may be resumed or aborted by the next start-up: not compared).
finished_matches() { finished_match_ids "http://127.0.0.1:$port/"; }
matches_before=$(finished_matches)
count_before=$(wc -w <<<"$matches_before")
[ "$count_before" -ge 1 ] || die "/api/matches lists no finished match"
say "$finished matches finished; /api/matches lists $count_before of them"

say "an online backup of the live database (sqlite3 .backup, as docker/README.md says)"
"$engine" exec "$id" sqlite3 /data/parlor.db ".backup /data/backup-test.db" \
  || die "sqlite3 .backup failed in the container"
finished_query="SELECT count(*) FROM matches WHERE status = 'over';"
live=$("$engine" exec "$id" sqlite3 /data/parlor.db "$finished_query")
backed_up=$("$engine" exec "$id" sqlite3 /data/backup-test.db \
  "PRAGMA integrity_check; $finished_query" | tr '\n' ' ')
[ "$backed_up" = "ok $live " ] || die "the backup holds \"$backed_up\", not ok and $live matches"
"$engine" exec "$id" rm -f /data/backup-test.db
say "the backup is intact and holds the $live finished matches"

say "compose down, then up: the history must be kept in the volume"
down
up || { cat /tmp/parlor-compose.log >&2; die "compose up (again) failed"; }
wait_healthy
matches_after=$(finished_matches)
for match in $matches_before; do
  [[ " $matches_after " == *" $match "* ]] || die "match $match is gone after down/up"
done
say "the same $count_before finished matches after down/up"

id=$(container)
grace=10
say "SIGTERM: the server must stop by itself within ${grace} s"
stop_started=$(date +%s)
"$engine" stop -t "$grace" "$id" >/dev/null
stop_seconds=$(($(date +%s) - stop_started))
exit_code=$("$engine" inspect --format '{{.State.ExitCode}}' "$id")
"$engine" logs "$id" 2>&1 | grep -q 'stopped' || die "the server's log has no clean stop"
[ "$exit_code" = 0 ] || die "the server exited with $exit_code after SIGTERM"
[ "$stop_seconds" -lt "$grace" ] || die "the stop took ${stop_seconds} s (killed at the grace period)"
say "stopped cleanly in ${stop_seconds} s (exit 0)"

say "TLS in the image: a self-signed certificate given by PARLOR_TLS_CERT/PARLOR_TLS_KEY"
certs=$(mktemp -d /tmp/parlor-certs.XXXXXX)
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
  -keyout "$certs/key.pem" -out "$certs/cert.pem" -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 >/dev/null 2>&1 || die "openssl could not make a certificate"
chmod 755 "$certs" && chmod 644 "$certs/key.pem"  # the server runs as uid 10001
tls_port=$(free_loopback_port)
tls_id=$("$engine" run -d -p "127.0.0.1:$tls_port:8080" -v "$certs:/certs:ro" \
  -e PARLOR_TLS_CERT=/certs/cert.pem -e PARLOR_TLS_KEY=/certs/key.pem "$image")
tls_ok=""
for _ in $(seq 50); do
  if curl -sf --cacert "$certs/cert.pem" "https://127.0.0.1:$tls_port/healthz" >/dev/null; then tls_ok=1; break; fi
  sleep 0.3
done
plain_status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$tls_port/healthz" || true)
"$engine" exec "$tls_id" /usr/local/bin/parlor-healthcheck && tls_health=ok || tls_health=failed
tls_log=$("$engine" logs "$tls_id" 2>&1 | tail -n 5)
"$engine" rm -f -v -t 5 "$tls_id" >/dev/null 2>&1 || true
rm -rf "$certs"
[ -n "$tls_ok" ] || die "no HTTPS /healthz from the image with a certificate: $tls_log"
[ "$plain_status" = 400 ] || die "plain HTTP on the image's TLS port answered $plain_status, not 400"
[ "$tls_health" = ok ] || die "the image's health check fails over TLS"
say "HTTPS /healthz answers, plain HTTP gets 400, the health check passes over TLS"

cleanup
trap - EXIT
say "image $image: $((size / 1000000)) MB; every container check passed in $(elapsed)"
