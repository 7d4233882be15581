#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh, with Chromium for the browser tests), builds
# with warnings as errors, and runs every test: unit, property, scenario, integration,
# the exhaustive hand-evaluation checks and the browser tests. Exits non-zero on any
# failure. PARLOR_TEST_LABELS (a CTest -L regex) narrows the run (and skips fuzzing);
# PARLOR_RELEASE_WORKLOAD, PARLOR_FUZZ_SECONDS, PARLOR_SANITIZE_WORKLOAD and
# PARLOR_SANITIZE_CI: see below.
#
#   scripts/test.sh --quick   the inner loop (a contract): the build, the formatting check
#                             and every CTest test that needs no sanitizer build, no
#                             container and no browser, except those labelled `slow` or
#                             `exhaustive` (minutes each: the crash tests' kills, the
#                             secrecy sweep, every hand); it aims at 5 minutes on a warm
#                             two-core machine. The full command runs all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
case "${1:-}" in
  "") ;;
  --quick) quick=true ;;
  *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
export PARLOR_SETUP_BROWSER=1
if $quick; then
  export PARLOR_SETUP_BROWSER=0 PARLOR_CONTAINER_TEST=0 PARLOR_FUZZ_SECONDS=0
  export PARLOR_TEST_LABELS="${PARLOR_TEST_LABELS:-}"
fi
# postgresql-15: the PostgreSQL store's and the cluster's tests start a throwaway server.
export PARLOR_SETUP_POSTGRES=1
export PARLOR_CMAKE_ARGS="-DPARLOR_WERROR=ON ${PARLOR_CMAKE_ARGS:-}"

# How long each phase took, printed at the end, after a failure too: CI's budget is 40
# minutes on two cores, and its log should say where they went.
timings=()
phase_name=""
phase_started=$SECONDS
run_started=$SECONDS
phase() {
  if [ -n "$phase_name" ]; then timings+=("$phase_name $((SECONDS - phase_started)) s"); fi
  phase_name=$1
  phase_started=$SECONDS
}
print_timings() {
  phase ""
  local joined
  joined=$(printf '%s; ' "${timings[@]}")
  echo "[parlor test] took $((SECONDS - run_started)) s: ${joined%; }"
}
kill_tree() {  # PID: it and every process below it
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
on_exit() {
  print_timings
  # A sanitized build still running when an earlier phase failed is not left behind.
  local pid
  for pid in "${early_jobs[@]}"; do kill_tree "$pid"; done
}
declare -A early_jobs=()
trap on_exit EXIT

container_mode="${PARLOR_CONTAINER_TEST:-prebuilt}"
base_job=""
base_log="test-artifacts/container-base.log"
if ! $quick && [ "$container_mode" != 0 ] && [ -z "${PARLOR_TEST_LABELS:-}" ]; then
  # The container test's packages now (apt must not run while setup.sh's does), and its
  # Debian base image (debootstrap, several minutes of downloading and unpacking) in the
  # background while Parlor compiles; it is awaited before the first test, whose timings
  # it must not disturb. A failure here shows again, with its reason, in the container
  # test itself, which makes the image when it is missing.
  phase "container packages"
  distro=debian12
  [ "$container_mode" = debian13 ] && distro=debian13
  bash scripts/container-test.sh --install
  mkdir -p test-artifacts
  # Then, for the cluster's container test, the stand-ins of postgres:15 and haproxy:2.6
  # (Debian packages installed in containers: mostly downloading, a minute or two).
  {
    bash scripts/container-test.sh --base --distro "$distro" \
      && if [ "$distro" = debian12 ]; then bash scripts/cluster-container-test.sh --standins; fi
  } >"$base_log" 2>&1 &
  base_job=$!
fi
# The sanitized trees' compilers, now too: their builds start beside the Release tests.
sanitizers=false
if ! $quick && [ -z "${PARLOR_TEST_LABELS:-}" ]; then sanitizers=true; fi
asan=false
if $sanitizers && [ "${PARLOR_FUZZ_SECONDS:-20}" != 0 ]; then
  asan=true
  phase "sanitizer toolchain"
  say() { printf '[parlor test] %s\n' "$*"; }
  . scripts/install-missing.sh
  install_missing_packages clang-15 libfuzzer-15-dev lld
fi
phase "setup and build"
bash scripts/setup.sh
if [ -n "$base_job" ]; then
  phase "waiting for the container base image"
  if wait "$base_job"; then
    tail -n 1 "$base_log"
  else
    echo "[parlor test] making the container base images failed (see $base_log); the container tests will say why"
  fi
fi
# The tracked C++ files as .clang-format says (clang-format 14, Debian 12's): a few seconds.
phase "formatting"
git ls-files -z '*.cpp' '*.hpp' '*.h' '*.cc' | xargs -0 clang-format --dry-run -Werror
# The two sanitized trees are built from nothing on a fresh machine (CI's: about 20
# minutes of both cores together, most of the run's compiling). They start here, beside
# the Release tests, the browser tests and the containers, at the lowest priority: they
# take only the CPU those leave while they wait on servers, pages and podman, and each
# phase that needs its tree waits for it (the build goes on at full speed then, as it
# would have anyway). build-fuzz is the clang tree whose every library has ASan, UBSan and
# the fuzzers' coverage: the fuzz targets and the whole suite are built in it (its tests
# configured from the start); build-tsan is gcc's ThreadSanitizer tree of the server.
start_early() {  # NAME COMMAND...: a background job, its output to test-artifacts/NAME.log
  local name=$1
  shift
  "$@" >"test-artifacts/$name.log" 2>&1 &
  early_jobs[$name]=$!
}
await_early() {  # NAME: waits for it, prints its log; fails if it failed
  local status=0
  wait "${early_jobs[$1]}" || status=$?
  cat "test-artifacts/$1.log"
  if [ "$status" != 0 ]; then echo "[parlor test] FAILED (exit $status): test-artifacts/$1.log"; fi
  return "$status"
}
asan_build() {
  PARLOR_FUZZ_TESTS=ON nice -n 19 bash scripts/fuzz.sh --build-only \
    && PARLOR_SANITIZE_DIR="${PARLOR_FUZZ_BUILD:-build-fuzz}" nice -n 19 bash scripts/sanitize.sh address --build-only
}
tsan_build() { nice -n 19 bash scripts/sanitize.sh thread --build-only; }
if $sanitizers; then
  mkdir -p test-artifacts
  echo "[parlor test] building the sanitized trees beside the tests (test-artifacts/*-build.log)"
  if $asan; then start_early asan-build asan_build; fi
  start_early tsan-build tsan_build
fi
phase "ctest"
# The games' random playouts repeat half their matches here (PARLOR_RELEASE_WORKLOAD,
# passed on as PARLOR_TEST_WORKLOAD; 1 runs them all, as `ctest` by hand does): CI's
# machine became about 30% slower than the one its 40-minute budget was measured on, and
# the playouts were a third of this phase's CPU (2026-11-29, in docs/reliability.md's
# history). The issues' floors stay whole (the crash test's 50 kills and the secrecy
# test's 200 matches scale at a sanitizer's workload only), and the exhaustive hand checks
# do not scale.
release_workload="${PARLOR_RELEASE_WORKLOAD:-0.5}"
# The quick loop plays a quarter of the playouts: it is for a first answer in minutes; the
# full run's half is what CI holds a change to.
if $quick; then release_workload="${PARLOR_RELEASE_WORKLOAD:-0.25}"; fi
echo "[parlor test] running the test suite on $(nproc) cores, playouts at workload $release_workload"
label_args=()
if [ -n "${PARLOR_TEST_LABELS:-}" ]; then label_args=(-L "$PARLOR_TEST_LABELS"); fi
if $quick; then label_args+=(-LE 'slow|exhaustive'); fi
PARLOR_TEST_WORKLOAD="$release_workload" \
  ctest --test-dir build --output-on-failure --parallel "$(nproc)" --timeout 1500 \
  "${label_args[@]}"
# The container deployment, proven end to end (scripts/container-test.sh: the image,
# compose, a load of matches, backups, down/up, SIGTERM, TLS; it skips with a message
# where no container can run). By default the image is made from docker/Dockerfile's
# runtime stage around the binaries just built and tested (`--from-build build`: about
# 4 minutes, plus a few the first time to make the Debian base image): building Parlor
# again inside the image would take CI past its 40-minute budget on two cores.
# PARLOR_CONTAINER_TEST=1 builds the whole Dockerfile; =debian13 builds and tests Parlor
# inside Debian 13; =0 skips.
# Then the cluster's compose file (scripts/cluster-container-test.sh: PostgreSQL, three
# nodes and HAProxy in containers, a load played through a node's SIGKILL and another's
# SIGTERM; about 2 minutes, plus one or two the first time to make the stand-in images
# of postgres:15 and haproxy:2.6 from Debian's packages), on the image just tested.
run_containers() {
  case "$container_mode" in
    0) echo "[parlor test] container deployment not tested (PARLOR_CONTAINER_TEST=0)" ;;
    prebuilt)
      bash scripts/container-test.sh --from-build build
      bash scripts/cluster-container-test.sh --image parlor:latest
      ;;
    debian13) bash scripts/container-test.sh --distro debian13 ;;
    *)
      bash scripts/container-test.sh
      bash scripts/cluster-container-test.sh --image parlor:latest
      ;;
  esac
}
# Fuzzing (docs/reliability.md): every libFuzzer target replays its checked-in corpus
# (the reproducers of every fixed finding among them: a failure there fails the run),
# then explores for PARLOR_FUZZ_SECONDS each (default 20, 30 until 2026-11-29; 0 skips
# fuzzing). A crash or a leak found while exploring fails the run, with its reproducer
# printed: it is a defect, whatever change brought CI to it. A timeout or the memory limit
# is printed but fails the run only with PARLOR_FUZZ_FINDINGS_FAIL=1: on a loaded runner a
# slow input is not yet a hang (docs/reliability.md).
fuzz_seconds="${PARLOR_FUZZ_SECONDS:-20}"
sanitize_workload="${PARLOR_SANITIZE_WORKLOAD:-0.05}"

# The browser tests and the prebuilt image's container tests run side by side (with the
# sanitized builds beside both): alone, the browser tests left two thirds of both cores
# idle (waiting on pages and on the server), and the container tests three quarters
# (waiting on podman and health checks). Each job's output is printed whole when it
# ends; a failure of any fails the run, after all have ended. Fuzzing runs the same way
# beside the ASan suite, below.
background_jobs=()
background_logs=()
start_beside() {  # NAME COMMAND...: runs it in the background, its output to a log
  local log="test-artifacts/$1.log"
  shift
  "$@" >"$log" 2>&1 &
  background_jobs+=($!)
  background_logs+=("$log")
}
wait_beside() {  # prints each job's log; fails after the last if any failed
  local i status failed=0
  for i in "${!background_jobs[@]}"; do
    status=0
    wait "${background_jobs[$i]}" || status=$?
    cat "${background_logs[$i]}"
    if [ "$status" != 0 ]; then
      echo "[parlor test] FAILED (exit $status): ${background_logs[$i]}"
      failed=1
    fi
  done
  return "$failed"
}
run_fuzzing() {  # from build-fuzz as asan_build left it
  PARLOR_FUZZ_JOBS=1 PARLOR_FUZZ_FINDINGS_FAIL="${PARLOR_FUZZ_FINDINGS_FAIL:-crash}" \
    nice -n 19 bash scripts/fuzz.sh --no-build "$fuzz_seconds"
}
# The browser tests run in a network namespace of their own, with loopback only: Chromium
# aborts a page's pending requests (ERR_NETWORK_CHANGED) whenever a network interface comes
# or goes, and the container tests beside them make and remove several (a bridge, a veth
# per container). CI's run of 2026-11-29 lost two tests so: a page whose module never
# arrived stayed blank (the page now reloads itself once: static/index.html, but a second
# change within the minute still fails it). Where no namespace can be made (not root),
# they run as before.
containers_beside=false
browser_status=0
if $quick; then
  echo "[parlor test] quick loop passed (the full command adds the slow tests, the browsers, fuzzing, containers and sanitizers)"
  exit 0
fi
if [ -z "${PARLOR_TEST_LABELS:-}" ]; then
  phase "browser tests and containers"
  mkdir -p test-artifacts
  # Only the prebuilt image: the others compile Parlor inside it, which needs the cores.
  if [ "$container_mode" = prebuilt ]; then
    echo "[parlor test] container deployment (test-artifacts/containers.log)"
    start_beside containers run_containers
    containers_beside=true
  fi
  if [ -f clients/web/package.json ]; then
    in_own_network=()
    if unshare --net sh -c 'ip link set lo up' 2>/dev/null; then
      in_own_network=(unshare --net sh -c 'ip link set lo up && exec "$@"' browser-tests)
    fi
    echo "[parlor test] browser tests${in_own_network:+ (in a network namespace of their own: loopback only)}"
    (cd clients/web && "${in_own_network[@]}" npm run --silent test:browser) || browser_status=$?
  fi
fi
beside_status=0
wait_beside || beside_status=1
background_jobs=() background_logs=()
if [ "$browser_status" != 0 ]; then echo "[parlor test] FAILED: the browser tests"; exit 1; fi
[ "$beside_status" = 0 ] || exit 1
if [ "$fuzz_seconds" != 0 ] && [ -z "${PARLOR_TEST_LABELS:-}" ]; then
  # The whole CTest suite under ASan + UBSan, then a sanitized server under load: the
  # fuzzing build (clang, every library with ASan and UBSan) links every test binary,
  # parlor-server and parlor too. Any report, at run time or LeakSanitizer's at exit,
  # fails the run. The property tests repeat their checks a twentieth as often as at the
  # full workload (PARLOR_SANITIZE_WORKLOAD, passed on as PARLOR_TEST_WORKLOAD:
  # tests/support/test_workload.hpp; a tenth until CI's runs passed 40 minutes on a slower
  # machine), and the exhaustive hand checks run in Release only:
  # in full, the sanitized suites take hours on two cores (docs/reliability.md, section
  # 12; PARLOR_SANITIZE_CI=1, below).
  # Fuzzing runs beside it, one target at a time at the lowest priority: it takes what the
  # suite leaves while its servers wait (it explores for its seconds however little CPU
  # that is), and it needs the same tree.
  phase "ASan + UBSan suite and server, fuzzing beside"
  await_early asan-build
  echo "[parlor test] fuzzing, $fuzz_seconds s per target (test-artifacts/fuzzing.log)"
  start_beside fuzzing run_fuzzing
  asan_status=0
  PARLOR_TEST_WORKLOAD="$sanitize_workload" \
    PARLOR_SANITIZE_DIR="${PARLOR_FUZZ_BUILD:-build-fuzz}" bash scripts/sanitize.sh address \
    || asan_status=$?
  wait_beside || asan_status=1
  [ "$asan_status" = 0 ] || exit 1
fi
# ThreadSanitizer (build-tsan, gcc): the tests labelled "threads" (the code that runs on
# several threads) at the same workload, then the same short load on a TSan server.
if [ -z "${PARLOR_TEST_LABELS:-}" ]; then
  phase "TSan server tests and server"
  await_early tsan-build
  PARLOR_TEST_WORKLOAD="$sanitize_workload" bash scripts/sanitize.sh thread
fi
# The same sanitized runs at the full workload (the exhaustive hand checks and every
# repetition; in build-asan and build-tsan): hours on two cores, so opt in.
if [ "${PARLOR_SANITIZE_CI:-0}" = 1 ]; then
  phase "sanitizers at the full workload"
  PARLOR_TEST_WORKLOAD=1 bash scripts/sanitize.sh address
  PARLOR_TEST_WORKLOAD=1 bash scripts/sanitize.sh thread
fi
if ! $containers_beside; then
  phase "containers"
  run_containers
fi
echo "[parlor test] all tests passed"
