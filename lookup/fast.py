"""Integer fast paths for callers who already hold encoded cards.

Each function takes Cactus-Kev card ints (every :class:`~lookup.cards.Card` is
one) and returns the class number, 1 (royal flush) ... 7,462 (lower is
stronger). They do **no validation**: distinct, well-formed cards are the
caller's promise, and breaking it gives a wrong answer or a ``KeyError``. Use
:func:`lookup.evaluate` for checked input and a :class:`~lookup.rank.HandRank`.

How each works, all O(1):

* five cards: if the suit bits AND to non-zero it is a flush, looked up by the
  OR of the rank bits; otherwise the product of the rank primes is looked up.
* six and seven cards: one sum of per-card keys does two jobs. Its low bits
  count each suit; five or more of one suit is a flush, which outranks anything
  else six or seven cards can make, and that suit's rank mask is looked up.
  Otherwise its high bits, the rank multiset written in base 5, are looked up in
  a view derived from the prime-product table. One accumulation instead of a
  suit count plus a prime product measured ~20% faster.

Importing this module loads the five-card tables (about 10 ms, once); the first
six- or seven-card lookup reads the six/seven-card table and derives its
67,600-entry view (about 50 ms, once).

>>> from lookup.cards import parse_cards
>>> evaluate7(*parse_cards("As Ks Qs Js Ts 2c 3d"))
1
>>> evaluate5(*parse_cards("7h 5d 4c 3s 2h"))
7462
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement, starmap
from typing import Final

from lookup.cards import DECK, PRIMES, Kev, flush_suit_by_counters
from lookup.tables import multiset_hash, tables

__all__ = ["HAND_RANKS", "evaluate5", "evaluate6", "evaluate7", "evaluate_any"]

HAND_RANKS: Final = tables().hand_ranks
"""The shared HandRank of each class number: ``HAND_RANKS[evaluate7(...)]``."""


LANE_BITS: Final = 12
"""Low bits of a card key: a 3-bit counter per suit, clubs lowest."""


def _card_keys() -> dict[int, int]:
    """Card -> ``5**rank`` above the suit lanes, plus one in its suit's lane.

    Summing seven keys counts each suit in its lane (seven never overflows three
    bits) and writes the rank multiset as a base-5 number above them: at most
    four of a rank means no digit carries, so different multisets never share a
    sum. Keyed by the Card objects, so parsed cards match on identity.
    """
    return {card: (5**card.rank << LANE_BITS) | (1 << (3 * card.suit)) for card in DECK}


def _flush_suit_by_lanes() -> list[int]:
    """Suit lanes of six or seven cards -> the flush suit's bit in the card encoding, or 0."""
    return [0 if suit is None else 0x8000 >> suit for suit in flush_suit_by_counters()]


def _classes_by_rank_sum(product_class: dict[int, int]) -> dict[int, int]:
    """Base-5 rank sum -> best unsuited class, for every 6- and 7-card rank multiset.

    Derived from the six- and seven-card prime-product table on the first six-
    or seven-card lookup rather than at import (about 50 ms with reading that
    table). One shared int object per class keeps the values cache-friendly.
    """
    shared = list(range(len(HAND_RANKS)))
    powers = [5**rank for rank in range(13)]
    view: dict[int, int] = {}
    for size in (6, 7):
        sums = map(sum, combinations_with_replacement(powers, size))
        classes = map(
            product_class.get, map(math.prod, combinations_with_replacement(PRIMES, size))
        )
        view.update({s: shared[c] for s, c in zip(sums, classes, strict=True) if c is not None})
    return view


def _kernels() -> tuple[Callable[..., int], Callable[..., int], Callable[..., int]]:
    # Tables are bound as closure variables: cheaper to reach than module globals.
    flush = tables().flush
    # A dict of only the 6,175 five-card keys stays in the CPU cache.
    product5 = tables().five_card_classes
    key = _card_keys()
    flush_suit = _flush_suit_by_lanes()
    lanes = (1 << LANE_BITS) - 1
    by_rank_sum: dict[int, int] = {}  # filled once, by _unsuited on the first miss

    def _unsuited(rank_sum: int) -> int:
        if not by_rank_sum:
            by_rank_sum.update(_classes_by_rank_sum(multiset_hash().as_dict()))
        return by_rank_sum[rank_sum]

    def evaluate5(a: Kev, b: Kev, c: Kev, d: Kev, e: Kev) -> int:
        """Class number of five encoded cards."""
        if a & b & c & d & e & 0xF000:
            return flush[(a | b | c | d | e) >> 16]
        return product5[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]

    def evaluate6(a: Kev, b: Kev, c: Kev, d: Kev, e: Kev, f: Kev) -> int:
        """Class number of the best five of six encoded cards."""
        k = key[a] + key[b] + key[c] + key[d] + key[e] + key[f]
        suit = flush_suit[k & lanes]
        if suit:
            mask = 0
            for card in (a, b, c, d, e, f):
                if card & suit:
                    mask |= card
            return flush[mask >> 16]
        try:
            return by_rank_sum[k >> LANE_BITS]
        except KeyError:  # costs nothing until raised: only the very first call
            return _unsuited(k >> LANE_BITS)

    def evaluate7(a: Kev, b: Kev, c: Kev, d: Kev, e: Kev, f: Kev, g: Kev) -> int:
        """Class number of the best five of seven encoded cards."""
        k = key[a] + key[b] + key[c] + key[d] + key[e] + key[f] + key[g]
        suit = flush_suit[k & lanes]
        if suit:
            mask = 0
            for card in (a, b, c, d, e, f, g):
                if card & suit:
                    mask |= card
            return flush[mask >> 16]
        try:
            return by_rank_sum[k >> LANE_BITS]
        except KeyError:
            return _unsuited(k >> LANE_BITS)

    return evaluate5, evaluate6, evaluate7


evaluate5, evaluate6, evaluate7 = _kernels()

_BY_SIZE: Final = {5: evaluate5, 6: evaluate6, 7: evaluate7}


def evaluate_any(cards: Sequence[Kev]) -> int:
    """Class number of the best five of any number (five or more) of encoded cards.

    Five to seven cards take one O(1) lookup. More take the best of all C(n, 5)
    five-card lookups: 56 for eight cards, 1,287 for thirteen (about 0.5 ms).

    >>> from lookup.cards import parse_cards
    >>> evaluate_any(parse_cards("2c 3c 4c 5c 7d 8d 9d Td Jd Ah Kh"))  # jack-high straight flush
    4
    """
    kernel = _BY_SIZE.get(len(cards))
    if kernel is not None:
        return kernel(*cards)
    if len(cards) < 5:
        raise ValueError(f"need at least five cards, got {len(cards)}")
    return min(starmap(evaluate5, combinations(cards, 5)))
