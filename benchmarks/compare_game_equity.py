"""Equity in every game, side by side with poker-equity (Rust) running on one thread.

Run with an interpreter that has poker-equity installed and this project on the path:

    PYTHONPATH=. /path/to/peers/bin/python benchmarks/compare_game_equity.py [--repeat 3]

For each game: one million sampled showdowns (heads-up), and for Omaha and
Omaha hi/lo exact equity preflop and on a flop. Times are the best of
``--repeat`` runs after one warm-up run (which builds this project's tables;
its time is printed apart). A ratio above 1 means this project is faster.
Exits cleanly, saying so, when poker-equity is missing. ``--quick`` keeps only
the exact runs on a flop (the enumerations before it take seconds each) and is
best given a small ``--samples``: proof that it runs, not figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Run from a checkout without installing: the repository root holds lookup/.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lookup.odds.front import equity

# (our game, poker-equity key, hands, board)
SAMPLED: list[tuple[str, str, list[str], str]] = [
    ("holdem", "holdem", ["AsKs", "QhQd"], ""),
    ("short-deck", "short_deck", ["AsKs", "QhQd"], ""),
    ("omaha", "omaha", ["AsAhKsKh", "QdQcJdJc"], ""),
    ("omaha5", "omaha_five", ["AsAhKsKh2c", "QdQcJdJc3c"], ""),
    ("omaha6", "omaha_six", ["AsAhKsKh2c3d", "QdQcJdJc4c5d"], ""),
    ("omaha-hilo", "omaha_hi_lo", ["As2hKs3h", "QdQc4d5c"], ""),
    ("omaha5-hilo", "omaha_five_hi_lo", ["As2hKs3h9c", "QdQc4d5c9d"], ""),
    ("courchevel", "courchevel", ["AsAhKsKh2c", "QdQcJdJc3c"], "7d"),
    ("courchevel-hilo", "courchevel_hi_lo", ["As2hKs3h9c", "QdQc4d5c9d"], "7d"),
    ("stud", "stud", ["AhAd5c", "KhKdQs"], ""),
    ("stud-hilo", "stud_hi_lo", ["Ah2d5c", "KhKd3s"], ""),
    ("razz", "razz", ["Ah2d5c", "KhKd3s"], ""),
    ("deuce-to-seven", "deuce_seven", ["8h6d4s3c", "9s7d5c4h2s"], ""),
    ("five-card-draw", "five_card_draw", ["AhAdKc", "QsQdQhJc"], ""),
    ("badugi", "badugi", ["Ah2d3c", "4s5d6h"], ""),
]

EXACT: list[tuple[str, str, list[str], str]] = [
    ("omaha", "omaha", ["AsAhKsKh", "QdQcJdJc"], ""),
    ("omaha", "omaha", ["AsAhKsKh", "QdQcJdJc"], "2s7h8d"),
    ("omaha-hilo", "omaha_hi_lo", ["As2hKs3h", "QdQc4d5c"], ""),
    ("omaha-hilo", "omaha_hi_lo", ["As2hKs3h", "QdQc4d5c"], "6s7h8d"),
    ("omaha", "omaha", ["AsAhKsKh", "random"], "2s7h8d9c"),
    ("omaha-hilo", "omaha_hi_lo", ["As2hKs3h", "random"], "6s7h8d9c"),
    ("stud", "stud", ["AhAd5c7sJd", "KhKdQsJsTd"], ""),
]


def peer_hands(hands: list[str], hole_cards: int) -> list[str]:
    """poker-equity writes an unknown card as ``*``."""
    return ["*" * hole_cards if h == "random" else h for h in hands]


def best_of(repeat: int, run: Callable[[], Any]) -> tuple[float, Any]:
    """Fastest of ``repeat`` timed runs, and the last result."""
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--samples", type=int, default=1_000_000)
    parser.add_argument("--quick", action="store_true", help="exact runs on a flop only")
    args = parser.parse_args(argv)
    try:
        import poker_equity as pe
    except ImportError:
        print("poker-equity is not installed here: nothing to compare against (skipped)")
        return 0

    print(f"{'run':44} {'ours s':>8} {'peer s':>8} {'ratio':>6}  ours / peer equity (player 1)")

    def row(label: str, ours: Callable[[], Any], peer: Callable[[], Any]) -> None:
        start = time.perf_counter()
        ours()  # warm-up: builds and caches this project's tables
        warm = time.perf_counter() - start
        ours_s, mine = best_of(args.repeat, ours)
        peer_s, theirs = best_of(args.repeat, peer)
        ratio = peer_s / ours_s
        print(
            f"{label:44} {ours_s:8.3f} {peer_s:8.3f} {ratio:5.2f}x  "
            f"{mine[0].equity:.4f} / {theirs['players'][0]['equity']:.4f}"
            f"  (first run {warm:.2f} s)",
            flush=True,
        )

    for game, key, hands, board in EXACT:
        if args.quick and len(board) != 6:
            continue
        streets = {0: "", 6: "flop ", 8: "turn "}
        where = f"{streets.get(len(board), '')}{board}" if board else "preflop"
        if game == "stud":
            where = "5th street"
        label = f"exact {game} {where}" + (" vs random" if "random" in hands else "")
        row(
            label,
            lambda g=game, h=hands, b=board: equity(h, board=b, game=g, exact=True),
            lambda k=key, h=hands, b=board: pe.exact_from_text(k, peer_hands(h, 4), b, ""),
        )
    for game, key, hands, board in SAMPLED:
        row(
            f"sampled {game} {args.samples:,}",
            lambda g=game, h=hands, b=board: equity(
                h, board=b, game=g, samples=args.samples, seed=1
            ),
            lambda k=key, h=hands, b=board: pe.chunk_from_text(
                k, h, b, "", samples=args.samples, seed=1, threads=1
            ),
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
