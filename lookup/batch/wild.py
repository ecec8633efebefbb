"""Batches of hands under a wild-card ranking, with numpy: the scalar kernels' method, vectorised.

Card indices are ``4 * rank + suit`` (0-51) and the jokers 52 and 53. Each
row's keys are summed as :mod:`lookup.ranking.wild_kernels` sums them; the unsuited
class is found through the table's perfect hash (as the standard batch path does),
and each suit whose lane reaches five reads the flush table by lane count and
the natural rank mask of that suit. Reached through
:func:`lookup.batch.evaluate.evaluate_batch`; the game layer's wild showdown kernel
sums the same keys (:func:`wild_batch_tables`). The numpy views are kept on the
ranking (:meth:`~lookup.ranking.ranking.Ranking.derived`), built once from the wild
table it has loaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lookup.batch.primitives import CHUNK_ROWS, hash_view, popcount, slots
from lookup.core.cards import DECK, JOKERS, Card
from lookup.core.errors import CardError, DuplicateCardError
from lookup.ranking.kernels import LANE_BITS
from lookup.ranking.ranking import Ranking
from lookup.ranking.tables import MASK_SPACE
from lookup.ranking.wild_kernels import wild_card_key

__all__ = ["classes_of_wild_keys", "wild_batch", "wild_batch_tables"]

_CARDS: tuple[Card, ...] = (*DECK, *JOKERS)


def wild_batch_tables(ranking: Ranking) -> dict[str, Any]:
    """Numpy views of a wild-card ranking's table, by name, kept on the ranking.

    ``key`` (each card index's summed key, 0 outside the deck), ``bit``, ``in_deck``,
    ``suit_bits`` (per suit and card, the natural rank bit it adds to that suit's
    mask), ``can_flush`` (suit lanes -> a suit can make a flush), ``hash`` (the
    unsuited classes' :class:`~lookup.batch.primitives.HashView`), ``flush``,
    ``flushes``, ``top_index`` and ``gaps``. Built on first use (a few ms).
    """
    return ranking.derived(wild_batch_tables, _build_tables)


def _build_tables(ranking: Ranking) -> dict[str, Any]:
    tables = ranking.wild_tables
    deck, wild = set(ranking.deck), ranking.wild_cards
    natural_bits = 0x1FFF & ~sum(1 << r for r in {c.rank for c in wild if not c.is_joker})
    key = [wild_card_key(c, tables.wild_digit, c in wild) if c in deck else 0 for c in _CARDS]
    # Per card and suit: the rank bit it adds to that suit's mask (a joker adds none).
    suit_bits = np.zeros((4, len(_CARDS)), dtype=np.uint16)
    for index, card in enumerate(_CARDS):
        if card in deck and not card.is_joker:
            suit_bits[card.suit, index] = (1 << card.rank) & natural_bits
    indices = sorted(c.index for c in deck)
    lanes = np.arange(1 << LANE_BITS)
    can_flush = np.zeros(1 << LANE_BITS, dtype=np.bool_)
    for suit in range(4):
        can_flush |= ((lanes >> (3 * suit)) & 7) >= 5
    return {
        "top_index": indices[-1],
        "gaps": indices != list(range(len(indices))),
        "can_flush": can_flush,
        "flushes": any(tables.flush),  # a flush counts for nothing in a low ranking
        "key": np.array(key, dtype=np.uint64),
        "bit": np.array([1 << i for i in range(len(_CARDS))], dtype=np.uint64),
        "in_deck": np.array([c in deck for c in _CARDS], dtype=np.bool_),
        "suit_bits": suit_bits,
        "hash": hash_view(tables.hash),
        "flush": np.array(tables.flush, dtype=np.uint16),
    }


def _bad_card(
    array: NDArray[Any], first: int, ranking: Ranking, in_deck: NDArray[np.bool_]
) -> CardError:
    ok = (array >= 0) & (array < len(_CARDS))
    ok[ok] = in_deck[array[ok].astype(np.intp)]
    local = int(np.flatnonzero(~ok.all(axis=1))[0])
    row = first + local
    value = int(array[local][~ok[local]][0])
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
    >>> from lookup.ranking.ranking import get_ranking
    >>> wild_batch(np.array([[48, 49, 50, 51, 52]]), get_ranking("joker"), True).tolist()
    [1]
    >>> wild_batch(np.array([[48, 49, 50, 51, 53]]), get_ranking("joker"), True)
    Traceback (most recent call last):
    ...
    lookup.CardError: row 0: card Jkb (index 53) is not in the joker deck
    """
    t = wild_batch_tables(ranking)
    out = np.empty(array.shape[0], dtype=np.uint16)
    for first in range(0, array.shape[0], CHUNK_ROWS):
        block = array[first : first + CHUNK_ROWS]
        out[first : first + len(block)] = _chunk(block, first, ranking, t, check_duplicates)
    return out


def _chunk(
    block: NDArray[np.integer[Any]],
    first: int,
    ranking: Ranking,
    t: dict[str, Any],
    check_duplicates: bool,
) -> NDArray[np.uint16]:
    """Class numbers of one cache-sized chunk of rows (``first`` numbers its rows in errors)."""
    columns = np.ascontiguousarray(block.T, dtype=np.intp)
    if columns.view(np.uintp).max(initial=0) > t["top_index"] or (
        t["gaps"] and not t["in_deck"].take(columns).all()
    ):
        raise _bad_card(block, first, ranking, t["in_deck"])
    key, bit = t["key"], t["bit"]
    k = key.take(columns[0])
    for column in columns[1:]:
        k += key.take(column)
    if check_duplicates:
        # Each card's own bit, ORed: a repeated card leaves fewer bits than cards.
        cards = bit.take(columns[0])
        for column in columns[1:]:
            cards |= bit.take(column)
        repeated = np.flatnonzero(popcount(cards) != block.shape[1])
        if repeated.size:
            row = int(repeated[0])
            values = sorted(block[row].tolist())
            card = _CARDS[next(v for a, v in pairwise(values) if a == v)]
            raise DuplicateCardError(
                f"row {first + row}: card {card} appears twice; the cards of a row must be "
                "distinct",
                str(card),
            )
    return classes_of_wild_keys(k, list(columns), t)


def classes_of_wild_keys(
    keys: NDArray[np.uint64], cards: Sequence[NDArray[np.intp] | int], t: dict[str, Any]
) -> NDArray[np.uint16]:
    """Class of each row's summed wild key (``t`` from :func:`wild_batch_tables`).

    ``cards`` are the rows' cards, one column each (an int stands for a card every
    row holds, such as a board card), read only to build the flush masks.

    >>> from lookup.ranking.ranking import get_ranking
    >>> t = wild_batch_tables(get_ranking("joker"))
    >>> rows = [[48, 49, 50, 51], [47, 43, 39, 35]]  # Ac Ad Ah As; Ks Qs Js Ts
    >>> hands = [*np.array(rows).T, 52]  # and the joker in both rows
    >>> keys = sum(t["key"].take(np.broadcast_to(c, 2)) for c in hands)
    >>> [get_ranking("joker").describe(n) for n in classes_of_wild_keys(keys, hands, t).tolist()]
    ['Five of a Kind, Aces', 'Royal Flush']
    """
    lanes = (keys & np.uint64((1 << LANE_BITS) - 1)).view(np.intp)
    view = t["hash"]
    out: NDArray[np.uint16] = view.classes.take(slots(keys >> np.uint64(LANE_BITS), view))
    if not t["flushes"]:
        return out
    # Few rows have a suit that can make a flush: find them by one gather, then only those.
    rows = np.flatnonzero(t["can_flush"].take(lanes))
    if not rows.size:
        return out
    sub_lanes, best = lanes[rows], out[rows]
    sub_cards = [c if isinstance(c, int) else c[rows] for c in cards]
    for suit in range(4):
        count = (sub_lanes >> (3 * suit)) & 7
        eligible = np.flatnonzero(count >= 5)
        if not eligible.size:
            continue
        bits = t["suit_bits"][suit]
        mask = np.zeros(eligible.size, dtype=bits.dtype)
        for column in sub_cards:
            mask |= bits[column] if isinstance(column, int) else bits.take(column[eligible])
        flush = t["flush"].take((count[eligible] - 5) * MASK_SPACE + mask)
        best[eligible] = np.minimum(best[eligible], flush)
    out[rows] = best
    return out
