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
from lookup.iso.ranksets import SUIT_ORDER, colex_table

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy.typing as npt

    from lookup.iso.isomorphism import Isomorphism

__all__ = ["index_many", "unindex_many"]

_I64 = np.int64


@cache
def _bit_tables() -> dict[str, np.ndarray]:
    """Deck-independent tables over rank masks, built once and read-only."""
    popcount = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=_I64)
    colex = np.array(colex_table(), dtype=_I64)

    def pext(bits: int) -> np.ndarray:
        # pext[free, ranks]: the ranks moved down to the positions they take among `free`.
        table = np.zeros((1 << bits, 1 << bits), dtype=_I64)
        for free in range(1 << bits):
            positions = [b for b in range(bits) if free >> b & 1]
            for ranks in range(1 << bits):
                if ranks & ~free:
                    continue
                table[free, ranks] = sum(1 << i for i, b in enumerate(positions) if ranks >> b & 1)
        return table

    def pdep(bits: int) -> np.ndarray:
        # pdep[free, packed]: the inverse, free-rank positions back to ranks.
        table = np.zeros((1 << bits, 1 << bits), dtype=_I64)
        for free in range(1 << bits):
            positions = [b for b in range(bits) if free >> b & 1]
            for packed in range(1 << len(positions)):
                table[free, packed] = sum(
                    1 << b for i, b in enumerate(positions) if packed >> i & 1
                )
        return table

    # A rank mask spread to a card mask: rank r to bit 4 * r (clubs), shifted by the suit.
    spread = np.array(
        [sum(1 << (4 * r) for r in range(13) if m >> r & 1) for m in range(1 << 13)],
        dtype=_I64,
    )
    binom = np.array([[comb(n, k) for k in range(14)] for n in range(14)], dtype=_I64)
    tables = {
        "popcount": popcount,
        "colex": colex,
        "pext_lo": pext(7),
        "pext_hi": pext(6),
        "pdep_lo": pdep(7),
        "pdep_hi": pdep(6),
        "spread": spread,
        "binom": binom,
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
        self.span = max(space) + 1
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
    for j in range(2, 5):
        more = k >= j
        if more.any():
            result = np.where(more, result * np.where(more, x - j + 1, 1) // j, result)
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
    array = array.astype(_I64, copy=False)
    low = 4 * iso._low
    bad = (array < low) | (array > 51)
    if bad.any():
        row, col = (int(i) for i in np.argwhere(bad)[0])
        value = int(array[row, col])
        allowed = "0-51 (4 * rank + suit)" if low == 0 else f"{low}-51 (the short deck: 6-A)"
        raise CardError(f"row {row}: card index {value} is out of range: indices are {allowed}",
                        value)  # fmt: skip
    ordered = np.sort(array, axis=1)
    twice = ordered[:, 1:] == ordered[:, :-1]
    if twice.any():
        row, col = (int(i) for i in np.argwhere(twice)[0])
        card = DECK[int(ordered[row, col])]
        raise DuplicateCardError(f"row {row}: {duplicate_card(card)}", str(card))
    return array


def index_many(iso: Isomorphism, cards: npt.ArrayLike) -> np.ndarray:
    """The class index of every row of ``cards`` (see :meth:`Isomorphism.index_many`)."""
    plan = _plan(iso)
    t = _bit_tables()
    array = _rows(iso, cards)
    n = array.shape[0]
    ranks = (array >> 2) - plan.low
    suits = array & 3
    bits = np.left_shift(1, ranks)
    rows = np.arange(n)
    # masks[r][:, s]: the ranks of suit s dealt in round r (one card per row and column,
    # so adding is or-ing).
    masks = []
    at = 0
    for want in plan.rounds:
        mask = np.zeros((n, 4), dtype=_I64)
        for col in range(at, at + want):
            mask[rows, suits[:, col]] += bits[:, col]
        masks.append(mask)
        at += want
    popcount, colex, binom = t["popcount"], t["colex"], t["binom"]
    pext_lo, pext_hi = t["pext_lo"], t["pext_hi"]
    full = (1 << plan.ranks) - 1
    keys = np.empty((n, 4), dtype=_I64)
    for suit in range(4):
        used = np.zeros(n, dtype=_I64)
        idx = np.zeros(n, dtype=_I64)
        mult = np.ones(n, dtype=_I64)
        code = np.zeros(n, dtype=_I64)
        for r, want in enumerate(plan.rounds):
            held_ranks = masks[r][:, suit]
            held = popcount[held_ranks]
            free = full & ~used
            free_lo = free & 127
            packed = pext_lo[free_lo, held_ranks & 127] | (
                pext_hi[free >> 7, held_ranks >> 7] << popcount[free_lo]
            )
            idx += mult * colex[packed]
            mult *= binom[plan.ranks - popcount[used], held]
            used |= held_ranks
            code = code * (want + 1) + held
        keys[:, suit] = code * plan.span + idx
    keys = np.sort(keys, axis=1)[:, ::-1]
    codes = keys // plan.span
    idxs = keys % plan.span
    config_key = ((codes[:, 0] * plan.stride + codes[:, 1]) * plan.stride + codes[:, 2]) * (
        plan.stride
    ) + codes[:, 3]
    config = np.searchsorted(plan.config_keys, config_key)
    ends = plan.ends[config]
    terms = _choose(idxs + ends - 1, ends)
    result: np.ndarray = plan.offsets[config] + (plan.mults[config] * terms).sum(axis=1)
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
    if array.ndim != 1:
        array = array.reshape(-1) if array.ndim == 0 else array
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
    rest = array - plan.offsets[config]
    popcount, binom = t["popcount"], t["binom"]
    pdep_lo, pdep_hi, spread = t["pdep_lo"], t["pdep_hi"], t["spread"]
    full = (1 << plan.ranks) - 1
    card_masks = [np.zeros(n, dtype=_I64) for _ in plan.rounds]
    carried = np.zeros(n, dtype=_I64)
    binom_rows = binom[: plan.ranks]  # C(x, j) for every rank position x
    for p in range(4):
        ends = plan.ends[config, p]
        fresh = (rest // plan.mults[config, p]) % plan.sizes[config, p]
        value = np.where(plan.starts[config, p], fresh, carried)
        top = _largest(value, ends, plan)
        carried = value - _choose(top, ends)
        idx = top - ends + 1
        shape = plan.shapes[plan.codes[config, p]]
        used = np.zeros(n, dtype=_I64)
        for r, want in enumerate(plan.rounds):
            held = shape[:, r]
            radix = binom[plan.ranks - popcount[used], held]
            digit = idx % radix
            idx //= radix
            packed = np.zeros(n, dtype=_I64)
            for j in range(want, 0, -1):
                # the largest position x with C(x, j) <= digit, for the rows holding >= j
                here = held >= j
                x = (binom_rows[:, j][None, :] <= digit[:, None]).sum(axis=1) - 1
                digit = np.where(here, digit - binom_rows[x, j], digit)
                packed |= np.where(here, np.left_shift(1, x), 0)
            free = full & ~used
            free_lo = free & 127
            shift = popcount[free_lo]
            ranks_held = pdep_lo[free_lo, packed & ((1 << shift) - 1)] | (
                pdep_hi[free >> 7, packed >> shift] << 7
            )
            used |= ranks_held
            card_masks[r] |= spread[ranks_held] << (4 * plan.low + SUIT_ORDER[p])
    out = np.empty((n, sum(plan.rounds)), dtype=np.uint8)
    at = 0
    for r, want in enumerate(plan.rounds):
        mask = card_masks[r]
        # Lowest card first, written from the round's last column back: highest first.
        for col in range(at + want - 1, at - 1, -1):
            lowest = mask & -mask
            out[:, col] = np.log2(lowest.astype(np.float64)).astype(np.uint8)
            mask = mask ^ lowest
        at += want
    return out
