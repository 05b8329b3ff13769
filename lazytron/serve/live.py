"""A game in progress: the referee in a thread of its own, its turns queued for the page.

The game starts when its page connects (:meth:`LiveGame.start`, in the
server's event loop).  The referee is ``lazytron play``'s, run in a
thread; each turn is handed to the event loop as a message, and the
human's :class:`~lazytron.serve.human.KeyPlayer`, if any, is told the next
turn has begun.  Each bot's stderr is a pipe read for its ``-v``
searches.  :meth:`LiveGame.cancel` (the page closed, the server
stopping) ends the referee within a tenth of a second, and with it every
bot process.  A finished game is saved as a record in the server's
folder.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Sequence
from contextlib import closing
from typing import Any

from ..board import MOVE_LETTERS, Board
from ..match.processes import BotError
from ..match.records import write_record
from ..match.referee import Cancelled, Game, Turn, referee
from . import messages
from .choices import Setup
from .human import KeyPlayer, relay_command
from .thinking import follow

Message = dict[str, Any]


class LiveGame:
    """One game between two bots, or a bot and the human, from its page's connection to its end."""

    def __init__(self, game_id: str, setup: Setup, records: str, python: str) -> None:
        self.id = game_id
        self.setup = setup
        self.records = records
        self.python = python
        self.created = time.monotonic()
        self.stopping = threading.Event()
        self.queue: asyncio.Queue[Message | None] = asyncio.Queue()
        self.player: KeyPlayer | None = None
        self.thread: threading.Thread | None = None
        self.over = False  # the referee has finished (or never started)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.folder = ""

    @property
    def started(self) -> bool:
        return self.thread is not None

    def start(self) -> None:
        """Start the game (in the event loop): the human's relay, the bots' logs, the referee."""
        self.loop = asyncio.get_running_loop()
        self.folder = tempfile.mkdtemp(prefix="lazytron-serve-")
        fifo = os.path.join(self.folder, "keys")
        seat = self.setup.human
        if seat is not None:
            self.player = KeyPlayer(fifo, seat, self.setup.human_seconds, self._announce)
        commands = tuple(p.command or relay_command(fifo, self.python) for p in self.setup.players)
        logs = [self._log(player) for player in (1, 2)]
        self.queue.put_nowait(messages.start(self.id, self.setup))
        self.thread = threading.Thread(
            target=self._run, args=(commands, logs), name=f"game {self.id}", daemon=True
        )
        self.thread.start()
        if self.player is not None:
            self.player.begin(1, self.setup.board)

    def _log(self, player: int) -> int:
        """A pipe for a bot's stderr, read for its searches (the human's relay logs nothing)."""
        if self.setup.players[player - 1].command is None:
            return subprocess.DEVNULL
        read, write = os.pipe()
        follow(read, lambda found: self._post(messages.search(player, found)))
        return write

    def press(self, turn: int, letter: str) -> bool:
        """A key from the page for ``turn`` (N, E, S or W); whether it was taken as the move."""
        move = MOVE_LETTERS.get(letter)
        return self.player is not None and move is not None and self.player.press(turn, move)

    def _announce(self, turn: int, seconds: float | None) -> None:
        self.queue.put_nowait(messages.your_move(turn, seconds))

    def _post(self, message: Message | None, next_board: Board | None = None) -> None:
        """Hand a message to the event loop (from any thread); with the board of the turn that
        begins."""
        assert self.loop is not None
        try:
            self.loop.call_soon_threadsafe(self._deliver, message, next_board)
        except RuntimeError:  # the loop is closed: the server has stopped
            pass

    def _deliver(self, message: Message | None, next_board: Board | None) -> None:
        if message is None:
            self.over = True
        self.queue.put_nowait(message)
        if next_board is not None and self.player is not None and message is not None:
            self.player.begin(message["turn"] + 1, next_board)

    def _run(self, commands: tuple[str, str], logs: Sequence[int]) -> None:
        """The referee's game (in the game's thread), then the record; None marks the end."""
        s = self.setup
        played: list[Turn] = []
        try:
            with closing(
                referee(
                    s.board, commands, s.limits, s.rules, (logs[0], logs[1]), self.stopping.is_set
                )
            ) as turns:
                for turn in turns:
                    played.append(turn)
                    after = turn.after if isinstance(turn.after, Board) else None
                    self._post(messages.turn(turn), after)
            name = self._save(played)
            self._post(messages.end(played[-1], name and f"/replay/records/{name}"))
        except Cancelled:
            pass
        except (BotError, OSError) as e:
            self._post(messages.error(str(e)))
        finally:
            for fd in logs:
                if fd >= 0:
                    os.close(fd)
            self._post(None)

    def _save(self, played: list[Turn]) -> str | None:
        """Write the game's record in the server's folder; its file name (None if it cannot be
        written)."""
        name = f"{time.strftime('%Y%m%d-%H%M%S')}-{self.id}.tron"
        names = (self.setup.players[0].name, self.setup.players[1].name)
        try:
            write_record(
                os.path.join(self.records, name),
                Game(self.setup.board, names, tuple(played)).record(),
            )
        except OSError:
            return None
        return name

    def cancel(self) -> None:
        """End the game now: the referee stops and ends the bots."""
        self.stopping.set()

    async def close(self) -> None:
        """Cancel the game, wait for its thread (the bots ended), free the human's FIFO."""
        self.cancel()
        if self.thread is not None:
            await asyncio.to_thread(self.thread.join)
        self.over = True
        if self.player is not None:
            self.player.close()
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)
