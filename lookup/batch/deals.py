"""Every way, or a random way, to deal the unknown cards of a hand: numpy arrays, chunk by chunk.

A deal fills *groups* of unknown cards in order (each player's missing cards,
then the board's) from the cards nobody can see. :func:`exact_deals` walks
every deal once: a group of ``k`` cards from ``m`` takes each of the C(m, k)
combinations (cached tables of positions, built with numpy), the next group
takes its combinations from the ``m - k`` cards left, and so on; a deal is one
row of card indices, the groups' columns side by side. :func:`deal_count`
says how many deals that is, before any is made. :func:`sample_deals` draws
deals uniformly (a partial Fisher-Yates shuffle of each row).

>>> import numpy as np
>>> deck = np.array([0, 1, 2, 3], dtype=np.intp)
>>> deal_count(4, [1, 2])
12
>>> [row.tolist() for chunk in exact_deals(deck, [1, 2]) for row in chunk][:4]
[[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 0, 2]]
>>> deal_count(4, [3, 2])
Traceback (most recent call last):
...
lookup.PokerLookupError: not enough cards: 5 to deal from 4
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from lookup.core.errors import PokerLookupError

__all__ = [
    "ASSIGNMENT_LIMIT",
    "CHUNK_DEALS",
    "combination_table",
    "deal_count",
    "deal_from",
    "disjoint_choices",
    "exact_deals",
    "sample_assignments",
    "sample_deals",
]

CHUNK_DEALS: Final = 1 << 16
"""Most deals in one chunk: the per-deal arrays of a chunk stay in the CPU cache."""

ASSIGNMENT_LIMIT: Final = 1 << 22
"""Most holding assignments ever listed in memory."""

Indices = npt.NDArray[np.intp]


def deal_count(cards: int, groups: Sequence[int]) -> int:
    """How many deals fill ``groups`` (card counts, in order) from ``cards`` unseen cards.

    >>> deal_count(44, [5])  # Omaha heads-up preflop
    1086008
    """
    if sum(groups) > cards:
        raise PokerLookupError(f"not enough cards: {sum(groups)} to deal from {cards}")
    total, left = 1, cards
    for k in groups:
        total *= math.comb(left, k)
        left -= k
    return total


@cache
def combination_table(m: int, k: int) -> npt.NDArray[np.uint8]:
    """Every k-subset of positions 0..m-1, in lexicographic order: shape (C(m, k), k).

    >>> combination_table(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    >>> combination_table(3, 0).shape
    (1, 0)
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    if k == 1:
        return np.arange(m, dtype=np.uint8)[:, None]
    blocks = []
    for first in range(m - k + 1):
        rest = combination_table(m - first - 1, k - 1) + np.uint8(first + 1)
        blocks.append(np.column_stack([np.full(len(rest), first, dtype=np.uint8), rest]))
    table = np.concatenate(blocks)
    table.setflags(write=False)
    return table


@cache
def _complement_table(m: int, k: int) -> npt.NDArray[np.uint8]:
    """For each row of ``combination_table(m, k)``, the positions it leaves, in order."""
    chosen = combination_table(m, k)
    mask = np.ones((len(chosen), m), dtype=bool)
    mask[np.arange(len(chosen))[:, None], chosen] = False
    table = np.nonzero(mask)[1].astype(np.uint8).reshape(len(chosen), m - k)
    table.setflags(write=False)
    return table


def exact_deals(deck: Indices, groups: Sequence[int]) -> Iterator[Indices]:
    """Every deal of ``groups`` from ``deck`` once, as (N, sum(groups)) chunks of card indices."""
    wanted = [k for k in groups if k]
    deal_count(len(deck), wanted)  # refuses a deal the deck cannot serve
    prefix = np.zeros((1, 0), dtype=np.intp)
    remaining = np.asarray(deck, dtype=np.intp)[None, :]
    if not wanted:
        yield prefix
        return
    yield from _walk(prefix, remaining, wanted)


def _walk(prefix: Indices, remaining: Indices, groups: list[int]) -> Iterator[Indices]:
    k, rest = groups[0], groups[1:]
    m = remaining.shape[1]
    chosen = combination_table(m, k)
    left = _complement_table(m, k) if rest else None
    per_block = max(1, CHUNK_DEALS // len(chosen))
    step = min(len(chosen), CHUNK_DEALS)
    for start in range(0, len(prefix), per_block):
        rows = slice(start, start + per_block)
        block_prefix, block_remaining = prefix[rows], remaining[rows]
        for t in range(0, len(chosen), step):
            picks = chosen[t : t + step]
            owner = np.repeat(np.arange(len(block_prefix)), len(picks))
            which = np.tile(np.arange(len(picks)), len(block_prefix))
            dealt = block_remaining[owner[:, None], picks[which]]
            cards = np.concatenate([block_prefix[owner], dealt], axis=1)
            if left is None:
                yield cards
            else:
                after = block_remaining[owner[:, None], left[t : t + step][which]]
                yield from _walk(cards, after, rest)


def sample_deals(rng: np.random.Generator, deck: Indices, cards: int, m: int) -> Indices:
    """``m`` uniform deals of ``cards`` distinct cards from ``deck``: shape (m, cards).

    A partial Fisher-Yates shuffle of ``m`` copies of the deck at once.

    >>> deals = sample_deals(np.random.default_rng(1), np.arange(10), 4, 1000)
    >>> deals.shape, bool((np.sort(deals, axis=1)[:, 1:] != np.sort(deals, axis=1)[:, :-1]).all())
    ((1000, 4), True)
    """
    n = len(deck)
    if cards == 0:
        return np.zeros((m, 0), dtype=np.intp)
    # Position-major copies, so each step touches one contiguous row of m cards.
    decks = np.repeat(np.asarray(deck, dtype=np.uint8)[:, None], m, axis=1)
    flat = decks.reshape(-1)
    rows = np.arange(m)
    for j in range(cards):
        where = rng.integers(j, n, size=m) * m + rows
        chosen = flat[where]
        flat[where] = decks[j]
        decks[j] = chosen
    return decks[:cards].T.astype(np.intp)


def disjoint_choices(
    masks: Sequence[npt.NDArray[np.uint64]], limit: int | None = None
) -> npt.NDArray[np.intp] | None:
    """Every choice of one option per holder with no card shared, as (A, holders) indices.

    ``masks[h]`` holds one card mask per option of holder ``h`` (bit ``i`` for
    card index ``i``). Returns None when the listing would pass ``limit`` rows.

    >>> pairs = np.array([0b0011, 0b1100, 0b0101, 0b1010], dtype=np.uint64)  # of 4 cards
    >>> disjoint_choices([pairs, pairs]).tolist()
    [[0, 1], [1, 0], [2, 3], [3, 2]]
    >>> disjoint_choices([pairs, pairs], limit=8) is None  # 16 rows to try
    True
    """
    chosen = np.zeros((1, 0), dtype=np.intp)
    used = np.zeros(1, dtype=np.uint64)
    for bits in masks:
        if limit is not None and len(chosen) * len(bits) > limit:
            return None
        row = np.repeat(np.arange(len(chosen)), len(bits))
        pick = np.tile(np.arange(len(bits)), len(chosen))
        free = (used[row] & bits[pick]) == 0
        row, pick = row[free], pick[free]
        chosen = np.column_stack([chosen[row], pick])
        used = used[row] | bits[pick]
    return chosen


def sample_assignments(
    rng: np.random.Generator,
    live: Sequence[Sequence[tuple[int, ...]]],
    assignments: npt.NDArray[np.intp] | None,
    bit_tables: list[npt.NDArray[np.uint64]],
    m: int,
) -> npt.NDArray[np.intp]:
    """``m`` holding assignments drawn uniformly from the compatible ones: shape (m, players)."""
    if assignments is not None:
        return assignments[rng.integers(0, len(assignments), size=m)]
    if not live:
        return np.zeros((m, 0), dtype=np.intp)
    kept: list[npt.NDArray[np.intp]] = []
    have = 0
    tries = 0
    while have < m:
        draw = np.column_stack([rng.integers(0, len(c), size=m) for c in live])
        used = np.zeros(m, dtype=np.uint64)
        ok = np.ones(m, dtype=bool)
        for p, bits in enumerate(bit_tables):
            b = bits[draw[:, p]]
            ok &= (used & b) == 0
            used |= b
        kept.append(draw[ok])
        have += int(ok.sum())
        tries += m
        if have == 0 and tries >= 100 * m:
            raise PokerLookupError(
                "the players' ranges almost never fit together without sharing a card"
            )
    return np.concatenate(kept)[:m]


def deal_from(
    rng: np.random.Generator,
    deck: npt.NDArray[np.uint8],
    m: int,
    k: int,
    taken: npt.NDArray[np.bool_] | None = None,
) -> Indices:
    """Deal ``k`` distinct cards from ``deck`` ``m`` times: shape ``(m, k)``.

    A partial Fisher-Yates shuffle of ``m`` copies of the deck at once: step j
    swaps a uniformly chosen card from positions j..n-1 into position j. With
    ``taken`` (shape ``(m, 52)``), deal i never receives a card marked in row
    i: such a pick is drawn again, so each card dealt is uniform over that
    deal's remaining cards.
    """
    n = len(deck)
    # Position-major copies, so each step touches one contiguous row of m cards.
    decks = np.repeat(deck[:, None], m, axis=1)
    flat = decks.reshape(-1)
    rows = np.arange(m)
    for j in range(k):
        where = rng.integers(j, n, size=m) * m + rows
        chosen = flat[where]
        if taken is not None:
            retry = np.flatnonzero(taken[rows, chosen])
            while retry.size:
                where[retry] = rng.integers(j, n, size=retry.size) * m + retry
                chosen[retry] = flat[where[retry]]
                retry = retry[taken[retry, chosen[retry]]]
        flat[where] = decks[j]
        decks[j] = chosen
    return decks[:k].T.astype(np.intp)
