"""What both forms of the isomorphism index share: the decks, the canonical suits, colex ranks.

>>> DECKS["short"], "".join("cdhs"[s] for s in SUIT_ORDER)
(4, 'shdc')
"""

from __future__ import annotations

from functools import cache
from math import comb

__all__ = [
    "DECKS",
    "DECK_WORDS",
    "SUIT_ORDER",
    "colex_table",
    "pdep_tables",
    "pext_tables",
    "uncolex_table",
]

DECKS: dict[str, int] = {"standard": 0, "short": 4}
"""The decks an isomorphism deals from -> the rank number of its lowest rank (short: sixes)."""

DECK_WORDS: dict[str, str] = {
    "standard": "the standard deck (52 cards)",
    "short": "the short deck (36 cards)",
}
"""How messages name each deck."""
SUIT_ORDER = (3, 2, 1, 0)
"""The suit each canonical position is written in: spades for the suit sorted first,
then hearts, diamonds, clubs (so a canonical AK offsuit reads ``As Kh``)."""


@cache
def colex_table(bits: int = 13) -> tuple[int, ...]:
    """The colexicographic rank of every set of ``bits``-bit positions, by its bit mask.

    A set ``{b1 < b2 < ... < bk}`` ranks ``C(b1, 1) + C(b2, 2) + ... + C(bk, k)``
    among the sets of its size, whatever the universe: this is what lets one table
    serve every round once its free ranks are packed to the low bits.

    >>> table = colex_table()
    >>> table[0b1], table[0b10], table[0b11], table[0b101], table[0b110]
    (0, 1, 0, 1, 2)
    """
    table = []
    for mask in range(1 << bits):
        rank, j, rest = 0, 0, mask
        while rest:
            low = rest & -rest
            j += 1
            rank += comb(low.bit_length() - 1, j)
            rest ^= low
        table.append(rank)
    return tuple(table)


def _halves(deposit: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    tables = []
    for bits in (7, 6):
        table = [0] * (1 << (2 * bits))
        for free in range(1 << bits):
            positions = [b for b in range(bits) if free >> b & 1]
            for packed in range(1 << len(positions)):
                ranks = sum(1 << b for i, b in enumerate(positions) if packed >> i & 1)
                if deposit:
                    table[free << bits | packed] = ranks
                else:
                    table[free << bits | ranks] = packed
        tables.append(tuple(table))
    return tables[0], tables[1]


@cache
def pext_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rank sets packed to the positions they take among the free ranks, by halves.

    ``low[free_lo << 7 | ranks_lo]`` for ranks 0-6 and ``high[free_hi << 6 | ranks_hi]``
    for ranks 7-12 (the high half shifted left by the low half's free count): two tables
    of 16,384 and 4,096 entries where one over both would hold 67 million.

    >>> low, high = pext_tables()
    >>> low[0b1010 << 7 | 0b1000]  # of free ranks 1 and 3, rank 3 is the second
    2
    """
    return _halves(deposit=False)


@cache
def pdep_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The inverse of :func:`pext_tables`: positions among the free ranks back to ranks.

    >>> low, high = pdep_tables()
    >>> low[0b1010 << 7 | 0b10]
    8
    """
    return _halves(deposit=True)


@cache
def uncolex_table() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The inverse of :func:`colex_table`: ``sets[starts[k] + rank]`` is the k-set of
    positions (a 13-bit mask) with that colexicographic rank.

    >>> sets, starts = uncolex_table()
    >>> [bin(sets[starts[2] + rank]) for rank in range(4)]
    ['0b11', '0b101', '0b110', '0b1001']
    """
    colex = colex_table()
    by_size: list[list[int]] = [[] for _ in range(14)]
    for mask in range(1 << 13):
        by_size[mask.bit_count()].append(mask)
    starts: list[int] = []
    sets: list[int] = []
    for masks in by_size:
        starts.append(len(sets))
        sets.extend(sorted(masks, key=colex.__getitem__))
    return tuple(sets), tuple(starts)
