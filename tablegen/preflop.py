"""The heads-up preflop equity table: every matchup enumerated exactly, on a Dask cluster.

The 47,008 matchups (:mod:`lookup.preflop.matchups`) are cut into blocks of
:data:`BLOCK_SIZE`; each block is one Dask task that runs
:func:`tablegen.preflop_kernel.showdown_counts` on its matchups and returns
their exact win and tie counts. The *client* (this process) writes each
finished block to the work folder as it arrives, so a run that is stopped and
started again only computes the blocks still missing; workers need no shared
disk, only this package installed. When every block is in, the table files
are assembled (:mod:`tablegen.preflop_table`).

``scheduler=None`` starts a ``LocalCluster`` (one single-threaded worker
process per core by default); ``scheduler="tcp://host:8786"`` uses a running
cluster unchanged.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from lookup.core.errors import PokerLookupError
from lookup.preflop.matchups import matchup_cards, matchup_keys
from lookup.preflop.table import BOARDS, MATCHUPS
from tablegen.cluster import keep_freed_memory

__all__ = [
    "BLOCK_SIZE",
    "BOARDS",
    "GENERATOR",
    "MATCHUPS",
    "RunReport",
    "block_counts",
    "canonical_keys",
    "check_block_paths",
    "generator_digest",
    "run_blocks",
]

BLOCK_SIZE: Final = 256
"""Matchups per task: about a second of work, so progress is smooth and a restart loses little."""
GENERATOR: Final = "tablegen.preflop_kernel 1: rank multisets, then flush boards listed"
"""Names the method; change it whenever the kernel's results could change."""


def generator_digest() -> str:
    """SHA-256 of :data:`GENERATOR` and the standard ranking's rules: stamped into the table.

    >>> len(generator_digest())
    64
    """
    from tablegen.rankings import builtin

    return hashlib.sha256(f"{GENERATOR}\n{builtin('standard').digest}".encode()).hexdigest()


@cache
def canonical_keys() -> tuple[int, ...]:
    """Every matchup key, ascending (47,008 of them).

    >>> keys = canonical_keys()
    >>> len(keys), keys[0] == min(keys), hex(keys[0])
    (47008, True, '0x1b')
    """
    import numpy as np

    from lookup.core.cards import ALL_COMBOS

    combos = np.array(ALL_COMBOS, dtype=np.intp)
    first, second = np.triu_indices(len(combos), 1)
    a, b = combos[first], combos[second]
    disjoint = (a[:, :, None] != b[:, None, :]).all(axis=(1, 2))
    keys, _ = matchup_keys(a[disjoint], b[disjoint])
    unique = np.unique(keys)
    if len(unique) != MATCHUPS:
        raise AssertionError(f"{len(unique)} matchups, expected {MATCHUPS}")
    return tuple(int(k) for k in unique)


def block_counts(keys: Sequence[int]) -> list[tuple[int, int]]:
    """``(wins of the first holding, ties)`` of each matchup key: one Dask task.

    >>> block_counts([0x1111])  # AA vs KK, same two suits
    [(1410336, 9308)]
    """
    from tablegen.preflop_kernel import showdown_counts

    keep_freed_memory()

    counts = []
    for key in keys:
        first, second = matchup_cards(key)
        wins, ties, boards = showdown_counts(first, second)
        if boards != BOARDS:
            raise AssertionError(f"matchup {key:#x}: {boards} boards, expected {BOARDS}")
        counts.append((wins, ties))
    return counts


def timed_block_counts(keys: Sequence[int]) -> tuple[list[tuple[int, int]], float]:
    """:func:`block_counts` and the CPU seconds the worker spent on it (for the cost report)."""
    started = time.process_time()
    counts = block_counts(keys)
    return counts, time.process_time() - started


@dataclass(frozen=True)
class RunReport:
    """What one run did."""

    blocks: int
    """Blocks in the job."""
    computed: int
    """Blocks computed by this run (the rest were already in the work folder)."""
    complete: bool
    """Every block of the job is in the work folder."""


def _block_path(work: Path, index: int) -> Path:
    return work / f"block-{index:04d}.json"


def _block_checksum(keys: Sequence[int], counts: Any) -> str:
    """SHA-256 of a block's method, keys and counts: an edited count no longer matches."""
    body = json.dumps(
        [GENERATOR, list(keys), [list(c) for c in counts]], separators=(",", ":")
    ).encode()
    return hashlib.sha256(body).hexdigest()


def check_block_paths(work: Path, count: int) -> None:
    """Refuse a work folder where a block's path is taken by something not a file.

    >>> check_block_paths(Path("/nonexistent"), 3)
    """
    for index in range(count):
        for path in (_block_path(work, index), _block_path(work, index).with_suffix(".part")):
            if (path.exists() or path.is_symlink()) and not path.is_file():
                raise PokerLookupError(
                    f"preflop block path {path} is not a file: move it away, then run again",
                    str(path),
                )


def read_block(work: Path, index: int, keys: Sequence[int]) -> list[tuple[int, int]] | None:
    """A finished block's counts, or None when missing, damaged (its checksum does not
    match) or written for other keys or method.

    >>> read_block(Path("/nonexistent"), 0, [27]) is None
    True
    """
    try:
        data = json.loads(_block_path(work, index).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    if data.get("generator") != GENERATOR or data.get("keys") != list(keys):
        return None
    try:
        if data.get("sha256") != _block_checksum(keys, data["counts"]):
            return None  # damaged or edited: computed again
    except (KeyError, TypeError, ValueError):
        return None
    try:
        counts = [(int(w), int(t)) for w, t in data["counts"]]
    except (KeyError, TypeError, ValueError):
        return None
    return counts if len(counts) == len(keys) else None


def block_cpu_seconds(work: Path, index: int) -> float:
    """Worker CPU seconds recorded with a finished block (0.0 if unknown)."""
    try:
        data = json.loads(_block_path(work, index).read_text(encoding="utf-8"))
        return float(data.get("cpu_seconds", 0.0))
    except (OSError, ValueError, TypeError):
        return 0.0


def _write_block(
    work: Path, index: int, keys: Sequence[int], counts: Any, cpu_seconds: float
) -> None:
    path = _block_path(work, index)
    part = path.with_suffix(".part")
    body = {
        "generator": GENERATOR,
        "keys": list(keys),
        "counts": [list(c) for c in counts],
        "cpu_seconds": round(cpu_seconds, 4),
        "sha256": _block_checksum(keys, counts),
    }
    part.write_text(json.dumps(body, separators=(",", ":")), encoding="utf-8")
    os.replace(part, path)  # a block file is either whole or absent


def blocks_of(keys: Sequence[int], size: int = BLOCK_SIZE) -> list[list[int]]:
    """``keys`` cut into consecutive blocks of ``size``.

    >>> blocks_of([1, 2, 3, 4, 5], 2)
    [[1, 2], [3, 4], [5]]
    >>> blocks_of([1], 0)
    Traceback (most recent call last):
    ...
    ValueError: block size must be at least 1, got 0
    """
    if size < 1:
        raise ValueError(f"block size must be at least 1, got {size}")
    return [list(keys[i : i + size]) for i in range(0, len(keys), size)]


def run_blocks(
    blocks: Sequence[Sequence[int]],
    work: Path,
    client: Any,
    *,
    max_blocks: int | None = None,
    on_block: Callable[[int], None] | None = None,
) -> RunReport:
    """Compute every block missing from ``work`` on ``client``, writing each as it finishes.

    ``max_blocks`` stops after submitting that many (the rest wait for the next
    run); ``on_block(n)`` is called with the matchups of each finished block.
    """
    from distributed import as_completed

    work.mkdir(parents=True, exist_ok=True)
    pending = [i for i, keys in enumerate(blocks) if read_block(work, i, keys) is None]
    if max_blocks is not None:
        pending = pending[:max_blocks]
    futures = {}
    for i in pending:
        name = f"preflop-block-{i}-{blocks[i][0]:x}"
        futures[client.submit(timed_block_counts, list(blocks[i]), key=name, pure=False)] = i
    for future in as_completed(futures):  # type: ignore[no-untyped-call]
        index = futures[future]
        counts, cpu_seconds = future.result()
        _write_block(work, index, blocks[index], counts, cpu_seconds)
        if on_block is not None:
            on_block(len(blocks[index]))
    done = sum(read_block(work, i, keys) is not None for i, keys in enumerate(blocks))
    return RunReport(len(blocks), len(pending), done == len(blocks))


def collect(blocks: Sequence[Sequence[int]], work: Path) -> list[tuple[int, int]]:
    """Counts of every matchup of a finished job, in key order.

    >>> collect([[27]], Path("/nonexistent"))
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: block 0 of the preflop job is missing from /nonexistent
    """
    counts: list[tuple[int, int]] = []
    for i, keys in enumerate(blocks):
        block = read_block(work, i, keys)
        if block is None:
            raise PokerLookupError(f"block {i} of the preflop job is missing from {work}")
        counts.extend(block)
    return counts
