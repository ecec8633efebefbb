"""Showdowns decided by one lookup per player, the rest made when first read.

A showdown's values (``rank``, ``low``) are looked up at once; the cards that play,
the stand-ins and the words are made on first read. Whatever is read first, a
player's hand must equal, hash, print and pickle as the hand made eagerly from the
definition (the search of every five-card subset, the value's own words); winners
and shares must be the brute force's; and a table proved in one pass must accept and
refuse exactly as seating its players one at a time does.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.cards import DECK, JOKERS, Card, parse_cards
from lookup.core.errors import PokerLookupError
from lookup.game.evaluate import GameEvaluator, game_evaluator
from lookup.game.showdown import (
    PlayerHand,
    ShowdownResult,
    TableCheck,
    check_for_game,
    player_hand,
    showdown,
)
from lookup.ranking.describe import cards_by_search
from lookup.ranking.ranking import get_ranking
from tests.game_reference import reference_shares
from tests.test_best_five_reading import reference_five


def _eager_game_hand(
    evaluator: GameEvaluator, name: str, hole: tuple[Card, ...], board: tuple[Card, ...]
) -> PlayerHand:
    """The hand as made before values and cards were split: searched, every field at once."""
    high_ranking, low_ranking = evaluator.high_ranking, evaluator.low_ranking
    pools = evaluator.game.family.pools(hole, board)
    high = high_ranking.value(evaluator.high(hole, board))
    five = cards_by_search(high_ranking, high, pools)
    if not evaluator.game.hilo:
        stand_ins = five.stand_ins if high_ranking.wild_cards else ()
        return PlayerHand(name, hole, high, five.cards, high.describe(), stand_ins=stand_ins)
    assert evaluator.low is not None and low_ranking is not None
    number = evaluator.low(hole, board)
    if number == evaluator.no_low:
        return PlayerHand(name, hole, high, five.cards, high.describe(), None, (), "No low")
    low = low_ranking.value(number)
    low_five = cards_by_search(low_ranking, low, pools)
    return PlayerHand(
        name, hole, high, five.cards, high.describe(), low, low_five.cards, low.describe()
    )


def _deal(
    game: str, players: int, rng: random.Random
) -> tuple[list[tuple[str, tuple[Card, ...]]], tuple[Card, ...]]:
    evaluator = game_evaluator(game)
    deck = list(evaluator.high_ranking.deck)
    rng.shuffle(deck)
    hole = evaluator.game.hole_cards
    board = max(n for held, n in evaluator.sizes if held == hole)  # stud: no shared card
    seats = [(f"p{i}", tuple(deck[hole * i : hole * (i + 1)])) for i in range(players)]
    return seats, tuple(deck[hole * players : hole * players + board])


_FIELDS = ("best_five", "description", "low_five", "low_description", "stand_ins")


@pytest.mark.parametrize("game", [game.name for game in lookup.games()])
def test_every_game_showdown_equals_the_eager_hands_and_the_brute_force(game: str) -> None:
    evaluator = game_evaluator(game)
    rng = random.Random(len(game) * 13)
    for round_ in range(25):
        seats, board = _deal(game, 2 + round_ % 4, rng)
        result = showdown(seats, board or None, game=game)
        expected = tuple(_eager_game_hand(evaluator, name, hole, board) for name, hole in seats)
        # Read in a different order each round: no field may depend on which came first.
        for player in result.players:
            getattr(player, _FIELDS[round_ % len(_FIELDS)])
        assert result.players == expected
        assert repr(result.players) == repr(expected)
        assert hash(result.players) == hash(expected)
        assert result.shares == reference_shares(game, dict(seats), board)
        assert result.winners == tuple(name for name, share in result.shares.items() if share)


def test_plain_showdown_equals_the_brute_force_five_by_five() -> None:
    rng = random.Random(42)
    for _ in range(80):
        deck = list(DECK)
        rng.shuffle(deck)
        board = tuple(deck[:5])
        seats = [(f"p{i}", tuple(deck[5 + 2 * i : 7 + 2 * i])) for i in range(rng.randint(1, 8))]
        result = showdown(seats, board)
        for player, (name, hole) in zip(result.players, seats, strict=True):
            assert player.name == name and player.cards == hole
            assert player.best_five == reference_five("standard", hole + board)
            assert player.description == player.rank.describe()
            assert (player.low, player.low_five, player.low_description, player.stand_ins) == (
                None,
                (),
                "",
                (),
            )


def test_fields_are_made_once_and_then_read_as_plain_attributes() -> None:
    cards = parse_cards("As Ks Qs Js Ts")
    royal = get_ranking("standard").evaluate(cards)
    calls: list[int] = []

    def plays() -> tuple[tuple[Card, ...], str, tuple[Card, ...], str, tuple[Card | None, ...]]:
        calls.append(1)
        return cards, "Royal Flush", (), "", ()

    hand = PlayerHand.deferred("Ann", cards, royal, None, plays)
    assert calls == []  # nothing made until read
    assert hand.rank is royal and hand.name == "Ann" and hand.low is None
    assert calls == []
    assert (hand.description, hand.best_five, hand.stand_ins) == ("Royal Flush", cards, ())
    assert hand.low_five == () and hand.low_description == ""
    assert calls == [1]
    assert "_plays" not in vars(hand)  # the maker is dropped once used


def test_a_deferred_hand_is_the_same_value_as_an_eager_one() -> None:
    result = showdown({"Ann": "Ah Kh", "Bob": "7d 7s"}, board="7h 7c 2h 9h 3c")
    lazy = result["Ann"]
    eager = PlayerHand(
        "Ann",
        lazy.cards,
        lazy.rank,
        parse_cards("Ah Kh 9h 7h 2h"),
        "Flush, Ace-King-Nine-Seven-Two",
    )
    fresh = showdown({"Ann": "Ah Kh", "Bob": "7d 7s"}, board="7h 7c 2h 9h 3c")["Ann"]
    assert hash(fresh) == hash(eager)  # hashing makes the fields, as equality does
    assert fresh == eager and repr(fresh) == repr(eager)
    again = showdown({"Ann": "Ah Kh", "Bob": "7d 7s"}, board="7h 7c 2h 9h 3c")["Ann"]
    assert pickle.loads(pickle.dumps(again)) == eager
    assert dataclasses.asdict(again) == dataclasses.asdict(eager)
    assert dataclasses.replace(lazy, name="Cy") == dataclasses.replace(eager, name="Cy")
    assert [f.name for f in dataclasses.fields(PlayerHand)] == [
        "name",
        "cards",
        "rank",
        "best_five",
        "description",
        "low",
        "low_five",
        "low_description",
        "stand_ins",
    ]
    with pytest.raises(dataclasses.FrozenInstanceError):
        lazy.best_five = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        lazy.nothing  # type: ignore[attr-defined]  # noqa: B018


def test_the_eager_constructor_keeps_its_defaults() -> None:
    cards = parse_cards("As Ks Qs Js Ts")
    royal = get_ranking("standard").evaluate(cards)
    hand = PlayerHand("Ann", cards, royal, cards, "Royal Flush")
    assert (hand.low, hand.low_five, hand.low_description, hand.stand_ins) == (None, (), "", ())
    assert repr(hand).startswith("PlayerHand(name='Ann', cards=(Card('As'),")


def test_player_hand_refuses_a_card_outside_the_deck() -> None:
    with pytest.raises(lookup.CardError, match="Jk"):
        player_hand("Ann", (*parse_cards("As Ks Qs Js"), JOKERS[0]))


def test_shares_split_and_quarter_as_the_brute_force() -> None:
    # Ties in both halves: quartering, a scoop, and a player in both halves.
    cases = [
        ({"Ann": "As 2s Kd Kh", "Bob": "Ad 2d Qs Qh", "Cy": "Jc Jd 9c 9d"}, "3c 4d 8h Kc 7s"),
        ({"Ann": "As 2s Kd Kh", "Bob": "Ad 2d Ks Kc"}, "3c 4d 8h Qc 7s"),
        ({"Ann": "Ac Kc Qd Jd", "Bob": "As Ks Qh Jh"}, "Th 9s 8d 2c 2d"),
    ]
    for seats, board in cases:
        parsed = {name: parse_cards(hole) for name, hole in seats.items()}
        result = showdown(parsed, parse_cards(board), game="omaha-hilo")
        assert result.shares == reference_shares("omaha-hilo", parsed, parse_cards(board))
        assert sum(result.shares.values()) == 1


# --- the table proved in one pass accepts and refuses as seat() does one by one ---------


def _outcome(run: object) -> object:
    try:
        return run()  # type: ignore[operator]
    except PokerLookupError as error:
        return type(error), str(error), error.token


def _one_by_one(
    board: object, pairs: Sequence[tuple[object, object]], sized: bool
) -> list[tuple[object, tuple[Card, ...]]]:
    table = TableCheck(board)  # type: ignore[arg-type]
    return [(name, table.seat(name, cards, sized=sized)) for name, cards in pairs]  # type: ignore[arg-type]


_CARDS = st.sampled_from([*DECK, JOKERS[0]])
_NAMES = st.sampled_from(["Ann", "Bob", "Cy", "", "  ", "Ann "])


@settings(max_examples=400, deadline=None)
@given(
    board=st.one_of(st.none(), st.lists(_CARDS, max_size=5).map(tuple)),
    pairs=st.lists(
        st.tuples(
            st.one_of(_NAMES, st.just(7)),
            st.one_of(
                st.lists(_CARDS, max_size=8).map(tuple),
                st.lists(_CARDS, min_size=5, max_size=14).map(tuple),
                st.just("As Ks"),
            ),
        ),
        max_size=5,
    ),
    sized=st.booleans(),
)
def test_seating_at_once_is_seating_one_by_one(
    board: tuple[Card, ...] | None, pairs: list[tuple[str, object]], sized: bool
) -> None:
    def at_once() -> object:
        return TableCheck(board).seat_all(pairs, sized=sized)  # type: ignore[arg-type]

    assert _outcome(at_once) == _outcome(lambda: _one_by_one(board, pairs, sized))


def test_seating_at_once_then_one_more_keeps_every_card_and_name() -> None:
    table = TableCheck(parse_cards("2c 3c 4c"))
    table.seat_all([("Ann", parse_cards("As Ks")), ("Bob", parse_cards("Qs Js"))])
    with pytest.raises(lookup.DuplicateCardError, match="'Bob' and 'Cy'"):
        table.seat("Cy", parse_cards("Js Ts"))
    with pytest.raises(lookup.ShowdownError, match="two players are named 'Ann'"):
        table.seat("Ann", parse_cards("9s 8s"))
    with pytest.raises(lookup.DuplicateCardError, match="the board and 'Dee'"):
        table.seat("Dee", parse_cards("9s 2c"))


@pytest.mark.parametrize(
    ("game", "seats", "board"),
    [
        ("omaha", [("Ann", "As Ah"), ("Bob", "As Kd Qc Jh")], "2c 3d 4h"),  # count, then clash
        ("omaha", [("Ann", "Ks Kh Kd Kc"), ("Bob", "As Ah")], "2c 3d 4h"),  # Bob's count
        ("stud", [("Ann", "As 2s 3s 4s 5s 6s"), ("Bob", "Ad 2d 3d 4d 5d 6d")], "Kd"),
        ("holdem", [("Ann", "As Ah"), ("Bob", "Jk Kd")], "2c 3d 4h"),  # a joker: not this deck
    ],
)
def test_a_game_table_refuses_as_seating_and_checking_one_by_one(
    game: str, seats: list[tuple[str, str]], board: str
) -> None:
    evaluator = game_evaluator(game)
    parsed = [(name, parse_cards(hole)) for name, hole in seats]
    shared = parse_cards(board)

    def one_by_one() -> object:
        table = TableCheck(shared)
        for name, hole in parsed:
            check_for_game(table, evaluator, name, table.seat(name, hole, sized=False), 2)
        return None

    expected = _outcome(one_by_one)
    assert expected is not None  # each case is refused
    assert _outcome(lambda: showdown(parsed, shared, game=game)) == expected


def test_results_keep_their_winners_and_compare_as_before() -> None:
    result = showdown({"Ann": "Ah Kd", "Bob": "Ad Kh"}, board="2s 7c 9d Jh 3c")
    assert result.winners == ("Ann", "Bob") == result.high_winners
    assert result.low_winners == ()
    assert result == showdown({"Ann": "Ah Kd", "Bob": "Ad Kh"}, board="2s 7c 9d Jh 3c")
    assert isinstance(result, ShowdownResult) and result.winning_rank.name == "High Card"
    assert pickle.loads(pickle.dumps(result)) == result
