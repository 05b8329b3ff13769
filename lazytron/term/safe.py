"""Text that others control (a record's names, a database's rows, a bot's words) made safe to show
in a terminal.

A terminal obeys the control characters in what it is sent: an escape
sequence in a player's name could set the window's title, clear the
screen, write to the clipboard or move the cursor over other lines.
:func:`printable` shows every such character as a visible escape
instead, so that the text reads as what it is.
"""

from __future__ import annotations

import re

# C0 controls, DEL and C1 controls; the line and paragraph separators; the bidirectional
# embeddings, overrides and isolates, which reorder the text around them.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with its control characters written as ``\\xNN`` or ``\\uNNNN``.

    >>> printable("ok \\x1b]0;owned\\x07 \\x9b2J\\ttab\\u202eevil")
    'ok \\\\x1b]0;owned\\\\x07 \\\\x9b2J\\\\x09tab\\\\u202eevil'
    >>> printable("Zoë 🚀 - plain")
    'Zoë 🚀 - plain'
    """
    return _CONTROLS.sub(_escaped, text)
