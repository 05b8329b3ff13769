"""What both modes of ``compare`` share: the error for input it cannot use, and checked command
lines."""

from __future__ import annotations

from ..match.processes import BotError, check_command, split_command


class InputError(Exception):
    """Input compare cannot use: a file, a command, what a command printed (exit status 2)."""


def command_words(option: str, command: str) -> list[str]:
    """The words of a command line; InputError naming the option if it does not split or is
    empty."""
    try:
        return split_command(command)
    except BotError as e:
        raise InputError(
            f"{option}: {str(e).replace('empty bot command', 'empty command')}"
        ) from None


def checked_command(option: str, command: str) -> list[str]:
    """The words of a command line whose program exists; InputError naming the option if not."""
    command_words(option, command)
    try:
        return check_command(command)
    except BotError as e:
        raise InputError(f"{option}: {e}") from None
