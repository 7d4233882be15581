#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the server on its defaults:
# http://0.0.0.0:8080/ (web client), WebSocket at /ws, database ./data/parlor.db.
# Extra arguments go to parlor-server (see build/bin/parlor-server --help).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# glibc's allocator with a deeper per-thread cache and no fast bins: every move builds and
# frees a few hundred small blocks and a ~1 KB update per seat, and with the defaults each
# update's allocation first consolidates the fast bins (docs/load.md: about 8% more moves
# per second under load). A tunable the caller set is kept.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.tcache_count=200:glibc.malloc.mxfast=0}"
echo "[parlor] starting parlor-server: open http://localhost:8080/"
exec build/bin/parlor-server "$@"
