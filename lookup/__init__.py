"""pokerlookup: poker hand evaluation in O(1) from precomputed lookup tables.

>>> import lookup
>>> hand = lookup.evaluate("As Ks Qs Js Ts")
>>> hand, hand.kev, hand.category
(HandRank(1, 'Royal Flush'), 1, <Category.STRAIGHT_FLUSH: 8>)
>>> lookup.evaluate("Ah Kd", board="Ac Ad 7s 7c 2h") > lookup.evaluate("7h 7d 2c 3c 4d")
True

The integer fast paths :func:`evaluate5`, :func:`evaluate6` and :func:`evaluate7`
live in :mod:`lookup.fast`; they are re-exported here and load the tables on
first access. So are the numpy batch functions of :mod:`lookup.batch`
(:func:`evaluate_batch`, :func:`categorize_batch`, :func:`encode_batch`,
:func:`decode_batch`), and Hold'em equity (:func:`equity`, with its results
:class:`EquityResult` and :class:`PlayerEquity`) with the range parser
(:func:`parse_range`, :class:`RangeError`): ``import lookup`` itself never
imports numpy.

Games (:func:`games`, :func:`get_game`): ``evaluate(hole, board, game=...)``,
:func:`evaluate_hilo`, :func:`best_five_hilo` and ``showdown(..., game=...,
contributions=...)`` play Omaha, stud, razz, the draw games, badugi and the rest
(see ``docs/games.md``).
"""

from __future__ import annotations

import importlib
import sys
import types

from lookup.cards import (
    DECK,
    PRIMES,
    Card,
    CardLike,
    CardsLike,
    Kev,
    Rank,
    Suit,
    hand_cards,
    parse_card,
    parse_cards,
)
from lookup.errors import (
    CardError,
    DuplicateCardError,
    GameError,
    HandSizeError,
    PokerLookupError,
    RangeError,
    RankingError,
    RulesError,
    ShowdownError,
    ShowdownParseError,
    TableError,
)
from lookup.rank import CLASS_COUNT, ClassNumber, HandRank
from lookup.ranking import Ranking, RulesLike, get_ranking, load_rules, rankings
from lookup.rules import Category, RankingRules, parse_rules

# typing is the type checker's alone: importing it costs a script more than its first hand.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from lookup.batch import categorize_batch, decode_batch, encode_batch, evaluate_batch
    from lookup.describe import (
        BestFive,
        best_five,
        best_five_hilo,
        canonical_hand,
        class_ranks,
        describe,
        parse_description,
    )
    from lookup.evaluate import evaluate
    from lookup.fast import evaluate5, evaluate6, evaluate7
    from lookup.game_eval import evaluate_hilo
    from lookup.games import Game, game_rankings, games, get_game
    from lookup.holdem.equity import EquityResult, PlayerEquity, equity
    from lookup.holdem.ranges import parse_range
    from lookup.showdown import PlayerHand, ShowdownResult, showdown

__version__ = "0.1.0"

__all__ = [
    "CLASS_COUNT",
    "DECK",
    "PRIMES",
    "BestFive",
    "Card",
    "CardError",
    "CardLike",
    "CardsLike",
    "Category",
    "ClassNumber",
    "DuplicateCardError",
    "EquityResult",
    "Game",
    "GameError",
    "HandRank",
    "HandSizeError",
    "Kev",
    "PlayerEquity",
    "PlayerHand",
    "PokerLookupError",
    "RangeError",
    "Rank",
    "Ranking",
    "RankingError",
    "RankingRules",
    "RulesError",
    "RulesLike",
    "ShowdownError",
    "ShowdownParseError",
    "ShowdownResult",
    "Suit",
    "TableError",
    "best_five",
    "best_five_hilo",
    "canonical_hand",
    "categorize_batch",
    "class_ranks",
    "decode_batch",
    "describe",
    "encode_batch",
    "equity",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_batch",
    "evaluate_hilo",
    "game_rankings",
    "games",
    "get_game",
    "get_ranking",
    "hand_cards",
    "load_rules",
    "parse_card",
    "parse_cards",
    "parse_description",
    "parse_range",
    "parse_rules",
    "rankings",
    "showdown",
]

# Names served on first access, so `import lookup` stays light: the fast paths
# load the tables, the batch and equity modules import numpy (optional), and
# games, showdowns and descriptions are modules a plain `evaluate` never needs
# (importing them would cost a script more than Python's own start-up).
_LAZY: dict[str, str] = {
    **dict.fromkeys(
        (
            "BestFive",
            "best_five",
            "best_five_hilo",
            "canonical_hand",
            "class_ranks",
            "describe",
            "parse_description",
        ),
        "lookup.describe",
    ),
    "evaluate": "lookup.evaluate",
    "evaluate_hilo": "lookup.game_eval",
    **dict.fromkeys(("Game", "game_rankings", "games", "get_game"), "lookup.games"),
    **dict.fromkeys(("PlayerHand", "ShowdownResult", "showdown"), "lookup.showdown"),
    **dict.fromkeys(("evaluate5", "evaluate6", "evaluate7"), "lookup.fast"),
    **dict.fromkeys(
        ("categorize_batch", "decode_batch", "encode_batch", "evaluate_batch"), "lookup.batch"
    ),
    **dict.fromkeys(("equity", "EquityResult", "PlayerEquity"), "lookup.holdem.equity"),
    "parse_range": "lookup.holdem.ranges",
}


_NAMED_LIKE_THEIR_MODULE: frozenset[str] = frozenset(("describe", "evaluate", "games", "showdown"))
"""Lazy functions that share a name with the submodule defining them."""


class _Package(types.ModuleType):
    """The package's module type: a function keeps its place beside its namesake module.

    Importing ``lookup.showdown`` (the module) binds it as the package's
    ``showdown`` attribute; ``lookup.showdown`` has always been the function
    (eager imports rebound it), so the function is bound instead. For
    ``evaluate`` that is :func:`lookup.evaluate.standard_entry`: the function
    as the standard ranking's checked kernel, one call frame fewer.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if name in _NAMED_LIKE_THEIR_MODULE and isinstance(value, types.ModuleType):
            value = value.standard_entry() if name == "evaluate" else getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'lookup' has no attribute {name!r}")
    loaded = importlib.import_module(module)
    value = loaded.standard_entry() if name == "evaluate" else getattr(loaded, name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
