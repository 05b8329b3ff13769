"""``lazytron serve``'s command line: what it says when it cannot start, in one line."""

from __future__ import annotations

import socket
import subprocess
import sys

from conftest import ROOT, lazytron


def test_a_bot_without_a_name_is_one_line():
    proc = lazytron("serve", "--bot", "python3 bot.py")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == (
        "lazytron serve: --bot 'python3 bot.py': "
        "expected NAME=CMD, NAME of letters, digits, . + -\n"
    )


def test_a_bot_whose_program_is_missing_is_one_line():
    proc = lazytron("serve", "--bot", "x=no-such-program --depth 2")
    assert proc.returncode == 2
    assert proc.stderr == (
        "lazytron serve: --bot cannot start x: 'no-such-program' not found or not executable\n"
    )


def test_a_port_in_use_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = lazytron("serve", "--port", str(port), "--records", "/tmp")
    assert proc.returncode == 1
    assert proc.stderr == (
        f"lazytron serve: cannot listen on 127.0.0.1 port {port}: Address already in use\n"
    )


def test_a_records_folder_that_cannot_be_made_is_one_line():
    proc = lazytron("serve", "--records", "/proc/no/such")
    assert (proc.returncode, proc.stderr) == (
        1,
        "lazytron serve: /proc/no/such: No such file or directory\n",
    )


def test_without_starlette_it_says_how_to_install_it():
    code = (
        "import sys; sys.modules['starlette'] = None; sys.modules['uvicorn'] = None\n"
        "from lazytron.cli import main; sys.exit(main(['serve']))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr == (
        "lazytron serve: needs starlette, uvicorn: pip install 'lazytron[serve]'\n"
    )
