"""Omaha's "exactly two hole cards and exactly three board cards", fast.

Sixty independent five-card evaluations per hand (six hole pairs times ten
board triples, each a flush test, a product of five primes and a lookup) is
the slow way. Here the board and the hole are reduced separately and meet in
one small table:

* unsuited, the class of a 2 + 3 hand depends only on ranks. For each board
  rank multiset a *row* holds, for every pair of hole ranks ``(r, q)`` (169
  entries, both orders), the best class over the board's triples. A
  three-card board's row is made when the kernel is built (455 rank triples
  times 169 pairs of lookups in the ranking's own five-card table, about 30
  ms); a four- or five-card board's row is the element-wise minimum of its
  triples' rows, made in C (``map(min, ...)``) the first time that rank
  multiset is seen, about 20 us, and kept: at most 6,175 five-card and 1,820
  four-card rows, about 2.7 MB when all are made. A call then costs one
  product of five primes, one dict lookup for the row and six indexed reads
  and a ``min`` for four hole cards (C(n, 2) reads for n);
* a flush needs three board cards of a suit *and* two hole cards of it: a sum
  of per-card suit counters and one list index rule it out on most deals;
  when it is possible, only that suit's hole pairs and board triples are
  looked up in the flush table by their OR'd rank bits (one to a few dozen).

That is exact whenever a flush is never worse than the same ranks unsuited
(standard, short deck), which :func:`omaha_kernel` checks on the tables at
build time; any other ranking (a lowball one, where flushes hurt) takes the
plain 60 five-card evaluations. Rankings without flushes (eight-or-better)
skip the flush step. Measured (``benchmarks/compare_games.py``): about 1.8 us
a call with the rows made, against 1.2 us for phevaluator's compiled
``evaluate_omaha_cards`` and 40 us for treys' ``PLOEvaluator``.

>>> from lookup.core.cards import parse_cards
>>> from lookup.ranking.ranking import get_ranking
>>> high = omaha_kernel(get_ranking("standard"))
>>> high(parse_cards("As Ks 2d 7c"), parse_cards("Qs Js Ts 3h 3c"))  # royal flush
1
>>> high(parse_cards("As 2d 7c 8h"), parse_cards("Ks Qs Js Ts 3c"))  # no straight: A + 8 play
6187
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final, NamedTuple

from lookup.core.errors import RankingError
from lookup.ranking.ranking import Ranking

__all__ = ["OmahaBoard", "build_omaha_kernel", "omaha_kernel", "prepare_board"]

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

    >>> from lookup.core.cards import parse_cards
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


def omaha_kernel(ranking: Ranking) -> Callable[[Sequence[int], Sequence[int] | OmahaBoard], int]:
    """``(hole, board) -> class number`` of the best exactly-2-plus-exactly-3 hand.

    The Omaha family's :data:`~lookup.game.family.GameKernel`, which also takes
    a prepared board. Unchecked: ``hole`` holds 2 or more distinct Card ints, ``board`` 3 to 5 more,
    all of the ranking's deck. ``board`` may be an :class:`OmahaBoard` made by
    :func:`prepare_board`. Cost: see the module docstring; made once per ranking
    and kept on it (:meth:`~lookup.ranking.ranking.Ranking.derived`, keyed by this
    function), :func:`build_omaha_kernel` makes a new one.

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.ranking.ranking import get_ranking
    >>> low = omaha_kernel(get_ranking("eight-or-better"))
    >>> low(parse_cards("As 2s Kd Kh"), parse_cards("3c 4d 8h Qc Jd"))  # 8-4-3-2-A
    22
    >>> omaha_kernel(get_ranking("badugi"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.RankingError: Omaha hands are five cards: badugi ranks four-card hands
    """
    return ranking.derived(omaha_kernel, build_omaha_kernel)


def build_omaha_kernel(
    ranking: Ranking,
) -> Callable[[Sequence[int], Sequence[int] | OmahaBoard], int]:
    """A new :func:`omaha_kernel` of ``ranking`` (about 30 ms; its board rows start empty).

    It reads the ranking's five-card tables, so a poker ranking's only: a wild-card
    ranking raises :class:`~lookup.core.errors.RankingError` too.
    """
    if ranking.hand_size != 5:
        raise RankingError(
            f"Omaha hands are five cards: {ranking.name} ranks four-card hands", ranking.name
        )
    five = ranking.five_tables
    evaluate5 = ranking.kernel(5)
    by_product, flush = five.by_product, five.flush
    if flush is not None and not _flush_never_worse(by_product, flush):
        return _plain_kernel(evaluate5)
    board_row = _board_rows(by_product)
    flush_table = flush
    three_of_a_suit = _three_of_a_suit()
    lane: dict[int, int] = {card: 1 << (3 * card.suit) for card in ranking.deck}

    def flush_best(hole: Sequence[int], board: Sequence[int], suit: int, best: int) -> int:
        # Only the suit's hole pairs with its board triples can make a flush.
        assert flush_table is not None
        of_suit = [card for card in hole if card & suit]
        if len(of_suit) < 2:
            return best
        triples = [a | b | c for a, b, c in combinations([x for x in board if x & suit], 3)]
        for a, b in combinations(of_suit, 2):
            pair = a | b
            for mask in triples:
                number = flush_table[(pair | mask) >> 16]
                if number < best:
                    best = number
        return best

    def general(hole: Sequence[int], board: Sequence[int]) -> int:
        product = 1
        for card in board:
            product *= card & 0xFF
        row = board_row(product, board)
        ranks = [(card >> 8) & 0xF for card in hole]
        best = min(row[13 * r + q] for r, q in combinations(ranks, 2))
        if flush_table is not None:
            suit = three_of_a_suit[sum(lane[card] for card in board)]
            if suit:
                best = flush_best(hole, board, suit, best)
        return best

    def kernel(hole: Sequence[int], board: Sequence[int] | OmahaBoard) -> int:
        if type(board) is OmahaBoard:
            board = board.cards
        if len(board) != 5 or len(hole) != 4:
            return general(hole, board)  # type: ignore[arg-type]
        a, b, c, d, e = board
        product = (a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)
        row = board_row(product, board)
        w, x, y, z = hole
        w, x, y, z = (w >> 8) & 0xF, (x >> 8) & 0xF, (y >> 8) & 0xF, (z >> 8) & 0xF
        w13, x13, y13 = 13 * w, 13 * x, 13 * y
        best = min(
            row[w13 + x], row[w13 + y], row[w13 + z], row[x13 + y], row[x13 + z], row[y13 + z]
        )
        if flush_table is not None:
            suit = three_of_a_suit[lane[a] + lane[b] + lane[c] + lane[d] + lane[e]]
            if suit:
                return flush_best(hole, board, suit, best)
        return best

    return kernel


_NONE: Final = 0xFFFF
"""A row entry no hand has (five of a rank; a rank outside the deck)."""


def _board_rows(by_product: dict[int, int]) -> Callable[[int, Sequence[int]], array[int]]:
    """``(board's prime product, board) -> row``: best unsuited class for each hole rank pair.

    A row has 169 entries, ``13 * r + q`` for hole ranks ``r`` and ``q`` (both
    orders). A three-card board's row is made up front (455 rank triples, a
    lookup per pair each); a larger board's row is the element-wise minimum of
    its triples' rows, made the first time that rank multiset is seen and kept
    (at most 6,175 five-card and 1,820 four-card boards: about 2.7 MB in all).
    """
    primes = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    rows: dict[int, array[int]] = {}
    for triple in combinations_with_replacement(range(13), 3):
        product = primes[triple[0]] * primes[triple[1]] * primes[triple[2]]
        rows[product] = array(
            "H",
            [
                by_product.get(product * primes[r] * primes[q], _NONE)
                for r in range(13)
                for q in range(13)
            ],
        )
    get = rows.get

    def board_row(product: int, board: Sequence[int]) -> array[int]:
        row = get(product)
        if row is None:
            triples = {(a & 0xFF) * (b & 0xFF) * (c & 0xFF) for a, b, c in combinations(board, 3)}
            # setdefault: racing threads make equal rows; one is kept.
            parts = [rows[t] for t in triples]
            # A four-of-a-kind four-card board has one rank triple: map(min, row)
            # would take the min of each int, so its row is that triple's row.
            made = parts[0] if len(parts) == 1 else array("H", map(min, *parts))
            row = rows.setdefault(product, made)
        return row

    return board_row


def _three_of_a_suit() -> list[int]:
    """Suit lanes (3 bits a suit, clubs lowest) of up to 5 cards -> the suit bit held 3+ times."""
    found = [0] * (1 << 12)
    for key in range(1 << 12):
        for index in range(4):
            if (key >> (3 * index)) & 7 >= 3:
                found[key] = _SUITS[index]
    return found


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


def _plain_kernel(
    evaluate5: Callable[..., int],
) -> Callable[[Sequence[int], Sequence[int] | OmahaBoard], int]:
    """Every pair with every triple through the five-card kernel: 60 lookups for 4 + 5."""

    def plain(hole: Sequence[int], board: Sequence[int] | OmahaBoard) -> int:
        cards = board.cards if isinstance(board, OmahaBoard) else board
        triples = list(combinations(cards, 3))
        return min(evaluate5(a, b, *t) for a, b in combinations(hole, 2) for t in triples)

    return plain
