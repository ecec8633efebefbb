"""The keys and numpy primitives every batch path shares: chunking, perfect hashes, bit counts.

:mod:`lookup.batch.evaluate` (poker and badugi), :mod:`lookup.batch.wild` and the
game layer's showdown kernels all build on these; none of them imports another's
helpers. Each is O(n) in the rows it is given, with no Python loop per row.

>>> import numpy as np
>>> popcount(np.array([0b1011, 0], dtype=np.uint64)).tolist()
[3, 0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from lookup.ranking.tables import PrimeHash

__all__ = [
    "CHUNK_ROWS",
    "CODE_CARD_SET",
    "COUNTER_SHIFT",
    "HashView",
    "frozen",
    "hash_view",
    "popcount",
    "popcount_swar",
    "slots",
]

CHUNK_ROWS: Final = 16384
"""Rows per internal chunk: the intermediates of a chunk stay in the CPU cache."""

CODE_CARD_SET: Final = (1 << 52) - 1
"""Mask of the card-set bits of a card code (13 per suit, clubs lowest)."""

COUNTER_SHIFT: Final = 52
"""Where a card code's per-suit 3-bit counters start (above the card set)."""


def frozen(values: Any, dtype: type[np.generic]) -> Any:
    """``values`` as a new read-only numpy array of ``dtype`` (tables are shared: never written)."""
    array = np.array(values, dtype=dtype)
    array.setflags(write=False)
    return array


@dataclass(frozen=True)
class HashView:
    """One perfect hash of :mod:`lookup.core.prime_hash` as numpy scalars and arrays."""

    multiplier: np.uint64
    bucket_shift: np.uint64
    """``64 - bucket_bits``: ``h >> bucket_shift`` is the bucket."""
    offset_shift: np.uint64
    """``bucket_bits``: ``(h << offset_shift) >> 32`` is the offset."""
    slot_count: np.uint64
    displacement: NDArray[np.uint64]
    keys: NDArray[np.uint64]
    classes: NDArray[np.uint16]


def hash_view(source: PrimeHash) -> HashView:
    """A stored perfect hash (:class:`~lookup.ranking.tables.PrimeHash`) as read-only numpy."""
    params = source.params
    return HashView(
        multiplier=np.uint64(params.multiplier),
        bucket_shift=np.uint64(64 - params.bucket_bits),
        offset_shift=np.uint64(params.bucket_bits),
        slot_count=np.uint64(params.slot_count),
        displacement=frozen(source.displacement, np.uint64),
        keys=frozen(source.keys, np.uint64),
        classes=frozen(source.classes, np.uint16),
    )


def slots(keys: NDArray[np.uint64], view: HashView) -> NDArray[np.intp]:
    """The perfect-hash slot of each key (``lookup.core.prime_hash.slot_of``, vectorised).

    Overwrites nothing: ``keys`` is read, and the slots are a new array.
    """
    hashed = keys * view.multiplier  # uint64 arrays wrap mod 2**64, as the hash wants
    buckets = (hashed >> view.bucket_shift).view(np.intp)
    found = hashed  # reuse the buffer: offsets, then slots
    found <<= view.offset_shift
    found >>= np.uint64(32)
    found += view.displacement.take(buckets)
    # x - (x // n) * n: numpy divides by a scalar fast, but its remainder is slow.
    found -= (found // view.slot_count) * view.slot_count
    return found.view(np.intp)


def popcount_swar(values: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """Bits set in each value, for numpy before 2.0 (no ``np.bitwise_count``).

    >>> popcount_swar(np.array([0, 1, 2**64 - 1, 0b1011 << 40], dtype=np.uint64)).tolist()
    [0, 1, 64, 3]
    """
    x = values - ((values >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    counts: NDArray[np.uint64] = (x * np.uint64(0x0101010101010101)) >> np.uint64(56)
    return counts


popcount: Any = getattr(np, "bitwise_count", popcount_swar)
"""Bits set in each value of a uint64 array: numpy's own where it has one (2.0 and later)."""
