"""Every game of a tournament keeps its own record, whatever the bots are called (names that
join alike)."""

from __future__ import annotations

import shlex
import sys

import pytest
from conftest import MAPS, lazytron

from lazytron.match.records import read_record

pytestmark = pytest.mark.slow  # it starts bot programs


def test_bots_whose_names_join_alike_get_a_record_each(tmp_path):
    """Bots a, a__b, c and b__c: 'a__b' against 'c' and 'a' against 'b__c' once shared one file."""
    hugger = f"{shlex.quote(sys.executable)} -m lazytron.bots.hugger"
    names = ("a", "a__b", "c", "b__c")
    records = tmp_path / "records"
    done = lazytron(
        "tournament",
        str(MAPS / "pillars.txt"),
        *(f"--bot={n}={hugger}" for n in names),
        "--record-dir",
        str(records),
        "--db",
        str(tmp_path / "t.db"),
    )
    assert done.returncode == 0, done.stderr
    files = sorted(records.glob("*.tron"))
    assert len(files) == 12  # 4 bots, every ordered pair once
    pairs = {read_record(str(f)).names for f in files}
    assert len(pairs) == 12
