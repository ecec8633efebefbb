"""Evaluate many hands at once with numpy, and the primitives that do it.

A hand of five to seven card indices (``4 * rank + suit``, 0 = 2c ... 51 = As)
becomes two 64-bit *keys*, built two cards at a time, each pair costing one
index computation, two gathers from 2,704-entry tables and two arithmetic
operations:

* ``product``: the product of the cards' rank primes. It names the rank
  multiset, and the perfect hash of :mod:`lookup.prime_hash` maps it to the best
  class those ranks make without a flush.
* ``code``: the sum of each card's :data:`card code <BatchTables.card_code>`,
  which is the card's own bit ``13 * suit + rank`` (so the 52-bit card set, one
  13-bit rank mask per suit, clubs lowest) plus one in its suit's 3-bit counter
  at bits 52-63. A counter of five or more is a flush, and for six or seven
  cards a flush beats anything else the cards make, so that suit's rank mask
  goes to the flush table instead. The card set also proves the cards distinct:
  repeated bits carry, so the sum has fewer than ``k`` bits set.

Keys extend: adding a card multiplies the product by its prime and adds its
code, which is how :mod:`lookup.census` walks every hand without building index
tuples. Work is done in row chunks that fit the CPU cache, which is most of the
speed (about 2.5x over whole-array passes for a million seven-card hands), and
memory stays proportional to the batch.

>>> import numpy as np
>>> from lookup.rank import Category
>>> hands = encode_batch(["As Ks Qs Js Ts", "7h 5d 4c 3s 2h"])
>>> classes = evaluate_batch(hands)
>>> classes.tolist(), [Category(c).title for c in categorize_batch(classes).tolist()]
([1, 7462], ['Straight Flush', 'High Card'])
>>> evaluate_batch(np.array([[0, 1, 2, 3, 52]]))
Traceback (most recent call last):
...
lookup.errors.CardError: row 0: card index 52 is out of range: indices are 0-51 (4 * rank + suit)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lookup.cards import DECK, PRIMES, CardsLike, flush_suit_by_counters, parse_cards
from lookup.errors import CardError, DuplicateCardError, HandSizeError, PokerLookupError
from lookup.rank import CLASS_COUNT
from lookup.tables import PrimeHash, multiset_hash, tables

__all__ = [
    "CHUNK_ROWS",
    "CODE_CARD_SET",
    "HAND_SIZES",
    "NO_FLUSH",
    "BatchTables",
    "batch_tables",
    "categorize_batch",
    "classes_of_keys",
    "classes_of_products",
    "decode_batch",
    "encode_batch",
    "evaluate_batch",
    "flush_classes",
    "hand_keys",
]

HAND_SIZES: Final = (5, 6, 7)
"""Hand sizes the batch path evaluates in one lookup."""

CHUNK_ROWS: Final = 16384
"""Rows per internal chunk: the intermediates of a chunk stay in the CPU cache."""

CODE_CARD_SET: Final = (1 << 52) - 1
"""Mask of the card-set bits of a code (13 per suit, clubs lowest)."""

NO_FLUSH: Final = 4
"""Value of :attr:`BatchTables.flush_suit` for suit counters without a flush."""

_COUNTER_SHIFT: Final = 52


@dataclass(frozen=True)
class HashView:
    """One perfect hash of :mod:`lookup.prime_hash` as numpy scalars and arrays."""

    multiplier: np.uint64
    bucket_shift: np.uint64
    """``64 - bucket_bits``: ``h >> bucket_shift`` is the bucket."""
    offset_shift: np.uint64
    """``bucket_bits``: ``(h << offset_shift) >> 32`` is the offset."""
    slot_count: np.uint64
    displacement: NDArray[np.uint64]
    keys: NDArray[np.uint64]
    classes: NDArray[np.uint16]


def _hash_view(source: PrimeHash) -> HashView:
    params = source.params
    return HashView(
        multiplier=np.uint64(params.multiplier),
        bucket_shift=np.uint64(64 - params.bucket_bits),
        offset_shift=np.uint64(params.bucket_bits),
        slot_count=np.uint64(params.slot_count),
        displacement=_frozen(source.displacement, np.uint64),
        keys=_frozen(source.keys, np.uint64),
        classes=_frozen(source.classes, np.uint16),
    )


@dataclass(frozen=True)
class BatchTables:
    """Read-only numpy views of the lookup tables, shaped for gathers.

    Per card index (52 entries): ``card_prime`` (uint64), ``card_rank_bit``
    (uint16, ``1 << rank``), ``card_suit`` (uint8, 0 = clubs ... 3 = spades),
    ``card_code`` (uint64, see the module docstring); per pair of cards
    (2,704 entries, ``52 * a + b``) ``pair_prime`` and ``pair_code``, the
    same keys for two cards at once. Tables: ``flush`` and
    ``unique5`` (uint16[8192], rank mask -> class), the two perfect hashes
    ``hash5`` (paired five-card multisets) and ``hash67`` (six- and seven-card
    multisets), each a :class:`HashView`, ``categories`` (uint8[7463], category of
    each class number, index 0 unused) and ``flush_suit`` (uint8[4096]: the
    suit whose 3-bit counter is five or more, else :data:`NO_FLUSH`).
    """

    card_prime: NDArray[np.uint64]
    card_rank_bit: NDArray[np.uint16]
    card_suit: NDArray[np.uint8]
    card_code: NDArray[np.uint64]
    pair_prime: NDArray[np.uint64]
    """``card_prime[a] * card_prime[b]`` at ``52 * a + b``: one gather serves two cards."""
    pair_code: NDArray[np.uint64]
    """``card_code[a] + card_code[b]`` at ``52 * a + b``."""
    flush: NDArray[np.uint16]
    unique5: NDArray[np.uint16]
    hash5: HashView
    hash67: HashView
    categories: NDArray[np.uint8]
    flush_suit: NDArray[np.uint8]


def _frozen(values: Any, dtype: type[np.generic]) -> Any:
    array = np.array(values, dtype=dtype)
    array.setflags(write=False)
    return array


@cache
def batch_tables() -> BatchTables:
    """The process-wide numpy tables, built from :func:`lookup.tables.tables` on first call.

    >>> t = batch_tables()
    >>> int(t.card_prime[51]), int(t.card_suit[51]), t.flush.shape, t.flush.flags.writeable
    (41, 3, (8192,), False)
    """
    source = tables()
    flush_suit = [NO_FLUSH if suit is None else suit for suit in flush_suit_by_counters()]
    primes = [PRIMES[i // 4] for i in range(52)]
    codes = [
        (1 << (13 * (i % 4) + i // 4)) | (1 << (_COUNTER_SHIFT + 3 * (i % 4))) for i in range(52)
    ]
    return BatchTables(
        card_prime=_frozen(primes, np.uint64),
        card_rank_bit=_frozen([1 << (i // 4) for i in range(52)], np.uint16),
        card_suit=_frozen([i % 4 for i in range(52)], np.uint8),
        card_code=_frozen(codes, np.uint64),
        pair_prime=_frozen([a * b for a in primes for b in primes], np.uint64),
        pair_code=_frozen([a + b for a in codes for b in codes], np.uint64),
        flush=_frozen(source.flush, np.uint16),
        unique5=_frozen(source.unique5, np.uint16),
        hash5=_hash_view(source.hash5),
        hash67=_hash_view(multiset_hash()),
        categories=_frozen([int(c) for c in source.categories], np.uint8),
        flush_suit=_frozen(flush_suit, np.uint8),
    )


def hand_keys(
    columns: Sequence[NDArray[np.intp]] | NDArray[np.intp],
) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    """The keys ``(products, codes)`` of hands given column-wise: one array per card.

    ``columns`` is a ``(k, N)`` integer array (or a sequence of ``k`` integer
    arrays of length ``N``; intp is fastest) of card indices, *already checked*
    to be in 0-51. Returns two new uint64 arrays of length ``N``.

    >>> products, codes = hand_keys(np.array([[51], [50]]))  # As, Ah
    >>> int(products[0]) == 41 * 41, hex(int(codes[0]) & CODE_CARD_SET)
    (True, '0x8004000000000')
    >>> hand_keys(np.zeros((0, 3), dtype=np.intp))
    Traceback (most recent call last):
    ...
    lookup.errors.HandSizeError: hand_keys needs at least one card column
    """
    if len(columns) == 0:
        raise HandSizeError("hand_keys needs at least one card column")
    t = batch_tables()
    # Cards two at a time through the pair tables: one index serves both gathers.
    # ndarray.take measured faster than fancy indexing on these small tables.
    if len(columns) % 2:
        products = t.card_prime.take(columns[0])
        codes = t.card_code.take(columns[0])
        rest = columns[1:]
    else:
        products = np.ones(len(columns[0]), dtype=np.uint64)
        codes = np.zeros(len(columns[0]), dtype=np.uint64)
        rest = columns
    pair = np.empty(len(columns[0]), dtype=np.intp)
    for first, second in zip(rest[0::2], rest[1::2], strict=True):
        # dtype=intp: narrow input columns must not overflow while forming the index.
        np.multiply(first, 52, out=pair, dtype=np.intp, casting="unsafe")
        np.add(pair, second, out=pair, dtype=np.intp, casting="unsafe")
        products *= t.pair_prime.take(pair)
        codes += t.pair_code.take(pair)
    return products, codes


def _hash_for(hand_size: int) -> HashView:
    t = batch_tables()
    return t.hash5 if hand_size == 5 else t.hash67


def _slots(products: NDArray[np.uint64], view: HashView) -> NDArray[np.intp]:
    """The perfect-hash slot of each product (lookup.prime_hash.slot_of, vectorised)."""
    hashed = products * view.multiplier  # uint64 arrays wrap mod 2**64, as the hash wants
    buckets = (hashed >> view.bucket_shift).view(np.intp)
    slots = hashed  # reuse the buffer: offsets, then slots
    slots <<= view.offset_shift
    slots >>= np.uint64(32)
    slots += view.displacement.take(buckets)
    # x - (x // n) * n: numpy divides by a scalar fast, but its remainder is slow.
    slots -= (slots // view.slot_count) * view.slot_count
    return slots.view(np.intp)


def _first_key_mismatch(
    products: NDArray[np.uint64],
    slots: NDArray[np.intp],
    view: HashView,
    where: NDArray[np.bool_] | None = None,
) -> int | None:
    wrong = view.keys.take(slots) != products
    if where is not None:
        wrong &= where
    bad = np.flatnonzero(wrong)
    return int(bad[0]) if bad.size else None


def _key_error(row: int, product: int) -> CardError:
    return CardError(
        f"row {row}: prime product {product} is no hand of 5-7 distinct cards (a repeated card?)",
        product,
    )


def classes_of_products(
    products: NDArray[np.uint64], *, hand_size: int = 7, check: bool = False
) -> NDArray[np.uint16]:
    """Best non-flush class of each prime product, through the perfect hash.

    Takes uint64 products of ``hand_size`` ranks; returns a new uint16 array.
    Keys the hashes hold: products of six or seven ranks, and of five ranks with
    a repeat (five distinct ranks live in ``unique5``; :func:`classes_of_keys`
    handles them). Any other product gives an arbitrary class unless ``check``
    is set, which compares the key stored in each slot and raises
    :class:`~lookup.errors.CardError` naming the first bad row.

    >>> classes_of_products(np.array([41**4 * 37 * 2 * 3], dtype=np.uint64)).tolist()
    [11]
    >>> classes_of_products(np.array([41**4 * 37], dtype=np.uint64), hand_size=5).tolist()
    [11]
    >>> classes_of_products(np.array([41**5], dtype=np.uint64), check=True)
    Traceback (most recent call last):
    ...
    lookup.errors.CardError: row 0: prime product 115856201 is no hand of 5-7 distinct cards \
(a repeated card?)
    """
    view = _hash_for(hand_size)
    slots = _slots(products, view)
    if check:
        row = _first_key_mismatch(products, slots, view)
        if row is not None:
            raise _key_error(row, int(products[row]))
    return view.classes.take(slots)


def flush_classes(codes: NDArray[np.uint64]) -> tuple[NDArray[np.intp], NDArray[np.uint16]]:
    """Rows whose code counts five or more cards of one suit, and their flush class.

    For six or seven cards a flush outranks whatever else the cards make, so
    these classes replace the product lookup outright.

    >>> codes = hand_keys(np.array([[48], [44], [40], [36], [32], [0], [1]]))[1]
    >>> [a.tolist() for a in flush_classes(codes)]  # Ac Kc Qc Jc Tc 2c 2d
    [[0], [1]]
    >>> flush_classes(np.array([1.0]))
    Traceback (most recent call last):
    ...
    TypeError: flush_classes takes uint64 codes, got float64
    """
    if codes.dtype != np.uint64:
        raise TypeError(f"flush_classes takes uint64 codes, got {codes.dtype}")
    t = batch_tables()
    suits = t.flush_suit.take((codes >> np.uint64(_COUNTER_SHIFT)).view(np.intp))
    rows = np.flatnonzero(suits != NO_FLUSH)
    if rows.size == 0:
        return rows, np.empty(0, dtype=np.uint16)
    shifts = suits[rows].astype(np.uint64) * np.uint64(13)
    masks = (codes[rows] >> shifts) & np.uint64(0x1FFF)
    return rows, t.flush.take(masks.view(np.intp))


def _rank_masks(codes: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """13-bit mask of the ranks present, whatever their suits."""
    masks = codes & np.uint64(CODE_CARD_SET)
    masks |= masks >> np.uint64(26)
    masks |= masks >> np.uint64(13)
    masks &= np.uint64(0x1FFF)
    return masks


def classes_of_keys(
    products: NDArray[np.uint64],
    codes: NDArray[np.uint64],
    hand_size: int,
    *,
    check: bool = False,
) -> NDArray[np.uint16]:
    """Class number of each hand from its keys (see :func:`hand_keys`); a new uint16 array.

    ``hand_size`` (5, 6 or 7) matters for five cards only, where five distinct
    ranks are looked up by rank mask; ``check`` verifies the perfect-hash keys
    (see :func:`classes_of_products`).

    >>> keys = hand_keys(np.array([[51], [47], [43], [39], [35], [0], [5]]))  # As Ks Qs Js Ts 2c 3d
    >>> classes_of_keys(*keys, 7).tolist()
    [1]
    >>> classes_of_keys(*keys, 4)
    Traceback (most recent call last):
    ...
    lookup.errors.HandSizeError: the batch path evaluates 5, 6 or 7 cards, got 4
    """
    if hand_size not in HAND_SIZES:
        raise HandSizeError(f"the batch path evaluates 5, 6 or 7 cards, got {hand_size}")
    t = batch_tables()
    view = _hash_for(hand_size)
    slots = _slots(products, view)
    if hand_size == 5:
        distinct = t.unique5.take(_rank_masks(codes).view(np.intp))
        paired = distinct == 0
        # Hashing every row and selecting beats compacting the paired rows.
        classes = np.where(paired, view.classes.take(slots), distinct)
    else:
        paired = None
        classes = view.classes.take(slots)
    if check:
        row = _first_key_mismatch(products, slots, view, paired)
        if row is not None:
            raise _key_error(row, int(products[row]))
    rows, flush = flush_classes(codes)
    classes[rows] = flush
    return classes


def _popcount_swar(values: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """Bits set in each value, for numpy before 2.0 (no ``np.bitwise_count``).

    >>> _popcount_swar(np.array([0, 1, 2**64 - 1, 0b1011 << 40], dtype=np.uint64)).tolist()
    [0, 1, 64, 3]
    """
    x = values - ((values >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    counts: NDArray[np.uint64] = (x * np.uint64(0x0101010101010101)) >> np.uint64(56)
    return counts


_popcount: Any = getattr(np, "bitwise_count", _popcount_swar)


def _as_card_array(cards: ArrayLike) -> NDArray[np.integer[Any]]:
    array = np.asarray(cards)
    if array.dtype.kind not in "iu":
        raise CardError(
            f"card arrays hold integer card indices 0-51, got dtype {array.dtype}", array.dtype
        )
    if array.ndim != 2 or array.shape[1] not in HAND_SIZES:
        raise HandSizeError(
            f"expected an array of shape (N, k) with k 5, 6 or 7 cards per row, "
            f"got shape {array.shape}"
        )
    return array


def _raise_out_of_range(
    block: NDArray[np.integer[Any]], start: int, *, check_duplicates: bool = False
) -> None:
    bad = (block < 0) | (block > 51)
    row = int(np.flatnonzero(bad.any(axis=1))[0])
    if check_duplicates and row:
        # A repeated card in an earlier row is the first problem: name that one.
        ordered = np.sort(block[:row], axis=1)
        repeated = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if repeated.size:
            _raise_duplicate(block, int(repeated[0]), start)
    value = int(block[row][bad[row]][0])
    raise CardError(
        f"row {start + row}: card index {value} is out of range: indices are 0-51 "
        "(4 * rank + suit)",
        value,
    )


def _raise_duplicate(block: NDArray[np.integer[Any]], row: int, start: int) -> None:
    seen: set[int] = set()
    for index in block[row].tolist():
        if index in seen:
            card = str(DECK[index])
            raise DuplicateCardError(
                f"row {start + row}: card {card} appears twice; the cards of a row must be "
                "distinct (check_duplicates=False skips this check for callers who guarantee it)",
                card,
            )
        seen.add(index)


def evaluate_batch(
    cards: ArrayLike, *, check_duplicates: bool = True, debug: bool = False
) -> NDArray[np.uint16]:
    """Cactus-Kev class number of every row of an ``(N, k)`` array of card indices.

    ``k`` is 5, 6 or 7; indices are ``4 * rank + suit`` (suits c, d, h, s), in
    any integer dtype. Returns ``uint16[N]``, the numbers :func:`lookup.evaluate`
    gives as ``.kev`` (1 = royal flush ... 7,462; lower is stronger). Rows are
    processed in cache-sized chunks, so memory is proportional to the batch.

    Checks, each naming the first bad row: shape and dtype, indices in 0-51
    (always), and distinct cards within a row (skip with
    ``check_duplicates=False`` when you guarantee it; a repeated card then
    gives an arbitrary class). ``debug=True`` also verifies each perfect-hash
    slot holds the hand's product.

    >>> evaluate_batch([[51, 47, 43, 39, 35], [0, 4, 8, 12, 49]]).tolist()  # royal, wheel
    [1, 1609]
    >>> evaluate_batch(np.array([[3, 7, 11, 15, 19, 3]], dtype=np.int8))
    Traceback (most recent call last):
    ...
    lookup.errors.DuplicateCardError: row 0: card 2s appears twice; the cards of a row must \
be distinct (check_duplicates=False skips this check for callers who guarantee it)
    >>> evaluate_batch(np.zeros((2, 4), dtype=int))
    Traceback (most recent call last):
    ...
    lookup.errors.HandSizeError: expected an array of shape (N, k) with k 5, 6 or 7 cards \
per row, got shape (2, 4)
    """
    array = _as_card_array(cards)
    rows, hand_size = array.shape
    out = np.empty(rows, dtype=np.uint16)
    for start in range(0, rows, CHUNK_ROWS):
        block = array[start : start + CHUNK_ROWS]
        # One contiguous intp column per card: the gathers then index without casting.
        columns = np.ascontiguousarray(block.T, dtype=np.intp)
        if columns.view(np.uintp).max() > 51:
            _raise_out_of_range(block, start, check_duplicates=check_duplicates)
        products, codes = hand_keys(columns)
        if check_duplicates:
            card_sets = codes & np.uint64(CODE_CARD_SET)
            repeated = np.flatnonzero(_popcount(card_sets) != hand_size)
            if repeated.size:
                _raise_duplicate(block, int(repeated[0]), start)
        try:
            out[start : start + len(block)] = classes_of_keys(
                products, codes, hand_size, check=debug
            )
        except CardError as error:
            # Only the debug key check raises here; name the row in the caller's numbering.
            row = start + int(np.flatnonzero(products == error.token)[0])
            raise _key_error(row, int(products[row - start])) from None
    return out


def categorize_batch(classes: ArrayLike) -> NDArray[np.uint8]:
    """The :class:`~lookup.rank.Category` value (0-8) of each class number.

    >>> categorize_batch([1, 11, 7462]).tolist()
    [8, 7, 0]
    >>> categorize_batch([0])
    Traceback (most recent call last):
    ...
    lookup.errors.PokerLookupError: item 0: class number 0 is out of range: class numbers are 1-7462
    """
    array = np.asarray(classes)
    if array.dtype.kind not in "iu":
        raise PokerLookupError(f"class numbers are integers, got dtype {array.dtype}")
    flat = array.reshape(-1)
    if flat.size and (flat.min() < 1 or flat.max() > CLASS_COUNT):
        item = int(np.flatnonzero((flat < 1) | (flat > CLASS_COUNT))[0])
        raise PokerLookupError(
            f"item {item}: class number {int(flat[item])} is out of range: "
            f"class numbers are 1-{CLASS_COUNT}"
        )
    return batch_tables().categories[array.astype(np.intp)]


def encode_batch(hands: Iterable[CardsLike]) -> NDArray[np.uint8]:
    """Card indices (uint8, shape ``(N, k)``) of hands in any form :func:`parse_cards` reads.

    Every hand must have the same number of cards; parsing is per hand, in Python.

    >>> encode_batch(["As Kd", "2c 3c"]).tolist()
    [[51, 45], [0, 4]]
    >>> encode_batch(["As Kd", "2c"])
    Traceback (most recent call last):
    ...
    lookup.errors.HandSizeError: hand 1 has 1 cards, hand 0 has 2: every hand needs the same count
    """
    rows = [[card.index for card in parse_cards(hand)] for hand in hands]
    for number, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise HandSizeError(
                f"hand {number} has {len(row)} cards, hand 0 has {len(rows[0])}: "
                "every hand needs the same count"
            )
    width = len(rows[0]) if rows else 0
    return np.array(rows, dtype=np.uint8).reshape(len(rows), width)


def decode_batch(cards: ArrayLike) -> list[str]:
    """Each row of card indices as a string such as ``'As Kd 7h'``.

    >>> decode_batch([[51, 45], [0, 4]])
    ['As Kd', '2c 3c']
    >>> decode_batch([[52]])
    Traceback (most recent call last):
    ...
    lookup.errors.CardError: row 0: card index 52 is out of range: indices are 0-51 ...
    """
    array = np.asarray(cards)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    if array.dtype.kind not in "iu" or array.ndim != 2:
        raise CardError(
            f"expected an (N, k) integer array of card indices, got {array.dtype} "
            f"of shape {array.shape}",
            array.dtype,
        )
    if array.size and (array.min() < 0 or array.max() > 51):
        _raise_out_of_range(array, 0)
    names = [str(card) for card in DECK]
    return [" ".join(names[i] for i in row) for row in array.tolist()]
