"""``lazytron play``: output, records, logs, bad input, and what is left of the bots afterwards."""

from __future__ import annotations

import io
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import BOTS, MAPS, ROOT, lazytron

from lazytron.cli import play
from lazytron.match.records import read_record
from lazytron.match.referee import Limits
from lazytron.match.rules import Outcome

TESTBOT = BOTS / "testbot.py"
FAST = ["--first-time", "5", "--turn-time", "0.3"]  # start-up is never short of time
HUGGER = f"{shlex.quote(sys.executable)} -m lazytron.bots.hugger"
DEPTH4 = f"{shlex.quote(sys.executable)} -m lazytron bot --depth 4"


def bot(*args: str) -> str:
    return shlex.join([sys.executable, str(TESTBOT), *args])


@pytest.fixture
def corridor(tmp_path: Path) -> str:
    path = tmp_path / "corridor.txt"
    path.write_text("7 3\n#######\n#1   2#\n#######\n")
    return str(path)


def run_play(tmp_path: Path, *args: str):
    return lazytron("play", *args, "--log", str(tmp_path / "bots.log"))


def test_plain_output_ends_with_the_result_and_the_record_is_written(tmp_path, corridor):
    record = tmp_path / "game.tron"
    done = run_play(
        tmp_path, corridor, bot("script", "EE"), bot("script", "WW"), "--record", str(record), *FAST
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == ["turn 1: E W", "turn 2: E W"]
    assert lines[-1] == "Players collided. Draw!"
    assert done.stderr == ""
    game = read_record(str(record))
    assert "".join(a.letter + b.letter for a, b in game.moves) == "EWEW" and game.result == "D"


def test_quiet_prints_only_the_result(tmp_path, corridor):
    done = run_play(tmp_path, corridor, bot("script", "EE"), bot("sleep", "W"), "--quiet", *FAST)
    assert done.stdout == "Player One Wins!\n"


@pytest.mark.parametrize("loser", [("sleep",), ("exit",), ("garbage",)])
def test_a_bad_bot_loses_within_a_few_seconds_of_the_limit(tmp_path, corridor, loser):
    start = time.monotonic()
    done = run_play(
        tmp_path,
        corridor,
        bot(*loser),
        bot("script", "WW"),
        "--first-time",
        "1.5",
        "--turn-time",
        "1",
    )
    assert time.monotonic() - start < 4.5
    assert done.stdout.splitlines()[-1] == "Player Two Wins!"
    assert done.stdout.splitlines()[-3].startswith("player 1: ")  # why it lost, before the log line


def test_bots_stderr_goes_to_the_log_not_the_screen(tmp_path, corridor):
    done = run_play(tmp_path, corridor, bot("crash"), bot("script", "WW"), *FAST)
    assert "deliberate crash" not in done.stdout + done.stderr
    assert "RuntimeError: deliberate crash" in (tmp_path / "bots.log").read_text()
    assert f"bots' stderr: {tmp_path / 'bots.log'}" in done.stdout


def test_a_bot_flooding_its_stderr_fills_the_log_to_1_mb_and_no_more(tmp_path, corridor):
    """4 MB a turn, for two turns: the log keeps the first 1 MB (the referee's lines included) and
    says how much was cut; the game is played as usual."""
    done = run_play(tmp_path, corridor, bot("shout", "EE"), bot("script", "WW"), *FAST)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "Players collided. Draw!"
    log = (tmp_path / "bots.log").read_bytes()
    kept, note = log.rsplit(b"\n[stderr cut: ", 1)
    assert len(kept) == 1 << 20 and kept.startswith(b"# player 1: ")
    headers = sum(len(f"# player {n}: {c}\n") for n, c in enumerate(done.args[5:7], 1))
    assert note == f"{headers + (8 << 20) - (1 << 20)} more bytes not kept]\n".encode()


def test_a_log_that_cannot_be_written_is_named_not_standard_output(corridor):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    done = lazytron(
        "play", corridor, bot("script", "EE"), bot("script", "WW"), "--log", "/dev/full"
    )
    assert done.returncode == 1
    assert done.stderr == "lazytron play: /dev/full: No space left on device\n"


def test_log_dash_is_standard_error_not_a_file_named_dash(tmp_path, corridor):
    run = subprocess.run(
        [sys.executable, "-m", "lazytron", "play", corridor, bot("echo", "EE"),
         bot("script", "WW"), "--log", "-", *FAST],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0 and run.stdout.splitlines()[-2:] == [
        "bots' stderr: standard error",
        "Players collided. Draw!",
    ]
    assert run.stderr.startswith("# player 1: ") and "#1   2#" in run.stderr  # the echoed board
    assert list(tmp_path.iterdir()) == [Path(corridor)]


def test_no_process_is_left_after_the_game(tmp_path, corridor):
    pidfile = tmp_path / "child.pid"
    wrapped = f"sh -c {shlex.quote(bot('fork', str(pidfile)) + '; true')}"
    done = run_play(tmp_path, corridor, wrapped, bot("script", "W"), *FAST)
    assert done.stdout.splitlines()[-1] == "Player One Wins!"
    assert not os.path.exists(f"/proc/{int(pidfile.read_text())}")


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/stat") as f:
                if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
        except OSError:
            pass
    return found


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_signals_to_play_end_both_bots_even_a_burst_of_them(tmp_path, corridor, sig):
    """Bots that ignore SIGTERM, and the signal sent again and again while play ends them: both are
    killed and reaped (no process, not even a zombie, is left) and play says 130."""
    argv = [sys.executable, "-m", "lazytron", "play", corridor, bot("stubborn"), bot("stubborn"),
            "--first-time", "60", "--log", str(tmp_path / "bots.log")]  # fmt: skip
    playing = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while len(bots := children(playing.pid)) < 2:
        assert time.monotonic() < deadline and playing.poll() is None
        time.sleep(0.01)
    time.sleep(0.3)  # both are reading their boards
    while playing.poll() is None and time.monotonic() < deadline:
        playing.send_signal(sig)
        time.sleep(0.002)
    assert playing.wait(10) == 130 and b"Traceback" not in playing.stderr.read()
    left = [pid for pid in bots if os.path.exists(f"/proc/{pid}")]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []


def test_same_deterministic_bots_give_the_same_game(tmp_path):
    pillars = str(MAPS / "pillars.txt")
    games = []
    for n in range(2):
        record = tmp_path / f"{n}.tron"
        done = run_play(tmp_path, pillars, DEPTH4, HUGGER, "--record", str(record), "--quiet")
        assert done.returncode == 0, done.stderr
        games.append(read_record(str(record)))
    assert games[0].moves == games[1].moves and games[0].result == games[1].result


def test_the_haskell_depthbot_plays_the_same_game_as_the_port(tmp_path, oracle):
    """A bot in another language under the referee: the original's depthbot and the port play
    alike."""
    pillars = str(MAPS / "pillars.txt")
    records = []
    for name, command in (
        ("port", DEPTH4),
        ("original", f"{shlex.quote(str(oracle / 'depthbot'))} 4"),
    ):
        record = tmp_path / f"{name}.tron"
        done = run_play(tmp_path, pillars, command, HUGGER, "--record", str(record), "--quiet")
        assert done.returncode == 0, done.stderr
        records.append(read_record(str(record)))
    assert records[0].moves == records[1].moves and records[0].result == records[1].result


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_the_board_drawn_and_the_result_last(tmp_path, corridor):
    out, err = Terminal(), io.StringIO()
    status = play.play(
        corridor,
        (bot("script", "EE"), bot("script", "WW")),
        limits=Limits(0.5, 0.3),
        fps=0,
        log_path=str(tmp_path / "bots.log"),
        out=out,
        err=err,
    )
    text = out.getvalue()
    assert status == 0 and err.getvalue() == ""
    assert "\x1b[48;5;25m" in text and "\x1b[48;5;130m" in text  # both trails, in their colours
    assert "turn 1  1: E  2: W" in text
    assert text.splitlines()[-1] == "Players collided. Draw!"


@pytest.mark.parametrize(
    "args, status, message",
    [
        (
            ["nope.txt", "a", "b"],
            1,
            "nope.txt: no such file, nor a shipped map (lazytron maps list)",
        ),
        (["{bad}", "a", "b"], 1, "expected 'W H'"),
        (["{map}", "'unclosed", "b"], 2, "No closing quotation"),
        (["{map}", "", "b"], 2, "empty bot command"),
        (["{map}", "/nonexistent/bot", "b"], 1, "cannot start '/nonexistent/bot'"),
        (["{map}", "a", "b", "--turn-time", "0"], 2, "time must be > 0"),
        (["{map}", "a", "b", "--record", "/nonexistent/dir/x.tron"], 1, "no such directory"),
        (["{map}", "a", "b", "--log", "/nonexistent/dir/x.log"], 1, "No such file or directory"),
        (["{map}", "a"], 2, "CMD2"),
    ],
)
def test_bad_input_gives_one_line_and_a_status(tmp_path, corridor, args, status, message):
    bad = tmp_path / "bad.txt"
    bad.write_text("not a map\n")
    args = [a.format(map=corridor, bad=bad) for a in args]
    done = lazytron(
        "play", *args, *(["--log", str(tmp_path / "l.log")] if "--log" not in args else [])
    )
    assert done.returncode == status
    assert message in done.stderr and "Traceback" not in done.stderr
    if status == 1:
        assert len(done.stderr.splitlines()) == 1


def test_a_shipped_map_is_played_by_its_name_from_any_directory(tmp_path):
    bot = shlex.join([sys.executable, "-m", "lazytron", "bot", "--depth", "2"])
    run = subprocess.run(
        [sys.executable, "-m", "lazytron", "play", "pillars", bot, bot, "--quiet",
         "--log", str(tmp_path / "bots.log")],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0 and run.stdout.strip() in [outcome.words for outcome in Outcome]


def test_maps_list_names_every_shipped_map_with_its_size():
    run = lazytron("maps", "list")
    names = [line.split()[0] for line in run.stdout.splitlines()]
    assert run.returncode == 0 and names == sorted(p.stem for p in MAPS.glob("*.txt"))
    assert "15x15" in next(line for line in run.stdout.splitlines() if line.startswith("pillars "))
