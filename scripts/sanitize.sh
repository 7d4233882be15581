#!/usr/bin/env bash
# Builds Parlor with a sanitizer in its own directory and runs what that sanitizer is for
# (docs/reliability.md, section 12, says what CI runs and why):
#   scripts/sanitize.sh address   ASan + UBSan (-DPARLOR_SANITIZE=address) in build-asan/:
#                                 the whole CTest suite, then a sanitized parlor-server
#                                 under `parlor load` for every game, stopped with SIGTERM
#                                 (no leak or error report allowed)
#   scripts/sanitize.sh thread    TSan (-DPARLOR_SANITIZE=thread) in build-tsan/: the
#                                 tests of the code that runs on several threads (label
#                                 "threads": server, rooms and their bot pool, store,
#                                 accounts, clubs, faults, TLS), then the same short load on
#                                 a TSan server driven by the Release `parlor` when built.
#                                 The single-threaded drivers (persistence_tests,
#                                 server_games_tests, the CLI) run in Release and ASan: TSan
#                                 finds nothing in them and their build was a sixth of
#                                 the TSan tree
#   scripts/sanitize.sh KIND --server-only
#                                 only the server and the load generator are built, and
#                                 only the load part runs: a first answer in a fraction of
#                                 the time (a whole sanitized tree takes hours on 2 cores)
#   scripts/sanitize.sh KIND --build-only
#                                 only the build (scripts/test.sh runs it beside the
#                                 Release tests, at the lowest priority)
# Any report fails the run. PARLOR_SANITIZE_SECONDS sets the load per game (default 5).
# PARLOR_TEST_WORKLOAD (a fraction, default 1) scales the property tests' repetitions:
# the random playouts, the crash test's kills, the secrecy test's matches
# (tests/support/test_workload.hpp). Below 1, the exhaustive hand checks (label
# "exhaustive": every hand, which cannot be scaled; 45 minutes under ASan) are left to the
# Release suite, which runs them in full, and to the fuzzers, which run the evaluators
# under ASan. CI passes 0.05: every other test, shorter (scripts/test.sh).
# PARLOR_SANITIZE_DIR names a build directory that is already sanitized to use as it is
# (not configured again): CI passes build-fuzz, whose clang build instruments every
# library with ASan + UBSan, for `address` (scripts/test.sh).
# Suppressions, each with its reason, are in scripts/sanitizer-suppressions/.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\033[1m[parlor sanitize]\033[0m %s\n' "$*"; }
. scripts/quiet-build.sh

usage() { echo "usage: scripts/sanitize.sh address|thread [--server-only|--build-only]" >&2; exit 2; }
kind="${1:-}"
server_only=false build_only=false
case "${2:-}" in
  "") ;;
  --server-only) server_only=true ;;
  --build-only) build_only=true ;;
  *) usage ;;
esac
case "$kind" in
  address) dir=build-asan labels="" scale=3 ;;
  thread) dir=build-tsan labels="threads" scale=6 ;;
  *) usage ;;
esac
seconds="${PARLOR_SANITIZE_SECONDS:-5}"
suppressions="$PWD/scripts/sanitizer-suppressions"
# halt_on_error: the first report fails the test that caused it, with its stack.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$suppressions/lsan.supp:${LSAN_OPTIONS:-}"
# The tests' waits for a server (its start and stop, replies, a match's end) are sized for
# Release; a sanitized server is that much slower (tests/server/test_patience.hpp).
export PARLOR_TEST_TIME_SCALE="${PARLOR_TEST_TIME_SCALE:-$scale}"
export PARLOR_TEST_WORKLOAD="${PARLOR_TEST_WORKLOAD:-1}"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$suppressions/tsan.supp:${TSAN_OPTIONS:-}"
# The io threads of the servers the suite starts, where they give none: under TSan, two
# (rooms and connections on strands, handlers on both threads), which is what the default
# is only on machines of more than two cores; the load below runs one (the default on two
# cores: no strands), so that both ways are checked for races.
suite_env=() load_threads=0
if [ "$kind" = thread ]; then suite_env=(PARLOR_THREADS=2) load_threads=1; fi

launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
started=$(date +%s)
if [ -n "${PARLOR_SANITIZE_DIR:-}" ]; then
  dir="$PARLOR_SANITIZE_DIR"
  [ -f "$dir/CMakeCache.txt" ] || { echo "PARLOR_SANITIZE_DIR=$dir: not a configured build" >&2; exit 2; }
  say "using $dir as it is configured"
  # The fuzzing build is configured without the tests; all but --server-only need them
  # configured (nothing already built changes).
  if ! $server_only && ! grep -q '^PARLOR_BUILD_TESTS:BOOL=ON' "$dir/CMakeCache.txt"; then
    cmake -DPARLOR_BUILD_TESTS=ON "$dir" >/dev/null
  fi
else
  say "configuring $dir (-DPARLOR_SANITIZE=$kind)"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPARLOR_SANITIZE="$kind" \
    -DPARLOR_BUILD_BENCHMARKS=OFF "${launcher[@]}" >/dev/null
fi
if $server_only; then
  targets=(parlor-server parlor)
elif [ "$kind" = thread ]; then
  # parlor_threads_tests: every binary of the tests labelled "threads" (tests/CMakeLists.txt).
  targets=(parlor_threads_tests parlor-server parlor-server-secret)
else
  targets=(all)
fi
say "building ${targets[*]}"
quiet_build "test-artifacts/sanitize-$kind-build.log" "$dir" "${targets[@]}"
built=$(date +%s)
say "built in $((built - started)) s"
$build_only && exit 0

label_args=()
if [ -n "$labels" ]; then label_args=(-L "$labels"); fi
# Compared as a number, as the tests read it (a value above 1 counts as 1).
if awk -v w="$PARLOR_TEST_WORKLOAD" 'BEGIN { exit !(w > 0 && w < 1) }'; then
  label_args+=(-LE exhaustive)
  say "property tests at workload $PARLOR_TEST_WORKLOAD; the exhaustive hand checks left to Release"
fi
# Sanitized code runs 2-15x slower: the timeout is the normal suite's.
if ! $server_only; then
  env "${suite_env[@]}" \
    ctest --test-dir "$dir" --output-on-failure --parallel "$(nproc)" --timeout 1500 "${label_args[@]}"
fi
tested=$(date +%s)
$server_only || say "suite passed in $((tested - built)) s"

# A sanitized server under the load generator, every game, then SIGTERM: its log must
# hold no sanitizer report and it must exit 0 (LeakSanitizer runs at exit).
# The load client only drives the server; a Release one (scripts/setup.sh) saves building
# the CLI sanitized.
load_client="$dir/bin/parlor"
if [ "$kind" = thread ] && ! $server_only && [ -x build/bin/parlor ]; then
  load_client=build/bin/parlor
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
port=$((20000 + RANDOM % 20000))
for game in perico loc pedro carioca poker; do
  seats=4
  if [ "$game" = carioca ]; then seats=3; fi
  "$dir/bin/parlor-server" --port "$port" --db "$work/$game.db" --rate 0 --max-connections-per-ip 0 \
    --bot-delay-ms 0 --turn-seconds 0 --round-pause-ms 0 --threads "$load_threads" \
    --log-level warn >"$work/$game.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
  "$load_client" load --server "ws://127.0.0.1:$port" --game "$game" --tables 8 \
    --seats "$seats" --duration "$seconds" --json >"$work/$game.json" 2>>"$work/$game.log" || true
  kill -TERM "$server"
  status=0
  wait "$server" || status=$?
  actions=$(python3 -c "import json,sys; print(json.load(open('$work/$game.json')).get('actions_accepted', '?'))" 2>/dev/null || echo '?')
  if [ "$status" != 0 ] || grep -qE 'Sanitizer|runtime error' "$work/$game.log"; then
    say "FAILED: $game server exit $status"
    grep -m1 -A30 -E 'Sanitizer|runtime error' "$work/$game.log" || tail -30 "$work/$game.log"
    exit 1
  fi
  say "$game: $actions actions under load, clean shutdown, no report"
done
say "done in $(($(date +%s) - started)) s (build $((built - started)) s, suite $((tested - built)) s)"
