"""What every equity engine returns, and the limits every one of them keeps.

:class:`PlayerEquity` and :class:`EquityResult` are the results of
:func:`lookup.equity` in every game; :data:`SHARE_UNIT` is the unit pot shares
are counted in by every engine; the limits say when an answer is exact by
default and how much enumeration is ever started without being asked for.
The Hold'em engine (:mod:`lookup.odds.holdem`) imports this module and nothing
else of :mod:`lookup.odds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, overload

from lookup.core.cards import Card
from lookup.core.errors import PokerLookupError

__all__ = [
    "DEFAULT_EXACT_LIMIT",
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "MAX_PLAYERS",
    "SHARE_UNIT",
    "EquityResult",
    "HoldingLike",
    "PlayerEquity",
    "check_exact_limit",
]

EXACT_LIMIT: Final = 2_000_000
"""By default, enumerate exactly when there are at most this many showdowns."""

DEFAULT_EXACT_LIMIT: Final = 50_000_000
"""Most showdowns (deals) ``exact=True`` enumerates unless ``exact_limit`` is raised.

About 1.5 s of Hold'em and a few seconds of Omaha hi/lo on this project's machine; a
run past it is refused at once with its size, never started silently."""

DEFAULT_SAMPLES: Final = 1_000_000
"""Showdowns sampled when the answer is not exact and no ``samples`` are given."""

MAX_PLAYERS: Final = 10
"""Most players an equity question may have."""

SHARE_UNIT: Final = 5040
"""Pot shares are counted in 1/5040 of a pot: a half pot split up to ten ways is whole."""

HoldingLike = str | Sequence[Card | str | int]
"""A player's holding: range text (``"AsAh"``, ``"QQ+, AKs"``) or two cards."""


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result."""

    hand: str
    """The holding as given (range text, or the two cards)."""
    equity: float
    """Average share of the pot: wins count 1, a k-way tie 1/k."""
    win: float
    """Fraction of showdowns won alone."""
    tie: float
    """Fraction of showdowns shared with at least one other player."""
    std_error: float
    """Standard error of ``equity`` when sampled; 0.0 when exact."""
    boards: int
    """Showdowns behind the figures: boards enumerated (times holding assignments) or sampled."""
    exact: bool
    """True if every showdown was enumerated."""
    combos: int
    """Combos of the holding still possible given the board, dead cards and fixed hands."""
    scoop: float | None = None
    """Hi/lo games: fraction of showdowns in which the player takes the whole pot alone."""
    win_high: float | None = None
    """Hi/lo games: fraction of showdowns in which the player wins the high half alone."""
    win_low: float | None = None
    """Hi/lo games: fraction of showdowns in which the player wins the low half alone."""
    equity_fraction: Fraction | None = None
    """``equity`` as an exact fraction, when exact and known (see :mod:`lookup.odds.generic`)."""


@dataclass(frozen=True)
class EquityResult(Sequence[PlayerEquity]):
    """One :class:`PlayerEquity` per player, in input order, and how they were found."""

    players: tuple[PlayerEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    exact: bool
    boards: int
    """Showdowns enumerated (exact) or sampled."""
    seed: int | None
    """The seed that reproduces a sampled result (None when exact)."""
    game: str = "holdem"
    """The game played (see :func:`lookup.games`)."""

    @overload
    def __getitem__(self, index: int) -> PlayerEquity: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[PlayerEquity]: ...
    def __getitem__(self, index: int | slice) -> PlayerEquity | Sequence[PlayerEquity]:
        return self.players[index]

    def __len__(self) -> int:
        return len(self.players)


def check_exact_limit(deals: int, exact_limit: int, *, at_least: bool = False) -> None:
    """Refuse an exact enumeration of more than ``exact_limit`` deals, saying how many.

    >>> check_exact_limit(1_000, 2_000)
    >>> check_exact_limit(3_000, 2_000)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: exact enumeration would be 3,000 deals, more than \
exact_limit=2,000: pass a larger exact_limit (--exact-limit on the command line) to run it \
anyway, or sample
    """
    if deals > exact_limit:
        size = f"more than {deals:,}" if at_least else f"{deals:,}"
        raise PokerLookupError(
            f"exact enumeration would be {size} deals, more than exact_limit={exact_limit:,}: "
            "pass a larger exact_limit (--exact-limit on the command line) to run it anyway, "
            "or sample",
            deals,
        )
