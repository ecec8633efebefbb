"""Assemble the preflop table files from a finished job, and derive the class data exactly.

``tables/preflop/`` holds two files (format of :mod:`lookup.core.tablefile`):

* ``matchups.msgpack`` -- per matchup key (ascending): the first holding's
  wins and the ties over all 1,712,304 boards. The header's digest is
  :func:`tablegen.preflop.generator_digest`.
* ``classes.msgpack`` -- per ordered pair of the 169 starting-hand classes
  (``169 * row + column``, classes in grid order, see :mod:`lookup.preflop.classes`):
  wins and ties of the row class summed over every compatible pair of combos,
  and how many such pairs there are; and ``order``, the classes by exact
  equity against a random hand, strongest first (what ``"15%"`` ranges take).

Both are exact integers; everything else is a ratio of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from lookup.core.tablefile import encode_table
from lookup.preflop.classes import CLASS_NAMES, class_of_combo
from tablegen.preflop import BOARDS, collect, generator_digest
from tablegen.write import write_folder

__all__ = ["class_data", "preflop_files", "write_preflop_tables"]


def class_data(
    keys: Sequence[int], wins: Sequence[int], ties: Sequence[int]
) -> tuple[list[int], list[int], list[int], list[int]]:
    """Class-pair wins, ties and pair counts (169 x 169, flat), and the class order."""
    import numpy as np

    from lookup.core.cards import ALL_COMBOS
    from lookup.preflop.matchups import matchup_keys

    combos = np.array(ALL_COMBOS, dtype=np.intp)
    grid_a, grid_b = np.meshgrid(np.arange(len(combos)), np.arange(len(combos)), indexing="ij")
    a, b = grid_a.reshape(-1), grid_b.reshape(-1)
    first, second = combos[a], combos[b]
    disjoint = (first[:, :, None] != second[:, None, :]).all(axis=(1, 2))
    a, b, first, second = a[disjoint], b[disjoint], first[disjoint], second[disjoint]
    found, swapped = matchup_keys(first, second)
    table_keys = np.array(keys, dtype=np.int64)
    rows = np.searchsorted(table_keys, found)
    if not (table_keys[rows] == found).all():
        raise AssertionError("a pair of combos has no matchup in the table")
    win_first, tie = np.array(wins, dtype=np.int64)[rows], np.array(ties, dtype=np.int64)[rows]
    win = np.where(swapped, BOARDS - win_first - tie, win_first)
    classes = np.array([class_of_combo(c) for c in ALL_COMBOS], dtype=np.intp)
    cell = classes[a] * len(CLASS_NAMES) + classes[b]
    size = len(CLASS_NAMES) ** 2
    # Float sums of integers stay exact below 2**53 (these are below 2**32).
    cell_wins = np.rint(np.bincount(cell, weights=win, minlength=size)).astype(np.int64)
    cell_ties = np.rint(np.bincount(cell, weights=tie, minlength=size)).astype(np.int64)
    pairs = np.bincount(cell, minlength=size)

    def strength(c: int) -> Fraction:
        row = slice(c * len(CLASS_NAMES), (c + 1) * len(CLASS_NAMES))
        shares = 2 * int(cell_wins[row].sum()) + int(cell_ties[row].sum())
        return Fraction(shares, 2 * BOARDS * int(pairs[row].sum()))

    order = sorted(range(len(CLASS_NAMES)), key=lambda c: (-strength(c), c))
    return cell_wins.tolist(), cell_ties.tolist(), pairs.tolist(), order


def preflop_files(keys: Sequence[int], counts: Sequence[tuple[int, int]]) -> dict[str, bytes]:
    """Both table files, name -> bytes, from every matchup's counts in key order."""
    wins = [w for w, _ in counts]
    ties = [t for _, t in counts]
    digest = generator_digest()
    meta: dict[str, Any] = {"boards": BOARDS, "matchups": len(keys)}
    matchups = encode_table(
        "matchups",
        "Heads-up Hold'em preflop: wins of the first holding and ties over every board, "
        "per matchup key (lookup.preflop.matchups)",
        "standard",
        {"key": ("I", keys), "win": ("I", wins), "tie": ("I", ties)},
        meta,
        rules_digest=digest,
    )
    cell_wins, cell_ties, pairs, order = class_data(keys, wins, ties)
    classes = encode_table(
        "classes",
        "Heads-up Hold'em preflop by starting-hand class: wins and ties summed over "
        "compatible combo pairs, the pair counts, and the classes by equity against a random hand",
        "standard",
        {
            "win": ("I", cell_wins),
            "tie": ("I", cell_ties),
            "pairs": ("H", pairs),
            "order": ("B", order),
        },
        meta,
        rules_digest=digest,
    )
    return {"matchups.msgpack": matchups, "classes.msgpack": classes}


def write_preflop_tables(
    blocks: Sequence[Sequence[int]], work: Path, out: Path, *, quiet: bool = False
) -> None:
    """Collect a finished job from ``work`` and write its table files into ``out``."""
    from tablegen.preflop import block_cpu_seconds

    keys = [k for block in blocks for k in block]
    files = preflop_files(keys, collect(blocks, work))
    write_folder(out, files)  # both files or neither: a new folder swapped in whole
    if not quiet:
        size = sum(len(d) for d in files.values())
        cpu = sum(block_cpu_seconds(work, i) for i in range(len(blocks)))
        print(
            f"tablegen: preflop: {len(keys):,} matchups, {size:,} B in {out}; "
            f"worker CPU time of all blocks {cpu / 60:.1f} min"
        )


def check_preflop_tables(out: Path, *, sample: int = 24, seed: int = 13) -> list[str]:
    """Problems with the preflop table folder ``out``, without recomputing all of it.

    Checks each file's checksum and header (the generator's digest), that the
    matchup keys are exactly the canonical ones, ``sample`` matchups drawn with
    ``seed`` against a fresh enumeration, and the class file against a fresh
    derivation from the matchup file (seconds of work, not the whole job).
    """
    import random

    from lookup.core.errors import TableError
    from lookup.core.tablefile import decode_table
    from lookup.preflop.matchups import matchup_cards
    from tablegen.preflop import canonical_keys
    from tablegen.preflop_kernel import showdown_counts

    matchups_path, classes_path = out / "matchups.msgpack", out / "classes.msgpack"
    try:
        table = decode_table(matchups_path.read_bytes(), str(matchups_path), "matchups")
        classes_bytes = classes_path.read_bytes()
        decode_table(classes_bytes, str(classes_path), "classes")
    except OSError as exc:
        return [f"{exc.filename} is missing or unreadable"]
    except TableError as exc:
        return [str(exc)]
    if table.rules_digest != generator_digest():
        return [f"{matchups_path} was made by another generator (digest differs)"]
    keys = list(canonical_keys())
    if list(table.arrays.get("key", [])) != keys:
        return [f"{matchups_path} does not list the {len(keys):,} canonical matchups"]
    wins, ties = list(table.arrays["win"]), list(table.arrays["tie"])
    problems = []
    for row in random.Random(seed).sample(range(len(keys)), sample):
        first, second = matchup_cards(keys[row])
        expected = showdown_counts(first, second)[:2]
        if (wins[row], ties[row]) != expected:
            problems.append(
                f"{matchups_path}: matchup {keys[row]:#x} holds {(wins[row], ties[row])}, "
                f"a fresh enumeration gives {expected}"
            )
    fresh = preflop_files(keys, list(zip(wins, ties, strict=True)))["classes.msgpack"]
    if fresh != classes_bytes:
        problems.append(f"{classes_path} is stale")
    return problems
