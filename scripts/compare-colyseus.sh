#!/usr/bin/env bash
# Parlor against a Colyseus 0.18 room of the same pattern, under one load shape
# (bench/colyseus/README.md): closed loop, TABLES tables of SEATS seats, one seat acting
# at a time, each action answered by an update to every seat naming the next. Runs
# Parlor's measurement (scripts/load.sh, Perico), then the Colyseus one, sampling each
# server's and generator's CPU ticks from /proc over the measured window as load.sh
# does, and prints both with the ratios.
#
#   scripts/compare-colyseus.sh [TABLES SEATS SECONDS]     default 200 4 12
#
# BIN (default build/bin) is where parlor-server and parlor are; WORKERS (default 1) is
# how many threads the Colyseus generator runs (load.mjs --workers); REPORTS=DIR keeps
# both sides' full reports there. Installs bench/colyseus's npm packages (npm ci) if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
tables=${1:-200} seats=${2:-4} seconds=${3:-12}
bin=${BIN:-build/bin}
bench=bench/colyseus

for tool in node npm curl python3; do
  command -v "$tool" >/dev/null || { echo "compare-colyseus.sh: needs $tool" >&2; exit 1; }
done
for program in parlor-server parlor; do
  [ -x "$bin/$program" ] || { echo "compare-colyseus.sh: no $bin/$program (build first, or set BIN)" >&2; exit 1; }
done
if [ ! -d "$bench/node_modules" ]; then
  echo "installing $bench's npm packages (npm ci)..." >&2
  (cd "$bench" && npm ci --no-audit --no-fund --loglevel=error >&2)
fi

work=$(mktemp -d)
server="" generator=""
cleanup() {
  for pid in $generator $server; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  if [ -n "${REPORTS:-}" ]; then mkdir -p "$REPORTS" && cp "$work"/*.txt "$work"/*.json "$REPORTS"/ 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# free_loopback_port, shared with the container tests.
source scripts/container-engine.sh
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
sample_seconds=$(awk -v s="$seconds" 'BEGIN{print (s > 4 ? s - 3 : 1)}')

# --- Parlor ----------------------------------------------------------------------------
echo "Parlor: $tables tables x $seats seats, $seconds s..." >&2
PORT=$(free_loopback_port) BIN=$bin GAME=perico scripts/load.sh "$tables" "$seats" "$seconds" \
  >"$work/parlor.txt"
parlor_cpu=$(sed -n 's/^server CPU \([0-9.]*\)%, generator CPU \([0-9.]*\)%.*/\1 \2/p' "$work/parlor.txt")
[ -n "$parlor_cpu" ] || { echo "compare-colyseus.sh: no CPU line from load.sh:" >&2; cat "$work/parlor.txt" >&2; exit 1; }
grep '^{' "$work/parlor.txt" >"$work/parlor.json"
sleep 1

# --- Colyseus --------------------------------------------------------------------------
echo "Colyseus: $tables tables x $seats seats, $seconds s..." >&2
port=$(free_loopback_port)
env -u DEBUG NODE_ENV=production node "$bench/server.mjs" "$port" >"$work/colyseus-server.txt" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "^colyseus table server on" "$work/colyseus-server.txt" && break; sleep 0.1; done
if ! kill -0 "$server" 2>/dev/null || ! grep -q "^colyseus table server on" "$work/colyseus-server.txt"; then
  echo "the Colyseus server did not start:" >&2
  cat "$work/colyseus-server.txt" >&2
  exit 1
fi
env -u DEBUG node "$bench/load.mjs" --server "ws://127.0.0.1:$port" --tables "$tables" --seats "$seats" \
  --duration "$seconds" --workers "${WORKERS:-1}" --json >"$work/colyseus.json" 2>"$work/colyseus-load.txt" &
generator=$!
# The generator says when every table plays and its window opens; sample inside it.
for _ in $(seq 700); do
  grep -q "^window open" "$work/colyseus-load.txt" && break
  kill -0 "$generator" 2>/dev/null || break
  sleep 0.1
done
grep -q "^window open" "$work/colyseus-load.txt" ||
  { echo "the Colyseus generator never opened its window:" >&2; cat "$work/colyseus-load.txt" >&2; exit 1; }
sleep 1
s0=$(ticks "$server") g0=$(ticks "$generator") t0=$(date +%s.%N)
sleep "$sample_seconds"
s1=$(ticks "$server") g1=$(ticks "$generator") t1=$(date +%s.%N)
wait "$generator" || true
generator=""
colyseus_cpu=$(awk -v s=$((s1 - s0)) -v g=$((g1 - g0)) -v t0="$t0" -v t1="$t1" -v hz="$hz" \
  'BEGIN{ dt = t1 - t0; printf "%.1f %.1f", 100 * s / hz / dt, 100 * g / hz / dt }')
kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
server=""
grep -q '^{' "$work/colyseus.json" ||
  { echo "no report from the Colyseus generator:" >&2; cat "$work/colyseus-load.txt" >&2; exit 1; }

# --- The table -------------------------------------------------------------------------
version=$(node -p 'require("./'"$bench"'/node_modules/colyseus/package.json").version')
node - "$work/parlor.json" "$work/colyseus.json" "$parlor_cpu" "$colyseus_cpu" "$version" \
  "$tables" "$seats" "$seconds" <<'EOF'
const fs = require("fs");
const [parlorFile, colyseusFile, parlorCpu, colyseusCpu, version, tables, seats, seconds] =
  process.argv.slice(2);
const side = (name, file, cpu) => {
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  const [server, generator] = cpu.split(" ").map(Number);
  return {
    name, aps: r.actions_per_second, p50: r.latency_ms.p50, p99: r.latency_ms.p99,
    server, generator,
    // Server CPU seconds per second over actions per second: its CPU per action.
    us: (server / 100) / r.actions_per_second * 1e6,
    lost: r.actions_lost, errors: r.connection_errors,
  };
};
const p = side("Parlor", parlorFile, parlorCpu);
const c = side(`Colyseus ${version}`, colyseusFile, colyseusCpu);
const n = (x, d = 0) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
const row = (cells) => cells.map((s, i) => i === 0 ? String(s).padEnd(16) : String(s).padStart(11)).join(" ");
console.log(`closed loop, ${tables} tables x ${seats} seats, ${seconds} s windows`);
console.log(row(["", "actions/s", "p50 ms", "p99 ms", "server CPU", "µs/action", "gen. CPU"]));
for (const s of [p, c]) {
  console.log(row([s.name, n(s.aps), n(s.p50, 1), n(s.p99, 1), `${n(s.server)}%`, n(s.us, 1),
                   `${n(s.generator)}%`]));
}
console.log(row(["Parlor/Colyseus", `${n(p.aps / c.aps, 2)}x`, "", "", "", `${n(p.us / c.us, 2)}x`, ""]));
const notes = [p, c].filter((s) => s.lost || s.errors)
  .map((s) => `${s.name}: ${s.lost} actions lost, ${s.errors} connection errors`);
if (notes.length) console.log(notes.join("\n"));
EOF
