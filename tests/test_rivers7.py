"""``Kernels.rivers7``: the seven-card kernel with six cards summed once, for every river.

Held against the ranking's own seven-card kernel (itself checked exhaustively
against the reference classifier) on seeded random six-card sets and every
seventh card left, in every poker ranking (deuce-to-seven's flush exceptions
included), with flush-heavy sets weighted in.
"""

from __future__ import annotations

import random

import pytest

import lookup
from lookup.odds.small import fixed_counts
from lookup.ranking.ranking import get_ranking

POKER = [r.name for r in lookup.rankings() if r.kind.name == "poker"]


@pytest.mark.parametrize("name", POKER)
def test_rivers7_equals_the_seven_card_kernel(name: str) -> None:
    ranking = get_ranking(name)
    seven, rivers7 = ranking.kernel(7), ranking.kernels.rivers7
    assert rivers7 is not None
    deck = [int(card) for card in ranking.deck]
    rng = random.Random(f"rivers7-{name}")
    for trial in range(120):
        if trial % 3 == 0:  # flush-heavy: four or five of one suit among the six
            suit = rng.randrange(4)
            suited = [int(card) for card in ranking.deck if card.suit == suit]
            others = [c for c in deck if c not in suited]
            k = rng.choice((4, 5))
            six = rng.sample(suited, k) + rng.sample(others, 6 - k)
        else:
            six = rng.sample(deck, 6)
        with_river = rivers7(*six)
        for g in deck:
            if g not in six:
                assert with_river(g) == seven(*six, g), (name, six, g)


def test_other_kinds_have_none() -> None:
    assert get_ranking("badugi").kernels.rivers7 is None
    assert get_ranking("joker").kernels.rivers7 is None


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("board_size", [3, 4])
def test_fixed_counts_are_the_same_with_and_without_rivers7(players: int, board_size: int) -> None:
    ranking = get_ranking("standard")
    seven, rivers7 = ranking.kernel(7), ranking.kernels.rivers7
    rng = random.Random(f"fixed-{players}-{board_size}")
    for _ in range(40):
        cards = rng.sample(range(52), 2 * players + board_size)
        holes = [(cards[2 * p], cards[2 * p + 1]) for p in range(players)]
        board = cards[2 * players :]
        free = [c for c in range(52) if c not in cards]
        assert fixed_counts(holes, board, free, seven, rivers7) == fixed_counts(
            holes, board, free, seven
        )
