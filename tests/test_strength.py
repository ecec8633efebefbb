"""lookup.strength (issue 23) against the brute force of tests/strength_reference.py.

Exact quantities are ratios of exact integer counts rounded once, so they must equal
``float(Fraction)`` of the reference exactly: HS, PPOT, NPOT, both effective
strengths, the histogram shares, the percentile, E[HS], and E[HS²] against a random
hand (one denominator for every completion). E[HS²] against a weighted range over
several completions is a mean of ratios with different denominators summed in
floats: it is held to 1e-12 there.
"""

from __future__ import annotations

import random
import statistics
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.cards import parse_cards
from lookup.handstrength import strength
from lookup.preflop.classes import CLASS_NAMES
from lookup.preflop.table import class_counts
from lookup.ranges.range import Range

from .strength_reference import reference

Combo = tuple[int, int]
EXACT = ("hs", "ppot", "npot", "effective_hs", "effective_hs_optimistic")


def ix(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def combo(text: str) -> tuple[int, int]:
    a, b = ix(text)
    return max(a, b), min(a, b)


def weights_of(text: str, game: str = "holdem") -> dict[tuple[int, int], Fraction]:
    return {(max(c), min(c)): w for c, w in Range(text, game).weights.items()}  # type: ignore[misc]


def check(result: object, row: int, ref: object, *, exact_ehs: bool) -> None:
    got = result[row]  # type: ignore[index]
    for name in EXACT:
        want = getattr(ref, name)
        value = getattr(got, name)
        assert (value is None) == (want is None), name
        if want is not None:
            assert value == float(want), (name, value, float(want))
    assert got.expected_hs == float(ref.expected_hs)  # exact: integer sums per denominator
    if exact_ehs:
        assert got.expected_hs2 == float(ref.expected_hs2)
    else:
        assert got.expected_hs2 == pytest.approx(float(ref.expected_hs2), abs=1e-12)
    assert got.histogram == tuple(float(x) for x in ref.histogram)


# --- rivers: every hero, the percentile included -------------------------------------------


@pytest.mark.parametrize("opponents", ["random", "TT+:0.5, AK, 98s:0.25, 7s6s"])
def test_river_every_hand_short_deck(opponents: str) -> None:
    board = ix("Ah 9h 8d 7c 6s")
    deck = [c for c in range(52) if c >= 16]
    opp = None if opponents == "random" else weights_of(opponents, "short-deck")
    result = strength(board, game="short-deck", opponents=opponents, bins=7)
    left = [c for c in deck if c not in board]
    refs = {}
    for a, b in combinations(left, 2):
        hero = (max(a, b), min(a, b))
        refs[hero] = reference(board, hero, opp, deck=deck, rules="short-deck", bins=7)
    assert len(result) == len(refs) == 465
    keys = {h: r.expected_hs for h, r in refs.items() if r.expected_hs is not None}
    for row, cards in enumerate(result.combos.tolist()):
        ref = refs[tuple(cards)]  # type: ignore[index]
        if ref.hs is None:  # the range leaves this hero no opponent
            assert np.isnan(result.hs[row]) and np.isnan(result.percentile[row])
            continue
        check(result, row, ref, exact_ehs=True)  # one completion: one ratio
        lower = sum(1 for v in keys.values() if v < ref.expected_hs)
        equal = sum(1 for v in keys.values() if v == ref.expected_hs)
        assert result.percentile[row] == float(Fraction(2 * lower + equal, 2 * len(keys)))
    assert result.ppot is None and result.street == "river"


def test_river_hands_the_range_leaves_without_opponent() -> None:
    """A range of one combo: heroes holding one of its cards face nobody (NaN), and the
    percentile ranks the others among themselves."""
    board = ix("Ks 7h 2d 5c 9s")
    result = strength(board, opponents="AsAh, QcQd:0.5")
    blocked = [row for row, (a, b) in enumerate(result.combos.tolist())
               if {a, b} & set(ix("As Ah")) and {a, b} & set(ix("Qc Qd"))]  # fmt: skip
    assert blocked and all(
        np.isnan(result.hs[r]) and np.isnan(result.percentile[r]) for r in blocked
    )
    defined = ~np.isnan(result.expected_hs)
    assert defined.sum() == len(result) - len(blocked)
    assert result.percentile[defined].mean() == pytest.approx(0.5, abs=1e-12)
    for hand in ("As Kd", "Qd 3c", "3c 4c"):
        ref = reference(board, combo(hand), weights_of("AsAh, QcQd:0.5"))
        check(result, result.index(hand), ref, exact_ehs=True)


# --- turns: potentials, dead cards, weighted ranges ----------------------------------------


@pytest.mark.parametrize(
    ("board", "dead", "opponents", "heroes"),
    [
        ("Ks 7h 2d 9s", "", "random", ["As Kd", "Ts 8s", "7c 7d", "3c 4c"]),
        ("Ks 7h 2d 9s", "Qs 3d", "QQ+:0.5, AK, KQs:0.75, T8s, 98, 77", ["As Kd", "Ts 8s", "Ah Ad"]),
        ("Jc Tc 4h 4s", "", "44, JT:0.5, AcKc, 55-22:0.25", ["Qc 9c", "Ah 4d", "Jd Ts"]),
    ],
)
def test_turn_against_reference(board: str, dead: str, opponents: str, heroes: list[str]) -> None:
    opp = None if opponents == "random" else weights_of(opponents)
    result = strength(board, hands=heroes, dead=dead, opponents=opponents)
    for row, hero in enumerate(heroes):
        ref = reference(ix(board), combo(hero), opp, dead=ix(dead))
        check(result, row, ref, exact_ehs=opp is None)
        scale = result.transitions[row].sum() / sum(sum(r) for r in ref.hp)
        assert [[Fraction(int(x)) for x in r] for r in result.transitions[row]] == [
            [x * scale for x in r] for r in ref.hp
        ]


def test_every_hand_potential_equals_the_hands_alone() -> None:
    """All combos at once (each pair compared once, mirrored) give the counts of the
    per-hand path, which the tests above hold to the brute force."""
    hands = ["As Kd", "Ts 8s", "7c 7d", "3c 4c", "Kc Kd", "9c 2c"]
    for opponents in ("random", "QQ+:0.5, AK, T8s, 77"):
        every = strength("Ks 7h 2d 9s", opponents=opponents)
        alone = strength("Ks 7h 2d 9s", hands=hands, opponents=opponents)
        for row, hand in enumerate(hands):
            assert (every.transitions[every.index(hand)] == alone.transitions[row]).all()
            assert every.ppot[every.index(hand)] == alone.ppot[row]


# --- flops: a few heroes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "opponents", "heroes"),
    [
        ("Ks 7h 2d", "KK:0.5, 77, 22:0.25, AK, K7s, 98s:0.5, AhQh", ["As Kd", "8s 6s", "7c 7d"]),
        ("9c 8c 2h", "JJ+, 2s2d:0.5, Tc7c, 65s", ["Ac Qc", "9s 9d"]),
    ],
)
def test_flop_against_reference(board: str, opponents: str, heroes: list[str]) -> None:
    opp = weights_of(opponents)
    result = strength(board, hands=heroes, opponents=opponents)
    for row, hero in enumerate(heroes):
        check(result, row, reference(ix(board), combo(hero), opp), exact_ehs=False)


def test_flop_random_expected_hs_exact() -> None:
    """Against a random hand every completion has one denominator: E[HS] and E[HS²] are
    exact. (A short-deck flop keeps the brute force to 189,000 evaluations.)"""
    deck = range(16, 52)
    result = strength("Qd 8h 6s", hands=["Jh Ts", "Ad Kd"], game="short-deck")
    for row, hero in enumerate(["Jh Ts", "Ad Kd"]):
        ref = reference(ix("Qd 8h 6s"), combo(hero), None, deck=deck, rules="short-deck")
        check(result, row, ref, exact_ehs=True)


def test_holdem_flop_random_hs() -> None:
    result = strength("Qd 8h 3s", hands="Jh Ts")
    ref = reference(ix("Qd 8h 3s"), combo("Jh Ts"), None, potential=False, expected=False)
    assert result[0].hs == float(ref.hs)


def test_random_opponent_effective_hs_is_expected_hs() -> None:
    """HS(1-NPOT) + (1-HS)PPOT over pairs is the equity against the range; against a random
    hand every (opponent, board) pair weighs the same, so it is E[HS] too."""
    result = strength("Ks 7h 2d 9s")
    assert np.array_equal(result.effective_hs, result.expected_hs) or np.allclose(
        result.effective_hs, result.expected_hs, rtol=0, atol=1e-15
    )


@pytest.mark.parametrize("opponents", ["QQ+, AK:0.5, 98s", "random"])
def test_effective_hs_is_equity_against_the_range(opponents: str) -> None:
    hand = "Ts 8s"
    result = strength("Ks 7h 2d 9s", hands=hand, opponents=opponents)
    equity = lookup.equity([hand, opponents], board="Ks 7h 2d 9s", exact=True)[0]
    assert result[0].effective_hs == pytest.approx(equity.equity, abs=1e-12)


def test_whole_flop_is_consistent() -> None:
    """Every combo of a flop: percentiles average 1/2, histograms sum to 1, and each hand's
    row equals the same hand asked alone."""
    result = strength("Ah 7d 2c")
    assert len(result) == 1176
    assert result.percentile.mean() == pytest.approx(0.5, abs=1e-15)
    assert np.allclose(result.histogram.sum(axis=1), 1)
    alone = strength("Ah 7d 2c", hands=["7h 7s", "Kd Qd"])
    for hand in ("7h 7s", "Kd Qd"):
        for name in ("hs", "expected_hs", "expected_hs2", "percentile"):
            assert (
                getattr(alone, name)[alone.index(hand)] == getattr(result, name)[result.index(hand)]
            )
        assert (alone.histogram[alone.index(hand)] == result.histogram[result.index(hand)]).all()
    assert alone["7h 7s"] == strength("Ah 7d 2c", hands="7h7s")[0]


# --- published anchors -----------------------------------------------------------------------


def test_preflop_aa_anchor() -> None:
    assert round(strength(hands="As Ah")[0].expected_hs, 6) == 0.852037


def test_preflop_every_class_from_the_table() -> None:
    """E[HS] against a random hand preflop is the heads-up table's equity versus random:
    (wins + ties / 2) over every showdown of the class's row, summed here from the table."""
    data = class_counts()
    n = len(CLASS_NAMES)
    result = strength()
    assert len(result) == 1326 and result.hs is None and result.ppot is None
    for k, name in enumerate(CLASS_NAMES):
        row = range(k * n, (k + 1) * n)
        wins = sum(data.wins[c] for c in row)
        ties = sum(data.ties[c] for c in row)
        showdowns = 1_712_304 * sum(data.pairs[c] for c in row)
        want = float(Fraction(2 * wins + ties, 2 * showdowns))
        hand = Range(name).combos[0]
        assert result[hand].expected_hs == want, name
    assert round(result["7h 2c"].expected_hs, 4) == 0.3458


def test_papp_worked_example() -> None:
    """Papp's MSc thesis (1998), section 5.3 and Table 5.1, also in Billings, Papp, Schaeffer
    and Szafron (AAAI 1998): Ad Qc on 3h 4c Jh against a uniform range, two-card look-ahead:
    HS 0.585, PPOT2 0.208, NPOT2 0.274; 1,081 opponent holdings times 990 turn-and-river
    pairs are 1,070,190 cases, and of those behind after five cards, 91,981 put the hero
    ahead (the counts as printed on the thesis' section 5.3 page,
    webdocs.cs.ualberta.ca/~jonathan/PREVIOUS/Grad/papp/node40.html)."""
    s = strength("3h 4c Jh", hands="Ad Qc")
    h = s[0]
    assert (round(h.hs, 3), round(h.ppot, 3), round(h.npot, 3)) == (0.585, 0.208, 0.274)
    assert s.transitions[0][2][0] == 91_981
    assert int(s.transitions[0].sum()) == 1_070_190


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"board": "Ks 7h", "hands": "AsAh"}, lookup.HandSizeError, "0, 3, 4 or 5"),
        (
            {"board": "Ks 7h 2d", "hands": "Ks Kd"},
            lookup.DuplicateCardError,
            "card 'Ks' is held by the board and the hand KsKd",
        ),
        ({"board": "Ks 7h 2d", "table": "x"}, lookup.TableError, "no strength table"),
        ({"board": "Ks 7h 2d", "game": "stud"}, lookup.GameError, "strength is defined"),
        ({"board": "Ks 7h 2d", "bins": 0}, lookup.PokerLookupError, "bins"),
        ({"board": "Ks 7h 2d", "game": "omaha"}, lookup.HandSizeError, "pass hands="),
        ({"board": "Ks 7h 2d", "opponents": "KsKd"}, lookup.RangeError, "no combo"),
        ({"board": "", "samples": 1}, lookup.PokerLookupError, "samples must be"),
        (
            {"board": "Ks 7h 2d", "dead": "Ks"},
            lookup.DuplicateCardError,
            "card 'Ks' is held by the board and the dead cards",
        ),
        ({"board": "Ks 7h 2d", "hands": "2c 3c", "game": "short-deck"}, lookup.CardError, "deck"),
    ],
)
def test_bad_input(kwargs: dict[str, object], error: type[Exception], words: str | None) -> None:
    board = kwargs.pop("board")
    with pytest.raises(error) as caught:
        strength(board, **kwargs)  # type: ignore[arg-type]
    assert caught.value.token is not None  # type: ignore[attr-defined]
    if words:
        assert words in str(caught.value)


# --- Omaha: sampled, held to the brute force within five standard errors ------------------


def omaha_weights(text: str) -> dict[tuple[int, ...], Fraction]:
    return dict(Range(text, "omaha").weights)


def within(result: object, ref: object, names: tuple[str, ...]) -> None:
    got = result[0]  # type: ignore[index]
    for name in names:
        want = float(getattr(ref, name))
        se = getattr(got, f"{name}_std_error")
        assert se is not None and se > 0, name
        assert abs(getattr(got, name) - want) < 5 * se + 1e-9, (name, getattr(got, name), want, se)


def test_omaha_river_against_every_opponent() -> None:
    board, hero = "Ks 7h 2d 9c 3s", "As Ad Kd Qc"
    result = strength(board, hands=hero, game="omaha", samples=4000, seed=7)
    ref = reference(ix(board), tuple(ix(hero)), None, game="omaha")  # all 123,410 opponents
    within(result, ref, ("hs", "expected_hs", "expected_hs2"))
    assert result.ppot is None and result.percentile is None and not result.exact


@pytest.mark.parametrize("board", ["Ks 7h 2d 9c", "Ks 7h 2d"])
def test_omaha_weighted_range_against_reference(board: str) -> None:
    opponents = "AsAhQdQs:0.5, 9h9d8c8d, Jc Tc 8h 6h, Kh Kc 5d 4d:0.25, 7c7d3c3d"
    hero = "Ad Kd Qc Jh"
    result = strength(board, hands=hero, game="omaha", opponents=opponents, samples=6000, seed=3)
    ref = reference(ix(board), tuple(ix(hero)), omaha_weights(opponents), game="omaha")
    within(result, ref, ("hs", "ppot", "npot", "expected_hs", "expected_hs2"))
    assert sum(result[0].histogram) == pytest.approx(1)


def test_omaha_seed_repeats_and_is_reported() -> None:
    first = strength("Ks 7h 2d", hands=["As Ad Kd Qc", "8s 9s Ts Jh"], game="omaha", samples=300)
    again = strength(
        "Ks 7h 2d", hands=["As Ad Kd Qc", "8s 9s Ts Jh"], game="omaha", samples=300, seed=first.seed
    )
    assert first.seed is not None and first.samples == 300
    assert [h.as_dict() for h in first] == [h.as_dict() for h in again]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"samples": 1}, "samples must be"),
        ({"opponents": "AsAhKsKh"}, "no combo the board leaves"),
        ({"opponents": "AcAhQcQh", "hands": "Ac Ad Qd Jh"}, "blocks every combo"),
        ({"hands": "As Ad"}, "omaha hands have 4"),
    ],
)
def test_omaha_bad_input(kwargs: dict[str, object], words: str) -> None:
    kwargs.setdefault("hands", "Ad Kd Qc Jh")
    with pytest.raises(lookup.PokerLookupError, match=words):
        strength("Ks 7h 2d", game="omaha", **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "opponents", "dead"),
    [("holdem", "QQ+, AK:0.5, 76s", "Kd"), ("short-deck", "random", "")],
)
def test_preflop_sampled_expected_hs_against_a_brute_force_sample(
    game: str, opponents: str, dead: str
) -> None:
    """Where the preflop table does not answer (a range, dead cards, short deck), E[HS] is
    sampled over boards too, and agrees with an independent brute-force sample."""
    hero = combo("Ah Qh")
    result = strength(hands="Ah Qh", opponents=opponents, game=game, dead=dead, seed=2)
    got, se = result[0].expected_hs, result[0].expected_hs_std_error
    assert se is not None and 0 < se < 0.02
    deck = range(52) if game == "holdem" else range(16, 52)
    rules = "standard" if game == "holdem" else "short-deck"
    opp = None if opponents == "random" else weights_of(opponents)
    rng = random.Random(9)
    left = [c for c in deck if c not in hero and c not in ix(dead)]
    values = []
    while len(values) < 150:
        board = rng.sample(left, 5)
        hs = reference(board, hero, opp, deck=deck, dead=ix(dead), rules=rules,
                       potential=False, expected=False).hs  # fmt: skip
        if hs is not None:
            values.append(float(hs))
    ref_se = statistics.stdev(values) / len(values) ** 0.5
    assert abs(got - statistics.fmean(values)) < 5 * (se**2 + ref_se**2) ** 0.5


def test_preflop_expected_hs2_sampled_against_a_brute_force_sample() -> None:
    """Preflop E[HS²] is sampled over boards (each board exact): it agrees with an
    independent brute-force sample of boards within five combined standard errors."""
    hero = combo("7h 2c")
    result = strength(hands="7h 2c", samples=3000, seed=11)
    got, se = result[0].expected_hs2, result[0].expected_hs2_std_error
    assert se is not None and 0 < se < 0.02 and not result.exact and result.seed == 11
    rng = random.Random(5)
    left = [c for c in range(52) if c not in hero]
    squares = []
    for _ in range(150):
        board = rng.sample(left, 5)
        hs = reference(board, hero, None, potential=False, expected=False).hs
        squares.append(float(hs) ** 2)
    ref_se = statistics.stdev(squares) / len(squares) ** 0.5
    assert abs(got - statistics.fmean(squares)) < 5 * (se**2 + ref_se**2) ** 0.5
    assert sum(result[0].histogram) == pytest.approx(1)
    assert result[0].expected_hs ** 2 <= got + 5 * se  # Jensen: E[HS²] >= E[HS]²


# --- random spots: any board, dead cards, hero and weighted range -----------------------------


@st.composite
def spots(
    draw: st.DrawFn,
) -> tuple[str, list[int], list[int], tuple[int, int], dict[Combo, Fraction]]:
    """A game, a turn or river board, dead cards, a hero and a small weighted range."""
    game = draw(st.sampled_from(["holdem", "short-deck"]))
    deck = list(range(52)) if game == "holdem" else list(range(16, 52))
    cards = draw(st.permutations(deck))
    board_size = draw(st.sampled_from([4, 5]))
    dead_size = draw(st.integers(0, 2))
    board, dead = cards[:board_size], cards[board_size : board_size + dead_size]
    a, b = cards[board_size + dead_size : board_size + dead_size + 2]
    rest = cards[board_size + dead_size :]  # the hero's cards too: card removal must drop them
    pairs = draw(st.lists(st.tuples(st.sampled_from(rest), st.sampled_from(rest)), min_size=1,
                          max_size=12))  # fmt: skip
    weights = {}
    for x, y in pairs:
        if x != y:
            weights[(max(x, y), min(x, y))] = Fraction(
                draw(st.sampled_from([25, 50, 75, 100])), 100
            )
    return game, board, dead, (max(a, b), min(a, b)), weights


@settings(max_examples=100, deadline=None)
@given(spots())
def test_random_spots_against_reference(
    spot: tuple[str, list[int], list[int], tuple[int, int], dict[Combo, Fraction]],
) -> None:
    game, board, dead, hero, weights = spot
    if not weights:
        return
    rules = "standard" if game == "holdem" else "short-deck"
    deck = range(52) if game == "holdem" else range(16, 52)
    ref = reference(board, hero, weights, deck=deck, dead=dead, rules=rules)
    opponents = Range.from_weights({(a, b): w for (a, b), w in weights.items()}, game)
    if not len(opponents.without([*board, *dead])):
        with pytest.raises(lookup.RangeError):
            strength(board, hands=[hero], opponents=opponents, game=game, dead=dead)
        return
    result = strength(board, hands=[hero], opponents=opponents, game=game, dead=dead)
    if ref.hs is None:
        event("the range leaves the hero no opponent")
        assert np.isnan(result.hs[0])
        return
    event(f"checked: {game}, {len(board)} board cards")
    check(result, 0, ref, exact_ehs=len(board) == 5)
