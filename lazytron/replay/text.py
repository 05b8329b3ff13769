"""The plain-text replay: every position in the contest format, its analysis as ``key=value`` words, the result."""

from __future__ import annotations

from typing import Iterable, Iterator

from .model import Analysis, Analyst, Replay


def analysis_lines(replay: Replay, k: int, analysis: Analysis) -> list[str]:
    """The plain-text lines of one position's analysis (``key=value`` words, as the bot's log)."""
    played = replay.moves[k] if k < len(replay.moves) else (None, None)
    lines = []
    for player, (v, move) in enumerate(zip((analysis.one, analysis.two), played), 1):
        score = "-" if v.score is None else v.score
        lines.append(
            f"turn={k} player={player} played={move or '-'} move={v.move} score={score} depth={v.depth}"
        )
    one, two = analysis.counts
    lines.append(f"turn={k} territory 1={one} 2={two} ties={analysis.ties}")
    return lines


def plain(replay: Replay, analysis_of: Analyst | None = None, turn: int | None = None) -> Iterator[str]:
    """The plain replay, a chunk of text at a time: every position (or only ``turn``), then the result line."""
    turns: Iterable[int] = range(len(replay.positions)) if turn is None else (turn,)
    for k in turns:
        text = str(replay.positions[k])
        if analysis_of is not None:
            text += "".join(line + "\n" for line in analysis_lines(replay, k, analysis_of(k)))
        yield text
    if turn is None and replay.result is not None:
        yield replay.result + "\n"
