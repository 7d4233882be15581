#!/usr/bin/env python3
"""Memory per idle connection (docs/performance.md): opens N raw WebSocket connections to a
running parlor-server, says hello on each, then waits without reading further, and reports
how much the server's resident memory grew per connection.

    bench/idle_connections.py PORT PID [N]      (N defaults to 3000)

Raw sockets and no library: what the server holds for a connection that waits is the
figure, not what a client library would make it do. The clients answer nothing (the
server's pings come after half the idle timeout, 30 s by default: start the server with
a longer --idle-timeout for long looks). Needs `--max-connections-per-ip 0` and a file
limit above N + 50.
"""
import base64
import os
import socket
import sys
import time


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def masked_text_frame(text):
    payload = text.encode()
    mask = os.urandom(4)
    assert len(payload) < 126
    head = bytes([0x81, 0x80 | len(payload)]) + mask
    return head + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def read_until(sock, marker, what):
    received = b""
    while marker not in received:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("closed before " + what)
        received += chunk
    return received


def open_client(port, name):
    sock = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    response = read_until(sock, b"\r\n\r\n", "the upgrade")
    if b" 101 " not in response.split(b"\r\n", 1)[0]:
        raise RuntimeError(response.split(b"\r\n", 1)[0].decode())
    sock.sendall(masked_text_frame('{"type":"hello","version":1,"name":"%s"}' % name))
    return sock


def wait_for_welcome(sock):
    sock.settimeout(10)
    read_until(sock, b"welcome", "the welcome")


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
    warmup = [open_client(port, "warm%d" % i) for i in range(50)]
    for sock in warmup:
        wait_for_welcome(sock)
    time.sleep(1)
    before = rss_kb(pid)
    clients = []
    greeted = 0
    for i in range(count):
        clients.append(open_client(port, "idle%d" % i))
        if len(clients) - greeted >= 200 or i == count - 1:  # a batch at a time
            for sock in clients[greeted:]:
                wait_for_welcome(sock)
            greeted = len(clients)
    time.sleep(2)
    after = rss_kb(pid)
    print(
        "%d idle connections: server RSS %.1f -> %.1f MB, %.2f KB per connection"
        % (count, before / 1024, after / 1024, (after - before) / count)
    )
    for sock in clients + warmup:
        sock.close()


if __name__ == "__main__":
    main()
