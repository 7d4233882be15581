// The load generator for server.mjs, shaped as `parlor load` (README.md beside this file):
// N tables of S clients (the Colyseus client SDK, one WebSocket each), all joined and
// seated before anything is measured; closed loop: a client whose seat an update names
// as next acts at once. An action's latency runs from the client sending it to the same
// client receiving the update for it. Prints the report as one JSON object, with
// `parlor load --json`'s field names where the meaning is the same.
//
//   node load.mjs --server ws://127.0.0.1:PORT --tables N --seats S [--duration D]
//                 [--workers W] [--json]
//
// --workers W splits the tables over W threads (default 1: one thread, as `parlor load`).
// While the window is open the generator writes nothing; "window open" goes to stderr
// when it opens (scripts/compare-colyseus.sh samples CPU from then).
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import { Packr } from "msgpackr";
import { Client } from "@colyseus/sdk";
import { actionTemplate, padTo, ACTION_BYTES } from "./shape.mjs";

const DRAIN_MS = 1500;       // after the window, how long in-flight actions get to see their update
const RAMP_LIMIT_MS = 60000; // longest wait for every table to start before measuring anyway
const JOINING_AT_ONCE = 25;  // tables being joined at once during the ramp

function usage(error) {
  if (error) process.stderr.write(`load.mjs: ${error}\n`);
  process.stderr.write(
    "usage: node load.mjs --server URL --tables N --seats S [--duration D] [--workers W] [--json]\n");
  process.exit(2);
}

function parseArgs(argv) {
  const spec = { server: "", tables: 0, seats: 0, duration: 10, workers: 1, json: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--json") { spec.json = true; continue; }
    if (flag === "--help" || flag === "-h") usage();
    const value = argv[++i];
    if (value === undefined) usage(`${flag} needs a value`);
    switch (flag) {
      case "--server": spec.server = value; break;
      case "--tables": spec.tables = Number(value); break;
      case "--seats": spec.seats = Number(value); break;
      case "--duration": spec.duration = Number(value); break;
      case "--workers": spec.workers = Number(value); break;
      default: usage(`unknown flag ${flag}`);
    }
  }
  if (!spec.server) usage("--server is required");
  for (const k of ["tables", "seats", "workers"]) {
    if (!Number.isInteger(spec[k]) || spec[k] < 1) usage(`--${k} must be a positive integer`);
  }
  if (!(spec.duration > 0)) usage("--duration must be positive");
  spec.workers = Math.min(spec.workers, spec.tables);
  return spec;
}

// ---------------------------------------------------------------------------------------
// One thread's share of the tables.

function newStats() {
  return {
    actions_sent: 0, updates_matched: 0, messages_received: 0,
    connection_errors: 0, errors: [], latencies_ms: [],
  };
}

class Runner {
  constructor(spec, firstTable, tableCount, hooks) {
    this.spec = spec;
    this.firstTable = firstTable;
    this.tableCount = tableCount;
    this.hooks = hooks;          // ready(), done(stats)
    this.stats = newStats();
    this.measuring = false;
    this.started = false;        // tables may act (all tables everywhere are seated)
    this.stopped = false;        // the window closed: no new actions
    this.clients = [];           // every seat's state
    this.firstUpdates = 0;
    this.closing = false;
    // The action as the SDK will encode it (msgpackr's default Packr), padded to size.
    const packr = new Packr();
    const typeBytes = 2 + "act".length;  // protocol byte, string header, "act"
    this.action = actionTemplate();
    this.actionBytes = padTo(this.action, this.action, (a) => typeBytes + packr.pack(a).length,
                             ACTION_BYTES);
  }

  note(error) {
    if (this.stats.errors.length < 10) this.stats.errors.push(String(error?.message ?? error));
  }

  async joinTable(table) {
    const sdk = new Client(this.spec.server);
    const seats = [];
    const first = await sdk.create("table", { seats: this.spec.seats });
    seats.push(first);
    const rest = [];
    for (let s = 1; s < this.spec.seats; s++) rest.push(new Client(this.spec.server).joinById(first.roomId));
    // Handlers go on each room as soon as it is joined: the seat and deal messages follow.
    this.attach(first, table);
    for (const p of rest) p.then((room) => this.attach(room, table));
    await Promise.all(rest);
  }

  attach(room, table) {
    const c = { room, table, seat: -1, seq: -1, next: -1, sentAt: 0, counted: false,
                pending: false, first: false };
    this.clients.push(c);
    room.onMessage("seat", (m) => { c.seat = m.seat; });
    room.onMessage("update", (u) => this.onUpdate(c, u));
    room.onLeave((code) => {
      if (this.closing) return;
      this.stats.connection_errors++;
      this.note(`table ${table} seat ${c.seat}: left with code ${code}`);
    });
    room.onError((code, message) => this.note(`table ${table}: error ${code} ${message ?? ""}`));
  }

  onUpdate(c, u) {
    if (this.measuring) this.stats.messages_received++;
    c.seq = u.seq;
    c.next = u.next;
    if (c.pending && u.by === c.seat) {
      c.pending = false;
      if (c.counted) {
        this.stats.updates_matched++;
        this.stats.latencies_ms.push(performance.now() - c.sentAt);
      }
    }
    if (!c.first) {
      c.first = true;
      if (++this.firstUpdates === this.tableCount * this.spec.seats) this.hooks.ready();
    }
    if (u.next === c.seat && this.started && !this.stopped) this.act(c);
  }

  act(c) {
    const action = this.action;
    action.id++;
    action.after = c.seq;
    c.pending = true;
    c.counted = this.measuring;
    if (c.counted) this.stats.actions_sent++;
    c.sentAt = performance.now();
    c.room.send("act", action);
  }

  async join() {
    let next = 0;
    const lane = async () => {
      while (next < this.tableCount) {
        const table = this.firstTable + next++;
        try {
          await this.joinTable(table);
        } catch (e) {
          this.stats.connection_errors++;
          this.note(`table ${table}: ${e?.message ?? e}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(JOINING_AT_ONCE, this.tableCount) }, lane));
  }

  // Every table everywhere is seated: seats to act act, and the window opens.
  go() {
    this.started = true;
    this.measuring = true;
    const opened = performance.now();
    for (const c of this.clients) if (c.next === c.seat && c.seat >= 0) this.act(c);
    setTimeout(() => {
      const closed = performance.now();
      this.measuring = false;
      this.stopped = true;
      setTimeout(() => {
        this.closing = true;
        this.hooks.done(this.stats, (closed - opened) / 1000);
      }, DRAIN_MS);
    }, this.spec.duration * 1000);
  }
}

// ---------------------------------------------------------------------------------------
// The report.

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.ceil(p * sorted.length) - 1;
  return sorted[Math.min(Math.max(index, 0), sorted.length - 1)];
}

function report(spec, parts, seconds, actionBytes) {
  const s = newStats();
  for (const part of parts) {
    s.actions_sent += part.actions_sent;
    s.updates_matched += part.updates_matched;
    s.messages_received += part.messages_received;
    s.connection_errors += part.connection_errors;
    for (const e of part.errors) if (s.errors.length < 10) s.errors.push(e);
    for (const l of part.latencies_ms) s.latencies_ms.push(l);
  }
  const l = Float64Array.from(s.latencies_ms).sort();
  // An action is accepted when its update comes back: Colyseus sends no other reply.
  return {
    framework: "colyseus",
    tables: spec.tables,
    seats: spec.seats,
    clients: spec.tables * spec.seats,
    mode: "closed",
    workers: spec.workers,
    seconds,
    actions: s.updates_matched,
    actions_sent: s.actions_sent,
    actions_accepted: s.updates_matched,
    updates_matched: s.updates_matched,
    actions_lost: s.actions_sent - s.updates_matched,
    actions_per_second: s.updates_matched / seconds,
    messages_received: s.messages_received,
    messages_per_second: s.messages_received / seconds,
    latency_ms: {
      count: l.length,
      p50: percentile(l, 0.50),
      p90: percentile(l, 0.90),
      p99: percentile(l, 0.99),
      max: l.length ? l[l.length - 1] : 0,
    },
    action_bytes: actionBytes,
    connection_errors: s.connection_errors,
    errors: s.errors,
  };
}

function printReport(spec, r) {
  if (spec.json) {
    process.stdout.write(JSON.stringify(r) + "\n");
    return;
  }
  const ms = (x) => x.toFixed(2);
  process.stdout.write(
    `colyseus: ${r.tables} tables x ${r.seats} seats, ${r.seconds.toFixed(1)} s\n` +
    `  actions/s ${r.actions_per_second.toFixed(0)} (sent ${r.actions_sent}, matched ${r.updates_matched}, lost ${r.actions_lost})\n` +
    `  server messages/s ${r.messages_per_second.toFixed(0)}\n` +
    `  latency ms p50 ${ms(r.latency_ms.p50)} p90 ${ms(r.latency_ms.p90)} p99 ${ms(r.latency_ms.p99)} max ${ms(r.latency_ms.max)}\n` +
    `  connection errors ${r.connection_errors}${r.errors.length ? ": " + r.errors.join("; ") : ""}\n`);
}

// ---------------------------------------------------------------------------------------

if (isMainThread) {
  const spec = parseArgs(process.argv.slice(2));
  const parts = [];
  let ready = 0;
  let seconds = 0;
  let actionBytes = 0;
  let opened = false;
  const goAll = [];
  const finish = () => {
    printReport(spec, report(spec, parts, seconds, actionBytes));
    process.exit(parts.some((p) => p.connection_errors > 0) ? 1 : 0);
  };
  const onReady = () => {
    if (++ready < spec.workers || opened) return;
    opened = true;
    clearTimeout(rampLimit);
    process.stderr.write("window open\n");
    for (const go of goAll) go();
  };
  const onDone = (stats, windowSeconds) => {
    parts.push(stats);
    seconds = Math.max(seconds, windowSeconds);
    if (parts.length === spec.workers) finish();
  };
  const rampLimit = setTimeout(() => {
    process.stderr.write(`load.mjs: not every table started within ${RAMP_LIMIT_MS / 1000} s; measuring anyway\n`);
    ready = spec.workers - 1;
    onReady();
  }, RAMP_LIMIT_MS);

  // Tables split as evenly as may be over the threads; the main thread runs the first share.
  const shares = [];
  for (let w = 0, first = 0; w < spec.workers; w++) {
    const count = Math.floor(spec.tables / spec.workers) + (w < spec.tables % spec.workers ? 1 : 0);
    shares.push([first, count]);
    first += count;
  }
  const local = new Runner(spec, shares[0][0], shares[0][1], { ready: onReady, done: onDone });
  actionBytes = local.actionBytes;
  goAll.push(() => local.go());
  for (const [first, count] of shares.slice(1)) {
    const worker = new Worker(new URL(import.meta.url), { workerData: { spec, first, count } });
    goAll.push(() => worker.postMessage("go"));
    worker.on("message", (m) => {
      if (m.type === "ready") onReady();
      else if (m.type === "done") onDone(m.stats, m.seconds);
    });
    worker.on("error", (e) => { process.stderr.write(`load.mjs: worker: ${e.stack ?? e}\n`); process.exit(1); });
  }
  local.join();
} else {
  const { spec, first, count } = workerData;
  const runner = new Runner(spec, first, count, {
    ready: () => parentPort.postMessage({ type: "ready" }),
    done: (stats, seconds) => parentPort.postMessage({ type: "done", stats, seconds }),
  });
  parentPort.on("message", (m) => { if (m === "go") runner.go(); });
  runner.join();
}
