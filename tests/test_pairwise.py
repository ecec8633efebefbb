"""Heads-up exact tallies from class matrices (lookup.odds.holdem.pairwise) against a plain
brute force and against the showdown-by-showdown path they replace."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup import DECK
from lookup.odds.holdem.engine import _exact_rows, _few_boards
from lookup.odds.holdem.pairwise import heads_up_outcomes
from lookup.odds.results import outcomes_add

ALL_COMBOS = list(combinations(range(52), 2))


def _spot(rng: random.Random, board_size: int, most: int, dead: int = 0):
    """A board, dead cards and two ranges of random combos (each off the board and dead
    cards; ranges may overlap), with every compatible assignment."""
    cards = rng.sample(range(52), board_size + dead)
    board, out = cards[:board_size], set(cards)
    free = [c for c in ALL_COMBOS if not out & set(c)]
    live = [tuple(rng.sample(free, rng.randint(1, most))) for _ in range(2)]
    assignments = np.array(
        [
            (i, j)
            for i, a in enumerate(live[0])
            for j, b in enumerate(live[1])
            if not set(a) & set(b)
        ],
        dtype=np.intp,
    ).reshape(-1, 2)
    return tuple(DECK[c] for c in board), cards, live, assignments


def _brute_force(board: list[int], known: list[int], live, assignments) -> list[list[int]]:
    """Each assignment's showdowns by outcome, from the definitions: every completion of
    the board from the cards left, each hand's class by lookup.evaluate (lower wins)."""
    rows = []
    for i, j in assignments.tolist():
        a, b = live[0][i], live[1][j]
        left = [c for c in range(52) if c not in {*known, *a, *b}]
        counts = [0, 0, 0, 0]
        for extra in combinations(left, 5 - len(board)):
            dealt = [DECK[c] for c in (*board, *extra)]
            first = lookup.evaluate([DECK[c] for c in a], dealt).kev
            second = lookup.evaluate([DECK[c] for c in b], dealt).kev
            counts[1 if first < second else 2 if second < first else 3] += 1
        rows.append(counts)
    return rows


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), board_size=st.sampled_from([4, 5]), dead=st.integers(0, 3))
def test_outcomes_are_the_brute_force_on_the_turn_and_river(
    seed: int, board_size: int, dead: int
) -> None:
    rng = random.Random(seed)
    board, known, live, assignments = _spot(rng, board_size, 6, dead)
    if len(assignments) < 2:
        return
    parts = _few_boards(live, board, known)
    assert parts is not None
    found = heads_up_outcomes(live, parts, assignments)
    assert found.tolist() == _brute_force([c.index for c in board], known, live, assignments)


@pytest.mark.parametrize("seed", range(3))
def test_outcomes_are_the_brute_force_on_a_flop(seed: int) -> None:
    rng = random.Random(seed)
    board, known, live, assignments = _spot(rng, 3, 3)
    parts = _few_boards(live, board, known)
    assert parts is not None
    found = heads_up_outcomes(live, parts, assignments)
    assert found.tolist() == _brute_force([c.index for c in board], known, live, assignments)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), board_size=st.sampled_from([3, 4, 5]), dead=st.integers(0, 4)
)
def test_outcomes_equal_the_showdown_by_showdown_tally(
    seed: int, board_size: int, dead: int
) -> None:
    # Larger ranges than the brute force can walk: against the path that tallies every
    # showdown (itself checked against a brute force in test_weighted_paths.py).
    rng = random.Random(seed)
    board, known, live, assignments = _spot(rng, board_size, 60, dead)
    parts = _few_boards(live, board, known)
    assert parts is not None
    expected = np.zeros((len(assignments), 4), np.int64)
    for chunk, (first, counts) in _exact_rows(live, board, known, assignments):
        outcomes_add(expected, first, counts, chunk)
    assert heads_up_outcomes(live, parts, assignments).tolist() == expected.tolist()


def test_a_fixed_hand_against_a_range_counts_every_board_it_meets() -> None:
    # A player with one combo holds it for certain: the boards are dealt without its
    # cards, so every board is one it can meet.
    board = tuple(DECK[c] for c in (0, 9, 22))
    live = [((51, 50),), ((47, 46), (47, 45), (3, 7))]
    known = [c.index for c in board]
    parts = _few_boards(live, board, known)
    assert parts is not None
    assignments = np.array([(0, 0), (0, 1), (0, 2)], dtype=np.intp)
    found = heads_up_outcomes(live, parts, assignments)
    assert found[:, 1:].sum(axis=1).tolist() == [990] * 3  # C(45, 2) boards each
    assert found.tolist() == _brute_force(known, known, live, assignments)


def test_small_blocks_give_the_same_tallies(monkeypatch: pytest.MonkeyPatch) -> None:
    # The comparison is cut into blocks of combos of the first player: any cut counts alike.
    import lookup.odds.holdem.pairwise as pairwise

    rng = random.Random(11)
    board, known, live, assignments = _spot(rng, 4, 40)
    parts = _few_boards(live, board, known)
    assert parts is not None
    whole = heads_up_outcomes(live, parts, assignments)
    monkeypatch.setattr(pairwise, "_BLOCK_CELLS", 1)
    assert heads_up_outcomes(live, parts, assignments).tolist() == whole.tolist()


def test_heads_up_range_equity_is_the_brute_force_fraction() -> None:
    # End to end through lookup.equity: two small weighted ranges on a turn, against the
    # weighted average over every assignment and river, in Fractions.
    from fractions import Fraction

    result = lookup.equity(["AA:0.5, KQs", "QQ, AK:0.25"], board="Kd 7c 2h 3s")
    board = [c.index for c in lookup.parse_cards("Kd 7c 2h 3s")]
    ranges = [lookup.Range("AA:0.5, KQs"), lookup.Range("QQ, AK:0.25")]
    total = Fraction(0)
    mass = Fraction(0)
    for a, wa in ranges[0].weights.items():
        for b, wb in ranges[1].weights.items():
            held = {*a, *b}
            if len(held) < 4 or held & set(board):
                continue
            left = [c for c in range(52) if c not in held and c not in board]
            for river in left:
                dealt = [DECK[c] for c in (*board, river)]
                first = lookup.evaluate([DECK[c] for c in a], dealt).kev
                second = lookup.evaluate([DECK[c] for c in b], dealt).kev
                share = Fraction(2 if first < second else 0 if second < first else 1, 2)
                total += wa * wb * share
                mass += wa * wb
    assert result[0].equity_fraction == total / mass
