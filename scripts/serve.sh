#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the server on its defaults:
# http://0.0.0.0:8080/ (web client), WebSocket at /ws, database ./data/parlor.db.
# Extra arguments go to parlor-server (see build/bin/parlor-server --help).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "[parlor] starting parlor-server: open http://localhost:8080/"
exec build/bin/parlor-server "$@"
