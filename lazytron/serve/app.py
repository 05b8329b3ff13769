"""The web application on Starlette: the page, its requests and its websockets.

    GET  /                          the page (static/index.html), its script and style in /static
                                    (board.js: the replay page's drawing, lazytron/replay/html)
    GET  /api/choices               maps, engines and their options, bots, clocks, rules, limits
    POST /api/games                 a game to play or watch: 201 {"id", "socket"}
    WS   /ws/games/{id}             that game: its messages out, the human's keys in
    GET  /api/stored                the stored games: the server's records, the --db store's games
    GET  /replay/records/{name}     a record's replay page
    GET  /replay/db/{run}/{game}    a stored game's replay page
    WS   /ws/tournament             the tournament of the --db store, as it is played

A refused request gets its status (400, 403, 404, 413, 415, 429) and
``{"error": "one line"}``; an unexpected failure a 500 with no traceback
(the server's log has it).  Requests and websockets from another origin
are refused, and a server on the loopback answers only to loopback host
names (no DNS rebinding).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from ..replay import webpage
from . import sockets
from .choices import Catalogue, RequestError
from .games import Games
from .library import record_files, record_page, stored_games, stored_page
from .safety import LOOPBACK_NAMES, check_origin

MAX_BODY = 1 << 16  # bytes of a request: a 100x100 map and its settings fit


@dataclass(frozen=True)
class Config:
    """What the server was started with."""

    records: str  # the folder of the games' records
    catalogue: Catalogue
    db: str | None = None  # a tournament's results database, read-only
    loopback: bool = True  # listening on the loopback only


def refusal(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status)


async def read_json(request: Request) -> Any:
    """The JSON body of a request, at most :data:`MAX_BODY` bytes."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise RequestError("send the request as application/json", 415)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise RequestError(f"the request is over {MAX_BODY} bytes", 413)
    try:
        return json.loads(body)
    except ValueError:
        raise RequestError("the request is not JSON") from None


async def index(request: Request) -> Response:
    page = resources.files("lazytron.serve").joinpath("static", "index.html")
    return HTMLResponse(page.read_text(encoding="utf-8"))


async def board_script(request: Request) -> Response:
    return Response(webpage.board_script(), media_type="text/javascript")


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)


async def choices(request: Request) -> Response:
    config: Config = request.app.state.config
    return JSONResponse({**config.catalogue.describe(), "tournament": config.db is not None})


async def new_game(request: Request) -> Response:
    config: Config = request.app.state.config
    check_origin(request)
    setup = config.catalogue.setup(await read_json(request))
    game = request.app.state.games.add(setup)
    return JSONResponse({"id": game.id, "socket": f"/ws/games/{game.id}"}, 201)


async def stored(request: Request) -> Response:
    config: Config = request.app.state.config
    found: dict[str, Any] = {"records": record_files(config.records), "db": None, "problem": None}
    if config.db is not None:
        try:
            found["db"] = stored_games(config.db)
        except RequestError as e:
            found["problem"] = str(e)
    return JSONResponse(found)


async def record_replay(request: Request) -> Response:
    config: Config = request.app.state.config
    return HTMLResponse(record_page(config.records, request.path_params["name"]))


async def stored_replay(request: Request) -> Response:
    config: Config = request.app.state.config
    if config.db is None:
        raise RequestError("this server follows no results database (--db)", 404)
    run, game = request.path_params["run"], request.path_params["game"]
    return HTMLResponse(stored_page(config.db, run, game))


async def refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestError)
    return refusal(str(exc), exc.status)


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return refusal(str(exc.detail), exc.status_code)


async def failure(request: Request, exc: Exception) -> Response:
    return refusal("the server failed on this request (its log says why)", 500)


def make_app(config: Config) -> Starlette:
    """The application for ``config``."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await app.state.games.close_all()  # the server stops: end every game and its bots

    routes = [
        Route("/", index),
        Route("/favicon.ico", no_icon),
        Route("/api/choices", choices),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/stored", stored),
        Route("/replay/records/{name}", record_replay),
        Route("/replay/db/{run:int}/{game:int}", stored_replay),
        WebSocketRoute("/ws/games/{game}", sockets.game_socket),
        WebSocketRoute("/ws/tournament", sockets.tournament_socket),
        Route("/static/board.js", board_script),  # the replay page's, shared
        Mount("/static", StaticFiles(packages=[("lazytron.serve", "static")]), name="static"),
    ]
    middleware = (
        [Middleware(TrustedHostMiddleware, allowed_hosts=LOOPBACK_NAMES)] if config.loopback else []
    )
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={RequestError: refused, HTTPException: http_error, 500: failure},
    )
    app.state.config = config
    app.state.games = Games(config.records, config.catalogue.python)
    return app
