"""The websockets: a game's page, and a page following a tournament.

A game's page receives the game's messages (:mod:`lazytron.serve.messages`)
and sends the human's keys as ``{"type": "key", "turn": N, "move": "N"}``
(N, E, S or W).  When the page goes (its websocket closed), its game ends
and its bots with it.
"""

from __future__ import annotations

import asyncio
import json

from starlette.websockets import WebSocket, WebSocketDisconnect

from . import messages
from .choices import RequestError
from .follow import POLL, Follower
from .live import LiveGame
from .safety import check_origin


async def _opened(ws: WebSocket) -> bool:
    """Accept the websocket if it comes from this server's page; else close it (policy)."""
    try:
        check_origin(ws)
    except RequestError:
        await ws.close(code=1008)
        return False
    await ws.accept()
    return True


async def _send_game(ws: WebSocket, game: LiveGame) -> None:
    """Forward the game's messages to the page until the game is over."""
    try:
        while (message := await game.queue.get()) is not None:
            await ws.send_json(message)
    except Exception:  # the page has gone: the receiver sees it and ends the game
        return


async def _receive_keys(ws: WebSocket, game: LiveGame) -> None:
    """Take the page's keys until it goes."""
    while True:
        try:
            text = await ws.receive_text()
        except (WebSocketDisconnect, RuntimeError):
            return
        try:
            data = json.loads(text)
            taken = game.press(int(data["turn"]), str(data["move"]))
        except (ValueError, KeyError, TypeError):
            await ws.send_json(messages.error("a key is {'type': 'key', 'turn': N, 'move': 'N'}"))
            continue
        if not taken:
            await ws.send_json({"type": "ignored", "turn": data["turn"], "move": data["move"]})


async def game_socket(ws: WebSocket) -> None:
    """A game's page: the game starts when it connects, and ends when it goes."""
    if not await _opened(ws):
        return
    games = ws.app.state.games
    game = games.get(ws.path_params["game"])
    if game is None or game.started:
        await ws.send_json(messages.error("no game of that id is waiting for its page"))
        await ws.close(code=4404)
        return
    game.start()
    sender = asyncio.create_task(_send_game(ws, game))
    try:
        await _receive_keys(ws, game)
    finally:
        sender.cancel()
        await games.close(game.id)


async def _poll(ws: WebSocket, follower: Follower) -> None:
    """Send what is new in the store every :data:`POLL` seconds."""
    try:
        while True:
            for message in await asyncio.to_thread(follower.poll):
                await ws.send_json(message)
            await asyncio.sleep(POLL)
    except Exception:  # the page has gone
        return


async def tournament_socket(ws: WebSocket) -> None:
    """A page following the tournament of the ``--db`` store."""
    if not await _opened(ws):
        return
    db = ws.app.state.config.db
    if db is None:
        await ws.send_json(messages.error("this server follows no results database (--db)"))
        await ws.close()
        return
    poller = asyncio.create_task(_poll(ws, Follower(db)))
    try:
        while True:
            await ws.receive_text()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        poller.cancel()
