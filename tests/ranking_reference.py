"""Class numbers of any ranking computed from the reference classifier alone, for tests.

The reference orders hands; it does not number them. One representative hand
per five-card key (each rank multiset unsuited, each set of five ranks as a
flush) gives every distinct verdict; sorted best first they are the class
numbers, with no help from the generator or the runtime tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np

from lookup.core.rules import RankingRules
from tablegen.reference import Verdict, classify

FLUSH_BIT = 13**5
"""Offset of the flush half of a rank-code table: code + FLUSH_BIT when all five share a suit."""


def multisets(rules: RankingRules, size: int) -> list[tuple[int, ...]]:
    """Ascending rank multisets of ``size`` cards of the deck (at most four of a rank)."""
    return [
        ranks
        for ranks in combinations_with_replacement(sorted(rules.rank_order), size)
        if max(ranks.count(r) for r in ranks) <= 4
    ]


@cache
def numbering(rules: RankingRules) -> dict[tuple[bool, tuple[int, ...]], int]:
    """(all one suit, ascending ranks) -> reference class number, for every five-card key."""
    verdicts: dict[tuple[bool, tuple[int, ...]], Verdict] = {}
    for ranks in multisets(rules, 5):
        verdicts[False, ranks] = classify([(r, i % 4) for i, r in enumerate(ranks)], rules)
        if len(set(ranks)) == 5:
            verdicts[True, ranks] = classify([(r, 0) for r in ranks], rules)
    order = sorted(set(verdicts.values()), reverse=True)
    number = {v: i + 1 for i, v in enumerate(order)}
    return {key: number[v] for key, v in verdicts.items()}


def code(ranks: Sequence[int]) -> int:
    """Ascending ranks as a base-13 number (the index into :func:`class_by_code`)."""
    return sum(r * 13**i for i, r in enumerate(reversed(sorted(ranks))))


@cache
def class_by_code(rules: RankingRules) -> Any:
    """numpy uint16[2 * 13**5]: reference class of five ranks by code, flush half above."""
    table = np.zeros(2 * FLUSH_BIT, dtype=np.uint16)
    flush_counts = rules.flushes
    for (flush, ranks), number in numbering(rules).items():
        table[code(ranks) + (FLUSH_BIT if flush else 0)] = number
    if not flush_counts:  # a flush is nothing: its class is the unsuited one
        table[FLUSH_BIT:] = table[:FLUSH_BIT]
    return table


def reference_classes(rules: RankingRules, hands: Any) -> Any:
    """Reference class of each row of an (N, 5) array of card indices."""
    ranks = np.sort(hands // 4, axis=1)
    codes = ranks @ (13 ** np.arange(4, -1, -1))
    suits = hands % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    return class_by_code(rules)[codes + FLUSH_BIT * flush]


def reference_best(rules: RankingRules, hands: Any) -> Any:
    """Reference class of the best five of each row of an (N, k) array of card indices."""
    subsets = np.array(list(combinations(range(hands.shape[1]), 5)))
    fives = hands[:, subsets]  # (N, subsets, 5)
    ranks = np.sort(fives // 4, axis=2)
    codes = ranks @ (13 ** np.arange(4, -1, -1))
    suits = fives % 4
    flush = (suits == suits[:, :, :1]).all(axis=2)
    return class_by_code(rules)[codes + FLUSH_BIT * flush].min(axis=1)
