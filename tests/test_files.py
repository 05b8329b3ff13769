"""Output files written as the user meant, and refused before any work when they cannot be."""

from __future__ import annotations

import os
import stat
import threading

import pytest
from conftest import GOLDEN, MAPS, lazytron

from lazytron.files import OutputError, check_output, write_text

GAME = GOLDEN / "games" / "pillars-d6-hugger-1.tron"
BOT = "python -m lazytron bot --depth 1"


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_symlink_is_written_through_to_its_target(tmp_path):
    target = tmp_path / "real.csv"
    target.write_text("old\n")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    write_text(str(link), "new\n")
    assert link.is_symlink() and target.read_text() == "new\n"
    assert sorted(os.listdir(tmp_path)) == ["link.csv", "real.csv"]


def test_an_existing_file_keeps_its_mode_and_a_new_one_gets_the_umask(tmp_path):
    old = tmp_path / "old.json"
    old.write_text("{}")
    os.chmod(old, 0o640)
    write_text(str(old), "[]")
    assert mode(old) == 0o640 and old.read_text() == "[]"
    previous = os.umask(0o077)
    try:
        write_text(str(tmp_path / "new.json"), "[]")
    finally:
        os.umask(previous)
    assert mode(tmp_path / "new.json") == 0o600


def test_a_read_only_file_is_refused_and_kept(tmp_path):
    path = tmp_path / "kept.csv"
    path.write_text("keep me\n")
    os.chmod(path, 0o444)
    with pytest.raises(OutputError, match="kept.csv: read-only file"):
        write_text(str(path), "lost\n")
    assert path.read_text() == "keep me\n" and os.listdir(tmp_path) == ["kept.csv"]


@pytest.mark.parametrize(
    "where, why", [("", "is a directory"), ("nowhere/x.csv", "no such directory")]
)
def test_what_cannot_be_written_is_refused_with_its_name(tmp_path, where, why):
    path = str(tmp_path / where)
    with pytest.raises(OutputError, match=why) as error:
        check_output(path)
    assert str(error.value).startswith(path)


def test_a_pipe_is_written_as_a_stream(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    write_text(str(fifo), "through\n")
    reader.join(10)
    assert got == ["through\n"] and stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize("out", ["-", "/dev/stdout"])
def test_a_page_to_standard_output_is_printed(tmp_path, out):
    run = lazytron("replay", str(GAME), "--html", out)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("<!DOCTYPE html>") or run.stdout.lstrip().lower().startswith(
        "<!doctype html>"
    )


def test_play_refuses_a_record_it_cannot_write_before_the_game(tmp_path):
    run = lazytron(
        "play",
        str(MAPS / "pillars.txt"),
        BOT,
        BOT,
        "--record",
        str(tmp_path),
        "--log",
        str(tmp_path / "l"),
    )
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr == f"lazytron play: {tmp_path}: is a directory\n"


@pytest.mark.parametrize(
    "option, where, why",
    [
        ("--json", "", "is a directory"),
        ("--csv", "missing/t.csv", "no such directory"),
        ("--record-dir", "file", "not a directory"),
    ],
)
def test_tournament_refuses_outputs_it_cannot_write_before_any_game(tmp_path, option, where, why):
    (tmp_path / "file").write_text("")
    path = str(tmp_path / where)
    run = lazytron(
        "tournament",
        str(MAPS / "pillars.txt"),
        "--bot",
        f"a={BOT}",
        "--bot",
        f"b={BOT}",
        option,
        path,
    )
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr == f"lazytron tournament: {path}: {why}\n"


def test_replay_refuses_a_page_it_cannot_write_before_analysing(tmp_path):
    run = lazytron("replay", str(GAME), "--analyse", "--html", str(tmp_path), timeout=20)
    assert run.returncode == 1
    assert run.stderr == f"lazytron replay: {tmp_path}: is a directory\n"


def test_a_place_where_no_file_can_be_made_is_refused_even_for_root():
    if not os.path.isdir("/proc/self"):
        pytest.skip("no /proc")
    with pytest.raises(OutputError, match="cannot create a file in /proc"):
        check_output("/proc/game.tron")
