"""Time a 6-player Hold'em showdown side by side with the peers, in one process.

    python benchmarks/compare_showdown.py [--deals N] [--seed S] [--repeat R]

Every contender gets the same seeded deals (a full board and six two-card hands),
converted beforehand to its own card form, and must name the winners:

* pokerlookup: ``lookup.showdown(pairs, board)`` with ``.winners`` and ``.shares``
  (the table validated, exact Fractions), the same with ``game="holdem"``, and once
  more reading every player's best five and description;
* treys: ``Evaluator.evaluate(board, hand)`` per player, then the minimum and who
  holds it (nothing validated, no shares);
* eval7: ``evaluate(hand + board)`` per player, then the maximum and who holds it.

Also timed, pokerlookup alone: ``best_five`` of seven cards. Each peer's winners
are first checked against pokerlookup's. Each round times every contender in turn;
ratios are taken per round (peer time over pokerlookup's, larger is faster) and
reported as the median and the spread of the rounds, with each contender's best
time. A peer that is not installed is skipped with a note.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

# Run from a checkout without installing: the worktree root holds lookup/.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import lookup
from lookup import DECK

Loop = Callable[[], object]
PLAYERS = 6


def _time(loop: Loop) -> float:
    gc.collect()
    gc.disable()
    try:
        started = time.perf_counter()
        loop()
        return time.perf_counter() - started
    finally:
        gc.enable()


def _deals(count: int, seed: int) -> list[tuple[tuple[lookup.Card, ...], list[tuple[str, ...]]]]:
    rnd = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = rnd.sample(DECK, 5 + 2 * PLAYERS)
        holes = [tuple(cards[5 + 2 * i : 7 + 2 * i]) for i in range(PLAYERS)]
        deals.append((tuple(cards[:5]), holes))
    return deals


def _ours(deals: list, game: str | None, read_all: bool) -> tuple[Loop, list]:  # type: ignore[type-arg]
    names = [str(seat) for seat in range(1, PLAYERS + 1)]
    tables = [(board, list(zip(names, holes, strict=True))) for board, holes in deals]
    showdown = lookup.showdown

    def loop() -> list[tuple[str, ...]]:
        winners = []
        for board, pairs in tables:
            result = showdown(pairs, board, game=game)
            winners.append(result.winners)
            result.shares  # noqa: B018 - what a user asks for: timed
            if read_all:
                for player in result.players:
                    player.best_five  # noqa: B018
                    player.description  # noqa: B018
        return winners

    return loop, [showdown(pairs, board).winners for board, pairs in tables]


def _peers(deals: list) -> dict[str, Loop]:  # type: ignore[type-arg]
    loops: dict[str, Loop] = {}
    try:
        import treys
    except ImportError:
        print("treys not installed: skipped")
    else:
        evaluator = treys.Evaluator()
        tr = [
            (
                [treys.Card.new(str(c)) for c in board],
                [[treys.Card.new(str(c)) for c in h] for h in holes],
            )
            for board, holes in deals
        ]

        def treys_loop() -> list[tuple[str, ...]]:
            winners = []
            for board, holes in tr:
                scores = [evaluator.evaluate(board, hand) for hand in holes]
                best = min(scores)
                winners.append(tuple(str(i + 1) for i, s in enumerate(scores) if s == best))
            return winners

        loops["treys"] = treys_loop
    try:
        import eval7
    except ImportError:
        print("eval7 not installed: skipped")
    else:
        e7 = [
            ([eval7.Card(str(c)) for c in board], [[eval7.Card(str(c)) for c in h] for h in holes])
            for board, holes in deals
        ]

        def eval7_loop() -> list[tuple[str, ...]]:
            winners = []
            for board, holes in e7:
                scores = [eval7.evaluate(hand + board) for hand in holes]
                best = max(scores)
                winners.append(tuple(str(i + 1) for i, s in enumerate(scores) if s == best))
            return winners

        loops["eval7"] = eval7_loop
    return loops


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="showdowns per pass")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=15, help="rounds (best and spread)")
    args = parser.parse_args(argv)
    deals = _deals(args.deals, args.seed)
    showdown_loop, expected = _ours(deals, None, read_all=False)
    contenders: dict[str, Loop] = {
        "pokerlookup showdown, winners + shares": showdown_loop,
        'pokerlookup showdown game="holdem"': _ours(deals, "holdem", read_all=False)[0],
        "pokerlookup showdown, every best five and words read": _ours(deals, None, True)[0],
    }
    first = "pokerlookup showdown, winners + shares"
    peers = _peers(deals)
    for name, loop in peers.items():
        if loop() != expected:
            raise SystemExit(f"{name} names other winners than pokerlookup")
    contenders.update(peers)

    def best_fives() -> None:
        for board, holes in deals:
            lookup.best_five(holes[0], board)

    contenders["pokerlookup best_five, 7 cards (one per deal)"] = best_fives
    for loop in contenders.values():
        loop()  # warm: tables loaded, values made
    rounds = [{name: _time(loop) / args.deals for name, loop in contenders.items()}]
    for _ in range(args.repeat - 1):
        rounds.append({name: _time(loop) / args.deals for name, loop in contenders.items()})
    print(f"{args.deals} showdowns of {PLAYERS} players a pass, {args.repeat} rounds")
    for name in contenders:
        best = min(r[name] for r in rounds)
        line = f"{name:55s} {best * 1e6:9.2f} us"
        if name.startswith("pokerlookup showdown"):
            for peer in peers:
                ratios = sorted(r[peer] / r[name] for r in rounds)
                line += (
                    f"   {statistics.median(ratios):5.2f}x {peer} "
                    f"({ratios[0]:.2f}-{ratios[-1]:.2f})"
                )
        print(line)
    print(f"(ratios: the peer's time over {first.split(',')[0]}'s, per round; larger is faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
