"""Side pots and whole-chip awards: against a chip-layer brute force and hand-worked cases."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.errors import ShowdownError
from lookup.game.pots import Pot, award_pot, side_pots, split_chips
from tests.game_reference import SPECS, reference_pots, reference_shares

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")

contributions = st.dictionaries(
    st.sampled_from(NAMES), st.integers(0, 60), min_size=1, max_size=len(NAMES)
)


@settings(max_examples=300, deadline=None)
@given(chips=contributions, data=st.data())
def test_side_pots_match_the_chip_layers(chips: dict[str, int], data: st.DataObject) -> None:
    live = data.draw(st.lists(st.sampled_from(sorted(chips)), min_size=1, unique=True))
    live = [name for name in chips if name in live]  # seat order: as given
    pots = side_pots(chips, live)
    expected = [(amount, eligible) for amount, eligible in reference_pots(chips, live) if amount]
    assert [(pot.amount, pot.eligible) for pot in pots] == expected
    assert sum(pot.amount for pot in pots) == sum(chips.values())


@settings(max_examples=300, deadline=None)
@given(
    amount=st.integers(0, 1000),
    winners=st.lists(st.sampled_from(NAMES), min_size=1, unique=True),
    order=st.permutations(NAMES),
)
def test_split_chips_is_fair_and_odd_chips_go_in_order(
    amount: int, winners: list[str], order: list[str]
) -> None:
    won = split_chips(amount, winners, order)
    assert sum(won.values()) == amount
    assert max(won.values()) - min(won.values()) <= 1
    ranked = [name for name in order if name in winners]
    # Whoever gets an extra chip comes before everyone who does not.
    extra = [won[name] > amount // len(winners) for name in ranked]
    assert extra == sorted(extra, reverse=True)


def test_hilo_odd_chip_goes_to_the_high_half() -> None:
    award = award_pot(
        Pot(5, ("Ann", "Bob")), {"Ann": 2, "Bob": 1}, {"Ann": None, "Bob": 7}, ("Bob", "Ann")
    )
    assert award.chips == {"Ann": 3, "Bob": 2}


def test_no_low_high_takes_all_chips() -> None:
    award = award_pot(
        Pot(5, ("Ann", "Bob")), {"Ann": 2, "Bob": 1}, {"Ann": None, "Bob": None}, ("Bob", "Ann")
    )
    assert award.chips == {"Ann": 5, "Bob": 0} and award.low_winners == ()


def test_an_all_in_player_wins_only_the_main_pot() -> None:
    # Bob (all in for 40) has the best hand; Ann beats Cy for the side pot.
    result = lookup.showdown(
        {"Ann": "Kh Kd", "Bob": "Ah Ad", "Cy": "Qh Qd"},
        board="2s 7c 9d Jh 3c",
        game="holdem",
        contributions={"Ann": 100, "Bob": 40, "Cy": 100, "Dee": 10},
    )
    assert [(pot.amount, pot.eligible, pot.high_winners) for pot in result.pots] == [
        (130, ("Ann", "Bob", "Cy"), ("Bob",)),
        (120, ("Ann", "Cy"), ("Ann",)),
    ]
    assert result.chips_won == {"Ann": 120, "Bob": 130, "Cy": 0}


def test_seat_order_gives_the_odd_chip_left_of_the_button() -> None:
    # A board that plays for everyone: a three-way split of 100 chips.
    seats = {"Ann": "2c 3d", "Bob": "2d 3h", "Cy": "2h 3s"}
    board = "As Ks Qs Js Ts"
    chips = {"Ann": 33, "Bob": 33, "Cy": 33, "Dee": 1}  # Dee folded
    result = lookup.showdown(seats, board, game="holdem", contributions=chips)
    assert result.chips_won == {"Ann": 34, "Bob": 33, "Cy": 33}  # Ann: first after the button
    reordered = lookup.showdown(
        dict(reversed(seats.items())), board, game="holdem", contributions=chips
    )
    assert reordered.chips_won == {"Cy": 34, "Bob": 33, "Ann": 33}


def test_stud_odd_chip_by_highest_card_then_suit() -> None:
    # Both play the same straight; Bob holds the ace of spades, Ann the ace of hearts.
    seats = {"Ann": "Ah Kd Qc Jd Th 2c 3c", "Bob": "As Kc Qd Jc Td 2d 3d"}
    chips = {"Ann": 5, "Bob": 5, "Cy": 1}  # Cy folded: 11 chips, split by two
    result = lookup.showdown(seats, game="stud", contributions=chips)
    assert result.chips_won == {"Ann": 5, "Bob": 6}
    swapped = {"Ann": seats["Bob"], "Bob": seats["Ann"]}
    assert lookup.showdown(swapped, game="stud", contributions=chips).chips_won == {
        "Ann": 6,
        "Bob": 5,
    }


def test_razz_odd_chip_by_lowest_card_then_suit() -> None:
    # Both hold 5-4-3-2-A. Ann's lowest card is the ace of clubs, Bob's the ace of spades;
    # Bob holds the highest card (ace of spades), so a high rule would pick him instead.
    seats = {"Ann": "Ac 2d 3h 4s 5c Kd Kh", "Bob": "As 2c 3d 4h 5d Qs Qc"}
    chips = {"Ann": 5, "Bob": 5, "Cy": 1}
    result = lookup.showdown(seats, game="razz", contributions=chips)
    assert result.chips_won == {"Ann": 6, "Bob": 5}


def test_stud_hilo_low_half_odd_chip_by_lowest_card() -> None:
    # Same hands in stud hi/lo: both scoop a tied high (straight to the five) and a tied
    # low. 13 chips: high half 7 (odd chip to Bob's ace of spades), low half 6, even.
    seats = {"Ann": "Ac 2d 3h 4s 5c Kd Kh", "Bob": "As 2c 3d 4h 5d Qs Qc"}
    result = lookup.showdown(seats, game="stud-hilo", contributions={"Ann": 6, "Bob": 6, "Cy": 1})
    assert result.chips_won == {"Ann": 6, "Bob": 7}
    result = lookup.showdown(seats, game="stud-hilo", contributions={"Ann": 6, "Bob": 6, "Cy": 3})
    # 15 chips: high 8 (4 each), low 7: the odd chip to Ann's ace of clubs.
    assert result.chips_won == {"Ann": 8, "Bob": 7}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(sorted(SPECS)), data=st.data())
def test_chips_won_follow_the_shares_when_everyone_is_in_every_pot(
    seed: int, game: str, data: st.DataObject
) -> None:
    spec = SPECS[game]
    rnd = random.Random(seed)
    ranking = lookup.get_ranking(spec.high)
    cards = rnd.sample(list(ranking.deck), 3 * spec.hole + spec.board)
    seats = {
        name: tuple(cards[i * spec.hole : (i + 1) * spec.hole]) for i, name in enumerate(NAMES[:3])
    }
    board = tuple(cards[3 * spec.hole :])
    each = data.draw(st.integers(1, 50))
    result = lookup.showdown(
        seats, board or None, game=game, contributions=dict.fromkeys(seats, each)
    )
    shares = reference_shares(game, seats, board)
    total = 3 * each
    for name, won in result.chips_won.items():
        assert abs(won - shares[name] * total) < 2  # whole chips: off by the odd chips at most
    assert sum(result.chips_won.values()) == total


def test_bad_contributions() -> None:
    with pytest.raises(ShowdownError, match="'Bob'"):
        side_pots({"Ann": 5}, ("Ann", "Bob"))
    with pytest.raises(ShowdownError):
        side_pots({"Ann": -5}, ("Ann",))
    with pytest.raises(ShowdownError):
        lookup.showdown({"Ann": "As Ks Qs Js Ts"}, contributions=[("Ann", 5)])  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(sorted(SPECS)),
    chips=st.lists(st.integers(0, 40), min_size=4, max_size=4),
)
def test_each_side_pot_goes_to_its_eligible_players_best_hands(
    seed: int, game: str, chips: list[int]
) -> None:
    spec = SPECS[game]
    rnd = random.Random(seed)
    ranking = lookup.get_ranking(spec.high)
    cards = rnd.sample(list(ranking.deck), 3 * spec.hole + spec.board)
    seats = {
        name: tuple(cards[i * spec.hole : (i + 1) * spec.hole]) for i, name in enumerate(NAMES[:3])
    }
    board = tuple(cards[3 * spec.hole :])
    contributions = dict(zip(NAMES[:4], chips, strict=True))  # Dee folded
    result = lookup.showdown(seats, board or None, game=game, contributions=contributions)
    expected_pots = [(a, e) for a, e in reference_pots(contributions, tuple(seats)) if a]
    assert [(pot.amount, pot.eligible) for pot in result.pots] == expected_pots
    for pot in result.pots:
        shares = reference_shares(game, {name: seats[name] for name in pot.eligible}, board)
        assert {n for n, won in pot.chips.items() if won} <= {n for n, s in shares.items() if s}
        for name in pot.eligible:
            assert abs(pot.chips[name] - shares[name] * pot.amount) < 2
    assert sum(result.chips_won.values()) == sum(chips)
