"""Equity benchmarks: pokerlookup against poker-equity, eval7 and phevaluator.

Under pytest-benchmark (timings in one table, grouped by task)::

    python -m pytest benchmarks/bench_equity.py --benchmark-enable

Or as a script, best of several runs side by side with ratios::

    python benchmarks/bench_equity.py

Tasks, matching issue 6's targets:

* exact heads-up preflop, AsAh vs KsKh, all 1,712,304 boards (target <= 0.3 s);
* 1,000,000 sampled three-way showdowns, AsAh vs KsKh vs QsQh preflop (<= 1 s);
* exact flop, AsAh vs KsKh on 2c 7d 9h, 990 turn-river pairs (a few ms);
* exact turn, the same on 2c 7d 9h 4s, 44 rivers (issue 20: a small spot's fixed cost).

Peers are skipped when not installed. poker-equity (Rust) spreads its work over
all cores by default; it is timed both ways. phevaluator has no equity
function, so it is timed as a Python loop over its C evaluator (exact tasks
only). eval7 only does hand-against-range equity heads-up; its exact function
(``py_hand_vs_range_exact``) returned 1.0 for AsAh vs KsKh both preflop and on
2c7d9h in eval7 0.1.11, so only its sampling is timed, heads-up.

``POKERLOOKUP_BENCH_QUICK=1`` in the environment shrinks every input (the
benchmark scripts' test, ``tests/test_benchmarks.py``, runs them that way so
none of them rots); its timings mean nothing.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lookup.odds.front import equity

HU = ["AsAh", "KsKh"]
THREE = ["AsAh", "KsKh", "QsQh"]
FLOP = "2c 7d 9h"
TURN = "2c 7d 9h 4s"
QUICK = os.environ.get("POKERLOOKUP_BENCH_QUICK") == "1"
SAMPLES = 20_000 if QUICK else 1_000_000


def ours_exact_preflop() -> float:
    return equity(HU)[0].equity


def ours_sampled_three_way() -> float:
    return equity(THREE, samples=SAMPLES, seed=1)[0].equity


def ours_sampled_heads_up() -> float:
    return equity(HU, samples=SAMPLES, seed=1)[0].equity


def ours_exact_flop() -> float:
    return equity(HU, board=FLOP)[0].equity


def ours_exact_turn() -> float:
    return equity(HU, board=TURN)[0].equity


def _poker_equity() -> Any:
    try:
        import poker_equity
    except ImportError:
        return None
    return poker_equity


def peer_tasks() -> dict[str, dict[str, Callable[[], float]]]:
    """Task -> {peer name -> function returning the first player's equity}."""
    tasks: dict[str, dict[str, Callable[[], float]]] = {
        "exact heads-up preflop": {"pokerlookup": ours_exact_preflop},
        "1M sampled three-way": {"pokerlookup": ours_sampled_three_way},
        "1M sampled heads-up": {"pokerlookup": ours_sampled_heads_up},
        "exact flop (990 boards)": {"pokerlookup": ours_exact_flop},
        "exact turn (44 rivers)": {"pokerlookup": ours_exact_turn},
    }
    pe = _poker_equity()
    if pe is not None:
        for threads, tag in ((0, "all cores"), (1, "1 thread")):
            tasks["1M sampled three-way"][f"poker-equity ({tag})"] = lambda t=threads: (
                pe.chunk_from_text("holdem", THREE, samples=SAMPLES, seed=1, threads=t)["players"][
                    0
                ]["equity"]
            )
            tasks["1M sampled heads-up"][f"poker-equity ({tag})"] = lambda t=threads: (
                pe.chunk_from_text("holdem", HU, samples=SAMPLES, seed=1, threads=t)["players"][0][
                    "equity"
                ]
            )
        tasks["exact heads-up preflop"]["poker-equity"] = lambda: pe.exact_from_text("holdem", HU)[
            "players"
        ][0]["equity"]
        tasks["exact flop (990 boards)"]["poker-equity"] = lambda: pe.exact_from_text(
            "holdem", HU, board=FLOP
        )["players"][0]["equity"]
        tasks["exact turn (44 rivers)"]["poker-equity"] = lambda: pe.exact_from_text(
            "holdem", HU, board=TURN
        )["players"][0]["equity"]
    try:
        import eval7
    except ImportError:
        pass
    else:
        hero = [eval7.Card(c) for c in ("As", "Ah")]
        villain = eval7.HandRange("KsKh")
        tasks["1M sampled heads-up"]["eval7"] = lambda: eval7.py_hand_vs_range_monte_carlo(
            hero, villain, [], SAMPLES
        )
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        pass
    else:

        def phe_exact(board: tuple[int, ...]) -> float:
            # Card ids 4 * rank + suit, which phevaluator shares: no parsing in the loop.
            used = {51, 50, 47, 46, *board}
            deck = [c for c in range(52) if c not in used]
            share = 0.0
            total = 0
            for rest in combinations(deck, 5 - len(board)):
                cards = (*board, *rest)
                a = evaluate_cards(51, 50, *cards)
                b = evaluate_cards(47, 46, *cards)
                share += 1.0 if a < b else 0.5 if a == b else 0.0
                total += 1
            return share / total

        if not QUICK:  # 1.7M boards in a Python loop: minutes
            tasks["exact heads-up preflop"]["phevaluator (Python loop)"] = lambda: phe_exact(())
        tasks["exact flop (990 boards)"]["phevaluator (Python loop)"] = lambda: phe_exact(
            (0, 21, 30)
        )  # 2c 7d 9h
        tasks["exact turn (44 rivers)"]["phevaluator (Python loop)"] = lambda: phe_exact(
            (0, 21, 30, 11)
        )  # 2c 7d 9h 4s
    return tasks


def _cases() -> list[tuple[str, str]]:
    return [(task, peer) for task, peers in peer_tasks().items() for peer in peers]


@pytest.mark.parametrize(("task", "peer"), _cases())
def test_equity_speed(benchmark: Any, task: str, peer: str) -> None:
    benchmark.group = task
    function = peer_tasks()[task][peer]
    slow = "phevaluator" in peer and "preflop" in task
    value = benchmark.pedantic(function, rounds=1 if slow else 5, warmup_rounds=0 if slow else 1)
    assert 0.0 < value < 1.0


def main() -> None:
    """Best-of-N wall times per task, with each peer's time as a multiple of ours."""
    equity(HU, board=FLOP)  # load tables and numpy once, outside the timings
    for task, peers in peer_tasks().items():
        print(f"\n{task}")
        ours = None
        for peer, function in peers.items():
            runs = 1 if "phevaluator" in peer and "preflop" in task else 7
            function()  # warm up
            best = float("inf")
            for _ in range(runs):
                start = time.perf_counter()
                value = function()
                best = min(best, time.perf_counter() - start)
            ours = best if ours is None else ours
            print(
                f"  {peer:28} {best * 1000:10.2f} ms  {best / ours:6.2f}x ours  equity {value:.4f}"
            )


if __name__ == "__main__":
    main()
