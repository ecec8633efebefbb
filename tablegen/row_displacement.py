"""Pack sparse integer keys into a short table by row displacement, and prove the packing.

The six/seven-card tables are looked up by an additive rank key (see
:data:`RANK_KEYS`): a few tens of thousands of keys spread over millions of
values. Cut that range into rows of ``2**shift`` values; each row is moved
along one shared table until its keys land only on free slots (rows with the
most keys first, each at the first offset that fits). At run time a key
finds its slot with one shift, one list index and one addition, and the
tables are read as they are stored::

    slot = key + offset[key >> shift]

``offset`` is where the row was placed minus where it starts, so it may be
negative. The runtime reads nothing else: it never rebuilds a dict at load.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

__all__ = ["RANK_KEYS", "RowDisplacement", "RowDisplacementProofError", "displace_rows"]

RANK_KEYS: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip
"""Per-rank weights (deuce first) whose sums tell apart every multiset of seven ranks
(at most four of each), and so of six. They are the published SKPokerEval rank keys;
the generator proves the distinctness for each ranking rather than trusting them.
Base-5 sums would do too, but they span 5**13 values and pack three times worse."""

ROW_SHIFT = 9
"""Rows of 512 keys: the smallest offset array plus table measured for 6 and 7 cards."""


class RowDisplacementProofError(RuntimeError):
    """The packing failed its own proof (a real exception, so ``python -O`` keeps it)."""


class RowDisplacement(NamedTuple):
    """A packed table: the offset of every row, and the key held in each slot (-1 if none)."""

    shift: int
    offsets: list[int]
    slot_keys: list[int]


def displace_rows(keys: Sequence[int], shift: int = ROW_SHIFT) -> RowDisplacement:
    """Place every key (distinct, non-negative) in its own slot; deterministic.

    >>> packed = displace_rows([0, 1, 512, 513, 2000], shift=9)
    >>> [k + packed.offsets[k >> 9] for k in (0, 1, 512, 513, 2000)]
    [0, 1, 2, 3, 464]
    """
    ordered = np.unique(np.asarray(keys, dtype=np.int64))
    if len(ordered) != len(keys) or (len(ordered) and ordered[0] < 0):
        raise ValueError("keys must be distinct and non-negative")
    rows = ordered >> shift
    columns = ordered & ((1 << shift) - 1)
    row_ids, starts, counts = np.unique(rows, return_index=True, return_counts=True)
    row_count = int(row_ids[-1]) + 1 if len(row_ids) else 0
    offsets = [0] * row_count
    # Room for every row past the last filled slot, so a place is always found.
    used = np.zeros(2 * len(ordered) + (4 << shift), dtype=np.bool_)
    window = 1 << 11
    top = 0
    # Fullest rows first while the table is empty; ties by row so the result is reproducible.
    for i in np.lexsort((row_ids, -counts)):
        cols = columns[starts[i] : starts[i] + counts[i]]
        # The row's first key must land on a free slot: only those places are tried.
        places = np.flatnonzero(~used) - cols[0]
        places = places[places >= 0]
        for begin in range(0, len(places), window):
            candidates = places[begin : begin + window]
            for col in cols[1:].tolist():  # each column drops the places it clashes at
                candidates = candidates[~used[candidates + col]]
                if not candidates.size:
                    break
            if candidates.size:
                place = int(candidates[0])
                break
        else:  # cannot happen: the free tail of ``used`` holds any row
            raise RowDisplacementProofError("no room left for a row")
        used[place + cols] = True
        offsets[int(row_ids[i])] = place - (int(row_ids[i]) << shift)
        top = max(top, place + int(cols[-1]) + 1)
    slot_keys = [-1] * top
    for key in ordered.tolist():
        slot_keys[key + offsets[key >> shift]] = key
    packed = RowDisplacement(shift, offsets, slot_keys)
    _prove(ordered.tolist(), packed)
    return packed


def _prove(keys: list[int], packed: RowDisplacement) -> None:
    """Every key reaches a slot in range that holds it; so no two keys share a slot."""
    for key in keys:
        slot = key + packed.offsets[key >> packed.shift]
        if not 0 <= slot < len(packed.slot_keys) or packed.slot_keys[slot] != key:
            raise RowDisplacementProofError(f"row displacement proof failed at key {key}")
