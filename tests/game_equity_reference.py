"""A plain brute-force equity reference for every game, using only tablegen's reference classifier.

Every deal of the unknown cards is walked with itertools, every allowed card
combination of each player is classified by :func:`tablegen.reference.classify`
(Omaha: every 2 hole + 3 board; stud and Hold'em: every five of seven), and
the pot is split with :class:`~fractions.Fraction`. Nothing of the runtime's
tables or kernels is used; the game's shape is written out here again on purpose.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from lookup.core.rules import Category
from tablegen.rankings import builtin
from tablegen.reference import Verdict, classify

Card = int  # 4 * rank + suit


@dataclass(frozen=True)
class Shape:
    """How a game forms hands, written independently of lookup.games."""

    hole: int
    board: int
    hole_used: int | None
    high: str
    low: str | None
    deck: int = 52


SHAPES = {
    "holdem": Shape(2, 5, None, "standard", None),
    "short-deck": Shape(2, 5, None, "short-deck", None, 36),
    "omaha": Shape(4, 5, 2, "standard", None),
    "omaha5": Shape(5, 5, 2, "standard", None),
    "omaha6": Shape(6, 5, 2, "standard", None),
    "omaha-hilo": Shape(4, 5, 2, "standard", "eight-or-better"),
    "omaha5-hilo": Shape(5, 5, 2, "standard", "eight-or-better"),
    "courchevel": Shape(5, 5, 2, "standard", None),
    "courchevel-hilo": Shape(5, 5, 2, "standard", "eight-or-better"),
    "stud": Shape(7, 0, None, "standard", None),
    "stud-hilo": Shape(7, 0, None, "standard", "eight-or-better"),
    "razz": Shape(7, 0, None, "ace-to-five", None),
    "deuce-to-seven": Shape(5, 0, None, "deuce-to-seven", None),
    "five-card-draw": Shape(5, 0, None, "standard", None),
    "badugi": Shape(4, 0, None, "badugi", None),
}


@dataclass(frozen=True)
class Outcome:
    """Exact totals per player over every deal."""

    deals: int
    equity: tuple[Fraction, ...]
    win: tuple[int, ...]
    tie: tuple[int, ...]


@lru_cache(maxsize=1 << 17)  # bounded: the hands of one game's deals repeat, not all runs'
def _verdict(cards: frozenset[Card], ranking: str) -> Verdict:
    return classify([(c // 4, c % 4) for c in sorted(cards)], builtin(ranking))


def best(hole: Sequence[Card], board: Sequence[Card], shape: Shape, ranking: str) -> Verdict:
    """The best verdict of a player's hand under ``ranking``, every allowed combination tried."""
    if ranking == "badugi":
        return _verdict(frozenset(hole), ranking)
    if shape.hole_used is not None:
        hands = [
            frozenset((*two, *three))
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
        ]
    else:
        hands = [frozenset(five) for five in combinations([*hole, *board], 5)]
    return max(_verdict(hand, ranking) for hand in hands)


def _shares(verdicts: list[Verdict]) -> list[Fraction]:
    top = max(verdicts)
    winners = [v == top for v in verdicts]
    return [Fraction(1, sum(winners)) if w else Fraction(0) for w in winners]


def _deals(unseen: list[Card], needs: list[int]) -> Iterator[list[tuple[Card, ...]]]:
    if not needs:
        yield []
        return
    for chosen in combinations(unseen, needs[0]):
        left = [c for c in unseen if c not in chosen]
        for rest in _deals(left, needs[1:]):
            yield [chosen, *rest]


def reference_equity(
    game: str, holes: list[list[Card]], board: list[Card], dead: Sequence[Card] = ()
) -> Outcome:
    """Exact equity of ``holes`` (the known cards of each player) by walking every deal."""
    shape = SHAPES[game]
    deck = range(52 - shape.deck, 52)
    known = {*board, *dead, *(c for hole in holes for c in hole)}
    unseen = [c for c in deck if c not in known]
    needs = [shape.hole - len(h) for h in holes] + [shape.board - len(board)]
    players = len(holes)
    total = [Fraction(0)] * players
    win = [0] * players
    tie = [0] * players
    deals = 0
    for dealt in _deals(unseen, needs):
        deals += 1
        hands = [[*h, *d] for h, d in zip(holes, dealt[:-1], strict=True)]
        full_board = [*board, *dealt[-1]]
        high = _shares([best(h, full_board, shape, shape.high) for h in hands])
        shares = high
        if shape.low is not None:
            lows = [best(h, full_board, shape, shape.low) for h in hands]
            if any(v.category != Category.NO_LOW for v in lows):
                low = _shares(lows)
                shares = [(a + b) / 2 for a, b in zip(high, low, strict=True)]
        for p, share in enumerate(shares):
            total[p] += share
            win[p] += share == 1
            tie[p] += 0 < share < 1
    return Outcome(deals, tuple(t / deals for t in total), tuple(win), tuple(tie))
