"""A brute-force wild-card scorer for tests, written apart from ``tablegen``.

Each wild card is replaced by real cards, (rank, suit) pairs, and the five
resulting cards are scored by a small scorer of its own (standard high poker
with five of a kind on top). The rules of substitution, stated once here:

* a substitute may repeat a card the hand holds (four aces and a joker are
  five aces) *unless* the five cards then make a flush: a flush never holds a
  card twice;
* a bug must be an ace, unless the five cards make a straight, a flush or a
  straight flush.

Only whether a substitute shares the naturals' suit can matter, so each
substitute tries that suit and one other; ranks are tried exhaustively.
Scores are tuples: a larger tuple is a better hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

__all__ = ["FIVE_OF_A_KIND", "best_score", "score", "shape_score"]

FIVE_OF_A_KIND = 9
STRAIGHT, FLUSH, STRAIGHT_FLUSH = 4, 5, 8

Score = tuple[int, ...]


def score(cards: Sequence[tuple[int, int]]) -> Score:
    """Five (rank, suit) cards, ranks 0 (deuce) ... 12 (ace): (category, tie-breaks...)."""
    ranks = sorted((r for r, _ in cards), reverse=True)
    counts = Counter(ranks)
    flush = len({s for _, s in cards}) == 1
    if len(counts) == 1:
        return (FIVE_OF_A_KIND, ranks[0])
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_top = 3
    if straight_top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, straight_top)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    if flush:
        return (FLUSH, *ranks)
    category = {
        (4, 1): 7,
        (3, 2): 6,
        (3, 1, 1): 3,
        (2, 2, 1): 2,
        (2, 1, 1, 1): 1,
        (1, 1, 1, 1, 1): 0,
    }[tuple(shape)]
    return (category, *order)


def best_score(naturals: Sequence[tuple[int, int]], wilds: int, bug: bool = False) -> Score:
    """The best score of the naturals with ``wilds`` wild cards substituted."""
    suits = {s for _, s in naturals}
    common = next(iter(suits)) if len(suits) == 1 else 0
    options = [(r, s) for r in range(13) for s in {common, (common + 1) % 4}]
    best: Score | None = None
    for substitutes in combinations_with_replacement(options, wilds):
        five = [*naturals, *substitutes]
        value = score(five)
        is_flush = value[0] in (FLUSH, STRAIGHT_FLUSH)
        if is_flush and len(set(five)) < 5:
            continue
        completes = value[0] in (STRAIGHT, FLUSH, STRAIGHT_FLUSH)
        if bug and not completes and any(r != 12 for r, _ in substitutes):
            continue
        if best is None or value > best:
            best = value
    assert best is not None
    return best


@cache
def shape_score(ranks: tuple[int, ...], wilds: int, suited: bool, bug: bool) -> Score:
    """:func:`best_score` of naturals of these ranks, sharing one suit or not (cached)."""
    if suited:
        naturals = [(r, 0) for r in ranks]
    else:
        # Suits cycle by position: equal (adjacent) ranks differ, and two or more
        # naturals never share one suit. (One natural always "shares" its suit.)
        assert len(ranks) >= 2, "a lone natural card is always suited"
        naturals = [(r, i % 4) for i, r in enumerate(ranks)]
    return best_score(naturals, wilds, bug)
