"""The contest bot: protocol, re-rooting, bad input."""

import io
import random
import re

from conftest import lazytron

from lazytron.board import CARDINALS, Board, Move, step
from lazytron.bot import Bot, enemy_move, fallback_move
from lazytron.bot import run as run_on_streams
from lazytron.engines import ENGINES
from lazytron.match.rules import advance
from lazytron.reading import load_board, parse_board

START = parse_board("6 5\n######\n#1   #\n#    #\n#   2#\n######\n")


def turns(*boards) -> str:
    return "".join(str(b) for b in boards)


def test_one_digit_per_turn_then_status_zero_at_end_of_input():
    after = advance(START, Move.EAST, Move.WEST)
    run = lazytron("bot", "--depth", "4", input=turns(START, after))
    assert run.returncode == 0
    assert re.fullmatch(r"[1-4]\n[1-4]\n", run.stdout)
    assert run.stderr == ""


def test_fixed_depth_answers_are_the_searched_moves():
    # fresh tree per call equals the bot's first answer; second answer follows the re-rooted tree
    bot = Bot(depth=4)
    first = bot.play(START, 0.0).move
    bot.advance(first)
    run = lazytron("bot", "--depth", "4", input=str(START))
    assert run.stdout == first.digit + "\n"


def test_a_bot_run_on_streams_answers_as_the_process_and_logs_to_its_own_log():
    text = turns(START, advance(START, Move.EAST, Move.WEST))
    out, lines = io.StringIO(), []
    bot = Bot(depth=4, log=lines.append)
    assert run_on_streams(bot, io.BytesIO(text.encode()), out, verbose=True) == 0
    assert out.getvalue() == lazytron("bot", "--depth", "4", input=text).stdout
    assert [line.split()[0] for line in lines] == ["turn=1", "turn=2"]


def test_verbose_logs_one_line_per_turn():
    run = lazytron("bot", "--depth", "2", "-v", input=str(START))
    assert re.fullmatch(
        r"turn=1 depth=2 score=-?\d+ move=(North|East|South|West) ms=\d+\n", run.stderr
    )


def test_clocked_bot_answers_within_its_budget_and_logs_the_depth_reached():
    run = lazytron("bot", "--first-time", "0.3", "--turn-time", "0.2", "-v", input=str(START))
    assert run.returncode == 0 and re.fullmatch(r"[1-4]\n", run.stdout)
    depth = int(re.search(r"depth=(\d+)", run.stderr).group(1))
    assert depth >= 2 and depth % 2 == 0


def test_garbage_lines_and_bad_maps_never_stop_the_bot():
    bad_row = "6 5\n######\n#1   #\n#   #\n#   2#\n######\n"  # row 3 is short
    text = "hello\n" + str(START) + bad_row + str(advance(START, Move.EAST, Move.WEST))
    run = lazytron("bot", "--depth", "2", input=text)
    assert run.returncode == 0
    assert len(run.stdout.splitlines()) == 3  # no answer for the garbage line, one per map
    errors = run.stderr.splitlines()
    assert len(errors) == 2  # the turn after the bad map starts a fresh tree
    assert "line skipped" in errors[0]
    assert "row 3 has 5 cells" in errors[1] and "fallback" in errors[1]
    assert "Traceback" not in run.stderr


def test_end_of_input_inside_a_map_ends_quietly():
    run = lazytron("bot", "--depth", "2", input=str(START) + "6 5\n######\n#1  ")
    assert run.returncode == 0 and len(run.stdout.splitlines()) == 1 and run.stderr == ""


def test_an_enemy_that_jumps_rebuilds_the_tree():
    bot = Bot(depth=2, log=(messages := []).append)
    bot.advance(bot.play(START, 0.0).move)
    jumped = parse_board("6 5\n######\n##   #\n#1   #\n#2  ##\n######\n")
    report = bot.play(jumped, 0.0)
    assert "not next to where it was" in messages[0]
    assert report.move == Move.EAST  # the only sensible move from a fresh tree: (2,1) -> East


def test_a_board_that_disagrees_with_the_tree_rebuilds_it():
    bot = Bot(depth=2, log=(messages := []).append)
    move = bot.play(START, 0.0).move
    bot.advance(move)
    after = advance(START, move, Move.NORTH)
    assert "#   2#" in str(after)
    extra_wall = parse_board(str(after).replace("#   2#", "# # 2#", 1))
    bot.play(extra_wall, 0.0)
    assert messages and "does not fit" in messages[0]


def test_a_consistent_game_never_rebuilds():
    bot = Bot(depth=2, log=(messages := []).append)
    board = START
    for enemy in (Move.NORTH, Move.WEST, Move.WEST):
        move = bot.play(board, 0.0).move
        bot.advance(move)
        board = advance(board, move, enemy)
    assert messages == []


def test_enemy_move_and_fallback():
    assert enemy_move(START.enemy, START.enemy - START.stride, START.stride) == Move.NORTH
    assert enemy_move(START.enemy, START.enemy + 2, START.stride) is None
    assert fallback_move(["###", "#1 ", "###"]) == Move.EAST
    assert fallback_move(["garbage"]) == Move.NORTH


def test_the_discarded_tree_is_freed_between_turns():
    bot = Bot(depth=4)
    board = START
    for enemy in (Move.NORTH, Move.WEST):
        move = bot.play(board, 0.0).move
        bot.advance(move)
        assert bot.litter  # the rest of the tree waits to be taken apart
        bot.tidy(lambda: True)  # input already waiting: nothing is freed now
        assert bot.litter
        bot.tidy()
        assert not bot.litter
        board = advance(board, move, enemy)


def test_a_bot_over_its_memory_budget_trims_its_tree_and_plays_the_same(monkeypatch):
    def game():
        bot, rival, board, moves = Bot(depth=4), Bot(depth=2), START, []
        for _ in range(6):
            move, answer = bot.play(board, 0.0).move, rival.play(board.swapped(), 0.0).move
            bot.advance(move)
            rival.advance(answer)
            moves.append(move)
            after = advance(board, move, answer)
            if not hasattr(after, "free"):
                break
            board = after
        return moves, bot

    roomy, _ = game()
    monkeypatch.setattr("lazytron.bot.TREE_BUDGET", 0)  # every turn over budget
    trimmed, bot = game()
    assert trimmed == roomy and len(roomy) >= 3
    assert bot.trims == len(trimmed) - 1  # every turn after the first


def test_a_turn_already_out_of_time_still_plays_a_legal_move():
    board = parse_board("5 3\n#####\n#1 2#\n#####\n")  # only East is free
    bot = Bot(first_time=0.5)
    report = bot.play(board, start=-1000.0)  # the deadline passed long ago
    assert (report.depth, report.move) == (0, Move.EAST)


# --engine chambers: the same protocol, promises and bad-input answers as the port

CHAMBERS = ENGINES["chambers"]


def test_chambers_answers_every_turn_of_whole_games_and_follows_its_tree():
    for seed, board in enumerate([START, load_board("lazytron/maps/pillars.txt")]):
        rng = random.Random(seed)
        ours, rival = Bot(depth=4, engine=CHAMBERS, log=(messages := []).append), Bot(depth=2)
        while isinstance(board, Board):
            move, answer = ours.play(board, 0.0).move, rival.play(board.swapped(), 0.0).move
            free = [
                m
                for m in CARDINALS
                if step(board.free & ~(1 << board.me | 1 << board.enemy), board.me, m, board.stride)
                is not None
            ]
            assert move in free or not free
            if (
                rng.random() < 0.3
            ):  # the rival sometimes plays another free move: the tree must follow it
                answer = rng.choice(
                    [
                        m
                        for m in CARDINALS
                        if step(
                            board.free & ~(1 << board.enemy | 1 << board.me),
                            board.enemy,
                            m,
                            board.stride,
                        )
                        is not None
                    ]
                    or [answer]
                )
            ours.advance(move)
            rival.advance(answer)
            board = advance(board, move, answer)
        assert messages == []  # re-rooted every turn, before and after separation


def test_chambers_bot_protocol_and_bad_input_answered_as_the_port_answers():
    bad_row = "6 5\n######\n#1   #\n#   #\n#   2#\n######\n"
    text = "hello\n" + str(START) + bad_row + str(advance(START, Move.EAST, Move.WEST))
    ours = lazytron("bot", "--engine", "chambers", "--depth", "2", input=text)
    port = lazytron("bot", "--depth", "2", input=text)
    assert ours.returncode == 0 and re.fullmatch(r"[1-4]\n[1-4]\n[1-4]\n", ours.stdout)
    assert ours.stdout.splitlines()[1] == port.stdout.splitlines()[1]  # the fallback move
    assert (
        ours.stderr == port.stderr and "fallback" in ours.stderr and "Traceback" not in ours.stderr
    )


def test_chambers_clocked_answers_log_their_depth():
    run = lazytron(
        "bot",
        "--engine",
        "chambers",
        "--first-time",
        "0.3",
        "--turn-time",
        "0.2",
        "-v",
        input=str(START),
    )
    assert run.returncode == 0 and re.fullmatch(r"[1-4]\n", run.stdout)
    assert int(re.search(r"depth=(\d+)", run.stderr).group(1)) >= 2


def test_early_turns_answer_at_the_early_time_then_at_the_turn_time():
    bot = Bot(first_time=2.9, turn_time=0.9, early_time=8.0, early_turns=3)
    budgets = []
    for turn in range(1, 6):
        bot.turn = turn
        budgets.append(bot.budget())
    assert budgets == [2.9, 8.0, 8.0, 0.9, 0.9]
    assert Bot(turn_time=0.9).budget() == 0.9 and Bot(turn_time=0.9, early_turns=4).budget() == 0.9


def test_early_time_without_its_turns_is_one_line_and_status_two():
    for flags in (["--early-time", "2"], ["--early-turns", "3"]):
        run = lazytron("bot", *flags, input=str(START))
        assert run.returncode == 2 and run.stdout == ""
        assert run.stderr == "lazytron bot: error: --early-time and --early-turns go together\n"
