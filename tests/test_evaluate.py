"""Evaluation: properties against the reference, the wheel, HandRank, and checked input.

Property tests use hypothesis with ``derandomize=True``: the examples are drawn
from a fixed seed, so a run is reproducible.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterable
from itertools import combinations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import lookup
from lookup import (
    DECK,
    Card,
    Category,
    DuplicateCardError,
    HandRank,
    HandSizeError,
    PokerLookupError,
    evaluate,
    parse_cards,
)
from lookup.core.cards import hand_cards
from lookup.ranking.fast import evaluate5, evaluate6, evaluate7, evaluate_any
from lookup.ranking.value import CLASS_COUNT
from tablegen.reference import PlainCard, classify
from tests.reference_classes import verdict_numbers

PROPERTY = settings(derandomize=True, max_examples=400, deadline=None)

# (rank, suit) by the card's position in DECK (index = 4 * rank + suit), for the reference.
_PLAIN: dict[int, PlainCard] = {int(card): divmod(i, 4) for i, card in enumerate(DECK)}


def plain(cards: Iterable[Card]) -> tuple[PlainCard, ...]:
    return tuple(_PLAIN[card] for card in cards)


def reference_class(cards: Iterable[Card]) -> int:
    """The reference's class number of the best five of ``cards``, classifying these very cards."""
    hand = plain(cards)
    return verdict_numbers()[max(classify(five) for five in combinations(hand, 5))]


def hands(size: int) -> st.SearchStrategy[list[Card]]:
    """Lists of ``size`` distinct cards, in a random order."""
    return st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)


def two_disjoint_hands(size: int) -> st.SearchStrategy[tuple[list[Card], list[Card]]]:
    return hands(2 * size).map(lambda cards: (cards[:size], cards[size:]))


def relabel(cards: Iterable[Card], suits: list[int]) -> list[Card]:
    """The cards with suit ``s`` replaced by ``suits[s]`` (a permutation of the four)."""
    return [DECK[4 * (card.index // 4) + suits[card.index % 4]] for card in cards]


# --- properties --------------------------------------------------------------------------


@PROPERTY
@given(hands(5), st.randoms(use_true_random=False))
def test_order_of_cards_does_not_matter(cards: list[Card], rng: object) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert evaluate(shuffled) is evaluate(cards)
    assert evaluate5(*shuffled) == evaluate5(*cards)


@PROPERTY
@given(st.integers(5, 7).flatmap(hands), st.permutations(range(7)))
def test_order_does_not_matter_for_six_and_seven(cards: list[Card], order: list[int]) -> None:
    shuffled = [cards[i] for i in order if i < len(cards)]
    assert evaluate_any(shuffled) == evaluate_any(cards)
    assert evaluate(shuffled) is evaluate(cards)


@PROPERTY
@given(st.integers(5, 7).flatmap(hands), st.permutations(range(4)))
def test_relabelling_suits_does_not_matter(cards: list[Card], suits: list[int]) -> None:
    assert evaluate(relabel(cards, suits)) is evaluate(cards)


@PROPERTY
@given(pair=two_disjoint_hands(5))
def test_comparison_agrees_with_the_reference(pair: tuple[list[Card], list[Card]]) -> None:
    a, b = pair
    verdict_a, verdict_b = classify(plain(a)), classify(plain(b))
    rank_a, rank_b = evaluate(a), evaluate(b)
    assert (rank_a > rank_b) == (verdict_a > verdict_b)
    assert (rank_a < rank_b) == (verdict_a < verdict_b)
    assert (rank_a == rank_b) == (verdict_a == verdict_b)
    assert (evaluate5(*a) < evaluate5(*b)) == (verdict_a > verdict_b)  # lower kev = stronger


@PROPERTY
@given(cards=hands(5), suits=st.lists(st.integers(0, 3), min_size=5, max_size=5))
def test_same_ranks_in_other_suits_tie_unless_flushness_differs(
    cards: list[Card], suits: list[int]
) -> None:
    # Random pairs rarely tie; this pairs each hand with its ranks in random suits.
    other = [DECK[4 * (card.index // 4) + suit] for card, suit in zip(cards, suits, strict=True)]
    assume(len(set(other)) == 5)
    same = classify(plain(other)) == classify(plain(cards))
    assert (evaluate(other) == evaluate(cards)) == same
    assert (evaluate(other) > evaluate(cards)) == (classify(plain(other)) > classify(plain(cards)))


@PROPERTY
@given(
    ranks=st.lists(st.integers(0, 12), min_size=5, max_size=7, unique=True),
    suit=st.integers(0, 3),
)
def test_one_suited_hands_agree_with_the_reference(ranks: list[int], suit: int) -> None:
    # Random hands are rarely flushes; these always are, so the flush table is exercised.
    cards = [DECK[4 * rank + suit] for rank in ranks]
    assert evaluate(cards).kev == reference_class(cards)
    assert evaluate(cards).category in (Category.FLUSH, Category.STRAIGHT_FLUSH)


@PROPERTY
@given(cards=st.integers(5, 9).flatmap(hands))
def test_best_five_of_more_is_the_reference_best(cards: list[Card]) -> None:
    expected = reference_class(cards)
    assert evaluate(cards).kev == expected
    assert evaluate_any(cards) == expected
    kernel = {5: evaluate5, 6: evaluate6, 7: evaluate7}.get(len(cards))
    if kernel is not None:
        assert kernel(*cards) == expected


@PROPERTY
@given(hands(7))
def test_seven_cards_equal_the_best_of_their_21_fives(cards: list[Card]) -> None:
    assert evaluate7(*cards) == min(evaluate5(*five) for five in combinations(cards, 5))


# --- the wheel ---------------------------------------------------------------------------

WHEEL = "5h 4d 3c 2s Ah"
SIX_HIGH_STRAIGHT = "6c 5h 4d 3c 2s"
STEEL_WHEEL = "5s 4s 3s 2s As"


def test_wheel_is_the_lowest_straight() -> None:
    wheel = evaluate(WHEEL)
    assert wheel.category is Category.STRAIGHT
    assert wheel < evaluate("6c 5h 4d 3s 2h") < evaluate("Ac Kh Qd Js Th")
    assert wheel > evaluate("Ac Ah Ad Ks Qh")  # above the best three of a kind
    assert wheel.kev == 1609  # the published last straight
    assert wheel.kev == reference_class(parse_cards(WHEEL))


def test_wheel_ace_is_low_only_in_the_wheel() -> None:
    # A-K-Q-J-T and 5-4-3-2-A are straights; wrapping round the ace is not.
    assert evaluate("Qc Kd As 2h 3c").category is Category.HIGH_CARD
    assert evaluate("Kc Ad 2s 3h 4c").category is Category.HIGH_CARD
    assert evaluate("Ac Kd Qs Jh 9c").category is Category.HIGH_CARD
    assert evaluate("Ac 2d 3s 4h 6c").category is Category.HIGH_CARD


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    steel = evaluate(STEEL_WHEEL)
    assert steel.category is Category.STRAIGHT_FLUSH
    assert steel.kev == 10  # the published last straight flush
    assert steel.kev == reference_class(parse_cards(STEEL_WHEEL))
    assert steel < evaluate("6s 5s 4s 3s 2s")
    assert steel > evaluate("Ac Ah Ad As Kh")  # above the best four of a kind
    assert str(steel) == "Straight Flush" and not steel.is_royal_flush


def test_wheel_inside_six_and_seven_cards() -> None:
    wheel = evaluate(WHEEL)
    assert evaluate("Ah 2d 3c 4s 5h 9c Kd") is wheel
    assert evaluate("Ah 2d 3c 4s 5h 6c") is evaluate(SIX_HIGH_STRAIGHT)  # six-high plays
    assert evaluate("Ah 2h 3h 4h 5h 6c Kd").kev == 10  # steel wheel beats the six-high straight
    assert evaluate("Ah 2h 3h 4h 5h 6h") is evaluate("6h 5h 4h 3h 2h")
    # the steel wheel plays over a higher plain flush of the same suit
    assert evaluate("As 2s 3s 4s 5s Ks Qs").kev == 10


# --- HandRank ----------------------------------------------------------------------------


def test_hand_rank_ordering_is_natural() -> None:
    royal, quads, high = HandRank.from_kev(1), HandRank.from_kev(11), HandRank.from_kev(7462)
    assert royal > quads > high
    assert high < quads < royal
    assert royal >= royal and royal <= royal and quads >= high and high <= quads
    assert not royal < royal and not royal > royal
    assert max([high, royal, quads]) is royal and min([quads, high]) is high
    assert sorted([quads, high, royal]) == [high, quads, royal]


def test_hand_rank_equality_and_hash() -> None:
    a, b = evaluate("As Ad Kc Kd 2h"), evaluate("Ah Ac Ks Kh 2c")
    assert a == b and a is b
    assert hash(a) == hash(b) and len({a, b}) == 1
    assert a != evaluate("As Ad Kc Kd 3h")
    assert HandRank.from_kev(a.kev) is a
    assert a != a.kev  # a HandRank is not its class number
    assert (a == "x") is False
    with pytest.raises(TypeError):
        _ = a < 5


def test_hand_rank_str_and_repr() -> None:
    assert str(HandRank.from_kev(1)) == "Royal Flush"
    assert repr(HandRank.from_kev(1)) == "HandRank(1, 'Royal Flush')"
    assert repr(HandRank.from_kev(2)) == "HandRank(2, 'Straight Flush')"
    assert str(HandRank.from_kev(7462)) == "High Card"
    assert str(evaluate("As Ad Kc Qd 2h")) == "Pair"
    assert HandRank.from_kev(1).name == "Royal Flush" and HandRank.from_kev(2).name == (
        "Straight Flush"
    )


@pytest.mark.parametrize("kev", [1, 10, 11, 166, 1609, 6185, 7462])
def test_hand_rank_pickles_to_the_shared_instance(kev: int) -> None:
    rank = HandRank.from_kev(kev)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(rank, protocol)) is rank
    assert copy.deepcopy(rank) is rank


@pytest.mark.parametrize("bad", [0, -1, 7463, 10**9, "1", 1.0, None])
def test_hand_rank_from_kev_rejects_what_is_not_a_class(bad: object) -> None:
    with pytest.raises(PokerLookupError, match="out of range: class numbers are 1-7462") as caught:
        HandRank.from_kev(bad)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)
    assert repr(bad) in str(caught.value)


def test_every_class_has_one_shared_hand_rank() -> None:
    ranks = [HandRank.from_kev(k) for k in range(1, CLASS_COUNT + 1)]
    assert [r.kev for r in ranks] == list(range(1, 7463))
    assert ranks == sorted(ranks, reverse=True)
    assert len(set(ranks)) == 7462


# --- checked input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "board", "count"),
    [("", None, 0), ("As", None, 1), ("As Kd 7h 2c", None, 4), ("As Kd", "7h", 3), ([], [], 0)],
)
def test_fewer_than_five_cards(cards: object, board: object, count: int) -> None:
    with pytest.raises(HandSizeError) as caught:
        evaluate(cards, board)  # type: ignore[arg-type]
    assert f"a standard hand needs at least 5 cards, got {count}" in str(caught.value)
    assert isinstance(caught.value, PokerLookupError) and isinstance(caught.value, ValueError)


def test_hole_and_board() -> None:
    assert evaluate("Ah Kd", "Ac Ad 7s 7c 2h") is evaluate("Ah Kd Ac Ad 7s 7c 2h")
    assert evaluate(["Ah", "Kd"], board=[42, "Ad", DECK[10]]) is evaluate("Ah Kd Qh Ad 4h")
    assert hand_cards("Ah Kd", "2c") == parse_cards("Ah Kd 2c")


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("Ah Kd", "Ac Ah 7s 7c 2h", "card 'Ah' is held by the hand and the board"),
        ("Ah Kd", "Kd Ah 7s 7c 2h", "card 'Ah' is held by the hand and the board"),
        ("Ah Ah", "Ac Ad 7s 7c 2h", "card 'Ah' appears more than once"),
        ("Ah Kd", "Ac 7s Ac 7c 2h", "card 'Ac' appears more than once"),
        ("Ah Kd", "Ac 7s 10c Tc 2h", "card 'Tc' appears more than once"),
        ("Ah Kd 7h 7h 2c", None, "card '7h' appears more than once"),
    ],
)
def test_duplicates_between_and_within_hole_and_board(
    hole: str, board: str | None, message: str
) -> None:
    with pytest.raises(DuplicateCardError) as caught:
        evaluate(hole, board)
    assert message in str(caught.value)
    assert caught.value.token == message.split("'")[1]


def test_bad_cards_reach_the_caller_as_card_errors() -> None:
    with pytest.raises(lookup.CardError, match="'1h'"):
        evaluate("As Ks Qs Js 1h")
    with pytest.raises(lookup.CardError, match="'Kx'"):
        evaluate("As Ks", board="Qs Js Kx")


@pytest.mark.parametrize(
    ("cards", "duplicate"),
    [
        ((DECK[0], DECK[0], DECK[1], DECK[2], DECK[3]), "2c"),  # five deuces by value
        ((DECK[51], DECK[51], DECK[47], DECK[43], DECK[39]), "As"),  # four spades, read as a flush
        (tuple(DECK[i] for i in (51, 47, 43, 39, 35, 51, 2)), "As"),
    ],
)
def test_preparsed_tuples_are_checked_for_duplicates(
    cards: tuple[Card, ...], duplicate: str
) -> None:
    # A tuple of Card skips parsing (the cheap path); it must not skip the duplicate check.
    with pytest.raises(DuplicateCardError, match=f"card '{duplicate}' appears more than once"):
        evaluate(cards)
    with pytest.raises(DuplicateCardError):
        hand_cards(cards, board=())


def test_class_numbers_must_be_real_ints() -> None:
    for bad in (True, False, 1.0, "1"):
        with pytest.raises(PokerLookupError, match="out of range"):
            HandRank.from_kev(bad)  # type: ignore[arg-type]
