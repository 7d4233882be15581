#!/usr/bin/env python3
"""parlor-server with --tls-cert/--tls-key, checked from a real client (Python's ssl).

Makes a self-signed certificate for 127.0.0.1 with the openssl tool, starts the server
on a free loopback port with it, and checks, as a player's browser would see it:
- HTTPS: /healthz answers 200 to a client that trusts that certificate, and a client
  that does not trust it refuses the connection (the certificate is really checked);
- wss:// on the same port: hello, a Perico room against a bot, and one accepted move;
- plain HTTP on the TLS port gets a clear 400 that names https:// and wss://;
- Chromium (when installed, ignoring certificate errors, as the issue allows) loads the
  web client over HTTPS and the page opens its wss:// WebSocket and says hello;
- SIGTERM stops the server cleanly (exit 0) with the TLS WebSocket still open.

usage: tls_test.py PATH/TO/parlor-server
Exits 77 (CTest's skip) when the openssl tool is missing.
"""
import base64
import json
import os
import shutil
import signal
import socket
import ssl
import struct
import subprocess
import sys
import tempfile
import time

from chromium_devtools import HeadlessChromium


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def make_certificate(folder):
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return cert, key


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def tls_connect(port, context):
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    return context.wrap_socket(raw, server_hostname="127.0.0.1")


def read_http_response(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(4096)
        if not chunk:
            break
        body += chunk
    return status, headers, body.decode("utf-8", "replace")


def https_get(port, context, target):
    with tls_connect(port, context) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     "Connection: close\r\n\r\n".encode())
        return read_http_response(sock)


class WebSocket:
    """Just enough of RFC 6455 for a client: masked text frames out, whole frames in."""

    def __init__(self, sock, port):
        self.sock = sock
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        status, headers, _ = read_http_response(sock)
        if status != 101:
            fail(f"WebSocket upgrade over TLS answered {status}")
        if "sec-websocket-extensions" in headers:
            fail("the server offered an extension (permessage-deflate must stay off)")
        self.next_id = 1

    def send(self, message):
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        else:
            header += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                fail("the server closed the WebSocket")
            data += chunk
        return data

    def _frame(self):
        first, second = self._exactly(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self._exactly(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._exactly(8))[0]
        return bool(first & 0x80), first & 0x0F, self._exactly(length)

    def receive(self):
        message, message_opcode = b"", None
        while True:
            fin, opcode, payload = self._frame()
            if opcode == 0x8:
                return {"type": "closed", "code": struct.unpack("!H", payload[:2])[0]}
            if opcode in (0x1, 0x0):  # a text frame, or the next fragment of one
                if opcode == 0x1:
                    message_opcode = opcode
                message += payload
                if fin and message_opcode == 0x1:
                    return json.loads(message)
            # a ping (0x9) needs no answer within this short test; anything else is skipped

    def request(self, message, reply_type):
        message = dict(message, id=self.next_id)
        self.next_id += 1
        self.send(message)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            reply = self.receive()
            if reply.get("id") == message["id"]:
                if reply.get("type") != reply_type:
                    fail(f"{message['type']} got {reply}")
                return reply
        fail(f"no reply to {message['type']}")


def metric(port, context, name):
    _, _, body = https_get(port, context, "/metrics")
    for line in body.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    fail(f"no {name} in /metrics")


def chromium_loads_the_page(port, context, folder, web_root):
    if web_root is None:
        print("Chromium: skipped (the web client is not built)")
        return
    before = metric(port, context, "parlor_connections_total")
    try:
        browser = HeadlessChromium(os.path.join(folder, "chromium"),
                                   ["--ignore-certificate-errors", "--disable-quic"])
    except FileNotFoundError:
        print("Chromium: skipped (not installed)")
        return
    with browser:
        # The live page is asked until it says "online as" (the welcome came back over
        # wss://): a real 30 s deadline, however loaded the machine.
        page = browser.open(f"https://127.0.0.1:{port}/")
        html = browser.wait_for_text(page, "online as", timeout=30)
    after = metric(port, context, "parlor_connections_total")
    if "Parlor" not in html:
        fail("Chromium did not get the page over HTTPS:\n" + html[-2000:])
    if after <= before:
        fail("the page Chromium loaded over HTTPS did not open its wss:// WebSocket")
    if "online as" not in html:
        fail("the page's WebSocket never said hello in 30 s (no \"online as\" in the page)")
    print("Chromium: the page came over HTTPS and went online over wss://")


def play_one_move(ws):
    welcome = ws.request({"type": "hello", "version": 1, "name": "tls"}, "welcome")
    room = ws.request({"type": "create_room", "game": "perico", "seats": 2, "bot_delay_ms": 0},
                      "room")["room"]["id"]
    ws.request({"type": "add_bot", "room": room, "level": "random"}, "ok")
    ws.request({"type": "start", "room": room}, "ok")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        message = ws.receive()
        if message.get("type") != "update":
            continue
        view = message["view"]
        legal = view.get("legal", {})
        if legal.get("draw"):
            move = {"type": "draw"}
        elif legal.get("discard"):
            move = {"type": "discard", "card": view["hand"][0]}
        else:
            continue  # the bot's turn
        accepted = ws.request({"type": "action", "room": room, "action": move}, "accepted")
        return welcome["player"]["id"], move, accepted["seq"]
    fail("never had a move to make")


def main():
    if len(sys.argv) != 2:
        fail("usage: tls_test.py PATH/TO/parlor-server")
    server_binary = sys.argv[1]
    dist = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients",
                        "web", "dist")
    web_root = dist if os.path.isfile(os.path.join(dist, "index.html")) else None
    if shutil.which("openssl") is None:
        print("SKIP: the openssl tool is missing (it makes the test's certificate)")
        sys.exit(77)
    folder = tempfile.mkdtemp(prefix="parlor-tls-")
    server = None
    try:
        cert, key = make_certificate(folder)
        port = free_port()
        log = open(os.path.join(folder, "server.log"), "w")
        server = subprocess.Popen(
            [server_binary, "--address", "127.0.0.1", "--port", str(port), "--db",
             os.path.join(folder, "parlor.db"), "--tls-cert", cert, "--tls-key", key,
             "--threads", "2"] + (["--web-root", web_root] if web_root else []),
            stdout=log, stderr=subprocess.STDOUT)
        trusting = ssl.create_default_context(cafile=cert)
        deadline = time.monotonic() + 15
        while True:
            try:
                status, _, body = https_get(port, trusting, "/healthz")
                break
            except (ConnectionError, OSError):
                if server.poll() is not None or time.monotonic() > deadline:
                    fail("the server did not start:\n" + open(log.name).read())
                time.sleep(0.1)
        if status != 200 or json.loads(body)["status"] != "ok":
            fail(f"/healthz over HTTPS: {status} {body}")
        print("HTTPS /healthz: 200 with a client that trusts the certificate")

        untrusting = ssl.create_default_context()  # the system's CAs only
        try:
            https_get(port, untrusting, "/healthz")
            fail("a client that does not trust the certificate was served")
        except ssl.SSLCertVerificationError:
            print("a client that does not trust the certificate refuses it")

        with socket.create_connection(("127.0.0.1", port), timeout=10) as plain:
            plain.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            status, _, body = read_http_response(plain)
        if status != 400 or f"https://127.0.0.1:{port}/" not in body or "wss://" not in body:
            fail(f"plain HTTP on the TLS port: {status} {body!r}")
        print(f"plain HTTP on the TLS port: 400 \"{body.strip()}\"")

        chromium_loads_the_page(port, trusting, folder, web_root)

        ws = WebSocket(tls_connect(port, trusting), port)
        player, move, seq = play_one_move(ws)
        print(f"wss://: player {player} made the move {json.dumps(move)}, accepted as seq {seq}")

        server.send_signal(signal.SIGTERM)
        closed = ws.receive()
        while closed.get("type") != "closed":
            closed = ws.receive()
        if closed["code"] != 1001:
            fail(f"the WebSocket closed with {closed['code']}, not 1001 (going away)")
        code = server.wait(timeout=10)
        server = None
        if code != 0:
            fail(f"parlor-server exited with {code} after SIGTERM")
        print("SIGTERM: the TLS WebSocket was closed with 1001 and the server exited 0")
        print("tls_test: every check passed")
    finally:
        if server is not None:
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
