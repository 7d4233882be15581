#!/usr/bin/env bash
# Sourced by scripts/fuzz.sh and scripts/sanitize.sh: a build whose output goes to a log,
# and whose failure still says why. CI shows only what a script prints, so a build that
# fails must print the compiler's own errors, not just its exit code.
#
#   quiet_build LOG DIR TARGET...   builds TARGETs in DIR, all output into LOG; on
#                                   failure prints the errors (or the log's tail) and
#                                   the log's path to stderr, and returns 1

quiet_build() {
  local log=$1 dir=$2
  shift 2
  mkdir -p "$(dirname "$log")"
  if cmake --build "$dir" --target "$@" --parallel "$(nproc)" >"$log" 2>&1; then
    return 0
  fi
  if grep -qE 'error:|FAILED:' "$log"; then
    grep -E -B2 -A12 'error:|FAILED:' "$log" | head -80 >&2
  else
    tail -40 "$log" >&2
  fi
  echo "the build of $* in $dir failed (the whole log: $log)" >&2
  return 1
}
