"""Hand categories and :class:`HandRank`, the value every evaluation returns.

A hand's strength is its Cactus-Kev *class number*: 1 is a royal flush and
7,462 is 7-5-4-3-2 unsuited, so in that number **lower is stronger**. That is
the number treys, deuces and phevaluator use, and it is available as
:attr:`HandRank.kev`. :class:`HandRank` itself compares the natural way round:
``stronger > weaker``.
"""

from __future__ import annotations

from enum import IntEnum
from functools import total_ordering
from typing import TYPE_CHECKING, Final, TypeAlias

if TYPE_CHECKING:
    from lookup.cards import Rank

__all__ = ["CLASS_COUNT", "Category", "ClassNumber", "HandRank"]

ClassNumber: TypeAlias = int
"""A Cactus-Kev equivalence class, 1 (royal flush) ... 7,462 (7-5-4-3-2 unsuited)."""

CLASS_COUNT: Final = 7462
"""How many distinct five-card hand values there are."""


class Category(IntEnum):
    """The nine hand categories, weakest first (a larger value is a stronger category).

    >>> Category.FLUSH > Category.STRAIGHT
    True
    >>> str(Category.FULL_HOUSE)
    'Full House'
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def title(self) -> str:
        """The category's name as players write it, e.g. ``'Three of a Kind'``."""
        return _TITLES[self]

    def __str__(self) -> str:
        return _TITLES[self]


_TITLES: Final = (
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
)


@total_ordering
class HandRank:
    """The value of a hand: compares, hashes and prints the way players expect.

    Instances are shared: there is one per class number, so evaluating returns a
    ready-made object. Build one from a class number with :meth:`from_kev`.

    >>> royal, wheel = HandRank.from_kev(1), HandRank.from_kev(1609)
    >>> royal > wheel, royal == HandRank.from_kev(1), royal.kev
    (True, True, 1)
    >>> str(royal), royal.category, royal.is_royal_flush
    ('Royal Flush', <Category.STRAIGHT_FLUSH: 8>, True)
    >>> HandRank.from_kev(0)
    Traceback (most recent call last):
    ...
    lookup.errors.PokerLookupError: class number 0 is out of range: class numbers are 1-7462
    """

    __slots__ = ("_category", "_kev")

    def __init__(self, kev: ClassNumber, category: Category) -> None:
        # Instances come from the tables (see lookup.tables); use from_kev().
        self._kev = kev
        self._category = category

    @property
    def kev(self) -> ClassNumber:
        """The Cactus-Kev class number: 1 (royal flush) ... 7,462; lower is stronger."""
        return self._kev

    @property
    def category(self) -> Category:
        """The hand's :class:`Category`."""
        return self._category

    @classmethod
    def from_kev(cls, kev: ClassNumber) -> HandRank:
        """The shared :class:`HandRank` of Cactus-Kev class number ``kev``."""
        from lookup.tables import hand_ranks

        if isinstance(kev, bool) or not (isinstance(kev, int) and 1 <= kev <= CLASS_COUNT):
            from lookup.errors import PokerLookupError

            raise PokerLookupError(
                f"class number {kev!r} is out of range: class numbers are 1-{CLASS_COUNT}"
            )
        return hand_ranks()[kev]

    @property
    def is_royal_flush(self) -> bool:
        """True for the one class that is A-K-Q-J-T suited."""
        return self.kev == 1

    @property
    def name(self) -> str:
        """``'Royal Flush'`` for class 1, otherwise the category's title."""
        return "Royal Flush" if self.kev == 1 else self.category.title

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The five ranks that make the hand, in reading order (a wheel reads 5-4-3-2-A).

        >>> [r.char for r in HandRank.from_kev(167).ranks]
        ['A', 'A', 'A', 'K', 'K']
        """
        from lookup.describe import class_ranks

        return class_ranks(self._kev)

    def describe(self) -> str:
        """A sentence naming the hand and every rank that decides it.

        >>> HandRank.from_kev(10).describe(), HandRank.from_kev(7462).describe()
        ('Straight Flush, Five high', 'High Card, Seven-Five-Four-Three-Two')
        """
        from lookup.describe import describe

        return describe(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandRank):
            return self._kev == other._kev
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, HandRank):
            return self._kev > other._kev  # a larger class number is a weaker hand
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._kev)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"HandRank({self.kev}, {self.name!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return HandRank.from_kev, (self.kev,)
