"""lookup.strength on a whole flop against the naive way: one exact equity call per hand.

    PYTHONPATH=. /work/peers-venv/bin/python benchmarks/bench_strength.py [--repeat R] [--sample N]

Times ``lookup.strength(flop)`` (all 1,176 hero combos; exact ``expected_hs`` and
``expected_hs2`` against a random hand, with the histogram and percentile) as the
best of ``--repeat`` runs, wall clock and CPU time, and beside it, in the same run,
the naive way a bot builder writes it: one exact all-in equity call per combo
against a random hand (``lookup.equity([combo, "random"], board, exact=True)``, and
poker-equity's ``exact_from_text`` with ``**`` when it is installed). E[HS] against
a random hand *is* that equity (every opponent and board pair weighs the same), so
the naive way gives ``expected_hs`` only, not E[HS²]. The naive calls are timed on
``--sample`` seeded combos and scaled to 1,176 (the full loop takes minutes); their
answers are checked equal to ``strength``'s first. Also prints the cost of the hand
potential of all 1,176 combos (PPOT/NPOT, computed when first read). Nothing here
asserts a time.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import lookup
from lookup.handstrength import strength

FLOP = "Ks 7h 2d"


def best(run: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """Best wall and CPU seconds of ``repeat`` runs, and the last answer."""
    wall = cpu = float("inf")
    answer = None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        answer = run()
        wall = min(wall, time.perf_counter() - w)
        cpu = min(cpu, time.process_time() - c)
    return wall, cpu, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sample", type=int, default=6)
    args = parser.parse_args()
    strength(FLOP)  # tables, numpy: loaded once, as in any long-running bot
    wall, cpu, _ = best(lambda: strength(FLOP).expected_hs, args.repeat)
    whole = strength(FLOP)
    print(f"lookup.strength, {len(whole)} combos on {FLOP}: {wall:.3f} s wall, {cpu:.3f} s CPU")
    hands = random.Random(1).sample([r.hand for r in whole], args.sample)
    scale = len(whole) / len(hands)

    def ours() -> list[float]:
        return [lookup.equity([h, "random"], board=FLOP, exact=True)[0].equity for h in hands]

    naive_wall, naive_cpu, naive = best(ours, 1)
    for hand, value in zip(hands, naive, strict=True):
        assert abs(value - whole[hand].expected_hs) < 1e-12, hand
    print(
        f"naive, one lookup.equity per combo: {naive_wall * scale:.1f} s wall "
        f"({naive_cpu * scale:.1f} s CPU), scaled from {len(hands)}: "
        f"strength is {naive_wall * scale / wall:,.0f}x faster"
    )
    try:
        import poker_equity as pe  # the peer: in the peers' virtualenv only
    except ImportError:
        print("poker-equity is not installed: skipped")
    else:
        board = FLOP.replace(" ", "")

        def theirs() -> list[float]:
            return [pe.exact_from_text("holdem", [h, "**"], board)["players"][0]["equity"]
                    for h in hands]  # fmt: skip

        peer_wall, peer_cpu, answers = best(theirs, 1)
        for hand, value in zip(hands, answers, strict=True):
            assert abs(value - whole[hand].expected_hs) < 1e-9, hand
        print(
            f"naive, one poker-equity exact_from_text per combo (all its threads): "
            f"{peer_wall * scale:.1f} s wall ({peer_cpu * scale:.1f} s CPU), scaled from "
            f"{len(hands)}: strength is {peer_wall * scale / wall:,.0f}x faster "
            f"({peer_cpu * scale / cpu:,.0f}x in CPU time)"
        )
    pot_wall, pot_cpu, _ = best(lambda: strength(FLOP).ppot, 1)
    print(f"with PPOT/NPOT of all {len(whole)} combos: {pot_wall:.2f} s wall, {pot_cpu:.2f} s CPU")
    one_wall, one_cpu, _ = best(lambda: strength(FLOP, hands="As Kd").ppot, args.repeat)
    print(f"one hand with PPOT/NPOT: {one_wall:.3f} s wall, {one_cpu:.3f} s CPU")


if __name__ == "__main__":
    main()
