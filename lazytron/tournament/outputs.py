"""A tournament's files: checked before any game, written after the last (records, CSV, JSON, PGN,
the web page)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..files import check_output, write_text
from ..match.records import parse_record
from ..replay.model import replay_record
from ..replay.webpage import page as replay_page
from . import report
from .export import to_csv, to_json, to_pgn
from .options import Options
from .run import Plan
from .table import Played


def check_outputs(o: Options) -> None:
    """Refuse, before any game, an output file or folder that cannot be written (OutputError names
    it)."""
    for path in filter(None, (o.csv, o.json, o.html, o.pgn)):
        check_output(path)
    if o.html:
        check_output(report.games_dir(o.html), directory=True)
    if o.record_dir:
        check_output(o.record_dir, directory=True)
        os.makedirs(o.record_dir, exist_ok=True)


def write_outputs(
    o: Options,
    played: Sequence[Played],
    plan: Plan,
    commands: dict[str, str],
    rules: str,
    runs: Sequence[Mapping[str, Any]] = (),
) -> None:
    """The files asked for: records, CSV, JSON, PGN, the HTML report and its replay pages
    (``runs``: the settings of the runs shown, for the page)."""
    if o.record_dir:
        for f, r in played:
            base = os.path.join(o.record_dir, f"game-{f.game:05d}")
            write_text(base + ".tron", r.record)
            write_text(base + ".log", r.stderr)
    if o.csv:
        write_text(o.csv, to_csv(played))
    if o.json:
        write_text(o.json, to_json(played, plan.names, commands, rules))
    if o.pgn:
        write_text(o.pgn, to_pgn(played))
    if o.html:
        folder = report.games_dir(o.html)
        os.makedirs(folder, exist_ok=True)
        for f, r in played:
            write_text(
                os.path.join(folder, report.replay_name(f.game)),
                replay_page(replay_record(parse_record(r.record))),
            )
        href = report.games_href(o.html)
        write_text(
            o.html,
            report.page(
                played, plan.names, plan.maps, href, bot=plan.bot, sprt=plan.sprt, runs=runs
            ),
        )
