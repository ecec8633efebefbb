"""The suit-isomorphism index: situations indexed per second, one at a time and in arrays.

Run from the repository root::

    python benchmarks/compare_isomorphism.py                  # 1M rows, best of 5
    python benchmarks/compare_isomorphism.py --rows 20000 --repeat 1

For Hold'em's four streets (rounds 2, 3, 1, 1: 2,428,287,420 classes), the flop with
the board as one group (2, 3) and Omaha's flop (4, 3) it times, on the same seeded
random situations:

* ``Isomorphism.index`` one situation a call, from a list of card indices and from text;
* ``Isomorphism.unindex`` one index a call;
* ``index_many`` and ``unindex_many`` over numpy arrays of ``--rows`` rows;
* beside them, in the same run, what one writes without an indexer: the least over
  the 24 suit permutations of the situation with each round sorted, in plain Python.
  It only names a class (no dense number, no way back), so the ratio is a floor.

Waugh's C library (github.com/kdub0/hand-isomorphism) publishes no rate in its README
or header, and no figure from the paper is quoted here: none was found to cite.
Prints the best of ``--repeat`` rounds, the tasks taking turns in each; the machine is
shared, so compare ratios.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from itertools import permutations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from lookup.core.cards import DECK
from lookup.iso.isomorphism import Isomorphism

PERMUTATIONS = list(permutations(range(4)))
CASES = [((2, 3, 1, 1), "Hold'em, four streets"), ((2, 3), "Hold'em flop"), ((4, 3), "Omaha flop")]


def naive(rounds: tuple[int, ...], cards: list[int]) -> tuple[tuple[int, ...], ...]:
    """The canonical form a user writes first: the least relabelling, rounds sorted."""
    best = None
    for g in PERMUTATIONS:
        moved = [4 * (c >> 2) + g[c & 3] for c in cards]
        form, at = [], 0
        for want in rounds:
            form.append(tuple(sorted(moved[at : at + want])))
            at += want
        key = tuple(form)
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def best_rates(tasks: list[tuple[Callable[[], Any], int]], repeat: int) -> list[float]:
    """Items per second of each (task, items per call): the best of ``repeat`` rounds,
    the tasks taking turns within each round so that a busy spell of the shared
    machine falls on all of them alike."""
    for task, _ in tasks:
        task()  # warm: tables built
    best = [float("inf")] * len(tasks)
    for _ in range(repeat):
        for i, (task, _count) in enumerate(tasks):
            start = time.perf_counter()
            task()
            best[i] = min(best[i], time.perf_counter() - start)
    return [count / seconds for (_, count), seconds in zip(tasks, best, strict=True)]


def rate(value: float) -> str:
    return f"{value / 1e6:.2f} M/s" if value >= 1e6 else f"{value / 1e3:.0f} k/s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows of the array runs")
    parser.add_argument("--scalar", type=int, default=20_000, help="situations one at a time")
    parser.add_argument("--repeat", type=int, default=5, help="best of this many runs")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(2013)
    print(f"{'rounds':<28} {'task':<34} {'rate':>10}  same run")
    for rounds, label in CASES:
        iso = Isomorphism(rounds)
        total = sum(rounds)
        array = np.argsort(rng.random((args.rows, 52)), axis=1)[:, :total]
        indices = iso.index_many(array)
        some = array[: args.scalar].tolist()
        texts = [" ".join(str(DECK[c]) for c in row) for row in some]
        some_indices = indices[: args.scalar].tolist()
        n = len(some)

        def scalar_index(rows: list[list[int]] = some, iso: Isomorphism = iso) -> None:
            for row in rows:
                iso.index(row)

        def text_index(rows: list[str] = texts, iso: Isomorphism = iso) -> None:
            for row in rows:
                iso.index(row)

        def scalar_unindex(found: list[int] = some_indices, iso: Isomorphism = iso) -> None:
            for i in found:
                iso.unindex(i)

        def naive_form(rows: list[list[int]] = some, rounds: tuple[int, ...] = rounds) -> None:
            for row in rows:
                naive(rounds, row)

        ours, theirs, text, single_back, many, back = best_rates(
            [
                (scalar_index, n),
                (naive_form, n),
                (text_index, n),
                (scalar_unindex, n),
                (lambda iso=iso, array=array: iso.index_many(array), len(array)),
                (lambda iso=iso, indices=indices: iso.unindex_many(indices), len(array)),
            ],
            args.repeat,
        )
        name = f"{rounds} {label}"
        print(
            f"{name:<28} {'index, card indices, one a call':<34} {rate(ours):>10}  "
            f"{ours / theirs:.1f}x the 24-permutation canonical form ({rate(theirs)})"
        )
        print(f"{'':<28} {'index, text, one a call':<34} {rate(text):>10}")
        print(f"{'':<28} {'unindex, one a call':<34} {rate(single_back):>10}")
        print(
            f"{'':<28} {f'index_many, {len(array):,} rows':<34} {rate(many):>10}  "
            f"{many / ours:.0f}x one a call; {many / theirs:.0f}x the canonical form"
        )
        print(f"{'':<28} {f'unindex_many, {len(array):,} rows':<34} {rate(back):>10}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
