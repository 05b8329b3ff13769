"""The tuned parameters as the command line gives them, checked, and the bot command of a point.

A parameter is ``NAME=START,MIN,MAX,C_END,R_END`` (``--param``), or a line
of a spec file (``--params FILE``) in the same form or in fishtest's
``NAME,START,MIN,MAX,C_END,R_END``; blank lines and ``#`` comments are
skipped.  For the chambers engine each name must be one of its whole-number
options and the range inside the option's.  A bot command is a template:
``{options}`` becomes ``--option NAME=VALUE`` for every parameter and
``{NAME}`` the value alone, each value rounded to a whole number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..engines import Engine
from .spsa import Param, finite, whole

FORM = "NAME=START,MIN,MAX,C_END,R_END"
_LINE = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*[=,]\s*(.*?)\s*")
_PLACE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
OPTIONS = "options"  # the placeholder of every parameter as --option NAME=VALUE


class ParamError(ValueError):
    """A parameter that cannot be tuned (one line naming it)."""


def parse_param(text: str) -> Param:
    """``NAME=START,MIN,MAX,C_END,R_END`` (or fishtest's commas throughout) as a Param.

    >>> parse_param("EDGE=100,0,300,10,0.002")
    Param(name='EDGE', start=100.0, low=0.0, high=300.0, c_end=10.0, r_end=0.002)
    >>> parse_param("E=1,0,3")
    Traceback (most recent call last):
    lazytron.tune.params.ParamError: --param 'E=1,0,3': expected NAME=START,MIN,MAX,C_END,R_END
    """
    match = _LINE.fullmatch(text)
    fields = match.group(2).split(",") if match else []
    try:
        numbers = [float(f) for f in fields]
    except ValueError:
        numbers = []
    if match is None or len(numbers) != 5 or not finite(*numbers):
        raise ParamError(f"--param {text!r}: expected {FORM}")
    start, low, high, c_end, r_end = numbers
    return check_param(Param(match.group(1), start, low, high, c_end, r_end))


def check_param(p: Param) -> Param:
    """``p`` if its numbers make sense: MIN < MAX, START within them, C_END > 0, R_END >= 0.

    >>> check_param(Param("EDGE", 400, 0, 300, 10, 0.002))
    Traceback (most recent call last):
    lazytron.tune.params.ParamError: EDGE: the start 400 is not within 0 .. 300
    """
    if not p.low < p.high:
        raise ParamError(f"{p.name}: MIN {p.low:g} must be below MAX {p.high:g}")
    if not p.low <= p.start <= p.high:
        raise ParamError(f"{p.name}: the start {p.start:g} is not within {p.low:g} .. {p.high:g}")
    if not p.c_end > 0:
        raise ParamError(f"{p.name}: C_END must be above 0, not {p.c_end:g}")
    if not p.r_end >= 0:
        raise ParamError(f"{p.name}: R_END must be 0 or more, not {p.r_end:g}")
    return p


def read_params(path: str, text: str) -> list[Param]:
    """The parameters of a spec file's text, one a line; ParamError naming the file and line.

    >>> read_params("f", "# name, start, min, max, c_end, r_end\\nEDGE,100,0,300,10,0.002\\n")
    [Param(name='EDGE', start=100.0, low=0.0, high=300.0, c_end=10.0, r_end=0.002)]
    """
    params = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        if line.strip():
            try:
                params.append(parse_param(line))
            except ParamError as e:
                raise ParamError(f"{path}, line {number}: {e}") from None
    return params


def for_engine(params: Sequence[Param], engine: Engine) -> list[Param]:
    """The parameters as the engine's options (names in capitals); ParamError for a name the
    engine lacks, a true-or-false option or a range outside the option's."""
    if not engine.options:
        raise ParamError(f"the {engine.name} engine has no options to tune")
    known = {option.name: option for option in engine.options}
    checked = []
    for p in params:
        option = known.get(p.name.upper())
        if option is None:
            listing = f"lazytron bot --engine {engine.name} --list-options"
            raise ParamError(f"no option {p.name} ({listing} names them)")
        if option.kind != "int":
            raise ParamError(f"{option.name} is true or false: only whole-number options are tuned")
        if not (option.low <= p.low and p.high <= option.high):
            raise ParamError(
                f"{option.name}: the range {p.low:g} .. {p.high:g} is outside the option's "
                f"{option.low} .. {option.high}"
            )
        checked.append(Param(option.name, p.start, p.low, p.high, p.c_end, p.r_end))
    return checked


def check_names(params: Sequence[Param]) -> None:
    """ParamError if there is no parameter or a name comes twice (in any case)."""
    if not params:
        raise ParamError(f"give the parameters to tune: --param {FORM} (or --params FILE)")
    names = [p.name.upper() for p in params]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ParamError(f"{twice[0]} is given twice")


def check_template(template: str, names: Iterable[str]) -> None:
    """ParamError unless the template passes every parameter: ``{options}``, or ``{NAME}`` each.

    >>> check_template("bot {EDGE}", ["EDGE", "FILL"])
    Traceback (most recent call last):
    lazytron.tune.params.ParamError: --bot-template passes no value of FILL: put {options} or {FILL}
    """
    found = set(_PLACE.findall(template))
    if OPTIONS in found:
        return
    missing = [n for n in names if n not in found]
    if missing:
        raise ParamError(
            f"--bot-template passes no value of {missing[0]}: put {{{OPTIONS}}} or {{{missing[0]}}}"
        )


def command(template: str, names: Sequence[str], values: Sequence[float]) -> str:
    """The template's command for a point, every value rounded to a whole number.

    >>> command("bot {options}", ["EDGE", "FILL"], [104.5, 53.9])
    'bot --option EDGE=104 --option FILL=54'
    >>> command("bot --edge {EDGE} {other}", ["EDGE"], [99.6])
    'bot --edge 100 {other}'
    """
    by_name = {n: str(whole(v)) for n, v in zip(names, values, strict=True)}
    words = " ".join(f"--option {n}={v}" for n, v in by_name.items())

    def place(match: re.Match[str]) -> str:
        key = match.group(1)
        return words if key == OPTIONS else by_name.get(key, match.group(0))

    return _PLACE.sub(place, template)
