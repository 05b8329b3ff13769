"""A griffe extension for this site: the package's reST-flavoured docstrings read as Markdown.

The docstrings are written for ``help()`` and doctest, with a little reStructuredText. Rendered
as Markdown unchanged, a role such as :class:`Node` shows its role name, a doctest's lines run
together into one paragraph (and ``[...]`` in its output reads as a link), and ``::`` before a
literal block shows as is. Here, at build time only (the source is untouched):

- ``:class:`~a.b.C``` (any role) becomes the code span ``C`` (``a.b.C`` without the tilde);
- a doctest (``>>>`` lines, their ``...`` continuations and their output, up to a blank line) is
  fenced as a ``pycon`` block;
- a paragraph ending in ``::`` ends in ``:`` (its indented block is Markdown's code block too).
"""

from __future__ import annotations

import re

import griffe

ROLE = re.compile(r":(?:py:)?[a-z]+:`(~?)([^`]+)`")


def role(match: re.Match[str]) -> str:
    tilde, target = match.groups()
    return f"`{target.rsplit('.', 1)[-1] if tilde else target}`"


def fence_doctests(lines: list[str]) -> list[str]:
    """Fence every doctest block of ``lines`` (a block keeps its indentation)."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.lstrip().startswith(">>>"):
            out.append(line)
            i += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        out.append(f"{indent}```pycon")
        while i < len(lines) and lines[i].strip():
            out.append(lines[i])
            i += 1
        out.append(f"{indent}```")
    return out


def markdown(text: str) -> str:
    """``text``, a docstring, with its reST made Markdown."""
    text = ROLE.sub(role, text)
    lines = [re.sub(r"(\S)::$", r"\1:", line) for line in text.split("\n")]
    return "\n".join(fence_doctests(lines))


class ReSTAsMarkdown(griffe.Extension):
    """Rewrite each object's docstring as it is loaded."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: object) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
