"""The pieces of the cluster's failover test (failover_test.py): a throwaway PostgreSQL,
parlor-server nodes, HAProxy with the shipped docker/haproxy.cfg, a scripted person at a
table (`parlor play --script`), and the checks of the journal and of the load's stalls.
Apart from the test's own sequence of faults so that each file reads start to end.
"""
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

PG_BIN = "/usr/lib/postgresql/15/bin"
LEASE_S = 3.0
PAUSE_S = LEASE_S + 3  # how long node2 stays stopped
# A fenced node learns it at its first heartbeat after SIGCONT (ticks of 0.5 s), then
# must be gone within 2 s.
FENCED_EXIT_LIMIT_S = 0.5 + 2.0
STALL_LEAD_MS = 1500  # how long before its fault a table's wait may have begun


def fail(message):
    print("FAIL: " + message, file=sys.stderr, flush=True)
    sys.exit(1)


def wait_until_dead(pg, name, seconds):
    """True once cluster_nodes says `name` is dead (declared by a survivor)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if pg.sql(f"SELECT 1 FROM cluster_nodes WHERE name = '{name}' AND state = 'dead'"):
            return True
        time.sleep(0.2)
    return False


def say(message):
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def http_json(port, path, timeout=5):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as reply:
        return json.loads(reply.read())


class Postgres:
    """A throwaway PostgreSQL 15 as the postgres user (it refuses to run as root)."""

    def __init__(self, folder):
        self.dir = os.path.join(folder, "pg")
        self.port = free_port()
        self.as_user = []
        if os.geteuid() == 0:
            self.as_user = ["runuser", "-u", "postgres", "--"]
            os.makedirs(self.dir)
            shutil.chown(self.dir, "postgres")
            os.chmod(folder, 0o755)
        subprocess.run(self.as_user + [f"{PG_BIN}/initdb", "-D", self.dir, "-U", "postgres",
                                       "--auth=trust", "-E", "UTF8"],
                       check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(self.dir, "postgresql.conf"), "a") as conf:
            conf.write(f"port = {self.port}\nlisten_addresses = '127.0.0.1'\n"
                       "unix_socket_directories = ''\nmax_connections = 200\n"
                       "synchronous_commit = on\nfsync = on\n")
        self.start()
        subprocess.run(self.as_user + ["createdb", "-h", "127.0.0.1", "-p", str(self.port),
                                       "-U", "postgres", "parlor"], check=True)
        self.uri = f"postgresql://postgres@127.0.0.1:{self.port}/parlor"

    def ctl(self, *args):
        subprocess.run(self.as_user + [f"{PG_BIN}/pg_ctl", "-D", self.dir, "-w", "-l",
                                       os.path.join(self.dir, "log")] + list(args),
                       check=True, stdout=subprocess.DEVNULL)

    def start(self):
        self.ctl("start")

    def stop(self, mode="fast"):
        self.ctl("stop", "-m", mode)

    def sql(self, query):
        out = subprocess.run(self.as_user + ["psql", "-h", "127.0.0.1", "-p", str(self.port),
                                             "-U", "postgres", "-d", "parlor", "-At", "-F", "\x1f", "-c",
                                             query],
                             check=True, capture_output=True, text=True)
        return [line.split("\x1f") for line in out.stdout.splitlines() if line]


class Node:
    def __init__(self, name, bin_dir, folder, db_uri, proxy_port):
        self.name, self.bin_dir, self.folder, self.db_uri = name, bin_dir, folder, db_uri
        self.port = free_port()
        self.public_url = f"ws://127.0.0.1:{proxy_port}/n/{name}/ws"
        self.process = None

    def start(self):
        log = open(os.path.join(self.folder, f"{self.name}.log"), "a")
        self.process = subprocess.Popen(
            [os.path.join(self.bin_dir, "parlor-server"), "--address", "127.0.0.1",
             "--port", str(self.port), "--db", self.db_uri, "--node", self.name,
             "--public-url", self.public_url, "--rate", "0", "--max-connections-per-ip", "0",
             "--bot-delay-ms", "0", "--round-pause-ms", "200", "--log-level", "info"],
            stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.process.poll() is not None:
                fail(f"{self.name} exited at start with {self.process.returncode}")
            try:
                http_json(self.port, "/healthz", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        fail(f"{self.name} did not answer /healthz")

    def signal(self, number):
        self.process.send_signal(number)

    def wait(self, seconds):
        try:
            return self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return None

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def start_haproxy(repo, folder, proxy_port, nodes):
    env = dict(os.environ, PARLOR_LISTEN=f"127.0.0.1:{proxy_port}")
    for index, node in enumerate(nodes, 1):
        env[f"PARLOR_NODE{index}"] = f"127.0.0.1:{node.port}"
    log = open(os.path.join(folder, "haproxy.log"), "w")
    process = subprocess.Popen(["haproxy", "-db", "-f", os.path.join(repo, "docker/haproxy.cfg")],
                               env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            http_json(proxy_port, "/healthz", timeout=1)
            return process
        except OSError:
            time.sleep(0.1)
    fail("haproxy did not come up")


class ScriptedHuman:
    """`parlor play --script` at a Loc table of its own against one bot, on the node whose
    path it connects through. The bot waits BOT_DELAY_MS before each move, so the match
    lasts long enough (about 15 s) for a fault to fall in its middle; there is no turn
    timer, so nothing plays for the person while their client reconnects."""
    BOT_DELAY_MS = 1200

    def __init__(self, bin_dir, folder, url):
        self.out_path = os.path.join(folder, "human.jsonl")
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(folder, "human"))
        commands = (f"create loc 2 turn_seconds=0 bot_delay_ms={self.BOT_DELAY_MS}\n"
                    "bot\nstart\nauto\nwait match_over\n")
        self.process = subprocess.Popen(
            [os.path.join(bin_dir, "parlor"), "play", "--script", "--name", "Hana", "--server", url],
            stdin=subprocess.PIPE, stdout=open(self.out_path, "w"),
            stderr=open(os.path.join(folder, "human.log"), "w"), env=env, text=True)
        self.process.stdin.write(commands)
        self.process.stdin.close()

    def lines(self):
        with open(self.out_path) as out:
            return [json.loads(line) for line in out if line.strip()]

    def room(self):
        """The id of the room the person opened, once the server has said it (or None)."""
        for m in self.lines():
            if m.get("type") == "room" and m.get("room", {}).get("id"):
                return m["room"]["id"]
        return None

    @staticmethod
    def check_table_kept(lines):
        """Across each reconnection: the same seat, the sequence never going back, and, within
        the same deal, the same hand (less at most the one card of a move that was in
        flight when the node died: in Loc only a player's own play takes a card from their
        hand)."""
        before = None
        reconnected = False
        for m in lines:
            if m.get("type") == "welcome" and before is not None:
                reconnected = True
            if m.get("type") != "update":
                continue
            if reconnected:
                where = f"after a reconnection at seq {before['seq']}"
                if m["seat"] != before["seat"]:
                    fail(f"{where}: seat {m['seat']}, was {before['seat']}")
                if m["seq"] < before["seq"]:
                    fail(f"{where}: the sequence went back to {m['seq']}")
                old_hand, new_hand = before["view"]["hand"], m["view"]["hand"]
                same_deal = m["view"].get("last_round") == before["view"].get("last_round")
                if same_deal and (not set(new_hand) <= set(old_hand)
                                  or len(old_hand) - len(new_hand) > 1):
                    fail(f"{where}: the hand {old_hand} came back as {new_hand}")
                reconnected = False
            before = m

    def check(self, bin_dir, port):
        """The seat survived its node: one player throughout, greeted again after the
        fault, the match over, and its record verified."""
        try:
            code = self.process.wait(timeout=90)
        except subprocess.TimeoutExpired:
            self.process.kill()
            fail("the scripted player never saw its match end")
        lines = self.lines()
        if code != 0:
            fail(f"parlor play --script exited {code}")
        welcomes = [m for m in lines if m.get("type") == "welcome"]
        players = {m["player"]["id"] for m in welcomes}
        if len(welcomes) < 2 or len(players) != 1:
            fail(f"the scripted player was greeted {len(welcomes)} times as {sorted(players)}: "
                 "it must reconnect once at least, as the same player")
        self.check_table_kept(lines)
        errors = [m for m in lines if m.get("type") == "error"]
        if errors:
            fail(f"the scripted player was refused: {errors[:3]}")
        over = [m for m in lines if m.get("type") == "match_over"]
        if not over:
            fail("the scripted player saw no match_over")
        match_id = over[-1]["match_id"]
        record = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/matches/{match_id}",
                                        timeout=10).read()
        verify = subprocess.run([os.path.join(bin_dir, "parlor"), "verify", "-"], input=record,
                                capture_output=True)
        if verify.returncode != 0:
            fail(f"parlor verify refused match {match_id}: {verify.stdout[-500:]!r}")
        say(f"the scripted player: greeted {len(welcomes)} times as {players.pop()}, "
            f"match {match_id} over and verified")


def check_journal(pg):
    """Every match's actions are 1..n: no gap, no duplicate. A live match's are rows of
    live_actions keyed (match_id, seq); a finished match's are one JSON list in
    match_actions, [[seq, seat, action, timeout, at], ...]."""
    bad = pg.sql("SELECT match_id, count(*), max(seq) FROM live_actions GROUP BY match_id "
                 "HAVING count(*) <> max(seq)")
    if bad:
        fail(f"live journals with a gap: {bad[:5]}")
    both = pg.sql("SELECT count(*) FROM match_actions f WHERE EXISTS "
                  "(SELECT 1 FROM live_actions l WHERE l.match_id = f.match_id)")[0][0]
    if int(both):
        fail(f"{both} finished matches still have live journal rows")
    finished = 0
    for match_id, actions in pg.sql("SELECT match_id, actions FROM match_actions"):
        seqs = [row[0] for row in json.loads(actions)]
        if seqs != list(range(1, len(seqs) + 1)):
            fail(f"match {match_id}: its actions are not 1..{len(seqs)}")
        finished += 1
    # A room that changed node between two matches numbers its next one on.
    repeated = pg.sql("SELECT room_id, match_number, count(*) FROM matches "
                      "GROUP BY room_id, match_number HAVING count(*) > 1")
    if repeated:
        fail(f"rooms with two matches of the same number: {repeated[:5]}")
    live = pg.sql("SELECT count(DISTINCT match_id), count(*) FROM live_actions")[0]
    say(f"journal: {finished} finished and {live[0]} live matches ({live[1]} live actions), "
        "no gap, no duplicate, no match number twice in a room")


def lingering_connection(port):
    """A WebSocket to the node that never reads again, so never answers the close a
    draining node sends: the node waits for it up to its patience (5 s) before it leaves.
    Its players, dropped at once, come back meanwhile; sent to the draining node, which
    takes no clients, they gave up after five redirects in a row (two stalled tables in
    the container test, 2026-11-28)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
    if not sock.recv(4096).startswith(b"HTTP/1.1 101"):
        fail("the lingering connection was not upgraded to a WebSocket")
    # A hello answered: the session is the node's to close (one closed before it had
    # settled in went at once, and the drain was not held).
    hello = b'{"type":"hello","version":1,"name":"lingering"}'
    mask = os.urandom(4)
    sock.sendall(bytes([0x81, 0x80 | len(hello)]) + mask +
                 bytes(b ^ mask[i % 4] for i, b in enumerate(hello)))
    if b"welcome" not in sock.recv(4096):
        fail("the lingering connection was not welcomed")
    return sock


DRAIN_HELD_S = 4.0  # node3's drain, held by the lingering connection, lasts at least this


def now_ms():
    return int(time.time() * 1000)


def stalls_by_fault(stalls, faults):
    """The longest wait (ms) and how many tables waited >= 1 s, per fault. A wait caused
    by a fault begins with the table's last accepted move before it, a moment before the
    fault: it belongs to the latest fault at most STALL_LEAD_MS after its start (a wait
    that outlasts the next fault stays with the one that caused it). Waits that ended
    before the first fault belong to none."""
    by_fault = {name: {"max_stall_ms": 0, "tables": set()} for name, _ in faults}
    for stall in stalls:
        start = stall["from_unix_ms"]
        end = start + stall["ms"]
        owner = None
        for name, at in faults:
            if at <= start + STALL_LEAD_MS and at <= end:
                owner = name
        if owner:
            entry = by_fault[owner]
            entry["max_stall_ms"] = max(entry["max_stall_ms"], round(stall["ms"]))
            entry["tables"].add(stall["table"])
    return {name: {"max_stall_ms": entry["max_stall_ms"], "tables_waiting_1s": len(entry["tables"])}
            for name, entry in by_fault.items()}
