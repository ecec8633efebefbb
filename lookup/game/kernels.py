"""Vectorised showdown kernels: the class number of every player's hand in many deals at once.

A kernel takes card *columns*, one per card position: each column is either a
plain ``int`` (a card known for every deal of the chunk, such as a player's
fixed hole card) or an intp array with one card per deal. Known cards cost
nothing per deal, and the Omaha kernel uses them to pick whole table rows.
Class numbers come back as uint16 arrays (1 = the ranking's best hand).

* **Best five of seven** (Hold'em, short deck, stud, razz, stud hi/lo): the
  board's rank key and card code are added up once per deal, each
  player adds two (or seven) cards, and :func:`lookup.batch.evaluate.classes_of_keys`
  judges the seven under any ranking.
* **Five cards** (draw games) and **four** (badugi): one key per hand, as in
  :mod:`lookup.batch.evaluate`.
* **Wild-card rankings** (joker, two jokers, deuces wild, the bug) in the
  families whose hand is the best five of all its cards (Hold'em, stud, draw):
  :class:`WildBatchKernel`, the method of :mod:`lookup.batch.wild` column by
  column, jokers as card indices 52 and 53. Other families refuse them.
* **Omaha** (exactly two hole cards and three board cards): never 60
  five-card evaluations. Ranks alone give every hand but a flush, so a table
  built once per ranking, ``best[hole rank pair, board rank multiset]`` =
  the best class of the pair with any three of the board's five ranks,
  answers the unsuited part with *one gather per hole pair* (6 for four
  cards); the board's rank multiset is indexed by its slot in the standard
  five-card perfect hash. A flush needs three board cards of one suit and two
  hole cards of it: ``flush_best[board suit mask, hole rank pair]`` (the best
  flush over the board's suited triples) is gathered only for the deals
  whose board has three or more of a suit, and only for the player's pairs of
  that suit. The tables (169 x 6,366 and 2,288 x 169 uint16, 2.9 MB) are
  derived from the ranking's own five-card tables in about 0.2 s on first
  use. This is exact whenever a flush is never worse than the same five ranks
  unsuited, which the build checks (standard high poker; rankings without
  flushes, such as eight-or-better, skip the flush step).

>>> import numpy as np
>>> from lookup.core.cards import parse_cards
>>> def cols(text):
...     return [c.index for c in parse_cards(text)]
>>> from lookup.game.family import HOLDEM, OMAHA
>>> omaha = OMAHA.batch_kernel("standard")  # an OmahaBatchKernel
>>> prepared = omaha.prepare(cols("Qs Js Ts 3h 3c"), 1)
>>> omaha.classes(prepared, cols("As Ks 2d 7c")).tolist()  # royal flush
[1]
>>> other = omaha.prepare(cols("Ks Qs Js Ts 3c"), 1)
>>> omaha.classes(other, cols("As 2d 7c 8h")).tolist()  # no straight: only two hole cards play
[6187]
>>> holdem = HOLDEM.batch_kernel("joker")  # the joker (52) makes five aces
>>> holdem.classes(holdem.prepare(cols("Ac Ad Ah 7c 2d"), 1), [cols("As")[0], 52]).tolist()
[1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from lookup.batch.evaluate import (
    BatchTables,
    badugi_classes,
    batch_tables,
    classes_of_keys,
    classes_of_rank_keys,
)
from lookup.batch.primitives import slots as _slots
from lookup.batch.wild import classes_of_wild_keys
from lookup.batch.wild import wild_batch_tables as _wild_tables
from lookup.core.cards import PRIMES, rank_multisets
from lookup.core.errors import GameError
from lookup.ranking.ranking import Ranking

__all__ = [
    "BadugiBatchKernel",
    "BatchKernel",
    "Column",
    "FiveBatchKernel",
    "OmahaBatchKernel",
    "SevenBatchKernel",
    "WildBatchKernel",
    "as_array",
    "wild_kernel",
]

Column = int | npt.NDArray[np.intp]
"""One card position: a card known for every deal, or one card index per deal."""

U16 = npt.NDArray[np.uint16]
_COUNTER_SHIFT: Final = np.uint64(52)
_NO_SUIT: Final = 4
_INVALID: Final = np.iinfo(np.uint16).max


def as_array(column: Column, n: int) -> npt.NDArray[np.intp]:
    """``column`` as an intp array of length ``n``.

    >>> as_array(5, 3).tolist(), as_array(np.array([1, 2]), 2).tolist()
    ([5, 5, 5], [1, 2])
    """
    if isinstance(column, int):
        return np.full(n, column, dtype=np.intp)
    return column


def _gather(table: npt.NDArray[Any], column: Column) -> Any:
    return table[column] if isinstance(column, int) else table.take(column)


def _fill(value: Any, n: int, dtype: type[np.generic]) -> npt.NDArray[Any]:
    """A per-deal array from a sum that may still be a scalar (every column known)."""
    array = np.asarray(value, dtype=dtype)
    return np.full(n, array, dtype=dtype) if array.ndim == 0 else array.astype(dtype, copy=False)


class BatchKernel(Protocol):
    """The class numbers of one player's hand in every deal of a chunk."""

    def prepare(self, board: Sequence[Column], n: int) -> Any:
        """Work on the board shared by every player (``n`` deals)."""

    def classes(self, prepared: Any, hole: Sequence[Column]) -> U16:
        """Class number of each deal for one player's hole cards."""


@dataclass(frozen=True)
class _Sums:
    rank_key: npt.NDArray[np.uint64]
    code: npt.NDArray[np.uint64]


@dataclass(frozen=True)
class SevenBatchKernel:
    """Best five of the hole cards plus the board (7 cards in all) under one ranking."""

    ranking: Ranking

    def prepare(self, board: Sequence[Column], n: int) -> _Sums:
        t = batch_tables()
        rank_key: Any = np.uint64(0)
        code: Any = np.uint64(0)
        for column in board:
            rank_key = rank_key + _gather(t.card_rank_key, column)
            code = code + _gather(t.card_code, column)
        return _Sums(_fill(rank_key, n, np.uint64), _fill(code, n, np.uint64))

    def classes(self, prepared: _Sums, hole: Sequence[Column]) -> U16:
        t = batch_tables()
        keys = prepared.rank_key.copy()
        codes = prepared.code.copy()
        for column in hole:
            keys += _gather(t.card_rank_key, column)
            codes += _gather(t.card_code, column)
        return classes_of_keys(keys, codes, 7, rules=self.ranking)


@dataclass(frozen=True)
class FiveBatchKernel:
    """The five cards as they are (draw games): one key a hand."""

    ranking: Ranking

    def prepare(self, board: Sequence[Column], n: int) -> int:
        return n

    def classes(self, prepared: int, hole: Sequence[Column]) -> U16:
        t = batch_tables()
        keys: Any = np.uint64(1)
        codes: Any = np.uint64(0)
        for column in hole:
            keys = keys * _gather(t.card_prime, column)
            codes = codes + _gather(t.card_code, column)
        return classes_of_keys(
            _fill(keys, prepared, np.uint64), _fill(codes, prepared, np.uint64), 5,
            rules=self.ranking,
        )  # fmt: skip


@dataclass(frozen=True)
class BadugiBatchKernel:
    """Four cards under a badugi ranking."""

    ranking: Ranking

    def prepare(self, board: Sequence[Column], n: int) -> int:
        return n

    def classes(self, prepared: int, hole: Sequence[Column]) -> U16:
        return badugi_classes([as_array(c, prepared) for c in hole], self.ranking)


@dataclass(frozen=True)
class OmahaTables:
    """The per-ranking tables of the Omaha kernel (see the module docstring)."""

    best: npt.NDArray[np.uint16]
    """Flat ``(169, slots)``: row ``13 * rank_a + rank_b``, column the board's hash5 slot."""
    slots: int
    flush_best: npt.NDArray[np.uint16] | None
    """Flat ``(masks, 169)``: best flush of a pair of that suit with a board suit mask."""
    mask_row: npt.NDArray[np.intp]
    """Board suit mask (13 bits) -> row of ``flush_best`` (3 to 5 bits set), else -1."""
    three_suit: npt.NDArray[np.uint8]
    """Suit counters (bits 52-63 of a code, shifted down) -> the suit with 3+ cards, or 4."""


@cache
def _pair_rows() -> npt.NDArray[np.intp]:
    """``52 * a + b`` -> ``13 * rank(a) + rank(b)``: a hole pair's row in the Omaha tables."""
    index = np.arange(52 * 52)
    return ((index // 52 // 4) * 13 + (index % 52) // 4).astype(np.intp)


def _omaha_tables(ranking: Ranking) -> OmahaTables:
    """The ranking's :class:`OmahaTables`, kept on it (keyed by this function)."""
    return ranking.derived(_omaha_tables, _build_omaha_tables)


def _build_omaha_tables(ranking: Ranking) -> OmahaTables:
    standard = batch_tables()
    t = batch_tables(ranking)
    view = standard.hash5
    slot_count = int(view.slot_count)
    # Every board rank multiset (no rank five times), its slot in the standard hash.
    boards = np.array(
        list(rank_multisets(range(13), 5)),
        dtype=np.intp,
    )
    primes = np.array(PRIMES, dtype=np.uint64)
    board_slots = _slots(np.prod(primes[boards], axis=1, dtype=np.uint64), view)
    triples = np.array(list(combinations(range(5), 3)), dtype=np.intp)
    triple_keys = np.prod(primes[boards[:, triples]], axis=2, dtype=np.uint64)  # (B, 10)
    board_counts = np.zeros((len(boards), 13), dtype=np.intp)
    for column in range(5):
        np.add.at(board_counts, (np.arange(len(boards)), boards[:, column]), 1)
    best = np.full((169, slot_count), _INVALID, dtype=np.uint16)
    for a in range(13):
        for b in range(a, 13):
            pair_counts = board_counts.copy()
            pair_counts[:, a] += 1
            pair_counts[:, b] += 1
            real = (pair_counts <= 4).all(axis=1)  # a deal never holds five of a rank
            keys = (triple_keys[real] * np.uint64(PRIMES[a] * PRIMES[b])).reshape(-1)
            classes = classes_of_rank_keys(keys, hand_size=5, rules=t.ranking)
            row = classes.reshape(-1, 10).min(axis=1)
            best[13 * a + b, board_slots[real]] = row
            best[13 * b + a, board_slots[real]] = row
    flush_best = None
    mask_row = np.full(1 << 13, -1, dtype=np.intp)
    if t.ranking.definition.flushes:
        _check_flush_never_worse(t)
        masks = [m for m in range(1 << 13) if 3 <= m.bit_count() <= 5]
        mask_row[masks] = np.arange(len(masks))
        flush_best = np.full((len(masks), 169), _INVALID, dtype=np.uint16)
        pairs = [(a, b) for a in range(13) for b in range(a + 1, 13)]
        pair_bits = np.array([(1 << a) | (1 << b) for a, b in pairs], dtype=np.intp)
        pair_rows = np.array([13 * a + b for a, b in pairs] + [13 * b + a for a, b in pairs])
        for size in (3, 4, 5):
            rows = [r for r, m in enumerate(masks) if m.bit_count() == size]
            # Each mask's suited triples as rank bits: shape (masks, C(size, 3)).
            suited = np.array(
                [
                    [sum(c) for c in combinations([1 << r for r in range(13) if m >> r & 1], 3)]
                    for m in (masks[r] for r in rows)
                ],
                dtype=np.intp,
            )
            values = t.flush.take(suited[:, None, :] | pair_bits[None, :, None]).min(axis=2)
            # A pair holding a rank of the board's suit is no deal: those stay invalid.
            clash = (np.array([masks[r] for r in rows])[:, None] & pair_bits[None, :]) != 0
            values[clash] = _INVALID
            flush_best[np.array(rows)[:, None], pair_rows[None, :]] = np.tile(values, 2)
    counters = np.arange(1 << 12)
    three_suit = np.full(1 << 12, _NO_SUIT, dtype=np.uint8)
    for suit in range(4):
        three_suit[((counters >> (3 * suit)) & 7) >= 3] = suit
    return OmahaTables(
        best.reshape(-1),
        slot_count,
        None if flush_best is None else flush_best.reshape(-1),
        mask_row,
        three_suit,
    )


def _check_flush_never_worse(t: BatchTables) -> None:
    masks = np.array([m for m in range(1 << 13) if m.bit_count() == 5], dtype=np.intp)
    primes = np.array(PRIMES, dtype=np.uint64)
    ranks = np.array([[r for r in range(13) if m >> r & 1] for m in masks.tolist()])
    unsuited = classes_of_rank_keys(
        np.prod(primes[ranks], axis=1, dtype=np.uint64), hand_size=5, rules=t.ranking
    )
    if (t.flush[masks] > unsuited).any():
        raise GameError(
            f"the Omaha kernel needs a ranking where a flush is never worse than the same "
            f"ranks unsuited; {t.ranking.name} is not one",
            t.ranking.name,
        )


@dataclass(frozen=True)
class _OmahaBoard:
    slot: npt.NDArray[np.intp]
    flush_rows: npt.NDArray[np.intp]
    """Deals whose board has three or more cards of one suit."""
    flush_suit: npt.NDArray[np.uint8]
    mask_row: npt.NDArray[np.intp]
    n: int


@dataclass(frozen=True)
class OmahaBatchKernel:
    """Exactly two of the hole cards and exactly three of the five board cards."""

    ranking: Ranking

    def prepare(self, board: Sequence[Column], n: int) -> _OmahaBoard:
        # Its tables hold the best class per hole pair for a five-card board's rank
        # multiset; a shorter board would be read as a wrong one, so it is refused.
        if len(board) != 5:
            raise GameError(
                f"the Omaha batch kernel reads complete boards of 5 cards, got {len(board)}",
                len(board),
            )
        t = batch_tables()
        tables = _omaha_tables(self.ranking)
        product: Any = np.uint64(1)
        code: Any = np.uint64(0)
        for column in board:
            product = product * _gather(t.card_prime, column)
            code = code + _gather(t.card_code, column)
        products, codes = _fill(product, n, np.uint64), _fill(code, n, np.uint64)
        slot = _slots(products, t.hash5)
        suit = tables.three_suit.take((codes >> _COUNTER_SHIFT).view(np.intp))
        rows = np.flatnonzero(suit != _NO_SUIT)
        flush_suit = suit[rows]
        masks = (codes[rows] >> (flush_suit.astype(np.uint64) * np.uint64(13))) & np.uint64(0x1FFF)
        return _OmahaBoard(slot, rows, flush_suit, tables.mask_row.take(masks.view(np.intp)), n)

    def classes(self, prepared: _OmahaBoard, hole: Sequence[Column]) -> U16:
        tables = _omaha_tables(self.ranking)
        pair_rows = _pair_rows()
        t = batch_tables()
        best: U16 | None = None
        fixed_rows: set[int] = set()
        for a, b in combinations(hole, 2):
            if isinstance(a, int) and isinstance(b, int):
                fixed_rows.add(int(pair_rows[52 * a + b]))  # rank pairs repeat in paired holes
                continue
            index = _gather(pair_rows, 52 * a + b) * tables.slots + prepared.slot
            found = tables.best.take(index)
            best = found if best is None else np.minimum(best, found, out=best)
        for row in sorted(fixed_rows):
            found = tables.best[row * tables.slots : (row + 1) * tables.slots].take(prepared.slot)
            best = found if best is None else np.minimum(best, found, out=best)
        assert best is not None, "an Omaha hole has at least two cards"
        if tables.flush_best is None or not len(prepared.flush_rows):
            return best
        rows = prepared.flush_rows
        flush_at = prepared.mask_row * 169
        for a, b in combinations(hole, 2):
            if isinstance(a, int) and isinstance(b, int):
                if t.card_suit[a] != t.card_suit[b]:
                    continue
                where = np.flatnonzero(prepared.flush_suit == t.card_suit[a])
                value = tables.flush_best.take(flush_at[where] + int(pair_rows[52 * a + b]))
                target = rows[where]
            else:
                a_rows = a if isinstance(a, int) else a[rows]
                b_rows = b if isinstance(b, int) else b[rows]
                suit_a = _gather(t.card_suit, a_rows)
                suit_b = _gather(t.card_suit, b_rows)
                where = np.flatnonzero((suit_a == suit_b) & (suit_a == prepared.flush_suit))
                a_where = a_rows if isinstance(a_rows, int) else a_rows[where]
                b_where = b_rows if isinstance(b_rows, int) else b_rows[where]
                pair = _gather(pair_rows, 52 * a_where + b_where)
                value = tables.flush_best.take(flush_at[where] + pair)
                target = rows[where]
            best[target] = np.minimum(best[target], value)
        return best


@dataclass(frozen=True)
class _WildBoard:
    key: npt.NDArray[np.uint64]
    board: tuple[Column, ...]


@dataclass(frozen=True)
class WildBatchKernel:
    """Best five of hole plus board (or the five as dealt) under a wild-card ranking.

    The method of :mod:`lookup.batch.wild`, column by column: per-card keys
    (jokers are indices 52 and 53) are summed, the board's once per deal; the
    sum's lanes say which suits can make a flush, and only those deals gather
    the suit's natural rank mask for the flush table.
    """

    ranking: Ranking

    def prepare(self, board: Sequence[Column], n: int) -> _WildBoard:
        t = _wild_tables(self.ranking)
        key: Any = np.uint64(0)
        for column in board:
            key = key + _gather(t["key"], column)
        return _WildBoard(_fill(key, n, np.uint64), tuple(board))

    def classes(self, prepared: _WildBoard, hole: Sequence[Column]) -> U16:
        t = _wild_tables(self.ranking)
        keys = prepared.key.copy()
        for column in hole:
            keys += _gather(t["key"], column)
        return classes_of_wild_keys(keys, (*prepared.board, *hole), t)


def _is_wild(ranking: Ranking) -> bool:
    return ranking.kind.pick(poker=False, badugi=False, wild=True)


def wild_kernel(ranking: Ranking) -> WildBatchKernel | None:
    """The wild-card kernel when ``ranking`` deals wild cards or jokers, None otherwise.

    The family decides whether it fits (:meth:`lookup.game.family.GameFamily.batch_kernel`).
    """
    return WildBatchKernel(ranking) if _is_wild(ranking) else None
