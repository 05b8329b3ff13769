"""``lazytron serve``: a local web app to play the engines with the keys, watch bots play, follow a
tournament and replay stored games.

Starlette and uvicorn are optional: ``pip install 'lazytron[serve]'``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import sys
from typing import TextIO

from . import arguments

NEEDS = ("starlette", "uvicorn", "websockets")
BOT_NAME = re.compile(r"[\w.+-]{1,40}")
_port = arguments.number(int, "port", 0, 65535)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (127.0.0.1: this machine only; another one is warned of)",
    )
    p.add_argument("--port", type=_port, default=8000, help="the port (8000; 0: any free one)")
    p.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=CMD",
        help="a bot the page may choose, by NAME (repeatable); the engines are always offered",
    )
    p.add_argument(
        "--db", metavar="FILE", help="a tournament's results database to follow (read-only)"
    )
    p.add_argument(
        "--records",
        default="lazytron-games",
        metavar="DIR",
        help="the folder where the games played are saved as records (lazytron-games)",
    )


def _fail(err: TextIO, message: str, status: int = 1) -> int:
    print(f"lazytron serve: {message}", file=err)
    return status


def parse_bots(pairs: list[str]) -> dict[str, str]:
    """``NAME=CMD`` pairs as a dict; ValueError (one line) for a bad one or a program not found."""
    from ..match.processes import BotError, check_command

    bots: dict[str, str] = {}
    for pair in pairs:
        name, equals, command = pair.partition("=")
        if not equals or not BOT_NAME.fullmatch(name):
            raise ValueError(f"--bot {pair!r}: expected NAME=CMD, NAME of letters, digits, . + -")
        if name in bots:
            raise ValueError(f"--bot {name}: named twice")
        try:
            check_command(command, name)
        except BotError as e:
            raise ValueError(f"--bot {e}") from None
        bots[name] = command
    return bots


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    missing = [name for name in NEEDS if importlib.util.find_spec(name) is None]
    if missing:
        return _fail(err, f"needs {', '.join(missing)}: pip install 'lazytron[serve]'")
    from ..serve.app import Config
    from ..serve.choices import Catalogue
    from ..serve.safety import is_loopback
    from ..serve.server import bind, serve

    try:
        bots = parse_bots(args.bot)
    except ValueError as e:
        return _fail(err, str(e), 2)
    try:
        os.makedirs(args.records, exist_ok=True)
    except OSError as e:
        return _fail(err, f"{args.records}: {e.strerror}")
    try:
        sock = bind(args.host, args.port)
    except OSError as e:
        return _fail(err, f"cannot listen on {args.host} port {args.port}: {e.strerror or e}")
    config = Config(os.path.abspath(args.records), Catalogue(bots), args.db, is_loopback(args.host))
    with sock:
        serve(config, sock, args.host, out, err)
    return 0
