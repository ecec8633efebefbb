"""A plain brute force of every game, from the reference classifier alone, for tests.

Each game is written out again here from the issue's table (not read from
``lookup.games``): hole cards, how many hole and board cards must play, and
the ranking(s) of the pot. A player's hand is the best reference verdict over
*every* allowed choice of cards; a showdown's shares follow the rules in words:
the best high hand(s) share the pot, or half of it when a low qualifies, the
best low(s) share the other half.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from lookup.core.cards import Card
from lookup.core.rules import Category
from tablegen.rankings import builtin
from tablegen.reference import Verdict, classify


@dataclass(frozen=True)
class GameSpec:
    """A game as the issue's table describes it."""

    hole: int
    board: int  # cards on a full board (0: none)
    hole_used: int | None  # exactly this many hole cards play; None: any
    high: str
    low: str | None = None


SPECS: dict[str, GameSpec] = {
    "holdem": GameSpec(2, 5, None, "standard"),
    "short-deck": GameSpec(2, 5, None, "short-deck"),
    "omaha": GameSpec(4, 5, 2, "standard"),
    "omaha5": GameSpec(5, 5, 2, "standard"),
    "omaha6": GameSpec(6, 5, 2, "standard"),
    "omaha-hilo": GameSpec(4, 5, 2, "standard", "eight-or-better"),
    "omaha5-hilo": GameSpec(5, 5, 2, "standard", "eight-or-better"),
    "courchevel": GameSpec(5, 5, 2, "standard"),
    "courchevel-hilo": GameSpec(5, 5, 2, "standard", "eight-or-better"),
    "stud": GameSpec(7, 0, None, "standard"),
    "stud-hilo": GameSpec(7, 0, None, "standard", "eight-or-better"),
    "razz": GameSpec(7, 0, None, "ace-to-five"),
    "deuce-to-seven": GameSpec(5, 0, None, "deuce-to-seven"),
    "five-card-draw": GameSpec(5, 0, None, "standard"),
    "badugi": GameSpec(4, 0, None, "badugi"),
}


def _plain(cards: Sequence[Card]) -> list[tuple[int, int]]:
    return [(card.rank, card.suit) for card in cards]


def _choices(spec: GameSpec, hole: Sequence[Card], board: Sequence[Card]) -> list[list[Card]]:
    """Every allowed set of cards a player may play."""
    if spec.high == "badugi":
        return [list(hole)]  # the reference plays the best subset itself
    if spec.hole_used is None:
        return [list(five) for five in combinations([*hole, *board], 5)]
    return [
        [*pair, *triple]
        for pair in combinations(hole, spec.hole_used)
        for triple in combinations(board, 5 - spec.hole_used)
    ]


def best_verdict(ranking: str, choices: list[list[Card]]) -> Verdict:
    """The reference's best verdict of any choice under ``ranking``."""
    rules = builtin(ranking)
    return max(classify(_plain(cards), rules) for cards in choices)


def reference_hand(
    game: str, hole: Sequence[Card], board: Sequence[Card] = ()
) -> tuple[Verdict, Verdict | None]:
    """``(high, low)`` verdicts; low is None without a low half or a qualifying low."""
    spec = SPECS[game]
    choices = _choices(spec, hole, board)
    high = best_verdict(spec.high, choices)
    if spec.low is None:
        return high, None
    low = best_verdict(spec.low, choices)
    return high, (None if low.category is Category.NO_LOW else low)


def reference_shares(
    game: str, players: Mapping[str, Sequence[Card]], board: Sequence[Card] = ()
) -> dict[str, Fraction]:
    """Each player's exact share of a pot all of them contest."""
    hands = {name: reference_hand(game, hole, board) for name, hole in players.items()}
    best_high = max(high for high, _ in hands.values())
    high_winners = [name for name, (high, _) in hands.items() if high == best_high]
    lows = {name: low for name, (_, low) in hands.items() if low is not None}
    shares = dict.fromkeys(players, Fraction(0))
    if lows:
        best_low = max(lows.values())
        low_winners = [name for name, low in lows.items() if low == best_low]
        for name in high_winners:
            shares[name] += Fraction(1, 2 * len(high_winners))
        for name in low_winners:
            shares[name] += Fraction(1, 2 * len(low_winners))
    else:
        for name in high_winners:
            shares[name] += Fraction(1, len(high_winners))
    return shares


def reference_pots(
    contributions: Mapping[str, int], live: Sequence[str]
) -> list[tuple[int, tuple[str, ...]]]:
    """Side pots chip layer by chip layer: the t-th chip of everyone goes to the pot of the
    live players who put in at least t chips; consecutive layers with one set of players
    are one pot; folded chips above every live player's join the last pot."""
    top = max((contributions[name] for name in live), default=0)
    pots: list[tuple[int, tuple[str, ...]]] = []
    for layer in range(1, max(contributions.values(), default=0) + 1):
        eligible = tuple(name for name in live if contributions[name] >= min(layer, top))
        chips = sum(1 for amount in contributions.values() if amount >= layer)
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + chips, eligible)
        else:
            pots.append((chips, eligible))
    return pots
