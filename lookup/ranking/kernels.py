"""The O(1) integer kernels of one ranking, built as closures over its tables.

Each kernel takes Cactus-Kev card ints (every :class:`~lookup.core.cards.Card` is
one) and returns the class number (1 = the ranking's best hand). They do **no
validation**: distinct cards of the ranking's deck are the caller's promise,
and breaking it gives a wrong answer or a ``KeyError``.

Poker rankings, all O(1):

* five cards: if flushes count and the suit bits AND to non-zero, the flush
  table answers by the OR of the rank bits; otherwise the product of the rank
  primes is looked up.
* six and seven cards: one sum of per-card keys does two jobs. Its low bits
  count each suit in 3-bit lanes; its high bits add up each rank's weight
  (the table's ``rank_key``), a sum that differs for every rank multiset
  (the generator proves it). With no suit at five, that rank key finds its
  class in the stored row-displaced table, ``classes[k + offsets[k >> shift]]``.
  With a flush, the ranking's *flush mode* (proved by the generator from the
  reference) decides: the flush wins outright (standard, short deck), or the
  better of the flush and the unsuited class is right except for a listed few
  keys (deuce-to-seven, where a flush hurts).

Badugi: the suits' rank masks (from a 52-bit card set) each give a prime; the
product names the hand up to relabelling suits and is looked up. Five cards
take the best of their five four-card subsets.

Tables are bound as closure variables: cheaper to reach than globals.

A checked entry also takes ``rules=`` and ``game=`` when the front door
(:func:`lookup.game.entry.standard_entry`) asks for one with its router:
that is how ``lookup.evaluate`` is the standard ranking's checked kernel itself,
while this layer imports nothing above it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations, starmap
from types import MappingProxyType

from lookup.core.cards import Card, flush_suit_by_counters, quick_cards
from lookup.ranking.tables import BadugiTables, FiveCardTables, MultiCardTables, exception_key

# typing is the type checker's alone: importing it costs start-up (see lookup.core.record).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final, NamedTuple, TypeAlias

    Kernel: TypeAlias = Callable[..., int]
    Router: TypeAlias = tuple[
        Callable[[str], Callable[[Any, Any], Any]],
        Mapping[str, Callable[[Any, Any], Any]],
        Callable[..., Any],
    ]
    """Where a checked entry sends a hand that names ``rules=`` or ``game=``: a triple
    ``(by_rules, by_game, route)`` from the front door (:mod:`lookup.game.entry`), which
    this layer cannot import. ``by_rules(name)`` is that ranking's cached checked entry
    (the ``rules=NAME`` fast path); ``by_game`` maps a game's name to its checked entry
    for the games met so far (the ``game=NAME`` fast path: one dict lookup, which the
    router fills as it meets them); ``route(cards, board, rules, game)`` takes the rest.
    A plain tuple: a named one would cost every start-up its class."""
    Slow: TypeAlias = Callable[[Any, Any], Any]
    """The checked path's fallback: parses ``(cards, board)``, explains what is wrong, or
    answers."""
else:
    from lookup.core.record import NamedTuple

__all__ = [
    "LANE_BITS",
    "NO_ROUTER",
    "Kernels",
    "Values",
    "badugi_kernels",
    "poker_kernels",
    "routed",
]

LANE_BITS: Final = 12
"""Low bits of a six/seven-card key: a 3-bit counter per suit, clubs lowest."""


class Kernels(NamedTuple):
    """One ranking's unchecked kernels, by hand size; ``best`` takes any count."""

    by_size: dict[int, Kernel]
    best: Callable[[Sequence[int]], int]
    load: Callable[[int | None], None]
    """``load(size)``: read now the tables of the kernel for ``size`` cards, so
    ``by_size[size]`` is the direct kernel and its first call reads nothing; ``None``:
    every table, for every size."""
    checked: Callable[[Any, Any], Any]
    """``(cards, board) -> value``: tuples of distinct cards of the deck are checked and
    looked up in one pass; anything else goes to the caller's slow, explaining path."""
    entry: Callable[[Router], Callable[..., Any]]
    """``router -> (cards, board=None, rules=None, game=None) -> value``: ``checked`` that
    also takes ``rules=`` and ``game=``, handing them to the router (a new function
    each call: the front door keeps the one it makes)."""
    rivers7: Callable[..., Callable[[int], int]] | None = None
    """``(six cards) -> (seventh card -> class)``: the seven-card kernel with six cards
    summed once, for counting every river of a fixed hand (poker rankings; None else)."""


def _no_route(*args: object) -> Any:
    raise TypeError(
        "a ranking's checked kernel takes (cards, board): rules= and game= are lookup.evaluate's"
    )


NO_ROUTER: Final[Router] = (_no_route, MappingProxyType({}), _no_route)
"""The router of a ranking's own :attr:`Kernels.checked`: it takes no ``rules=`` or ``game=``."""


def routed(checked: Callable[[Any, Any], Any]) -> Callable[[Router], Callable[..., Any]]:
    """:attr:`Kernels.entry` for a kernel without a fused one: ``checked`` behind the router.

    One Python call more per hand than a fused entry (poker's, below), which only the
    standard ranking's front door needs.
    """

    def entry(router: Router) -> Callable[..., Any]:
        by_rules, by_game, route = router

        def checked_routed(
            cards: Any, board: Any = None, rules: Any = None, game: Any = None
        ) -> Any:
            if rules is not None or game is not None:
                if game is None:
                    if type(rules) is str:  # a ranking's name: straight to it
                        return by_rules(rules)(cards, board)
                elif rules is None and type(game) is str and game in by_game:  # a game met
                    return by_game[game](cards, board)
                return route(cards, board, rules, game)
            return checked(cards, board)

        return checked_routed

    return entry


def _flush_suit_bits() -> list[int]:
    """Suit lanes of six or seven cards -> the flush suit's bit in the card encoding, or 0."""
    return [0 if suit is None else 0x8000 >> suit for suit in flush_suit_by_counters()]


class Values(NamedTuple):
    """What a checked entry returns for a class: the values made so far, and how to make one.

    ``made`` is a plain dict, so the hot path's lookup is CPython's fastest; a class
    not met before misses it once and goes to ``make``.
    """

    made: dict[int, Any]
    make: Callable[[int], Any]


def poker_kernels(
    deck: Sequence[Card],
    flush: list[int] | None,
    five: Callable[[], FiveCardTables],
    multi: Callable[[], MultiCardTables],
    values: Values,
    slow: Slow,
) -> Kernels:
    """Kernels of a poker ranking, from its flush table (None: flushes don't count).

    ``five`` loads the five-card tables on the first five-card hand, ``multi`` the
    six/seven-card tables on the first six- or seven-card hand: a process that never
    meets one never reads it (Omaha reads neither). ``values`` gives what the checked
    entry returns; ``slow`` takes what it refuses.
    """
    made, make = values
    # Until the first five-card hand, a stand-in that reads hash5 on its first lookup
    # and puts the real dict in its place: later lookups read that, with no test for
    # "loaded" on the hot path.
    by_product: dict[int, int]

    def load_five() -> dict[int, int]:
        nonlocal by_product  # the cell every five-card lookup reads
        by_product = five().by_product
        return by_product

    by_product = _Unread(load_five)

    if flush is None:

        def evaluate5(a: int, b: int, c: int, d: int, e: int) -> int:
            return by_product[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]

    else:

        def evaluate5(a: int, b: int, c: int, d: int, e: int) -> int:
            if a & b & c & d & e & 0xF000:
                return flush[(a | b | c | d | e) >> 16]
            return by_product[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]

    by_size: dict[int, Kernel] = {}
    # The checked six/seven-card path's tables, bound on the first such hand (see
    # _CheckedMulti); the checked entry reads them from these cells directly.
    key67: dict[object, int] | None = None
    flush_suit: list[int] = []
    classes6: Sequence[int] = []
    offsets6: list[int] = []
    classes7: Sequence[int] = []
    offsets7: list[int] = []
    row_bits = 0
    flush6: Callable[[int, int], int] | None = None
    flush7: Callable[[int, int], int] | None = None

    def load_multi() -> None:
        # The six/seven-card table is read on the first six- or seven-card hand; the
        # direct kernels then replace these stubs, so later lookups skip them.
        nonlocal key67, flush_suit, classes6, offsets6, classes7, offsets7, row_bits
        nonlocal flush6, flush7
        if key67 is None:
            direct, parts = _multi_kernels(deck, flush, multi())
            by_size.update(direct)
            flush_suit, row_bits = parts.flush_suit, parts.row_bits
            classes6, offsets6, flush6 = parts.by_size[6]
            classes7, offsets7, flush7 = parts.by_size[7]
            key67 = parts.key

    def evaluate6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
        load_multi()
        return by_size[6](a, b, c, d, e, f)

    def evaluate7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
        load_multi()
        return by_size[7](a, b, c, d, e, f, g)

    by_size.update({5: evaluate5, 6: evaluate6, 7: evaluate7})

    def load(size: int | None) -> None:
        # Five cards read hash5 (and flush), six and seven the six/seven-card table.
        if size in (None, 5) and type(by_product) is _Unread:
            load_five()
        if size != 5:
            load_multi()

    def best(cards: Sequence[int]) -> int:
        kernel = by_size.get(len(cards))
        if kernel is not None:
            return kernel(*cards)
        return min(starmap(evaluate5, combinations(cards, 5)))

    # Checked entry: each card's bit, ORed and counted, proves five distinct cards of
    # this deck in the same pass; the lookup is then evaluate5's, inlined (a call
    # costs more than the lookup). Six and seven cards sum keys that carry the card
    # bits above the rank key (see _CheckedMulti), inlined here for the same reason.
    bit: dict[object, int] = {card: 1 << (13 * card.suit + card.rank) for card in deck}
    shift, lanes, low = LANE_BITS, (1 << LANE_BITS) - 1, (1 << _CARD_SHIFT) - 1

    def entry(router: Router) -> Callable[..., Any]:
        # The one body of the checked entry, with the router bound: the ranking's own
        # (NO_ROUTER) and the front door's (lookup.evaluate) differ only in it.
        by_rules, by_game, route = router

        def checked(cards: Any, board: Any = None, rules: Any = None, game: Any = None) -> Any:
            if rules is not None or game is not None:  # another ranking, or a game
                if game is None:
                    if type(rules) is str:  # a ranking's name: straight to it
                        return by_rules(rules)(cards, board)
                # A game's name met before: straight to its checked entry (one dict lookup).
                elif rules is None and type(game) is str and game in by_game:
                    return by_game[game](cards, board)
                return route(cards, board, rules, game)
            if board is None:
                hand = cards  # any sized sequence: what is not five to seven cards of the deck
            elif type(board) is tuple and type(cards) is tuple:  # fails a lookup below
                hand = cards + board
            else:
                return slow(cards, board)
            number = 0  # set once the cards are proved: a miss after that is an unmade value
            try:
                n = len(hand)
                if n == 5:
                    a, b, c, d, e = hand
                    if (bit[a] | bit[b] | bit[c] | bit[d] | bit[e]).bit_count() != 5:
                        return slow(cards, board)
                    if flush is not None and a & b & c & d & e & 0xF000:
                        number = flush[(a | b | c | d | e) >> 16]
                    else:
                        number = by_product[
                            (a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)
                        ]
                    return made[number]
                if n == 7:
                    if key67 is None:  # the first six- or seven-card hand reads their table
                        load_multi()
                        assert key67 is not None
                    a, b, c, d, e, f, g = hand
                    k = key67[a] + key67[b] + key67[c] + key67[d] + key67[e] + key67[f] + key67[g]
                    if (k >> _CARD_SHIFT).bit_count() != 7:  # a repeated card carried
                        return slow(cards, board)
                    k &= low
                    if flush7 is not None and flush_suit[k & lanes]:
                        number = flush7(k, _suit_mask(hand, flush_suit[k & lanes]))
                    else:
                        number = classes7[(k >> shift) + offsets7[k >> row_bits]]
                    return made[number]
                if n == 6:
                    if key67 is None:
                        load_multi()
                        assert key67 is not None
                    a, b, c, d, e, f = hand
                    k = key67[a] + key67[b] + key67[c] + key67[d] + key67[e] + key67[f]
                    if (k >> _CARD_SHIFT).bit_count() != 6:
                        return slow(cards, board)
                    k &= low
                    if flush6 is not None and flush_suit[k & lanes]:
                        number = flush6(k, _suit_mask(hand, flush_suit[k & lanes]))
                    else:
                        number = classes6[(k >> shift) + offsets6[k >> row_bits]]
                    return made[number]
            except (KeyError, TypeError, ValueError):  # not cards of this deck, or no sequence
                # (or a table refused on its first read: a TableError is a ValueError, and
                # the slow path below reads it again and raises)
                if number:
                    return make(number)
            if board is None and type(cards) is str:
                parsed = quick_cards(cards)
                if parsed is not None and 5 <= len(parsed) <= 7:
                    return checked(parsed)
            return slow(cards, board)  # more than seven cards, too few, or not cards

        return checked

    def rivers7(a: int, b: int, c: int, d: int, e: int, f: int) -> Callable[[int], int]:
        # Six cards' key summed once: each river then costs one key and one table read,
        # not seven (exact counts of fixed hands on the turn: lookup.odds.small).
        load_multi()
        assert key67 is not None
        key, table, offsets, suits, rows = key67, classes7, offsets7, flush_suit, row_bits
        with_flush = flush7
        six = (a, b, c, d, e, f)
        k6 = key[a] + key[b] + key[c] + key[d] + key[e] + key[f]

        def river(g: int) -> int:
            k = (k6 + key[g]) & low
            if with_flush is not None and suits[k & lanes]:
                return with_flush(k, _suit_mask((*six, g), suits[k & lanes]))
            return table[(k >> shift) + offsets[k >> rows]]

        return river

    return Kernels(by_size, best, load, entry(NO_ROUTER), entry, rivers7)


class _Unread(dict[int, int]):
    """An empty dict that stands in for a table not read yet: a lookup reads the table
    (``load``) and answers from it; the caller's ``load`` puts the table in its place."""

    __slots__ = ("load",)

    def __init__(self, load: Callable[[], dict[int, int]]) -> None:
        super().__init__()
        self.load = load

    def __missing__(self, key: int) -> int:
        return self.load()[key]


_CARD_SHIFT: Final = 64
"""Checked six/seven-card keys carry the card's own bit from here up, above the rank key."""


def _suit_mask(cards: Sequence[int], suit: int) -> int:
    """OR of the cards of one suit (its bit in the card encoding): their rank bits."""
    mask = 0
    for card in cards:
        if card & suit:
            mask |= card
    return mask


class _SizeTables(NamedTuple):
    """One hand size's lookup as the kernels read it: the table's lists and the flush rule."""

    classes: Sequence[int]
    """As stored (an ``array``): indexing it costs about 1% of a lookup, and converting
    its 89,000 entries to a list would cost 5 ms of start-up."""
    offsets: list[int]
    """A list, not the stored array: reading an ``array('i')`` made ``evaluate7`` 3-5% slower
    (issue 20, best of 9 interleaved runs), and the list costs 0.47 MB per ranking."""
    with_flush: Callable[[int, int], int] | None
    """``(key, the flush suit's card OR) -> class``; None where flushes do not count."""


class _CheckedMulti(NamedTuple):
    """What the checked six/seven-card path reads (inlined in :func:`poker_kernels`)."""

    key: dict[object, int]
    """Card -> its own bit at ``_CARD_SHIFT + index``, plus its rank key: summing them adds
    the card bits too, so a repeated card carries (fewer bits than cards are set) and a
    foreign object is no key at all."""
    flush_suit: list[int]
    row_bits: int
    """``LANE_BITS + row shift``: a key shifted by this is its row."""
    by_size: dict[int, _SizeTables]


def _multi_kernels(
    deck: Sequence[Card], flush: list[int] | None, tables: MultiCardTables
) -> tuple[dict[int, Kernel], _CheckedMulti]:
    """The direct six- and seven-card kernels, and the checked path's tables."""
    rank_key: dict[int, int] = {
        card: (tables.rank_keys[card.rank] << LANE_BITS) | (1 << (3 * card.suit)) for card in deck
    }
    row_bits = LANE_BITS + tables.by_size[7].shift  # one row shift serves both sizes
    by_size = {}
    for size, table in tables.by_size.items():
        classes, offsets = table.classes, table.offsets.tolist()
        with_flush = _flush_rule(flush, tables, size, classes, offsets, row_bits)
        by_size[size] = _SizeTables(classes, offsets, with_flush)
    parts = _CheckedMulti(
        {card: (1 << (_CARD_SHIFT + card.index)) + rank_key[card] for card in deck},
        _flush_suit_bits(),
        row_bits,
        by_size,
    )
    return _direct_multi_kernels(rank_key, parts), parts


def _flush_rule(
    flush: list[int] | None,
    tables: MultiCardTables,
    size: int,
    classes: Sequence[int],
    offsets: list[int],
    row_bits: int,
) -> Callable[[int, int], int] | None:
    """Class of ``size`` cards holding a flush: ``(key, the suit's card OR)`` -> class."""
    if flush is None:
        return None
    flush_table = flush
    if tables.flush_mode == "wins":
        return lambda k, mask: flush_table[mask >> 16]
    exception = tables.exception
    shift = LANE_BITS

    def with_flush(k: int, mask: int) -> int:
        best_flush = flush_table[mask >> 16]
        unsuited = classes[(k >> shift) + offsets[k >> row_bits]]
        if best_flush <= unsuited:
            return best_flush
        return exception(exception_key(size, k >> shift, mask >> 16), unsuited)

    return with_flush


def _direct_multi_kernels(key: dict[int, int], parts: _CheckedMulti) -> dict[int, Kernel]:
    shift, row_bits = LANE_BITS, parts.row_bits
    lanes = (1 << LANE_BITS) - 1
    flush_suit = parts.flush_suit
    classes6, offsets6, flush6 = parts.by_size[6]
    classes7, offsets7, flush7 = parts.by_size[7]

    if flush6 is None or flush7 is None:
        # Flushes do not count: the rank key alone decides (lanes shifted off).
        def evaluate6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
            k = key[a] + key[b] + key[c] + key[d] + key[e] + key[f]
            return classes6[(k >> shift) + offsets6[k >> row_bits]]

        def evaluate7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
            k = key[a] + key[b] + key[c] + key[d] + key[e] + key[f] + key[g]
            return classes7[(k >> shift) + offsets7[k >> row_bits]]

        return {6: evaluate6, 7: evaluate7}

    with_flush6, with_flush7 = flush6, flush7

    def flush_aware6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
        k = key[a] + key[b] + key[c] + key[d] + key[e] + key[f]
        suit = flush_suit[k & lanes]
        if suit:
            mask = 0
            for card in (a, b, c, d, e, f):
                if card & suit:
                    mask |= card
            return with_flush6(k, mask)
        return classes6[(k >> shift) + offsets6[k >> row_bits]]

    def flush_aware7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
        k = key[a] + key[b] + key[c] + key[d] + key[e] + key[f] + key[g]
        suit = flush_suit[k & lanes]
        if suit:
            mask = 0
            for card in (a, b, c, d, e, f, g):
                if card & suit:
                    mask |= card
            return with_flush7(k, mask)
        return classes7[(k >> shift) + offsets7[k >> row_bits]]

    return {6: flush_aware6, 7: flush_aware7}


def badugi_kernels(
    deck: Sequence[Card], tables: BadugiTables, values: Values, slow: Slow
) -> Kernels:
    """Kernels of a badugi ranking: four cards O(1); five by their five four-card subsets."""
    mask_prime = tables.mask_prime
    by_key = tables.by_key
    made, make = values
    # Each card's bit in a 52-bit set: 13 per suit, so a shift and a mask give a suit's ranks.
    bit: dict[object, int] = {card: 1 << (13 * card.suit + card.rank) for card in deck}

    def evaluate4(a: int, b: int, c: int, d: int) -> int:
        s = bit[a] | bit[b] | bit[c] | bit[d]
        return by_key[
            mask_prime[s & 0x1FFF]
            * mask_prime[(s >> 13) & 0x1FFF]
            * mask_prime[(s >> 26) & 0x1FFF]
            * mask_prime[s >> 39]
        ]

    def evaluate5(a: int, b: int, c: int, d: int, e: int) -> int:
        return min(
            evaluate4(a, b, c, d),
            evaluate4(a, b, c, e),
            evaluate4(a, b, d, e),
            evaluate4(a, c, d, e),
            evaluate4(b, c, d, e),
        )

    by_size: dict[int, Kernel] = {4: evaluate4, 5: evaluate5}

    def best(cards: Sequence[int]) -> int:
        kernel = by_size.get(len(cards))
        if kernel is not None:
            return kernel(*cards)
        return min(starmap(evaluate4, combinations(cards, 4)))

    def checked(cards: Any, board: Any = None) -> Any:
        if board is not None or type(cards) is not tuple or len(cards) != 4:
            return slow(cards, board)
        try:
            a, b, c, d = cards
            if (bit[a] | bit[b] | bit[c] | bit[d]).bit_count() == 4:
                number = evaluate4(a, b, c, d)
                return made.get(number) or make(number)
        except (KeyError, TypeError):
            pass
        return slow(cards, board)

    return Kernels(by_size, best, lambda size: None, checked, routed(checked))
