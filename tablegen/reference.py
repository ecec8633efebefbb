"""The reference classifier: rank a hand under any ranking, plainly.

This is the specification every table is generated from and every runtime
answer is checked against, so it is written to be read, not to be fast, and it
uses nothing from the runtime's tables: only the ranking's rules
(:class:`~lookup.core.rules.RankingRules`). Cards are plain ``(rank, suit)`` pairs,
ranks numbered as in the card encoding (0 = deuce ... 12 = ace); the ranking's
``rank_order`` says how they compare (aces high or low).

Poker hands (five cards): count how often each rank occurs; order the cards by
that count, then by rank, both descending; test for a flush (one suit, if
flushes count) and a straight (five ranks in a row of the rank order, or, with
``wheel``, the top rank played below the bottom one: A-2-3-4-5, or A-6-7-8-9 in
short deck, which reads 5-4-3-2-A and is the lowest); take the category from
the shape of the counts. Two hands compare by the category's place in the
ranking's list, then card by card in that reading order (straights by their
top card alone). When the *low* hand wins, the comparison is turned round. A
qualifier (eight-or-better) sends every hand that fails it to one "no low"
verdict below all others.

Badugi hands: the best subset of cards with different suits and different
ranks counts; more cards beat fewer; between equal counts compare from the
highest counting card down, lower winning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from lookup.core.rules import Category, RankingRules
from tablegen.rankings import builtin

__all__ = ["NO_CARD", "PlainCard", "Verdict", "classify"]

PlainCard = tuple[int, int]
"""A card as ``(rank, suit)``: rank 0-12 (deuce to ace), suit 0-3."""

NO_CARD = 255
"""Pads a reading shorter than the hand (a badugi of fewer cards; no low)."""

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
_NO_LOW_STRENGTH = (-(10**6),)


@dataclass(frozen=True, order=True)
class Verdict:
    """What the reference says of a hand; within one ranking a larger verdict is better.

    ``reading`` lists the ranks as a dealer reads them (groups first, then
    kickers; a wheel as 5-4-3-2-A; a low from its highest card down) and is
    not part of the comparison.
    """

    strength: tuple[int, ...]
    category: Category = field(compare=False)
    reading: tuple[int, ...] = field(compare=False)


def classify(cards: Sequence[PlainCard], rules: RankingRules | None = None) -> Verdict:
    """Classify distinct cards under ``rules`` (default: standard high poker).

    Poker rankings take exactly five cards; badugi takes any number and plays
    the best subset.
    """
    rules = builtin("standard") if rules is None else rules
    if rules.scoring == "badugi":
        return _badugi(cards, rules)
    if len(cards) != 5:
        raise ValueError(f"the reference classifies five cards, got {len(cards)}")
    position = {rank: i for i, rank in enumerate(rules.rank_order)}
    counts: dict[int, int] = {}
    for rank, _suit in cards:
        counts[rank] = counts.get(rank, 0) + 1
    # Order by how often the rank occurs, then by rank: groups come before kickers.
    reading = tuple(
        sorted((rank for rank, _ in cards), key=lambda r: (counts[r], position[r]), reverse=True)
    )
    is_flush = rules.flushes and len({suit for _, suit in cards}) == 1
    top = _straight_top(sorted(position[r] for r in counts), rules) if len(counts) == 5 else None

    if top is not None:
        category = Category.STRAIGHT_FLUSH if is_flush else Category.STRAIGHT
        tiebreak: tuple[int, ...] = (top,)
        if top == 3:  # the wheel: the top rank plays below the bottom one
            reading = (*reading[1:], reading[0])
    else:
        shape = tuple(sorted(counts.values(), reverse=True))
        category = Category.FLUSH if is_flush else _SHAPES[shape]
        tiebreak = tuple(position[r] for r in reading)

    if rules.has_qualifier and not _qualifies(category, reading, rules, position):
        return Verdict(_NO_LOW_STRENGTH, Category.NO_LOW, ())
    strength = (rules.categories.index(category), *tiebreak)
    if rules.low:
        strength = tuple(-x for x in strength)
    return Verdict(strength, category, reading)


def _straight_top(positions: list[int], rules: RankingRules) -> int | None:
    """Position of the straight's top card (the wheel counts 3), or None for no straight."""
    if not rules.straights:
        return None
    if positions[4] - positions[0] == 4:
        return positions[4]
    if rules.wheel and positions == [0, 1, 2, 3, len(rules.rank_order) - 1]:
        return 3
    return None


def _qualifies(
    category: Category, reading: tuple[int, ...], rules: RankingRules, position: dict[int, int]
) -> bool:
    assert rules.qualifier_highest is not None
    limit = position[rules.qualifier_highest]
    return category in rules.qualifier_categories and all(position[r] <= limit for r in reading)


def _badugi(cards: Sequence[PlainCard], rules: RankingRules) -> Verdict:
    position = {rank: i for i, rank in enumerate(rules.rank_order)}
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    for size in range(min(4, len(cards)), 0, -1):
        for subset in combinations(cards, size):
            if len({r for r, _ in subset}) < size or len({s for _, s in subset}) < size:
                continue
            reading = tuple(sorted((r for r, _ in subset), key=position.__getitem__, reverse=True))
            # More cards first; then the lower highest card, and so on down.
            strength = (size, *(-position[r] for r in reading))
            if best is None or strength > best[0]:
                best = (strength, reading)
        if best is not None:
            break
    if best is None:
        raise ValueError("a badugi hand needs at least one card")
    strength, reading = best
    category = (Category.ONE_CARD, Category.TWO_CARDS, Category.THREE_CARDS, Category.BADUGI)[
        len(reading) - 1
    ]
    return Verdict(strength, category, reading)
