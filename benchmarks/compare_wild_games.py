"""Game equity under wild-card rankings against standard, same process, same questions.

Run: ``python benchmarks/compare_wild_games.py [--samples N] [--rounds R]``

Sampled all-in equity (:func:`lookup.odds.generic.equity`, the generic engine
every game shares) for three spots: Hold'em heads-up preflop, stud (three cards
each) and five-card draw (four cards each, one drawn); each under standard
and under every wild-card ranking the game allows. Standard Hold'em is timed
on the generic engine too (called directly, as ``lookup.equity`` would hand it
to the Hold'em engine), so both sides use the same deals and tally and only
the kernel differs; setting up a question is timed with it, a small part of
a run of this size. Each figure is the best of
``R`` rounds, in deals per second; ratios are time per deal against
standard's in the same run (above 1 = slower). Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# Run from a checkout without installing: the repository root holds lookup/.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lookup.game.registry import get_game
from lookup.odds.generic import equity

SPOTS = {
    "holdem": ["As Ad", "Kd Kh"],
    "stud": ["As Ad 7c", "Kd Kh Qs"],
    "five-card-draw": ["As Ad 7c 9d", "Kd Kh Qs 8c"],
}


def _deals_per_second(game: str, rules: str, samples: int, rounds: int) -> float:
    # The generic engine directly: standard Hold'em would otherwise take its own engine.
    equity(SPOTS[game], game=game, rules=rules, samples=1_000, seed=1)  # tables loaded first
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        equity(SPOTS[game], game=game, rules=rules, samples=samples, seed=1)
        best = min(best, time.perf_counter() - started)
    return samples / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=400_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':16}{'rules':13}{'deals/s':>12}{'ratio':>8}")
    for game in SPOTS:
        standard = _deals_per_second(game, "standard", args.samples, args.rounds)
        print(f"{game:16}{'standard':13}{standard / 1e6:>10.2f} M{1:>7.2f}x")
        for rules in get_game(game).replaceable:
            rate = _deals_per_second(game, rules, args.samples, args.rounds)
            print(f"{game:16}{rules:13}{rate / 1e6:>10.2f} M{standard / rate:>7.2f}x")


if __name__ == "__main__":
    main()
