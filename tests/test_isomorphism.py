"""The suit-isomorphism index against references written from the definitions.

Two situations (each round's cards, order within a round not mattering) are the same
up to suits when a relabelling of the four suits maps one onto the other. The
references here know nothing of the indexer's construction:

* a canonical form, the least over the 24 suit permutations of the situation's
  encoding with each round sorted (plain Python, and numpy for whole enumerations);
* the number of classes by Burnside's lemma: the average over the 24 permutations of
  the situations each one fixes, counted from the cycles it makes on the cards.

The pinned sizes are Waugh's (2013) for Hold'em and issue 23's for short deck and
Omaha; every one is recomputed here by Burnside before it is compared.
"""

from __future__ import annotations

import pickle
from itertools import combinations, permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.cards import JOKER
from lookup.core.errors import IsomorphismError
from lookup.iso.isomorphism import Isomorphism

PERMUTATIONS = list(permutations(range(4)))
LOW = {"standard": 0, "short": 4}  # the lowest rank of each deck (short deck: sixes)

PINNED = [
    ((2,), "standard", 169),
    ((2, 3), "standard", 1_286_792),
    ((2, 3, 1), "standard", 55_190_538),
    ((2, 3, 1, 1), "standard", 2_428_287_420),
    ((2, 4), "standard", 13_960_050),
    ((2, 5), "standard", 123_156_254),
    ((2,), "short", 81),
    ((2, 3), "short", 186_696),
    ((2, 4), "short", 1_340_856),
    ((2, 5), "short", 7_723_728),
    ((4,), "standard", 16_432),
    ((4, 3), "standard", 204_461_673),
]


# --- references ----------------------------------------------------------------------


def burnside(rounds: tuple[int, ...], deck: str) -> int:
    """The number of situations up to suits, by Burnside's lemma.

    A permutation g of the suits fixes a situation iff each round's set is a union of
    g's cycles on the cards: of each rank, the cycles of g on the suits. So the fixed
    situations are the ways to send each cycle (a card orbit of length l) to one round
    or to none, with round r receiving exactly rounds[r] cards: the coefficient of
    x1^n1 ... xR^nR in the product over ranks and cycles of (1 + x1^l + ... + xR^l).
    """
    ranks = 13 - LOW[deck]
    total = 0
    for g in PERMUTATIONS:
        cycles = []
        seen: set[int] = set()
        for start in range(4):
            length, suit = 0, start
            while suit not in seen:
                seen.add(suit)
                suit = g[suit]
                length += 1
            if length:
                cycles.append(length)
        poly = {tuple(0 for _ in rounds): 1}
        for _ in range(ranks):
            for length in cycles:
                grown: dict[tuple[int, ...], int] = {}
                for exps, coef in poly.items():
                    grown[exps] = grown.get(exps, 0) + coef  # the cycle is dealt in no round
                    for r in range(len(rounds)):
                        if exps[r] + length <= rounds[r]:
                            moved = (*exps[:r], exps[r] + length, *exps[r + 1 :])
                            grown[moved] = grown.get(moved, 0) + coef
                poly = grown
        total += poly.get(tuple(rounds), 0)
    assert total % 24 == 0
    return total // 24


def canonical(rounds: tuple[int, ...], cards: list[int]) -> tuple[tuple[int, ...], ...]:
    """The least, over the 24 suit relabellings, of the situation with each round sorted."""
    best = None
    for g in PERMUTATIONS:
        moved = [4 * (c >> 2) + g[c & 3] for c in cards]
        form, at = [], 0
        for want in rounds:
            form.append(tuple(sorted(moved[at : at + want])))
            at += want
        key = tuple(form)
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def canonical_many(rounds: tuple[int, ...], cards: np.ndarray) -> np.ndarray:
    """:func:`canonical` of every row, as one integer: the least over the 24 relabellings
    of the rounds in order, each round's cards sorted, written as digits base 64."""
    assert sum(rounds) <= 10  # 6 bits a card in an int64
    ranks, suits = cards >> 2, cards & 3
    best = None
    for g in PERMUTATIONS:
        moved = 4 * ranks + np.array(g)[suits]
        key = np.zeros(len(cards), dtype=np.int64)
        at = 0
        for want in rounds:
            for column in np.sort(moved[:, at : at + want], axis=1).T:
                key = key << 6 | column
            at += want
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    return best


def every_situation(rounds: tuple[int, ...], deck: str) -> np.ndarray:
    """Every situation of one or two rounds, one row each (each round sorted)."""
    cards = range(4 * LOW[deck], 52)
    first = np.array(list(combinations(cards, rounds[0])), dtype=np.int64)
    if len(rounds) == 1:
        return first
    second = np.array(list(combinations(cards, rounds[1])), dtype=np.int64)
    first_mask = np.left_shift(1, first).sum(axis=1)
    second_mask = np.left_shift(1, second).sum(axis=1)
    i, j = np.nonzero((first_mask[:, None] & second_mask[None, :]) == 0)
    return np.hstack([first[i], second[j]])


def random_situations(rng: np.random.Generator, n: int, total: int, deck: str) -> np.ndarray:
    """``n`` random deals of ``total`` distinct cards of the deck, one row each."""
    low = 4 * LOW[deck]
    return (np.argsort(rng.random((n, 52 - low)), axis=1)[:, :total] + low).astype(np.int64)


def relabel(rng: np.random.Generator, rounds: tuple[int, ...], cards: np.ndarray) -> np.ndarray:
    """Each row under its own random suit permutation, each round's cards shuffled."""
    g = np.array(PERMUTATIONS)[rng.integers(0, 24, len(cards))]
    moved = 4 * (cards >> 2) + np.take_along_axis(g, cards & 3, axis=1)
    at = 0
    for want in rounds:
        order = np.argsort(rng.random((len(cards), want)), axis=1) + at
        moved[:, at : at + want] = np.take_along_axis(moved, order, axis=1)
        at += want
    return moved


# --- the references check themselves ---------------------------------------------------


def situations(rounds: tuple[int, ...], cards: list[int]) -> list[list[int]]:
    """Every situation of ``rounds`` dealt from ``cards``: each round a combination."""
    if not rounds:
        return [[]]
    found = []
    for first in combinations(cards, rounds[0]):
        rest = [c for c in cards if c not in first]
        found.extend([*first, *later] for later in situations(rounds[1:], rest))
    return found


def test_burnside_agrees_with_counting_canonical_forms_on_small_cases() -> None:
    for rounds, deck in [((2,), "standard"), ((1, 1), "short"), ((3,), "short"), ((1, 2), "short")]:
        forms = {canonical(rounds, s) for s in situations(rounds, list(range(4 * LOW[deck], 52)))}
        assert len(forms) == burnside(rounds, deck), rounds


# --- sizes ---------------------------------------------------------------------------


@pytest.mark.parametrize(("rounds", "deck", "size"), PINNED)
def test_the_pinned_sizes_are_the_orbit_counts(
    rounds: tuple[int, ...], deck: str, size: int
) -> None:
    assert burnside(rounds, deck) == size
    iso = Isomorphism(rounds, deck)
    assert iso.size == size
    assert iso.sizes[-1] == size
    assert iso.sizes == tuple(burnside(rounds[: r + 1], deck) for r in range(len(rounds)))


@pytest.mark.parametrize(
    ("rounds", "deck"),
    [((1,), "standard"), ((3,), "standard"), ((1, 1, 1), "short"), ((5,), "short"),
     ((2, 2), "standard"), ((4, 5), "standard"), ((6,), "standard"), ((2, 2, 2), "short")],
)  # fmt: skip
def test_other_rounds_count_their_orbits_too(rounds: tuple[int, ...], deck: str) -> None:
    assert Isomorphism(rounds, deck).size == burnside(rounds, deck)


# --- exhaustive: every situation of the small configurations ---------------------------


def test_holdem_preflop_every_situation_against_the_canonical_form() -> None:
    iso = Isomorphism((2,))
    pairs = list(combinations(range(52), 2))
    indices = [iso.index(list(pair)) for pair in pairs]
    forms = [canonical((2,), list(pair)) for pair in pairs]
    assert sorted(set(indices)) == list(range(169))
    # the same index iff the same canonical form: the pairs (form, index) are as many
    # as the forms and as the indices
    assert len(set(zip(forms, indices, strict=True))) == len(set(forms)) == 169
    assert iso.index_many(np.array(pairs)).tolist() == indices
    for i in range(169):
        assert iso.index(iso.unindex(i)) == i
        spelled = [lookup.parse_card(c).index for c in iso.unindex(i)[0]]
        assert iso.unindex_many([i])[0].tolist() == spelled


@pytest.mark.parametrize(
    ("rounds", "deck", "count"), [((2, 2), "short", 630 * 561), ((4,), "standard", 270_725)]
)
def test_every_situation_against_the_canonical_form(
    rounds: tuple[int, ...], deck: str, count: int
) -> None:
    # Short deck's two rounds, and Omaha's hole cards, where four suits of one shape
    # form one group (a multiset of four rank indices).
    iso = Isomorphism(rounds, deck)
    everything = every_situation(rounds, deck)
    assert len(everything) == count
    indices = iso.index_many(everything)
    forms = canonical_many(rounds, everything)
    assert indices.min() == 0 and indices.max() == iso.size - 1
    assert len(np.unique(indices)) == iso.size == len(np.unique(forms)) == burnside(rounds, deck)
    # the same index iff the same form: as many (form, index) pairs as forms
    assert len(np.unique(forms * iso.size + indices)) == iso.size  # < 2**(24 + 17)
    back = iso.unindex_many(np.arange(iso.size))
    assert (iso.index_many(back) == np.arange(iso.size)).all()
    # each canonical situation lies in the class it names
    order = np.argsort(indices, kind="stable")
    first = order[np.searchsorted(indices[order], np.arange(iso.size))]
    assert (canonical_many(rounds, back.astype(np.int64)) == forms[first]).all()


@pytest.mark.parametrize(("rounds", "deck"), [((2, 3), "standard"), ((2, 3), "short")])
def test_every_class_of_the_flop_round_trips(rounds: tuple[int, ...], deck: str) -> None:
    # With Burnside's count of the classes, this makes the index a bijection: every index
    # is reached, and the representatives of different indices are not isomorphic.
    iso = Isomorphism(rounds, deck)
    every = np.arange(iso.size)
    back = iso.unindex_many(every)
    assert (iso.index_many(back) == every).all()
    assert len(np.unique(canonical_many(rounds, back.astype(np.int64)))) == iso.size


# --- a million random situations of the large configurations ---------------------------


@pytest.mark.parametrize(
    ("rounds", "deck", "n"),
    [((2, 3, 1, 1), "standard", 1_000_000), ((2, 5), "standard", 1_000_000),
     ((2, 4), "standard", 300_000), ((2, 3, 1), "standard", 300_000),
     ((4, 3), "standard", 1_000_000), ((2, 5), "short", 300_000), ((2, 4), "short", 300_000)],
)  # fmt: skip
def test_random_indices_round_trip(rounds: tuple[int, ...], deck: str, n: int) -> None:
    iso = Isomorphism(rounds, deck)
    rng = np.random.default_rng(23)
    indices = rng.integers(0, iso.size, n)
    back = iso.unindex_many(indices)
    assert (iso.index_many(back) == indices).all()
    assert back.min() >= 4 * LOW[deck]
    # each row a situation: distinct cards, each round highest first
    assert (np.diff(np.sort(back, axis=1), axis=1) > 0).all()


@pytest.mark.parametrize(
    ("rounds", "deck"),
    [((2, 3, 1, 1), "standard"), ((2, 5), "standard"), ((4, 3), "standard"),
     ((2, 5), "short"), ((2, 4), "short"), ((1, 1, 1, 1), "standard")],
)  # fmt: skip
def test_random_situations_same_index_iff_same_canonical_form(
    rounds: tuple[int, ...], deck: str
) -> None:
    iso = Isomorphism(rounds, deck)
    rng = np.random.default_rng(2013)
    total = sum(rounds)
    cards = random_situations(rng, 20_000, total, deck)
    indices = iso.index_many(cards)
    assert indices.min() >= 0 and indices.max() < iso.size
    # crafted equal: the same situation relabelled and shuffled within rounds
    assert (iso.index_many(relabel(rng, rounds, cards)) == indices).all()
    # the canonical situation of the index lies in the same class
    back = iso.unindex_many(indices).astype(np.int64)
    assert (canonical_many(rounds, back) == canonical_many(rounds, cards)).all()
    # near misses: one card moved to another suit, isomorphic or not, as the form says
    moved = cards.copy()
    column = rng.integers(0, total, len(cards))
    rows = np.arange(len(cards))
    moved[rows, column] = 4 * (cards[rows, column] >> 2) + rng.integers(0, 4, len(cards))
    ok = (np.sort(moved, axis=1)[:, 1:] != np.sort(moved, axis=1)[:, :-1]).all(axis=1)
    moved, kept = moved[ok], cards[ok]
    same_form = canonical_many(rounds, moved) == canonical_many(rounds, kept)
    same_index = iso.index_many(moved) == iso.index_many(kept)
    assert (same_form == same_index).all()
    assert same_form.any() and not same_form.all()
    # plain Python, one situation at a time, agrees with the arrays and the form
    for row, other in zip(cards[:300].tolist(), moved[:300].tolist(), strict=False):
        assert iso.index(row) == iso.index_many(np.array([row]))[0]
        equal = canonical(rounds, row) == canonical(rounds, other)
        assert (iso.index(row) == iso.index(other)) == equal


def test_random_pairs_in_a_small_space_meet_both_ways() -> None:
    # In short deck preflop two random hands are often the same class: both sides of "iff".
    iso = Isomorphism((1, 1), "short")
    rng = np.random.default_rng(7)
    a = random_situations(rng, 5_000, 2, "short")
    b = random_situations(rng, 5_000, 2, "short")
    same_form = canonical_many((1, 1), a) == canonical_many((1, 1), b)
    assert ((iso.index_many(a) == iso.index_many(b)) == same_form).all()
    assert same_form.sum() > 20


def test_scalar_and_vectorised_unindex_agree() -> None:
    rng = np.random.default_rng(5)
    for rounds, deck in [((2, 3, 1, 1), "standard"), ((4, 3), "standard"), ((2, 5), "short")]:
        iso = Isomorphism(rounds, deck)
        indices = rng.integers(0, iso.size, 500)
        rows = iso.unindex_many(indices).tolist()
        for i, row in zip(indices.tolist(), rows, strict=True):
            parts = iso.unindex(i)
            assert [c.index for c in lookup.parse_cards(" ".join(sum(parts, ())))] == row
            assert [len(p) for p in parts] == list(rounds)
            assert iso.index(*parts) == i == iso.index(parts)
            assert iso.index(tuple(lookup.DECK[c] for c in row)) == i


@st.composite
def any_situation(draw: st.DrawFn) -> tuple[tuple[int, ...], str, list[int], tuple[int, ...]]:
    """Any rounds (up to 4, up to 8 cards), a deck, a deal of them, a suit permutation."""
    deck = draw(st.sampled_from(["standard", "short"]))
    rounds = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=4)))
    if sum(rounds) > 8:
        rounds = (2, 3)
    cards = draw(st.permutations(range(4 * LOW[deck], 52)))[: sum(rounds)]
    return rounds, deck, list(cards), draw(st.permutations(range(4)))


@settings(max_examples=300, deadline=None)
@given(any_situation())
def test_any_rounds_any_deal_relabelled_keeps_its_index(
    case: tuple[tuple[int, ...], str, list[int], tuple[int, ...]],
) -> None:
    rounds, deck, cards, g = case
    iso = Isomorphism(rounds, deck)
    i = iso.index(cards)
    assert 0 <= i < iso.size
    moved = [4 * (c >> 2) + g[c & 3] for c in cards]
    assert iso.index(moved) == i
    back = iso.unindex(i)
    assert iso.index(*back) == i == iso.index(back)
    spelled = [lookup.parse_card(c).index for part in back for c in part]
    assert canonical(rounds, spelled) == canonical(rounds, cards)
    assert iso.index_many(np.array([cards, moved])).tolist() == [i, i]
    assert iso.unindex_many([i])[0].tolist() == spelled


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 3), min_size=1, max_size=3).filter(lambda r: sum(r) <= 6),
    st.sampled_from(["standard", "short"]),
)
def test_any_rounds_count_their_orbits(rounds: list[int], deck: str) -> None:
    assert Isomorphism(rounds, deck).size == burnside(tuple(rounds), deck)


# --- the value -----------------------------------------------------------------------


def test_the_value_compares_hashes_pickles_and_reads_back() -> None:
    iso = Isomorphism((2, 3), deck="short")
    assert iso == Isomorphism([2, 3], "short") and hash(iso) == hash(Isomorphism((2, 3), "short"))
    assert iso != Isomorphism((2, 3)) and iso != (2, 3)
    assert pickle.loads(pickle.dumps(iso)) == iso
    assert repr(iso) == "Isomorphism((2, 3), deck='short')"
    assert eval(repr(iso), {"Isomorphism": Isomorphism}) == iso
    assert lookup.Isomorphism is Isomorphism
    with pytest.raises(AttributeError):
        iso.rounds = (2,)  # type: ignore[misc]  # a value: its hash must not change


# --- bad input -------------------------------------------------------------------------


def test_bad_rounds_and_decks_are_refused_naming_them() -> None:
    bad = [(), (2, -1), (0,), (2, 0, 1), (2.0,), "23", None, (True,), (1,) * 9, (13,) * 4]
    for rounds in bad:
        with pytest.raises(IsomorphismError) as caught:
            Isomorphism(rounds)  # type: ignore[arg-type]
        assert caught.value.token == rounds
    with pytest.raises(IsomorphismError, match=r"the short deck .36 cards. has 36") as caught:
        Isomorphism((2, 35), deck="short")
    assert caught.value.token == (2, 35)
    with pytest.raises(IsomorphismError, match="unknown deck 'full': decks are standard, short"):
        Isomorphism((2,), deck="full")
    assert isinstance(caught.value, ValueError)


def test_bad_cards_are_refused_naming_the_culprit() -> None:
    iso = Isomorphism((2, 3))
    with pytest.raises(lookup.DuplicateCardError, match="card 'Kd' appears more than once") as e:
        iso.index("As Kd", "Kd 7h 9s")
    assert e.value.token == "Kd"
    with pytest.raises(lookup.HandSizeError, match="takes 5 cards, got 4"):
        iso.index("As Kd 2c 7h")
    with pytest.raises(lookup.HandSizeError, match=r"round 1 of .* deals 2 cards, got 3") as s:
        iso.index("As Kd 2c", "7h 9s")
    assert s.value.token == "As Kd 2c"
    with pytest.raises(lookup.HandSizeError, match="one argument or one per round"):
        iso.index("As", "Kd", "2c 7h 9s")
    with pytest.raises(lookup.CardError, match="the joker 'Jk' has no suit") as j:
        iso.index(["As", "Kd", "2c", "7h", JOKER])
    assert j.value.token == "Jk"
    with pytest.raises(lookup.CardError, match="card '5c' is not in the short deck") as c:
        Isomorphism((2,), "short").index("As 5c")
    assert c.value.token == "5c"
    with pytest.raises(lookup.CardError, match="unknown rank"):
        iso.index("As Xd 2c 7h 9s")
    with pytest.raises(lookup.CardError, match="cannot read True as a card"):
        iso.index([True, 5, 9, 13, 17])
    with pytest.raises(lookup.CardError, match="card index 60 is out of range"):
        iso.index([60, 5, 9, 13, 17])


def test_bad_arrays_are_refused_naming_the_row_and_card() -> None:
    iso = Isomorphism((2, 3))
    with pytest.raises(lookup.DuplicateCardError, match="row 1: card 'As' appears") as d:
        iso.index_many(np.array([[0, 1, 2, 3, 4], [51, 1, 2, 3, 51]]))
    assert d.value.token == "As"
    with pytest.raises(lookup.CardError, match="row 0: card index 52 is out of range") as r:
        iso.index_many(np.array([[52, 1, 2, 3, 4]]))
    assert r.value.token == 52
    with pytest.raises(lookup.CardError, match=r"row 0: card index 15 .* 16-51 .the short deck"):
        Isomorphism((2, 3), "short").index_many(np.array([[15, 20, 21, 22, 23]]))
    with pytest.raises(IsomorphismError, match=r"shape \(n, 5\), got shape \(2, 4\)"):
        iso.index_many(np.zeros((2, 4), dtype=np.int64))
    with pytest.raises(lookup.CardError, match="integers 0-51"):
        iso.index_many(np.zeros((2, 5)))


def test_indices_out_of_range_are_refused() -> None:
    iso = Isomorphism((2,))
    for bad in (-1, 169, 10**30):
        with pytest.raises(IsomorphismError, match=f"index {bad} is out of range") as e:
            iso.unindex(bad)
        assert e.value.token == bad
    with pytest.raises(IsomorphismError, match="whole number"):
        iso.unindex(1.0)  # type: ignore[arg-type]
    with pytest.raises(IsomorphismError, match=r"index 169 is out of range: .* indices 0-168"):
        iso.unindex_many(np.array([0, 169]))
    with pytest.raises(IsomorphismError, match="whole numbers"):
        iso.unindex_many(np.array([0.5]))
    assert iso.unindex_many(np.array([], dtype=np.int64)).shape == (0, 2)
    assert iso.unindex(np.int64(168)) == (("As", "Ks"),)
