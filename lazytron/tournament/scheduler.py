"""Reaching a Dask scheduler within stated bounds.

The address is checked before any connection (``tcp://HOST:PORT``, or a
bare ``HOST:PORT`` meaning tcp; the rest is refused at once).  Then, before
Dask's client is made, the server must greet as a Dask scheduler does (it
sends the length of its handshake as soon as a connection opens: a small
one) and, asked over Dask's own protocol, say it is a scheduler.  A server
that is unreachable, silent, or speaks another protocol (HTTP, garbage, a
frame of absurd length, which Dask would try to allocate) is one line
within :data:`CONNECT_TIMEOUT` + 2 x :data:`ANSWER_TIMEOUT` seconds.
Every later question to the scheduler is asked with :func:`within`.
``distributed`` is imported only when a server is asked.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
import struct
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

CONNECT_TIMEOUT = 10.0  # seconds to open a connection to the scheduler
ANSWER_TIMEOUT = 10.0  # seconds for its first answer, and for each later question
MOST_HANDSHAKE = 1 << 20  # bytes: a scheduler's handshake is well under a kilobyte
SCHEMES = ("tcp",)  # the protocols lazytron connects with
REFUSED = {
    "tls": "tls:// needs certificates, which lazytron does not take",
    "ws": "lazytron connects to schedulers over tcp:// only",
    "wss": "lazytron connects to schedulers over tcp:// only",
    "ucx": "ucx:// needs UCX-Py and its network, which lazytron does not use",
    "inproc": "inproc:// reaches only a scheduler inside its own process",
}
EXPECTED = "expected tcp://HOST:PORT (the scheduler's address, e.g. tcp://127.0.0.1:8786)"
_HOST_PORT = re.compile(r"(?:\[(?P<ipv6>[0-9A-Fa-f:.]+)\]|(?P<host>[A-Za-z0-9_.-]+)):(?P<port>\d+)")


class ClusterError(Exception):
    """The cluster cannot play the run (one line saying why and, where it matters, where)."""


def check_address(address: str) -> tuple[str, str, int]:
    """The scheme, host and port of a scheduler's address; ClusterError at once if it is not one.

    >>> check_address("tcp://127.0.0.1:8786"), check_address("alpha:8786")
    (('tcp', '127.0.0.1', 8786), ('tcp', 'alpha', 8786))
    >>> check_address("inproc://x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    lazytron.tournament.scheduler.ClusterError: --cluster 'inproc://x': inproc:// ...
    """
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    if scheme in REFUSED:
        raise ClusterError(f"--cluster {address!r}: {REFUSED[scheme]}")
    if scheme not in SCHEMES:
        raise ClusterError(f"--cluster {address!r}: {EXPECTED}")
    match = _HOST_PORT.fullmatch(rest)
    if match is None or not 1 <= int(match["port"]) <= 65535:
        raise ClusterError(f"--cluster {address!r}: {EXPECTED}")
    return scheme, match["ipv6"] or match["host"], int(match["port"])


def url(address: str) -> str:
    """The address with its scheme (Dask's bare ``HOST:PORT`` is tcp)."""
    scheme, host, port = check_address(address)
    return f"{scheme}://{f'[{host}]' if ':' in host else host}:{port}"


def quiet() -> None:
    """Keep Dask's log (its tracebacks of lost connections and garbled frames) off stderr: the
    coordinator says what went wrong in one line of its own."""
    for name in ["distributed", "tornado", *logging.root.manager.loggerDict]:
        if name.split(".")[0] in ("distributed", "tornado"):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def within(seconds: float, what: str, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``call(*args, **kwargs)``, or ClusterError naming ``what`` if it has not returned within
    ``seconds``.

    The call runs in a daemon thread, left behind if it never returns (the
    process is on its way out then); its errors are raised here.
    """
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = call(*args, **kwargs)
        except BaseException as e:  # handed to the caller
            box["error"] = e

    thread = threading.Thread(target=target, name=f"lazytron: {what}", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        raise ClusterError(f"{what}: no answer within {seconds:g} s")
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def probe(address: str, reach: float = CONNECT_TIMEOUT, answer: float = ANSWER_TIMEOUT) -> None:
    """ClusterError unless a Dask scheduler at ``address`` takes a connection within ``reach``
    seconds, greets within ``answer`` seconds and says who it is within ``answer`` seconds more."""
    _, host, port = check_address(address)
    where = url(address)
    try:
        length = _greeting(host, port, reach, answer)
    except socket.gaierror:
        raise ClusterError(
            f"cannot reach the scheduler at {where}: unknown host {host!r}"
        ) from None
    except _Silent:
        raise ClusterError(
            f"the server at {where} took the connection but said nothing in {answer:g} s "
            "(a Dask scheduler greets at once)"
        ) from None
    except TimeoutError:
        raise ClusterError(
            f"cannot reach the scheduler at {where}: no connection within {reach:g} s"
        ) from None
    except OSError as e:
        raise ClusterError(f"cannot reach the scheduler at {where}: {e.strerror or e}") from None
    if not 0 < length <= MOST_HANDSHAKE:
        raise ClusterError(
            f"the server at {where} does not speak Dask's protocol "
            f"(it announced a frame of {length} bytes)"
        )
    identity = _ask_identity(where, answer)
    kind = identity.get("type") if isinstance(identity, dict) else None
    if kind != "Scheduler":
        raise ClusterError(
            f"the server at {where} is not a Dask scheduler "
            f"(it answers as {kind or type(identity).__name__})"
        )


class _Silent(Exception):
    """The server sent nothing in time."""


def _greeting(host: str, port: int, reach: float, answer: float) -> int:
    """The length a server announces first on a new connection (a Dask scheduler: its handshake's);
    _Silent if it sends less than 8 bytes within ``answer`` seconds."""
    with socket.create_connection((host, port), timeout=reach) as connection:
        deadline = time.monotonic() + answer
        data = b""
        while len(data) < 8:
            connection.settimeout(max(deadline - time.monotonic(), 0.001))
            try:
                chunk = connection.recv(8 - len(data))
            except TimeoutError:
                raise _Silent from None
            if not chunk:
                raise OSError("the server closed the connection without a word")
            data += chunk
    return int(struct.unpack("Q", data)[0])


def _ask_identity(where: str, answer: float) -> object:
    """The server's answer to Dask's ``identity`` question; ClusterError if it gives none in time
    or speaks another protocol."""
    quiet()
    try:
        return asyncio.run(asyncio.wait_for(_identity(where, answer), answer))
    except TimeoutError:
        raise ClusterError(
            f"the server at {where} greeted but gave no answer in {answer:g} s "
            "(is it a Dask scheduler?)"
        ) from None
    except (
        Exception
    ) as e:  # HTTP, garbage, a frame longer than memory: MemoryError, struct.error...
        raise ClusterError(
            f"the server at {where} does not speak Dask's protocol ({type(e).__name__})"
        ) from None


async def _identity(where: str, answer: float) -> object:
    from distributed.comm import connect

    comm = await connect(where, timeout=answer)
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()
