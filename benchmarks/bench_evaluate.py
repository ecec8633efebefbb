"""Per-call speed of the evaluation paths, on pre-parsed random hands (seeded).

Run with ``python -m pytest benchmarks --benchmark-enable`` (the project's
default options disable benchmarks, so a plain test run only smoke-tests them).
Each benchmark evaluates the same batch of hands in a plain Python loop, so
its time divided by the batch size is the cost of one call *including* the
loop; ``extra_info`` records hands per second. ``test_floor_*`` times the same
loop around a function that does nothing: no evaluator can beat it.
For peers side by side, see ``benchmarks/compare_peers.py``.

``POKERLOOKUP_BENCH_QUICK=1`` in the environment shrinks every input (the
benchmark scripts' test, ``tests/test_benchmarks.py``, runs them that way so
none of them rots); its timings mean nothing.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest

import lookup
from lookup import DECK, Card
from lookup.ranking.fast import evaluate5, evaluate6, evaluate7

BATCH = 200 if os.environ.get("POKERLOOKUP_BENCH_QUICK") == "1" else 10_000
SEED = 2024


def random_hands(size: int, count: int = BATCH, seed: int = SEED) -> list[tuple[Card, ...]]:
    rng = random.Random(seed * 100 + size)
    return [tuple(rng.sample(DECK, size)) for _ in range(count)]


HANDS = {size: random_hands(size) for size in (5, 6, 7)}


def run(benchmark: pytest.FixtureRequest, loop: Callable[[], object]) -> None:
    """Benchmark ``loop`` (one pass over a batch) and record the per-hand rate."""
    benchmark(loop)  # type: ignore[operator]
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        mean = stats.stats.mean
        benchmark.extra_info["hands_per_second"] = round(BATCH / mean)  # type: ignore[attr-defined]
        benchmark.extra_info["ns_per_hand"] = round(mean / BATCH * 1e9, 1)  # type: ignore[attr-defined]


def _spread(kernel: Callable[..., int], hands: list[tuple[Card, ...]]) -> Callable[[], None]:
    def loop() -> None:
        for hand in hands:
            kernel(*hand)

    return loop


@pytest.mark.parametrize(
    ("size", "kernel"), [(5, evaluate5), (6, evaluate6), (7, evaluate7)], ids=["5", "6", "7"]
)
def test_fast_path(benchmark: pytest.FixtureRequest, size: int, kernel: Callable[..., int]) -> None:
    run(benchmark, _spread(kernel, HANDS[size]))


@pytest.mark.parametrize("size", [5, 7])
def test_checked_evaluate_preparsed(benchmark: pytest.FixtureRequest, size: int) -> None:
    hands, evaluate = HANDS[size], lookup.evaluate

    def loop() -> object:
        return [evaluate(hand) for hand in hands]

    run(benchmark, loop)


def test_checked_evaluate_hole_and_board(benchmark: pytest.FixtureRequest) -> None:
    pairs = [(hand[:2], hand[2:]) for hand in HANDS[7]]
    evaluate = lookup.evaluate

    def loop() -> object:
        return [evaluate(hole, board) for hole, board in pairs]

    run(benchmark, loop)


def test_checked_evaluate_strings(benchmark: pytest.FixtureRequest) -> None:
    texts = [" ".join(map(str, hand)) for hand in HANDS[7]]
    evaluate = lookup.evaluate

    def loop() -> object:
        return [evaluate(text) for text in texts]

    run(benchmark, loop)


def _nothing(*cards: int) -> int:
    return 0


@pytest.mark.parametrize("size", [5, 7])
def test_floor_empty_function(benchmark: pytest.FixtureRequest, size: int) -> None:
    run(benchmark, _spread(_nothing, HANDS[size]))
