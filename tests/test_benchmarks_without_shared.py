"""The benchmarks that read ``../shared`` say so in one line and exit non-zero when it is missing,
never a traceback."""

from __future__ import annotations

import os

import pytest
from conftest import benchmark

NEEDS_SHARED = [
    "book_measure",
    "chambers_depth",
    "clock",
    "depth_vs_a1k0n",
    "evaluation",
    "hotspots",
    "kept_depth",
    "page",
    "strength",
    "versus",
]


@pytest.mark.parametrize("name", NEEDS_SHARED)
def test_missing_shared_is_one_line(name: str, tmp_path) -> None:
    env = {**os.environ, "LAZYTRON_SHARED": str(tmp_path / "absent")}
    proc = benchmark(name, cwd=tmp_path, env=env)
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    assert str(tmp_path / "absent") in proc.stderr or "LAZYTRON_SHARED" in proc.stderr, proc.stderr
