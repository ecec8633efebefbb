"""What both forms of the isomorphism index share: the decks, the canonical suits, colex ranks.

>>> DECKS["short"], "".join("cdhs"[s] for s in SUIT_ORDER)
(4, 'shdc')
"""

from __future__ import annotations

from functools import cache
from math import comb

__all__ = ["DECKS", "DECK_WORDS", "SUIT_ORDER", "colex_table"]

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
