"""Prepared moves: a map's first turns searched ahead of the game, written to a file, and the bot
answering from it."""

import re
import signal
import subprocess
import sys

import pytest
from conftest import ROOT, lazytron

from lazytron.board import CARDINALS, Move, legal_moves
from lazytron.decide import decide
from lazytron.engines import ENGINES
from lazytron.match.first_turns import first_turns, replies
from lazytron.match.rules import advance
from lazytron.prepared import key, load, parse_entries, prepared_move, seen_by_two
from lazytron.reading import load_board, map_file, parse_board

CHAMBERS = ENGINES["chambers"]
SMALL = parse_board("7 5\n#######\n#1    #\n#     #\n#    2#\n#######\n")


def fixed_depth(depth):
    searched = []

    def search(board):
        searched.append(key(board))
        decision = decide(CHAMBERS.init_tree(board), CHAMBERS.best_scores, depth=depth)
        return decision.move, decision.depth, int(decision.score)

    return search, searched


def test_every_position_of_the_first_turns_is_searched_once_following_the_engines_moves():
    search, searched = fixed_depth(4)
    found = list(first_turns(SMALL, 3, search))
    moves = {position: move for _, position, move, _, _ in found}
    assert len(moves) == len(found) == len(searched)  # none searched twice
    turns = [[position for turn, position, *_ in found if turn == t] for t in (1, 2, 3)]
    assert turns[0] == [SMALL]
    # each turn holds exactly the positions the enemy's replies to the moves found reach
    frontier = [SMALL]
    for turn in turns:
        assert sorted(turn) == sorted(set(frontier))
        for board in frontier:  # the move found is legal where it is played
            assert moves[board] in [m for m, _ in legal_moves(board.free, board.me, board.stride)]
        frontier = [child for board in frontier for child in replies(board, moves[board])]
    assert all(0 < depth <= 4 for *_, depth, _ in found)


def test_replies_leave_out_the_enemy_moves_that_end_the_game():
    board = parse_board("5 3\n#####\n#1 2#\n#####\n")
    # the enemy can only step west into the cell my east move takes: a collision, not a position
    assert replies(board, Move.EAST) == []
    after = [advance(board, Move.EAST, answer) for answer in CARDINALS]
    assert all(not hasattr(a, "me") for a in after)


def test_a_resumed_run_searches_only_what_it_had_not():
    search, searched = fixed_depth(2)
    first = {position: move for _, position, move, _, _ in first_turns(SMALL, 2, search)}
    searched.clear()
    more = list(first_turns(SMALL, 3, search, first.get))
    assert more and {turn for turn, *_ in more} == {3}  # turns 1 and 2 not searched again
    assert sorted(searched) == sorted(key(position) for _, position, *_ in more)


def test_the_bot_answers_a_prepared_position_with_its_move(tmp_path):
    searched = lazytron("bot", "--engine", "chambers", "--depth", "4", input=str(SMALL))
    theirs = Move(int(searched.stdout))
    other = next(m for m, _ in legal_moves(SMALL.free, SMALL.me, SMALL.stride) if m != theirs)
    path = tmp_path / "prepared.txt"
    path.write_text(f"# by hand\n{key(SMALL)} {other.digit} 30 0 small player 1 turn 1\n")
    run = lazytron(
        "bot",
        "--engine",
        "chambers",
        "--depth",
        "4",
        "--prepared",
        str(path),
        "-v",
        input=str(SMALL),
    )
    assert run.returncode == 0 and run.stdout == other.digit + "\n"
    assert re.fullmatch(rf"turn=1 depth=4 score=-?\d+ move={other} ms=\d+ prepared\n", run.stderr)
    # a position the file does not hold is searched as always
    elsewhere = seen_by_two(SMALL)
    run = lazytron(
        "bot", "--engine", "chambers", "--depth", "4", "--prepared", str(path), input=str(elsewhere)
    )
    alone = lazytron("bot", "--engine", "chambers", "--depth", "4", input=str(elsewhere))
    assert run.stdout == alone.stdout


def test_a_bad_prepared_file_is_one_line_before_any_game(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("0123456789abcdef 9 30 0 \x1b]0;title\x07\n")
    missing = tmp_path / "missing.txt"
    for path, reason in (
        (bad, r"line 1: not KEY MOVE DEPTH SCORE \[WHERE\]: .*\\x1b"),
        (missing, r"No such file or directory"),
    ):
        run = lazytron("bot", "--prepared", str(path), input=str(SMALL))
        assert run.returncode == 2 and run.stdout == ""
        assert re.fullmatch(rf"lazytron bot: --prepared: {re.escape(str(path))}: .*\n", run.stderr)
        assert re.search(reason, run.stderr) and "\x1b" not in run.stderr


def test_book_prepare_writes_both_seats_and_resumes_on_the_same_file(tmp_path):
    out = tmp_path / "prepared.txt"
    args = ["book", "prepare", "gatehouse", "--time", "0.05", "--out", str(out)]
    first = lazytron(*args, "--turns", "1")
    assert first.returncode == 0, first.stderr
    lines = out.read_text().splitlines()
    assert lines[0].startswith("# lazytron prepared moves") and "--turns 1" in lines[1]
    entries = list(parse_entries(lines))
    board = load_board(map_file("gatehouse"))
    assert [e.key for e in entries] == [key(board), key(seen_by_two(board))]
    assert [e.where for e in entries] == ["gatehouse player 1 turn 1", "gatehouse player 2 turn 1"]
    again = lazytron(*args, "--turns", "2")
    assert again.returncode == 0, again.stderr
    more = list(parse_entries(out.read_text().splitlines()))
    assert more[:2] == entries and len(more) > 2  # kept, then only turn 2 added
    assert {e.where.split(" turn ")[1] for e in more[2:]} == {"2"}
    assert out.read_text().count("# lazytron prepared moves") == 1


def test_book_prepare_refuses_a_bad_map_or_file_in_one_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("not a prepared file\n")
    run = lazytron("book", "prepare", "gatehouse", "--out", str(bad))
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "line 1" in run.stderr
    run = lazytron("book", "prepare", "no-such-map", "--out", str(tmp_path / "p.txt"))
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "no-such-map" in run.stderr


def _as_in_the_background():
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a shell starts `command &`


@pytest.mark.parametrize(
    "stop, start",
    [(signal.SIGINT, None), (signal.SIGTERM, _as_in_the_background), (signal.SIGHUP, None)],
    ids=["ctrl-c", "kill-in-background", "hang-up"],
)
def test_an_interrupt_keeps_every_position_searched_and_the_same_command_goes_on(
    tmp_path, stop, start
):
    out = tmp_path / "prepared.txt"
    command = [sys.executable, "-m", "lazytron", "book", "prepare", "gatehouse", "--turns", "3"]
    command += ["--time", "0.3", "--out", str(out)]
    proc = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True, preexec_fn=start)
    first = proc.stderr.readline()  # one position written
    proc.send_signal(stop)
    rest = proc.stderr.read()
    assert proc.wait(timeout=30) == 130 and first.startswith("gatehouse player 1 turn 1: ")
    assert re.search(r"interrupted; \d+ new positions kept in ", rest) and "Traceback" not in rest
    kept = list(parse_entries(out.read_text().splitlines()))
    assert kept and kept[0].where == "gatehouse player 1 turn 1"
    resumed = lazytron("book", "prepare", "gatehouse", "--turns", "1", "--out", str(out))
    assert resumed.returncode == 0 and "player 1 turn 1" not in resumed.stderr
    assert list(parse_entries(out.read_text().splitlines()))[: len(kept)] == kept


SHIPPED = ROOT / "lazytron" / "books" / "contest-prepared.txt"


def test_the_shipped_file_answers_the_contest_maps_starts_from_both_seats(shared):
    entries = list(parse_entries(SHIPPED.read_text().splitlines()))
    starts = {e.where.split(" player ")[0] for e in entries if e.where.endswith(" turn 1")}
    assert starts, "no start position in the shipped file"
    moves = load(str(SHIPPED))
    for name in sorted(starts):
        board = load_board(str(shared / "maps" / "contest" / f"{name}.txt"))
        for seen in (board, seen_by_two(board)):  # the key of today's reader finds each start
            assert prepared_move(moves, seen) is not None, name
    # and every position of a later turn is a reply to a prepared move of the turn before
    by_key = {e.key: e for e in entries}
    for name in sorted(starts):
        board = load_board(str(shared / "maps" / "contest" / f"{name}.txt"))
        for seen in (board, seen_by_two(board)):
            frontier = [seen]
            for _ in range(2):
                frontier = [c for b in frontier for c in replies(b, by_key[key(b)].move)]
                assert all(key(c) in by_key for c in frontier), name
