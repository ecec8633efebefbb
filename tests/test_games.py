"""Games: the registry, per-game evaluation and showdowns against the plain brute force.

Expected values come from ``tests/game_reference.py`` (the reference classifier
over every allowed choice of cards) or are worked out by hand in the test.
"""

from __future__ import annotations

import contextlib
import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.cli.main import main
from lookup.core.cards import DECK, Card, parse_cards
from lookup.core.errors import DuplicateCardError, GameError, HandSizeError, PokerLookupError
from lookup.game.evaluate import game_evaluator
from lookup.game.omaha import omaha_kernel, prepare_board
from lookup.game.registry import get_game
from tests.game_reference import SPECS, reference_hand, reference_shares

GAMES = tuple(SPECS)


def test_registry_lists_every_game_of_the_issue_in_order() -> None:
    assert [game.name for game in lookup.games()] == list(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_registry_matches_the_issue_table(name: str) -> None:
    game, spec = get_game(name), SPECS[name]
    assert game.hole_cards == spec.hole
    assert game.full_board == spec.board
    assert game.hole_used == spec.hole_used
    assert game.board_used == (None if spec.hole_used is None else 3)
    assert game.pot == ((spec.high,) if spec.low is None else (spec.high, spec.low))
    assert game.odd_chip == ("suit" if name in ("stud", "stud-hilo", "razz") else "seat")


def test_courchevel_boards_are_never_empty() -> None:
    assert get_game("courchevel").board_sizes == (1, 3, 4, 5)
    assert get_game("omaha").board_sizes == (0, 3, 4, 5)


def test_unknown_game_names_every_game() -> None:
    with pytest.raises(GameError) as caught:
        get_game("pineapple")
    assert caught.value.token == "pineapple"
    assert all(name in str(caught.value) for name in GAMES)


def _deal(
    name: str, rnd: random.Random, players: int
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    spec = SPECS[name]
    ranking = lookup.get_ranking(spec.high if spec.high != "badugi" else "badugi")
    deck = list(ranking.deck)
    cards = rnd.sample(deck, players * spec.hole + spec.board)
    holes = [tuple(cards[i * spec.hole : (i + 1) * spec.hole]) for i in range(players)]
    return holes, tuple(cards[players * spec.hole :])


def _matches(rank: lookup.HandRank, verdict: object) -> bool:
    ranking = rank.ranking
    return (
        ranking.categories[rank.class_number] is verdict.category  # type: ignore[attr-defined]
        and ranking.classes.reading(rank.class_number) == verdict.reading  # type: ignore[attr-defined]
    )


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_game_evaluates_as_the_brute_force(name: str, seed: int) -> None:
    rnd = random.Random(seed)
    (hole,), board = _deal(name, rnd, 1)
    high_ref, low_ref = reference_hand(name, hole, board)
    if get_game(name).hilo:
        high, low = lookup.evaluate_hilo(hole, board or None, game=name)
        assert (low is None) == (low_ref is None)
        if low is not None:
            assert _matches(low, low_ref)
    else:
        high = lookup.evaluate(hole, board or None, game=name)
    assert _matches(high, high_ref)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_every_game_showdown_shares_as_the_brute_force(name: str, seed: int, players: int) -> None:
    rnd = random.Random(seed)
    holes, board = _deal(name, rnd, players)
    seats = {f"p{i}": hole for i, hole in enumerate(holes)}
    result = lookup.showdown(seats, board or None, game=name)
    expected = reference_shares(name, seats, board)
    assert result.shares == expected
    assert sum(result.shares.values()) == 1
    assert result.winners == tuple(n for n in seats if expected[n])


@pytest.mark.parametrize("ranking", ["standard", "eight-or-better", "short-deck", "deuce-to-seven"])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), hole=st.integers(4, 6), board=st.integers(3, 5))
def test_omaha_kernel_is_every_two_plus_three(
    ranking: str, seed: int, hole: int, board: int
) -> None:
    rnd = random.Random(seed)
    ranked = lookup.get_ranking(ranking)
    cards = rnd.sample(list(ranked.deck), hole + board)
    held, shared = cards[:hole], cards[hole:]
    evaluate5 = ranked.kernel(5)
    from itertools import combinations

    expected = min(
        evaluate5(*pair, *triple)
        for pair in combinations(held, 2)
        for triple in combinations(shared, 3)
    )
    kernel = omaha_kernel(ranked)
    assert kernel(held, shared) == expected
    assert kernel(held, prepare_board(shared)) == expected


def test_omaha_plays_exactly_two_hole_cards() -> None:
    # Four aces in the hand: only two play. A flush needs two hole cards of the suit.
    assert lookup.evaluate("As Ah Ad Ac", "Ks Kd 2c 3c 4h", game="omaha").describe() == (
        "Two Pair, Aces and Kings, Four kicker"
    )
    assert lookup.evaluate("Ah 2c 3d 4s", "Kh Qh Jh Th 9c", game="omaha").category is not (
        lookup.Category.FLUSH
    )


def test_omaha_hilo_quartering() -> None:
    # Ann and Bob hold the same low (A-2 with 3-4-7 on board); Ann alone has the high.
    result = lookup.showdown(
        {"Ann": "As 2s Kd Kh", "Bob": "Ad 2d Qs Qh", "Cy": "Jc Jd 9c 9d"},
        board="3c 4d 8h Kc 7s",
        game="omaha-hilo",
    )
    assert result.high_winners == ("Ann",)
    assert result.low_winners == ("Ann", "Bob")
    assert result.shares == {"Ann": Fraction(3, 4), "Bob": Fraction(1, 4), "Cy": Fraction(0)}


def test_omaha_hilo_true_quartering_of_a_tied_low() -> None:
    # Ann and Bob tie the low; Cy wins the high: the low half is quartered.
    result = lookup.showdown(
        {"Ann": "As 2s Td 9d", "Bob": "Ad 2d Tc 9c", "Cy": "Kc Kd Jh Js"},
        board="3c 4h 8s Ks 7d",
        game="omaha-hilo",
    )
    assert result.shares == {"Ann": Fraction(1, 4), "Bob": Fraction(1, 4), "Cy": Fraction(1, 2)}


def test_omaha_hilo_without_a_low_the_high_scoops() -> None:
    result = lookup.showdown(
        {"Ann": "As 2s Kd Kh", "Bob": "Ad 2d Qs Qh"}, board="9c Td 8h Kc 7s", game="omaha-hilo"
    )
    assert result.low_winners == ()
    assert result.shares == {"Ann": Fraction(1), "Bob": Fraction(0)}
    assert result["Bob"].low is None and result["Bob"].low_description == "No low"


def test_hilo_low_may_use_other_hole_cards_than_the_high() -> None:
    high, low = lookup.best_five_hilo("As 2s Kd Kh", "3c 4d 8h Kc 7s", game="omaha-hilo")
    assert {str(c) for c in high.cards} >= {"Kd", "Kh", "Kc"}
    assert low is not None and {str(c) for c in low.cards} >= {"As", "2s"}


def test_short_deck_takes_the_triton_ranking() -> None:
    # Trips against a straight: the straight wins in short deck, trips in Triton.
    seats = {"Ann": "7c 7d", "Bob": "Tc Jd"}
    board = "7s 8h 9d Qc Ad"
    assert lookup.showdown(seats, board, game="short-deck").winners == ("Bob",)
    assert lookup.showdown(seats, board, game="short-deck", rules="short-deck-triton").winners == (
        "Ann",
    )
    with pytest.raises(GameError):
        lookup.evaluate("7c 7d", board, game="short-deck", rules="deuce-to-seven")


def test_stud_with_a_shared_last_card() -> None:
    # Eight players: 56 cards would be needed, so the river is one community card.
    rnd = random.Random(8)
    cards = rnd.sample(DECK, 8 * 6 + 1)
    seats = {f"p{i}": tuple(cards[6 * i : 6 * i + 6]) for i in range(8)}
    board = (cards[-1],)
    result = lookup.showdown(seats, board, game="stud")
    expected = reference_shares("stud", {n: (*h, *board) for n, h in seats.items()})
    assert result.shares == expected
    with pytest.raises(GameError):  # three players: the deck serves them all
        lookup.showdown(dict(list(seats.items())[:3]), board, game="stud")


@pytest.mark.parametrize(
    ("hole", "board", "game", "error"),
    [
        ("As Ah Ad", "Ks Kd 2c 3c 4h", "omaha", HandSizeError),  # three hole cards
        ("As Ah Ad Ac Kc", "Ks Kd 2c 3c 4h", "omaha", HandSizeError),  # five
        ("As Ah", "Ks Kd", "holdem", HandSizeError),  # no hand yet
        ("As Ah Ad Ac Kc", "Ks", "courchevel", HandSizeError),  # one card: no hand yet
        ("As Ah Ad Ac Kc", None, "courchevel", HandSizeError),
        ("As Ah Ad Ac Kc 2c 3c", "Ks Kd 2d", "stud", HandSizeError),
        ("As Ah Ad Ac Kc", "Ks", "five-card-draw", GameError),  # no board in draw
        ("As Ah Ad Ac", "As Kd 2c 3c 4h", "omaha", DuplicateCardError),
        ("2c Ah", "7s 8h 9d", "short-deck", lookup.CardError),  # not in the deck
        ("As 2s Kd Kh", "3c 4d 8h Qc Jd", "omaha-hilo", GameError),  # two halves
    ],
)
def test_bad_hands_for_the_game(hole: str, board: str | None, game: str, error: type) -> None:
    with pytest.raises(error) as caught:
        lookup.evaluate(hole, board, game=game)
    assert caught.value.token is not None


def test_showdown_errors_name_the_player() -> None:
    with pytest.raises(HandSizeError, match="'Bob'"):
        lookup.showdown({"Ann": "As Ah Ad Ac", "Bob": "Ks Kd"}, "2c 3c 4h", game="omaha")
    with pytest.raises(DuplicateCardError):
        lookup.showdown({"Ann": "As Ah Ad Ac", "Bob": "As Kd Qd Jd"}, "2c 3c 4h", game="omaha")
    with pytest.raises(GameError):
        lookup.showdown({"Ann": "As Ah"}, "2c 3c 4h", rules="short-deck")


def test_plain_showdown_keeps_its_behaviour_and_gains_shares() -> None:
    result = lookup.showdown({"Ann": "Ah Kh", "Bob": "Ad Kd"}, board="2s 7c 9d Jh 3c")
    assert result.winners == ("Ann", "Bob") and result.game is None
    assert result.shares == {"Ann": Fraction(1, 2), "Bob": Fraction(1, 2)}


def test_game_evaluator_kernels_agree_with_checked_values() -> None:
    evaluator = game_evaluator("omaha-hilo")
    hole, board = parse_cards("As 2s Kd Kh"), parse_cards("3c 4d 8h Kc 7s")
    high, low = lookup.evaluate_hilo(hole, board, game="omaha-hilo")
    assert evaluator.high(hole, board) == high.class_number
    assert low is not None and evaluator.low is not None
    assert evaluator.low(hole, board) == low.class_number
    assert evaluator.low(hole, parse_cards("9c Td Jh Kc 7s")) == evaluator.no_low


def test_cli_games_and_game_showdown(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [g["name"] for g in listed] == list(GAMES)
    assert listed[2]["hole_cards"] == 4
    players = tmp_path / "omaha.txt"  # type: ignore[operator]
    players.write_text("Ann, As 2s Kd Kh\nBob, Ad 2d Qs Qh\nCy, Jc Jd 9c 9d\n")
    args = ["showdown", "--game", "omaha-hilo", "--board", "3c 4d 8h Kc 7s", "--json"]
    assert main([*args, "--chips", "Ann=100,Bob=100,Cy=33,Dee=5", str(players)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["chips_won"] == {"Ann": 179, "Bob": 59, "Cy": 0}
    assert record["low_winners"] == ["Ann", "Bob"]
    assert main(["showdown", "--game", "stud", str(players)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "line 1" in err


def test_every_error_is_a_package_error() -> None:
    for bad in ("omaha", 4, None):
        with pytest.raises(PokerLookupError):
            lookup.evaluate("As Ks Qs Js Ts", game=bad or "nope")  # type: ignore[arg-type]


_TOKENS = ("As", "Kd", "7h", "2c", "Td", "9s", "1h", "Zz", "", "10c", "A", "As As", "6d", "8c")


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from([*GAMES, "nope"]),
    hole=st.lists(st.sampled_from(_TOKENS), max_size=8),
    board=st.none() | st.lists(st.sampled_from(_TOKENS), max_size=6),
    players=st.integers(1, 3),
)
def test_junk_raises_only_package_errors(
    game: str, hole: list[str], board: list[str] | None, players: int
) -> None:
    shared = None if board is None else " ".join(board)
    for call in (
        lambda: lookup.evaluate(" ".join(hole), shared, game=game),
        lambda: lookup.evaluate_hilo(" ".join(hole), shared, game=game),
        lambda: lookup.showdown(
            {f"p{i}": " ".join(hole) for i in range(players)}, shared, game=game
        ),
    ):
        with contextlib.suppress(PokerLookupError):
            call()


def test_cli_verbose_hilo_showdown(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    players = tmp_path / "omaha.txt"  # type: ignore[operator]
    players.write_text("Ann, As 2s Kd Kh\nBob, Ad 2d Qs Qh\nCy, Jc Jd 9c 9d\n")
    args = ["showdown", "--game", "omaha-hilo", "--board", "3c 4d 8h Kc 7s", "-v", "--ascii"]
    assert main([*args, "--chips", "Ann=100,Bob=100,Cy=33,Dee=5", str(players)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "board: 3c 4d 8h Kc 7s"
    assert "No low" in lines[3] and lines[3].startswith("  Cy")
    assert lines[4:] == [
        "high: Ann",
        "low: Ann, Bob",
        "split pot: Ann, Bob",
        "shares: Ann 3/4, Bob 1/4",
        "main pot: 104 chips: Ann 78, Bob 26",
        "side pot 1: 134 chips: Ann 101, Bob 33",
    ]
    assert main(["showdown", "--game", "razz", "--chips", "Ann=x", str(players)]) == 2
    assert main(["showdown", "--game", "omaha", "--rules", "short-deck", str(players)]) == 2


def test_cli_eval_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["eval", "--game", "omaha", "As Ah Ad Ac", "--board", "Ks Kd 2c 3c 4h", "--json"]) == 0
    )
    record = json.loads(capsys.readouterr().out)
    assert record["description"] == "Two Pair, Aces and Kings, Four kicker"
    assert main(["eval", "--game", "omaha-hilo", "As 2s Kd Kh", "--board", "9c Td 8h Kc 7s"]) == 0
    assert "low:         No low" in capsys.readouterr().out
    assert main(["eval", "--game", "razz", "--rules", "standard", "Kc Kd 5h 4s 3c 2d Ah"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "rules='standard'" in err


def test_a_folder_of_tables_may_replace_the_games_ranking() -> None:
    from lookup.core.tablefile import table_dir

    folder = table_dir() / "short-deck-triton"  # a Path: treated as the user's own tables
    board = "7s 8h 9d Qc Ad"
    trips = lookup.evaluate("7c 7d", board, game="short-deck", rules=folder)
    straight = lookup.evaluate("Tc Jd", board, game="short-deck", rules=folder)
    assert trips > straight and trips.ranking.spec == folder.resolve()
    badugi = table_dir() / "badugi"  # four-card hands cannot judge a five-card game
    with pytest.raises(GameError):
        lookup.evaluate("As Ah Ad Ac", "Ks Kd 2c 3c 4h", game="omaha", rules=badugi)
