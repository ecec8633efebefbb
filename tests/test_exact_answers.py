"""Exact answers the speed work must leave unchanged, in every game and ranking.

``tests/data/exact_answers.json`` holds seeded random showdowns (side pots
included) and exact equities of small spots, recorded by
``tests/data/record_exact_answers.py`` from v0.2.0 (commit cdd8246), whose
answers agreed with independent evaluators (treys, eval7, phevaluator, pokerkit,
poker-equity) on thousands of random deals. Faster code must give the same
winners, shares, chips, best fives, descriptions and Fractions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lookup

from .data.record_exact_answers import equity_answer, showdown_answer

DATA = json.loads((Path(__file__).parent / "data" / "exact_answers.json").read_text())


def _id(spot: dict[str, Any]) -> str:
    return f"{spot['game']}-{spot['rules']}" if "rules" in spot else str(spot["game"])


@pytest.mark.parametrize("spot", DATA["showdowns"], ids=_id)
def test_showdowns_are_unchanged(spot: dict[str, Any]) -> None:
    result = lookup.showdown(
        spot["players"],
        spot["board"] or None,
        game=spot["game"],
        rules=spot["rules"],
        contributions=spot["contributions"],
    )
    assert showdown_answer(result) == spot["answer"]


@pytest.mark.parametrize("spot", DATA["equities"], ids=_id)
def test_exact_equities_are_unchanged(spot: dict[str, Any]) -> None:
    result = lookup.equity(spot["hands"], spot["board"] or None, game=spot["game"], exact=True)
    assert equity_answer(result) == spot["answer"]


def test_the_record_covers_every_game_and_some_side_pots() -> None:
    games = {game.name for game in lookup.games()}
    assert {spot["game"] for spot in DATA["showdowns"]} == games
    assert {spot["game"] for spot in DATA["equities"]} == games
    assert sum(spot["answer"]["chips_won"] is not None for spot in DATA["showdowns"]) >= 100
    assert any(len(set(spot["answer"]["winners"])) > 1 for spot in DATA["showdowns"])
