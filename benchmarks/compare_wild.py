"""Wild-card rankings against standard high poker, same process, same kind of hands.

Run: ``python benchmarks/compare_wild.py [--hands N] [--rounds R]``

For each wild-card ranking and for ``standard``: the scalar kernels
``evaluate5`` and ``evaluate7`` (per-call time over pre-parsed random hands of
the ranking's own deck, a bare loop around the call), and
``evaluate_batch`` over a million seven-card rows. Each figure is the best of
``R`` rounds; ratios are against standard's figure in the same run (the issue
asks for the 7-card kernel within 1.5x of standard's time and the batch within
2x). Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

# Run from a checkout without installing: the repository root holds lookup/.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lookup.core.cards import Card
from lookup.core.rules import WILD_RANKINGS
from lookup.ranking.ranking import get_ranking


def _hands(name: str, size: int, count: int, seed: int) -> list[tuple[Card, ...]]:
    deck = get_ranking(name).deck
    rng = random.Random(seed)
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


def _time_once(kernel: Callable[..., int], hands: Sequence[tuple[Card, ...]]) -> float:
    """Seconds per call over one pass of a plain loop."""
    started = time.perf_counter()
    for hand in hands:
        kernel(*hand)
    return (time.perf_counter() - started) / len(hands)


def _batch_inputs(name: str, rows: int) -> tuple[Callable[[Any], Any], Any] | None:
    try:
        import numpy as np

        from lookup.batch.evaluate import evaluate_batch
    except ImportError:  # numpy is optional: skip cleanly
        return None
    deck = np.array([c.index for c in get_ranking(name).deck], dtype=np.int8)
    rng = np.random.default_rng(7)
    hands = deck[np.argsort(rng.random((rows, len(deck))), axis=1)[:, :7]]
    evaluate_batch(hands[:1000], rules=name)  # load the tables outside the timing
    return (lambda h: evaluate_batch(h, rules=name)), hands


def _batch_once(run: Callable[[Any], Any], hands: Any) -> float:
    """Rows per second of one batch call."""
    started = time.perf_counter()
    run(hands)
    return len(hands) / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per scalar pass")
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows per batch pass")
    parser.add_argument("--rounds", type=int, default=5, help="passes; the best one counts")
    args = parser.parse_args(argv)

    names = ("standard", *WILD_RANKINGS)
    hands = {(n, k): _hands(n, k, args.hands, seed=k) for n in names for k in (5, 7)}
    kernels = {(n, k): get_ranking(n).kernel(k) for n in names for k in (5, 7)}
    batches = {n: _batch_inputs(n, args.rows) for n in names}
    results: dict[str, dict[str, Any]] = {
        n: {"evaluate5": float("inf"), "evaluate7": float("inf"), "batch7": None} for n in names
    }
    # Rounds interleave the rankings, so a busy moment on a shared machine hits all alike;
    # each figure is the best of its rounds.
    for _ in range(args.rounds):
        for name in names:
            row = results[name]
            for size in (5, 7):
                per_call = _time_once(kernels[name, size], hands[name, size])
                row[f"evaluate{size}"] = min(row[f"evaluate{size}"], per_call)
            batch = batches[name]
            if batch is not None:
                rate = _batch_once(*batch)
                row["batch7"] = max(row["batch7"] or 0.0, rate)

    base = results["standard"]
    print(f"{'ranking':<14}{'evaluate5':>12}{'ratio':>8}{'evaluate7':>12}{'ratio':>8}"
          f"{'batch 7 (M/s)':>16}{'ratio':>8}")  # fmt: skip
    for name, row in results.items():
        cells = [f"{name:<14}"]
        for size in (5, 7):
            key = f"evaluate{size}"
            cells.append(f"{row[key] * 1e9:>9.0f} ns{row[key] / base[key]:>7.2f}x")
        if row["batch7"] is None:
            cells.append(f"{'(no numpy)':>16}")
        else:
            # Batch: time per hand relative to standard's (higher = slower).
            cells.append(f"{row['batch7'] / 1e6:>16.2f}{base['batch7'] / row['batch7']:>7.2f}x")
        print("".join(cells))
    print("ratios are time per hand relative to standard (1.00x = as fast; above 1 = slower)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
