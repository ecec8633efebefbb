"""Evaluate many hands at once with numpy, under any ranking, and the primitives that do it.

A hand of card indices (``4 * rank + suit``, 0 = 2c ... 51 = As) becomes two
64-bit *keys*, built two cards at a time, each pair costing one index
computation, two gathers from 2,704-entry tables and two arithmetic operations:

* the *rank key*, which names the rank multiset: for five cards the product of
  the rank primes, the key of the ranking's ``hash5`` perfect hash
  (:mod:`lookup.core.prime_hash`); for six or seven the sum of each rank's weight
  (the ``rank_key`` array of ``sum67``), which indexes that file's row-displaced
  tables (``classes[key + offsets[key >> shift]]``); either gives the best class
  without a flush;
* ``code``: the sum of each card's :data:`card code <BatchTables.card_code>`,
  which is the card's own bit ``13 * suit + rank`` (so the 52-bit card set, one
  13-bit rank mask per suit, clubs lowest) plus one in its suit's 3-bit counter
  at bits 52-63. A counter of five or more is a flush, whose suit's rank mask
  goes to the flush table; the ranking's flush mode (see :mod:`lookup.ranking.kernels`)
  says how it combines with the rest. The card set also proves the cards
  distinct: repeated bits carry, so the sum has fewer than ``k`` bits set.

Keys extend: adding a card multiplies the product by its prime (or adds its
rank's weight) and adds its code, which is how :mod:`lookup.batch.census` walks every
hand without building index tuples. Work is done in row chunks that fit the
CPU cache, which is most of the speed, and memory stays proportional to the batch.

Badugi rankings take four cards (or five, as the best of five four-card
subsets): the card set's four suit masks each give a prime, and their product
is looked up. Wild-card rankings go to :mod:`lookup.batch.wild`. Which path a
ranking takes, and the hand sizes it accepts, its kind says
(:mod:`lookup.ranking.kinds`); the numpy tables are kept on the ranking
(:meth:`~lookup.ranking.ranking.Ranking.derived`), built once from the tables it
has loaded.

>>> import numpy as np
>>> from lookup.core.rules import Category
>>> hands = encode_batch(["As Ks Qs Js Ts", "7h 5d 4c 3s 2h"])
>>> classes = evaluate_batch(hands)
>>> classes.tolist(), [Category(c).title for c in categorize_batch(classes).tolist()]
([1, 7462], ['Straight Flush', 'High Card'])
>>> evaluate_batch(hands, rules="deuce-to-seven").tolist()
[7462, 1]
>>> evaluate_batch(np.array([[0, 1, 2, 3, 52]]))
Traceback (most recent call last):
...
lookup.CardError: row 0: card Jk (index 52) is not in the standard deck: it has no jokers
>>> evaluate_batch(np.array([[0, 1, 2, 3, 52]]), rules="joker").tolist()  # four deuces, joker
[13]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lookup.batch.primitives import (
    CHUNK_ROWS,
    CODE_CARD_SET,
    COUNTER_SHIFT,
    HashView,
    frozen,
    hash_view,
    popcount,
    slots,
)
from lookup.batch.wild import wild_batch
from lookup.core.cards import (
    DECK,
    JOKERS,
    PRIMES,
    CardsLike,
    flush_suit_by_counters,
    parse_cards,
    rank_multisets,
)
from lookup.core.errors import (
    CardError,
    DuplicateCardError,
    HandSizeError,
    PokerLookupError,
    RankingError,
)
from lookup.core.messages import count
from lookup.core.pool import check_workers, cpu_count
from lookup.ranking.ranking import Ranking, RulesLike, get_ranking
from lookup.ranking.tables import MASK_SPACE, RankKeyTable, exception_key

__all__ = [
    "CHUNK_ROWS",
    "CODE_CARD_SET",
    "HAND_SIZES",
    "NO_FLUSH",
    "BatchTables",
    "batch_tables",
    "categorize_batch",
    "classes_of_keys",
    "classes_of_rank_keys",
    "decode_batch",
    "encode_batch",
    "evaluate_batch",
    "flush_classes",
    "hand_keys",
]

HAND_SIZES: Final = (5, 6, 7)
"""Hand sizes the poker batch path evaluates in one lookup (a ranking's kind says its own:
``ranking.kind.batch_sizes``, badugi's 4 to 7)."""

NO_FLUSH: Final = 4
"""Value of :attr:`BatchTables.flush_suit` for suit counters without a flush."""


@dataclass(frozen=True)
class RowView:
    """A hand size's row-displaced table (:class:`~lookup.ranking.tables.RankKeyTable`), numpy."""

    shift: np.uint64
    offsets: NDArray[np.int64]
    classes: NDArray[np.uint16]


def _row_view(source: RankKeyTable) -> RowView:
    return RowView(
        shift=np.uint64(source.shift),
        offsets=frozen(source.offsets, np.int64),
        classes=frozen(source.classes, np.uint16),
    )


def _valid_rank_keys(ranking: Ranking, hand_size: int) -> NDArray[np.uint64]:
    """Sorted rank keys of every ``hand_size`` rank multiset of the deck (for ``check``).

    Derived from the weights when first asked for (about 0.1 s) rather than stored:
    only a caller who builds keys by hand needs them proved. Kept on the ranking,
    keyed by this function and the hand size.
    """
    return ranking.derived(
        (_valid_rank_keys, hand_size), lambda ranking: _rank_keys_of(ranking, hand_size)
    )


def _rank_keys_of(ranking: Ranking, hand_size: int) -> NDArray[np.uint64]:
    weights = batch_tables(ranking).card_rank_key[::4].tolist()  # deuce first
    keys = {
        sum(weights[r] for r in ranks)
        for ranks in rank_multisets(ranking.definition.rank_order, hand_size)
    }
    return frozen(sorted(keys), np.uint64)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class BatchTables:
    """Read-only numpy views of one ranking's tables, shaped for gathers.

    Per card index (52 entries): ``card_prime`` and ``card_rank_key`` (uint64,
    the rank's prime and its weight in six/seven-card rank keys), ``card_rank_bit``
    (uint16, ``1 << rank``), ``card_suit`` (uint8, 0 = clubs ... 3 = spades),
    ``card_code`` (uint64, see the module docstring), ``in_deck`` (bool: the card belongs to the
    ranking's deck); per pair of cards (2,704 entries, ``52 * a + b``)
    ``pair_prime``, ``pair_rank_key`` and ``pair_code``, the same keys for two
    cards at once. Tables: ``flush`` (uint16[8192], rank mask -> class; zeros
    where flushes do not count), the perfect hash ``hash5``, the row-displaced
    ``rank_tables`` of six and seven cards,
    ``flush_mode`` with its sorted ``exception_keys`` and ``exception_classes``,
    ``categories`` (uint8, category of each class number, index 0 unused) and
    ``flush_suit`` (uint8[4096]: the suit whose 3-bit counter is five or more,
    else :data:`NO_FLUSH`). Badugi rankings fill ``hash5`` with their
    four-card hash and ``mask_prime`` with each suit mask's prime (and have no
    rank keys: zeros, and no ``rank_tables``).
    """

    ranking: Ranking
    card_prime: NDArray[np.uint64]
    card_rank_key: NDArray[np.uint64]
    card_rank_bit: NDArray[np.uint16]
    card_suit: NDArray[np.uint8]
    card_code: NDArray[np.uint64]
    in_deck: NDArray[np.bool_]
    pair_prime: NDArray[np.uint64]
    """``card_prime[a] * card_prime[b]`` at ``52 * a + b``: one gather serves two cards."""
    pair_rank_key: NDArray[np.uint64]
    """``card_rank_key[a] + card_rank_key[b]`` at ``52 * a + b``."""
    pair_code: NDArray[np.uint64]
    """``card_code[a] + card_code[b]`` at ``52 * a + b``."""
    flush: NDArray[np.uint16]
    hash5: HashView
    rank_tables: dict[int, RowView]
    """Hand size (6, 7) -> its table; empty for badugi."""
    flush_mode: str
    exception_keys: NDArray[np.uint64]
    exception_classes: NDArray[np.uint16]
    categories: NDArray[np.uint8]
    flush_suit: NDArray[np.uint8]
    mask_prime: NDArray[np.uint64] | None


def batch_tables(rules: RulesLike = "standard") -> BatchTables:
    """The numpy tables of a ranking, built from its loaded tables on first call.

    >>> t = batch_tables()
    >>> int(t.card_prime[51]), int(t.card_suit[51]), t.flush.shape, t.flush.flags.writeable
    (41, 3, (8192,), False)
    >>> int(batch_tables("short-deck").in_deck.sum())
    36
    >>> batch_tables("joker")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.RankingError: joker has wild cards: its batches read its wild table ...
    """
    return _batch_tables(get_ranking(rules))


def _batch_tables(ranking: Ranking) -> BatchTables:
    """The ranking's :class:`BatchTables`, kept on it (keyed by :func:`_tables_of`)."""
    return ranking.derived(_tables_of, _tables_of)


def _tables_of(ranking: Ranking) -> BatchTables:
    """Build the ranking's :class:`BatchTables` from the tables it has loaded (a few ms)."""
    build = ranking.kind.pick(poker=_poker_tables, badugi=_badugi_tables, wild=_no_tables)
    return build(ranking, _common_views(ranking))


def _common_views(ranking: Ranking) -> dict[str, Any]:
    """The :class:`BatchTables` fields every kind fills alike."""
    flush_suit = [NO_FLUSH if suit is None else suit for suit in flush_suit_by_counters()]
    primes = [PRIMES[card.rank] for card in DECK]
    codes = [
        (1 << (13 * card.suit + card.rank)) | (1 << (COUNTER_SHIFT + 3 * card.suit))
        for card in DECK
    ]
    deck = {card.index for card in ranking.deck}
    return {
        "ranking": ranking,
        "card_prime": frozen(primes, np.uint64),
        "card_rank_bit": frozen([1 << card.rank for card in DECK], np.uint16),
        "card_suit": frozen([card.suit for card in DECK], np.uint8),
        "card_code": frozen(codes, np.uint64),
        "in_deck": frozen([i in deck for i in range(52)], np.bool_),
        "pair_prime": frozen([a * b for a in primes for b in primes], np.uint64),
        "pair_code": frozen([a + b for a in codes for b in codes], np.uint64),
        "categories": frozen([int(c) for c in ranking.categories], np.uint8),
        "flush_suit": frozen(flush_suit, np.uint8),
    }


def _poker_tables(ranking: Ranking, common: dict[str, Any]) -> BatchTables:
    five, multi = ranking.five_tables, ranking.multi_tables
    return BatchTables(
        **common,
        flush=frozen(five.flush if five.flush is not None else [0] * MASK_SPACE, np.uint16),
        hash5=hash_view(five.hash5),
        **_rank_key_views(multi.rank_keys),
        rank_tables={size: _row_view(table) for size, table in multi.by_size.items()},
        flush_mode=multi.flush_mode,
        exception_keys=frozen(multi.exception_keys, np.uint64),
        exception_classes=frozen(multi.exception_classes, np.uint16),
        mask_prime=None,
    )


def _badugi_tables(ranking: Ranking, common: dict[str, Any]) -> BatchTables:
    badugi = ranking.badugi_tables
    return BatchTables(
        **common,
        flush=frozen([0] * MASK_SPACE, np.uint16),
        hash5=hash_view(badugi.hash4),
        **_rank_key_views([0] * 13),
        rank_tables={},
        flush_mode="none",
        exception_keys=frozen([], np.uint64),
        exception_classes=frozen([], np.uint16),
        mask_prime=frozen(badugi.mask_prime, np.uint64),
    )


def _no_tables(ranking: Ranking, common: dict[str, Any]) -> BatchTables:
    raise RankingError(
        f"{ranking.name} has wild cards: its batches read its wild table "
        "(lookup.batch.wild), not these",
        ranking.name,
    )


def _rank_key_views(weights: Sequence[int]) -> dict[str, Any]:
    keys = [weights[card.rank] for card in DECK]
    return {
        "card_rank_key": frozen(keys, np.uint64),
        "pair_rank_key": frozen([a + b for a in keys for b in keys], np.uint64),
    }


def hand_keys(
    columns: Sequence[NDArray[np.intp]] | NDArray[np.intp],
) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    """The keys ``(rank_keys, codes)`` of hands given column-wise: one array per card.

    ``columns`` is a ``(k, N)`` integer array (or a sequence of ``k`` integer
    arrays of length ``N``; intp is fastest) of card indices, *already checked*
    to be in 0-51. The rank keys are prime products for five cards or fewer,
    rank weight sums for more. Returns two new uint64 arrays of length ``N``.

    >>> products, codes = hand_keys(np.array([[51], [50]]))  # As, Ah
    >>> int(products[0]) == 41 * 41, hex(int(codes[0]) & CODE_CARD_SET)
    (True, '0x8004000000000')
    >>> hand_keys(np.zeros((0, 3), dtype=np.intp))
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: hand_keys needs at least one card column
    """
    if len(columns) == 0:
        raise HandSizeError("hand_keys needs at least one card column", 0)
    t = _batch_tables(get_ranking("standard"))  # the per-card keys are the same for all
    by_product = len(columns) <= 5
    card_key, pair_key = (
        (t.card_prime, t.pair_prime) if by_product else (t.card_rank_key, t.pair_rank_key)
    )
    # Cards two at a time through the pair tables: one index serves both gathers.
    # ndarray.take measured faster than fancy indexing on these small tables.
    if len(columns) % 2:
        keys = card_key.take(columns[0])
        codes = t.card_code.take(columns[0])
        rest = columns[1:]
    else:
        keys = np.full(len(columns[0]), 1 if by_product else 0, dtype=np.uint64)
        codes = np.zeros(len(columns[0]), dtype=np.uint64)
        rest = columns
    pair = np.empty(len(columns[0]), dtype=np.intp)
    for first, second in zip(rest[0::2], rest[1::2], strict=True):
        # dtype=intp: narrow input columns must not overflow while forming the index.
        np.multiply(first, 52, out=pair, dtype=np.intp, casting="unsafe")
        np.add(pair, second, out=pair, dtype=np.intp, casting="unsafe")
        if by_product:
            keys *= pair_key.take(pair)
        else:
            keys += pair_key.take(pair)
        codes += t.pair_code.take(pair)
    return keys, codes


def _first_key_mismatch(
    keys: NDArray[np.uint64], found: NDArray[np.intp], view: HashView
) -> int | None:
    bad = np.flatnonzero(view.keys.take(found) != keys)
    return int(bad[0]) if bad.size else None


def _key_error(row: int, key: int) -> CardError:
    return CardError(
        f"row {row}: rank key {key} is no hand of distinct cards of this deck (a repeated card?)",
        key,
    )


def classes_of_rank_keys(
    keys: NDArray[np.uint64],
    *,
    hand_size: int = 7,
    rules: RulesLike = "standard",
    check: bool = False,
) -> NDArray[np.uint16]:
    """Best class without a flush of each rank key, through the ranking's tables.

    Takes the uint64 rank keys of :func:`hand_keys` (prime products of five
    ranks, rank weight sums of six or seven); returns a new uint16 array. Any
    other key gives an arbitrary class unless ``check`` is set, which checks
    that each key's slot holds it and raises :class:`~lookup.core.errors.CardError`
    naming the first bad row.

    >>> weight = batch_tables().card_rank_key[::4]  # deuce first
    >>> four_aces_king_deuce_three = 4 * weight[12] + weight[11] + weight[0] + weight[1]
    >>> classes_of_rank_keys(np.array([four_aces_king_deuce_three], dtype=np.uint64)).tolist()
    [11]
    >>> classes_of_rank_keys(np.array([5 * weight[12] + weight[0] + weight[1]]), check=True)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.CardError: row 0: rank key 7395906 is no hand of distinct cards of this deck ...
    >>> classes_of_rank_keys(np.array([41**4 * 37], dtype=np.uint64), hand_size=5).tolist()
    [11]
    >>> classes_of_rank_keys(np.array([41**5], dtype=np.uint64), hand_size=5, check=True)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.CardError: row 0: rank key 115856201 is no hand of distinct cards of this deck ...
    """
    t = batch_tables(rules)
    if hand_size == 5:
        found = slots(keys, t.hash5)
        if check:
            row = _first_key_mismatch(keys, found, t.hash5)
            if row is not None:
                raise _key_error(row, int(keys[row]))
        return t.hash5.classes.take(found)
    table = t.rank_tables.get(hand_size)
    if table is None:
        raise HandSizeError(f"{t.ranking.name} has no {hand_size}-card table", hand_size)
    rows = (keys >> table.shift).view(np.intp)
    # "clip": a key that is no hand (only possible unchecked) stays inside the arrays.
    at_slots = keys.view(np.intp) + table.offsets.take(rows, mode="clip")
    if check:
        valid = _valid_rank_keys(t.ranking, hand_size)
        at = np.searchsorted(valid, keys).clip(max=len(valid) - 1)
        bad = np.flatnonzero(valid[at] != keys)
        if bad.size:
            raise _key_error(int(bad[0]), int(keys[bad[0]]))
    return table.classes.take(at_slots, mode="clip")


def flush_classes(
    codes: NDArray[np.uint64], rules: RulesLike = "standard"
) -> tuple[NDArray[np.intp], NDArray[np.uint16], NDArray[np.uint64]]:
    """Rows whose code counts five or more cards of one suit, their best flush and its mask.

    >>> codes = hand_keys(np.array([[48], [44], [40], [36], [32], [0], [1]]))[1]
    >>> [a.tolist() for a in flush_classes(codes)]  # Ac Kc Qc Jc Tc 2c 2d
    [[0], [1], [7937]]
    >>> flush_classes(np.array([1.0]))
    Traceback (most recent call last):
    ...
    TypeError: flush_classes takes uint64 codes, got float64
    """
    if codes.dtype != np.uint64:
        raise TypeError(f"flush_classes takes uint64 codes, got {codes.dtype}")
    t = batch_tables(rules)
    suits = t.flush_suit.take((codes >> np.uint64(COUNTER_SHIFT)).view(np.intp))
    rows = np.flatnonzero(suits != NO_FLUSH)
    if rows.size == 0:
        return rows, np.empty(0, dtype=np.uint16), np.empty(0, dtype=np.uint64)
    shifts = suits[rows].astype(np.uint64) * np.uint64(13)
    masks = (codes[rows] >> shifts) & np.uint64(0x1FFF)
    return rows, t.flush.take(masks.view(np.intp)), masks


def classes_of_keys(
    keys: NDArray[np.uint64],
    codes: NDArray[np.uint64],
    hand_size: int,
    *,
    rules: RulesLike = "standard",
    check: bool = False,
) -> NDArray[np.uint16]:
    """Class number of each poker hand from its keys (see :func:`hand_keys`); a new uint16 array.

    ``check`` verifies the perfect-hash keys (see :func:`classes_of_rank_keys`).

    >>> keys = hand_keys(np.array([[51], [47], [43], [39], [35], [0], [5]]))  # As Ks Qs Js Ts 2c 3d
    >>> classes_of_keys(*keys, 7).tolist()
    [1]
    >>> classes_of_keys(*keys, 4)
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: the batch path evaluates 5, 6 or 7 cards, got 4
    """
    if hand_size not in HAND_SIZES:
        raise HandSizeError(f"the batch path evaluates 5, 6 or 7 cards, got {hand_size}", hand_size)
    t = batch_tables(rules)
    classes = classes_of_rank_keys(keys, hand_size=hand_size, rules=t.ranking, check=check)
    if not t.ranking.definition.flushes:
        return classes
    rows, flush, masks = flush_classes(codes, t.ranking)
    if hand_size == 5 or t.flush_mode == "wins":
        classes[rows] = flush  # five suited cards are the flush; or the flush wins outright
        return classes
    # 'better': the better of the two, save the listed exceptions.
    unsuited = classes[rows]
    best = np.minimum(flush, unsuited)
    candidates = np.flatnonzero(unsuited < flush)
    if candidates.size and t.exception_keys.size:
        wanted = exception_key(hand_size, keys[rows[candidates]], masks[candidates])
        at = np.searchsorted(t.exception_keys, wanted).clip(max=t.exception_keys.size - 1)
        hit = t.exception_keys[at] == wanted
        best[candidates[hit]] = t.exception_classes[at[hit]]
    classes[rows] = best
    return classes


def badugi_classes(
    columns: Sequence[NDArray[np.intp]] | NDArray[np.intp], rules: RulesLike
) -> NDArray[np.uint16]:
    """Class numbers of four-card badugi hands given column-wise (checked card indices)."""
    t = batch_tables(rules)
    assert t.mask_prime is not None
    card_set = np.zeros(len(columns[0]), dtype=np.uint64)
    for column in columns:
        card_set |= t.card_code.take(column) & np.uint64(CODE_CARD_SET)
    keys = np.ones(len(card_set), dtype=np.uint64)
    for suit in range(4):
        masks = (card_set >> np.uint64(13 * suit)) & np.uint64(0x1FFF)
        keys *= t.mask_prime.take(masks.view(np.intp))
    return t.hash5.classes.take(slots(keys, t.hash5))


def _as_card_array(cards: ArrayLike, ranking: Ranking) -> NDArray[np.integer[Any]]:
    try:
        array = np.asarray(cards)
    except (ValueError, TypeError):  # ragged nesting
        raise CardError(
            "card arrays are rectangular: every row needs the same count", None
        ) from None
    if array.dtype.kind not in "iu":
        raise CardError(
            f"card arrays hold integer card indices 0-51, got dtype {array.dtype}", str(array.dtype)
        )
    sizes = ranking.kind.batch_sizes
    if array.ndim != 2 or array.shape[1] not in sizes:
        allowed = ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"
        raise HandSizeError(
            f"expected an array of shape (N, k) with k {allowed} cards per row, "
            f"got shape {array.shape}",
            array.shape,
        )
    return array


def _raise_bad_card(
    block: NDArray[np.integer[Any]], start: int, t: BatchTables, *, check_duplicates: bool = False
) -> None:
    in_range = (block >= 0) & (block <= 51)
    bad = ~in_range
    bad[in_range] = ~t.in_deck[block[in_range].astype(np.intp)]
    row = int(np.flatnonzero(bad.any(axis=1))[0])
    if check_duplicates and row:
        # A repeated card in an earlier row is the first problem: name that one.
        ordered = np.sort(block[:row], axis=1)
        repeated = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if repeated.size:
            _raise_duplicate(block, int(repeated[0]), start)
    value = int(block[row][bad[row]][0])
    if value in (52, 53):  # a joker, in a ranking that deals none
        raise CardError(
            f"row {start + row}: card {JOKERS[value - 52]} (index {value}) is not in the "
            f"{t.ranking.name} deck: it has no jokers",
            value,
        )
    if not 0 <= value <= 51:
        raise CardError(
            f"row {start + row}: card index {value} is out of range: indices are 0-51 "
            "(4 * rank + suit)",
            value,
        )
    raise CardError(
        f"row {start + row}: card {DECK[value]} (index {value}) is not in the "
        f"{t.ranking.name} deck",
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
    cards: ArrayLike,
    *,
    rules: RulesLike = "standard",
    check_duplicates: bool = True,
    debug: bool = False,
    workers: int | None = None,
) -> NDArray[np.uint16]:
    """Class number of every row of an ``(N, k)`` array of card indices, under ``rules``.

    ``k`` is 5, 6 or 7 (badugi: 4 to 7, the best four-card subset playing); indices
    are ``4 * rank + suit`` (suits c, d, h, s), in any integer dtype. Returns
    ``uint16[N]``, the numbers :func:`lookup.evaluate` gives as ``.class_number``
    (1 = the ranking's best hand; lower is stronger; the Cactus-Kev number in the
    standard ranking).
    Rows are processed in cache-sized chunks, so memory is proportional to the batch.

    Checks, each naming the first bad row: shape and dtype, indices of cards in
    the ranking's deck (always), and distinct cards within a row (skip with
    ``check_duplicates=False`` when you guarantee it; a repeated card then
    gives an arbitrary class). ``debug=True`` also verifies each perfect-hash
    slot holds the hand's key.

    Parameters:

    ``cards``: an ``(N, k)`` integer array-like of card indices ``4 * rank + suit``
    ``rules``: the ranking (a name, a table folder's path or a Ranking); default standard
    ``check_duplicates``: False skips the distinct-cards check (the caller guarantees it)
    ``debug``: True also verifies each perfect-hash slot against the hand's key
    ``workers``: threads sharing the rows (1 up to 4 per CPU); None: every CPU for a batch
        of :data:`THREADED_ROWS` rows or more, else one. The answer is the same for any
        number, errors included (a bad row is named as one thread would name it)

    >>> evaluate_batch([[51, 47, 43, 39, 35], [0, 4, 8, 12, 49]]).tolist()  # royal, wheel
    [1, 1609]
    >>> evaluate_batch([[51, 0, 9, 14]], rules="badugi").tolist()  # As 2c 4d 5h: third best
    [3]
    >>> evaluate_batch([[51, 0, 9, 14, 50, 49, 48]], rules="badugi").tolist()  # + Ah Ad Ac
    [3]
    >>> evaluate_batch(np.array([[3, 7, 11, 15, 19, 3]], dtype=np.int8))
    Traceback (most recent call last):
    ...
    lookup.DuplicateCardError: row 0: card 2s appears twice; the cards of a row must \
be distinct (check_duplicates=False skips this check for callers who guarantee it)
    >>> evaluate_batch(np.zeros((2, 4), dtype=int))
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: expected an array of shape (N, k) with k 5, 6 or 7 cards \
per row, got shape (2, 4)
    >>> evaluate_batch([[0, 20, 24, 28, 32]], rules="short-deck")
    Traceback (most recent call last):
    ...
    lookup.CardError: row 0: card 2c (index 0) is not in the short-deck deck
    >>> evaluate_batch([[51, 47, 43, 39, 35]], workers=0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: workers must be a whole number from 1 to ..., got 0
    """
    check_workers(workers)
    ranking = get_ranking(rules)
    array = _as_card_array(cards, ranking)
    batch = ranking.kind.pick(poker=_poker_batch, badugi=_badugi_batch, wild=_wild_batch)
    rows = len(array)
    threads = workers if workers is not None else cpu_count() if rows >= THREADED_ROWS else 1
    # Parts of whole chunks, at least a few each: fewer threads for a small batch.
    threads = max(1, min(threads, rows // (4 * CHUNK_ROWS)))
    if threads == 1:
        return batch(array, ranking, check_duplicates, debug)
    return _threaded(batch, array, ranking, check_duplicates, debug, threads)


THREADED_ROWS: Final = 1 << 21
"""Rows from which ``evaluate_batch(workers=None)`` shares a batch among every CPU's thread.

Measured on two cores (best of 5): 1M seven-card rows 0.93x with two threads (20 ms
either way: the numpy steps that hold the GIL dominate), 4M rows 1.24x."""

_Batch = Callable[[NDArray[np.integer[Any]], Ranking, bool, bool], NDArray[np.uint16]]


def _threaded(
    batch: _Batch,
    array: NDArray[np.integer[Any]],
    ranking: Ranking,
    check_duplicates: bool,
    debug: bool,
    threads: int,
) -> NDArray[np.uint16]:
    """``batch`` over contiguous parts of ``array``, one per thread (numpy frees the GIL
    inside its array operations, so the parts run side by side)."""
    from concurrent.futures import ThreadPoolExecutor  # only a threaded batch needs it

    chunks = -(-len(array) // CHUNK_ROWS)
    bounds = (np.linspace(0, chunks, threads + 1).astype(int) * CHUNK_ROWS).tolist()
    parts = [array[a:b] for a, b in pairwise(bounds)]
    with ThreadPoolExecutor(threads) as pool:
        futures = [pool.submit(batch, part, ranking, check_duplicates, debug) for part in parts]
        failed = any(future.exception() is not None for future in futures)
    if failed:
        # A part numbers rows from its own start: one pass names the first bad row as
        # one thread would (errors are the rare path).
        return batch(array, ranking, check_duplicates, debug)
    return np.concatenate([future.result() for future in futures])


Keys = tuple[NDArray[np.uint64], NDArray[np.uint64]]
"""A chunk's rank keys and card codes (see :func:`hand_keys`)."""


def _poker_batch(
    array: NDArray[np.integer[Any]], ranking: Ranking, check_duplicates: bool, debug: bool
) -> NDArray[np.uint16]:
    def classes(columns: NDArray[np.intp], keys: Keys, start: int) -> NDArray[np.uint16]:
        rank_keys, codes = keys
        try:
            return classes_of_keys(rank_keys, codes, len(columns), rules=ranking, check=debug)
        except CardError as error:
            # Only the debug key check raises here; name the row in the caller's numbering.
            row = start + int(np.flatnonzero(rank_keys == error.token)[0])
            raise _key_error(row, int(rank_keys[row - start])) from None

    return _in_chunks(array, _batch_tables(ranking), check_duplicates, hand_keys, classes)


def _badugi_batch(
    array: NDArray[np.integer[Any]], ranking: Ranking, check_duplicates: bool, debug: bool
) -> NDArray[np.uint16]:
    t = _batch_tables(ranking)

    def card_sets(columns: NDArray[np.intp]) -> Keys:
        codes = np.zeros(columns.shape[1], dtype=np.uint64)
        for column in columns:
            codes += t.card_code.take(column)
        return codes, codes  # no rank key: the suits' rank masks are taken from the card set

    def classes(columns: NDArray[np.intp], keys: Keys, start: int) -> NDArray[np.uint16]:
        if len(columns) == 4:
            return badugi_classes(columns, ranking)
        # The best (lowest) class of every four-card subset: 5, 15 or 35 of them, each a
        # vectorised pass over the chunk.
        return np.minimum.reduce(  # type: ignore[no-any-return]
            [badugi_classes(columns[list(keep)], ranking) for keep in _fours(len(columns))]
        )

    return _in_chunks(array, t, check_duplicates, card_sets, classes)


def _wild_batch(
    array: NDArray[np.integer[Any]], ranking: Ranking, check_duplicates: bool, debug: bool
) -> NDArray[np.uint16]:
    # Jokers are indices 52 and 53; the wild path's keys are summed, not hashed by
    # hand, so there is nothing more for debug to check.
    return wild_batch(array, ranking, check_duplicates)


def _in_chunks(
    array: NDArray[np.integer[Any]],
    t: BatchTables,
    check_duplicates: bool,
    keys_of: Callable[[NDArray[np.intp]], Keys],
    classes_of: Callable[[NDArray[np.intp], Keys, int], NDArray[np.uint16]],
) -> NDArray[np.uint16]:
    """Class numbers of every row, chunk by cache-sized chunk, every card checked.

    ``keys_of(columns)`` gives a chunk's keys, whose codes prove the cards distinct;
    ``classes_of(columns, keys, first row)`` its class numbers.
    """
    short_deck = len(t.ranking.deck) < 52
    rows, hand_size = array.shape
    out = np.empty(rows, dtype=np.uint16)
    for start in range(0, rows, CHUNK_ROWS):
        block = array[start : start + CHUNK_ROWS]
        # One contiguous intp column per card: the gathers then index without casting.
        columns = np.ascontiguousarray(block.T, dtype=np.intp)
        if columns.view(np.uintp).max() > 51 or (short_deck and not t.in_deck.take(columns).all()):
            _raise_bad_card(block, start, t, check_duplicates=check_duplicates)
        keys = keys_of(columns)
        if check_duplicates:
            repeated = np.flatnonzero(popcount(keys[1] & np.uint64(CODE_CARD_SET)) != hand_size)
            if repeated.size:
                _raise_duplicate(block, int(repeated[0]), start)
        out[start : start + len(block)] = classes_of(columns, keys, start)
    return out


def _fours(hand_size: int) -> list[tuple[int, ...]]:
    """The column indices of every four-card subset of a ``hand_size``-card row."""
    return list(combinations(range(hand_size), 4))


def categorize_batch(classes: ArrayLike, *, rules: RulesLike = "standard") -> NDArray[np.uint8]:
    """The :class:`~lookup.core.rules.Category` value of each class number of ``rules``.

    Parameters:

    ``classes``: class numbers of ``rules`` (any integer array-like, e.g.
        :func:`evaluate_batch`'s answer)
    ``rules``: the ranking the numbers belong to (a name, a table folder's path or a Ranking)

    >>> categorize_batch([1, 11, 7462]).tolist()
    [8, 7, 0]
    >>> categorize_batch([0])
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: item 0: class number 0 is out of range: class numbers are 1-7462
    """
    t = batch_tables(rules)
    count = t.ranking.class_count
    array = np.asarray(classes)
    if array.dtype.kind not in "iu":
        raise PokerLookupError(
            f"class numbers are integers, got dtype {array.dtype}", str(array.dtype)
        )
    flat = array.reshape(-1)
    if flat.size and (flat.min() < 1 or flat.max() > count):
        item = int(np.flatnonzero((flat < 1) | (flat > count))[0])
        raise PokerLookupError(
            f"item {item}: class number {int(flat[item])} is out of range: "
            f"class numbers are 1-{count}",
            int(flat[item]),
        )
    return t.categories[array.astype(np.intp)]


def encode_batch(hands: Iterable[CardsLike]) -> NDArray[np.uint8]:
    """Card indices (uint8, shape ``(N, k)``) of hands in any form :func:`parse_cards` reads.

    Every hand must have the same number of cards; parsing is per hand, in Python.

    Parameters:

    ``hands``: the hands, each in any form :func:`parse_cards` reads, all of one size

    >>> encode_batch(["As Kd", "2c 3c"]).tolist()
    [[51, 45], [0, 4]]
    >>> encode_batch(["As Kd", "2c"])
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: hand 1 has 1 card, hand 0 has 2: every hand needs the same count
    """
    rows = [[card.index for card in parse_cards(hand)] for hand in hands]
    for number, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise HandSizeError(
                f"hand {number} has {count(len(row), 'card')}, hand 0 has {len(rows[0])}: "
                "every hand needs the same count"
            )
    width = len(rows[0]) if rows else 0
    return np.array(rows, dtype=np.uint8).reshape(len(rows), width)


def decode_batch(cards: ArrayLike) -> list[str]:
    """Each row of card indices as a string such as ``'As Kd 7h'``.

    Parameters:

    ``cards``: an ``(N, k)`` integer array-like of card indices ``4 * rank + suit``

    >>> decode_batch([[51, 45], [0, 4]])
    ['As Kd', '2c 3c']
    >>> decode_batch([[52, 53, 0]])
    ['Jk Jkb 2c']
    >>> decode_batch([[54]])
    Traceback (most recent call last):
    ...
    lookup.CardError: row 0: card index 54 is out of range: indices are 0-51 ...
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
    if array.size and (array.min() < 0 or array.max() > 53):
        row = int(np.flatnonzero(((array < 0) | (array > 53)).any(axis=1))[0])
        value = int(array[row][(array[row] < 0) | (array[row] > 53)][0])
        raise CardError(
            f"row {row}: card index {value} is out of range: indices are 0-51 "
            "(4 * rank + suit) and 52-53 (jokers)",
            value,
        )
    names = [str(card) for card in (*DECK, *JOKERS)]  # 52 and 53: the jokers
    return [" ".join(names[i] for i in row) for row in array.tolist()]
