"""A plain brute-force reference of outs, written from their definition (docs/outs.md).

No lookup tables and no runtime kernel: hands are classified by tablegen's reference
classifier (:func:`tests.game_equity_reference.best`: every 2 + 3 in Omaha, every five
in Hold'em). Every deal of the players' combos is walked with itertools, every unseen
card is tried, and shares are summed as Fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from lookup.core.rules import Category
from tests.game_equity_reference import Shape, best

Combo = tuple[int, ...]  # card indices, 4 * rank + suit


@dataclass
class Half:
    """One player's outs in one half: card -> share, and the share of deals ahead now."""

    outs: dict[int, Fraction]
    splits: dict[int, Fraction]
    ahead: Fraction


@dataclass
class Reference:
    halves: dict[str, list[Half]]
    weight: Fraction
    """The weight of every deal."""
    unseen_weight: dict[int, Fraction]
    """Per card: the weight of the deals that leave it unseen."""
    unseen_per_deal: int


def _alone_and_tied(verdicts: list[object | None], player: int) -> tuple[bool, bool]:
    """(alone best, tied for best) of ``player``; None verdicts (no low) never count."""
    mine = verdicts[player]
    if mine is None:
        return False, False
    others = [v for i, v in enumerate(verdicts) if i != player and v is not None]
    if any(v > mine for v in others):  # type: ignore[operator]
        return False, False
    tied = any(v == mine for v in others)
    return not tied, tied


def reference_outs(
    shape: Shape,
    players: Sequence[Sequence[tuple[Combo, Fraction]]],
    board: Combo,
    dead: Combo = (),
) -> Reference:
    """Outs of each player (each a list of weighted combos) on ``board``, by the definition."""
    deck = range(52 - shape.deck, 52)
    rankings = {"high": shape.high}
    if shape.low is not None:
        rankings["low"] = shape.low
    sums = {name: [Half({}, {}, Fraction(0)) for _ in players] for name in rankings}
    total = Fraction(0)
    unseen_weight: dict[int, Fraction] = {}
    per_deal = 0
    for deal in product(*players):
        held = [c for combo, _ in deal for c in combo]
        if len(set(held)) != len(held) or set(held) & {*board, *dead}:
            continue
        weight = Fraction(1)
        for _, w in deal:
            weight *= w
        total += weight
        unseen = [c for c in deck if c not in {*board, *dead, *held}]
        per_deal = len(unseen)
        for card in unseen:
            unseen_weight[card] = unseen_weight.get(card, Fraction(0)) + weight
        for name, ranking in rankings.items():

            def verdict(combo: Combo, cards: Combo, ranking: str = ranking) -> object | None:
                found = best(combo, cards, shape, ranking)
                return None if found.category == Category.NO_LOW else found

            now = [verdict(combo, board) for combo, _ in deal]
            for p in range(len(players)):
                alone_now, _ = _alone_and_tied(now, p)
                if alone_now:
                    sums[name][p].ahead += weight
                    continue
                for card in unseen:
                    after = [verdict(combo, (*board, card)) for combo, _ in deal]
                    alone, tied = _alone_and_tied(after, p)
                    into = sums[name][p].outs if alone else sums[name][p].splits if tied else None
                    if into is not None:
                        into[card] = into.get(card, Fraction(0)) + weight
    for halves in sums.values():
        for half in halves:
            half.outs = {c: w / total for c, w in half.outs.items()}
            half.splits = {c: w / total for c, w in half.splits.items()}
            half.ahead /= total
    return Reference(sums, total, unseen_weight, per_deal)
