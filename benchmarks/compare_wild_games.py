"""Game equity under wild-card rankings against standard, same process, same questions.

Run: ``python benchmarks/compare_wild_games.py [--samples N] [--rounds R]``

Sampled all-in equity (``lookup.odds.generic.equity``, the generic path every
game shares) for three spots: Hold'em heads-up preflop, stud (three cards
each) and five-card draw (four cards each, one drawn); each under standard
and under every wild-card ranking the game allows. Standard Hold'em is timed
on the generic path too (through a Ranking object), so both sides use the
same deals and tally and only the kernel differs. Each figure is the best of
``R`` rounds, in deals per second; ratios are time per deal against
standard's in the same run (above 1 = slower). Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import time

from lookup.game.registry import get_game
from lookup.odds.generic import _setup, _solve

SPOTS = {
    "holdem": ["As Ad", "Kd Kh"],
    "stud": ["As Ad 7c", "Kd Kh Qs"],
    "five-card-draw": ["As Ad 7c 9d", "Kd Kh Qs 8c"],
}


def _deals_per_second(game: str, rules: str, samples: int, rounds: int) -> float:
    # The generic path directly: standard Hold'em would otherwise take its own engine.
    setup = _setup(SPOTS[game], (), (), game, rules)
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        _solve(setup, 0, None, exact=False, samples=samples, seed=1, progress=False)
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
