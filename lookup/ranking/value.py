""":class:`HandRank`, the value every evaluation returns, under any ranking.

A hand's strength within its ranking is its *class number*: 1 is the best
hand the ranking knows (a royal flush; 7-5-4-3-2 in deuce-to-seven) and the
largest number the worst, so in that number **lower is stronger**. Under the
standard ranking it is the Cactus-Kev number that treys, deuces and
phevaluator use, also available as :attr:`HandRank.kev`. :class:`HandRank`
itself compares the natural way round: ``stronger > weaker``; values of two
different rankings refuse to be ordered.

A value knows its ranking (it holds it) and its class number; everything else
(category, ranks, description, how it pickles) is asked of that ranking on demand.
Rankings make the values, so this module never imports theirs
(:mod:`lookup.ranking.ranking`): that module hands :class:`HandRank` its registry
when it is defined, for :meth:`HandRank.from_kev`.
"""

from __future__ import annotations

from functools import total_ordering

from lookup.core.errors import PokerLookupError, RankingError
from lookup.core.rules import Category

TYPE_CHECKING = False  # typing is the type checker's alone: importing it costs start-up
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import ClassVar, Final, Protocol, TypeAlias

    from lookup.core.cards import Card, Rank
    from lookup.core.rules import RankingRules
    from lookup.ranking.kernels import Kernels
    from lookup.ranking.tables import (
        BadugiTables,
        ClassTable,
        FiveCardTables,
        MultiCardTables,
        WildTables,
    )

    class RankingLike(Protocol):
        """What a ranking's values and its kind (:mod:`lookup.ranking.kinds`) read of it.

        :class:`~lookup.ranking.ranking.Ranking` builds both and satisfies this (the
        type checker proves it where it passes itself to them); typed against it,
        neither imports the module that imports them, so the layer's imports run one
        way. Types only: nothing of it exists when the package runs.
        """

        @property
        def name(self) -> str: ...
        @property
        def folder(self) -> str | Path: ...
        @property
        def definition(self) -> RankingRules: ...
        @property
        def classes(self) -> ClassTable: ...
        @property
        def class_count(self) -> int: ...
        @property
        def categories(self) -> tuple[Category, ...]: ...
        @property
        def deck(self) -> tuple[Card, ...]: ...
        @property
        def wild_cards(self) -> frozenset[Card]: ...
        @property
        def flush_table(self) -> list[int] | None: ...
        @property
        def five_tables(self) -> FiveCardTables: ...
        @property
        def multi_tables(self) -> MultiCardTables: ...
        @property
        def badugi_tables(self) -> BadugiTables: ...
        @property
        def wild_tables(self) -> WildTables: ...
        @property
        def kernels(self) -> Kernels: ...
        def kernel(self, size: int) -> Callable[..., int]: ...
        def value(self, number: int) -> HandRank: ...
        def ranks_of(self, number: int) -> tuple[Rank, ...]: ...
        def describe(self, number: int) -> str: ...
        def reduce_value(self, number: int) -> tuple[object, tuple[str | Path, int]]: ...


__all__ = ["CLASS_COUNT", "Category", "ClassNumber", "HandRank"]

ClassNumber: TypeAlias = int
"""A class within one ranking: 1 (the best hand) ... the ranking's class count."""

CLASS_COUNT: Final = 7462
"""How many distinct five-card hand values the standard ranking has."""


@total_ordering
class HandRank:
    """The value of a hand under one ranking: compares, hashes, pickles and prints as expected.

    Instances are shared: one per class of each ranking, made by the ranking
    (:meth:`lookup.ranking.ranking.Ranking.value`). For standard high poker,
    :meth:`from_kev` gives the value of a Cactus-Kev class number.

    >>> royal, wheel = HandRank.from_kev(1), HandRank.from_kev(1609)
    >>> royal > wheel, royal == HandRank.from_kev(1), royal.kev, royal.class_number
    (True, True, 1, 1)
    >>> str(royal), royal.category, royal.is_royal_flush
    ('Royal Flush', <Category.STRAIGHT_FLUSH: 8>, True)
    >>> HandRank.from_kev(0)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: class number 0 is out of range: class numbers are 1-7462
    >>> from lookup import evaluate
    >>> evaluate("7c 5d 4h 3s 2c", rules="deuce-to-seven").kev  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.RankingError: .kev is the standard ranking's Cactus-Kev number; ...
    """

    # kev is a slot, not a property: loops that compare with other evaluators' ints read
    # it per hand, and a property's call cost ~90 ns there (a tenth of an Omaha lookup).
    __slots__ = ("_number", "_ranking", "kev")

    _registry: ClassVar[Callable[[str], RankingLike]]
    """Name -> ranking: ``lookup.ranking.ranking.get_ranking``, which that module sets here
    once, as it is defined (it makes the values, so this module cannot import it)."""

    def __init__(self, ranking: RankingLike, number: ClassNumber) -> None:
        # Made by Ranking.value(); use that (or from_kev) rather than this.
        self._ranking = ranking
        self._number = number
        if ranking.name == "standard":
            self.kev = number

    @classmethod
    def from_kev(cls, kev: ClassNumber) -> HandRank:
        """The standard ranking's value of Cactus-Kev class number ``kev``."""
        return cls._registry("standard").value(kev)

    @property
    def ranking(self) -> RankingLike:
        """The ranking this value belongs to."""
        return self._ranking

    @property
    def class_number(self) -> ClassNumber:
        """1 (the ranking's best hand) ... its class count; lower is stronger."""
        return self._number

    kev: ClassNumber
    """The Cactus-Kev class number (standard ranking only): 1 (royal flush) ... 7,462.

    Set on the standard ranking's values; another ranking's value has none and says so
    (see the class's example).
    """

    if not TYPE_CHECKING:  # hidden from type checkers, which would then allow any attribute

        def __getattr__(self, name: str) -> object:
            # Called only for an attribute not found: kev of another ranking's value.
            if name == "kev":
                ranking = self._ranking.name
                raise RankingError(
                    ".kev is the standard ranking's Cactus-Kev number; "
                    f"this is a {ranking} value: use .class_number",
                    ranking,
                )
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def category(self) -> Category:
        """The hand's :class:`~lookup.core.rules.Category`."""
        return self._ranking.categories[self._number]

    @property
    def is_royal_flush(self) -> bool:
        """True for the one class that is A-K-Q-J-T suited: the best straight flush of a high
        ranking (class 1, or the first below five of a kind with wild cards)."""
        if self.category is not Category.STRAIGHT_FLUSH:
            return False
        categories = self._ranking.categories
        return self._number == 1 or (
            not self._ranking.definition.low
            and categories[self._number - 1] is not Category.STRAIGHT_FLUSH
        )

    @property
    def name(self) -> str:
        """A short name: the category's title, 'Royal Flush', or 'Low' for an unpaired low."""
        if self.is_royal_flush:
            return "Royal Flush"
        if self.category is Category.HIGH_CARD and self._ranking.definition.low:
            return "Low"
        return self.category.title

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks that make the hand, in reading order (a wheel reads 5-4-3-2-A).

        >>> [r.char for r in HandRank.from_kev(167).ranks]
        ['A', 'A', 'A', 'K', 'K']
        """
        return self._ranking.ranks_of(self._number)

    def describe(self) -> str:
        """A sentence naming the hand and every rank that decides it.

        >>> HandRank.from_kev(10).describe(), HandRank.from_kev(7462).describe()
        ('Straight Flush, Five high', 'High Card, Seven-Five-Four-Three-Two')
        """
        return self._ranking.describe(self._number)

    def _other(self, other: object) -> HandRank | None:
        if not isinstance(other, HandRank):
            return None
        if other._ranking is not self._ranking:
            raise RankingError(
                f"cannot compare a {self._ranking.name} hand with a {other._ranking.name} hand",
                other._ranking.name,
            )
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self._ranking is other._ranking and self._number == other._number

    def __lt__(self, other: object) -> bool:
        theirs = self._other(other)
        if theirs is None:
            return NotImplemented
        return self._number > theirs._number  # a larger class number is a weaker hand

    def __hash__(self) -> int:
        return hash((self._ranking.name, self._number))

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        if self._ranking.name == "standard":
            return f"HandRank({self._number}, {self.name!r})"
        return f"HandRank({self._number}, {self.name!r}, rules={self._ranking.name!r})"

    def __reduce__(self) -> tuple[object, tuple[object, int]]:
        return self._ranking.reduce_value(self._number)  # its ranking's spec and the number


def _check_number(number: object, count: int) -> int:
    """``number`` as a class number of a ranking with ``count`` classes, or an error."""
    if isinstance(number, bool) or not (isinstance(number, int) and 1 <= number <= count):
        raise PokerLookupError(
            f"class number {number!r} is out of range: class numbers are 1-{count}", number
        )
    return number
