"""The isomorphism index over numpy arrays: every row of an array of situations at once.

The same construction as :mod:`lookup.iso.isomorphism`, one numpy operation per
step over all rows: each suit's rank sets as 13-bit masks, packed past the ranks
its earlier rounds used by table lookups (a 7-bit and a 6-bit half, so the tables
stay small), ranked by the colexicographic table, the four suits sorted as integer
keys, the configuration found by binary search. The only Python loops run over the
four suits, the rounds and the cards of a row, never over rows.
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np

from lookup.core.cards import DECK
from lookup.core.errors import CardError, DuplicateCardError, IsomorphismError
from lookup.core.messages import duplicate_card
from lookup.iso.ranksets import (
    SUIT_ORDER,
    colex_table,
    pdep_tables,
    pext_tables,
    uncolex_table,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

    import numpy.typing as npt

    class Isomorphism(Protocol):
        """What the array path reads of a :class:`lookup.iso.isomorphism.Isomorphism`:
        its rounds, size and private layout. Named here, not imported, because that
        module imports this one for its ``index_many`` and ``unindex_many``."""

        _configs: tuple[Any, ...]  # its _Config blocks: codes, ends, mults, offset, ...
        _ranks: int
        _low: int
        _stride: int
        _space: tuple[int, ...]
        _span: int
        _codes_of: tuple[tuple[int, ...], ...]
        _many: object

        @property
        def rounds(self) -> tuple[int, ...]: ...

        @property
        def size(self) -> int: ...


__all__ = ["index_many", "unindex_many"]

_I64 = np.int64


@cache
def _bit_tables() -> dict[str, np.ndarray]:
    """Deck-independent tables over 13-bit rank masks, built once and read-only.

    Two-dimensional tables are stored flat (row * width + column): numpy's ``take``
    on one axis is the fastest lookup it has.
    """
    popcount = np.array([m.bit_count() for m in range(1 << 13)], dtype=_I64)
    colex = np.array(colex_table(), dtype=_I64)
    uncolex, starts = uncolex_table()
    pext_lo, pext_hi = pext_tables()
    pdep_lo, pdep_hi = pdep_tables()

    # A rank mask spread to a card mask: rank r to bit 4 * r (clubs), shifted by the suit.
    spread = [sum(1 << (4 * r) for r in range(13) if m >> r & 1) for m in range(1 << 13)]
    tables = {
        "popcount": popcount,
        "colex": colex,
        "uncolex": np.array(uncolex, dtype=_I64),
        "uncolex_start": np.array(starts, dtype=_I64),
        "pext_lo": np.array(pext_lo, dtype=_I64),
        "pext_hi": np.array(pext_hi, dtype=_I64),
        "pdep_lo": np.array(pdep_lo, dtype=_I64),
        "pdep_hi": np.array(pdep_hi, dtype=_I64),
        "spread": np.array(spread, dtype=_I64),
        # select[free << 4 | q]: the q-th lowest rank of the set `free`
        "select": np.array(
            [
                ([b for b in range(13) if free >> b & 1] + [0] * 16)[q]
                for free in range(1 << 13)
                for q in range(16)
            ],
            dtype=_I64,
        ),
        # binom[n * 14 + k] = C(n, k)
        "binom": np.array([comb(n, k) for n in range(14) for k in range(14)], dtype=_I64),
    }
    for table in tables.values():
        table.setflags(write=False)
    return tables


class _Plan:
    """One isomorphism's tables as arrays: its shapes and configurations."""

    def __init__(self, iso: Isomorphism) -> None:
        configs = iso._configs
        self.rounds = iso.rounds
        self.ranks = iso._ranks
        self.low = iso._low
        self.size = iso.size
        self.stride = iso._stride
        space = iso._space
        # A suit's key: its shape's code above its rank index, so sorting keys sorts suits
        # by shape, then rank index, as the scalar path sorts (code, index) pairs.
        self.span = iso._span
        if self.stride**4 >= 2**62 or self.stride * self.span >= 2**62 or self.size >= 2**62:
            raise IsomorphismError(
                f"{iso!r} is too large for 64-bit arrays: use index() one situation at a time",
                iso.rounds,
            )
        self.shapes = np.array(iso._codes_of, dtype=_I64).reshape(len(iso._codes_of), -1)
        self.space = np.array(space, dtype=_I64)
        self.config_keys = np.array(
            [sum(c * self.stride ** (3 - p) for p, c in enumerate(cfg.codes)) for cfg in configs],
            dtype=_I64,
        )
        self.offsets = np.array([cfg.offset for cfg in configs], dtype=_I64)
        self.codes = np.array([cfg.codes for cfg in configs], dtype=_I64)
        self.ends = np.array([cfg.ends for cfg in configs], dtype=_I64)
        self.starts = np.array([cfg.starts for cfg in configs], dtype=bool)
        self.mults = np.array([cfg.mults for cfg in configs], dtype=_I64)
        self.sizes = np.array([cfg.sizes for cfg in configs], dtype=_I64)
        # C(x, k) for k = 2..4 and every x a group's multiset number can reach: the
        # largest x with C(x, k) <= v is a binary search in it.
        self.choose: dict[int, np.ndarray] = {}
        for k in range(2, 5):
            largest = max(
                (int(cfg.sizes[p]) for cfg in configs for p in range(4) if cfg.ends[p] == k),
                default=0,
            )
            row = [0] * k  # C(x, k) for x < k
            x = k
            while row[-1] <= largest:
                row.append(comb(x, k))
                x += 1
            self.choose[k] = np.array(row, dtype=_I64)


def _plan(iso: Isomorphism) -> _Plan:
    """The isomorphism's arrays, built on its first vectorised call and kept on it."""
    plan = iso._many
    if not isinstance(plan, _Plan):
        plan = _Plan(iso)
        iso._many = plan
    return plan


def _choose(x: np.ndarray, k: np.ndarray) -> np.ndarray:
    """``C(x, k)`` elementwise for ``k`` in 1..4, exact in int64 (a product over one
    factor at a time, each step a whole binomial)."""
    result = x.copy()
    # Most suits are alone in their group (k = 1, C(x, 1) = x): work on the others only.
    some = np.flatnonzero(k > 1)
    if some.size:
        flat, sub_x, sub_k = result.reshape(-1), x.reshape(-1)[some], k.reshape(-1)[some]
        sub = sub_x.copy()
        for j in range(2, 5):
            sub = np.where(sub_k >= j, sub * (sub_x - j + 1) // j, sub)
        flat[some] = sub
    return result


def _rows(iso: Isomorphism, cards: npt.ArrayLike) -> np.ndarray:
    """``cards`` as an int64 array of shape (n, sum(rounds)), every card checked."""
    array = np.asarray(cards)
    total = sum(iso.rounds)
    if array.ndim == 1 and array.size == total:
        array = array.reshape(1, total)
    if array.ndim != 2 or array.shape[1] != total:
        raise IsomorphismError(
            f"{iso!r} indexes rows of {total} card indices: give an array of shape "
            f"(n, {total}), got shape {array.shape}",
            array.shape,
        )
    if array.dtype == bool or not np.issubdtype(array.dtype, np.integer):
        raise CardError(
            f"card indices are integers 0-51 (4 * rank + suit), got an array of {array.dtype}",
            str(array.dtype),
        )
    array = np.ascontiguousarray(array, dtype=_I64)  # a column slice is strided: copy once
    low = 4 * iso._low
    bad = (array < low) | (array > 51)
    if bad.any():
        row, col = (int(i) for i in np.argwhere(bad)[0])
        value = int(array[row, col])
        allowed = "0-51 (4 * rank + suit)" if low == 0 else f"{low}-51 (the short deck: 6-A)"
        raise CardError(f"row {row}: card index {value} is out of range: indices are {allowed}",
                        value)  # fmt: skip
    # A card twice in a row: the row's card bits, summed, differ from the same bits or-ed.
    bits = np.left_shift(1, array)
    if (bits.sum(axis=1) != np.bitwise_or.reduce(bits, axis=1)).any():
        ordered = np.sort(array, axis=1)
        twice = ordered[:, 1:] == ordered[:, :-1]
        row, col = (int(i) for i in np.argwhere(twice)[0])
        card = DECK[int(ordered[row, col])]
        raise DuplicateCardError(f"row {row}: {duplicate_card(card)}", str(card))
    return array


def _pext(free: np.ndarray, ranks: np.ndarray, t: dict[str, np.ndarray]) -> np.ndarray:
    """``ranks`` (inside ``free``) packed to the positions they take among ``free``."""
    free_lo = free & 127
    low = t["pext_lo"].take(free_lo << 7 | ranks & 127)
    high = t["pext_hi"].take((free >> 7) << 6 | ranks >> 7)
    packed: np.ndarray = low | high << t["popcount"].take(free_lo)
    return packed


def _pdep(free: np.ndarray, packed: np.ndarray, t: dict[str, np.ndarray]) -> np.ndarray:
    """The inverse of :func:`_pext`: positions among ``free`` back to ranks."""
    free_lo = free & 127
    shift = t["popcount"].take(free_lo)
    low = t["pdep_lo"].take(free_lo << 7 | packed & ((1 << shift) - 1))
    high = t["pdep_hi"].take((free >> 7) << 6 | packed >> shift)
    ranks: np.ndarray = low | high << 7
    return ranks


def index_many(iso: Isomorphism, cards: npt.ArrayLike) -> np.ndarray:
    """The class index of every row of ``cards`` (see :meth:`Isomorphism.index_many`)."""
    plan = _plan(iso)
    t = _bit_tables()
    array = _rows(iso, cards)
    n = array.shape[0]
    popcount, colex, binom = t["popcount"], t["colex"], t["binom"]
    # Each card as one bit of a 64-bit word, 16 bits a suit: a round's sum holds its four
    # suits' rank masks side by side (the cards of a row are distinct, so adding is or-ing).
    bits = np.left_shift(1, ((array & 3) << 4) + (array >> 2) - plan.low)
    lanes = np.array([0, 16, 32, 48], dtype=_I64)
    full = (1 << plan.ranks) - 1
    used = np.zeros((n, 4), dtype=_I64)  # the ranks each suit's earlier rounds hold
    count = np.zeros((n, 4), dtype=_I64)  # and how many
    idx = np.zeros((n, 4), dtype=_I64)
    mult = np.ones((n, 4), dtype=_I64)
    code = np.zeros((n, 4), dtype=_I64)
    at = 0
    last = len(plan.rounds) - 1
    for r, want in enumerate(plan.rounds):
        word = bits[:, at] if want == 1 else bits[:, at : at + want].sum(axis=1)
        at += want
        held_ranks = (word[:, None] >> lanes) & 0x1FFF
        if want == 1:
            # One card (a turn, a river): one suit holds one rank, the others none. Its
            # packed position is the count of free ranks below it, and C(p, 1) = p.
            held = (held_ranks != 0).view(np.int8).astype(_I64)
            idx += mult * held * popcount.take((held_ranks - 1) & ~used & full)
            if r < last:
                mult *= 1 + held * (plan.ranks - count - 1)
        else:
            held = popcount.take(held_ranks)
            # The first round has every rank free: its ranks are their own packing.
            packed = held_ranks if r == 0 else _pext(full & ~used, held_ranks, t)
            idx += mult * colex.take(packed)
            if r < last:
                mult *= binom.take((plan.ranks - count) * 14 + held)
        if r < last:
            used |= held_ranks
            count += held
        code = code * (want + 1) + held
    # Each suit's key: its shape's code above its rank index, so sorting keys sorts the
    # suits by (shape, rank index), as the scalar path sorts its pairs.
    keys = np.sort(code * plan.span + idx, axis=1)[:, ::-1]
    codes, idxs = np.divmod(keys, plan.span)
    config_key = ((codes[:, 0] * plan.stride + codes[:, 1]) * plan.stride + codes[:, 2]) * (
        plan.stride
    ) + codes[:, 3]
    config = np.searchsorted(plan.config_keys, config_key)
    ends = plan.ends.take(config, axis=0)
    terms = _choose(idxs + ends - 1, ends)
    result: np.ndarray = plan.offsets.take(config) + (plan.mults.take(config, axis=0) * terms).sum(
        axis=1
    )
    return result


def _largest(value: np.ndarray, k: np.ndarray, plan: _Plan) -> np.ndarray:
    """The largest ``x`` with ``C(x, k) <= value``, elementwise, for ``k`` in 1..4."""
    x = value.copy()  # k = 1: C(x, 1) = x
    for j, row in plan.choose.items():
        here = k == j
        if here.any():
            x[here] = np.searchsorted(row, value[here], side="right") - 1
    return x


def unindex_many(iso: Isomorphism, indices: npt.ArrayLike) -> np.ndarray:
    """The canonical situation of every index (see :meth:`Isomorphism.unindex_many`)."""
    plan = _plan(iso)
    t = _bit_tables()
    array = np.asarray(indices)
    if array.ndim == 0:
        array = array.reshape(1)
    if array.ndim != 1:
        raise IsomorphismError(
            f"indices are a one-dimensional array, got shape {array.shape}", array.shape
        )
    if array.size and (array.dtype == bool or not np.issubdtype(array.dtype, np.integer)):
        raise IsomorphismError(
            f"indices are whole numbers, got an array of {array.dtype}", str(array.dtype)
        )
    array = array.astype(_I64, copy=False)
    bad = (array < 0) | (array >= plan.size)
    if bad.any():
        culprit = int(array[np.argmax(bad)])
        raise IsomorphismError(
            f"index {culprit} is out of range: {iso!r} has indices 0-{plan.size - 1}", culprit
        )
    n = array.shape[0]
    config = np.searchsorted(plan.offsets, array, side="right") - 1
    rest = array - plan.offsets.take(config)
    popcount, binom = t["popcount"], t["binom"]
    uncolex, uncolex_start, spread = t["uncolex"], t["uncolex_start"], t["spread"]
    ends = plan.ends.take(config, axis=0)
    starts = plan.starts.take(config, axis=0)
    mults = plan.mults.take(config, axis=0)
    sizes = plan.sizes.take(config, axis=0)
    # The rank index of the suit at each canonical position: each group's multiset number
    # unranked, its largest member first (positions run in order, a group carrying on).
    idx = np.empty((n, 4), dtype=_I64)
    carried = np.zeros(n, dtype=_I64)
    for p in range(4):
        fresh = (rest // mults[:, p]) % sizes[:, p]
        value = np.where(starts[:, p], fresh, carried)
        top = _largest(value, ends[:, p], plan)
        carried = value - _choose(top, ends[:, p])
        idx[:, p] = top - ends[:, p] + 1
    shapes = plan.shapes.take(plan.codes.take(config, axis=0), axis=0)  # (n, 4, rounds)
    full = (1 << plan.ranks) - 1
    used = np.zeros((n, 4), dtype=_I64)
    shift = 4 * plan.low + np.array(SUIT_ORDER, dtype=_I64)
    out = np.empty((n, sum(plan.rounds)), dtype=np.uint8)
    at = 0
    select = t["select"]
    for r, want in enumerate(plan.rounds):
        held = shapes[:, :, r]
        radix = binom.take((plan.ranks - popcount.take(used)) * 14 + held)
        idx, digit = np.divmod(idx, radix)
        if want == 1:
            # One card (a turn, a river): the digit-th free rank of the one suit holding it.
            rank = select.take((full & ~used) << 4 | digit)
            used |= held << rank
            out[:, at] = (held * (4 * rank + shift)).sum(axis=1)
            at += 1
            continue
        packed = uncolex.take(uncolex_start.take(held) + digit)
        ranks_held = packed if r == 0 else _pdep(full & ~used, packed, t)
        used |= ranks_held
        mask = (spread.take(ranks_held) << shift).sum(axis=1)  # disjoint suits: sum is or
        # Lowest card first, written from the round's last column back: highest first.
        for col in range(at + want - 1, at - 1, -1):
            lowest = mask & -mask
            out[:, col] = np.frexp(lowest.astype(np.float64))[1] - 1
            mask ^= lowest
        at += want
    return out
