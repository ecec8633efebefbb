"""Exceptions raised by pokerlookup.

Every error a caller can provoke with bad input is a :class:`PokerLookupError`,
which subclasses :class:`ValueError`, so ``except ValueError`` keeps working for
code that does not know this package.
"""

from __future__ import annotations

__all__ = [
    "CardError",
    "DuplicateCardError",
    "HandSizeError",
    "PokerLookupError",
    "TableError",
]


class PokerLookupError(ValueError):
    """Base class of every exception raised by pokerlookup."""


class CardError(PokerLookupError):
    """A card token could not be understood.

    ``token`` holds the offending text (or value), so a caller can point at it.
    """

    def __init__(self, message: str, token: object = None) -> None:
        super().__init__(message)
        self.token = token


class DuplicateCardError(CardError):
    """The same card appears twice where every card must be distinct."""


class HandSizeError(PokerLookupError):
    """A hand has a number of cards the operation does not accept."""


class TableError(PokerLookupError):
    """A lookup table is missing, stale or corrupted."""
