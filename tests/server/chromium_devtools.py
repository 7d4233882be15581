"""Headless Chromium driven over its DevTools pipe, for tests that must see a page live.

`--dump-dom` with `--virtual-time-budget` dumps the page when its virtual time runs
out, and a WebSocket's real round trips do not hold virtual time back: on a loaded
machine the page was dumped before the server's answer came. This instead opens the
page and asks the live page, again and again, until what the test waits for is there
or a real deadline passes.

The pipe (`--remote-debugging-pipe`) is Chromium's descriptors 3 (commands in) and 4
(replies and events out), NUL-separated JSON; no port is opened.
"""
import json
import os
import select
import shutil
import subprocess
import time


class DevToolsError(Exception):
    pass


class HeadlessChromium:
    """One headless Chromium; `with HeadlessChromium(profile) as browser:`."""

    def __init__(self, profile_folder, extra_args=()):
        binary = shutil.which("chromium") or shutil.which("chromium-browser")
        if binary is None:
            raise FileNotFoundError("chromium")
        commands_read, self._commands = os.pipe()
        self._replies, replies_write = os.pipe()

        def as_descriptors_3_and_4():
            os.dup2(commands_read, 3)
            os.dup2(replies_write, 4)

        self._process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--remote-debugging-pipe", "--user-data-dir=" + profile_folder, *extra_args,
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=as_descriptors_3_and_4, pass_fds=(3, 4))
        os.close(commands_read)
        os.close(replies_write)
        self._pending = b""
        self._next_id = 0

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def close(self):
        if self._process.poll() is None:
            try:
                self.command("Browser.close", timeout=5)
            except (DevToolsError, OSError):
                pass
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        for descriptor in (self._commands, self._replies):
            try:
                os.close(descriptor)
            except OSError:
                pass

    def command(self, method, params=None, session=None, timeout=30):
        """Sends one command and returns its result (events in between are skipped)."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") != self._next_id:
                continue
            if "error" in reply:
                raise DevToolsError(f"{method}: {reply['error']}")
            return reply.get("result", {})

    def open(self, url):
        """Opens `url` in a new tab; returns the tab's session for evaluate()."""
        target = self.command("Target.createTarget", {"url": url})["targetId"]
        return self.command("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"]

    def evaluate(self, session, expression):
        result = self.command("Runtime.evaluate",
                              {"expression": expression, "returnByValue": True}, session)
        return result.get("result", {}).get("value")

    def wait_for_text(self, session, text, timeout):
        """The page's HTML once it contains `text`, or its last HTML at the deadline."""
        deadline = time.monotonic() + timeout
        html = ""
        while True:
            html = self.evaluate(session, "document.documentElement.outerHTML") or ""
            if text in html or time.monotonic() > deadline:
                return html
            time.sleep(0.2)

    def _read_message(self, deadline):
        while b"\0" not in self._pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise DevToolsError("no reply from Chromium in time")
            ready, _, _ = select.select([self._replies], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._replies, 65536)
            if not chunk:
                raise DevToolsError("Chromium closed its DevTools pipe")
            self._pending += chunk
        message, self._pending = self._pending.split(b"\0", 1)
        return json.loads(message)
