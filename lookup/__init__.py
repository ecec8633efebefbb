"""pokerlookup: poker hand evaluation in O(1) from precomputed lookup tables.

>>> import lookup
>>> hand = lookup.evaluate("As Ks Qs Js Ts")
>>> hand, hand.kev, hand.category
(HandRank(1, 'Royal Flush'), 1, <Category.STRAIGHT_FLUSH: 8>)
>>> lookup.evaluate("Ah Kd", board="Ac Ad 7s 7c 2h") > lookup.evaluate("7h 7d 2c 3c 4d")
True

This module is the front of the house: the names below are the public API,
one way to do each thing. They come from the layers underneath, each a
subpackage with one job (``docs/architecture.md`` draws them):

* :mod:`lookup.core` -- cards, errors, rules as data, the table file format;
* :mod:`lookup.iso` -- situations numbered up to suits (:class:`Isomorphism`);
* :mod:`lookup.ranking` -- a ranking at run time: its tables, kernels, values, words;
* :mod:`lookup.batch` -- numpy batches, the census, deal enumeration;
* :mod:`lookup.game` -- games, their evaluation, showdowns and pots;
* :mod:`lookup.preflop` -- the heads-up preflop table and the 169 classes;
* :mod:`lookup.ranges` -- range notation of every game family, and :class:`Range`;
* :mod:`lookup.odds` -- equity in every game, behind :func:`equity` (its Hold'em
  engine and heads-up preflop equity in :mod:`lookup.odds.holdem`);
* :mod:`lookup.board` -- what hands and ranges hold on a board: :func:`breakdown`,
  :func:`outs`;
* :mod:`lookup.handstrength` -- hand strength for bots and solvers: HS, potential, E[HS];
* :mod:`lookup.cli` -- the ``pokerlookup`` command.

Names other than the ranking basics are loaded on first access, so ``import
lookup`` stays light and never imports numpy (the batch functions and
:func:`equity` need it).
"""

from __future__ import annotations

import sys as _sys

# First of all: when this process is the `pokerlookup` command, importing this makes
# Ctrl-C during the imports below its one line and status 130, not an import traceback.
from lookup.core import interrupt as _interrupt  # noqa: F401  # isort: split
from lookup.core.cards import DECK, Card, Rank, Suit, parse_card, parse_cards
from lookup.core.errors import (
    CardError,
    DuplicateCardError,
    GameError,
    HandSizeError,
    IsomorphismError,
    PokerLookupError,
    RangeError,
    RankingError,
    RulesError,
    ShowdownError,
    ShowdownParseError,
    TableError,
)
from lookup.core.rules import Category
from lookup.ranking.ranking import Ranking, get_ranking, load_rules, rankings
from lookup.ranking.value import HandRank

# typing is the type checker's alone: importing it costs a script more than its first hand.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from lookup.batch.evaluate import categorize_batch, decode_batch, encode_batch, evaluate_batch
    from lookup.board.breakdown import breakdown
    from lookup.board.outs import outs
    from lookup.game.best_five import BestFive, best_five, best_five_hilo
    from lookup.game.entry import evaluate
    from lookup.game.evaluate import evaluate_hilo
    from lookup.game.registry import Game, games, get_game
    from lookup.game.showdown import PlayerHand, ShowdownResult, showdown
    from lookup.handstrength.front import strength
    from lookup.iso.isomorphism import Isomorphism
    from lookup.odds.front import equity
    from lookup.odds.results import EquityResult, PlayerEquity
    from lookup.ranges.holdem import parse_range
    from lookup.ranges.range import Range
    from lookup.ranking.describe import parse_description
    from lookup.ranking.fast import evaluate5, evaluate6, evaluate7

__version__ = "0.2.0"

__all__ = [
    "DECK",
    "BestFive",
    "Card",
    "CardError",
    "Category",
    "DuplicateCardError",
    "EquityResult",
    "Game",
    "GameError",
    "HandRank",
    "HandSizeError",
    "Isomorphism",
    "IsomorphismError",
    "PlayerEquity",
    "PlayerHand",
    "PokerLookupError",
    "Range",
    "RangeError",
    "Rank",
    "Ranking",
    "RankingError",
    "RulesError",
    "ShowdownError",
    "ShowdownParseError",
    "ShowdownResult",
    "Suit",
    "TableError",
    "best_five",
    "best_five_hilo",
    "breakdown",
    "categorize_batch",
    "decode_batch",
    "encode_batch",
    "equity",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_batch",
    "evaluate_hilo",
    "games",
    "get_game",
    "get_ranking",
    "load_rules",
    "outs",
    "parse_card",
    "parse_cards",
    "parse_description",
    "parse_range",
    "rankings",
    "showdown",
    "strength",
]

# Where each name served on first access lives. The fast paths load the tables, the
# batch and equity modules import numpy, and games, showdowns and descriptions are
# modules a plain `evaluate` never needs (importing them would cost a script more than
# Python's own start-up).
_LAZY: dict[str, str] = {
    "evaluate": "lookup.game.entry",
    "evaluate_hilo": "lookup.game.evaluate",
    **dict.fromkeys(("BestFive", "best_five", "best_five_hilo"), "lookup.game.best_five"),
    "parse_description": "lookup.ranking.describe",
    **dict.fromkeys(("Game", "games", "get_game"), "lookup.game.registry"),
    **dict.fromkeys(("PlayerHand", "ShowdownResult", "showdown"), "lookup.game.showdown"),
    **dict.fromkeys(("evaluate5", "evaluate6", "evaluate7"), "lookup.ranking.fast"),
    **dict.fromkeys(
        ("categorize_batch", "decode_batch", "encode_batch", "evaluate_batch"),
        "lookup.batch.evaluate",
    ),
    "equity": "lookup.odds.front",
    **dict.fromkeys(("EquityResult", "PlayerEquity"), "lookup.odds.results"),
    "parse_range": "lookup.ranges.holdem",
    "Range": "lookup.ranges.range",
    "breakdown": "lookup.board.breakdown",
    "outs": "lookup.board.outs",
    "strength": "lookup.handstrength.front",
    "Isomorphism": "lookup.iso.isomorphism",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'lookup' has no attribute {name!r}")
    # The import statement's own machinery: importing importlib (and its warnings) would
    # cost the first lazy name more than some of the modules it loads.
    __import__(module)
    loaded = _sys.modules[module]
    # lookup.evaluate is the standard ranking's checked kernel itself (one call per hand).
    value = loaded.standard_entry() if name == "evaluate" else getattr(loaded, name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
