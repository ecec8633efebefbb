"""Time per-game evaluation side by side with the peers, in one process (evaluation only).

    python benchmarks/compare_games.py [--hands N] [--seed S] [--repeat R]

Omaha (four hole cards, five board cards), one call per hand, every
contender on the same seeded deals converted beforehand to its own card form:

* pokerlookup's unchecked game kernel ``game_evaluator("omaha").high(hole, board)``
  (Card ints in, class number out) and the checked ``lookup.evaluate(hole, board,
  game="omaha")`` (cards parsed and checked, a ``HandRank`` out);
* treys' ``PLOEvaluator.evaluate(hand, board)``;
* phevaluator's ``evaluate_omaha_cards(*board, *hole)`` (card ids 0-51).

The first pass of a fresh Omaha kernel, while its per-board rows are being
made (see :mod:`lookup.game.omaha`), is reported apart. Also timed, pokerlookup
alone: the Omaha hi/lo low half, the other games' kernels (stud and razz
seven cards, badugi four) for scale. Each peer's answers are first checked
against pokerlookup's. The clock is CPU time, best of R passes with the
garbage collector paused, passes taking turns between contenders. A peer
that is not installed is skipped with a note; ratios are pokerlookup's rate
over the peer's in this run.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

# Run from a checkout without installing: the worktree root holds lookup/.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import lookup
from lookup import DECK
from lookup.game.evaluate import game_evaluator
from lookup.game.omaha import build_omaha_kernel

Loop = Callable[[], object]


def _time(loop: Loop) -> float:
    gc.collect()
    gc.disable()
    try:
        started = time.process_time()
        loop()
        return time.process_time() - started
    finally:
        gc.enable()


def _deals(count: int, seed: int, hole: int, board: int) -> list[list[int]]:
    rnd = random.Random(seed)
    return [rnd.sample(range(52), hole + board) for _ in range(count)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    deals = _deals(args.hands, args.seed, 4, 5)
    holes = [tuple(DECK[i] for i in deal[:4]) for deal in deals]
    boards = [tuple(DECK[i] for i in deal[4:]) for deal in deals]
    # The first pass over fresh rows: each board rank multiset's row is made when first seen.
    fresh = build_omaha_kernel(lookup.get_ranking("standard"))
    cold = _time(lambda: [fresh(h, b) for h, b in zip(holes, boards, strict=True)])
    omaha = game_evaluator("omaha")
    high = omaha.high
    ours = [high(h, b) for h, b in zip(holes, boards, strict=True)]

    def kernel_loop() -> None:
        for h, b in zip(holes, boards, strict=True):
            high(h, b)

    def checked_loop() -> None:
        evaluate = lookup.evaluate
        for h, b in zip(holes, boards, strict=True):
            evaluate(h, b, game="omaha")

    loops: dict[str, Loop] = {
        "pokerlookup kernel": kernel_loop,
        "pokerlookup evaluate(game=)": checked_loop,
    }
    notes: list[str] = []
    try:
        from treys import Card as TreysCard
        from treys import PLOEvaluator

        plo = PLOEvaluator()
        t_holes = [[TreysCard.new(str(DECK[i])) for i in deal[:4]] for deal in deals]
        t_boards = [[TreysCard.new(str(DECK[i])) for i in deal[4:]] for deal in deals]
        checked = min(len(deals), 2000)
        if [plo.evaluate(t_holes[i], t_boards[i]) for i in range(checked)] != ours[:checked]:
            raise RuntimeError("treys PLOEvaluator disagrees with pokerlookup")

        def treys_loop() -> None:
            evaluate = plo.evaluate
            for h, b in zip(t_holes, t_boards, strict=True):
                evaluate(h, b)

        loops["treys PLOEvaluator"] = treys_loop
    except ImportError:
        notes.append("treys not installed: skipped")
    try:
        from phevaluator import evaluate_omaha_cards

        if [evaluate_omaha_cards(*d[4:], *d[:4]) for d in deals[:2000]] != ours[:2000]:
            raise RuntimeError("phevaluator disagrees with pokerlookup")

        def phe_loop() -> None:
            for d in deals:
                evaluate_omaha_cards(d[4], d[5], d[6], d[7], d[8], d[0], d[1], d[2], d[3])

        loops["phevaluator evaluate_omaha_cards"] = phe_loop
    except ImportError:
        notes.append("phevaluator not installed: skipped")

    hilo = game_evaluator("omaha-hilo")
    low = hilo.low
    assert low is not None
    loops["pokerlookup omaha-hilo low kernel"] = lambda: [
        low(h, b) for h, b in zip(holes, boards, strict=True)
    ]
    sevens = [tuple(DECK[i] for i in deal[:7]) for deal in deals]
    empty: tuple[int, ...] = ()
    for name in ("stud", "razz"):
        kernel = game_evaluator(name).high
        loops[f"pokerlookup {name} kernel"] = lambda k=kernel: [k(s, empty) for s in sevens]  # type: ignore[misc]
    fours = [s[:4] for s in sevens]
    badugi = game_evaluator("badugi").high
    loops["pokerlookup badugi kernel"] = lambda: [badugi(f, empty) for f in fours]

    best = dict.fromkeys(loops, float("inf"))
    for _ in range(args.repeat):
        for name, loop in loops.items():
            best[name] = min(best[name], _time(loop))
    rates = {name: args.hands / seconds for name, seconds in best.items()}
    print(f"{args.hands:,} deals, seed {args.seed}, best of {args.repeat} (CPU time)")
    print(
        "pokerlookup kernel, first pass while its rows are made: "
        f"{cold / args.hands * 1e6:.2f} us/call"
    )
    print(f"{'contender':<36} {'calls/s':>12} {'us/call':>9}")
    for name, rate in rates.items():
        print(f"{name:<36} {rate:>12,.0f} {1e6 / rate:>9.2f}")
    for peer in ("treys PLOEvaluator", "phevaluator evaluate_omaha_cards"):
        if peer in rates:
            for ours_name in ("pokerlookup kernel", "pokerlookup evaluate(game=)"):
                ratio = rates[ours_name] / rates[peer]
                print(f"{ours_name} / {peer}: {ratio:.2f}x")
    for note in notes:
        print(note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
