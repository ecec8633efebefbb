"""The vectorised labels of lookup.board.made against the plain reference, combo by combo."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from lookup.board.made import DRAWS, label_rows
from lookup.core.cards import parse_cards
from lookup.ranking.ranking import get_ranking
from tests import breakdown_reference as ref

EDGES = {
    "standard": [
        "Ks 7h 2d",  # dry
        "7s 7h 2d",  # paired
        "7s 7h 7d",  # trips
        "Ks Qs 2s",  # monotone
        "Ks Qs 2s 5s",  # four-flush
        "5s 4h 3d",  # wheel cards
        "As 2h 3d 4c",  # wheel draw
        "Ts Jh Qd",  # broadway
        "Ts Jh Qd Kc",  # broadway draw
        "Ah Kh Qh Jh Th",  # royal on board
        "7s 7h 2d 2c",  # two pair on the turn
        "9c 9d 9h 9s",  # quads on the turn
        "Ac Ad 7s 7c 2h",  # paired river
        "6h 7h 8h 9h Ts",  # straight and four-flush on the river
        "Kd Qc 9s 5h 2d",  # dry river
    ],
    "short-deck": [
        "Ah 6d 7c",  # A-6-7-8-9 draws
        "6s 7s 8s",  # monotone, low straight
        "As 6s 7s 8s",  # four-flush with the low straight
        "9h 9d 6c 6s",  # two pair: a flush beats a full house here
        "Ac 6d 7h 8s 9c",  # the low straight on the board
        "Kh Kd Ks",  # trips
        "Qs Js Ts 9s 8d",  # straight-flush cards
        "9h 9d 6h Kh",  # flushes and full houses both possible: the flush ranks higher
        "9h 9d 6h Kh 7h",  # the same on the river, a flush on the board
        "Ah 6h 7h 8h 9d",  # A-6-7-8-9 on the board, four to a low straight flush
    ],
}


def _random_boards(deck: list[int], size: int, count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(deck, size) for _ in range(count)]


def _compare(board: list[int], rules: str, combos: list[tuple[int, int]] | None = None) -> int:
    ranking = get_ranking(rules)
    deck = [c.index for c in ranking.deck]
    live = [c for c in deck if c not in board]
    pairs = combos if combos is not None else list(combinations(live, 2))
    labels = label_rows(np.array(pairs), np.array([board] * len(pairs)), rules)
    plain_board = [(c >> 2, c & 3) for c in board]
    for row, pair in enumerate(pairs):
        hole = [(c >> 2, c & 3) for c in pair]
        made = ref.made_class(hole, plain_board, ranking.definition)
        flags, outs = ref.draws(hole, plain_board, ranking.definition)
        got = (labels.made_key(row), set(labels.draw_keys(row)), int(labels.straight_outs[row]))
        assert got == (made, flags, outs), (pair, board)
    return len(pairs)


@pytest.mark.parametrize(
    ("rules", "board"), [(rules, board) for rules, boards in EDGES.items() for board in boards]
)
def test_every_combo_on_the_edge_boards(rules: str, board: str) -> None:
    _compare([c.index for c in parse_cards(board)], rules)


@pytest.mark.parametrize("rules", ["standard", "short-deck", "short-deck-triton"])
@pytest.mark.parametrize("size", [3, 4, 5])
def test_every_combo_on_random_boards(rules: str, size: int) -> None:
    deck = [c.index for c in get_ranking(rules).deck]
    for board in _random_boards(deck, size, 3, seed=size):
        _compare(board, rules)


@pytest.mark.parametrize("rules", ["standard", "short-deck"])
def test_sampled_combos_on_many_boards(rules: str) -> None:
    deck = [c.index for c in get_ranking(rules).deck]
    rng = random.Random(22)
    for size in (3, 4, 5):
        for board in _random_boards(deck, size, 40, seed=100 + size):
            live = [c for c in deck if c not in board]
            pairs = [tuple(rng.sample(live, 2)) for _ in range(40)]
            _compare(board, rules, [(a, b) for a, b in pairs])


def test_draws_are_flags_of_the_documented_list() -> None:
    assert len({d.key for d in DRAWS}) == len(DRAWS)
