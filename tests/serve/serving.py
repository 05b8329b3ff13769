"""The real ``lazytron serve`` in a subprocess on 127.0.0.1 (a free port), and what tests ask of it
(tests only)."""

from __future__ import annotations

import json
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BOT = shlex.join([sys.executable, "-m", "lazytron", "bot", "--depth", "2"])  # answers at once


def children(pid: int) -> list[int]:
    """The live (not zombie) processes whose parent is ``pid`` (Linux: /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) != "Z"
    except OSError:
        return False


class Server:
    """``lazytron serve --port 0`` with a records folder and a results database in ``folder``."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.records = folder / "records"
        self.db = folder / "results.db"
        self.log = open(folder / "serve.log", "w+")
        command = [
            sys.executable, "-m", "lazytron", "serve", "--port", "0",
            "--records", str(self.records), "--db", str(self.db),
            "--bot", f"depth2={BOT}", *args,
        ]  # fmt: skip
        self.proc = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=self.log, text=True
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if found is None:
            self.stop()
            raise RuntimeError(f"lazytron serve did not start: {line!r} {self.output()}")
        self.url = found[0]

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def bots(self) -> list[int]:
        """The server's child processes: the bots (and the human's relays) of its games."""
        return children(self.proc.pid)

    def request(
        self, path: str, body: Any = None, headers: dict[str, str] | None = None, raw: bytes = b""
    ) -> tuple[int, Any]:
        """(status, JSON or text) of a GET, or of a POST of ``body`` as JSON (or ``raw`` bytes)."""
        data = json.dumps(body).encode() if body is not None else raw or None
        sent = {"Content-Type": "application/json", **(headers or {})} if data else headers or {}
        request = urllib.request.Request(self.url + path.lstrip("/"), data, sent)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as e:
            status, text = e.code, e.read().decode()
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    def stop(self) -> str:
        """Ctrl-C, as a person stops it; what the server wrote on stderr."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        output = self.output()
        self.log.close()
        return output


def wait(condition: Any, timeout: float = 30, what: str = "") -> Any:
    """Poll ``condition()`` until it is truthy (its value), or fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        time.sleep(0.05)
    return value


def gone(pids: list[int]) -> bool:
    return not any(alive(pid) for pid in pids)
