"""Heads-up preflop matchups up to suit relabelling: two holdings to one key, and back.

Relabelling suits (clubs for hearts, say) never changes an all-in equity, so
the 812,175 unordered pairs of disjoint two-card holdings fold into 47,008
*matchups*. A matchup's **key** is a 24-bit int read from one ordering of its
four cards (first holding, then second, each higher rank first):

* four 4-bit fields ``12 - rank`` (so smaller keys list higher ranks first);
* four 2-bit suit *labels*, each suit numbered by its first appearance
  (``0`` for the first card's suit, ``1`` for the next new suit, ...).

Ranks and the pattern of equal suits are exactly what a suit relabelling
keeps, so two pairs of holdings are the same matchup if and only if they give
the same key. Of the at most eight readings (which holding goes first; the two
cards of a pair in either order) the smallest key is *the* key, found in O(1).
:func:`matchup_cards` turns a key back into cards: suit labels 0, 1, 2, 3 as
clubs, diamonds, hearts, spades.

>>> key, swapped = matchup_key((51, 50), (47, 46))  # AsAh vs KsKh
>>> hex(key), swapped
('0x1111', False)
>>> matchup_key((47, 46), (49, 48)) == (key, True)  # KsKh vs AdAc: other suits, another matchup
False
>>> matchup_key((45, 44), (49, 48)) == (key, True)  # KdKc vs AdAc: the aces go first
True
>>> matchup_cards(key)
((48, 49), (44, 45))
>>> matchup_key((51, 50), (50, 3))
Traceback (most recent call last):
...
lookup.DuplicateCardError: card 'Ah' is in both holdings
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lookup.core.cards import DECK, Combo
from lookup.core.errors import DuplicateCardError

if TYPE_CHECKING:
    import numpy as np  # the generator's and the range engine's path only
    import numpy.typing as npt

__all__ = ["matchup_cards", "matchup_key", "matchup_keys"]


def _readings(holding: Combo) -> tuple[Combo, ...]:
    """The holding's cards higher rank first; a pair both ways round."""
    a, b = holding
    if a >> 2 == b >> 2:
        return ((a, b), (b, a))
    return ((a, b),) if a > b else ((b, a),)


def _key(c0: int, c1: int, c2: int, c3: int) -> int:
    key = 0
    for card in (c0, c1, c2, c3):
        key = key << 4 | (12 - (card >> 2))
    # Suit labels by first appearance, without a dict: O(1) bit work on four suits.
    seen: list[int] = []
    for card in (c0, c1, c2, c3):
        suit = card & 3
        if suit not in seen:
            seen.append(suit)
        key = key << 2 | seen.index(suit)
    return key


def matchup_key(first: Combo, second: Combo) -> tuple[int, bool]:
    """The matchup of two holdings (card indices), and whether ``second`` is its first holding.

    When both holdings are the same up to suits (AsAh vs AdAc), ``swapped`` is False.
    """
    shared = set(first) & set(second)
    if shared or first[0] == first[1] or second[0] == second[1]:
        card = min(shared) if shared else (first[0] if first[0] == first[1] else second[0])
        raise DuplicateCardError(f"card '{DECK[card]}' is in both holdings", str(DECK[card]))
    best, swapped = 1 << 24, False
    for flip, (x, y) in ((False, (first, second)), (True, (second, first))):
        for x0, x1 in _readings(x):
            for y0, y1 in _readings(y):
                key = _key(x0, x1, y0, y1)
                if key < best:
                    best, swapped = key, flip
    return best, swapped


def matchup_cards(key: int) -> tuple[Combo, Combo]:
    """The representative holdings of a matchup key (suit labels as clubs, diamonds, ...)."""
    cards = [4 * (12 - (key >> (20 - 4 * i) & 15)) + (key >> (6 - 2 * i) & 3) for i in range(4)]
    return (cards[0], cards[1]), (cards[2], cards[3])


def matchup_keys(
    first: npt.NDArray[np.intp], second: npt.NDArray[np.intp]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """:func:`matchup_key` of many pairs at once: ``first``/``second`` are (N, 2) card arrays.

    The holdings must be disjoint (not checked here).

    >>> import numpy as np
    >>> keys, swapped = matchup_keys(np.array([[51, 50], [45, 44]]), np.array([[47, 46], [49, 48]]))
    >>> [hex(k) for k in keys.tolist()], swapped.tolist()
    (['0x1111', '0x1111'], [False, True])
    """
    import numpy as np  # the generator's and the range engine's path only

    def readings(h: npt.NDArray[np.intp]) -> list[npt.NDArray[np.intp]]:
        hi = np.where(h[:, 0] >> 2 >= h[:, 1] >> 2, h[:, 0], h[:, 1])
        lo = np.where(h[:, 0] >> 2 >= h[:, 1] >> 2, h[:, 1], h[:, 0])
        # For a pair the second reading swaps the cards; otherwise it repeats the first.
        pair = hi >> 2 == lo >> 2
        return [
            np.stack([hi, lo], 1),
            np.stack([np.where(pair, lo, hi), np.where(pair, hi, lo)], 1),
        ]

    def key(c: list[npt.NDArray[np.intp]]) -> npt.NDArray[np.int64]:
        out = np.zeros(len(c[0]), dtype=np.int64)
        for card in c:
            out = out << 4 | (12 - (card >> 2))
        suits = [card & 3 for card in c]
        labels = [np.zeros(len(c[0]), dtype=np.int64)]
        count = np.ones(len(c[0]), dtype=np.int64)
        for i in range(1, 4):
            label = count.copy()  # a new suit unless it equals an earlier one
            for j in range(i - 1, -1, -1):
                label = np.where(suits[i] == suits[j], labels[j], label)
            count += label == count
            labels.append(label)
        for label in labels:
            out = out << 2 | label
        return out

    first, second = np.asarray(first), np.asarray(second)
    best = np.full(len(first), 1 << 24, dtype=np.int64)
    swapped = np.zeros(len(first), dtype=bool)
    for flip, (x, y) in ((False, (first, second)), (True, (second, first))):
        for xr in readings(x):
            for yr in readings(y):
                k = key([xr[:, 0], xr[:, 1], yr[:, 0], yr[:, 1]])
                better = k < best
                best = np.where(better, k, best)
                swapped = np.where(better, flip, swapped)
    return best, swapped
