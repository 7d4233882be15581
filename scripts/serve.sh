#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the server on its defaults:
# http://0.0.0.0:8080/ (web client), WebSocket at /ws, database ./data/parlor.db.
# Extra arguments go to parlor-server (see build/bin/parlor-server --help).
set -euo pipefail
cd "$(dirname "$0")/.."
# The port the server will ask for: --port N or --port=N, else PARLOR_PORT, else 8080.
port=${PARLOR_PORT:-8080}
args=("$@")
for i in "${!args[@]}"; do
  case "${args[$i]}" in
    --port=*) port=${args[$i]#--port=} ;;
    --port) port=${args[$((i + 1))]:-$port} ;;
  esac
done
# Something already answering there (an earlier server, another program) would make the
# server fail to start: say so at once, before the set-up, and how to choose another port.
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  echo "[parlor] port $port is already in use on this machine (another parlor-server, or" >&2
  echo "[parlor] another program). Stop it, or pick a free port, e.g.:" >&2
  echo "[parlor]   bash scripts/serve.sh --port 8081      (or PARLOR_PORT=8081 bash scripts/serve.sh)" >&2
  exit 1
fi
bash scripts/setup.sh
# glibc's allocator with a deeper per-thread cache and no fast bins: every move builds and
# frees a few hundred small blocks and a ~1 KB update per seat, and with the defaults each
# update's allocation first consolidates the fast bins (docs/performance.md: about 8% more moves
# per second under load). A tunable the caller set is kept.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.tcache_count=200:glibc.malloc.mxfast=0}"
scheme=http
if [ -n "${PARLOR_TLS_CERT:-}" ] || [[ " $* " == *" --tls-cert"* ]]; then scheme=https; fi
echo "[parlor] starting parlor-server: open $scheme://localhost:$port/"
exec build/bin/parlor-server "$@"
