"""pokerlookup: poker hand evaluation in O(1) from precomputed lookup tables.

>>> import lookup
>>> hand = lookup.evaluate("As Ks Qs Js Ts")
>>> hand, hand.kev, hand.category
(HandRank(1, 'Royal Flush'), 1, <Category.STRAIGHT_FLUSH: 8>)
>>> lookup.evaluate("Ah Kd", board="Ac Ad 7s 7c 2h") > lookup.evaluate("7h 7d 2c 3c 4d")
True

The integer fast paths :func:`evaluate5`, :func:`evaluate6` and :func:`evaluate7`
live in :mod:`lookup.fast`; they are re-exported here and load the tables on
first access.
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
from lookup.describe import (
    BestFive,
    best_five,
    canonical_hand,
    class_ranks,
    describe,
    parse_description,
)
from lookup.errors import CardError, DuplicateCardError, HandSizeError, PokerLookupError, TableError
from lookup.evaluate import evaluate, hand_cards
from lookup.rank import CLASS_COUNT, Category, ClassNumber, HandRank

if TYPE_CHECKING:
    from lookup.fast import evaluate5, evaluate6, evaluate7

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
    "HandRank",
    "HandSizeError",
    "Kev",
    "PokerLookupError",
    "Rank",
    "Suit",
    "TableError",
    "best_five",
    "canonical_hand",
    "class_ranks",
    "describe",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "hand_cards",
    "parse_card",
    "parse_cards",
    "parse_description",
]

_LAZY = {"evaluate5", "evaluate6", "evaluate7"}


def __getattr__(name: str) -> Any:
    # The fast paths need the tables; load them only when someone asks for one.
    if name in _LAZY:
        from lookup import fast

        return getattr(fast, name)
    raise AttributeError(f"module 'lookup' has no attribute {name!r}")
