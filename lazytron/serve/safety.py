"""What keeps the server to its page and its machine: the origin of requests, the loopback.

The limits on what a page may ask for are in :mod:`lazytron.serve.choices`
(maps, players) and :mod:`lazytron.serve.games` (games at once).
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from .choices import RequestError

LOOPBACK_NAMES = [
    "127.0.0.1",
    "localhost",
    "::1",
    "[::1]",
]  # the Host names a loopback server takes


def check_origin(connection: HTTPConnection) -> None:
    """RequestError (403) for a request or websocket opened by a page of another origin."""
    origin = connection.headers.get("origin")
    if origin and urlsplit(origin).netloc != connection.headers.get("host"):
        raise RequestError("requests from pages of other sites are refused", 403)


def is_loopback(host: str) -> bool:
    """Whether ``host`` is on the loopback: only this machine can reach it.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1")
    (True, True, True)
    >>> is_loopback("0.0.0.0"), is_loopback("192.168.1.5"), is_loopback("example.org")
    (False, False, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str) -> str | None:
    """The warning for a server that others can reach, or None on the loopback."""
    if is_loopback(host):
        return None
    return (
        f"WARNING: listening on {host}, not on the loopback: anyone who can reach this machine "
        "can start games, and so run the engines and bots named here"
    )
