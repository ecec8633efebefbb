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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lookup.cards import (
    DECK,
    PRIMES,
    Card,
    CardLike,
    CardsLike,
    Kev,
    Rank,
    Suit,
    parse_card,
    parse_cards,
)
from lookup.errors import CardError, DuplicateCardError, HandSizeError, PokerLookupError, TableError
from lookup.evaluate import evaluate, hand_cards
from lookup.rank import CLASS_COUNT, Category, ClassNumber, HandRank

if TYPE_CHECKING:
    from lookup.batch import categorize_batch, decode_batch, encode_batch, evaluate_batch
    from lookup.fast import evaluate5, evaluate6, evaluate7
    from lookup.holdem_equity import EquityResult, PlayerEquity, equity
    from lookup.ranges import RangeError, parse_range

__version__ = "0.1.0"

__all__ = [
    "CLASS_COUNT",
    "DECK",
    "PRIMES",
    "Card",
    "CardError",
    "CardLike",
    "CardsLike",
    "Category",
    "ClassNumber",
    "DuplicateCardError",
    "EquityResult",
    "HandRank",
    "HandSizeError",
    "Kev",
    "PlayerEquity",
    "PokerLookupError",
    "RangeError",
    "Rank",
    "Suit",
    "TableError",
    "categorize_batch",
    "decode_batch",
    "encode_batch",
    "equity",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_batch",
    "hand_cards",
    "parse_card",
    "parse_cards",
    "parse_range",
]

_LAZY = {"evaluate5", "evaluate6", "evaluate7"}
_LAZY_BATCH = {"categorize_batch", "decode_batch", "encode_batch", "evaluate_batch"}
_LAZY_EQUITY = {
    "equity": "lookup.holdem_equity",
    "EquityResult": "lookup.holdem_equity",
    "PlayerEquity": "lookup.holdem_equity",
    "parse_range": "lookup.ranges",
    "RangeError": "lookup.ranges",
}


def __getattr__(name: str) -> Any:
    # The fast paths need the tables; load them only when someone asks for one.
    if name in _LAZY:
        from lookup import fast

        return getattr(fast, name)
    # The batch functions need numpy, an optional dependency: import it only on request.
    if name in _LAZY_BATCH:
        from lookup import batch

        return getattr(batch, name)
    # Equity runs on numpy too (imported when a calculation starts).
    if name in _LAZY_EQUITY:
        import importlib

        return getattr(importlib.import_module(_LAZY_EQUITY[name]), name)
    raise AttributeError(f"module 'lookup' has no attribute {name!r}")
