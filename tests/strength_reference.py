"""Hand strength straight from the definitions: a plain loop over opponents and cards to come.

Every hand is ranked by the checked :func:`lookup.evaluate` (one call per hand, no
batches, no counting tricks), and every quantity is an exact :class:`Fraction`
built the way issue 23 defines it:

* HS: weighted share of the opponent combos the hero beats now, ties half;
* PPOT / NPOT: over weighted (opponent combo, runout) pairs, where the runout is
  every set of the remaining board cards the hero and that opponent leave;
* E[HS], E[HS²], histogram: over every completion of the board from the cards the
  hero leaves (each equally likely), the river HS against the opponent combos that
  completion leaves; a completion leaving no opponent combo is skipped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations

import lookup

Combo = tuple[int, int]


@dataclass(frozen=True)
class Reference:
    hs: Fraction | None
    ppot: Fraction | None
    npot: Fraction | None
    effective_hs: Fraction | None
    effective_hs_optimistic: Fraction | None
    expected_hs: Fraction | None
    expected_hs2: Fraction | None
    histogram: tuple[Fraction, ...] | None
    hp: tuple[tuple[Fraction, ...], ...] | None  # [now][river]: ahead, tied, behind


def rank(hole: Sequence[int], board: Sequence[int], rules: str, game: str | None = None) -> int:
    """Class number (lower is stronger) of the best five of hole + board, checked (with
    ``game``: the hand the game forms, exactly two hole cards and three board cards in Omaha)."""
    return _rank(tuple(sorted(hole)), tuple(sorted(board)), rules, game)


@cache  # the same hand on the same board recurs across heroes: rank it once
def _rank(hole: tuple[int, ...], board: tuple[int, ...], rules: str, game: str | None) -> int:
    if game is not None:
        return lookup.evaluate(list(hole), list(board), game=game).class_number
    return lookup.evaluate([*hole, *board], rules=rules).class_number


def state(mine: int, theirs: int) -> int:
    """0: the hero is ahead, 1: tied, 2: behind."""
    return 0 if mine < theirs else 1 if mine == theirs else 2


def reference(
    board: Sequence[int],
    hero: tuple[int, ...],
    opponent: Mapping[tuple[int, ...], Fraction] | None,
    *,
    deck: Sequence[int] = range(52),
    dead: Sequence[int] = (),
    rules: str = "standard",
    bins: int = 10,
    potential: bool = True,
    expected: bool = True,
    game: str | None = None,
) -> Reference:
    """Every quantity of one hero hand, by brute force (``opponent`` None: a random hand).

    ``potential`` / ``expected`` False skip the costly loops of PPOT/NPOT / E[HS]."""
    left = [c for c in deck if c not in board and c not in dead and c not in hero]

    def weight(o: tuple[int, ...]) -> Fraction | int:
        if opponent is None:
            return 1  # an int: the sums of a random hand stay integers (fast)
        return opponent.get(tuple(sorted(o, reverse=len(o) == 2)), Fraction(0))

    opps = [(o, weight(o)) for o in combinations(left, len(hero)) if weight(o)]
    need = 5 - len(board)
    hs = ppot = npot = ehs_eff = ehs_opt = None
    hp = None
    if len(board) >= 3:
        mine = rank(hero, board, rules, game)
        score = total = Fraction(0)
        for o, w in opps:
            s = state(mine, rank(o, board, rules, game))
            score += w * Fraction(2 - s, 2)
            total += w
        hs = score / total if total else None
    if len(board) in (3, 4) and potential:
        counts = [[Fraction(0)] * 3 for _ in range(3)]
        mine = rank(hero, board, rules, game)
        for o, w in opps:
            now = state(mine, rank(o, board, rules, game))
            rest = [c for c in left if c not in o]
            for run in combinations(rest, need):
                full = [*board, *run]
                counts[now][state(rank(hero, full, rules, game), rank(o, full, rules, game))] += w
        ahead, tied, behind = (sum(row) for row in counts)
        p_den = 2 * behind + tied
        n_den = 2 * ahead + tied
        ppot = (2 * counts[2][0] + counts[2][1] + counts[1][0]) / p_den if p_den else Fraction(0)
        npot = (2 * counts[0][2] + counts[0][1] + counts[1][2]) / n_den if n_den else Fraction(0)
        if hs is not None:
            ehs_eff = hs * (1 - npot) + (1 - hs) * ppot
            ehs_opt = hs + (1 - hs) * ppot
        hp = tuple(tuple(row) for row in counts)
    sums = [Fraction(0), Fraction(0)]
    histogram = [0] * bins
    n = 0
    for run in combinations(left, need) if expected else ():
        full = [*board, *run]
        run_set = set(run)
        mine = rank(hero, full, rules, game)
        score2: Fraction | int = 0  # twice the weight beaten, ties once
        total: Fraction | int = 0
        for o, w in opps:
            if not run_set.isdisjoint(o):
                continue
            score2 += w * (2 - state(mine, rank(o, full, rules, game)))
            total += w
        if not total:
            continue
        river = Fraction(score2) / (2 * total)
        n += 1
        sums[0] += river
        sums[1] += river * river
        histogram[min(int(river * bins), bins - 1)] += 1
    return Reference(
        hs,
        ppot,
        npot,
        ehs_eff,
        ehs_opt,
        sums[0] / n if n else None,
        sums[1] / n if n else None,
        tuple(Fraction(h, n) for h in histogram) if n else None,
        hp,
    )
