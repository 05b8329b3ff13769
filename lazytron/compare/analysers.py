"""``lazytron compare --analyser``: another analyser's answers against lazytron's, position by
position.

The positions come from files of maps (one or more each) or game records
(every position of the game, from both players' sides).  The other
analyser is one process for all of them: its command line with the depth
as the last argument, every position on its stdin.  Its output is read as
it comes, so a slow analyser shows progress, and checked against the
reference analyser's format; a command that cannot start, crashes, prints
something else or goes quiet for too long is an input error.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import TextIO

from ..analyse import analysis
from ..board import Board
from ..term.progress import Bar
from ..term.render import columns, side_by_side
from ..term.safe import printable
from .common import InputError, command_words
from .positions import Sample, load_positions
from .stream import Silent, output_lines

MOVE_NAMES = ("North", "East", "South", "West", "None")
SHOWN = 5  # differences drawn in full
_SCORE = re.compile(r"-?[0-9]+")


class AnalyserError(InputError):
    """The other analyser misbehaved; the message names it."""


# -- answers ------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """One position's answer: the first legal move, then (score, move) for depths 2, 4, ..."""

    first: str
    depths: tuple[tuple[int, str], ...]

    def lines(self) -> list[str]:
        """The answer in the analyser's format."""
        deeper = [
            f"{d} {score} {move}"
            for d, (score, move) in zip(
                range(2, 2 * len(self.depths) + 1, 2), self.depths, strict=True
            )
        ]
        return [f"first {self.first}", *deeper, "end"]


class Malformed(ValueError):
    """Output that does not follow the analyser's format."""


def _next(lines: Iterator[str], want: str) -> list[str]:
    line = next(lines, None)
    if line is None:
        raise Malformed(f"the output ends where '{want}' was due")
    return line.split()


def _bad(want: str, words: list[str]) -> Malformed:
    got = " ".join(words)
    return Malformed(f"expected '{want}', got {got[:60]!r}")


def _move(word: str, want: str, words: list[str]) -> str:
    if word not in MOVE_NAMES:
        raise _bad(want, words)
    return word


def read_answer(lines: Iterator[str], depth: int) -> Answer | None:
    """The next answer from non-blank lines; None if the output ends before it; Malformed if it is
    not one."""
    line = next(lines, None)
    if line is None:
        return None
    want = "first MOVE"
    words = line.split()
    if len(words) != 2 or words[0] != "first":
        raise _bad(want, words)
    first = _move(words[1], want, words)
    depths = []
    for d in range(2, depth + 1, 2):
        want = f"{d} SCORE MOVE"
        words = _next(lines, want)
        if len(words) != 3 or words[0] != str(d) or not _SCORE.fullmatch(words[1]):
            raise _bad(want, words)
        depths.append((int(words[1]), _move(words[2], want, words)))
    words = _next(lines, "end")
    if words != ["end"]:
        raise _bad("end", words)
    return Answer(first, tuple(depths))


def our_answer(board: Board, depth: int) -> Answer:
    """lazytron's analysis of a position."""
    answer = read_answer(iter(analysis(board, depth)), depth)
    assert answer is not None
    return answer


# -- comparing ----------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """One position, lazytron's answer and the other analyser's."""

    position: Sample
    ours: Answer
    theirs: Answer

    @property
    def agrees(self) -> bool:
        return self.ours == self.theirs

    def rows(self) -> list[bool]:
        """For each line of the answer (first, depth 2, 4, ...): whether the two agree on it."""
        # both answers are read to the same depth
        deeper = zip(self.ours.depths, self.theirs.depths, strict=True)
        pairs = [(self.ours.first, self.theirs.first), *deeper]
        return [a == b for a, b in pairs]


def analyser_words(command: str, depth: int) -> list[str]:
    """The analyser's command line with the depth as its last argument."""
    return [*command_words("--analyser", command), str(depth)]


def compare(
    positions: Sequence[Sample], command: str, depth: int, timeout: float, bar: Bar | None = None
) -> Iterator[Comparison]:
    """Each position's comparison, as the other analyser answers; InputError if it misbehaves."""
    words = analyser_words(command, depth)
    text = "".join(str(p.board) for p in positions)
    answered = 0

    def fail(message: str) -> AnalyserError:
        after = f", after {answered} of {len(positions)} answers" if answered else ""
        return AnalyserError(f"analyser {command!r}{after}: {message}")

    try:
        with closing(output_lines(words, text, timeout)) as output:
            lines = (line for line in output if line.strip())
            for position in positions:
                ours = our_answer(position.board, depth)
                try:
                    theirs = read_answer(lines, depth)
                except Malformed as e:
                    raise fail(f"answer {answered + 1} ({position.label}): {e}") from None
                if theirs is None:
                    raise fail("its output ended")
                yield Comparison(position, ours, theirs)
                answered += 1
                if bar:
                    bar.advance()
            try:
                extra = next(lines, None)
            except Silent:
                raise fail(
                    f"it did not exit at the end of its input within {timeout:g} s"
                ) from None
            if extra is not None:
                raise fail(f"output after the last answer: {extra.strip()[:60]!r}")
    except AnalyserError:
        raise
    except InputError as e:
        raise fail(str(e)) from None


# -- the report ---------------------------------------------------------------


def difference(comparison: Comparison) -> list[str]:
    """The board, and both answers side by side with '*' on the lines that differ."""
    marks = ["*" if not same else "" for same in comparison.rows()]
    return side_by_side(
        [
            str(comparison.position.board).splitlines(),
            ["", *marks],
            ["lazytron", *comparison.ours.lines()],
            ["analyser", *comparison.theirs.lines()],
        ]
    )


def _rows_names(depth: int) -> list[str]:
    return ["first", *(f"depth {d}" for d in range(2, depth + 1, 2))]


def format_report(
    comparisons: Sequence[Comparison], command: str, depth: int, shown: int = SHOWN
) -> str:
    """Counts per line of the answer, the first differences drawn, and the verdict last."""
    total = len(comparisons)
    differing = [c for c in comparisons if not c.agrees]
    names = _rows_names(depth)
    counts = [sum(c.rows()[i] for c in comparisons) for i in range(len(names))]
    table = columns(
        [
            [name, f"{agree} agree", f"{total - agree} differ"]
            for name, agree in zip(names, counts, strict=True)
        ],
        {1, 2},
    )
    noun = "position" if total == 1 else "positions"
    lines = [f"{total} {noun} analysed to depth {depth} by lazytron and by {command!r}:", *table]
    for n, c in enumerate(differing[:shown], 1):
        lines += ["", f"difference {n} of {len(differing)}: {c.position.label}", *difference(c)]
    if len(differing) > shown:
        lines += ["", f"({len(differing) - shown} more differences not shown)"]
    lines += ["", _verdict(len(differing), total)]
    return "\n".join(lines) + "\n"


def _verdict(differing: int, total: int) -> str:
    if total == 1:
        return "the position differs" if differing else "the position agrees"
    return (
        f"{differing} of {total} positions differ" if differing else f"all {total} positions agree"
    )


def run(
    command: str,
    files: Sequence[str],
    *,
    depth: int,
    timeout: float,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """The analyser mode of ``compare``: 0 if every position agrees, 1 if any differs, 2 for bad
    input."""
    bar = None
    problem = None
    try:
        positions = load_positions(files, err)
        analyser_words(command, depth)
        bar = Bar(len(positions), "positions", err, delay=1.0)
        comparisons = list(compare(positions, command, depth, timeout, bar))
    except InputError as e:
        problem = str(e)
    finally:
        if bar:
            bar.end(erase=True)
    if problem is not None:
        print(printable(f"lazytron compare: {problem}"), file=err)
        return 2
    out.write(format_report(comparisons, command, depth))
    out.flush()
    return 0 if all(c.agrees for c in comparisons) else 1
