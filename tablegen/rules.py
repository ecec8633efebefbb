"""Ranking rules as data: the generator is handed a :class:`RuleSet`, not hard-wired to one game.

A rule set says which ranks are in the deck, which rank runs count as straights
(and how they order among themselves), and how the categories order. The
reference classifiers and the table builder read nothing else, so a variant
(short deck, say) is a new ``RuleSet`` value rather than a new generator.
"""

from __future__ import annotations

from dataclasses import dataclass

from lookup.cards import Rank
from lookup.rank import Category

__all__ = ["RULE_SETS", "STANDARD", "RuleSet"]

RankTuple = tuple[int, ...]


@dataclass(frozen=True)
class RuleSet:
    """What a generator needs to know to rank five-card hands.

    ``straights`` lists each straight's ranks in reading order (highest card
    first; a wheel reads 5-4-3-2-A), weakest straight first. ``category_order``
    lists the categories weakest first.
    """

    name: str
    ranks: RankTuple
    straights: tuple[RankTuple, ...]
    category_order: tuple[Category, ...]

    def straight_strength(self, ranks: frozenset[int]) -> int | None:
        """Position of the straight made by five distinct ``ranks`` (0 = weakest), or None."""
        for strength, run in enumerate(self.straights):
            if ranks == frozenset(run):
                return strength
        return None

    def straight_reading(self, strength: int) -> RankTuple:
        """The ranks of the straight at ``strength``, in reading order."""
        return self.straights[strength]

    def category_strength(self, category: Category) -> int:
        """Position of ``category`` among the categories (0 = weakest)."""
        return self.category_order.index(category)


def _standard_straights() -> tuple[RankTuple, ...]:
    wheel = (Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO, Rank.ACE)
    others = tuple(tuple(range(high, high - 5, -1)) for high in range(Rank.SIX, Rank.ACE + 1))
    return (tuple(int(r) for r in wheel), *others)


STANDARD = RuleSet(
    name="standard",
    ranks=tuple(range(13)),
    straights=_standard_straights(),
    category_order=tuple(Category),
)
"""Standard high poker: 52 cards, the wheel is the lowest straight, Cactus-Kev category order."""

RULE_SETS: dict[str, RuleSet] = {STANDARD.name: STANDARD}
