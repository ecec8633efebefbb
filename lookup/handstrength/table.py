"""Reading the Hold'em strength tables ``python -m tablegen strength`` writes.

A folder holds ``flop.msgpack`` and/or ``turn.msgpack`` (format of
:mod:`lookup.core.tablefile`): per suit-isomorphism index of (hole cards, board),
the exact sums :func:`lookup.batch.strength_counts.river_sums` gives against a random
hand. A file is checked when it is loaded (checksum, method and street, size) and kept,
read-only, for later calls while it is unchanged on disk.

>>> load_strength_table("/nonexistent", "flop")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lookup.TableError: no strength table /nonexistent/flop.msgpack: ... --street flop --out /nonexistent
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from lookup.batch.strength_counts import TABLE_BINS, RiverSums, table_digest
from lookup.core.errors import TableError
from lookup.core.tablefile import decode_table
from lookup.iso.isomorphism import Isomorphism
from lookup.ranking.ranking import get_ranking

__all__ = ["StrengthTable", "load_strength_table", "table_sums"]

_SIZES = {"flop": 3, "turn": 4}


class StrengthTable(NamedTuple):
    """One street's table: read-only arrays by isomorphism index (a slice: by row, ``rows``
    listing the indices it holds), and the shared ``n``, ``d``."""

    street: str
    s1: npt.NDArray[np.uint32]
    s2: npt.NDArray[np.uint64]
    hist: npt.NDArray[np.uint16]
    rows: npt.NDArray[np.uint32] | None
    n: int
    d: int


def _regenerate(directory: str, street: str) -> str:
    return f"python -m tablegen strength --street {street} --out {directory}"


def load_strength_table(directory: str, street: str) -> StrengthTable:
    """The street's table from ``directory``, checked; refused with how to regenerate it."""
    path = os.path.join(directory, f"{street}.msgpack")
    try:
        stat = os.stat(path)
    except OSError:
        raise TableError(
            f"no strength table {path}: generate it with {_regenerate(directory, street)}",
            path,
        ) from None
    return _load(path, directory, street, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4)  # a few tables, each read once while unchanged (keyed by mtime, size)
def _load(path: str, directory: str, street: str, mtime_ns: int, size: int) -> StrengthTable:
    fix = f"regenerate it with {_regenerate(directory, street)}"
    try:
        # Decoded from the open file: each array is read straight into place, never the
        # whole file into memory first (a turn table is 447 MB).
        with open(path, "rb", buffering=0) as handle:
            table = decode_table(handle, path, street)
    except OSError as exc:
        raise TableError(f"strength table {path} is unreadable ({exc}): {fix}", path) from None
    except TableError as exc:
        raise TableError(f"strength table {path} is damaged ({exc}); {fix}", path) from None
    rules = get_ranking("standard").classes.definition.digest
    if table.rules_digest != table_digest(street, rules):
        raise TableError(
            f"strength table {path} is stale (made by another method or ranking): {fix}", path
        )
    situations = Isomorphism((2, _SIZES[street])).size
    try:
        index = table.arrays.get("index")  # a slice lists the indices it holds
        rows = situations if index is None else len(table.array("index", "I"))
        s1 = np.frombuffer(table.array("s1", "I", rows), dtype=np.uint32)
        s2 = np.frombuffer(table.array("s2", "Q", rows), dtype=np.uint64)
        hist = np.frombuffer(table.array("hist", "H", rows * TABLE_BINS), dtype=np.uint16)
        n, d = table.meta_int("n"), table.meta_int("d")
        if table.meta_int("situations") != situations:
            raise TableError(f"holds {table.meta['situations']} situations, not {situations}")
    except TableError as exc:
        raise TableError(f"strength table {path} is damaged ({exc}); {fix}", path) from None
    return StrengthTable(
        street,
        s1,
        s2,
        hist.reshape(rows, TABLE_BINS),
        None if index is None else np.frombuffer(index, dtype=np.uint32),
        n,
        d,
    )


def table_sums(directory: str, board: tuple[int, ...], combos: list[tuple[int, int]]) -> RiverSums:
    """:func:`~lookup.batch.strength_counts.river_sums` of ``combos`` on ``board`` (a flop
    or turn, standard deck, random opponent), read from the table in ``directory``."""
    street = "flop" if len(board) == 3 else "turn"
    table = load_strength_table(directory, street)
    rows = np.array([(hi, lo, *board) for hi, lo in combos], dtype=np.intp)
    index = Isomorphism((2, len(board))).index_many(rows)
    if table.rows is not None:  # a slice: each index's row, if it holds it
        at = np.minimum(np.searchsorted(table.rows, index), len(table.rows) - 1)
        held = bool((table.rows[at] == index).all())
        index = at
    else:
        held = True
    if not held:
        raise TableError(
            f"the strength table in {directory} is a slice without this board: generate the "
            f"whole street with {_regenerate(directory, street)}",
            directory,
        )
    count = len(combos)
    as_float: Any = np.float64
    return RiverSums(
        n=np.full(count, float(table.n)),
        s1=table.s1[index].astype(as_float),
        s2=table.s2[index].astype(as_float),
        hist=table.hist[index].astype(as_float).ravel(),
        d=table.d,
        by_den={},
    )
