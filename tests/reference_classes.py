"""Class numbers computed from the reference classifier alone, for tests.

The reference orders hands; it does not number them. Numbering needs every
distinct verdict, which one representative hand per (flush, rank multiset)
provides: 6,175 unsuited multisets plus 1,287 flush rank sets. Sorting those
verdicts strongest first gives class numbers independent of the runtime tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

from lookup.core.cards import Card
from tablegen.reference import Verdict, classify


def _unsuited(ranks: Sequence[int]) -> list[tuple[int, int]]:
    # Suits cycle by position, so equal (adjacent) ranks differ and no five share a suit.
    return [(r, i % 4) for i, r in enumerate(sorted(ranks))]


@cache
def verdict_numbers() -> dict[Verdict, int]:
    verdicts = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            verdicts.add(classify(_unsuited(ranks)))
    for ranks in combinations(range(13), 5):
        verdicts.add(classify([(r, 3) for r in ranks]))
    return {v: i + 1 for i, v in enumerate(sorted(verdicts, reverse=True))}


@cache
def class_of_key(flush: bool, ranks: tuple[int, ...]) -> int:
    """Reference class of five cards with these ascending ranks, all of one suit or not."""
    cards = [(r, 3) for r in ranks] if flush else _unsuited(ranks)
    return verdict_numbers()[classify(cards)]


def reference_class5(cards: Sequence[Card]) -> int:
    """Reference class number of five cards."""
    flush = len({c.suit for c in cards}) == 1
    return class_of_key(flush, tuple(sorted(int(c.rank) for c in cards)))


def reference_best(cards: Sequence[Card]) -> int:
    """Reference class number of the best five of any number of cards (best of C(n, 5))."""
    return min(reference_class5(sub) for sub in combinations(cards, 5))


def reference_best_unsuited(ranks: Sequence[int]) -> int:
    """Best class among the five-rank subsets of a rank multiset, never a flush."""
    return min(class_of_key(False, sub) for sub in set(combinations(sorted(ranks), 5)))


def reference_best_flush(ranks: Sequence[int]) -> int:
    """Best flush class among five-rank subsets of distinct ranks, all of one suit."""
    return min(class_of_key(True, sub) for sub in combinations(sorted(ranks), 5))
