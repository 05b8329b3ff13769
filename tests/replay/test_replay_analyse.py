"""``lazytron replay --analyse``: each side's move, score and depth, and the territories, turn by
turn."""

from __future__ import annotations

import re
from collections import deque

from conftest import lazytron

from lazytron.board import Board
from lazytron.reading import read_boards
from lazytron.replay.moments import SURPRISES_FROM

GAME = "toronto__felix__ryan__1.tron"
VERDICT = re.compile(
    r"turn=(\d+) player=([12]) played=(\w+|-) move=(North|East|South|West|None) "
    r"score=(-?\d+|-) depth=(\d+) line=([NESW-]+)"
)
TERRITORY = re.compile(r"turn=(\d+) territory 1=(\d+) 2=(\d+) ties=(\d+)( apart)?")
MOMENT = re.compile(r"moment turn=(\d+)(?: player=([12]))? (drop|apart|surprise)((?: \w+=\S+)*)")


def parse(stdout: str) -> tuple[list[Board], dict, dict]:
    """The positions, the verdicts {(turn, player): (played, move, score, depth)}, the territories
    {turn: counts}."""
    maps, verdicts, territories = [], {}, {}
    for line in stdout.splitlines(keepends=True):
        if m := VERDICT.fullmatch(line.rstrip("\n")):
            verdicts[int(m[1]), int(m[2])] = (m[3], m[4], m[5], int(m[6]))
        elif m := TERRITORY.fullmatch(line.rstrip("\n")):
            territories[int(m[1])] = tuple(map(int, m.groups()[1:4]))
        elif MOMENT.fullmatch(line.rstrip("\n")):
            assert not maps, "the moments come before the positions"
        else:
            maps.append(line)
    boards = [b for b in read_boards(maps) if isinstance(b, Board)]  # the result line is no map
    return boards, verdicts, territories


def first_reached(board: Board) -> tuple[int, int, int]:
    """Free cells (heads excluded) strictly nearer to 1, to 2, and at equal distance: a plain BFS
    per head."""

    def distances(start: int) -> dict[int, int]:
        seen, queue = {start: 0}, deque([start])
        while queue:
            cell = queue.popleft()
            y, x = divmod(cell, board.stride)
            for ny, nx in ((y - 1, x), (y, x + 1), (y + 1, x), (y, x - 1)):
                i = ny * board.stride + nx
                inside = 0 <= ny < board.height and 0 <= nx < board.width
                if (
                    inside
                    and not board.walls >> i & 1
                    and i not in seen
                    and i not in (board.me, board.enemy)
                ):
                    seen[i] = seen[cell] + 1
                    queue.append(i)
        return seen

    one, two = distances(board.me), distances(board.enemy)
    cells = (set(one) | set(two)) - {board.me, board.enemy}
    far = float("inf")
    counts = [0, 0, 0]
    for i in cells:
        a, b = one.get(i, far), two.get(i, far)
        counts[0 if a < b else 1 if b < a else 2] += 1
    return counts[0], counts[1], counts[2]


def analyse_moves(boards: list[Board], depth: int) -> list[str]:
    """The move ``lazytron analyse`` gives at ``depth`` for each board."""
    proc = lazytron("analyse", "--depth", str(depth), input="".join(map(str, boards)))
    assert proc.returncode == 0, proc.stderr
    return re.findall(rf"^{depth} -?\d+ (\w+)$", proc.stdout, re.M)


def test_analyse_names_move_score_depth_and_territory_every_turn(shared):
    path = shared / "games" / "marlboro" / GAME
    proc = lazytron("replay", str(path), "--analyse", "--depth", "4")
    assert proc.returncode == 0, proc.stderr
    boards, verdicts, territories = parse(proc.stdout)
    assert proc.stdout.splitlines()[-1] == "Player Two Wins!"
    letters = path.read_text().split("|")[5]
    assert len(boards) == len(territories) == len(verdicts) // 2 == len(letters) // 2
    for t, board in enumerate(boards):
        for player in (1, 2):
            played, move, score, depth = verdicts[t, player]
            assert depth == 4 and score != "-"
            assert (
                played
                == {"N": "North", "E": "East", "S": "South", "W": "West"}[
                    letters[2 * t + player - 1]
                ]
            )
        assert territories[t] == first_reached(board), t
    # the moves are what `lazytron analyse` gives for the same positions at that depth, each from
    # its own side
    ones = analyse_moves(boards, 4)
    twos = analyse_moves([b.swapped() for b in boards], 4)
    assert ones == [verdicts[t, 1][1] for t in range(len(boards))]
    assert twos == [verdicts[t, 2][1] for t in range(len(boards))]


def test_odd_depth_is_rounded_down_as_the_bot_does(shared):
    path = shared / "games" / "marlboro" / GAME
    proc = lazytron("replay", str(path), "--depth", "3", "--turn", "2")
    _, verdicts, territories = parse(proc.stdout)
    assert proc.returncode == 0 and set(verdicts) == {(2, 1), (2, 2)} and set(territories) == {2}
    assert all(v[3] == 2 for v in verdicts.values())


def test_depth_zero_is_the_first_legal_move(shared):
    path = shared / "games" / "marlboro" / GAME
    proc = lazytron("replay", str(path), "--depth", "0", "--turn", "0")
    _, verdicts, _ = parse(proc.stdout)
    assert {v[2:] for v in verdicts.values()} == {("-", 0)}


def test_the_clock_by_default(shared):
    """Without --depth the bot's clock (0.9 s a side) decides how deep each search goes."""
    path = shared / "games" / "marlboro" / GAME
    proc = lazytron("replay", str(path), "--analyse", "--turn", "5")
    _, verdicts, _ = parse(proc.stdout)
    assert proc.returncode == 0 and set(verdicts) == {(5, 1), (5, 2)}
    for _, _, score, depth in verdicts.values():
        assert depth >= 2 and depth % 2 == 0 and score != "-"


def test_moments_come_first_and_agree_with_the_turns(shared):
    """Every moment listed first is what the per-turn lines show, and every such turn is listed."""
    path = shared / "games" / "marlboro" / "u__jacob__randbot__1.tron"
    proc = lazytron("replay", str(path), "--depth", "6", "--drop", "50")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    listed = {(int(m[1]), m[2], m[3], m[4]) for line in lines if (m := MOMENT.fullmatch(line))}
    verdicts = {(int(m[1]), int(m[2])): m for line in lines if (m := VERDICT.fullmatch(line))}
    apart = [int(m[1]) for line in lines if (m := TERRITORY.fullmatch(line)) and m[5]]
    letters = {"North": "N", "East": "E", "South": "S", "West": "W"}
    expected = set()
    turns = 1 + max(t for t, _ in verdicts)
    for t in range(turns):
        for p in (1, 2):
            v = verdicts[t, p]
            assert v[7][0] == letters.get(
                v[4], "-"
            )  # the line starts with the move decided ('-': none left)
            if (
                t
                and v[5] != "-"
                and verdicts[t - 1, p][5] != "-"
                and int(verdicts[t - 1, p][5]) - int(v[5]) > 50
            ):
                expected.add((t, str(p), "drop", f" from={verdicts[t - 1, p][5]} to={v[5]}"))
            other = verdicts[t, 3 - p][7]
            if (
                t >= SURPRISES_FROM
                and v[3] != "-"
                and len(other) > 1
                and other[1] != "-"
                and letters[v[3]] != other[1]
            ):
                names = {letter: name for name, letter in letters.items()}
                expected.add((t, str(p), "surprise", f" played={v[3]} expected={names[other[1]]}"))
    expected.add((apart[0], None, "apart", ""))
    assert apart and apart == list(range(apart[0], turns))  # once apart, apart to the end
    assert listed == expected and any(kind == "drop" for _, _, kind, _ in listed)


def test_the_first_turns_surprises_are_not_listed(shared):
    """Turns 0 and 1 are openings: a move the other side did not expect there is no moment."""
    from lazytron.replay.model import Analyst, load_replay
    from lazytron.replay.moments import moments

    replay = load_replay(str(shared / "games" / "marlboro" / "u__jacob__randbot__1.tron"))
    analysis = Analyst(replay, depth=2)
    opening = [
        (k, p)
        for k in range(SURPRISES_FROM)
        for p in (1, 2)
        if replay.moves[k][p - 1] != analysis(k).lines[2 - p][1]
    ]
    assert opening  # a move of the first turns that the other side did not expect
    found = moments(replay, analysis)
    assert found and not [m for m in found if m.kind == "surprise" and m.turn < SURPRISES_FROM]
    assert any(m.kind == "surprise" for m in found)
