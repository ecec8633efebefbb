"""Every public function (``lookup.__all__``) documents every parameter, in one convention.

The convention: a ``Parameters:`` line, then a line per parameter starting
``\\`\\`name\\`\\`:``, in the signature's order. The signature is the truth
(inspect.signature); a parameter added, renamed or dropped without its line
fails here.
"""

from __future__ import annotations

import inspect
import re

import pytest

import lookup

PUBLIC_FUNCTIONS = [
    name
    for name in lookup.__all__
    if inspect.isfunction(getattr(lookup, name)) or inspect.isbuiltin(getattr(lookup, name))
]


def _documented(doc: str) -> list[str]:
    lines = doc.splitlines()
    if "Parameters:" not in lines:
        return []
    start = lines.index("Parameters:") + 1
    names = []
    for line in lines[start:]:
        if line.startswith(">>>") or (names and line and not line.startswith(("``", " "))):
            break
        found = re.match(r"``(\w+)``: \S", line)
        if found:
            names.append(found[1])
    return names


def test_the_public_functions_are_all_checked() -> None:
    assert {"equity", "evaluate", "showdown", "evaluate7", "parse_cards"} <= set(PUBLIC_FUNCTIONS)


@pytest.mark.parametrize("name", PUBLIC_FUNCTIONS)
def test_each_parameter_has_its_line(name: str) -> None:
    function = getattr(lookup, name)
    parameters = list(inspect.signature(function).parameters)
    doc = inspect.getdoc(function) or ""
    assert _documented(doc) == parameters, f"{name}: document {parameters} under 'Parameters:'"


@pytest.mark.parametrize("name", PUBLIC_FUNCTIONS)
def test_rules_is_typed(name: str) -> None:
    parameter = inspect.signature(getattr(lookup, name)).parameters.get("rules")
    if parameter is not None:
        assert "RulesLike" in str(parameter.annotation), parameter.annotation


def test_help_equity_names_every_result_field_for_every_game() -> None:
    doc = inspect.getdoc(lookup.equity) or ""
    assert "see the module doc" not in doc
    fields = [f.name for f in lookup.PlayerEquity.__dataclass_fields__.values()]
    for field in [*fields, "seed", "game"]:
        if field not in {"boards", "exact"}:  # the result's, named once for all players
            assert f"``{field}``" in doc, field
    for word in ("hi/lo", "stud", "draw", "Hold'em", "Omaha"):
        assert word in doc, word
