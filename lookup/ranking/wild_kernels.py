"""The O(1) kernels of a ranking with wild cards (jokers, deuces wild, the bug).

Five, six and seven cards take the same path: one sum of per-card keys, one
list index for the flush test, one perfect-hash lookup; no loop over substitutions.

* A natural card's key is ``5**rank`` above 12 suit-lane bits, plus one in its
  suit's 3-bit lane. A wild card's key is ``5**d`` (``d`` = 13 for jokers, the
  wild rank itself in deuces wild), plus one in *every* lane: a lane then
  counts what a suit can hold, its naturals and every wild card.
* Above the lanes the sum is the table key: the natural ranks in base 5 and the
  wild-card count in digit ``d``. It names the best hand ignoring flushes, through
  the table's perfect hash (:mod:`~lookup.core.prime_hash`). The kernels sum each
  card's key already multiplied by the hash's multiplier (mod 2**64, with its lanes
  above bit 67, clear of the carries of seven such terms), so the hash costs a mask,
  three shifts, a displacement read and a remainder. A dict of the 100,000 keys
  would hold 8 MB per ranking where the hash's arrays hold 0.3 MB, and, missing the
  CPU cache, it was slower: seven cards took 1.6-1.8x the time they take now.
* A lane at five or more is a suit that can make a flush; for each such suit
  (two or three only with three or four deuces), the OR of the cards of that
  suit gives its natural rank mask (jokers carry every suit bit and no rank bit;
  a wild deuce's rank bit is masked off), and the flush table answers by lane
  count and mask. The better of that and the unsuited class is the answer.

Five cards under jokers alone take standard's path instead: a joker's prime
is 1 and it carries every suit bit, so the AND of the suit bits still tests
the naturals for one suit and the product of primes names the naturals.

They do **no validation**, like every kernel; the checked entry validates and
then calls them.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement, starmap
from typing import TYPE_CHECKING, Any, Final

from lookup.core.cards import PRIMES, Card, hand_cards
from lookup.core.prime_hash import MASK64
from lookup.ranking.kernels import LANE_BITS, Kernels, Values, routed
from lookup.ranking.tables import MASK_SPACE, WildTables, shared_ints

if TYPE_CHECKING:
    from lookup.ranking.kernels import Kernel, Slow

__all__ = ["flush_suits_by_lanes", "hashed_card_key", "wild_card_key", "wild_kernels"]

_ALL_LANES: Final = 0b001_001_001_001
_SUIT_BITS: Final = (0x8000, 0x4000, 0x2000, 0x1000)
_LANES_AT: Final = 67
"""Where a kernel key's suit lanes start: above seven hashed terms' sum (< 7 * 2**64)."""


def wild_card_key(card: Card, wild_digit: int, wild: bool) -> int:
    """The card's key: rank digit above the lanes, plus its suit lane (every lane if wild).

    >>> from lookup.core.cards import JOKER, parse_card
    >>> wild_card_key(JOKER, 13, True) == (5**13 << 12) + 0b001_001_001_001
    True
    >>> wild_card_key(parse_card("3d"), 13, False) == (5 << 12) + (1 << 3)
    True
    """
    if wild:
        return (int(5**wild_digit) << LANE_BITS) + _ALL_LANES
    return (int(5**card.rank) << LANE_BITS) + (1 << (3 * card.suit))


def flush_suits_by_lanes() -> list[tuple[tuple[int, int], ...]]:
    """Suit lanes -> ``(suit bit, flush-table offset)`` of each suit counted five or more.

    Equal entries are one tuple (4,096 lanes, a few dozen distinct answers).

    >>> table = flush_suits_by_lanes()
    >>> table[5 << 9], table[4 << 9 | 3]
    (((4096, 0),), ())
    >>> table[5 << 9] is table[5 << 9 | 1]
    True
    >>> table[1 << LANE_BITS]
    Traceback (most recent call last):
    ...
    IndexError: list index out of range
    """
    table: list[tuple[tuple[int, int], ...]] = []
    seen: dict[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = {}
    for lanes in range(1 << LANE_BITS):
        counts = [(lanes >> (3 * suit)) & 7 for suit in range(4)]
        suits = tuple(
            (_SUIT_BITS[suit], (n - 5) * MASK_SPACE) for suit, n in enumerate(counts) if n >= 5
        )
        table.append(seen.setdefault(suits, suits))
    return table


def _five_card_products(
    deck: Sequence[Card],
    wild_cards: frozenset[Card],
    class_of: Callable[[int], int],
    digit: int,
) -> dict[int, int]:
    """Prime product of the naturals of five cards -> class, derived from the key table."""
    ranks = sorted({card.rank for card in deck if card not in wild_cards})
    products: dict[int, int] = {}
    for wilds in range(len(wild_cards) + 1):
        for naturals in combinations_with_replacement(ranks, 5 - wilds):
            if any(naturals.count(r) > 4 for r in naturals):
                continue
            key = sum(5**r for r in naturals) + wilds * 5**digit
            products[math.prod(PRIMES[r] for r in naturals)] = class_of(key)
    return products


def hashed_card_key(card_key: int, multiplier: int) -> int:
    """A card's kernel key: its table key times the hash multiplier (mod 2**64), lanes above.

    Summing these for a hand gives, mod 2**64, the hand's table key times the
    multiplier (the hash's first step), and its suit lanes from bit 67 up.

    >>> from lookup.core.cards import parse_card
    >>> key = wild_card_key(parse_card("3d"), 13, False)
    >>> hashed_card_key(key, 3) == (3 * 5 << 0) | (1 << 3) << 67
    True
    >>> hashed_card_key(-1, 3)
    Traceback (most recent call last):
    ...
    ValueError: a card key is not negative, got -1
    """
    if card_key < 0:
        raise ValueError(f"a card key is not negative, got {card_key}")
    lanes = card_key & ((1 << LANE_BITS) - 1)
    return (((card_key >> LANE_BITS) * multiplier) & MASK64) | (lanes << _LANES_AT)


def wild_kernels(
    deck: Sequence[Card],
    wild_cards: frozenset[Card],
    tables: WildTables,
    values: Values,
    slow: Slow,
) -> Kernels:
    """Kernels of a wild-card ranking over ``deck`` (jokers included); ``wild_cards`` are wild.

    ``values`` gives what the checked entry returns; ``slow`` takes what it refuses.
    A ranking builds its own (``get_ranking("joker").kernels``):

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.ranking.ranking import get_ranking
    >>> get_ranking("joker").kernel(7)(*parse_cards("As Ad Ah Ac Jk 2c 3d"))  # five aces
    1
    >>> get_ranking("deuces-wild").kernel(5)(*parse_cards("As Ad Ah Ac Jk"))  # not its card
    Traceback (most recent call last):
    ...
    KeyError: Card('Jk')
    """
    flush = tables.flush
    params = tables.hash.params
    key: dict[object, int] = {
        card: hashed_card_key(
            wild_card_key(card, tables.wild_digit, card in wild_cards), params.multiplier
        )
        for card in deck
    }
    flush_suits = flush_suits_by_lanes()
    # The perfect hash's slot, as lookup.core.prime_hash.slot_of computes it from the
    # product h (a kernel key masked to 64 bits); each class one shared int object.
    displacement, slot_count = tables.hash.displacement, params.slot_count
    bucket_at, offset_at = 64 - params.bucket_bits, 32 - params.bucket_bits
    classes = tables.hash.classes
    lanes_at, low64 = _LANES_AT, MASK64  # closure variables: cheaper to reach than globals
    # A wild deuce carries its rank bit into the suit's OR: only natural ranks count.
    natural_bits = 0x1FFF & ~sum(1 << r for r in {c.rank for c in wild_cards if not c.is_joker})

    def unsuited(k: int) -> int:
        h = k & low64
        return classes[
            (((h >> offset_at) & 0xFFFFFFFF) + displacement[h >> bucket_at]) % slot_count
        ]

    def with_flush(k: int, cards: tuple[int, ...], suits: tuple[tuple[int, int], ...]) -> int:
        best = unsuited(k)
        for suit, offset in suits:
            mask = 0
            for card in cards:
                if card & suit:
                    mask |= card
            number = flush[offset + ((mask >> 16) & natural_bits)]
            if number < best:
                best = number
        return best

    def evaluate5(a: int, b: int, c: int, d: int, e: int) -> int:
        k = key[a] + key[b] + key[c] + key[d] + key[e]
        suits = flush_suits[k >> lanes_at]
        if suits:
            return with_flush(k, (a, b, c, d, e), suits)
        h = k & low64
        return classes[
            (((h >> offset_at) & 0xFFFFFFFF) + displacement[h >> bucket_at]) % slot_count
        ]

    if all(card.is_joker for card in wild_cards):
        # Jokers only: a joker's prime is 1 and it carries every suit bit, so five cards
        # take standard's path: the AND of suit bits tests the naturals for one suit,
        # and the product of primes names the naturals (and so the number of jokers).
        products = _five_card_products(deck, wild_cards, tables.hash.class_of, tables.wild_digit)
        by_product = dict(zip(products, shared_ints(array("H", products.values())), strict=True))
        flush5 = flush[:MASK_SPACE]

        def evaluate5(a: int, b: int, c: int, d: int, e: int) -> int:
            if a & b & c & d & e & 0xF000:
                return flush5[(a | b | c | d | e) >> 16]
            return by_product[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]

    def evaluate6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
        k = key[a] + key[b] + key[c] + key[d] + key[e] + key[f]
        suits = flush_suits[k >> lanes_at]
        if suits:
            return with_flush(k, (a, b, c, d, e, f), suits)
        h = k & low64
        return classes[
            (((h >> offset_at) & 0xFFFFFFFF) + displacement[h >> bucket_at]) % slot_count
        ]

    def evaluate7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
        k = key[a] + key[b] + key[c] + key[d] + key[e] + key[f] + key[g]
        suits = flush_suits[k >> lanes_at]
        h = k & low64
        best = classes[
            (((h >> offset_at) & 0xFFFFFFFF) + displacement[h >> bucket_at]) % slot_count
        ]
        if suits:
            # Inlined (a call costs more than the rest): each suit's natural rank mask.
            for suit, offset in suits:
                mask = (
                    (a if a & suit else 0)
                    | (b if b & suit else 0)
                    | (c if c & suit else 0)
                    | (d if d & suit else 0)
                    | (e if e & suit else 0)
                    | (f if f & suit else 0)
                    | (g if g & suit else 0)
                )
                number = flush[offset + ((mask >> 16) & natural_bits)]
                if number < best:
                    best = number
        return best

    if not flush.tobytes().strip(b"\0"):
        # Flushes do not count (a low ranking): lanes never matter.

        def evaluate5(a: int, b: int, c: int, d: int, e: int) -> int:
            h = (key[a] + key[b] + key[c] + key[d] + key[e]) & low64
            return classes[
                (((h >> offset_at) & 0xFFFFFFFF) + displacement[h >> bucket_at]) % slot_count
            ]

        def evaluate6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
            h = (key[a] + key[b] + key[c] + key[d] + key[e] + key[f]) & low64
            return classes[
                (((h >> offset_at) & 0xFFFFFFFF) + displacement[h >> bucket_at]) % slot_count
            ]

        def evaluate7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
            h = (key[a] + key[b] + key[c] + key[d] + key[e] + key[f] + key[g]) & low64
            return classes[
                (((h >> offset_at) & 0xFFFFFFFF) + displacement[h >> bucket_at]) % slot_count
            ]

    by_size: dict[int, Kernel] = {5: evaluate5, 6: evaluate6, 7: evaluate7}

    def best(cards: Sequence[int]) -> int:
        kernel = by_size.get(len(cards))
        if kernel is not None:
            return kernel(*cards)
        # A wild card substitutes within the five that play: the best five decide.
        return min(starmap(evaluate5, combinations(cards, 5)))

    deck_set = frozenset(deck)
    made, make = values

    def checked(cards: Any, board: Any = None) -> Any:
        try:
            hand = hand_cards(cards, board)
        except ValueError:
            return slow(cards, board)
        if 5 <= len(hand) <= 7 and deck_set.issuperset(hand):
            number = by_size[len(hand)](*hand)
            return made.get(number) or make(number)
        return slow(cards, board)

    return Kernels(by_size, best, lambda size: None, checked, routed(checked))
