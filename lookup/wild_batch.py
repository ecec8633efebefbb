"""Batches of hands under a wild-card ranking, with numpy: the scalar kernels' method, vectorised.

Card indices are ``4 * rank + suit`` (0-51) and the jokers 52 and 53. Each
row's keys are summed as :mod:`lookup.wild_kernels` sums them; the unsuited
class is found by binary search in the sorted key array (``np.searchsorted``),
and each suit whose lane reaches five reads the flush table by lane count and
the natural rank mask of that suit. Reached through
:func:`lookup.batch.evaluate_batch`; numpy is imported by that module only.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lookup.cards import DECK, JOKERS, Card
from lookup.errors import CardError, DuplicateCardError
from lookup.kernels import LANE_BITS
from lookup.ranking import Ranking
from lookup.tables import MASK_SPACE, load_wild
from lookup.wild_kernels import wild_card_key

__all__ = ["wild_batch"]

_CARDS: tuple[Card, ...] = (*DECK, *JOKERS)


@cache
def _tables(ranking: Ranking) -> dict[str, Any]:
    tables = load_wild(ranking.directory, ranking.classes)
    deck, wild = set(ranking.deck), ranking.wild_cards
    natural_bits = 0x1FFF & ~sum(1 << r for r in {c.rank for c in wild if not c.is_joker})
    key = [wild_card_key(c, tables.wild_digit, c in wild) if c in deck else 0 for c in _CARDS]
    # Per card and suit: the rank bit it adds to that suit's mask (a joker adds none).
    suit_bits = np.zeros((4, len(_CARDS)), dtype=np.uint16)
    for index, card in enumerate(_CARDS):
        if card in deck and not card.is_joker:
            suit_bits[card.suit, index] = (1 << card.rank) & natural_bits
    return {
        "key": np.array(key, dtype=np.uint64),
        "in_deck": np.array([c in deck for c in _CARDS], dtype=np.bool_),
        "suit_bits": suit_bits,
        "keys": np.frombuffer(tables.keys, dtype=np.uint32).astype(np.uint64),
        "classes": np.frombuffer(tables.classes, dtype=np.uint16),
        "flush": np.array(tables.flush, dtype=np.uint16),
    }


def _bad_card(array: NDArray[Any], ranking: Ranking, in_deck: NDArray[np.bool_]) -> CardError:
    ok = (array >= 0) & (array < len(_CARDS))
    ok[ok] = in_deck[array[ok].astype(np.intp)]
    row = int(np.flatnonzero(~ok.all(axis=1))[0])
    value = int(array[row][~ok[row]][0])
    if not 0 <= value < len(_CARDS):
        return CardError(
            f"row {row}: card index {value} is out of range: indices are 0-51 "
            "(4 * rank + suit) and 52-53 (jokers)",
            value,
        )
    return CardError(
        f"row {row}: card {_CARDS[value]} (index {value}) is not in the {ranking.name} deck",
        value,
    )


def wild_batch(
    array: NDArray[np.integer[Any]], ranking: Ranking, check_duplicates: bool
) -> NDArray[np.uint16]:
    """Class numbers of an ``(N, k)`` array of card indices (k of 5, 6 or 7).

    >>> import numpy as np
    >>> from lookup.ranking import get_ranking
    >>> wild_batch(np.array([[48, 49, 50, 51, 52]]), get_ranking("joker"), True).tolist()
    [1]
    >>> wild_batch(np.array([[48, 49, 50, 51, 53]]), get_ranking("joker"), True)
    Traceback (most recent call last):
    ...
    lookup.errors.CardError: row 0: card Jkb (index 53) is not in the joker deck
    """
    t = _tables(ranking)
    columns = np.ascontiguousarray(array.T, dtype=np.intp)
    if columns.view(np.uintp).max(initial=0) >= len(_CARDS) or not t["in_deck"][columns].all():
        raise _bad_card(array, ranking, t["in_deck"])
    if check_duplicates and array.shape[0]:
        ordered = np.sort(array, axis=1)
        repeated = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if repeated.size:
            row = int(repeated[0])
            values = ordered[row].tolist()
            card = _CARDS[next(v for a, v in pairwise(values) if a == v)]
            raise DuplicateCardError(
                f"row {row}: card {card} appears twice; the cards of a row must be distinct",
                str(card),
            )
    k = t["key"][columns].sum(axis=0)
    lanes = k & np.uint64((1 << LANE_BITS) - 1)
    unsuited = k >> np.uint64(LANE_BITS)
    slots = np.searchsorted(t["keys"], unsuited)
    out: NDArray[np.uint16] = t["classes"][slots]
    for suit in range(4):
        count = ((lanes >> np.uint64(3 * suit)) & np.uint64(7)).astype(np.intp)
        rows = np.flatnonzero(count >= 5)
        if not rows.size:
            continue
        mask = np.bitwise_or.reduce(t["suit_bits"][suit][columns[:, rows]], axis=0)
        flush = t["flush"][(count[rows] - 5) * MASK_SPACE + mask.astype(np.intp)]
        out[rows] = np.minimum(out[rows], flush)
    return out
