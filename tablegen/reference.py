"""The reference classifier: rank five cards by sorting on rank frequency, then rank.

This is the specification every table is generated from and every runtime answer
is checked against, so it is written to be read, not to be fast, and it uses
nothing from the runtime's tables. Cards are plain ``(rank, suit)`` pairs with
ranks 0 (deuce) ... 12 (ace).

The method: count how often each rank occurs; order the cards by that count,
then by rank, both descending; test for a flush (one suit) and a straight (five
distinct ranks forming one of the rule set's runs, where the wheel A-2-3-4-5
reads 5-4-3-2-A and is the lowest); then take the category from the shape of
the counts. Two hands compare by category strength, then card by card in that
reading order (for straights, by the straight's position alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lookup.rank import Category
from tablegen.rules import STANDARD, RuleSet

__all__ = ["PlainCard", "Verdict", "classify"]

PlainCard = tuple[int, int]
"""A card as ``(rank, suit)``: rank 0-12 (deuce to ace), suit 0-3."""

# Shape of the rank counts, largest first -> category, for hands that are not
# straights or flushes.
_SHAPES: dict[tuple[int, ...], Category] = {
    (4, 1): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (2, 2, 1): Category.TWO_PAIR,
    (2, 1, 1, 1): Category.ONE_PAIR,
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
}


@dataclass(frozen=True, order=True)
class Verdict:
    """What the reference says of a five-card hand; a larger verdict is a stronger hand.

    ``reading`` lists the five ranks as a dealer reads them (groups first, then
    kickers; a wheel as 5-4-3-2-A) and is not part of the comparison.
    """

    strength: int
    tiebreak: tuple[int, ...]
    category: Category = field(compare=False)
    reading: tuple[int, ...] = field(compare=False)


def classify(cards: Sequence[PlainCard], rules: RuleSet = STANDARD) -> Verdict:
    """Classify five distinct cards under ``rules``."""
    if len(cards) != 5:
        raise ValueError(f"the reference classifies five cards, got {len(cards)}")
    counts: dict[int, int] = {}
    for rank, _suit in cards:
        counts[rank] = counts.get(rank, 0) + 1
    # Order by how often the rank occurs, then by rank: groups come before kickers.
    reading = tuple(sorted((rank for rank, _ in cards), key=lambda r: (counts[r], r), reverse=True))
    is_flush = len({suit for _, suit in cards}) == 1
    straight = rules.straight_strength(frozenset(counts)) if len(counts) == 5 else None

    if straight is not None:
        category = Category.STRAIGHT_FLUSH if is_flush else Category.STRAIGHT
        return Verdict(
            rules.category_strength(category),
            (straight,),
            category,
            rules.straight_reading(straight),
        )
    shape = tuple(sorted(counts.values(), reverse=True))
    category = Category.FLUSH if is_flush else _SHAPES[shape]
    return Verdict(rules.category_strength(category), reading, category, reading)
