"""Equity in every game against a brute-force reference built on tablegen's classifier.

Exact results are compared as fractions with :mod:`tests.game_equity_reference`
(every deal, every allowed card combination, the reference classifier only).
Sampled results must fall within four standard errors of the exact answer, and
a seed must reproduce a run. Every bad input is a package error.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.cards import parse_cards
from lookup.core.errors import (
    CardError,
    DuplicateCardError,
    GameError,
    HandSizeError,
    PokerLookupError,
)
from lookup.game.registry import games
from lookup.odds.front import equity
from lookup.odds.holdem.engine import equity as holdem_equity
from lookup.odds.results import DEFAULT_EXACT_LIMIT
from tests.game_equity_reference import SHAPES, best, reference_equity


def cards(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


# (game, holdings, board): rivers, turns, flops, and preflop where the reference can afford it.
EXACT_CASES = [
    ("omaha", ["As Ah Ks Kh", "Qs Qc Js Jc"], "2s 7s 8d 3c 4s"),
    ("omaha", ["As Ah Ks Kh", "Qs Qc Js Jc"], "2s 7s 8d 3c"),
    ("omaha", ["Ac Kc 5d 6d", "Ts 9s 8h 7h", "2h 2d Qs Jd"], "5c 9c 4d"),
    ("omaha5", ["As Ah Ks Kh 2c", "Qs Qc Js Jc 9h"], "2s 7s 8s 3c"),
    ("omaha6", ["As Ah Ks Kh 2c 3c", "Qs Qc Js Jc 9h 9s"], "2s 7s 8s 3d"),
    ("omaha-hilo", ["As 2h 3s Kh", "Ad 2c 4d Jc"], "5s 7h 8d 9c"),
    ("omaha-hilo", ["As Ah Ks Kh", "Qd Qc Jd Jc"], "2s 7h 8d 3c"),
    ("omaha-hilo", ["Ah 2h Qs Qd", "Ad 3c Jh Jd", "5s 6s 7c 8c"], "4h 9c Kd"),
    ("omaha5-hilo", ["As 2h 3s Kh 4c", "Ad 2c 4d Jc 5h"], "6s 7h 8d Tc"),
    ("courchevel", ["As Ah Ks Kh 2c", "Qs Qc Js Jc 9h"], "2s 7s 8s 4d"),
    ("courchevel-hilo", ["As 2h 3s Kh 4c", "Ad 2c 4d Jc 5h"], "6s 7h 8d 9c"),
    ("short-deck", ["As Ks", "Qh Qd"], "6s 7s 8c Qc"),
    ("short-deck", ["As Ks", "Jh Td", "9c 9d"], "6s 7s 8c"),
    ("short-deck", ["Ah Kh", "Qs Qd"], "Qh 7h 7c 9h"),  # flush against a full house
    ("short-deck", ["As Ts", "8c 9c"], "6d 7h Jc Qd"),  # A-6-7-8-9 is the lowest straight
    ("stud", ["Ah Ad 5c 7s Jd 2c", "Kh Kd Qs Js Td 9h"], ""),
    ("stud", ["Ah Ad 5c 7s Jd 2c 3c", "Kh Kd Qs Js Td 9h"], ""),
    ("stud-hilo", ["Ah 2d 5c 7s Jd 3c", "Kh Kd 3s 4s 6d 9h"], ""),
    ("razz", ["Ah 2d 5c 7s Jd 3c", "Kh Kd 3s 4s 6d 9h"], ""),
    ("deuce-to-seven", ["8h 6d 4s 3c", "9s 7d 5c 4h 2s"], ""),
    ("deuce-to-seven", ["7h 5d 4s", "8s 6c 3h 2d"], ""),
    ("five-card-draw", ["Ah Ad Kc", "Qs Qd Qh Jc"], ""),
    ("badugi", ["Ah 2d 3c", "4s 5d 6h"], ""),
    ("badugi", ["Ah 2d 3c", "Ks 9h 4d", "4s 5d 6h 7c"], ""),
]


@pytest.mark.parametrize(("game", "hands", "board"), EXACT_CASES)
def test_exact_equity_matches_the_brute_force_reference(
    game: str, hands: list[str], board: str
) -> None:
    result = equity(hands, board=board, game=game, exact=True)
    expected = reference_equity(game, [cards(h) for h in hands], cards(board))
    assert result.exact and result.boards == expected.deals
    assert [p.equity_fraction for p in result] == list(expected.equity)
    assert [round(p.win * result.boards) for p in result] == list(expected.win)
    assert [round(p.tie * result.boards) for p in result] == list(expected.tie)
    assert sum(p.equity_fraction or 0 for p in result) == 1


def test_dead_cards_are_out_of_the_deck() -> None:
    hands = ["As 2h 3s Kh", "Ad 2c 4d Jc"]
    result = equity(hands, board="5s 7h 8d", dead="6c 9c Tc", game="omaha-hilo")
    expected = reference_equity(
        "omaha-hilo", [cards(h) for h in hands], cards("5s 7h 8d"), cards("6c 9c Tc")
    )
    assert [p.equity_fraction for p in result] == list(expected.equity)


def test_omaha_hilo_quartering() -> None:
    # Both hold A-4 for the same 8-4-3-2-A low; the queens take the high half alone.
    result = equity(["Ah 4h Qs Qd", "Ad 4c Jh Jd"], board="2c 3d 8h Kc Ks", game="omaha-hilo")
    assert [p.equity_fraction for p in result] == [Fraction(3, 4), Fraction(1, 4)]
    assert [p.win_high for p in result] == [1.0, 0.0]
    assert [p.win_low for p in result] == [0.0, 0.0]
    assert [p.scoop for p in result] == [0.0, 0.0]


def test_omaha_hilo_without_a_qualifying_low_the_high_takes_all() -> None:
    # One low card on the board: nobody can make a low, so the trip queens take it all.
    result = equity(["Ah 2h Qs Qd", "8d 3c 7h 7d"], board="Kc Qc 9h Ts 2s", game="omaha-hilo")
    assert [p.equity_fraction for p in result] == [Fraction(1), Fraction(0)]
    assert result[0].scoop == 1.0


def test_omaha_hilo_scoop_with_both_halves() -> None:
    # A-2 makes the nut low and the wheel straight for the high as well.
    result = equity(["Ah 2d Ks Kd", "9c 9d Qh Jh"], board="3c 4d 5h Tc 9s", game="omaha-hilo")
    assert [p.equity_fraction for p in result] == [Fraction(1), Fraction(0)]
    assert result[0].win_low == 1.0 and result[0].scoop == 1.0


def test_stud_with_a_community_last_card() -> None:
    # Eight players with six cards each leave four cards: the last is dealt once, for all.
    holdings = [
        "As Ad Ac 2c 2d 3h", "Ks Kd Kc 3c 3d 4h", "Qs Qd Qc 4c 4d 5h", "Js Jd Jc 5c 5d 6h",
        "Ts Td Tc 6c 6d 7h", "9s 9d 9c 7c 7d 8h", "8s 8d 8c 2h 2s 3s", "7s 6s 5s 4s Ah Kh",
    ]  # fmt: skip
    result = equity(holdings, game="stud")
    assert result.exact and result.boards == 4  # Qh Jh Th 9h
    shape = SHAPES["stud"]
    total = [Fraction(0)] * len(holdings)
    for community in cards("Qh Jh Th 9h"):
        verdicts = [best([*cards(h), community], [], shape, "standard") for h in holdings]
        top = max(verdicts)
        winners = [v == top for v in verdicts]
        for p, won in enumerate(winners):
            total[p] += Fraction(won, sum(winners) * 4)
    assert [p.equity_fraction for p in result] == total


SAMPLED_CASES = [
    ("omaha", ["As Ah Ks Kh", "Qd Qc Jd Jc"], ""),
    ("omaha", ["As Ks 5d 6d", "random", "Th 9h 8c 7c"], "2s 7s Jd 4c"),
    ("omaha-hilo", ["As 2h Ks 3h", "Qd Qc 4d 5c"], ""),
    ("omaha-hilo", ["Ah 2h 3c 4c", "Ad Kd Qs Js", "7s 8s 9h Th"], "5d 6c Kc"),
    ("omaha6", ["As Ah Ks Kh 2c 3c", "Qs Qc Js Jc 9h 9s"], "2s 7s 8d"),
    ("omaha-hilo", ["As 2h Ks 3h", "random"], "6s 7h 8d 2c"),
    ("omaha5-hilo", ["As 2h Ks 3h 9c", "Qd Qc 4d 5c 9d"], "6s 7h 8d"),
    ("courchevel", ["As Ah Ks Kh 2c", "Qs Qc Js Jc 9h"], "7d"),
    ("short-deck", ["As Ks", "Qh Qd"], ""),
    ("short-deck", ["As Ks", "random", "Jh Td"], "6s 7s 8c"),
    ("stud", ["Ah Ad 5c 7s Jd", "Kh Kd Qs Js Td"], ""),
    ("stud", ["Ah Ad 5c 7s Jd 2c", "Kh Kd Qs Js Td", "9c 9d 8h 8c 2h 3s"], ""),
    ("stud-hilo", ["Ah 2d 5c 7s Jd", "Kh Kd 3s 4s 6d"], ""),
    ("razz", ["Ah 2d 5c 7s 9h", "3s 4s 6d Kh Kd"], ""),
    ("deuce-to-seven", ["7h 5d 4s", "8s 6c 3h 2d"], ""),
    ("five-card-draw", ["Ah Ad Kc", "Qs Qd Qh"], ""),
    ("badugi", ["Ah 2d 3c", "4s 5d"], ""),
    ("badugi", ["Ah 2d 3c 4s", "random"], ""),
    ("five-card-draw", ["Ah Ad Kc Kd", "Qs Qh Qd Jc", "Js Jh 2c"], ""),
]


@pytest.mark.parametrize(("game", "hands", "board"), SAMPLED_CASES)
def test_sampled_equity_is_within_four_standard_errors(
    game: str, hands: list[str], board: str
) -> None:
    # The exact answer is the enumeration checked against the reference above.
    exact = equity(hands, board=board, game=game, exact=True)
    sampled = equity(hands, board=board, game=game, samples=40_000, seed=11)
    assert not sampled.exact and sampled.seed == 11 and sampled.boards == 40_000
    for truth, guess in zip(exact, sampled, strict=True):
        assert guess.std_error > 0
        assert abs(guess.equity - truth.equity) <= 4 * guess.std_error


def test_the_same_seed_reproduces_a_run() -> None:
    first = equity(["As 2h Ks 3h", "random"], game="omaha-hilo", samples=5_000, seed=42)
    again = equity(["As 2h Ks 3h", "random"], game="omaha-hilo", samples=5_000, seed=42)
    other = equity(["As 2h Ks 3h", "random"], game="omaha-hilo", samples=5_000, seed=43)
    assert first == again
    assert first != other


def test_a_fresh_seed_is_reported_and_reproduces() -> None:
    first = equity(["Ah Ad 5c", "Kh Kd Qs"], game="razz", samples=2_000)
    assert first.seed is not None
    assert equity(["Ah Ad 5c", "Kh Kd Qs"], game="razz", samples=2_000, seed=first.seed) == first


def test_lookup_equity_dispatches_on_game() -> None:
    through = lookup.equity(["As Ah Ks Kh", "Qd Qc Jd Jc"], board="2s 7h 8d", game="omaha-hilo")
    assert through == equity(["As Ah Ks Kh", "Qd Qc Jd Jc"], board="2s 7h 8d", game="omaha-hilo")
    assert through.game == "omaha-hilo"


def test_holdem_through_the_game_api_keeps_ranges() -> None:
    result = equity(["QQ+", "AKs"], board="2c 7d 9h", game="holdem")
    assert result.exact and result.game == "holdem"
    assert result == holdem_equity(["QQ+", "AKs"], board="2c 7d 9h")


def test_short_deck_triton_replaces_the_ranking() -> None:
    # Trips against a straight: the Triton rules rank trips higher.
    plain = equity(["7c 7d", "9c Td"], board="7s Jh Qd Ks 6c", game="short-deck")
    triton = equity(
        ["7c 7d", "9c Td"], board="7s Jh Qd Ks 6c", game="short-deck", rules="short-deck-triton"
    )
    assert [p.equity for p in plain] == [0.0, 1.0]
    assert [p.equity for p in triton] == [1.0, 0.0]


# Bad input: one package error each, naming the culprit.


@pytest.mark.parametrize(
    ("game", "hands", "board", "error", "message"),
    [
        ("omaha", ["As Ah Ks", "Qd Qc Jd Jc"], "", HandSizeError, "player 1 has 3 cards"),
        ("omaha", ["As Ah Ks Kh", "Qd Qc Jd Jc 2c"], "", HandSizeError, "omaha holdings are 4"),
        ("omaha6", ["As Ah Ks Kh", "random"], "", HandSizeError, "are 6 cards"),
        ("stud", ["Ah Ad", "Kh Kd Qs"], "", HandSizeError, "are 3 to 7 cards"),
        ("badugi", ["Ah 2d 3c 4s 5h", "random"], "", HandSizeError, "are 0 to 4 cards"),
        ("stud", ["Ah Ad 5c", "Kh Kd Qs"], "2c", GameError, "stud has no board"),
        ("courchevel", ["As Ah Ks Kh 2c", "random"], "", HandSizeError, "1, 3, 4 or 5"),
        ("omaha", ["As Ah Ks Kh", "random"], "2c 3c", HandSizeError, "0, 3, 4 or 5"),
        ("omaha", ["As Ah Ks Kh", "Qd Qc Jd As"], "", DuplicateCardError, "player 1 and player 2"),
        ("omaha", ["As Ah Ks Kh", "random"], "Ks 2c 3c", DuplicateCardError, "board and player 1"),
        ("short-deck", ["As Ks", "2h 2d"], "", CardError, "not in the short-deck deck"),
        ("razz", ["Ah Ad 5c"], "", PokerLookupError, "2 to 10 players"),
        ("pineapple", ["Ah Ad", "Kc Kd"], "", GameError, "unknown game"),
        ("omaha", "As Ah Ks Kh", "", PokerLookupError, "as a list"),
        ("stud", ["random"] * 10, "", PokerLookupError, "not enough cards"),
    ],
)
def test_bad_input_is_refused_with_a_package_error(
    game: str, hands: list[str], board: str, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        equity(hands, board=board, game=game)


def test_dead_card_clashes_are_refused() -> None:
    with pytest.raises(DuplicateCardError, match="'Ks' is held by the dead cards and player 1"):
        equity(["As Ah Ks Kh", "random"], dead="Ks", game="omaha")
    with pytest.raises(DuplicateCardError, match="held by the board and the dead cards"):
        equity(["As Ah Qs Kh", "random"], board="2c 3c 4c", dead="2c", game="omaha")


def test_options_are_checked() -> None:
    with pytest.raises(PokerLookupError, match="not both"):
        equity(["As Ah Ks Kh", "random"], game="omaha", exact=True, samples=10)
    with pytest.raises(PokerLookupError, match="samples must be at least 1"):
        equity(["As Ah Ks Kh", "random"], game="omaha", samples=0)
    with pytest.raises(PokerLookupError, match="seed must be"):
        equity(["As Ah Ks Kh", "random"], game="omaha", samples=10, seed=-1)
    with pytest.raises(PokerLookupError, match="exact_limit must be"):
        equity(["As Ah Ks Kh", "random"], game="omaha", exact_limit=0)
    with pytest.raises(GameError, match="cannot replace it"):
        equity(["Ah Ad 5c", "random"], game="razz", rules="standard")


# exact_limit: one name for every game, Hold'em included.


def test_holdem_random_against_random_exact_fails_fast_with_the_deal_count() -> None:
    # Heads-up preflop with nothing dead is the preflop table's: exact and instant.
    table = holdem_equity(["random", "random"], exact=True)
    assert table.exact and [p.equity_fraction for p in table] == [Fraction(1, 2)] * 2
    # One dead card and the table no longer applies: C(51,2) C(49,2) C(47,5) deals.
    deals = math.comb(51, 2) * math.comb(49, 2) * math.comb(47, 5)
    with pytest.raises(PokerLookupError) as caught:
        holdem_equity(["random", "random"], dead="2c", exact=True)
    message = str(caught.value)
    assert f"{deals:,} deals" in message
    assert f"exact_limit={DEFAULT_EXACT_LIMIT:,}" in message
    assert "--exact-limit" in message


def test_exact_limit_refuses_and_raising_it_runs() -> None:
    hands, board = ["As Ah Ks Kh", "Qd Qc Jd Jc"], "2s 7h 8d"
    with pytest.raises(PokerLookupError, match="would be 820 deals, more than exact_limit=819"):
        equity(hands, board=board, game="omaha", exact=True, exact_limit=819)
    assert equity(hands, board=board, game="omaha", exact=True, exact_limit=820).exact
    # In the default mode a run past the limit is sampled instead of refused.
    assert not equity(hands, board=board, game="omaha", exact_limit=819, samples=None).exact
    with pytest.raises(PokerLookupError, match="would be 990 deals"):
        holdem_equity(["AsAh", "KsKh"], board="2c7d9h", exact=True, exact_limit=100)


def test_stud_exact_past_the_limit_says_how_many_deals() -> None:
    with pytest.raises(PokerLookupError, match="18,265,297,050 deals"):
        equity(["Ah Ad 5c", "Kh Kd Qs"], game="stud", exact=True)


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(52)), st.sampled_from(["omaha-hilo", "omaha", "stud-hilo", "razz"]))
def test_exact_shares_add_up_to_the_whole_pot(deck: list[int], game: str) -> None:
    players = 3
    if game.startswith("omaha"):
        hands = [deck[4 * p : 4 * p + 4] for p in range(players)]
        board = deck[12:16]
    else:
        hands = [deck[6 * p : 6 * p + 6] for p in range(players)]
        board = []
    result = equity(hands, board=board, game=game, exact=True)
    assert sum(p.equity_fraction or 0 for p in result) == 1
    assert all(0 <= p.win + p.tie <= 1 for p in result)


def test_every_game_answers() -> None:
    for game in games():
        holdings = ["random", "random"]
        board = "2c" if game.name.startswith("courchevel") else ""
        result = equity(holdings, board=board, game=game.name, samples=1_000, seed=1)
        assert abs(sum(p.equity for p in result) - 1) < 1e-9


def test_reference_is_symmetric() -> None:
    # A sanity check of the reference itself: swapping two players swaps their equity.
    hands = [cards("As 2h 3s Kh"), cards("Ad 2c 4d Jc")]
    forward = reference_equity("omaha-hilo", hands, cards("5s 7h 8d 9c"))
    backward = reference_equity("omaha-hilo", hands[::-1], cards("5s 7h 8d 9c"))
    assert forward.equity == backward.equity[::-1]


# The command line: the same answers, errors as one line on stderr with exit status 2.


def test_cli_game_equity_json_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from lookup.cli.main import main

    args = ["equity", "--game", "omaha-hilo", "As 2h Ks 3h", "Qd Qc 4d 5c", "--board", "6s 7h 8d"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    result = equity(["As 2h Ks 3h", "Qd Qc 4d 5c"], board="6s 7h 8d", game="omaha-hilo")
    assert data["game"] == "omaha-hilo" and data["boards"] == 820
    assert [p["equity_fraction"] for p in data["players"]] == [
        str(p.equity_fraction) for p in result
    ]
    assert [p["scoop"] for p in data["players"]] == [p.scoop for p in result]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["random", "random", "--dead", "2c", "--exact"], "2,299,988,136,600 deals"),
        (["--game", "omaha", "As Ah Ks Kh", "Qd Qc Jd Jc", "--exact", "--exact-limit", "99"],
         "1,086,008 deals, more than exact_limit=99"),
        (["--game", "stud", "Ah Ad 5c", "Kh Kd Qs", "--board", "2c"], "stud has no board"),
        (["--game", "omaha", "As Ah Ks", "random"], "omaha holdings are 4 cards"),
        (["--game", "chess", "As Ah", "random"], "unknown game 'chess'"),
    ],
)  # fmt: skip
def test_cli_errors_are_one_line_and_status_two(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from lookup.cli.main import main

    assert main(["equity", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_cli_exact_limit_raised_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from lookup.cli.main import main

    args = ["equity", "--game", "omaha", "As Ah Ks Kh", "Qd Qc Jd Jc", "--board", "2s 7h 8d"]
    assert main([*args, "--exact", "--exact-limit", "820"]) == 0
    assert "exact: all 820 showdowns" in capsys.readouterr().out


# Short-deck ranges: every compatible assignment of combos is equally likely.


def _short_deck_range_reference(ranges: list[str], fixed: list[str], board: str) -> list[Fraction]:
    from itertools import product

    from lookup.ranges.holdem import parse_range

    known = set(cards(board)) | {c for hand in fixed for c in cards(hand)}
    options = [
        [c for c in parse_range(text) if not set(c) & known and min(c) >= 16] for text in ranges
    ]
    totals = [Fraction(0)] * (len(ranges) + len(fixed))
    count = 0
    for chosen in product(*options):
        used = [c for combo in chosen for c in combo]
        if len(set(used)) < len(used):
            continue
        holes = [list(combo) for combo in chosen] + [cards(hand) for hand in fixed]
        outcome = reference_equity("short-deck", holes, cards(board))
        totals = [t + e for t, e in zip(totals, outcome.equity, strict=True)]
        count += 1
    return [t / count for t in totals]


def test_short_deck_ranges_match_the_reference() -> None:
    result = equity(["AKs", "JJ+", "Td 9d"], board="6s 7s 8c Qc", game="short-deck")
    assert result.exact and [p.combos for p in result] == [4, 21, 1]
    expected = _short_deck_range_reference(["AKs", "JJ+"], ["Td 9d"], "6s 7s 8c Qc")
    assert [p.equity_fraction for p in result] == expected
    sampled = equity(
        ["AKs", "JJ+", "Td 9d"], board="6s 7s 8c Qc", game="short-deck", samples=30_000, seed=5
    )
    for truth, guess in zip(expected, sampled, strict=True):
        assert abs(guess.equity - float(truth)) <= 4 * guess.std_error


def test_short_deck_range_errors() -> None:
    from lookup.ranges.holdem import RangeError

    with pytest.raises(RangeError, match="player 2: "):
        equity(["AKs", "ZZ+"], game="short-deck")
    with pytest.raises(RangeError, match="no combos left"):
        equity(["22", "AKs"], game="short-deck")  # deuces are not in the short deck
    with pytest.raises(RangeError, match="no combos left"):
        equity(["AsKs", "AKs"], board="Ac Ah Kd", dead="Kc Kh", game="short-deck")


def test_unlistable_ranges_exact_says_how_big_the_run_would_be() -> None:
    with pytest.raises(PokerLookupError, match="up to 2,331,473,976 holding assignments"):
        holdem_equity(["random", "random", "random"], exact=True)
    with pytest.raises(PokerLookupError, match="each with 1,370,754 boards"):
        holdem_equity(["random", "random", "random"], exact=True)


# Omaha range notation: AAxx, AKQJ ds, ... dealt jointly like Hold'em ranges.


def test_omaha_range_notation_counts() -> None:
    from lookup.ranges.omaha import parse_omaha_range

    # Counted by hand: two aces or more; four distinct ranks split by suit shape.
    assert len(parse_omaha_range("AAxx")) == 6 * 1128 + 4 * 48 + 1
    assert len(parse_omaha_range("AKQJ")) == 4**4
    assert len(parse_omaha_range("AKQJ ds")) == 36  # 4 * 3 suit pairs x 3 pairings
    assert len(parse_omaha_range("AKQJ rb")) == 24  # 4! suit orders
    assert len(parse_omaha_range("AAxx, AAKK")) == len(parse_omaha_range("AAxx"))
    assert len(parse_omaha_range("AAxxx", 5)) == 6 * 17296 + 4 * 1128 + 48


def test_omaha_ranges_match_the_reference() -> None:
    from itertools import product

    from lookup.ranges.omaha import parse_omaha_range

    board, fixed = "2s 7h 8d Kc 3c", "Ts 9s 6h 5h"
    result = equity(["AAKK ds", "QQJJ", fixed], board=board, game="omaha-hilo")
    known = set(cards(board)) | set(cards(fixed))
    options = [
        [c for c in parse_omaha_range(text) if not set(c) & known] for text in ("AAKK ds", "QQJJ")
    ]
    totals = [Fraction(0)] * 3
    count = 0
    for a, b in product(*options):
        if set(a) & set(b):
            continue
        outcome = reference_equity("omaha-hilo", [list(a), list(b), cards(fixed)], cards(board))
        totals = [t + e for t, e in zip(totals, outcome.equity, strict=True)]
        count += 1
    assert result.exact and [p.combos for p in result] == [3, 36, 1]
    assert [p.equity_fraction for p in result] == [t / count for t in totals]


def test_omaha_ranges_sampled_within_four_standard_errors() -> None:
    exact = equity(["AAKK", "QQJJ ds"], board="2s 7h 8d", game="omaha")
    sampled = equity(["AAKK", "QQJJ ds"], board="2s 7h 8d", game="omaha", samples=40_000, seed=3)
    assert exact.exact and not sampled.exact
    for truth, guess in zip(exact, sampled, strict=True):
        assert abs(guess.equity - truth.equity) <= 4 * guess.std_error


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["AKQ", "random"], "names 3 cards"),
        (["AAxx zz", "random"], "the suit qualifier is ds, ss or rb"),
        (["AAAAA", "random"], "names 5 cards"),
        (["AZxx", "random"], "ranks are A K Q J T 9-2 or x"),
    ],
)
def test_omaha_range_errors(hands: list[str], message: str) -> None:
    from lookup.ranges.holdem import RangeError

    with pytest.raises(RangeError, match=message):
        equity(hands, game="omaha")


# The kernels themselves, deal by deal, against the reference classifier.

KERNEL_GAMES = [
    ("omaha", "omaha", "standard"),
    ("omaha6", "omaha", "standard"),
    ("omaha-hilo", "omaha", "eight-or-better"),
    ("short-deck", "holdem", "short-deck"),
    ("stud", "stud", "standard"),
    ("razz", "stud", "ace-to-five"),
    ("stud-hilo", "stud", "eight-or-better"),
    ("deuce-to-seven", "draw", "deuce-to-seven"),
    ("badugi", "badugi", "badugi"),
]


@pytest.mark.parametrize(("game", "family", "ranking"), KERNEL_GAMES)
@pytest.mark.parametrize("fixed_hole", [False, True])
def test_kernel_orders_random_deals_like_the_reference(
    game: str, family: str, ranking: str, fixed_hole: bool
) -> None:
    import numpy as np

    from lookup.game.family import get_family

    shape = SHAPES[game]
    rng = np.random.default_rng(sum(map(ord, game)) + fixed_hole)
    deck = np.arange(52 - shape.deck, 52)
    n = 150
    deals = np.array([rng.permutation(deck)[: shape.hole + shape.board] for _ in range(n)])
    if fixed_hole:  # one hole for every deal: boards drawn from the other cards
        hole_cards = deals[0, : shape.hole].tolist()
        rest = np.array([c for c in deck if c not in hole_cards])
        boards = np.array([rng.permutation(rest)[: shape.board] for _ in range(n)])
        deals = np.column_stack([np.tile(hole_cards, (n, 1)), boards]).astype(np.intp)
        hole: list[int | np.ndarray] = list(hole_cards)
    else:
        hole = list(np.ascontiguousarray(deals[:, : shape.hole].T))
    board = list(np.ascontiguousarray(deals[:, shape.hole :].T))
    kernel = get_family(family).batch_kernel(ranking)
    classes = kernel.classes(kernel.prepare(board, n), hole).tolist()
    verdicts = [
        best(row[: shape.hole].tolist(), row[shape.hole :].tolist(), shape, ranking)
        for row in deals
    ]
    for i in range(n):
        for j in range(i + 1, n):
            # A lower class number is a better hand: the same order as the reference's.
            assert (classes[i] < classes[j]) == (verdicts[i] > verdicts[j])
            assert (classes[i] == classes[j]) == (verdicts[i] == verdicts[j])


@pytest.mark.parametrize("game", [game.name for game in lookup.games()])
def test_text_holdings_are_named_as_given_in_every_game(game: str) -> None:
    # PlayerEquity.hand is the holding as given: the generic engine once re-spelled
    # "JhJd" as "Jh Jd" (the Hold'em engine never did).
    found = lookup.get_game(game)
    deck = [card for card in found.high_ranking(None).deck if not card.is_joker]
    board_size = max(found.board_sizes) if found.has_board else 0
    rng = random.Random(f"named-{game}")
    dealt = [str(card) for card in rng.sample(deck, 2 * found.hole_cards + board_size)]
    first = "".join(dealt[: found.hole_cards])
    second = " " + ",".join(dealt[found.hole_cards : 2 * found.hole_cards]) + "  "
    board = "".join(dealt[2 * found.hole_cards :]) or None
    result = lookup.equity([first, second], board=board, game=game)
    assert [player.hand for player in result] == [first, second.strip()]
