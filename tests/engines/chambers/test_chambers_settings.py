"""The chambers engine's settings: their ranges, the options built from them, and engines configured
by options."""

from __future__ import annotations

from dataclasses import fields

import pytest
from trees import ROOMS, searched

from lazytron.engines import CHAMBERS, ZENZIKE, configured, option_lines
from lazytron.engines.chambers import Settings
from lazytron.engines.chambers.settings import options, with_options


def test_every_field_has_a_default_inside_its_range_and_a_meaning():
    for f in fields(Settings):
        low, high = f.metadata["low"], f.metadata["high"]
        assert low <= getattr(Settings(), f.name) <= high and f.metadata["meaning"]
        with pytest.raises(ValueError, match=f"^{f.name.upper()} must be"):
            Settings(**{f.name: high + 1})


@pytest.mark.parametrize(
    "pair, message",
    [
        ("NOPE=1", "no option NOPE"),
        ("EDGE", "option EDGE needs a value"),
        ("EDGE=lots", "EDGE must be a whole number from 0 to 10000, not 'lots'"),
        ("EDGE=10001", "EDGE must be a whole number from 0 to 10000, not '10001'"),
        ("MEMO=maybe", "MEMO must be true or false, not 'maybe'"),
        ("REDUCE=1.5", "REDUCE must be a whole number from 0 to 8, not '1.5'"),
    ],
)
def test_a_bad_option_is_refused_with_one_line_naming_it(pair, message):
    with pytest.raises(ValueError) as caught:
        with_options(Settings(), [pair])
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_options_set_their_fields_whatever_the_case_of_their_names():
    assert with_options(Settings(), ["edge=120", "Fill=60", "MEMO=off", "close=-1"]) == Settings(
        edge=120, fill=60, memo=False, close=-1
    )


def test_a_configured_engine_searches_with_its_options():
    # the tree made by the configured engine carries the settings, and a different edge weight
    # changes the values
    engine = configured(CHAMBERS, ["EDGE=300"])
    assert engine.init_tree(ROOMS).game.settings == Settings(edge=300)
    assert searched(ROOMS, (2, 4), edge=300) != searched(ROOMS, (2, 4))
    with pytest.raises(ValueError, match="^the zenzike engine has no options$"):
        configured(ZENZIKE, ["EDGE=300"])


def test_the_option_list_names_every_option_with_its_type_default_and_range():
    lines = list(option_lines(CHAMBERS))
    assert len(lines) == 1 + len(list(options()))
    edge = next(line for line in lines if line.startswith("EDGE "))
    assert edge.split()[:5] == ["EDGE", "int", "100", "0", ".."] and "10000" in edge
    assert list(option_lines(ZENZIKE)) == ["the zenzike engine has no options"]
