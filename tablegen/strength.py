"""Hold'em hand-strength abstraction tables: E[HS], E[HS²] and the river-HS histogram
against a random hand for every canonical flop or turn situation, on a Dask cluster.

A situation is the hero's two cards and the board as one group, keyed by the suit
isomorphism index (:class:`lookup.iso.Isomorphism` of ``(2, 3)``: 1,286,792 flop
situations; ``(2, 4)``: 13,960,050 turn situations). The work is done per canonical
*board* (1,755 flops, 16,432 turns): every hero combo of a board at once, with the
exact counting :func:`lookup.strength` uses (:func:`lookup.batch.strength_counts.river_sums`),
so a table entry and a direct call agree to the bit. Boards are cut into blocks, one
Dask task each; the client writes every finished block to the work folder (a checksummed
table file of :mod:`lookup.core.tablefile`), so a rerun computes only the blocks missing.

The table stores exact integers per situation: ``s1`` and ``s2``, the sums over the
board's completions of the river-HS numerator ``2 * beaten + tied`` and of its square,
and ``hist``, the completions in each of :data:`BINS` equal bins; ``meta`` holds ``n``
(completions per situation) and ``d`` (the one HS denominator of a random hand), so
``E[HS] = s1 / (d * n)``, ``E[HS²] = s2 / (d² n)``, histogram ``hist / n``.
"""

from __future__ import annotations

import os
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lookup.batch.strength_counts import (
    TABLE_BINS,
    TABLE_METHOD,
    flat_weights,
    iter_river_counts,
    river_sums,
    table_digest,
)
from lookup.core.errors import PokerLookupError, TableError
from lookup.core.tablefile import decode_table, encode_table
from lookup.iso.isomorphism import Isomorphism

__all__ = [
    "BINS",
    "GENERATOR",
    "STREETS",
    "board_block",
    "canonical_boards",
    "check_strength_table",
    "generator_digest",
    "run_strength_blocks",
    "strength_table_bytes",
]

STREETS: Final = {"flop": 3, "turn": 4}
"""The streets a table exists for, and their board sizes."""
BINS: Final = TABLE_BINS
"""Bins of the river-HS histogram (lookup.strength's default)."""
BLOCK_BOARDS: Final = {"flop": 16, "turn": 64}
"""Canonical boards per task: some seconds of work each (110 flop tasks, 257 turn tasks)."""
GENERATOR: Final = TABLE_METHOD
"""Names the method (kept beside the counting, where the reader checks it too)."""


def generator_digest(street: str) -> str:
    """SHA-256 of :data:`GENERATOR`, the street and the standard ranking's rules: stamped
    into every block and table file, so a table of another method or street is refused.

    >>> len(generator_digest("flop")), generator_digest("flop") != generator_digest("turn")
    (64, True)
    """
    from tablegen.rankings import builtin

    return table_digest(street, builtin("standard").digest)


@cache
def canonical_boards(street: str) -> npt.NDArray[np.uint8]:
    """One board of each suit-isomorphism class of the street, a row each (index order).

    >>> boards = canonical_boards("flop")
    >>> boards.shape, boards[0].tolist()
    ((1755, 3), [3, 2, 1])
    """
    iso = Isomorphism((STREETS[street],))
    return iso.unindex_many(np.arange(iso.size))


def board_sums(board: Sequence[int]) -> dict[str, Any]:
    """Every situation of one board: its isomorphism index and exact sums (unique indices).

    >>> sums = board_sums([50, 45, 0])  # Ah Kd 2c: every index once
    >>> len(sums["index"]), int(sums["n"]), int(sums["d"])
    (1176, 1081, 1980)
    """
    board_t = tuple(int(c) for c in board)
    avail = np.array([c for c in range(52) if c not in board_t], dtype=np.intp)
    combos = [(int(hi), int(lo)) for hi in avail[::-1] for lo in avail[::-1] if lo < hi]
    position = np.full(52 * 52, -1, dtype=np.intp)
    for i, (hi, lo) in enumerate(combos):
        position[hi * 52 + lo] = i
    need = 5 - len(board_t)
    parts = iter_river_counts("standard", board_t, avail, need, flat_weights())
    sums, _ = river_sums(parts, position, len(combos), BINS, True, 0)
    rows = np.array([(hi, lo, *board_t) for hi, lo in combos], dtype=np.intp)
    iso = Isomorphism((2, len(board_t)))
    index, first = np.unique(iso.index_many(rows), return_index=True)
    n = sums.n[first]
    if not (n == n[0]).all():
        raise AssertionError("a random hand leaves every hero the same completions")
    return {
        "index": index,
        "s1": np.rint(sums.s1[first]).astype(np.int64),
        "s2": np.rint(sums.s2[first]).astype(np.int64),
        "hist": np.rint(sums.hist.reshape(len(combos), BINS)[first]).astype(np.int64),
        "n": np.int64(n[0]),
        "d": np.int64(sums.d),
    }


def board_block(street: str, boards: Sequence[int]) -> tuple[bytes, float]:
    """One Dask task: the block file's bytes for these canonical board numbers, and the
    worker CPU seconds it took."""
    from tablegen.cluster import keep_freed_memory

    keep_freed_memory()
    started = time.process_time()
    every = canonical_boards(street)
    parts = [board_sums(every[b].tolist()) for b in boards]
    index = np.concatenate([p["index"] for p in parts])
    arrays = {
        "index": ("I", _packed("I", index)),
        "s1": ("I", _packed("I", np.concatenate([p["s1"] for p in parts]))),
        "s2": ("Q", _packed("Q", np.concatenate([p["s2"] for p in parts]))),
        "hist": ("H", _packed("H", np.concatenate([p["hist"] for p in parts]).ravel())),
    }
    cpu = time.process_time() - started
    meta = {
        "street": street,
        "boards": list(boards),
        "n": int(parts[0]["n"]),
        "d": int(parts[0]["d"]),
    }
    data = encode_table(
        "strength-block", f"{street} strength block", "standard", arrays, meta,
        rules_digest=generator_digest(street),
    )  # fmt: skip
    return data, cpu


def _packed(code: str, values: npt.NDArray[Any]) -> array[int]:
    """``values`` as an ``array`` of ``code``, copied as bytes: a list of 140 million
    Python ints (the turn's histogram) would need gigabytes."""
    packed = array(code)
    packed.frombytes(np.ascontiguousarray(values, dtype=_DTYPES[code]).tobytes())
    return packed


_DTYPES: Final = {"B": np.uint8, "H": np.uint16, "I": np.uint32, "Q": np.uint64}


def _block_path(work: Path, street: str, number: int) -> Path:
    return work / f"{street}-block-{number:04d}.msgpack"


def read_block(work: Path, street: str, number: int, boards: Sequence[int]) -> Any:
    """A finished block's table, or None when missing, damaged or for other boards/method.

    >>> read_block(Path("/nonexistent"), "flop", 0, [0]) is None
    True
    """
    path = _block_path(work, street, number)
    try:
        table = decode_table(path.read_bytes(), str(path), "strength-block")
    except (OSError, TableError):
        return None
    if table.rules_digest != generator_digest(street) or table.meta.get("boards") != list(boards):
        return None
    return table


def blocks_of(street: str, size: int | None = None, limit: int | None = None) -> list[list[int]]:
    """The street's canonical board numbers (the first ``limit``), cut into blocks.

    >>> blocks_of("flop", 4, 10)
    [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    """
    count = len(canonical_boards(street)) if limit is None else limit
    step = size or BLOCK_BOARDS[street]
    return [list(range(i, min(i + step, count))) for i in range(0, count, step)]


@dataclass(frozen=True)
class StrengthRun:
    """What one run did."""

    blocks: int
    computed: int
    complete: bool


def run_strength_blocks(
    street: str,
    blocks: Sequence[Sequence[int]],
    work: Path,
    client: Any,
    *,
    max_blocks: int | None = None,
    on_block: Callable[[int], None] | None = None,
) -> StrengthRun:
    """Compute every block missing from ``work`` (on ``client``, or here when None),
    writing each as it finishes; ``on_block(n)`` gets each block's board count."""
    work.mkdir(parents=True, exist_ok=True)
    pending = [i for i, b in enumerate(blocks) if read_block(work, street, i, b) is None]
    if max_blocks is not None:
        pending = pending[:max_blocks]

    def keep(number: int, data: bytes) -> None:
        path = _block_path(work, street, number)
        part = path.with_suffix(".part")
        part.write_bytes(data)
        os.replace(part, path)  # a block file is either whole or absent
        if on_block is not None:
            on_block(len(blocks[number]))

    if client is None:  # serial: the same task, in this process
        for i in pending:
            keep(i, board_block(street, blocks[i])[0])
    else:
        from distributed import as_completed

        futures = {
            client.submit(
                board_block, street, list(blocks[i]), key=f"{street}-block-{i}", pure=False
            ): i
            for i in pending
        }
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            keep(futures[future], future.result()[0])
    done = sum(read_block(work, street, i, b) is not None for i, b in enumerate(blocks))
    return StrengthRun(len(blocks), len(pending), done == len(blocks))


def strength_table_bytes(street: str, blocks: Sequence[Sequence[int]], work: Path) -> bytes:
    """The street's table file from a finished job: every situation the blocks reach,
    by isomorphism index (a slice of boards: only the indices it reaches, listed in ``index``)."""
    size = Isomorphism((2, STREETS[street])).size
    s1 = np.zeros(size, dtype=np.uint32)
    s2 = np.zeros(size, dtype=np.uint64)
    hist = np.zeros((size, BINS), dtype=np.uint16)
    covered = np.zeros(size, dtype=bool)
    n = d = 0
    for i, boards in enumerate(blocks):
        table = read_block(work, street, i, boards)
        if table is None:
            raise PokerLookupError(f"block {i} of the {street} strength job is missing from {work}")
        index = np.frombuffer(table.arrays["index"], dtype=np.uint32).astype(np.intp)
        s1[index] = np.frombuffer(table.arrays["s1"], dtype=np.uint32)
        s2[index] = np.frombuffer(table.arrays["s2"], dtype=np.uint64)
        hist[index] = np.frombuffer(table.arrays["hist"], dtype=np.uint16).reshape(-1, BINS)
        covered[index] = True
        n, d = table.meta_int("n"), table.meta_int("d")
    whole = bool(covered.all())
    meta = {"street": street, "n": n, "d": d, "bins": BINS, "situations": size, "whole": whole}
    keep = np.arange(size) if whole else np.flatnonzero(covered)
    arrays: dict[str, tuple[str, Any]] = {
        "s1": ("I", _packed("I", s1[keep])),
        "s2": ("Q", _packed("Q", s2[keep])),
        "hist": ("H", _packed("H", hist[keep].ravel())),
    }
    if not whole:  # a slice (tests, timing): only the indices it holds, listed
        arrays["index"] = ("I", _packed("I", keep))
    return encode_table(
        street,
        f"Hold'em {street} hand strength against a random hand per suit-isomorphism index "
        f"of (hole, board): sums of the river-HS numerator and its square over the "
        f"completions, and the {BINS}-bin histogram's counts",
        "standard",
        arrays,
        meta,
        rules_digest=generator_digest(street),
    )


def check_strength_table(out: Path, street: str, *, sample: int = 3, seed: int = 13) -> list[str]:
    """Problems with ``out``'s table of the street: checksum, method, size, and ``sample``
    boards recomputed against the table (seconds, not the whole job).

    >>> check_strength_table(Path("/nonexistent"), "flop")
    ['/nonexistent/flop.msgpack is missing or unreadable']
    """
    import random

    path = out / f"{street}.msgpack"
    try:
        table = decode_table(path.read_bytes(), str(path), street)
    except OSError:
        return [f"{path} is missing or unreadable"]
    except TableError as exc:
        return [str(exc)]
    if table.rules_digest != generator_digest(street):
        return [f"{path} was made by another generator (digest differs)"]
    size = Isomorphism((2, STREETS[street])).size
    held = table.arrays.get("index")
    rows = size if held is None else len(held)
    lengths = [len(table.arrays.get(k, ())) for k in ("s1", "s2", "hist")]
    if table.meta.get("situations") != size or lengths != [rows, rows, rows * BINS]:
        return [f"{path} does not hold the {size:,} situations of the {street}"]
    s1 = np.frombuffer(table.arrays["s1"], dtype=np.uint32)
    s2 = np.frombuffer(table.arrays["s2"], dtype=np.uint64)
    hist = np.frombuffer(table.arrays["hist"], dtype=np.uint16).reshape(-1, BINS)
    index = None if held is None else np.frombuffer(held, dtype=np.uint32)
    boards = canonical_boards(street)
    candidates = list(range(len(boards)))
    if index is not None:  # a slice: sample only boards it holds
        candidates = [b for b in candidates if np.isin(board_sums_index(boards[b]), index).all()]
    problems = []
    for b in random.Random(seed).sample(list(candidates), min(sample, len(candidates))):
        fresh = board_sums(boards[b].tolist())
        i = fresh["index"] if index is None else np.searchsorted(index, fresh["index"])
        if not (
            (s1[i] == fresh["s1"]).all()
            and (s2[i] == fresh["s2"]).all()
            and (hist[i] == fresh["hist"]).all()
        ):
            problems.append(f"{path}: board {boards[b].tolist()} differs from a fresh computation")
    return problems


def board_sums_index(board: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    """The isomorphism indices of every hero combo on ``board``."""
    taken = set(board.tolist())
    avail = [c for c in range(52) if c not in taken]
    rows = np.array([(hi, lo, *taken) for hi in avail for lo in avail if lo < hi], dtype=np.intp)
    return Isomorphism((2, len(taken))).index_many(rows)
