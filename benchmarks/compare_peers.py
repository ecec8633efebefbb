"""Time pokerlookup side by side with treys, eval7 and phevaluator, in one process.

    python benchmarks/compare_peers.py [--hands N] [--seed S] [--repeat R]

Every evaluator gets the same seeded random hands, converted beforehand into
its own pre-parsed card form (pokerlookup: ``Card``; treys: its int encoding;
eval7: ``eval7.Card``; phevaluator: card ids 0-51), so only evaluation is
timed. Each timing is the best of R passes of a plain Python loop over all the
hands, one call per hand, with the garbage collector paused (as ``timeit``
does); every pass deals fresh hands (seeds S, S+1, ...), so no evaluator can
profit from having seen a hand before. The clock is this process's CPU time,
so time spent waiting while other processes hold the cores does not count;
passes take turns between evaluators so that whatever load does to the caches
hits all of them alike.

Before timing, each peer's answers on the hands are checked against
pokerlookup's, so a mistaken conversion cannot produce a fast wrong number.
A peer that is not installed is skipped with a note. Rates are hands per
second; ratios are against treys' public ``Evaluator.evaluate`` in the same run.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

# Run from a checkout without installing: the worktree root holds lookup/.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import lookup
from lookup import DECK
from lookup.ranking.fast import evaluate5, evaluate7

Hand = list[int]  # card indices 0-51
Loop = Callable[[], object]


@dataclass(frozen=True)
class Contender:
    """One evaluator: a name, and per hand size a ready-to-time loop (or None)."""

    name: str
    loops: dict[int, Loop]
    answers: dict[int, list[int]]  # each hand's value in the evaluator's own scale
    lower_is_stronger: bool


def _star_loop(function: Callable[..., object], hands: Sequence[Sequence[object]]) -> Loop:
    def loop() -> None:
        for hand in hands:
            function(*hand)

    return loop


def _one_arg_loop(function: Callable[[Any], object], hands: Sequence[object]) -> Loop:
    def loop() -> None:
        for hand in hands:
            function(hand)

    return loop


def _pair_loop(
    function: Callable[[object, object], object], pairs: Sequence[tuple[object, object]]
) -> Loop:
    def loop() -> None:
        for first, second in pairs:
            function(first, second)

    return loop


def _lookup(hands: dict[int, list[Hand]]) -> list[Contender]:
    cards = {size: [tuple(DECK[i] for i in hand) for hand in hs] for size, hs in hands.items()}
    kernels = {5: evaluate5, 7: evaluate7}
    fast = Contender(
        "pokerlookup evaluate5/7",
        {size: _star_loop(kernels[size], cards[size]) for size in cards},
        {size: [kernels[size](*h) for h in cards[size]] for size in cards},
        lower_is_stronger=True,
    )
    from lookup import evaluate

    checked = Contender(
        "pokerlookup evaluate()",
        {size: _one_arg_loop(evaluate, cards[size]) for size in cards},
        {size: [evaluate(h).kev for h in cards[size]] for size in cards},
        lower_is_stronger=True,
    )
    texts = {size: [" ".join(str(card) for card in h) for h in cards[size]] for size in cards}
    from_text = Contender(
        "pokerlookup evaluate(str)",
        {size: _one_arg_loop(evaluate, texts[size]) for size in texts},
        {size: [evaluate(t).kev for t in texts[size]] for size in texts},
        lower_is_stronger=True,
    )
    return [fast, checked, from_text]


def _treys(hands: dict[int, list[Hand]]) -> list[Contender]:
    from treys import Card, Evaluator

    evaluator = Evaluator()
    encoded = {
        size: [[Card.new(str(DECK[i])) for i in hand] for hand in hs] for size, hs in hands.items()
    }
    # The public call takes hole cards and a board; split each hand 2 + rest beforehand.
    pairs = {size: [(h[:2], h[2:]) for h in hs] for size, hs in encoded.items()}
    public = Contender(
        "treys Evaluator.evaluate",
        {size: _pair_loop(evaluator.evaluate, pairs[size]) for size in pairs},
        {size: [evaluator.evaluate(a, b) for a, b in pairs[size]] for size in pairs},
        lower_is_stronger=True,
    )
    # Its private per-size methods skip the list concatenation and the size dispatch.
    private_by_size = {5: evaluator._five, 7: evaluator._seven}
    private = Contender(
        "treys _five/_seven (private)",
        {size: _one_arg_loop(private_by_size[size], encoded[size]) for size in encoded},
        {size: [private_by_size[size](h) for h in encoded[size]] for size in encoded},
        lower_is_stronger=True,
    )
    # From text, as a user holding strings would: Card.new per card, then the public call.
    texts = {size: [[str(DECK[i]) for i in hand] for hand in hs] for size, hs in hands.items()}

    def parse_and_evaluate(words: list[str]) -> int:
        parsed = [Card.new(word) for word in words]
        return int(evaluator.evaluate(parsed[:2], parsed[2:]))

    from_text = Contender(
        "treys Card.new + evaluate",
        {size: _one_arg_loop(parse_and_evaluate, texts[size]) for size in texts},
        {size: [parse_and_evaluate(t) for t in texts[size]] for size in texts},
        lower_is_stronger=True,
    )
    return [public, private, from_text]


def _eval7(hands: dict[int, list[Hand]]) -> list[Contender]:
    import eval7

    encoded = {
        size: [[eval7.Card(str(DECK[i])) for i in hand] for hand in hs]
        for size, hs in hands.items()
    }
    return [
        Contender(
            "eval7 evaluate",
            {size: _one_arg_loop(eval7.evaluate, encoded[size]) for size in encoded},
            {size: [eval7.evaluate(h) for h in encoded[size]] for size in encoded},
            lower_is_stronger=False,
        )
    ]


def _phevaluator(hands: dict[int, list[Hand]]) -> list[Contender]:
    from phevaluator import Card, evaluate_cards

    # phevaluator numbers cards 4 * rank + suit (c, d, h, s), like pokerlookup's index.
    mismatched = [str(c) for i, c in enumerate(DECK) if Card(str(c)).id_ != i]
    if mismatched:
        raise RuntimeError(f"phevaluator card ids differ from indices for {mismatched[:4]}")
    return [
        Contender(
            "phevaluator evaluate_cards",
            {size: _star_loop(evaluate_cards, hs) for size, hs in hands.items()},
            {size: [evaluate_cards(*h) for h in hs] for size, hs in hands.items()},
            lower_is_stronger=True,
        )
    ]


PEERS: dict[str, Callable[[dict[int, list[Hand]]], list[Contender]]] = {
    "treys": _treys,
    "eval7": _eval7,
    "phevaluator": _phevaluator,
}


def _verify(contender: Contender, reference: Contender) -> None:
    """The contender must order the hands exactly as pokerlookup does (same ties too)."""
    for size, ours in reference.answers.items():
        theirs = contender.answers[size]
        value_of_class: dict[int, int] = {}
        for kev, value in zip(ours, theirs, strict=True):
            if value_of_class.setdefault(kev, value) != value:
                raise RuntimeError(f"{contender.name}: one class gets two values ({size} cards)")
        ordered = [value_of_class[k] for k in sorted(value_of_class)]  # strongest class first
        if not contender.lower_is_stronger:
            ordered = [-v for v in ordered]
        if any(a >= b for a, b in pairwise(ordered)):
            raise RuntimeError(f"{contender.name}: orders hands differently ({size} cards)")


def _time_once(loop: Loop) -> float:
    gc.collect()
    gc.disable()
    try:
        started = time.process_time()
        loop()
        return time.process_time() - started
    finally:
        gc.enable()


def _best_rates(
    passes: list[dict[tuple[str, int], Loop]], hands: int
) -> dict[str, dict[int, float]]:
    """Hands per second of each loop: best of the passes (each its own hands), taken in turns.

    Every pass times each loop once, so a burst of load from other processes
    slows all evaluators alike instead of one of them.
    """
    best = dict.fromkeys(passes[0], float("inf"))
    for loops in passes:
        for key, loop in loops.items():
            best[key] = min(best[key], _time_once(loop))
    rates: dict[str, dict[int, float]] = {}
    for (name, size), seconds in best.items():
        rates.setdefault(name, {})[size] = hands / seconds
    return rates


def _load_average() -> float | None:
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def _contenders(count: int, seed: int, notes: list[str]) -> dict[tuple[str, int], Loop]:
    """Every evaluator's loop over ``count`` hands of each size dealt from ``seed``."""
    rng = random.Random(seed)
    hands = {size: [rng.sample(range(52), size) for _ in range(count)] for size in (5, 7)}

    contenders = _lookup(hands)
    for module, build in PEERS.items():
        try:
            importlib.import_module(module)
        except ImportError as exc:
            notes.append(f"{module}: skipped, not importable ({exc})")
            continue
        for contender in build(hands):
            _verify(contender, contenders[0])
            contenders.append(contender)
        notes.append(f"{module} {_version(module)}: answers checked against pokerlookup")

    def nothing(*cards: object) -> None:
        return None

    floor = Contender(
        "(floor: empty function)",
        {size: _star_loop(nothing, hs) for size, hs in hands.items()},
        {},
        lower_is_stronger=True,
    )
    return {(c.name, size): loop for c in [*contenders, floor] for size, loop in c.loops.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/compare_peers.py",
        description="Per-call speed of pokerlookup and its peers on the same pre-parsed hands.",
    )
    parser.add_argument(
        "--hands", type=int, default=100_000, help="hands per size (default 100000)"
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="random seed of the first pass (default 1)"
    )
    parser.add_argument("--repeat", type=int, default=5, help="passes; the best counts (default 5)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat must be at least 1")

    notes: list[str] = []
    passes = [
        _contenders(args.hands, args.seed + i, notes if i == 0 else []) for i in range(args.repeat)
    ]
    rates = _best_rates(passes, args.hands)
    baseline = rates.get("treys Evaluator.evaluate")

    print(
        f"Python {sys.version.split()[0]}, pokerlookup {lookup.__version__}, "
        f"{args.hands:,} hands per size, seeds {args.seed}-{args.seed + args.repeat - 1}, "
        f"best of {args.repeat} (fresh hands each pass)"
    )
    header = f"{'evaluator':<30} {'5-card/s':>12} {'x treys':>8} {'7-card/s':>12} {'x treys':>8}"
    print(header)
    print("-" * len(header))
    for name, by_size in rates.items():
        cells = []
        for size in (5, 7):
            rate = by_size[size]
            ratio = f"{rate / baseline[size]:.2f}" if baseline else "-"
            cells.append(f"{rate:>12,.0f} {ratio:>8}")
        print(f"{name:<30} {' '.join(cells)}")
    load = _load_average()
    if load is not None:
        notes.append(f"1-minute load average at the end: {load:.2f} on {os.cpu_count()} cores")
    for note in notes:
        print(f"note: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
