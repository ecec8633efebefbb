"""The weighted engines' fast paths (issue 21's speed), each held to a plain reference.

Weighted exact runs tally showdowns by assignment and outcome, and file each
assignment under its groups once; results sum in int64 when a bound shows it
exact and in Python ints otherwise; sampled runs draw listed assignments from a
listing that repeats each in proportion to its weight. Each path is checked
against the brute force of :mod:`tests.test_weighted_equity` (every assignment,
every board, Fractions) or against the definition directly.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup

from .test_weighted_equity import SPOTS, brute_force, ranged, spot_args

# Weights with nine decimals: the scaled weights pass 2**63, so the result takes its
# Python-int path; few decimals take its int64 path. Both must be the brute force.
WIDE_SPOTS = [
    (
        "holdem",
        ["AA, KK", "AKs, KQs", "QQ"],
        "2c 7d 9h 4s",
        [
            [("0.123456789", "0.987654321", "1")[i % 3] for i in range(12)],
            [("0.333333333", "0.5", "0.000000007")[i % 3] for i in range(8)],
            [("0.999999999", "0.1")[i % 2] for i in range(6)],
        ],
    ),
    (
        "holdem",
        ["AA, KK", "AKs, KQs"],
        "2c 7d 9h",
        [[("0.5", "1")[i % 2] for i in range(12)], [("0.25", "1")[i % 2] for i in range(8)]],
    ),
]


@pytest.mark.parametrize(("game", "hands", "board", "given"), WIDE_SPOTS, ids=["wide", "narrow"])
def test_weighted_totals_past_int64_are_exact(
    game: str, hands: list[str], board: str, given: list[list[str] | None]
) -> None:
    ranges, weights, board_cards, engine = spot_args(game, hands, board, given)
    equities, by_combo, by_class, _ = brute_force(game, ranges, weights, board_cards)
    result = lookup.equity(ranged(game, hands, engine), board=board, game=game)
    assert [p.equity_fraction for p in result] == equities
    for p, player in enumerate(result):
        assert player.by_combo is not None and player.by_class is not None
        assert {c: e.equity_fraction for c, e in player.by_combo.items()} == by_combo[p]
        assert {c: e.equity_fraction for c, e in player.by_class.items()} == by_class[p]


def test_parts_read_like_the_dicts_they_stand_for() -> None:
    # by_combo and by_class are made when first read: equal to, and pickled as, dicts.
    import pickle

    result = lookup.equity(["QQ:0.5, KK+", "AKs"], board="2c7d9h")
    parts = result[0].by_class
    assert parts is not None
    made = {name: parts[name] for name in parts}
    assert parts == made and made == parts and len(parts) == len(made) == 3
    assert repr(parts) == repr(made)
    assert pickle.loads(pickle.dumps(parts)) == made
    assert type(pickle.loads(pickle.dumps(parts))) is dict


def test_weighted_preflop_with_dead_cards_weighs_each_combos_equity() -> None:
    # Dead cards keep a preflop run off the table: every board of each assignment is
    # enumerated, one assignment at a time. Against one fixed hand, each combo's chance
    # in the joint deal is its weight, so the answer is the weighted mean of each
    # combo's own exact equity.
    result = lookup.equity(["AsAh:0.5, KsKh", "QsQh"], dead="2c", exact=True)
    aces = lookup.equity(["AsAh", "QsQh"], dead="2c")[0].equity_fraction
    kings = lookup.equity(["KsKh", "QsQh"], dead="2c")[0].equity_fraction
    assert aces is not None and kings is not None
    assert result.exact
    assert result[0].equity_fraction == (Fraction(1, 2) * aces + kings) / Fraction(3, 2)
    assert result[0].by_combo is not None
    assert result[0].by_combo["AsAh"].equity_fraction == aces
    assert result[0].by_combo["KsKh"].probability_fraction == Fraction(2, 3)


def test_weighted_exact_by_group_tallies_are_the_brute_force(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Too many assignments to tally by outcome: the Hold'em engine tallies by group.
    import lookup.odds.holdem.engine as engine

    monkeypatch.setattr(engine, "OUTCOME_CELLS", 0)
    game, hands, board, given = SPOTS[0]
    ranges, weights, board_cards, weighted = spot_args(game, hands, board, given)
    equities, by_combo, _, _ = brute_force(game, ranges, weights, board_cards)
    result = lookup.equity(ranged(game, hands, weighted), board=board, game=game)
    assert [p.equity_fraction for p in result] == equities
    assert result[0].by_combo is not None
    assert {c: e.equity_fraction for c, e in result[0].by_combo.items()} == by_combo[0]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(["1", "1/2", "1/4", "3/4", "1/3", "2/5"]), min_size=1, max_size=5),
        min_size=1,
        max_size=3,
    ),
    st.data(),
)
def test_repeated_rows_follow_the_weights(weights: list[list[str]], data: st.DataObject) -> None:
    # A listing of assignments (rows of combo indices, repeats allowed) grown by
    # _repeat_rows: each row's share of the result is its weight (the product of its
    # combos' weights) over the listing's total weight, exactly.
    from lookup.odds.holdem.engine import _repeat_rows

    fractions = [[Fraction(w) for w in player] for player in weights]
    rows = data.draw(
        st.lists(
            st.tuples(*(st.integers(0, len(p) - 1) for p in fractions)), min_size=1, max_size=12
        )
    )
    columns = [np.array([row[i] for row in rows], dtype=np.intp) for i in range(len(fractions))]
    values = [sorted(set(p)) for p in fractions]
    codes = [[v.index(w) for w in p] for v, p in zip(values, fractions, strict=True)]
    grown = _repeat_rows(columns, values, codes)
    assert grown is not None
    weight = [math.prod(fractions[i][row[i]] for i in range(len(row))) for row in rows]
    seen = list(zip(*(c.tolist() for c in grown), strict=True))
    for row in rows:
        # Equal rows are pooled: their shares add.
        same = sum(x for r, x in zip(rows, weight, strict=True) if r == row)
        assert Fraction(seen.count(row), len(seen)) == same / sum(weight)


def test_repeated_rows_refuse_huge_listings() -> None:
    from lookup.odds.holdem.engine import _repeat_rows

    tiny = [Fraction(1, 10**6), Fraction(1)]
    assert _repeat_rows([np.array([0, 1])], [tiny], [[0, 1]]) is None


def _drawn_picks(data: st.DataObject, assignments: int, combos: list[int]) -> list[np.ndarray]:
    """Each player's combo in each of ``assignments`` assignments, drawn."""
    return [
        np.array(data.draw(st.lists(st.integers(0, n - 1), min_size=assignments,
                                    max_size=assignments)), dtype=np.intp)
        for n in combos
    ]  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 4), st.data())
def test_outcome_tallies_are_a_plain_tally(players: int, data: st.DataObject) -> None:
    # outcomes_add + outcome_detail against a per-showdown loop: for each showdown, each
    # player's group gets one count under "lost" (0) or the number who share the top, and
    # those counts read as detail rows (detail_of_codes, which the sampled runs use too).
    from lookup.odds.results import Weighting, detail_of_codes, outcome_detail, outcomes_add

    assignments = data.draw(st.integers(1, 6))
    combos = [data.draw(st.integers(1, 3)) for _ in range(players)]
    picks = _drawn_picks(data, assignments, combos)
    halves = [Fraction(1, 2), Fraction(1)]
    weights = [[halves[c % 2] for c in range(n)] for n in combos]
    weighting = Weighting.of(weights, [[str(c) for c in range(n)] for n in combos])
    groups = weighting.groups(picks)
    counts = np.array(data.draw(st.lists(st.integers(0, 4), min_size=assignments,
                                         max_size=assignments)), dtype=np.intp)  # fmt: skip
    total = int(counts.sum())
    classes = [
        np.array(data.draw(st.lists(st.integers(1, 3), min_size=total, max_size=total)),
                 dtype=np.uint16)
        for _ in range(players)
    ]  # fmt: skip
    tally = np.zeros((assignments, 1 << players), np.int64)
    cut = data.draw(st.integers(0, assignments))  # two chunks, split between assignments
    at = int(counts[:cut].sum())
    outcomes_add(tally, 0, counts[:cut], [c[:at] for c in classes])
    outcomes_add(tally, cut, counts[cut:], [c[at:] for c in classes])
    fused = outcome_detail(tally, groups, weighting)

    expected = [np.zeros((weighting.size(p), players + 1), np.int64) for p in range(players)]
    rows = [row for row, n in enumerate(counts.tolist()) for _ in range(n)]
    for i, row in enumerate(rows):
        best = min(int(c[i]) for c in classes)
        top = [p for p in range(players) if classes[p][i] == best]
        for p in range(players):
            expected[p][groups[p][row], len(top) if p in top else 0] += 1
    for p in range(players):
        assert fused[p].tolist() == detail_of_codes(expected[p]).tolist()


@pytest.mark.parametrize("weighted", [False, True])
def test_a_sampled_run_refuses_ranges_that_cannot_all_be_held(weighted: bool) -> None:
    # A sampled run lists only the players who are not dealt every pair (random): three
    # pairs of aces cannot be held at once, random or not beside them.
    hands = ["AA", "AA", "AA", "random"] if not weighted else ["AA:0.5", "AA", "AA", "random"]
    with pytest.raises(lookup.PokerLookupError, match="no deal is possible"):
        lookup.equity(hands, samples=1_000, seed=1)
    with pytest.raises(lookup.PokerLookupError, match="no deal is possible"):
        lookup.equity(hands[:3], exact=False, seed=1)
    fits = lookup.equity(hands[1:], samples=1_000, seed=1)  # two pairs of aces and random
    assert fits.boards == 1_000


def test_sampled_weighting_is_every_weight_one() -> None:
    # Weighting.sampled() is made directly, not through Weighting.of: it must be the same.
    from lookup.odds.results import Weighting

    weights = [[Fraction(1, 2), Fraction(1), Fraction(1, 3)], [Fraction(1)], [Fraction(3, 4)] * 2]
    names = [["a", "b", "c"], [], ["d", "e"]]
    ones = [[Fraction(1)] * len(w) for w in weights]
    assert Weighting.of(weights, names).sampled() == Weighting.of(ones, names)


@pytest.mark.parametrize("size", [5, (1 << 16) - 1, 1 << 16, (1 << 16) + 7])
def test_heads_up_outcomes_sum_runs_in_either_width(size: int) -> None:
    # outcomes_add's heads-up chunk with every assignment holding showdowns sums each
    # run's wins in uint16 below 2**16 showdowns a chunk and in int64 from there: both
    # are the per-showdown count, and an empty assignment takes the general path.
    from lookup.odds.results import outcomes_add

    rng = np.random.default_rng(size)
    a = rng.integers(0, 50, size).astype(np.uint16)
    b = rng.integers(0, 50, size).astype(np.uint16)
    cuts = np.sort(rng.choice(np.arange(1, size), min(3, size - 1), replace=False))
    for counts in (np.diff(np.concatenate(([0], cuts, [size]))), np.array([size, 0])):
        rows = len(counts)
        tally = np.zeros((rows + 2, 4), np.int64, order="F")
        outcomes_add(tally, 2, counts.astype(np.intp), [a, b])
        row_of = np.repeat(np.arange(rows), counts)
        expected = np.zeros((rows + 2, 4), np.int64)
        np.add.at(expected, (row_of + 2, (a <= b) + 2 * (b <= a)), 1)
        assert tally.tolist() == expected.tolist()


def test_five_players_weighted_exact_is_the_brute_force() -> None:
    # Five players: 32 outcomes, whose rows outcome_detail builds with numpy (up to 16
    # outcomes it writes them out in Python); the river, so the brute force is quick.
    game, board = "holdem", "2c 7d 9h 4s Kd"
    hands = ["AsAh, AdAc", "KsKh, QsQh", "JsJh", "Ts9s, TdTc", "8s8h, 6s6h"]
    given: list[list[str] | None] = [["0.5", "1"], ["0.25", "1"], None, ["1", "0.75"], None]
    ranges, weights, board_cards, weighted = spot_args(game, hands, board, given)
    equities, by_combo, _, _ = brute_force(game, ranges, weights, board_cards)
    result = lookup.equity(ranged(game, hands, weighted), board=board, game=game)
    assert [p.equity_fraction for p in result] == equities
    for p, player in enumerate(result):
        if player.by_combo is not None:
            assert {c: e.equity_fraction for c, e in player.by_combo.items()} == by_combo[p]


def test_read_weight_codes_read_every_weight_form() -> None:
    # Each player's distinct weights and each combo's code (equal values from different
    # objects, strings, floats and zeros share a code).
    from lookup.odds.results import read_weight_codes

    half = Fraction(1, 2)
    given: list[list[object] | None] = [
        [half, Fraction(1, 2), "0.5", 0.5, 1, Fraction(1), "0", 0.25],
        None,
        ["1/3", "1/3", 1],
    ]
    sizes = [8, 3, 3]
    codes = read_weight_codes(given, sizes)  # type: ignore[arg-type]
    third, one = Fraction(1, 3), Fraction(1)
    assert [[v[c] for c in k] for v, k in codes] == [
        [half, half, half, half, one, one, Fraction(0), Fraction(1, 4)],
        [one, one, one],
        [third, third, one],
    ]
    assert codes[0] == ((Fraction(0), Fraction(1, 4), half, Fraction(1)), [2, 2, 2, 2, 3, 3, 0, 1])
    assert codes[1] == ((Fraction(1),), [0, 0, 0])
    with pytest.raises(lookup.PokerLookupError, match=r"player 3: .* got '2'"):
        read_weight_codes([None, None, ["1", "2", "3"]], sizes)


def test_coded_weighting_is_the_weighting_of_its_weights() -> None:
    # Weighting.coded drops a weight no live combo has and renumbers the rest, as
    # Weighting.of finds the distinct weights of the combos it is given.
    from lookup.odds.results import Weighting

    values = [(Fraction(1, 4), Fraction(1, 2), Fraction(1)), (Fraction(3, 4), Fraction(1))]
    codes = [[2, 0, 2], [1, 1]]
    names = [["a", "b", "c"], []]
    coded = Weighting.coded(values, codes, names)
    weights = [[values[p][c] for c in codes[p]] for p in range(2)]
    assert coded == Weighting.of(weights, names)
    assert coded.values == ((Fraction(1, 4), Fraction(1)), (Fraction(1),))
    assert coded.codes == ((1, 0, 1), (0, 0))
    with pytest.raises(lookup.PokerLookupError, match="from 0 to 1, got 0"):
        Weighting.coded([(Fraction(0), Fraction(1))], [[0, 1]], [["a", "b"]])
    # Whole weights: worked out from the values, or given (a Range's) and kept; worked
    # out again from the weights left when one is dropped (their denominators may shrink).
    assert coded.whole == ((1, 4), (1,))
    given = Weighting.coded(values, codes, names, whole=[(1, 2, 4), (3, 4)])
    assert given == coded and given.whole == ((1, 4), (1,))
    every = Weighting.coded(values, [[2, 0, 1], [1, 0]], names, whole=[(1, 2, 4), (3, 4)])
    assert every.whole == ((1, 2, 4), (3, 4))
    assert every == Weighting.coded(values, [[2, 0, 1], [1, 0]], names)


def test_filed_counts_are_the_differences_of_running_totals() -> None:
    # The generic engine files each assignment's counts by differences of running totals:
    # numpy's while the totals fit int64, Python's past it (each step still fits).
    from lookup.odds.generic import _file

    groups = [np.array([0, 1, 2], np.intp), np.array([2, 1, 0], np.intp)]
    steps = [[3, *range(1, 13)], [7, *range(2, 26, 2)], [9, *range(3, 39, 3)]]
    for base in (0, 2**62):  # the totals' last row below 2**63, then past it
        moved = [[base + x for x in row] for row in steps]
        totals = [[sum(r[c] for r in moved[: i + 1]) for c in range(13)] for i in range(3)]
        assert (max(totals[-1]) >= 2**63) == bool(base)
        filed = tuple(np.zeros((7, 3), np.int64) for _ in groups)
        _file(filed, groups, [0, 1, 2], totals)
        for p, table in enumerate(filed):
            expected = [[0] * 3 for _ in range(7)]
            for row, step in enumerate(moved):
                for r, value in enumerate([step[0], *(step[1 + k * 2 + p] for k in range(6))]):
                    expected[r][int(groups[p][row])] += value
            assert table.tolist() == expected


def test_a_game_keeps_its_hash() -> None:
    # A game's hash is made once and kept: the same as its fields', equal games alike.
    import pickle

    from lookup.game.registry import get_game

    omaha = get_game("omaha")
    assert hash(omaha) == hash(omaha._fields()) == hash(omaha)
    copy = pickle.loads(pickle.dumps(omaha))
    assert copy == omaha and hash(copy) == hash(omaha)
    with pytest.raises(AttributeError, match="immutable"):
        omaha._hash = 0


@pytest.mark.parametrize(
    "text", ["As:Ah", "AsAh:1", "[50]AsAh[/50]", "As Ah:0.5", "Jk:1", "🃏:", "As,Ah[", "10h:9h"]
)
def test_text_with_a_weight_mark_is_never_cards(text: str) -> None:
    # The front door reads text with ':' or '[' as a range without trying it as cards
    # first: no such text reads as cards, in any game's number of hole cards.
    from lookup.ranges.holding import holding_cards

    for hole_cards in (2, 4, 5, 7):
        assert holding_cards(text, hole_cards) is None


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.booleans(), st.data())
def test_weighted_totals_from_outcomes_are_those_of_their_groups(
    players: int, wide: bool, data: st.DataObject
) -> None:
    # An exact run keeps its tallies by assignment and outcome (AssignedOutcomes) and
    # weighs them in one product; by_combo reads the tallies by group made from them
    # later. Both must be what the tallies by group give when made at once (the path of
    # merged parts), on int64 and on Python ints (weights of nine decimals: past 2**63).
    from lookup.odds.results import (
        AssignedOutcomes,
        Weighting,
        _weighted,
        detail_counts,
        outcome_counts,
    )

    assignments = data.draw(st.integers(1, 8))
    combos = [data.draw(st.integers(1, 4)) for _ in range(players)]
    picks = _drawn_picks(data, assignments, combos)
    choices = (
        [Fraction(123456789, 10**9), Fraction(987654321, 10**9), Fraction(1)]
        if wide
        else [Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1)]
    )
    weights = [[data.draw(st.sampled_from(choices)) for _ in range(n)] for n in combos]
    names = [[f"{p}-{c}" for c in range(n)] for p, n in enumerate(combos)]
    weighting = Weighting.of(weights, names)
    tally = np.array(
        data.draw(st.lists(st.lists(st.integers(0, 9), min_size=1 << players,
                                    max_size=1 << players),
                           min_size=assignments, max_size=assignments)),
        dtype=np.int64,
    )  # fmt: skip
    tally[:, 0] = 0  # no showdown has nobody on top
    kept = outcome_counts(tally, weighting, picks)
    assert isinstance(kept.detail, AssignedOutcomes)
    made = detail_counts(kept.detail.tables())
    # The showdowns counted agree; a weighted exact run's plain tallies are not made.
    assert kept.deals == made.deals
    assert (kept.wins, kept.ties, kept.shares, kept.squares) == ([], [], [], [])
    lazy_counts, lazy_parts = _weighted(kept, weighting, True)
    eager_counts, eager_parts = _weighted(made, weighting, True)
    assert lazy_counts == eager_counts
    for lazy, eager in zip(lazy_parts, eager_parts, strict=True):
        assert lazy is not None and eager is not None
        assert dict(lazy[0]) == dict(eager[0]) and dict(lazy[1]) == dict(eager[1])
    # The definition: each showdown weighs the product of its players' combo weights.
    shares = [0] * players
    for row in range(assignments):
        weight = math.prod(weights[p][int(picks[p][row])] for p in range(players))
        for outcome in range(1, 1 << players):
            top = [p for p in range(players) if outcome >> p & 1]
            for p in top:
                shares[p] += weight * int(tally[row, outcome]) * Fraction(1, len(top))
    deals = sum(
        math.prod(weights[p][int(picks[p][row])] for p in range(players)) * int(tally[row].sum())
        for row in range(assignments)
    )
    if deals:
        assert [Fraction(s, 5040 * lazy_counts.deals) for s in lazy_counts.shares] == [
            s / deals for s in shares
        ]
    merged = kept.plus(kept)  # parts of a run add up as tallies by group
    assert isinstance(merged.detail, tuple)
    assert [t.tolist() for t in merged.detail] == [(2 * t).tolist() for t in made.detail]
    # Merged parts weigh as the eager tallies merged.
    assert _weighted(merged, weighting, True)[0] == _weighted(made.plus(made), weighting, True)[0]


def test_names_made_later_read_like_their_tuple() -> None:
    # Combo names (and Omaha's tokens) are spelled only when read; until then only their
    # number is known. Equal to, hashed and pickled as, the tuple.
    import pickle

    from lookup.odds.results import Later, combo_names

    made: list[int] = []

    def spell() -> list[str]:
        made.append(1)
        return combo_names([(51, 50), (47, 43)])

    later = Later(2, spell)
    assert len(later) == 2 and not made
    assert later == ("AsAh", "KsQs") and hash(later) == hash(("AsAh", "KsQs"))
    assert later[::-1] == ("KsQs", "AsAh") and made == [1]
    assert pickle.loads(pickle.dumps(later)) == ("AsAh", "KsQs")
    assert later != ["AsAh", "KsQs"]  # a tuple's equality: a list is not equal


def test_a_ranges_weight_codes_are_read_as_given_and_checked() -> None:
    # The front door hands each weighted Range's WeightCodes to the engines: read as they
    # are, their few weights checked, and refused when they cannot be a range's.
    from lookup.odds.results import read_weight_codes
    from lookup.ranges.holding import WeightCodes
    from lookup.ranges.range import Range

    weighted = Range("AA:0.5, KK:0.25, QQ")
    codes = weighted.weight_codes()
    assert read_weight_codes([codes, None], [18, 1])[0] == (codes.values, list(codes.codes))
    # The Range itself: its codes as they are (it checked its weights when it was read).
    values, by_combo = read_weight_codes([weighted, None], [18, 1])[0]
    assert (values, list(by_combo)) == (codes.values, list(codes.codes))
    with pytest.raises(lookup.PokerLookupError, match=r"player 1: .* \(17 combos\), got Range"):
        read_weight_codes([weighted, None], [17, 1])
    # Where the engine gives the combos it read, the Range must hold exactly those: the
    # same number of other combos would take its weights silently.
    other = Range("JJ, QQ:0.5, KK:0.25")
    assert read_weight_codes([weighted], [18], [weighted.combos])[0][1] == codes.codes
    with pytest.raises(lookup.PokerLookupError, match="must be that player's range"):
        read_weight_codes([weighted], [18], [other.combos])
    assert read_weight_codes([list(weighted.weights.values()), None], [18, 1])[0] == (
        codes.values, list(codes.codes)
    )  # fmt: skip
    half, one = Fraction(1, 2), Fraction(1)
    bad = [
        (WeightCodes((half, one), [0, 1]), 3, "one weight code per combo"),
        (WeightCodes((half, one), [0, 2, 1]), 3, "one weight code per combo"),
        (WeightCodes((one, half), [0, 1, 1]), 3, "distinct and ascending"),
        (WeightCodes((half, half), [0, 1, 1]), 3, "distinct and ascending"),
        (WeightCodes((Fraction(3, 2),), [0, 0, 0]), 3, "a number from 0 to 1"),
    ]
    for codes_given, size, message in bad:
        with pytest.raises(lookup.PokerLookupError, match=message):
            read_weight_codes([codes_given], [size])
    assert Range.from_weights({}).flat  # no combo: no weight other than 1
