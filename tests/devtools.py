"""A headless Chromium driven over the DevTools protocol, with a small stdlib websocket client
(tests only).

Chromium is started with ``--remote-debugging-port=0`` and writes the port
and the browser's websocket path to ``DevToolsActivePort`` in its profile
directory; one websocket to the browser carries every command, pages are
reached through flat sessions (``Target.attachToTarget``).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-port=0",
    "--remote-debugging-address=127.0.0.1",
]


def chromium_binary() -> str | None:
    """The Chromium on PATH (Debian's ``chromium``), or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class WebSocket:
    """A client websocket: text frames out (masked), whole messages in."""

    def __init__(self, host: str, port: int, path: str, timeout: float = 30) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the browser closed the websocket handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"websocket refused: {head[:200]!r}")

    def _read(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("the browser closed the websocket")
            data += chunk
        return data

    def _frame(self, opcode: int, data: bytes) -> None:
        n = len(data)
        if n < 126:
            length = bytes([0x80 | n])
        elif n < 1 << 16:
            length = bytes([0x80 | 126]) + n.to_bytes(2, "big")
        else:
            length = bytes([0x80 | 127]) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.sendall(bytes([0x80 | opcode]) + length + mask + body)

    def send(self, text: str) -> None:
        self._frame(0x1, text.encode())

    def recv(self) -> str:
        message = b""
        while True:
            first, second = self._read(2)
            n = second & 0x7F
            if n == 126:
                n = int.from_bytes(self._read(2), "big")
            elif n == 127:
                n = int.from_bytes(self._read(8), "big")
            mask = self._read(4) if second & 0x80 else None
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("the browser closed the websocket")
            if opcode == 0x9:
                self._frame(0xA, payload)
                continue
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if first & 0x80:
                    return message.decode()

    def close(self) -> None:
        self.sock.close()


class Browser:
    """A headless Chromium with one page; ``events`` keeps every event the page sent."""

    def __init__(self, binary: str, profile: Path, timeout: float = 60) -> None:
        self.log = open(profile.parent / "chromium.log", "w+")
        self.proc = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
        )
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + timeout
        while not (port_file.is_file() and len(port_file.read_text().split()) == 2):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                output = self.output()
                self.close()
                raise RuntimeError(f"chromium did not start:\n{output[-2000:]}")
            time.sleep(0.05)
        port, path = port_file.read_text().split()
        self.ws = WebSocket("127.0.0.1", int(port), path)
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        for domain in ("Runtime", "Log", "Page", "Network"):
            self.call(f"{domain}.enable", page=True)

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def call(
        self, method: str, page: bool = False, session: str | None = None, **params: Any
    ) -> dict[str, Any]:
        """Send a command (to the page's session if ``page``, or to ``session``) and return its
        result."""
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": params}
        if page or session:
            message["sessionId"] = session or self.session
        self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str, since: int = 0, session: str | None = None) -> dict[str, Any]:
        """The first event ``method`` from ``events[since:]`` on (of ``session`` if given), reading
        more as needed."""
        while True:
            for event in self.events[since:]:
                if event.get("method") == method and session in (None, event.get("sessionId")):
                    return event
            since = len(self.events)
            self.events.append(json.loads(self.ws.recv()))

    def open(self, url: str) -> None:
        """Load ``url`` afresh in the page and wait for its load event."""
        for address in ("about:blank", url):  # so that a change of #hash alone loads the page again
            mark = len(self.events)
            self.call("Page.navigate", page=True, url=address)
            self.wait_for("Page.loadEventFired", mark)

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (exceptions raise)."""
        result = self.call("Runtime.evaluate", page=True, expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def problems(self, since: int = 0, session: str | None = None) -> list[str]:
        """Console errors and warnings, uncaught exceptions and log errors the page produced (from
        event ``since`` on; of ``session`` only if given)."""
        found = []
        for event in self.events[since:]:
            if session is not None and event.get("sessionId") != session:
                continue
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(json.dumps(params["exceptionDetails"])[:500])
            elif method == "Runtime.consoleAPICalled" and params.get("type") in (
                "error",
                "warning",
                "assert",
            ):
                found.append(json.dumps(params.get("args"))[:500])
            elif method == "Log.entryAdded" and params["entry"].get("level") in (
                "error",
                "warning",
            ):
                found.append(params["entry"].get("text", "")[:500])
        return found

    def requests(self, since: int = 0) -> list[str]:
        """Every URL the page asked for (from event ``since`` on)."""
        return [
            e["params"]["request"]["url"]
            for e in self.events[since:]
            if e.get("method") == "Network.requestWillBeSent"
        ]

    def tab(self) -> Tab:
        """Another page of this browser, with a session of its own."""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Runtime", "Log", "Page", "Network"):
            self.call(f"{domain}.enable", session=session)
        return Tab(self, target, session)

    def close(self) -> None:
        ws = getattr(self, "ws", None)
        if ws is not None:
            try:
                self.call("Browser.close")
            except (OSError, ConnectionError, RuntimeError):
                pass
            ws.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


class Tab:
    """A page of the browser besides its first, driven through its own session."""

    def __init__(self, browser: Browser, target: str, session: str) -> None:
        self.browser = browser
        self.target = target
        self.session = session

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        return self.browser.call(method, session=self.session, **params)

    def open(self, url: str) -> None:
        """Load ``url`` in this page and wait for its load event."""
        mark = len(self.browser.events)
        self.call("Page.navigate", url=url)
        self.browser.wait_for("Page.loadEventFired", mark, self.session)

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in this page (exceptions raise)."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def problems(self) -> list[str]:
        """Console errors and warnings and uncaught exceptions of this page."""
        return self.browser.problems(0, self.session)

    def close(self) -> None:
        """Close the page (as a person closes a tab)."""
        self.browser.call("Target.closeTarget", targetId=self.target)


def without_clock(table: str) -> str:
    """A tournament's table without its section of answer times (a measurement, different in every
    run)."""
    head, clock, tail = table.partition("answers against the clock, in seconds:\n")
    assert clock, "no clock section"
    return head + tail.partition("\n\n")[2]
