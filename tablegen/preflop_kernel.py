"""Exact heads-up Hold'em showdown counts without visiting every board.

A board's outcome between two fixed holdings depends only on its *rank
multiset* unless somebody makes a flush. So the count splits in two:

1. **By rank multiset.** Every multiset of five board ranks (6,175 of them,
   none more than four times) occurs ``prod C(left[r], count[r])`` times among
   the boards dealt from what is left of the deck. Each player's class without
   flushes comes from the seven-card rank-key hash, once per multiset.
2. **Flush boards.** A seven-card flush needs three or more board cards of one
   suit, and that suit is unique on a five-card board. Only boards where
   ``k`` board cards of suit ``s`` plus some player's cards of ``s`` reach
   five change anything; they are listed explicitly (the ``k`` suited ranks
   times every choice of the other ``5 - k`` cards) and their outcome without
   flushes is replaced by the true one.

About a tenth of the 1,712,304 boards are listed, and the rest is 6,175
lookups: a few milliseconds per matchup instead of tens.

>>> win, tie, boards = showdown_counts((51, 50), (47, 46))  # AsAh vs KsKh
>>> win, tie, boards
(1410336, 9308, 1712304)
>>> showdown_counts((51, 50), (51, 46))
Traceback (most recent call last):
...
ValueError: the holdings (51, 50) and (51, 46) share a card
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from lookup.batch.evaluate import batch_tables, classes_of_rank_keys
from lookup.core.cards import rank_multisets

__all__ = ["showdown_counts"]

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]


@cache
def _rank_multisets() -> tuple[npt.NDArray[np.intp], U64]:
    """Every five-rank board multiset: counts per rank (N, 13) and rank key sums."""
    rows = list(rank_multisets(range(13), 5))
    counts = np.zeros((len(rows), 13), dtype=np.intp)
    for i, ranks in enumerate(rows):
        for r in ranks:
            counts[i, r] += 1
    weights = batch_tables().card_rank_key[::4]  # one card of each rank, deuce first
    rank_sum = (counts.astype(np.uint64) * weights).sum(axis=1, dtype=np.uint64)
    return counts, rank_sum


@cache
def _choose() -> I64:
    """C(n, k) for n, k in 0..4 (the cards left of one rank, the board's count of it)."""
    return np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)


def _rank_key(cards: Iterable[int]) -> np.uint64:
    return np.uint64(batch_tables().card_rank_key[list(cards)].sum(dtype=np.uint64))


def _outcome_counts(
    first: npt.NDArray[np.uint16], second: npt.NDArray[np.uint16], weight: I64 | None
) -> tuple[int, int]:
    """Boards the first class array wins and ties, each weighted (or counted once)."""
    if weight is None:
        return int(np.count_nonzero(first < second)), int(np.count_nonzero(first == second))
    return int(weight[first < second].sum()), int(weight[first == second].sum())


def showdown_counts(
    first: tuple[int, int], second: tuple[int, int], dead: Iterable[int] = ()
) -> tuple[int, int, int]:
    """``(wins of first, ties, boards)`` over every board dealt from the rest of the deck.

    Cards are indices 0..51 (``4 * rank + suit``); ``dead`` cards are out of the
    deck too, so small cases can be checked against a brute force.
    """
    held = [*first, *second]
    if len(set(held)) != 4:
        raise ValueError(f"the holdings {first} and {second} share a card")
    out = set(held) | set(dead)
    deck = [c for c in range(52) if c not in out]
    boards = comb(len(deck), 5)
    if boards == 0:
        return 0, 0, 0
    hole = (_rank_key(first), _rank_key(second))

    # 1. Every board by rank multiset, as if no flush existed.
    counts, rank_sum = _rank_multisets()
    left = np.bincount(np.array(deck) // 4, minlength=13)
    weight = _choose()[left[None, :], counts].prod(axis=1)
    live = np.flatnonzero(weight)
    weight, keys = weight[live], rank_sum[live]
    plain = [classes_of_rank_keys(keys + h) for h in hole]
    wins, ties = _outcome_counts(plain[0], plain[1], weight)

    # 2. Boards where someone makes a flush: replace their outcome.
    for suit in range(4):
        in_suit = ([c for c in first if c % 4 == suit], [c for c in second if c % 4 == suit])
        most = max(len(cards) for cards in in_suit)
        suited = [c for c in deck if c % 4 == suit]
        others = [c for c in deck if c % 4 != suit]
        for k in range(max(3, 5 - most), min(5, len(suited)) + 1):
            change = _flush_board_change(k, suited, others, in_suit, hole)
            wins += change[0]
            ties += change[1]
    return wins, ties, boards


def _subsets(cards: list[int], k: int) -> npt.NDArray[np.intp]:
    """Every k-subset of ``cards`` as a (C(n, k), k) array (one empty row when k = 0)."""
    sets = list(combinations(cards, k))
    return np.array(sets, dtype=np.intp).reshape(len(sets), k)


def _flush_board_change(
    k: int,
    suited: list[int],
    others: list[int],
    in_suit: tuple[list[int], list[int]],
    hole: tuple[np.uint64, np.uint64],
) -> tuple[int, int]:
    """Change in (wins, ties) once flushes count, on boards with ``k`` cards of one suit.

    ``suited``/``others``: the deck's cards of that suit and of the other suits;
    ``in_suit``: each player's hole cards of that suit; ``hole``: their rank sums.
    """
    t = batch_tables()
    suited_sets = _subsets(suited, k)
    suited_sum = t.card_rank_key[suited_sets].sum(axis=1, dtype=np.uint64)
    suited_mask = np.bitwise_or.reduce(t.card_rank_bit[suited_sets], axis=1)
    other_sets = _subsets(others, 5 - k)
    other_sum = t.card_rank_key[other_sets].sum(axis=1, dtype=np.uint64)
    # Every suited set with every choice of other cards, suited set major.
    keys = (suited_sum[:, None] + other_sum[None, :]).reshape(-1)
    before, after = [], []
    for mine, rank_sum in zip(in_suit, hole, strict=True):
        plain = classes_of_rank_keys(keys + rank_sum)
        before.append(plain)
        if len(mine) + k >= 5:
            hole_mask = np.uint16(sum(1 << (c // 4) for c in mine))
            flush = t.flush[suited_mask | hole_mask]  # one per suited set
            after.append(np.repeat(flush, len(other_sum)))
        else:
            after.append(plain)
    old_wins, old_ties = _outcome_counts(before[0], before[1], None)
    new_wins, new_ties = _outcome_counts(after[0], after[1], None)
    return new_wins - old_wins, new_ties - old_ties
