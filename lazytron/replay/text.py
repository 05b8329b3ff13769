"""The plain-text replay: the moments that matter, every position in the contest format with its
analysis, the result."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .model import Analysis, Analyst, Replay
from .moments import DROP, moments


def analysis_lines(replay: Replay, k: int, analysis: Analysis) -> list[str]:
    """The plain-text lines of one position's analysis (``key=value`` words, as the bot's log).

    ``line`` is the side's expected line as record letters: its move, the
    answer it expected, its next move, ... (``-``: the other stays, as the
    zenzike engine has it once the players are apart).
    """
    played = replay.moves[k] if k < len(replay.moves) else (None, None)
    lines = []
    sides = zip((analysis.one, analysis.two), played, analysis.lines, strict=True)
    for player, (v, move, line) in enumerate(sides, 1):
        score = "-" if v.score is None else v.score
        letters = "".join(m.letter for m in line) or "-"
        lines.append(
            f"turn={k} player={player} played={move or '-'} move={v.move} score={score} "
            f"depth={v.depth} line={letters}"
        )
    one, two = analysis.counts
    apart = " apart" if analysis.apart else ""
    lines.append(f"turn={k} territory 1={one} 2={two} ties={analysis.ties}{apart}")
    return lines


def plain(
    replay: Replay, analysis_of: Analyst | None = None, turn: int | None = None, drop: int = DROP
) -> Iterator[str]:
    """The plain replay, a chunk of text at a time: the moments (when analysed and whole), every
    position (or only ``turn``), then the result line."""
    turns: Iterable[int] = range(len(replay.positions)) if turn is None else (turn,)
    if analysis_of is not None and turn is None:
        yield "".join(f"{moment}\n" for moment in moments(replay, analysis_of, drop))
    for k in turns:
        text = str(replay.positions[k])
        if analysis_of is not None:
            text += "".join(line + "\n" for line in analysis_lines(replay, k, analysis_of(k)))
        yield text
    if turn is None and replay.result is not None:
        yield replay.result + "\n"
