#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz, clang, -DPARLOR_FUZZ=ON) in build-fuzz/ and
# runs each for SECONDS (default 60) from a copy of its checked-in corpus
# tests/fuzz/corpus/NAME/, so the checked-in corpus grows only by reproducers added on
# purpose. A crash, leak, timeout or broken property fails the script and prints the
# reproducer's path (kept in test-artifacts/fuzz/); to keep one, fix the bug and copy the
# file into tests/fuzz/corpus/NAME/. Per-target executions go to
# test-artifacts/fuzz/summary.txt.
#   scripts/fuzz.sh [SECONDS] [NAME...]   run all targets, or the ones named
#   scripts/fuzz.sh --make-corpus         regenerate the seed corpora (make_corpus.py and
#                                         fuzz_corpus_maker); review, then commit
#   scripts/fuzz.sh --build-only          only configure and build the targets
#   scripts/fuzz.sh --no-build [...]      run the targets as they are built (scripts/test.sh:
#                                         its sanitized suite runs from the same tree beside)
#   PARLOR_FUZZ_TESTS   ON: configure the tree with the tests too (scripts/test.sh runs the
#                       whole suite under ASan + UBSan from it); default OFF
#   PARLOR_FUZZ_BUILD   the build directory (default build-fuzz)
#   PARLOR_FUZZ_JOBS    targets run at once (default: one per core)
#   PARLOR_FUZZ_FINDINGS_FAIL  1 (default): a new finding of the exploring run fails the
#                       script; crash: a crash or a leak (a sanitizer's report, a broken
#                       property) fails it, a timeout or the memory limit is reported
#                       only (they depend on the machine's load; scripts/test.sh's
#                       choice); 0: every finding is reported, its reproducer kept, and
#                       the script goes on. Every checked-in corpus input (the reproducers of fixed
#                       findings among them) is replayed first either way, and a failure
#                       there always fails: that is the deterministic regression gate.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\033[1m[parlor fuzz]\033[0m %s\n' "$*"; }
. scripts/quiet-build.sh

build_dir="${PARLOR_FUZZ_BUILD:-build-fuzz}"
make_corpus=0 build=1 run=1
seconds=60
names=()
for arg in "$@"; do
  case "$arg" in
    --make-corpus) make_corpus=1 ;;
    --build-only) run=0 ;;
    --no-build) build=0 ;;
    ''|*[!0-9]*) names+=("$arg") ;;
    *) seconds="$arg" ;;
  esac
done

. scripts/install-missing.sh
install_missing_packages clang-15 libfuzzer-15-dev lld

launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
  say "configuring $build_dir (clang-15, -DPARLOR_FUZZ=ON)"
  CC=clang-15 CXX=clang++-15 cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DPARLOR_FUZZ=ON -DPARLOR_BUILD_TESTS="${PARLOR_FUZZ_TESTS:-OFF}" -DPARLOR_BUILD_BENCHMARKS=OFF \
    "${launcher[@]}" >/dev/null
fi
if [ "$build" = 1 ]; then
  say "building the fuzz targets in $build_dir"
  start=$(date +%s)
  quiet_build test-artifacts/fuzz/build.log "$build_dir" fuzz_all fuzz_corpus_maker
  say "built in $(($(date +%s) - start)) s"
fi
[ "$run" = 1 ] || exit 0

if [ "$make_corpus" = 1 ]; then
  python3 tests/fuzz/make_corpus.py .
  mkdir -p tests/fuzz/corpus/journal_replay
  "$build_dir/bin/fuzz_corpus_maker" tests/fuzz/corpus/journal_replay
  say "corpora written under tests/fuzz/corpus/ (git status shows what is new)"
  exit 0
fi

if [ ${#names[@]} -eq 0 ]; then
  for source in tests/fuzz/fuzz_*.cpp; do
    name="$(basename "$source" .cpp)"
    names+=("${name#fuzz_}")
  done
fi

artifacts="test-artifacts/fuzz"
mkdir -p "$artifacts"
summary="$artifacts/summary.txt"
echo "# $(date -u +%FT%TZ) $seconds s per target on $(nproc) cores" > "$summary"
# Every checked-in input of target $1 once, each within $3 seconds; its log in $2.
replay_corpus() {
  "$build_dir/bin/fuzz_$1" -runs=0 -timeout="$3" -rss_limit_mb=2560 \
    -artifact_prefix="$2/" "tests/fuzz/corpus/$1" >"$2/regression.log" 2>&1
}
# Whether a libFuzzer log ended on a timeout, and on nothing worse.
timed_out() {
  grep -q 'ERROR: libFuzzer: timeout' "$1" &&
    ! grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer: deadly)|runtime error|property broken' "$1"
}
input_limit=25 hang_limit=300
# One target: its checked-in corpus replayed, then explored for $seconds. What it found goes
# to $outcomes/NAME as words (regression, finding, crash); what it printed, to
# $outcomes/NAME.log, shown in the targets' order once all have ended.
fuzz_target() {
  local name=$1 work status runs rate cov reproducer
  work="$(mktemp -d "/tmp/parlor-fuzz-$name.XXXXXX")"
  mkdir -p "$work/corpus"
  cp -r "tests/fuzz/corpus/$name/." "$work/corpus/" 2>/dev/null || true
  # The regression gate: every checked-in input once (-runs=0), the same on every run.
  # Its artifacts (a slow input, under a loaded machine) go to $work, not the work tree.
  # A timeout there is replayed once more with a limit that only a hang reaches: beside
  # the ASan suite on two cores, one of fuzz_engine_long's inputs (400 steps, about 2 s
  # alone) once took 31 s, and the gate is for what the inputs do, not for the load.
  if ! replay_corpus "$name" "$work" "$input_limit" && ! { timed_out "$work/regression.log" &&
    say "fuzz_$name: an input ran over ${input_limit} s on its checked-in corpus; replaying with ${hang_limit} s each" &&
    replay_corpus "$name" "$work" "$hang_limit"; }; then
    mkdir -p "$artifacts/$name"
    cp "$work/regression.log" "$artifacts/$name/regression-log.txt"
    say "FAILED: fuzz_$name on its checked-in corpus (log $artifacts/$name/regression-log.txt)"
    grep -m1 -A12 -E 'ERROR|property broken|runtime error' "$work/regression.log" || true
    echo regression >>"$outcomes/$name"
  fi
  say "fuzz_$name for $seconds s from $(ls "$work/corpus" | wc -l) inputs"
  status=0
  # -timeout: one input running longer than 25 s is a hang; -rss_limit_mb: a leak or
  # a runaway allocation.
  "$build_dir/bin/fuzz_$name" -max_total_time="$seconds" -timeout="$input_limit" -rss_limit_mb=2560 \
    -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" >"$work/log" 2>&1 || status=$?
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -1)"
  rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log" | tail -1)"
  cov="$(grep -o 'cov: [0-9]*' "$work/log" | tail -1 | cut -d' ' -f2 || true)"
  echo "fuzz_$name runs=${runs:-?} execs_per_s=${rate:-?} cov=${cov:-?} exit=$status" \
    >"$outcomes/$name.summary"
  cat "$outcomes/$name.summary"
  if [ "$status" != 0 ]; then
    mkdir -p "$artifacts/$name"
    cp "$work/log" "$artifacts/$name/log.txt"
    for reproducer in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
      [ -e "$reproducer" ] || continue
      case "$(basename "$reproducer")" in crash-* | leak-*) echo crash >>"$outcomes/$name" ;; esac
      cp "$reproducer" "$artifacts/$name/"
      say "FAILED: fuzz_$name; reproducer $artifacts/$name/$(basename "$reproducer")"
      say "  replay: $build_dir/bin/fuzz_$name $artifacts/$name/$(basename "$reproducer")"
    done
    grep -m1 -A12 -E 'ERROR|property broken|runtime error' "$work/log" || tail -20 "$work/log"
    echo finding >>"$outcomes/$name"
  fi
  rm -rf "$work"
  : >"$outcomes/$name.ended"  # a step that failed unexpectedly (set -e) never gets here
}

# As many targets at once as there are cores: each libFuzzer run uses one, and running
# them one after another left the other idle for the whole phase (PARLOR_FUZZ_JOBS).
outcomes="$(mktemp -d /tmp/parlor-fuzz-outcomes.XXXXXX)"
trap 'rm -rf "$outcomes"' EXIT
jobs_at_once="${PARLOR_FUZZ_JOBS:-$(nproc)}"
say "${#names[@]} targets, $jobs_at_once at once"
for name in "${names[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n || true; done
  fuzz_target "$name" >"$outcomes/$name.log" 2>&1 &
done
wait
failed=()
regression_failed=()
crashed=()
stopped=()
for name in "${names[@]}"; do
  cat "$outcomes/$name.log"
  cat "$outcomes/$name.summary" >>"$summary" 2>/dev/null || echo "fuzz_$name: no summary" >>"$summary"
  if [ ! -f "$outcomes/$name.ended" ]; then
    say "FAILED: fuzz_$name's run stopped on an error of its own (its output is above)"
    stopped+=("$name")
  fi
  [ -f "$outcomes/$name" ] || continue
  if grep -qx regression "$outcomes/$name"; then regression_failed+=("$name"); fi
  if grep -qx finding "$outcomes/$name"; then failed+=("$name"); fi
  if grep -qx crash "$outcomes/$name"; then crashed+=("$name"); fi
done
rm -rf /tmp/parlor-fuzz-http-* 2>/dev/null || true
if [ ${#stopped[@]} -gt 0 ]; then
  say "stopped on an error of the script's own, not the target's: ${stopped[*]}"
  exit 1
fi
if [ ${#regression_failed[@]} -gt 0 ]; then
  say "failed on the checked-in corpus: ${regression_failed[*]}"
  exit 1
fi
if [ ${#failed[@]} -gt 0 ]; then
  say "new findings: ${failed[*]} (reproducers and logs in $artifacts/)"
  case "${PARLOR_FUZZ_FINDINGS_FAIL:-1}" in
    1) exit 1 ;;
    crash)
      if [ ${#crashed[@]} -gt 0 ]; then
        say "a crash or a leak: ${crashed[*]} (PARLOR_FUZZ_FINDINGS_FAIL=crash)"
        exit 1
      fi
      say "timeouts or memory limits only: reported, not failed (PARLOR_FUZZ_FINDINGS_FAIL=crash)"
      ;;
    *) say "reported, not failed (PARLOR_FUZZ_FINDINGS_FAIL=0): fix them and keep the reproducers" ;;
  esac
  exit 0
fi
say "every target ran $seconds s without a finding"
