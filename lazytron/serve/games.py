"""The games in progress, at most :data:`MAX_GAMES` at once.

A game is made by a request (``POST /api/games``) and starts when its page
connects to its websocket; one whose page has not connected within
:data:`CONNECT_WITHIN` seconds is dropped.  A finished game no longer
counts against the bound.
"""

from __future__ import annotations

import asyncio
import secrets
import time

from .choices import RequestError, Setup
from .live import LiveGame

MAX_GAMES = 4  # games at once (each runs one or two bot processes)
CONNECT_WITHIN = 30.0  # seconds a page has to connect to the game it asked for


class Games:
    """The server's games by id."""

    def __init__(
        self, records: str, python: str, most: int = MAX_GAMES, wait: float = CONNECT_WITHIN
    ) -> None:
        self.records = records
        self.python = python
        self.most = most
        self.wait = wait
        self.games: dict[str, LiveGame] = {}

    def active(self) -> list[LiveGame]:
        """The games that count against the bound: waiting for their page, or being played."""
        return [game for game in self.games.values() if not game.over]

    def add(self, setup: Setup) -> LiveGame:
        """A new game for ``setup``; RequestError (429) if as many games as allowed are on."""
        now = time.monotonic()
        for game in list(self.games.values()):
            if not game.started and now - game.created > self.wait:
                del self.games[game.id]
        if len(self.active()) >= self.most:
            raise RequestError(
                f"this server plays at most {self.most} games at once: "
                "try again when one has ended",
                429,
            )
        game = LiveGame(secrets.token_hex(8), setup, self.records, self.python)
        self.games[game.id] = game
        return game

    def get(self, game_id: str) -> LiveGame | None:
        return self.games.get(game_id)

    async def close(self, game_id: str) -> None:
        """End a game (its bots too) and forget it."""
        game = self.games.pop(game_id, None)
        if game is not None:
            await game.close()

    async def close_all(self) -> None:
        """End every game (the server is stopping)."""
        await asyncio.gather(*(self.close(game_id) for game_id in list(self.games)))
