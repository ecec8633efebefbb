"""The Omaha family's breakdown (two hole cards with three board cards) against the reference."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lookup.board.breakdown import breakdown
from lookup.board.made import label_rows
from lookup.core.cards import parse_cards
from lookup.game.registry import get_game
from lookup.ranges.range import Range
from lookup.ranking.ranking import get_ranking
from tests import breakdown_reference as ref

STANDARD = get_ranking("standard").definition


def _indices(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def _plain(cards: list[int]) -> list[tuple[int, int]]:
    return [(c >> 2, c & 3) for c in cards]


def _compare(board: list[int], holes: list[list[int]], family: str = "omaha") -> None:
    hole_used = get_game(family).family.hole_used  # the formation: two hole cards play
    labels = label_rows(np.array(holes), np.array([board] * len(holes)), "standard", hole_used)
    plain_board = _plain(board)
    for row, hole in enumerate(holes):
        want_made = ref.omaha_made_class(_plain(hole), plain_board, STANDARD)
        flags, outs = ref.omaha_draws(_plain(hole), plain_board, STANDARD)
        got = (labels.made_key(row), set(labels.draw_keys(row)), int(labels.straight_outs[row]))
        assert got == (want_made, flags, outs), (hole, board)


# Boards where the two-plus-three rule changes what Hold'em would say, with holes that show it.
EDGES = [
    ("2h 7c 9d", ["Ah Kh Qh Jh", "Ah Kh 2c 3d", "Ts 8s 6d 5c", "Js Ts 8d 6h"]),  # backdoor only
    ("Ah 7h 2h", ["Kh Qh Jh Th", "Kh 3c 4d 5s", "Kh Qh 3c 4d", "Ac Ad 7s 2c"]),  # one heart kills
    ("4c 5d 6h 7s", ["8c 2d 2h 3s", "8c 3s Kd Kh", "8c 9d Kd Ks", "3c 8d 2h 2s"]),  # straights
    ("Ks Qs Js Ts", ["As 2d 3h 4c", "As 9s 2d 3h", "9d 8c 2h 2s", "Ah Ad Kh Kd"]),  # 4-flush board
    ("9c 9d 9h", ["9s 2c 3d 4h", "Ac Kd Qh Js", "Ac Ad 2h 3s", "Kc Kd Ks 2h"]),  # board trips
    ("Kc Kd 7h 7s", ["Ac Qd Jh Ts", "Kh 2c 3d 4s", "7c 7d 2h 3s", "Ah Ac 5d 6s"]),  # two pair
    ("Ah Kd 5c 4s 3h", ["2c 2d Qh Js", "2c 6d 7h 8s", "Qc Jd Th 9s", "Ac Ad Kh Ks"]),  # river
    ("Th 9h 8h 7h 6h", ["Jh 2c 3d 4s", "Jh Qh 2c 3d", "Ac Ad 2c 3d", "5h 4h Ac Kd"]),  # SF board
    ("8s 7d 2c", ["Ts 9h 6c 5d", "Js Ts 9d 6c", "9s 6h 5d 4c", "Qs Js Ts 9d"]),  # wraps
    ("8s 7d 6c", ["Ts 9h 5c 4d", "9s 9h 5c 4d", "Ts 5h 4c 3d", "9s 5h 9c Td"]),  # big wraps
]


@pytest.mark.parametrize(("board", "holes"), EDGES)
def test_edge_boards_against_the_reference(board: str, holes: list[str]) -> None:
    plain_board = _indices(board)
    rng = random.Random(board)
    live = [c for c in range(52) if c not in plain_board]
    chosen = [_indices(h) for h in holes] + [rng.sample(live, 4) for _ in range(60)]
    _compare(plain_board, chosen)


def test_the_two_plus_three_rule_in_words() -> None:
    # Four hearts in the hand and one on the board: no flush draw, a backdoor one at most.
    flop = breakdown("AhKhQhJh", board="2h 7c 9d", game="omaha").labels["JhQhKhAh"]
    assert "flush-draw" not in flop.draws and "backdoor-flush-draw" in flop.draws
    # Hold'em would read 8c + 4-5-6-7 as a straight; in Omaha the deuces are an underpair.
    four = breakdown("8c2d2hKs", board="4c 5d 6h 7s", game="omaha").labels["2d2h8cKs"]
    assert four.made == "underpair"
    # One heart in the hand and three on the board: no flush.
    one = breakdown("Kh9cTd5s", board="Ah 7h 2h", game="omaha").labels["5s9cTdKh"]
    assert one.made == "nothing" and not any("flush" in d for d in one.draws)


def test_wraps_count_their_cards() -> None:
    # J-T-9-6 on 8-7-2: a board card 5 (9-6 with 8-7-5), 6 (9-T), 9 (J-T or T-6), T (J-9 or
    # 9-6) or J (T-9) makes a straight with two hole cards and three board cards. The hole
    # holds one of each but the 5: 4 + 3 * 4 = 16 cards, a wrap.
    label = breakdown("JsTs9d6c", board="8s 7d 2c", game="omaha").labels["6c9dTsJs"]
    assert label.straight_outs == 4 + 3 * 4
    assert "straight-draw-8" in label.draws


@pytest.mark.parametrize(
    ("family", "hole_cards"), [("omaha", 4), ("omaha", 5), ("omaha", 6), ("courchevel", 5)]
)
@pytest.mark.parametrize("size", [3, 4, 5])
def test_random_boards_against_the_reference(family: str, hole_cards: int, size: int) -> None:
    rng = random.Random(hole_cards * 10 + size)
    for _ in range(4):
        board = rng.sample(range(52), size)
        live = [c for c in range(52) if c not in board]
        _compare(board, [rng.sample(live, hole_cards) for _ in range(40)], family)


@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "courchevel", "omaha-hilo"])
def test_classes_partition_a_weighted_range(game: str) -> None:
    rng = random.Random(game)
    board = rng.sample(range(52), 3)
    dead = rng.sample([c for c in range(52) if c not in board], 1)
    size = {"omaha5": 5, "omaha6": 6, "courchevel": 5}.get(game, 4)
    holes = {tuple(sorted(rng.sample(range(52), size))) for _ in range(150)}
    held = Range.from_weights({h: rng.choice(["1", "0.5", "0.3"]) for h in holes}, game=game)
    result = breakdown(held, board=board, dead=dead, game=game)
    live = held.without([*board, *dead])
    assert result.total_weight == live.total_weight
    assert sum(s.weight for s in result.made) == live.total_weight
    assert sum(s.share for s in result.made) == 1
    seen = Counter(combo for s in result.made for combo in s.combos)
    assert set(seen.values()) == {1} and len(seen) == len(live)
    by_class: Counter[str] = Counter()
    for combo, weight in live.weights.items():
        hole = _plain(list(combo))
        by_class[ref.omaha_made_class(hole, _plain(board), STANDARD)] += weight  # type: ignore[assignment]
        for flag in ref.omaha_draws(hole, _plain(board), STANDARD)[0]:
            by_class[flag] += weight  # type: ignore[assignment]
    for share in result:
        assert share.weight == by_class[share.key], share.key


def test_a_partial_board_averages_every_turn_by_the_reference() -> None:
    text = "AsKs9h8h, QQJT"
    held = Range(text, game="omaha").without(_indices("Ks 7s 2d"))
    rng = random.Random(3)
    small = Range.from_weights(
        {c: w for c, w in rng.sample(sorted(held.weights.items()), 12)}, game="omaha"
    )
    board = _indices("Qs 7s 2d")
    result = breakdown(small, board=board, street="turn", game="omaha")
    counts: Counter[str] = Counter()
    total = Fraction(0)
    deck = [c for c in range(52) if c not in board]
    for turn in deck:
        for combo, weight in small.weights.items():
            if turn in combo or set(board) & set(combo):
                continue
            cards = _plain([*board, turn])
            counts[ref.omaha_made_class(_plain(list(combo)), cards, STANDARD)] += weight  # type: ignore[assignment]
            for flag in ref.omaha_draws(_plain(list(combo)), cards, STANDARD)[0]:
                counts[flag] += weight  # type: ignore[assignment]
            total += weight
    assert result.boards == len(deck) and result.exact
    for share in result:
        assert share.share == counts[share.key] / total, share.key


def test_courchevel_completes_its_one_card_board() -> None:
    result = breakdown("AsAhKsKh2c", board="Ad", street="flop", game="courchevel")
    flops = comb(46, 2)  # the 46 cards in neither the hand nor the board
    # A pair among the two new cards makes aces full (Ac alone: no pair of aces; two kings
    # left, but Kd Kc makes quad kings; three deuces; four of each of ten other ranks).
    full = comb(3, 2) + 10 * comb(4, 2)
    quads = (flops - comb(45, 2)) + 1  # the last ace with anything, or the last two kings
    assert result.exact and result["full-house"].share == Fraction(full, flops)
    assert result["quads"].share == Fraction(quads, flops)
    assert result["set"].share == Fraction(flops - full - quads, flops)
    sampled = breakdown("AsAhKsKh2c", board="Ad", street="flop", game="courchevel",
                        exact_limit=0, samples=200, seed=1)  # fmt: skip
    assert not sampled.exact and sampled.boards == 200


@pytest.mark.parametrize("family", ["omaha", "courchevel"])
def test_sampled_combos_on_many_boards(family: str) -> None:
    rng = random.Random(family)
    for size in (3, 4, 5):
        for _ in range(25):
            board = rng.sample(range(52), size)
            live = [c for c in range(52) if c not in board]
            count = 5 if family == "courchevel" else rng.choice([4, 5, 6])
            _compare(board, [rng.sample(live, count) for _ in range(12)], family)


@settings(max_examples=120, deadline=None)
@given(
    hole_cards=st.sampled_from([4, 5, 6]),
    size=st.sampled_from([3, 4, 5]),
    seed=st.integers(0, 2**32 - 1),
)
def test_any_omaha_combo_on_any_board_is_labelled_as_the_reference_says(
    hole_cards: int, size: int, seed: int
) -> None:
    cards = random.Random(seed).sample(range(52), size + hole_cards)
    game = {4: "omaha", 5: "omaha5", 6: "omaha6"}[hole_cards]
    board, hole = cards[:size], cards[size:]
    result = breakdown(Range.from_weights({tuple(hole): 1}, game=game), board=board, game=game)
    (label,) = result.labels.values()
    flags, outs = ref.omaha_draws(_plain(hole), _plain(board), STANDARD)
    assert label.made == ref.omaha_made_class(_plain(hole), _plain(board), STANDARD)
    assert (set(label.draws), label.straight_outs) == (flags, outs)


def test_boards_and_holes_from_a_narrow_deck_against_the_reference() -> None:
    # Few ranks and suits: paired, trips, monotone and connected boards, and holes full of
    # pairs, suits and wraps, far more often than a random deal gives them.
    rng = random.Random(2222)
    for _ in range(40):
        ranks = rng.sample(range(13), rng.choice([5, 6, 7]))
        suits = rng.sample(range(4), rng.choice([2, 3, 4]))
        small = [r * 4 + s for r in ranks for s in suits]
        hole_cards, size = rng.choice([4, 5, 6]), rng.choice([3, 4, 5])
        if len(small) < size + hole_cards:
            continue
        board = rng.sample(small, size)
        live = [c for c in small if c not in board]
        _compare(board, [rng.sample(live, hole_cards) for _ in range(10)])
