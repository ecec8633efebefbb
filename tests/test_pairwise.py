"""Exact tallies from class matrices (lookup.odds.settle, fed by lookup.odds.holdem.pairwise and
lookup.odds.generic), heads-up and multiway, against a plain brute force and against the
showdown-by-showdown paths they replace."""

from __future__ import annotations

import itertools
import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup import DECK
from lookup.odds.holdem.engine import _counts, _exact_rows, _exact_showdowns, _few_boards
from lookup.odds.holdem.kernel import ShowdownTally
from lookup.odds.holdem.pairwise import exact_outcomes
from lookup.odds.results import outcome_counts, outcomes_add

ALL_COMBOS = list(combinations(range(52), 2))


def _spot(rng: random.Random, board_size: int, most: int, dead: int = 0, players: int = 2):
    """A board, dead cards and ranges of random combos (each off the board and dead
    cards; ranges may overlap), with every compatible assignment."""
    cards = rng.sample(range(52), board_size + dead)
    board, out = cards[:board_size], set(cards)
    free = [c for c in ALL_COMBOS if not out & set(c)]
    live = [tuple(rng.sample(free, rng.randint(1, most))) for _ in range(players)]
    assignments = np.array(
        [
            picks
            for picks in itertools.product(*(range(len(r)) for r in live))
            if len({c for p, i in enumerate(picks) for c in live[p][i]}) == 2 * players
        ],
        dtype=np.intp,
    ).reshape(-1, players)
    return tuple(DECK[c] for c in board), cards, live, assignments


def _brute_force(board: list[int], known: list[int], live, assignments) -> list[list[int]]:
    """Each assignment's showdowns by outcome (bit p: player p on top, alone or tied), from
    the definitions: every completion of the board from the cards left, each hand's class
    by lookup.evaluate (lower wins)."""
    rows = []
    for picks in assignments.tolist():
        holes = [live[p][i] for p, i in enumerate(picks)]
        held = {c for hole in holes for c in hole}
        left = [c for c in range(52) if c not in {*known, *held}]
        counts = [0] * (1 << len(holes))
        for extra in combinations(left, 5 - len(board)):
            dealt = [DECK[c] for c in (*board, *extra)]
            classes = [lookup.evaluate([DECK[c] for c in hole], dealt).kev for hole in holes]
            best = min(classes)
            counts[sum(1 << p for p, c in enumerate(classes) if c == best)] += 1
        rows.append(counts)
    return rows


def _holds_to_the_brute_force(
    rng: random.Random, board_size: int, most: int, dead: int = 0, players: int = 2
) -> None:
    """A random spot's tallies by assignment (when it has two or more) are the brute
    force's."""
    board, known, live, assignments = _spot(rng, board_size, most, dead, players)
    if len(assignments) < 2:
        return
    parts = _few_boards(live, board, known)
    assert parts is not None
    found = exact_outcomes(live, parts, assignments)
    assert found.tolist() == _brute_force([c.index for c in board], known, live, assignments)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), board_size=st.sampled_from([4, 5]), dead=st.integers(0, 3))
def test_outcomes_are_the_brute_force_on_the_turn_and_river(
    seed: int, board_size: int, dead: int
) -> None:
    _holds_to_the_brute_force(random.Random(seed), board_size, 6, dead)


@pytest.mark.parametrize("seed", range(3))
def test_outcomes_are_the_brute_force_on_a_flop(seed: int) -> None:
    _holds_to_the_brute_force(random.Random(seed), 3, 3)


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
    assert exact_outcomes(live, parts, assignments).tolist() == expected.tolist()


def test_a_fixed_hand_against_a_range_counts_every_board_it_meets() -> None:
    # A player with one combo holds it for certain: the boards are dealt without its
    # cards, so every board is one it can meet.
    board = tuple(DECK[c] for c in (0, 9, 22))
    live = [((51, 50),), ((47, 46), (47, 45), (3, 7))]
    known = [c.index for c in board]
    parts = _few_boards(live, board, known)
    assert parts is not None
    assignments = np.array([(0, 0), (0, 1), (0, 2)], dtype=np.intp)
    found = exact_outcomes(live, parts, assignments)
    assert found[:, 1:].sum(axis=1).tolist() == [990] * 3  # C(45, 2) boards each
    assert found.tolist() == _brute_force(known, known, live, assignments)


@pytest.mark.parametrize(("seed", "most", "players"), [(11, 40, 2), (5, 8, 3)])
def test_small_blocks_give_the_same_tallies(
    monkeypatch: pytest.MonkeyPatch, seed: int, most: int, players: int
) -> None:
    # Settling is cut into blocks (heads-up: of the first player's combos; multiway: of
    # assignments): any cut counts alike.
    import lookup.odds.settle as settle

    rng = random.Random(seed)
    board, known, live, assignments = _spot(rng, 4, most, 0, players)
    parts = _few_boards(live, board, known)
    assert parts is not None
    whole = exact_outcomes(live, parts, assignments)
    monkeypatch.setattr(settle, "_BLOCK_CELLS", 1)
    assert exact_outcomes(live, parts, assignments).tolist() == whole.tolist()


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


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), board_size=st.sampled_from([4, 5]), players=st.integers(3, 4)
)
def test_multiway_outcomes_are_the_brute_force(seed: int, board_size: int, players: int) -> None:
    rng = random.Random(seed)
    _holds_to_the_brute_force(rng, board_size, 3, rng.randint(0, 2), players)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    board_size=st.sampled_from([3, 4, 5]),
    players=st.integers(2, 6),
)
def test_counts_equal_the_showdown_by_showdown_counts(
    seed: int, board_size: int, players: int
) -> None:
    # What an unweighted run reports: outcome_counts of the tallies against ShowdownTally
    # over every showdown, and the tallies against outcomes_add, on ranges of up to a
    # dozen combos a player.
    rng = random.Random(seed)
    board, known, live, assignments = _spot(rng, board_size, 12 if players > 3 else 25, 0, players)
    if len(assignments) < 2 or len(assignments) > 4000:
        return
    parts = _few_boards(live, board, known)
    assert parts is not None
    found = exact_outcomes(live, parts, assignments)
    expected = np.zeros((len(assignments), 1 << players), np.int64)
    for chunk, (first, counts) in _exact_rows(live, board, known, assignments):
        outcomes_add(expected, first, counts, chunk)
    assert found.tolist() == expected.tolist()
    tally = ShowdownTally(players)
    for chunk in _exact_showdowns(live, board, known, assignments):
        tally.add(chunk)
    assert outcome_counts(found) == _counts(tally)


def test_three_way_weighted_equity_is_the_brute_force_fraction() -> None:
    # End to end through lookup.equity, three weighted ranges on a river: every
    # assignment, its weight the product of its combos', and the pot split among ties.
    from fractions import Fraction

    texts = ["AA:0.5, KQs", "QQ, AK:0.25", "JJ:0.75, T9s"]
    result = lookup.equity(texts, board="Kd 7c 2h 3s 8d")
    board = {c.index for c in lookup.parse_cards("Kd 7c 2h 3s 8d")}
    dealt = list(lookup.parse_cards("Kd 7c 2h 3s 8d"))
    ranges = [list(lookup.Range(t).weights.items()) for t in texts]
    shares = [Fraction(0)] * 3
    mass = Fraction(0)
    for picks in itertools.product(*ranges):
        held = [c for combo, _ in picks for c in combo]
        if len(set(held)) < 6 or board & set(held):
            continue
        weight = picks[0][1] * picks[1][1] * picks[2][1]
        classes = [lookup.evaluate([DECK[c] for c in combo], dealt).kev for combo, _ in picks]
        best = min(classes)
        on_top = [p for p, c in enumerate(classes) if c == best]
        for p in on_top:
            shares[p] += weight / len(on_top)
        mass += weight
    assert [p.equity_fraction for p in result] == [s / mass for s in shares]


# The other games' engine (lookup.odds.generic): the same tallies from its family kernels.
GENERIC_SPOTS = [
    ("short-deck", None, "6c7d9h", None, ["QQ+, AKs", "JJ-99, AK"]),
    ("short-deck", None, "6c7d9hTs", "Ac", ["QQ+:0.5, AKs", "JJ-99, AK:0.75", "A9s+"]),
    ("short-deck", "short-deck-triton", "6c7d9h", None, ["TT+, KQs", "AhKh"]),
    ("holdem", "joker", "2c7d9h4s", None, ["QQ+, AKs", "JJ-99:0.5, AK", "Jk As"]),
    ("holdem", "deuces-wild", "3c7d9h", None, ["QQ+, AKs", "JJ-99, AK"]),
    ("omaha", None, "2c7d9h4s", None, ["AAKK:0.5, AAQQ", "KKQQ ds"]),
    ("omaha", None, "2c7d9h", "Qs", ["AAKK, AAQQ", "KKQQ ds", "JT98 ds"]),
    ("omaha", None, "2c7d9h4s8s", None, ["AAxx", "As Ks Qs Js"]),
    ("omaha5", None, "2c7d9h4s", None, ["AAKKQ", "QQJJT:0.25, KKQQJ"]),
    ("courchevel", None, "2c7d9h4s", None, ["AAKKQ", "QQJJT"]),
]


@pytest.mark.parametrize(("game", "rules", "board", "dead", "hands"), GENERIC_SPOTS)
def test_generic_tables_answer_as_the_deals_walked(
    monkeypatch: pytest.MonkeyPatch, game: str, rules, board: str, dead, hands: list[str]
) -> None:
    # Every field of the result, by_combo and by_class included, with each holding's
    # classes tabled and with every deal walked (the path _settled leaves to).
    import lookup.odds.generic as generic

    def answer():
        result = lookup.equity(hands, board=board, dead=dead, game=game, rules=rules, exact=True)
        return [
            (p.equity_fraction, p.win, p.tie, p.boards,
             None if p.by_combo is None else dict(p.by_combo),
             None if p.by_class is None else dict(p.by_class))
            for p in result
        ]  # fmt: skip

    calls = []
    settled = generic._settled
    monkeypatch.setattr(generic, "_settled", lambda *a: calls.append(1) or settled(*a))
    tabled = answer()
    assert calls and all(p[0] is not None for p in tabled)
    monkeypatch.setattr(generic, "_settled", lambda *a: None)
    assert tabled == answer()


def test_generic_short_deck_turn_is_the_brute_force_fraction() -> None:
    # Two small short-deck ranges on a turn, every assignment and river, in Fractions.
    from fractions import Fraction

    texts = ["AA, KQs", "QQ:0.5, AK"]
    board = lookup.parse_cards("Kd 7c 6h 9s")
    result = lookup.equity(texts, board=board, game="short-deck")
    ranges = [list(lookup.Range(t, "short-deck").weights.items()) for t in texts]
    deck = [c for c in range(52) if c // 4 >= 4]  # sixes and up
    total = mass = Fraction(0)
    for (a, wa), (b, wb) in itertools.product(*ranges):
        held = {*a, *b}
        if len(held) < 4 or held & {c.index for c in board}:
            continue
        for river in deck:
            if river in held or river in {c.index for c in board}:
                continue
            dealt = [*board, DECK[river]]
            first = lookup.evaluate([DECK[c] for c in a], dealt, game="short-deck").class_number
            second = lookup.evaluate([DECK[c] for c in b], dealt, game="short-deck").class_number
            total += wa * wb * Fraction(2 if first < second else 0 if second < first else 1, 2)
            mass += wa * wb
    assert result[0].equity_fraction == total / mass


def test_class_tables_filled_in_small_batches_answer_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    # A player's class table is filled a few (holding, board) cells at a time when it is
    # large: one holding a batch here, in both engines.
    import lookup.odds.settle as settle

    spots = [
        (["QQ+:0.5, AKs", "JJ-99, AK", "KQs"], "2c7d9h4s", "holdem"),
        (["QQ+, AKs", "JJ-99:0.5, AK"], "6c7d9h", "short-deck"),
        (["AAKK, AAQQ", "KKQQ ds"], "2c7d9h4s", "omaha"),
    ]
    whole = [lookup.equity(h, board=b, game=g) for h, b, g in spots]
    monkeypatch.setattr(settle, "_TABLE_CELLS", 1)
    for (hands, board, game), before in zip(spots, whole, strict=True):
        again = lookup.equity(hands, board=board, game=game)
        assert [p.equity_fraction for p in again] == [p.equity_fraction for p in before]
        assert [p.by_combo for p in again] == [p.by_combo for p in before]


@pytest.mark.parametrize("players", [2, 3])
def test_settling_reports_every_showdown_to_the_progress_bar(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    # What the bar is told adds up to the showdowns settled; a multiway run tells it
    # block by block (one assignment a block here).
    import lookup.odds.settle as settle

    monkeypatch.setattr(settle, "_BLOCK_CELLS", 1)
    rng = random.Random(3)
    board, known, live, assignments = _spot(rng, 4, 8, 0, players)
    parts = _few_boards(live, board, known)
    assert parts is not None
    told: list[int] = []
    found = exact_outcomes(live, parts, assignments, told.append)
    assert sum(told) == int(found.sum()) > 0
    assert len(told) == (1 if players == 2 else len(assignments))
