"""Running the application: a socket bound here, uvicorn serving the app on it.

The socket is bound before uvicorn starts, so that the address is known
(``--port 0`` takes any free port) and a port in use is one line.  The
server ends every game and its bots when it stops (Ctrl-C, SIGTERM).
"""

from __future__ import annotations

import socket
from typing import TextIO

import uvicorn

from ..match.processes import become_subreaper
from .app import Config, make_app
from .games import MAX_GAMES
from .safety import exposure_warning

STOP_WITHIN = 5  # seconds the server waits for its pages to close when it stops


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host`` and ``port``; OSError if it cannot be had."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def url(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/"


def serve(config: Config, sock: socket.socket, host: str, out: TextIO, err: TextIO) -> None:
    """Serve the app on ``sock`` until stopped, having said where (and warned if others can reach
    it)."""
    warning = exposure_warning(host)
    if warning:
        print(f"lazytron serve: {warning}", file=err, flush=True)
    print(
        f"lazytron serve: {url(sock)} (records in {config.records}; at most {MAX_GAMES} games "
        "at once; Ctrl-C stops it)",
        file=out,
        flush=True,
    )
    become_subreaper()  # the bots' own children are reaped here
    settings = uvicorn.Config(
        make_app(config),
        log_level="warning",
        ws="auto",
        lifespan="on",
        timeout_graceful_shutdown=STOP_WITHIN,
    )
    uvicorn.Server(settings).run(sockets=[sock])
