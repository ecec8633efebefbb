"""Benchmarks of the numpy batch path and the census, with peers measured in the same run.

Run: ``python -m pytest benchmarks/bench_batch.py --benchmark-enable``
(add ``-s`` for the summary of hands per second and ratios at the end).

Each benchmark stores its rate in ``extra_info["hands_per_second"]``; the peers
(eval7, treys, lookup's own scalar evaluate7) are per-hand Python loops over a
smaller sample of the same kind of hands, which is how their users call them.
Nothing here asserts a time.

``POKERLOOKUP_BENCH_QUICK=1`` in the environment shrinks every input (the
census: five cards instead of seven; the benchmark scripts' test,
``tests/test_benchmarks.py``, runs them that way so none of them rots); its
timings mean nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from lookup.batch.census import census
from lookup.batch.evaluate import evaluate_batch
from lookup.core.cards import DECK

QUICK = os.environ.get("POKERLOOKUP_BENCH_QUICK") == "1"
BATCH_ROWS = 2_000 if QUICK else 1_000_000
PEER_ROWS = {"eval7": 200_000, "treys": 20_000, "lookup.evaluate7": 200_000}
if QUICK:
    PEER_ROWS = dict.fromkeys(PEER_ROWS, 200)
CENSUS = (5, 2_598_960) if QUICK else (7, 133_784_560)  # cards, hands
RATES: dict[str, float] = {}


def random_hands(rows: int, size: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((rows, 52)), axis=1)[:, :size].astype(np.int8)


@pytest.fixture(scope="module")
def hands7() -> np.ndarray:
    return random_hands(BATCH_ROWS, 7, 7)


@pytest.fixture(scope="module", autouse=True)
def summary() -> Iterator[None]:
    yield
    if not RATES:
        return
    print("\n\nhands per second (best round), and ratio to each peer:")
    peers = {name: rate for name, rate in RATES.items() if not name.startswith("batch")}
    for name, rate in RATES.items():
        ratios = "  ".join(f"{rate / peer:7.1f}x {peer_name}" for peer_name, peer in peers.items())
        print(f"  {name:<32}{rate / 1e6:9.2f} M/s   {ratios}")


def record(benchmark: Any, name: str, hands: int) -> None:
    if benchmark.disabled:  # a plain test run: nothing was timed
        return
    rate = hands / benchmark.stats.stats.min
    benchmark.extra_info["hands_per_second"] = round(rate)
    RATES[name] = rate


@pytest.mark.parametrize("size", [5, 6, 7])
def test_evaluate_batch(benchmark: Any, size: int) -> None:
    hands = random_hands(BATCH_ROWS, size, size)
    benchmark(evaluate_batch, hands)
    record(benchmark, f"batch{size} evaluate_batch", BATCH_ROWS)


def test_evaluate_batch_unchecked(benchmark: Any, hands7: np.ndarray) -> None:
    benchmark(evaluate_batch, hands7, check_duplicates=False)
    record(benchmark, "batch7 check_duplicates=False", BATCH_ROWS)


def test_evaluate_batch_int64(benchmark: Any, hands7: np.ndarray) -> None:
    wide = hands7.astype(np.int64)
    benchmark(evaluate_batch, wide)
    record(benchmark, "batch7 int64 input", BATCH_ROWS)


def peer_loop(make: Callable[[list[int]], Any], run: Callable[[Any], Any], rows: int) -> Any:
    """Pre-convert ``rows`` hands to the peer's card objects; return a loop over them."""
    hands = [make(row) for row in random_hands(rows, 7, 77).tolist()]

    def loop() -> None:
        for hand in hands:
            run(hand)

    return loop


def test_peer_eval7(benchmark: Any) -> None:
    eval7 = pytest.importorskip("eval7")
    names = [str(card) for card in DECK]
    loop = peer_loop(
        lambda row: [eval7.Card(names[i]) for i in row], eval7.evaluate, PEER_ROWS["eval7"]
    )
    benchmark.pedantic(loop, rounds=3, iterations=1)
    record(benchmark, "eval7", PEER_ROWS["eval7"])


def test_peer_treys(benchmark: Any) -> None:
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    names = [str(card) for card in DECK]
    loop = peer_loop(
        lambda row: (
            [treys.Card.new(names[i]) for i in row[:5]],
            [treys.Card.new(names[i]) for i in row[5:]],
        ),
        lambda hand: evaluator.evaluate(*hand),
        PEER_ROWS["treys"],
    )
    benchmark.pedantic(loop, rounds=3, iterations=1)
    record(benchmark, "treys", PEER_ROWS["treys"])


def test_scalar_evaluate7(benchmark: Any) -> None:
    from lookup.ranking.fast import evaluate7

    loop = peer_loop(
        lambda row: [DECK[i] for i in row],
        lambda hand: evaluate7(*hand),
        PEER_ROWS["lookup.evaluate7"],
    )
    benchmark.pedantic(loop, rounds=3, iterations=1)
    record(benchmark, "lookup.evaluate7", PEER_ROWS["lookup.evaluate7"])


@pytest.mark.parametrize("jobs", [1, 2])
def test_census7(benchmark: Any, jobs: int) -> None:
    cards, hands = CENSUS
    result = benchmark.pedantic(
        census, args=(cards,), kwargs={"jobs": jobs}, rounds=3, iterations=1
    )
    assert result.hands == hands
    record(benchmark, f"batch census {cards} jobs={jobs}", result.hands)
