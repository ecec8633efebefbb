"""Omaha's "exactly two hole cards and exactly three board cards", fast.

Sixty independent five-card evaluations per hand (six hole pairs times ten
board triples, each a flush test, a product of five primes and a lookup) is
the slow way. Here each side is reduced once and the two are combined through
the ranking's own five-card tables:

* the board's triples become at most 10 prime products (fewer distinct ones on
  a paired board), and the hole's pairs at most C(n, 2) products (6 for four
  cards, fewer when paired); the unsuited class of a 2 + 3 hand is
  ``by_product[pair * triple]``, so the unsuited best is one C-level ``min``
  over at most 60 multiplications and dict lookups, with no per-card work;
* a flush needs three board cards of a suit *and* two hole cards of it, which
  a suit count rules out on almost every deal; when it is possible, only that
  suit's pairs and triples are looked up in the flush table by their OR'd rank
  bits (at most C(6, 2) x C(5, 3) = 150, typically 1 to 3).

That is exact whenever a flush is never worse than the same ranks unsuited
(standard, short deck), which :func:`omaha_kernel` checks on the tables at
build time; any other ranking (a lowball one, where flushes hurt) takes the
plain 60 five-card evaluations. Rankings without flushes (eight-or-better)
skip the flush step. With the board prepared once (:func:`prepare_board`) a
showdown or an equity run pays the board's share once for every hole.

>>> from lookup.cards import parse_cards
>>> from lookup.ranking import get_ranking
>>> high = omaha_kernel(get_ranking("standard"))
>>> high(parse_cards("As Ks 2d 7c"), parse_cards("Qs Js Ts 3h 3c"))  # royal flush
1
>>> high(parse_cards("As 2d 7c 8h"), parse_cards("Ks Qs Js Ts 3c"))  # no straight: A + 8 play
6187
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from typing import Final, NamedTuple

from lookup.errors import RankingError
from lookup.ranking import Ranking
from lookup.tables import load_five

__all__ = ["OmahaBoard", "omaha_kernel", "prepare_board"]

_SUITS: Final = (0x8000, 0x4000, 0x2000, 0x1000)
_SUIT_INDEX: Final = {bit: index for index, bit in enumerate(_SUITS)}


class OmahaBoard(NamedTuple):
    """A board reduced for Omaha: its triples' distinct prime products, and flush suits."""

    products: tuple[int, ...]
    """Distinct prime products of every three board cards."""
    suited: tuple[tuple[int, tuple[int, ...]], ...]
    """``(suit bit, rank-bit ORs of that suit's triples)`` for each suit with 3+ board cards."""
    cards: tuple[int, ...]


def prepare_board(board: Sequence[int]) -> OmahaBoard:
    """Reduce ``board`` (3 to 5 Card ints) once for every hole played against it.

    >>> from lookup.cards import parse_cards
    >>> board = prepare_board(parse_cards("Qs Js Ts 3h 3c"))
    >>> len(board.products), len(board.suited)
    (7, 1)
    """
    if len(board) == 5:
        a, b, c, d, e = (card & 0xFF for card in board)
        ab, cd, ce, de = a * b, c * d, c * e, d * e
        distinct = {ab * c, ab * d, ab * e, a * cd, a * ce, a * de, b * cd, b * ce, b * de, cd * e}
    else:
        distinct = {(a & 0xFF) * (b & 0xFF) * (c & 0xFF) for a, b, c in combinations(board, 3)}
    products = tuple(distinct)
    suited = []
    # Five cards or fewer hold at most one suit three times.
    counts = [0, 0, 0, 0]
    for card in board:
        counts[_SUIT_INDEX[card & 0xF000]] += 1
    for index, count in enumerate(counts):
        if count >= 3:
            suit = _SUITS[index]
            of_suit = [card for card in board if card & suit]
            masks = tuple({a | b | c for a, b, c in combinations(of_suit, 3)})
            suited.append((suit, masks))
    return OmahaBoard(products, tuple(suited), tuple(board))


OmahaKernel = Callable[[Sequence[int], Sequence[int]], int]


@cache
def omaha_kernel(ranking: Ranking) -> OmahaKernel:
    """``(hole, board) -> class number`` of the best exactly-2-plus-exactly-3 hand.

    Unchecked: ``hole`` holds 2 or more distinct Card ints, ``board`` 3 to 5 more,
    all of the ranking's deck. ``board`` may be an :class:`OmahaBoard` made by
    :func:`prepare_board`. Cost: see the module docstring.

    >>> from lookup.cards import parse_cards
    >>> from lookup.ranking import get_ranking
    >>> low = omaha_kernel(get_ranking("eight-or-better"))
    >>> low(parse_cards("As 2s Kd Kh"), parse_cards("3c 4d 8h Qc Jd"))  # 8-4-3-2-A
    22
    >>> omaha_kernel(get_ranking("badugi"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.errors.RankingError: Omaha hands are five cards: badugi ranks four-card hands
    """
    if ranking.rules.scoring != "poker":
        raise RankingError(
            f"Omaha hands are five cards: {ranking.name} ranks four-card hands", ranking.name
        )
    evaluate5 = ranking.kernel(5)
    five = load_five(ranking.directory, ranking.classes)
    by_product, flush = five.by_product, five.flush
    if flush is not None and not _flush_never_worse(by_product, flush):
        return _plain_kernel(evaluate5)
    lookup = by_product.__getitem__

    if flush is None:

        def unsuited(hole: Sequence[int], board: Sequence[int] | OmahaBoard) -> int:
            prepared = board if isinstance(board, OmahaBoard) else prepare_board(board)
            triples = prepared.products
            pairs = _pair_products(hole)
            return min(map(lookup, [p * q for p in pairs for q in triples]))

        return unsuited

    flush_table = flush

    def with_flush(hole: Sequence[int], board: Sequence[int] | OmahaBoard) -> int:
        prepared = board if isinstance(board, OmahaBoard) else prepare_board(board)
        triples = prepared.products
        pairs = _pair_products(hole)
        best = min(map(lookup, [p * q for p in pairs for q in triples]))
        for suit, masks in prepared.suited:
            of_suit = [card for card in hole if card & suit]
            if len(of_suit) >= 2:
                for a, b in combinations(of_suit, 2):
                    pair = a | b
                    for mask in masks:
                        number = flush_table[(pair | mask) >> 16]
                        if number < best:
                            best = number
        return best

    return with_flush


def _pair_products(hole: Sequence[int]) -> Sequence[int]:
    """Prime products of every two hole cards (repeats are harmless: ``min`` ignores them)."""
    if len(hole) == 4:
        a, b, c, d = hole
        a &= 0xFF
        b &= 0xFF
        c &= 0xFF
        d &= 0xFF
        return (a * b, a * c, a * d, b * c, b * d, c * d)
    return [(a & 0xFF) * (b & 0xFF) for a, b in combinations(hole, 2)]


def _flush_never_worse(by_product: dict[int, int], flush: list[int]) -> bool:
    """True when every five-rank flush beats (or equals) the same ranks unsuited."""
    primes = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    for ranks in combinations(range(13), 5):
        mask = sum(1 << r for r in ranks)
        product = primes[ranks[0]] * primes[ranks[1]] * primes[ranks[2]]
        product *= primes[ranks[3]] * primes[ranks[4]]
        number = flush[mask]
        if number and product in by_product and number > by_product[product]:
            return False
    return True


def _plain_kernel(evaluate5: Callable[..., int]) -> OmahaKernel:
    """Every pair with every triple through the five-card kernel: 60 lookups for 4 + 5."""

    def plain(hole: Sequence[int], board: Sequence[int] | OmahaBoard) -> int:
        cards = board.cards if isinstance(board, OmahaBoard) else board
        triples = list(combinations(cards, 3))
        return min(evaluate5(a, b, *t) for a, b in combinations(hole, 2) for t in triples)

    return plain
