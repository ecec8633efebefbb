"""Brute-force showdowns and equity under wild-card rankings, built only on tests.wild_reference.

A card is an index (``4 * rank + suit``; jokers 52 and 53); the wild cards and
the deck of each ranking, and the shape of each game, are written out here
again on purpose (nothing of ``lookup``'s games, tables or kernels is used). A
hand of five to seven cards scores the best of its five-card subsets, each
scored by substituting every wild card (:func:`tests.wild_reference.shape_score`);
a larger score is a better hand, and equal scores tie. Equity walks every deal
of the unknown cards with itertools and splits each pot with Fractions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations

from tests.wild_reference import shape_score

__all__ = ["DECK_SIZE", "GAME_CARDS", "WILD", "equity_reference", "hand_score", "winners"]

Score = tuple[int, ...]

WILD: dict[str, frozenset[int]] = {
    "joker": frozenset({52}),
    "two-jokers": frozenset({52, 53}),
    "deuces-wild": frozenset({0, 1, 2, 3}),
    "bug": frozenset({52}),
}
DECK_SIZE: dict[str, int] = {"joker": 53, "two-jokers": 54, "deuces-wild": 52, "bug": 53}
GAME_CARDS: dict[str, tuple[int, int]] = {
    "holdem": (2, 5),
    "stud": (7, 0),
    "five-card-draw": (5, 0),
}
"""(hole cards, board cards) of each game."""


def hand_score(cards: Sequence[int], rules: str) -> Score:
    """The best score of any five of ``cards`` under ``rules``, wild cards substituted."""
    wild = WILD[rules]
    best: Score | None = None
    for five in combinations(cards, 5):
        naturals = [(c // 4, c % 4) for c in five if c not in wild]
        suited = len({s for _, s in naturals}) <= 1
        ranks = tuple(sorted(r for r, _ in naturals))
        value = shape_score(ranks, 5 - len(naturals), suited, rules == "bug")
        if best is None or value > best:
            best = value
    assert best is not None, "a hand has at least five cards"
    return best


def winners(hands: Sequence[Sequence[int]], rules: str) -> list[int]:
    """Indices of the hands with the best score (several on a tie)."""
    scores = [hand_score(h, rules) for h in hands]
    top = max(scores)
    return [i for i, s in enumerate(scores) if s == top]


def _deals(left: list[int], groups: Sequence[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    if not groups:
        yield ()
        return
    for chosen in combinations(left, groups[0]):
        rest = [c for c in left if c not in chosen]
        for tail in _deals(rest, groups[1:]):
            yield (chosen, *tail)


def equity_reference(
    hands: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int],
    game: str,
    rules: str,
) -> list[Fraction]:
    """Each player's exact share of the pot over every deal of the unknown cards."""
    hole, board_size = GAME_CARDS[game]
    known = {*board, *dead, *(c for h in hands for c in h)}
    left = [c for c in range(DECK_SIZE[rules]) if c not in known]
    groups = [hole - len(h) for h in hands] + [board_size - len(board)]
    shares = [Fraction(0)] * len(hands)
    deals = 0
    for dealt in _deals(left, groups):
        full_board = (*board, *dealt[-1])
        table = [(*h, *extra, *full_board) for h, extra in zip(hands, dealt, strict=False)]
        best = winners(table, rules)
        for i in best:
            shares[i] += Fraction(1, len(best))
        deals += 1
    return [s / deals for s in shares]
