"""Exceptions raised by pokerlookup, all in one place.

Every error a caller can provoke with bad input is a :class:`PokerLookupError`,
which subclasses :class:`ValueError`, so ``except ValueError`` keeps working for
code that does not know this package. Most carry ``token``: the offending text
or value, so a caller (or the command line) can point at it.
"""

from __future__ import annotations

__all__ = [
    "CardError",
    "DuplicateCardError",
    "GameError",
    "HandSizeError",
    "IsomorphismError",
    "PokerLookupError",
    "RangeError",
    "RankingError",
    "RulesError",
    "ShowdownError",
    "ShowdownParseError",
    "TableError",
]


class PokerLookupError(ValueError):
    """Base class of every exception raised by pokerlookup; ``token`` names the culprit."""

    def __init__(self, message: str, token: object = None) -> None:
        super().__init__(message)
        self.token = token


class CardError(PokerLookupError):
    """A card token could not be understood."""


class DuplicateCardError(CardError):
    """The same card appears twice where every card must be distinct."""


class GameError(PokerLookupError):
    """An unknown game, a ranking the game cannot use, or cards that do not fit the game."""


class HandSizeError(PokerLookupError):
    """A hand has a number of cards the operation does not accept."""


class RangeError(PokerLookupError):
    """A hand range (``"QQ+, AKs"``) could not be read; ``token`` is the part that failed."""


class RulesError(PokerLookupError):
    """A rule file (or rules mapping) is malformed or contradictory; ``token`` is the key."""


class RankingError(PokerLookupError):
    """An unknown ranking name, or hands of different rankings compared."""


class ShowdownError(PokerLookupError):
    """The table as a whole is wrong: no players, a name used twice, an unnamed player."""


class ShowdownParseError(PokerLookupError):
    """Bad showdown text; ``line`` (1-based, ``None`` for the board) and ``token`` locate it.

    The message starts with ``line N:`` so it reads well on its own; the original
    error is chained as ``__cause__``.
    """

    def __init__(self, message: str, line: int | None, token: object) -> None:
        super().__init__(message, token)
        self.line = line


class TableError(PokerLookupError):
    """A lookup table is missing, stale or corrupted."""


class IsomorphismError(PokerLookupError):
    """Rounds a deck cannot deal, or an isomorphism index outside ``0 .. size - 1``."""


# Tracebacks and reprs name each exception by its public path, lookup.CardError, where
# users import it from; pickle finds it there too.
for _error in (
    PokerLookupError,
    CardError,
    DuplicateCardError,
    GameError,
    HandSizeError,
    IsomorphismError,
    RangeError,
    RankingError,
    RulesError,
    ShowdownError,
    ShowdownParseError,
    TableError,
):
    _error.__module__ = "lookup"
del _error
