"""Every ranking's speed against the standard ranking's, in the same run.

For each ranking: the unchecked seven-card kernel (badugi: four-card) per call,
the checked ``evaluate`` on tuples of cards, and ``evaluate_batch`` on a
million seven-card hands (badugi: four-card), each as a ratio of time per
hand to the standard ranking's. Passes alternate between rankings and the
best of ``--repeat`` counts, on the process CPU clock.

    python benchmarks/compare_rankings.py --hands 100000 --repeat 5
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

# Run from a checkout without installing: the repository root holds lookup/.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import lookup
from lookup.core.rules import BUILTIN_RANKINGS


def _best(loop: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        loop()
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/compare_rankings.py")
    parser.add_argument("--hands", type=int, default=100_000, help="hands per ranking (per call)")
    parser.add_argument("--batch", type=int, default=1_000_000, help="hands per batch")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    loops: dict[str, dict[str, Callable[[], object]]] = {}
    for name in BUILTIN_RANKINGS:
        ranking = lookup.get_ranking(name)
        size = 4 if ranking.definition.scoring == "badugi" else 7
        deck = ranking.deck
        hands = [tuple(rng.sample(deck, size)) for _ in range(args.hands)]
        kernel = ranking.kernel(size)
        indices = np.array(
            [[c.index for c in rng.sample(deck, size)] for _ in range(args.batch // 10)], np.uint8
        )
        batch = np.tile(indices, (10, 1))

        def per_call(kernel: Callable[..., int] = kernel, hands: list = hands) -> None:
            for hand in hands:
                kernel(*hand)

        def checked(hands: list = hands, rules: str = name) -> None:
            for hand in hands:
                lookup.evaluate(hand, rules=rules)

        def batched(batch: np.ndarray = batch, rules: str = name) -> None:
            lookup.evaluate_batch(batch, rules=rules)

        loops[name] = {"kernel": per_call, "evaluate": checked, "batch": batched}
    times: dict[str, dict[str, float]] = {name: {} for name in loops}
    for _ in range(args.repeat):  # alternate, so drift in machine speed hits all alike
        for name, kinds in loops.items():
            for kind, loop in kinds.items():
                elapsed = _best(loop, 1)
                times[name][kind] = min(times[name].get(kind, float("inf")), elapsed)
    base = times["standard"]
    print(f"{args.hands:,} hands per call loop, {args.batch:,} per batch, best of {args.repeat}")
    print(f"{'ranking':<20}{'kernel/s':>12}{'x std time':>11}{'evaluate/s':>12}{'x std':>7}"
          f"{'batch/s':>14}{'x std':>7}")  # fmt: skip
    for name, t in times.items():
        print(
            f"{name:<20}{args.hands / t['kernel']:>12,.0f}{t['kernel'] / base['kernel']:>11.2f}"
            f"{args.hands / t['evaluate']:>12,.0f}{t['evaluate'] / base['evaluate']:>7.2f}"
            f"{args.batch / t['batch']:>14,.0f}{t['batch'] / base['batch']:>7.2f}"
        )
    print("(x std: time per hand relative to the standard ranking; badugi rows are 4-card hands)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
