"""The pure parts of ``lazytron serve``: requests checked into setups, the human's seat and its
relay, the bots' searches, the messages, the stored games, a tournament followed."""

from __future__ import annotations

import asyncio
import os
import shlex
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from conftest import ROOT

from lazytron.board import Move
from lazytron.match.mapgen import is_symmetric
from lazytron.match.records import Record, write_record
from lazytron.match.referee import Limits, play_game, referee
from lazytron.match.rules import Outcome
from lazytron.reading import parse_board
from lazytron.serve import messages
from lazytron.serve.choices import (
    HUMAN,
    MAX_SIDE,
    Catalogue,
    RequestError,
    choose_map,
    engine_command,
    human_limits,
)
from lazytron.serve.follow import Follower
from lazytron.serve.human import KeyPlayer, relay_command
from lazytron.serve.library import record_files, record_page, stored_games, stored_page
from lazytron.serve.safety import exposure_warning, is_loopback
from lazytron.serve.thinking import follow
from lazytron.tournament import store
from lazytron.tournament.task import Fixture, GameResult

N, E, S, W = Move.NORTH, Move.EAST, Move.SOUTH, Move.WEST
CORRIDOR = parse_board("7 3\n#######\n#1   2#\n#######\n")
CATALOGUE = Catalogue({"mine": "python3 mine.py"}, python="python3")
PLAY = {"map": {"name": "pillars"}, "players": [{"human": True}, {"bot": "mine"}]}


def test_a_request_becomes_a_setup():
    setup = CATALOGUE.setup(PLAY)
    assert setup.players[0].name == HUMAN and setup.players[0].command is None
    assert setup.players[1].command == "python3 mine.py"
    assert setup.human == 2 - 1 and setup.map_name == "pillars" and setup.rules == "simultaneous"
    assert setup.limits == (Limits(13.0, 13.0), Limits(3.0, 1.0))  # the human's 10 s, and margin
    watch = CATALOGUE.setup(
        {**PLAY, "players": [{"engine": "zenzike"}, {"bot": "mine"}], "rules": "tronjar"}
    )
    assert watch.human is None and watch.rules == "tronjar"


def test_an_engine_is_a_command_the_page_never_writes():
    setup = CATALOGUE.setup(
        {
            **PLAY,
            "players": [{"engine": "chambers", "options": ["EDGE=120"]}, {"human": True}],
            "clock": "quick",
            "human_clock": "off",
        }
    )
    one, two = setup.players
    assert one.name == "chambers EDGE=120" and setup.human == 2
    assert shlex.split(one.command or "") == [
        "python3", "-m", "lazytron", "bot", "--engine", "chambers", "-v",
        "--option", "EDGE=120", "--first-time", "0.9", "--turn-time", "0.15",
    ]  # fmt: skip
    assert (
        setup.limits == (Limits(1.0, 0.25), human_limits(None)) and human_limits(None).turn > 3600
    )


def test_an_option_cannot_smuggle_an_argument():
    smuggler = {"engine": "chambers", "options": ["--depth 1=2"]}
    with pytest.raises(RequestError, match="chambers: no option --depth 1 "):
        CATALOGUE.setup({**PLAY, "players": [smuggler, {"human": True}]})
    words = shlex.split(engine_command(*_chambers(["EDGE=1; rm -rf ~"]), Limits(), "py"))
    assert "EDGE=1; rm -rf ~" in words  # one argument, which the engine then refuses


def _chambers(options: list[str]):
    from lazytron.engines import CHAMBERS

    return CHAMBERS, options


@pytest.mark.parametrize(
    ("request_body", "message"),
    [
        ({**PLAY, "clock": "blitz"}, "no clock 'blitz': choose one of contest, quick"),
        ({**PLAY, "human_clock": 5}, "'human_clock' must be a string"),
        ({**PLAY, "rules": "chess"}, "no rules 'chess': choose one of simultaneous, tronjar"),
        (
            {**PLAY, "players": [{"human": True}]},
            "'players' must be two objects, player 1's and player 2's",
        ),
        ({**PLAY, "map": {"seed": True}}, "'seed' must be a whole number"),
        ({**PLAY, "map": {}}, "'map' must hold a 'name', a 'seed' or a 'text'"),
        (
            {**PLAY, "players": [{"engine": "zenzike", "options": "EDGE=1"}, {"human": True}]},
            "'options' must be a list",
        ),
    ],
)
def test_what_is_wrong_with_a_request_is_named(request_body, message):
    with pytest.raises(RequestError) as refused:
        CATALOGUE.setup(request_body)
    assert (str(refused.value), refused.value.status) == (message, 400)


def test_generated_maps_are_fair_and_bounded():
    name, board = choose_map({"seed": 7, "width": MAX_SIDE, "height": 20})
    assert name == "generated-100x20-7" and (board.width, board.height) == (100, 20)
    assert is_symmetric(board) and choose_map({"seed": 7, "width": 100, "height": 20})[1] == board
    with pytest.raises(RequestError, match="sides of 4 to 100"):
        choose_map({"seed": 7, "width": 101, "height": 20})


def test_the_choices_name_what_a_page_may_pick():
    offered = CATALOGUE.describe()
    assert offered["bots"] == ["mine"] and "pillars" in offered["maps"]
    assert (
        offered["engines"]["zenzike"] == [] and offered["engines"]["chambers"][0]["name"] == "FILL"
    )
    assert offered["clocks"] == ["contest", "quick"] and offered["human_clocks"] == [
        "10",
        "30",
        "off",
    ]
    assert offered["max_side"] == 100


# -- the human's seat ---------------------------------------------------------


def test_a_key_answers_its_turn_only_once(tmp_path):
    announced = []
    player = KeyPlayer(str(tmp_path / "keys"), 2, None, lambda t, s: announced.append((t, s)))
    reader = os.open(tmp_path / "keys", os.O_RDONLY | os.O_NONBLOCK)
    try:
        assert not player.press(1, N)  # no turn is waiting yet
        player.begin(1, CORRIDOR)
        assert announced == [(1, None)] and player.board == CORRIDOR.swapped()
        assert not player.press(2, N) and player.press(1, W) and not player.press(1, E)
        assert os.read(reader, 10) == b"4" and player.moves == [(W, True)]
    finally:
        player.close()
        os.close(reader)


def test_the_clock_running_out_plays_the_fallback(tmp_path):
    async def game() -> list[tuple[Move, bool]]:
        player = KeyPlayer(str(tmp_path / "keys"), 1, 0.05)
        try:
            player.begin(1, CORRIDOR)
            await asyncio.sleep(0.3)
            assert not player.press(1, N)  # too late
            player.begin(2, CORRIDOR)
            assert player.press(2, S)  # in time: no fallback comes after it
            await asyncio.sleep(0.3)
            return player.moves
        finally:
            player.close()

    assert asyncio.run(game()) == [(E, False), (S, True)]  # East: the only free cell


def test_the_relay_plays_the_keys_in_a_refereed_game(tmp_path):
    """The human's seat is a bot program to the referee: each key it is given is its move."""
    fifo = str(tmp_path / "keys")
    player = KeyPlayer(fifo, 1, None)
    bot = shlex.join([sys.executable, str(ROOT / "tests" / "bots" / "testbot.py"), "script", "WW"])
    keys = [E, E]
    played = []
    try:
        with closing(referee(CORRIDOR, (relay_command(fifo, sys.executable), bot))) as turns:
            board = CORRIDOR
            for number in (1, 2):
                player.begin(number, board)
                player.press(number, keys[number - 1])
                turn = next(turns)
                played.append(turn.moves)
                board = turn.after
    finally:
        player.close()
    assert played == [(E, W), (E, W)] and board is Outcome.COLLIDED


def test_the_relay_ends_with_its_input(tmp_path):
    fifo = str(tmp_path / "keys")
    player = KeyPlayer(fifo, 1, None)
    relay = subprocess.Popen(
        shlex.split(relay_command(fifo, sys.executable)),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
    )
    try:
        player.begin(1, CORRIDOR)
        player.press(1, S)
        out, _ = relay.communicate(str(CORRIDOR).encode() * 1000, timeout=30)  # drained, not stuck
    finally:
        player.close()
    assert (relay.returncode, out) == (0, b"3\n")


# -- the bots' searches and the messages --------------------------------------------


def test_each_bots_searches_are_read_from_its_own_log():
    read, write = os.pipe()
    found: list[dict] = []
    thread = follow(read, found.append)
    os.write(write, b"turn=1 depth=8 score=30 move=East ms=900\nnoise\nturn=2 depth=0 score=- mo")
    os.write(write, b"ve=North ms=3\n")
    os.close(write)
    thread.join(5)
    assert found == [
        {"turn": 1, "depth": 8, "score": 30, "move": "East"},
        {"turn": 2, "depth": 0, "score": None, "move": "North"},
    ]


def test_the_messages_carry_the_board_as_the_replay_page_reads_it():
    setup = CATALOGUE.setup({**PLAY, "map": {"text": str(CORRIDOR)}})
    start = messages.start("g", setup)
    assert (start["width"], start["walls"], start["heads"]) == (
        7,
        format(CORRIDOR.walls, "x"),
        [CORRIDOR.me, CORRIDOR.enemy],
    )
    assert start["names"] == ["human", "mine"] and start["human"] == 1
    tb = ROOT / "tests" / "bots" / "testbot.py"
    game = play_game(
        CORRIDOR, (f"{sys.executable} {tb} script EE", f"{sys.executable} {tb} script WN")
    )
    first, last = (messages.turn(t) for t in (game.turns[0], game.turns[-1]))
    assert first == {
        "type": "turn",
        "turn": 1,
        "moves": "EW",
        "heads": [CORRIDOR.me + 1, CORRIDOR.enemy - 1],
        "times": first["times"],
    }
    assert last["heads"] is None
    end = messages.end(game.turns[-1], "/replay/records/x.tron")
    assert (
        end["result"] == "Player One Wins!"
        and end["winner"] == 1
        and end["crashes"] == [CORRIDOR.enemy - 1 - CORRIDOR.stride]
    )


# -- the stored games and a tournament followed --------------------------------------


def test_records_are_listed_and_served_by_name_only(tmp_path):
    write_record(str(tmp_path / "a.tron"), Record(CORRIDOR, ("<b>me</b>", "you"), ((E, W),), "D"))
    (tmp_path / "broken.tron").write_text("+OK|7 3|")
    (tmp_path / "notes.txt").write_text("not a record")
    listed = {item["name"]: item for item in record_files(str(tmp_path))}
    assert set(listed) == {"a.tron", "broken.tron"}
    assert listed["a.tron"]["names"] == ["<b>me</b>", "you"] and listed["a.tron"]["turns"] == 1
    assert listed["broken.tron"]["problem"]
    assert "const GAME = " in record_page(str(tmp_path), "a.tron")
    for name in ("../a.tron", "notes.txt", "missing.tron", "/etc/passwd"):
        with pytest.raises(RequestError) as refused:
            record_page(str(tmp_path), name)
        assert refused.value.status == 404


def stored(db_path: Path, games: list[tuple[int, str, tuple[str, str]]]) -> None:
    """Store games (number, result, names) in a run, as a tournament does."""
    db = store.connect(str(db_path))
    run = store.open_run(db, "key", {"names": ["a", "b"]})
    for number, result, names in games:
        record = Record(CORRIDOR, names, ((E, W), (E, W)), "D")
        fixture = Fixture(number, number, 1, "corridor", str(CORRIDOR), names, ("x", "y"))
        store.save(db, run, fixture, GameResult(number, result, "Draw", 2, str(record)))
    db.close()


def test_a_tournament_is_followed_game_by_game(tmp_path):
    db = tmp_path / "results.db"
    follower = Follower(str(db))
    assert follower.poll() == [
        {"type": "waiting", "message": f"{db}: no results database there (yet)"}
    ]
    assert follower.poll() == []  # said once
    stored(db, [(1, "1", ("a", "b")), (2, "D", ("b", "a"))])
    news = follower.poll()
    assert [m["type"] for m in news] == ["run", "game", "game", "standings"]
    assert news[1]["replay"]["moves"] == ["EW", "EW"] and news[1]["url"] == "/replay/db/1/1"
    assert news[-1]["rows"] == [["a", 2, 1.5, 1, 1, 0], ["b", 2, 0.5, 0, 1, 1]]
    db_writer = store.connect(str(db))
    record = str(Record(CORRIDOR, ("a", "b"), ((E, W), (E, W)), "D"))
    store.save(
        db_writer,
        1,
        Fixture(3, 3, 2, "c", "", ("a", "b"), ("x", "y")),
        GameResult(3, "2", "w", 2, record),
    )
    db_writer.close()
    assert [m["type"] for m in follower.poll()] == ["game", "standings"]
    assert follower.poll() == []
    assert [g["game"] for g in stored_games(str(db))] == [3, 2, 1]
    assert "const GAME = " in stored_page(str(db), 1, 2)
    with pytest.raises(RequestError, match="no game 9 of run 1"):
        stored_page(str(db), 1, 9)


def test_a_file_that_is_not_a_results_database_is_said_to_be(tmp_path):
    (tmp_path / "x.db").write_text("hello")
    with pytest.raises(RequestError, match="not a readable results database"):
        stored_games(str(tmp_path / "x.db"))


# -- safety and the page -----------------------------------------------------------


def test_a_server_others_can_reach_is_warned_of():
    assert exposure_warning("127.0.0.1") is None and exposure_warning("localhost") is None
    assert is_loopback("127.0.0.2") and not is_loopback("0.0.0.0")
    assert (exposure_warning("0.0.0.0") or "").startswith("WARNING: listening on 0.0.0.0")
