"""Omaha's "exactly two hole cards and exactly three board cards", fast.

Sixty independent five-card evaluations per hand (six hole pairs times ten
board triples, each a flush test, a product of five primes and a lookup) is
the slow way. Here the board and the hole are reduced separately and meet in
one table the ranking ships (``omaha``, made by ``tablegen.omaha``):

* unsuited, the class of a 2 + 3 hand depends only on ranks. For each of the
  8,450 board rank multisets (three to five cards) and every pair of hole
  ranks ``(r, q)``, the table holds the best class over the board's triples.
  It is read once (about 1.5 MB; a few ms) and laid out as 169 columns, one
  per ordered rank pair, so nothing is built per board: a call sums one key
  per board card (its rank's base-5 digit and its suit's 3-bit counter), finds
  the board's index with one dict lookup and, for four hole cards, makes six
  indexed reads and a ``min`` (C(n, 2) reads for n);
* a flush needs three board cards of a suit *and* two hole cards of it: the
  key sum's suit counters and one list index rule it out on most deals; when
  it is possible, only that suit's hole pairs and board triples are looked up
  in the flush table by their OR'd rank bits (one to a few dozen).

That is exact whenever a flush is never worse than the same ranks unsuited
(standard, short deck), which the generator checks from the reference; any
other ranking (a lowball one, where flushes hurt) ships no rows and takes the
plain 60 five-card evaluations. Rankings without flushes (eight-or-better) skip
the flush step. :func:`omaha_checked` is the checked evaluation of a game of
the family as one function: tuples of Cards are proved distinct and of the deck
by the same key sum (each card's own bit above the board key), in the same pass.

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
from itertools import combinations, product

from lookup.core.cards import Card
from lookup.core.errors import RankingError
from lookup.ranking.ranking import Ranking
from lookup.ranking.value import HandRank

# typing is the type checker's alone: importing it cost the first game evaluation more
# than its tables (lookup.core.record says more).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final, NamedTuple
else:
    from lookup.core.record import NamedTuple

__all__ = ["OmahaBoard", "build_omaha_kernel", "omaha_checked", "omaha_kernel", "prepare_board"]

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
    """A new :func:`omaha_kernel` of ``ranking`` (its tables read once, kept on the ranking).

    It reads the ranking's ``omaha`` and five-card tables, so a poker ranking's only:
    a wild-card ranking raises :class:`~lookup.core.errors.RankingError` too.
    """
    rows = _rows(ranking)
    if rows is None:
        return _plain_kernel(ranking.kernel(5))
    flat, _, at, key, _, low, high, columns, flush_table, three_of_a_suit = rows
    flush_best = _flush_best(flush_table)
    board_bits = (1 << _BOARD_BITS) - 1
    lane_bits = _LANE_BITS

    def general(hole: Sequence[int], board: Sequence[int]) -> int:
        k = 0
        for card in board:
            k += key[card]
        offset = at[(k >> _LANE_BITS) & board_bits]
        # Sorted by value is sorted by rank (a card's rank bit is its highest).
        best = min(flat[low[r] + high[q] + offset] for r, q in combinations(sorted(hole), 2))
        if flush_best is not None:
            suit = three_of_a_suit[k & _LANES]
            if suit:
                best = flush_best(hole, board, suit, best)
        return best

    def kernel(hole: Sequence[int], board: Sequence[int] | OmahaBoard) -> int:
        if type(board) is OmahaBoard:
            board = board.cards
        if len(board) != 5 or len(hole) != 4:
            return general(hole, board)  # type: ignore[arg-type]
        a, b, c, d, e = board
        k = key[a] + key[b] + key[c] + key[d] + key[e]
        offset = at[(k >> lane_bits) & board_bits]
        w, x, y, z = hole
        # The hole's rank key names its six pair columns (no sort, one lookup).
        p, q, r, s, t, u = columns[(key[w] + key[x] + key[y] + key[z] >> lane_bits) & board_bits]
        best = min(
            flat[p + offset], flat[q + offset], flat[r + offset],
            flat[s + offset], flat[t + offset], flat[u + offset],
        )  # fmt: skip
        if flush_best is not None:
            suit = three_of_a_suit[k & _LANES]
            if suit:
                return flush_best(hole, board, suit, best)
        return best

    return kernel


def omaha_checked(
    ranking: Ranking,
    sizes: frozenset[tuple[int, int]],
    slow: Callable[[Any, Any], HandRank],
) -> Callable[[Any, Any], HandRank]:
    """The checked evaluation of an Omaha game as one function: ``(hole, board) -> HandRank``.

    Tuples of Cards of the ranking's deck in a ``(hole, board)`` count of ``sizes``
    (the game's :meth:`~lookup.game.family.GameFamily.hand_sizes`) are proved
    distinct by one sum of per-card keys, which also names the board's row, and
    answered at once; anything else (text, lists, plain ints, a card twice, a count
    the game does not deal) goes to ``slow``, which parses, explains or answers.
    Four hole cards and five board cards, the common case, are inlined.

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.ranking.ranking import get_ranking
    >>> def slow(hole, board):
    ...     raise ValueError("the slow path")
    >>> checked = omaha_checked(get_ranking("standard"), frozenset({(4, 5)}), slow)
    >>> checked(parse_cards("As Ah Ad Ac"), parse_cards("Ks Kd 2c 3c 4h")).describe()
    'Two Pair, Aces and Kings, Four kicker'
    >>> checked(parse_cards("As Ah Ad Ac"), parse_cards("As Kd 2c 3c 4h"))
    Traceback (most recent call last):
    ...
    ValueError: the slow path
    """
    cache = ranking.value_cache
    made: dict[int, HandRank] = cache.made
    make: Callable[[int], HandRank] = cache.make
    # get, not [] in a try: a first-seen class (a few thousand in the first 20,000
    # random deals) then costs no KeyError raised and caught.
    made_get = made.get
    kernel = omaha_kernel(ranking)
    rows = _rows(ranking)
    cards_only = _CARDS_ONLY
    if rows is None:
        keyed = {card: 1 << (_CARD_SHIFT + card.index) for card in ranking.deck}

        def checked_plain(hole: Any, board: Any) -> HandRank:
            if type(hole) is tuple and type(board) is tuple and (len(hole), len(board)) in sizes:
                everything = hole + board
                if cards_only.issuperset(map(type, everything)):
                    try:
                        k = sum(map(keyed.__getitem__, everything))
                    except KeyError:  # a card outside the deck: the slow path says so
                        return slow(hole, board)
                    if (k >> _CARD_SHIFT).bit_count() == len(everything):
                        number = kernel(hole, board)
                        value = made_get(number)
                        return make(number) if value is None else value
            return slow(hole, board)

        return checked_plain

    flat, _, at, _, key, _, _, columns, flush_table, three_of_a_suit = rows
    flush_best = _flush_best(flush_table)
    board_bits = (1 << _BOARD_BITS) - 1
    fast = (4, 5) in sizes
    card = Card
    # The module's constants as closure cells: read faster than globals on the hot path.
    card_shift, lane_bits, lanes, lane_shift = _CARD_SHIFT, _LANE_BITS, _LANES, _LANE_SHIFT

    def checked(hole: Any, board: Any) -> HandRank:
        if type(hole) is tuple and type(board) is tuple:
            if fast and len(hole) == 4 and len(board) == 5:
                w, x, y, z = hole
                a, b, c, d, e = board
                if (
                    type(w) is card and type(x) is card and type(y) is card and type(z) is card
                    and type(a) is card and type(b) is card and type(c) is card
                    and type(d) is card and type(e) is card
                ):  # fmt: skip
                    try:
                        k = key[a] + key[b] + key[c] + key[d] + key[e]
                        h = key[w] + key[x] + key[y] + key[z]
                    except KeyError:  # a card outside the deck: the slow path says so
                        return slow(hole, board)
                    # A card given twice carries into the next bit: fewer than nine are set.
                    if ((k + h) >> card_shift).bit_count() == 9:
                        offset = at[(k >> lane_bits) & board_bits]
                        # The hole's rank key names its six pair columns, as in the kernel.
                        p, q, r, s, t, u = columns[(h >> lane_bits) & board_bits]
                        best = min(
                            flat[p + offset], flat[q + offset], flat[r + offset],
                            flat[s + offset], flat[t + offset], flat[u + offset],
                        )  # fmt: skip
                        if flush_best is not None:
                            suit = three_of_a_suit[k & lanes]
                            # Two hole cards of the board's suit, or no flush.
                            if suit and (h >> lane_shift[suit]) & 7 >= 2:
                                best = flush_best(hole, board, suit, best)
                        value = made_get(best)
                        return make(best) if value is None else value
            elif (len(hole), len(board)) in sizes:
                everything = hole + board
                if cards_only.issuperset(map(type, everything)):
                    try:
                        k = sum(map(key.__getitem__, everything))
                    except KeyError:
                        return slow(hole, board)
                    if (k >> _CARD_SHIFT).bit_count() == len(everything):
                        number = kernel(hole, board)
                        value = made_get(number)
                        return make(number) if value is None else value
        return slow(hole, board)

    return checked


_LANE_BITS: Final = 12
"""Low bits of a card key: a 3-bit counter per suit, clubs lowest."""
_LANES: Final = (1 << _LANE_BITS) - 1
_BOARD_BITS: Final = 31
"""Bits of a board key above the lanes: base-5 rank counts of up to five cards (< 5 ** 13)."""
_CARD_SHIFT: Final = _LANE_BITS + _BOARD_BITS
"""A checked key's own card bit (one per card of the deck) sits above the board key."""
_LANE_SHIFT: Final = {bit: 3 * index for index, bit in enumerate(_SUITS)}
"""A suit's bit in the card encoding -> where its counter sits in a key."""
_CARDS_ONLY: Final = frozenset({Card})


class _Rows(NamedTuple):
    """What both kernels read: the ranking's rows as 169 columns, and the keys that find them."""

    flat: array[int]
    """The stored rows: pair column ``j`` (ranks ``r <= q``) holds each board's entry."""
    width: int
    """Boards: the length of a column."""
    at: dict[int, int]
    """Board key (base-5 rank counts) -> the board's index in a column."""
    key: dict[int, int]
    """Card -> its rank's base-5 digit above its suit's lane: a board's sum is its key."""
    checked_key: dict[int, int]
    """``key`` plus the card's own bit above both: the checked path's sum."""
    low: dict[int, int]
    """Card of rank r -> where the columns of pairs ``(r, q)``, ``q >= r``, start, less
    ``high`` of rank r: ``low[a] + high[b]`` is pair (a, b)'s column for rank a <= b."""
    high: dict[int, int]
    """Card -> its rank's place among the deck's ranks, times ``width``."""
    columns: dict[int, tuple[int, int, int, int, int, int]]
    """Rank key of four hole cards (``sum(5 ** rank)``) -> the columns of its six pairs
    (``low + high`` of each, a repeated rank's pair repeated): a four-card hole's
    columns in one lookup, without sorting it."""
    flush: list[int] | None
    three_of_a_suit: list[int]


def _rows(ranking: Ranking) -> _Rows | None:
    """The ranking's :class:`_Rows`, kept on it; None when it ships no rows (flushes hurt)."""
    return ranking.derived(_rows, _build_rows)


def _build_rows(ranking: Ranking) -> _Rows | None:
    if ranking.hand_size != 5:
        raise RankingError(
            f"Omaha hands are five cards: {ranking.name} ranks four-card hands", ranking.name
        )
    stored = ranking.omaha_rows
    if not stored.rows:
        return None
    width = stored.boards
    at = dict(zip(stored.board_key, range(width), strict=True))
    # Rank and suit from each card's index (4 * rank + suit: a deck with Omaha rows has no
    # jokers), not from its Rank and Suit enums, which cost more than the dicts made here.
    deck = {card: divmod(card.index, 4) for card in ranking.deck}
    key: dict[int, int] = {
        card: (5**rank << _LANE_BITS) | 1 << (3 * suit) for card, (rank, suit) in deck.items()
    }
    checked_key: dict[int, int] = {
        card: key[card] | 1 << (_CARD_SHIFT + card.index) for card in deck
    }
    flush = ranking.flush_table if ranking.definition.flushes else None
    # Pairs are stored r <= q, r-major, over the deck's ranks (OmahaRows.pairs): the
    # pair of places i <= j among them is column i * count - i * (i - 1) / 2 + (j - i).
    places = {rank: i for i, rank in enumerate(sorted(ranking.definition.rank_order))}
    count = len(places)
    # By place: the first and second of each pair; ranks ascend as places do.
    first = [(i * count - i * (i - 1) // 2 - i) * width for i in range(count)]
    second = [i * width for i in range(count)]
    low: dict[int, int] = {card: first[places[rank]] for card, (rank, _) in deck.items()}
    high: dict[int, int] = {card: second[places[rank]] for card, (rank, _) in deck.items()}
    digit = [5 ** int(rank) for rank in sorted(places)]
    # The column of places i <= j, then every i <= j <= k <= m (combinations with
    # replacement) in nested loops that hoist what each level shares: a third of the
    # time of one comprehension over the 1,820 holes.
    pair = [[first[i] + second[j] for j in range(count)] for i in range(count)]
    columns: dict[int, tuple[int, int, int, int, int, int]] = {}
    for i in range(count):
        pi, di = pair[i], digit[i]
        for j in range(i, count):
            pj, pij, dij = pair[j], pi[j], di + digit[j]
            for k in range(j, count):
                pk, pik, pjk, dijk = pair[k], pi[k], pj[k], dij + digit[k]
                for m in range(k, count):
                    columns[dijk + digit[m]] = (pij, pik, pi[m], pjk, pj[m], pk[m])
    return _Rows(
        stored.best, width, at, key, checked_key, low, high, columns, flush, _three_of_a_suit()
    )


def _flush_best(
    flush_table: list[int] | None,
) -> Callable[[Sequence[int], Sequence[int], int, int], int] | None:
    """``(hole, board, suit bit, best) -> best`` with the suit's flushes, or None (no flushes)."""
    if flush_table is None:
        return None
    table = flush_table

    def flush_best(hole: Sequence[int], board: Sequence[int], suit: int, best: int) -> int:
        # Only the suit's hole pairs with its board triples can make a flush.
        of_suit = [card for card in hole if card & suit]
        if len(of_suit) < 2:
            return best
        on_board = [card for card in board if card & suit]
        if len(of_suit) == 2 and len(on_board) == 3:  # most flushes: one hand, one lookup
            a, b = of_suit
            c, d, e = on_board
            number = table[(a | b | c | d | e) >> 16]
            return number if number < best else best
        triples = [a | b | c for a, b, c in combinations(on_board, 3)]
        for a, b in combinations(of_suit, 2):
            pair = a | b
            for mask in triples:
                number = table[(pair | mask) >> 16]
                if number < best:
                    best = number
        return best

    return flush_best


def _three_of_a_suit() -> list[int]:
    """Suit lanes (3 bits a suit, clubs lowest) of up to 5 cards -> the suit bit held 3+ times.

    Only the lanes five cards can make are set (a suit three to five times, the
    others at most the rest), so the list is made from a few dozen entries.

    >>> found = _three_of_a_suit()
    >>> hex(found[3 << 6 | 1 << 3 | 1]), found[2 << 6 | 2 << 3 | 1]  # three hearts; none
    ('0x2000', 0)
    """
    found = [0] * (1 << _LANE_BITS)
    for index, bit in enumerate(_SUITS):
        for count in (3, 4, 5):
            for rest in product(range(6 - count), repeat=3):
                if sum(rest) <= 5 - count:
                    counts = [*rest[:index], count, *rest[index:]]
                    found[sum(c << (3 * i) for i, c in enumerate(counts))] = bit
    return found


def _plain_kernel(
    evaluate5: Callable[..., int],
) -> Callable[[Sequence[int], Sequence[int] | OmahaBoard], int]:
    """Every pair with every triple through the five-card kernel: 60 lookups for 4 + 5."""

    def plain(hole: Sequence[int], board: Sequence[int] | OmahaBoard) -> int:
        cards = board.cards if isinstance(board, OmahaBoard) else board
        triples = list(combinations(cards, 3))
        return min(evaluate5(a, b, *t) for a, b in combinations(hole, 2) for t in triples)

    return plain
