"""Descriptions, reading order, the five cards that play, and canonical hands."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lookup import (
    DECK,
    Category,
    HandRank,
    PokerLookupError,
    Rank,
    best_five,
    evaluate,
    parse_cards,
    parse_description,
)
from lookup.ranking.describe import canonical_hand
from lookup.ranking.value import CLASS_COUNT
from tablegen.reference import classify

ALL = [HandRank.from_kev(k) for k in range(1, CLASS_COUNT + 1)]


@pytest.mark.parametrize(
    ("cards", "sentence"),
    [  # the sentences the issue gives, on hands written out by hand
        ("As Ks Qs Js Ts", "Royal Flush"),
        ("5h 4h 3h 2h Ah", "Straight Flush, Five high"),
        ("9s 9h 9d 9c Kd", "Four of a Kind, Nines, King kicker"),
        ("Ts Th Tc 4d 4s", "Full House, Tens full of Fours"),
        ("Ad Qd 9d 6d 3d", "Flush, Ace-Queen-Nine-Six-Three"),
        ("5c 4d 3h 2s Ah", "Straight, Five high"),
        ("7s 7h 7d Ac Jd", "Three of a Kind, Sevens, Ace-Jack"),
        ("Ks Kh 7d 7c Qd", "Two Pair, Kings and Sevens, Queen kicker"),
        ("As Ah Kd Tc 2d", "Pair of Aces, King-Ten-Two"),
        ("Ad Qc 9d 6h 3d", "High Card, Ace-Queen-Nine-Six-Three"),
        ("6s 6h 6d Ac Ad", "Full House, Sixes full of Aces"),
    ],
)
def test_sentences(cards: str, sentence: str) -> None:
    assert evaluate(cards).describe() == sentence
    assert parse_description(sentence) == evaluate(cards)


def test_descriptions_are_distinct_and_decode_back() -> None:
    sentences = [rank.describe() for rank in ALL]
    assert len(set(sentences)) == CLASS_COUNT
    assert [parse_description(s) for s in sentences] == ALL


def test_description_names_the_category() -> None:
    for rank in ALL:
        if rank.is_royal_flush:
            assert rank.describe() == "Royal Flush"
        elif rank.category is Category.ONE_PAIR:
            assert rank.describe().startswith("Pair of ")
        else:
            assert rank.describe().startswith(rank.category.title + ", ")


@pytest.mark.parametrize("text", ["", "Royal", "Pair of Ones, King-Ten-Two", "Flush, Ace"])
def test_parse_description_rejects_non_sentences(text: str) -> None:
    with pytest.raises(PokerLookupError, match="does not describe a standard hand"):
        parse_description(text)


def test_canonical_hands_evaluate_to_their_class_and_read_in_order() -> None:
    for rank in ALL:
        hand = canonical_hand(rank.kev)
        assert len(set(hand)) == 5
        assert evaluate(hand) == rank
        assert tuple(c.rank for c in hand) == rank.ranks


def test_reading_order_matches_the_reference() -> None:
    for rank in ALL:
        verdict = classify([(c.rank, c.suit) for c in canonical_hand(rank.kev)])
        assert tuple(rank.ranks) == verdict.reading
        assert rank.category is verdict.category


def test_wheel_reads_five_high() -> None:
    assert evaluate("Ah 2c 3d 4s 5h").ranks == (
        Rank.FIVE,
        Rank.FOUR,
        Rank.THREE,
        Rank.TWO,
        Rank.ACE,
    )
    assert [str(c) for c in best_five("Ah 2c 3d 4s 5h 9c 9d").cards] == [
        "5h",
        "4s",
        "3d",
        "2c",
        "Ah",
    ]


@settings(max_examples=400, deadline=None)
@given(st.integers(5, 13).flatmap(lambda n: st.permutations(DECK).map(lambda d: d[:n])))
def test_best_five_plays_five_of_the_given_cards(hand: list) -> None:  # type: ignore[type-arg]
    rank, cards = best_five(hand)
    assert len(cards) == 5 and len(set(cards)) == 5
    assert set(cards) <= set(hand)
    assert evaluate(cards) == rank == evaluate(hand)
    assert tuple(c.rank for c in cards) == rank.ranks


def test_best_five_prefers_the_cards_given_first() -> None:
    rank, cards = best_five("Ah Kd", board="Ac Ad 7s 7c 2h")
    assert rank.describe() == "Full House, Aces full of Sevens"
    assert [str(c) for c in cards] == ["Ah", "Ac", "Ad", "7s", "7c"]


def test_best_five_of_thirteen_cards_with_two_flush_suits() -> None:
    hand = parse_cards("2s 4s 6s 8s Ts 3h 5h 7h 9h Jh Ac Kd Qc")
    rank, cards = best_five(hand)
    assert rank.describe() == "Flush, Jack-Nine-Seven-Five-Three"
    assert {c.suit for c in cards} == {hand[5].suit}


def test_random_seven_card_hands_keep_their_value() -> None:
    rng = random.Random(7)
    for _ in range(5000):
        hand = rng.sample(DECK, 7)
        rank, cards = best_five(hand)
        assert evaluate(cards) == rank
