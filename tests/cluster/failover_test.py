#!/usr/bin/env python3
"""A Parlor cluster survives its nodes: PostgreSQL, three parlor-server nodes, HAProxy with
the shipped docker/haproxy.cfg in front, and `parlor load` playing through it while the
test, in one run:

  1. SIGKILLs a node mid-run (its tables must resume on the survivors), then restarts it;
  2. SIGSTOPs a node past its lease and SIGCONTs it (it must stand down: exit 3, never
     write for the rooms taken from it), then restarts it;
  3. stops PostgreSQL with -m immediate and starts it again (nodes recover by themselves);
  4. SIGTERMs a node (it hands its rooms over and exits 0) while a connection that never
     answers the close holds its drain for the server's whole patience (5 s): meanwhile
     the other nodes must hold its players' lookups, not send them to it, and its rooms
     must move before it is gone (no table waits the 5 s).

Beside the load, a person at a table of their own: `parlor play --script` (the terminal
client as scripts drive it) opens a Loc table against a bot on node1 (through the
proxy's /n/node1/ path) and plays it to the end, so node1's SIGKILL falls in the middle
of the match. Its seat must survive the node: the client reconnects, is sent to the
survivor that took the room, plays on as the same player from the same seat, sequence
and hand, sees the match end, and the
finished match's record must pass `parlor verify` (deal commitments, every action
replayed, the results recomputed).

Then it checks: no action a client saw accepted is missing (actions_lost 0), every table
is playing at the end (stalled_tables 0), every match's journal has no gap and no
duplicate, and every finished match is in the history served by any node. It prints the
longest wait a table saw (max_stall_ms), and the longest wait each fault caused (from the
report's `stalls`), and checks two of them: the paused node's clients notice the silence
and move while it is still stopped (their wait is shorter than the pause), and the paused
node, fenced once it runs again, exits within 2 s of learning it.

usage: failover_test.py BUILD_BIN_DIR REPO_ROOT
PARLOR_FAILOVER_NO_PING=1 runs the clients without their silence watch (--ping-after 0),
for a before/after figure: the paused node's wait is then printed, not checked.
Exits 77 (CTest's skip) when PostgreSQL 15 or HAProxy is not installed.
"""
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from failover_cluster import (  # beside this file
    DRAIN_HELD_S,
    FENCED_EXIT_LIMIT_S,
    Node,
    PAUSE_S,
    PG_BIN,
    Postgres,
    ScriptedHuman,
    check_journal,
    fail,
    free_port,
    http_json,
    lingering_connection,
    now_ms,
    say,
    stalls_by_fault,
    start_haproxy,
    wait_until_dead,
)


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    bin_dir, repo = sys.argv[1], sys.argv[2]
    if not os.path.exists(f"{PG_BIN}/initdb") or not shutil.which("haproxy") \
            or not shutil.which("psql"):
        print("SKIP: PostgreSQL 15 (with psql) or HAProxy is not installed")
        return 77
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            print("SKIP: no postgres user")
            return 77
    folder = tempfile.mkdtemp(prefix="parlor-cluster-")
    nodes, haproxy, load, pg, human = [], None, None, None, None
    faults = []  # (name, Unix ms), in order
    try:
        pg = Postgres(folder)
        proxy_port = free_port()
        nodes = [Node(f"node{i}", bin_dir, folder, pg.uri, proxy_port) for i in (1, 2, 3)]
        for node in nodes:
            node.start()
        haproxy = start_haproxy(repo, folder, proxy_port, nodes)
        say(f"cluster up: postgres :{pg.port}, nodes "
            f"{', '.join(f'{n.name} :{n.port}' for n in nodes)}, haproxy :{proxy_port}")

        human = ScriptedHuman(bin_dir, folder, f"ws://127.0.0.1:{proxy_port}/n/node1/ws")
        duration = 60
        no_ping = os.environ.get("PARLOR_FAILOVER_NO_PING") == "1"
        load_out = os.path.join(folder, "load.json")
        load = subprocess.Popen(
            [os.path.join(bin_dir, "parlor"), "load", "--server", f"ws://127.0.0.1:{proxy_port}",
             "--game", "perico", "--tables", "12", "--seats", "4", "--rate", "2",
             "--duration", str(duration), "--json"] + (["--ping-after", "0"] if no_ping else []),
            stdout=open(load_out, "w"), stderr=open(os.path.join(folder, "load.log"), "w"))
        started = time.time()

        def at(second):
            time.sleep(max(0.0, started + second - time.time()))

        at(6)
        human_room = human.room()
        if not human_room or not human_room.endswith("-node1") or human.process.poll() is not None:
            fail(f"the scripted player's match is not under way on node1 (room {human_room})")
        say("1. SIGKILL node1")
        faults.append(("SIGKILL", now_ms()))
        nodes[0].signal(signal.SIGKILL)
        nodes[0].wait(5)
        at(13)
        say("   node1 restarts")
        nodes[0].start()

        at(16)
        say("2. SIGSTOP node2 past its lease")
        faults.append(("SIGSTOP", now_ms()))
        nodes[1].signal(signal.SIGSTOP)
        time.sleep(PAUSE_S)
        # Its stand-down is owed only once a survivor has declared it dead, and on a loaded
        # machine that can come later than PAUSE_S: a node back before anyone declared it
        # dead rightly goes on. (The test failed once with node2 not standing down, under a
        # build on both cores; its logs were not kept, and this is how it can happen.)
        # So it stays stopped until a survivor has.
        if not wait_until_dead(pg, "node2", 20):
            fail(f"no survivor declared node2 dead within 20 s after its {PAUSE_S:.0f} s pause")
        nodes[1].signal(signal.SIGCONT)
        resumed = time.time()
        code = nodes[1].wait(20)
        fenced_exit_s = time.time() - resumed
        say(f"   node2 after SIGCONT: exit {code} after {fenced_exit_s:.2f} s")
        if code != 3:
            fail(f"a node whose rooms were taken must stand down with exit 3, got {code}")
        if fenced_exit_s > FENCED_EXIT_LIMIT_S:
            fail(f"a fenced node must exit promptly: {fenced_exit_s:.2f} s after SIGCONT, "
                 f"limit {FENCED_EXIT_LIMIT_S} s")
        nodes[1].start()

        at(34)
        say("3. PostgreSQL stopped -m immediate")
        faults.append(("PostgreSQL restart", now_ms()))
        pg.stop("immediate")
        time.sleep(2)
        pg.start()
        say("   PostgreSQL started again")

        at(44)
        say("4. SIGTERM node3 (drain, held by a connection that never answers the close)")
        lingering = lingering_connection(nodes[2].port)
        faults.append(("SIGTERM", now_ms()))
        signalled = time.time()
        nodes[2].signal(signal.SIGTERM)
        code = nodes[2].wait(20)
        drain_s = time.time() - signalled
        lingering.close()
        say(f"   node3 exit {code} after {drain_s:.1f} s")
        if code != 0:
            fail(f"a drained node exits 0, got {code}")
        if drain_s < DRAIN_HELD_S:
            fail(f"node3's drain took {drain_s:.1f} s: the lingering connection did not hold it")

        if load.wait(duration + 60) is None:
            fail("parlor load did not finish")
        with open(load_out) as out:
            report = json.load(out)
        say("load report: " + json.dumps({k: report.get(k) for k in (
            "actions_accepted", "actions_lost", "matches_finished", "reconnects",
            "max_stall_ms", "stalled_tables", "store_refusals", "moves_resent")}))
        per_fault = stalls_by_fault(report.get("stalls", []), faults)
        for name, figures in per_fault.items():
            say(f"   {name}: longest wait {figures['max_stall_ms']} ms, "
                f"{figures['tables_waiting_1s']} tables waited 1 s or more")
        say("stall by fault: " + json.dumps(per_fault))
        if report["actions_lost"] != 0:
            fail(f"{report['actions_lost']} accepted actions lost")
        if report["stalled_tables"] != 0:
            fail(f"{report['stalled_tables']} tables stalled at the end")
        if report["reconnects"] <= 0:
            fail("no client reconnected: the faults did not reach the tables")
        # The paused node's clients heard nothing, pinged, and moved to the survivors
        # while it was still stopped: no table waited the whole pause.
        paused_wait = per_fault["SIGSTOP"]["max_stall_ms"]
        if paused_wait >= (PAUSE_S - 0.5) * 1000 and not no_ping:
            fail(f"a table waited {paused_wait} ms through a {PAUSE_S:.0f} s pause: its clients "
                 "did not notice the silent node")

        # The drained node left as soon as its rooms were stopped and its store flushed, not
        # once its last connection had closed: its tables moved while it was still held.
        drained_wait = per_fault["SIGTERM"]["max_stall_ms"]
        if drained_wait >= DRAIN_HELD_S * 1000:
            fail(f"a table waited {drained_wait} ms for the drained node, which was held "
                 f"{drain_s:.1f} s by a connection: its rooms waited for its connections")

        human.check(bin_dir, nodes[0].port)
        check_journal(pg)
        finished_in_db = int(pg.sql("SELECT count(*) FROM matches WHERE status = 'over'")[0][0])
        if finished_in_db < report["matches_finished"]:
            fail(f"clients saw {report['matches_finished']} matches finish, the database holds "
                 f"{finished_in_db}")
        for node in nodes[:2]:
            listed = http_json(node.port, "/api/matches?limit=100")
            over = [m for m in listed.get("matches", []) if m.get("status") != "playing"]
            if len(over) < min(finished_in_db, 100):
                fail(f"{node.name} lists {len(over)} finished matches of {finished_in_db}")
        say(f"history: {finished_in_db} finished matches, each listed by every surviving node")
        say("PASS")
        return 0
    finally:
        for process in (load, human and human.process):
            if process and process.poll() is None:
                process.kill()
        for node in nodes:
            node.stop()
        if haproxy:
            haproxy.kill()
        if pg:
            try:
                pg.stop("immediate")
            except subprocess.CalledProcessError:
                pass
        if os.environ.get("PARLOR_KEEP_CLUSTER_LOGS"):
            print(f"logs kept in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
