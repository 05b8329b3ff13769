"""Pages generated at build time (mkdocs-gen-files), so that they cannot drift from the code.

- ``reference/cli.md``: every command and sub-command of ``lazytron``, from the argument parser
  (``lazytron.cli.build_parser()``): its usage and every argument's help, as ``--help`` prints them.
- ``reference/chambers-options.md``: every option of the chambers engine, from
  ``lazytron.engines.chambers.settings.options()``: the table ``--list-options`` prints.

The checkout's own ``lazytron`` is documented: its root is put first on ``sys.path``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import mkdocs_gen_files

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["COLUMNS"] = "100"  # argparse wraps usage lines to the terminal's width: fix it

from lazytron.cli import build_parser  # noqa: E402
from lazytron.engines.chambers.settings import options  # noqa: E402


def cell(text: str) -> str:
    """Text for a Markdown table cell: pipes escaped, lines joined."""
    return " ".join(text.split()).replace("|", "\\|")


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser, str]]:
    """(words after ``lazytron``, parser, one-line summary) of every command, depth first."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            summaries = {a.dest: a.help or "" for a in action._choices_actions}
            for name, sub in action.choices.items():
                yield (*path, name), sub, summaries.get(name, "")
                yield from commands(sub, (*path, name))


def argument_name(action: argparse.Action, formatter: argparse.HelpFormatter) -> str:
    """The argument as ``--help`` lists it: ``--turn-time S``, ``MAP``, ``--rules {a,b}``."""
    return formatter._format_action_invocation(action)


def section(words: tuple[str, ...], parser: argparse.ArgumentParser, summary: str) -> list[str]:
    """One command's section: heading, summary, usage, and a table of its arguments."""
    formatter = parser._get_formatter()
    usage = parser.format_usage().removeprefix("usage: ").rstrip()
    lines = [f"## `{' '.join(('lazytron', *words))}`", ""]
    if summary:
        lines += [summary[0].upper() + summary[1:].rstrip(".") + ".", ""]
    lines += ["```text", usage, "```", ""]
    rows = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                anchor = "-".join(("lazytron", *words, choice.dest))
                rows.append((f"[`{choice.dest}`](#{anchor})", choice.help or ""))
            continue
        help_text = formatter._expand_help(action) if action.help else ""
        rows.append((f"`{argument_name(action, formatter)}`", help_text))
    if rows:
        lines += ["| argument | meaning |", "| --- | --- |"]
        lines += [
            f"| {name if name.startswith('[') else cell(name)} | {cell(text)} |"
            for name, text in rows
        ]
        lines.append("")
    return lines


def cli_page() -> str:
    parser = build_parser()
    lines = [
        "# Command line",
        "",
        "Every command and sub-command of `lazytron`, generated from its argument parser when",
        "this site is built: the usage and each argument's help are the text `--help` prints.",
        "What each command does with input it cannot use is in [Bad input](bad-input.md);",
        "the engine options that `--option NAME=VALUE` sets are in",
        "[Chambers options](chambers-options.md).",
        "",
    ]
    lines += section((), parser, parser.description or "")
    for words, sub, summary in commands(parser):
        lines += section(words, sub, summary)
    return "\n".join(lines)


def options_page() -> str:
    lines = [
        "# Chambers options",
        "",
        "Every setting of the chambers engine (`lazytron.engines.chambers.settings.Settings`),",
        "generated from `options()` when this site is built: the table",
        "`lazytron bot --engine chambers --list-options` prints. Set one with",
        "`--option NAME=VALUE` on `bot`, `analyse` and `replay --analyse` (names in any case,",
        "repeatable); a value out of range is refused in one line, status 2, before any move.",
        "How the defaults were chosen is in the [engine notes](../engine-notes.md).",
        "",
        "| option | type | default | range | meaning |",
        "| --- | --- | ---: | --- | --- |",
    ]
    for option in options():
        if option.kind == "bool":
            default, span = str(option.default).lower(), "true, false"
        else:
            default, span = str(option.default), f"{option.low} to {option.high}"
        lines.append(
            f"| `{option.name}` | {option.kind} | {default} | {span} | {cell(option.meaning)} |"
        )
    lines += [
        "",
        "Example: `lazytron bot --engine chambers --option EDGE=120 --option MEMO=false`.",
        "A rounded value is refused, not rounded: `--option EDGE=1.5` is an error.",
        "",
    ]
    return "\n".join(lines)


with mkdocs_gen_files.open("reference/cli.md", "w") as f:
    f.write(cli_page())
with mkdocs_gen_files.open("reference/chambers-options.md", "w") as f:
    f.write(options_page())
