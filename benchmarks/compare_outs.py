"""Time ``lookup.outs`` on Hold'em flops side by side with outs built on the peers, in one process.

    python benchmarks/compare_outs.py [--spots N] [--seed S] [--repeat R] [--no-reference]

Every contender gets the same seeded spots (a flop and two two-card hands) and must
find the same thing: each player's outs and split outs (the turn cards after which
that player alone is best, or ties) and each player's exact equity after every
unseen turn card (every river enumerated). No peer has an outs function, so the
peers' contenders are that loop written on their evaluators:

* pokerlookup: ``lookup.outs(hands, flop)`` (checked input, exact Fractions);
* eval7: ``evaluate(hand + board)`` per player per turn card, then per river card;
* treys: ``Evaluator.evaluate(board, hand)`` the same way.

Also timed, beside it: the brute-force reference of the tests
(``tests/outs_reference.py``, tablegen's classifier only), outs without the equity
after each card. The peers' outs are checked against pokerlookup's first. Each round
times every contender in turn; ratios are per round (other time over pokerlookup's,
above 1: pokerlookup is faster), reported as the median and the spread. A peer that
is not installed is skipped with a note.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

# Run from a checkout without installing: the worktree root holds lookup/ and tests/.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import lookup
from lookup import DECK

Spot = tuple[tuple[lookup.Card, ...], list[tuple[lookup.Card, ...]]]
Found = list[list[tuple[frozenset[int], frozenset[int], dict[int, Fraction]]]]


def _spots(count: int, seed: int) -> list[Spot]:
    rnd = random.Random(seed)
    spots = []
    for _ in range(count):
        cards = rnd.sample(DECK, 7)
        spots.append((tuple(cards[:3]), [tuple(cards[3:5]), tuple(cards[5:7])]))
    return spots


def _time(loop: Callable[[], object]) -> tuple[float, object]:
    gc.collect()
    gc.disable()
    try:
        started = time.perf_counter()
        found = loop()
        return time.perf_counter() - started, found
    finally:
        gc.enable()


def _ours(spots: list[Spot]) -> Callable[[], Found]:
    def loop() -> Found:
        found = []
        for board, hands in spots:
            result = lookup.outs(hands, board)
            found.append(
                [
                    (
                        frozenset(o.card.index for o in p.outs),
                        frozenset(o.card.index for o in p.split_outs),
                        {card.index: value for card, value in p.after.items()},
                    )
                    for p in result
                ]
            )
        return found

    return loop


def _peer(
    spots: list[Spot], convert: Callable[[lookup.Card], object], score: Callable[..., int]
) -> Callable[[], Found]:
    """Outs and equity after each turn card on a peer's evaluator (larger score: better)."""
    prepared = []
    for board, hands in spots:
        known = {*board, *(c for hand in hands for c in hand)}
        unseen = [c for c in DECK if c not in known]
        prepared.append(
            (
                [convert(c) for c in board],
                [[convert(c) for c in hand] for hand in hands],
                [(c.index, convert(c)) for c in unseen],
            )
        )

    def loop() -> Found:
        found = []
        for board, hands, unseen in prepared:
            per_player: list[tuple[set[int], set[int], dict[int, Fraction]]] = [
                (set(), set(), {}) for _ in hands
            ]
            now = [score(hand, board) for hand in hands]
            behind = [not (now[p] == max(now) and now.count(now[p]) == 1) for p in range(len(now))]
            for index, turn in unseen:
                four = [*board, turn]
                scores = [score(hand, four) for hand in hands]
                top = max(scores)
                for p, value in enumerate(scores):
                    if value == top and behind[p]:
                        per_player[p][0 if scores.count(top) == 1 else 1].add(index)
                shares = [Fraction(0)] * len(hands)
                rivers = 0
                for other, river in unseen:
                    if other == index:
                        continue
                    rivers += 1
                    five = [*four, river]
                    final = [score(hand, five) for hand in hands]
                    best = max(final)
                    winners = final.count(best)
                    for p, value in enumerate(final):
                        if value == best:
                            shares[p] += Fraction(1, winners)
                for p in range(len(hands)):
                    per_player[p][2][index] = shares[p] / rivers
            found.append([(frozenset(a), frozenset(s), e) for a, s, e in per_player])
        return found

    return loop


def _reference(spots: list[Spot]) -> Callable[[], object]:
    from tests.game_equity_reference import SHAPES, _verdict  # the tests' reference: when timed
    from tests.outs_reference import reference_outs

    def loop() -> object:
        _verdict.cache_clear()  # each round classifies afresh, as a first run does
        return [
            reference_outs(
                SHAPES["holdem"],
                [[(tuple(c.index for c in hand), Fraction(1))] for hand in hands],
                tuple(c.index for c in board),
            )
            for board, hands in spots
        ]

    return loop


def _contenders(spots: list[Spot], reference: bool) -> dict[str, Callable[[], object]]:
    found: dict[str, Callable[[], object]] = {"pokerlookup": _ours(spots)}
    try:
        import eval7

        cards7 = {c: eval7.Card(str(c)) for c in DECK}
        found["eval7"] = _peer(
            spots, cards7.__getitem__, lambda hand, board: eval7.evaluate(hand + board)
        )
    except ImportError:
        print("eval7 is not installed: skipped")
    try:
        from treys import Card as TreysCard
        from treys import Evaluator

        evaluator = Evaluator()
        cards_t = {c: TreysCard.new(str(c)) for c in DECK}
        found["treys"] = _peer(
            spots, cards_t.__getitem__, lambda hand, board: -evaluator.evaluate(board, hand)
        )
    except ImportError:
        print("treys is not installed: skipped")
    if reference:
        found["brute-force reference (outs only)"] = _reference(spots)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spots", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-reference", action="store_true")
    args = parser.parse_args(argv)
    spots = _spots(args.spots, args.seed)
    contenders = _contenders(spots, not args.no_reference)
    ours = contenders["pokerlookup"]()
    for name, loop in contenders.items():
        if name in ("eval7", "treys") and loop() != ours:
            print(f"{name} disagrees with pokerlookup")
            return 1
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(args.repeat):
        for name, loop in contenders.items():
            times[name].append(_time(loop)[0])
    base = times["pokerlookup"]
    print(f"{args.spots} Hold'em flops, 2 players, {args.repeat} rounds (best time per spot)")
    for name, taken in times.items():
        ratios = [t / b for t, b in zip(taken, base, strict=True)]
        print(
            f"  {name:36} {min(taken) / args.spots * 1e3:8.2f} ms  "
            f"ratio {statistics.median(ratios):6.2f}x [{min(ratios):.2f}-{max(ratios):.2f}]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
