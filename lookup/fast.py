"""Integer fast paths for callers who already hold encoded cards.

Each function takes Cactus-Kev card ints (every :class:`~lookup.cards.Card` is
one) and returns the class number, 1 (royal flush) ... 7,462 (lower is
stronger). They do **no validation**: distinct, well-formed cards are the
caller's promise, and breaking it gives a wrong answer or a ``KeyError``. Use
:func:`lookup.evaluate` for checked input and a :class:`~lookup.rank.HandRank`.

How each works, all O(1):

* five cards: if the suit bits AND to non-zero it is a flush, looked up by the
  OR of the rank bits; otherwise the product of the rank primes is looked up.
* six and seven cards: each card adds one to a 3-bit counter of its suit; a
  counter of five or more means a flush, which outranks anything else six or
  seven cards can make, and that suit's rank mask is looked up. Otherwise the
  product of the primes is looked up (it names the rank multiset).

Importing this module loads the tables (about 15 ms, once).

>>> from lookup.cards import parse_cards
>>> evaluate7(*parse_cards("As Ks Qs Js Ts 2c 3d"))
1
>>> evaluate5(*parse_cards("7h 5d 4c 3s 2h"))
7462
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement, starmap
from typing import Final

from lookup.cards import DECK, PRIMES, Kev
from lookup.tables import tables

__all__ = ["HAND_RANKS", "evaluate5", "evaluate6", "evaluate7", "evaluate_any"]

HAND_RANKS: Final = tables().hand_ranks
"""The shared HandRank of each class number: ``HAND_RANKS[evaluate7(...)]``."""


def _suit_counter_weights() -> dict[int, int]:
    """Card -> 1 in its suit's 3-bit lane (clubs lowest): seven cards never overflow a lane."""
    # Keyed by the Card objects themselves: a lookup with the same object (what parsing
    # returns) matches on identity, skipping the value comparison a plain-int key needs.
    return {card: 1 << (3 * card.suit) for card in DECK}


def _five_card_products(product_class: dict[int, int]) -> dict[int, int]:
    """The 6,175 five-card entries of ``product_class`` on their own.

    A dict this small stays in the CPU cache; the full one (73,775 keys, for
    six and seven cards too) does not, and five-card lookups ran ~40% faster.
    """
    products = (a * b * c * d * e for a, b, c, d, e in combinations_with_replacement(PRIMES, 5))
    return {key: product_class[key] for key in products if key in product_class}


def _flush_suit_by_counts() -> list[int]:
    """Sum of seven lane weights -> the flush suit's bit in the card encoding, or 0."""
    suit_bits = []
    for counts in range(1 << 12):
        bit = 0
        for suit in range(4):
            if (counts >> (3 * suit)) & 7 >= 5:
                bit = 0x8000 >> suit
        suit_bits.append(bit)
    return suit_bits


def _kernels() -> tuple[Callable[..., int], Callable[..., int], Callable[..., int]]:
    # Tables are bound as closure variables: cheaper to reach than module globals.
    flush = tables().flush
    product = tables().product_class
    product5 = _five_card_products(product)
    weight = _suit_counter_weights()
    flush_suit = _flush_suit_by_counts()

    def evaluate5(a: Kev, b: Kev, c: Kev, d: Kev, e: Kev) -> int:
        """Class number of five encoded cards."""
        if a & b & c & d & e & 0xF000:
            return flush[(a | b | c | d | e) >> 16]
        return product5[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]

    def evaluate6(a: Kev, b: Kev, c: Kev, d: Kev, e: Kev, f: Kev) -> int:
        """Class number of the best five of six encoded cards."""
        suit = flush_suit[weight[a] + weight[b] + weight[c] + weight[d] + weight[e] + weight[f]]
        if suit:
            mask = 0
            for card in (a, b, c, d, e, f):
                if card & suit:
                    mask |= card
            return flush[mask >> 16]
        return product[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF) * (f & 0xFF)]

    def evaluate7(a: Kev, b: Kev, c: Kev, d: Kev, e: Kev, f: Kev, g: Kev) -> int:
        """Class number of the best five of seven encoded cards."""
        suit = flush_suit[
            weight[a] + weight[b] + weight[c] + weight[d] + weight[e] + weight[f] + weight[g]
        ]
        if suit:
            mask = 0
            for card in (a, b, c, d, e, f, g):
                if card & suit:
                    mask |= card
            return flush[mask >> 16]
        return product[
            (a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF) * (f & 0xFF) * (g & 0xFF)
        ]

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
