"""Games under wild-card rankings: evaluation, showdowns, kernels and equity against a brute force.

Expected values come from tests/wild_games_reference.py, which substitutes every
wild card by brute force (tests/wild_reference.py) and walks every deal.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.cards import parse_cards
from lookup.core.errors import CardError, DuplicateCardError, GameError
from lookup.game.family import get_family
from tests.wild_games_reference import (
    DECK_SIZE,
    GAME_CARDS,
    equity_reference,
    hand_score,
    winners,
)
from tests.wild_reference import score

ALLOWED = [
    ("holdem", "joker"),
    ("holdem", "two-jokers"),
    ("holdem", "deuces-wild"),
    ("stud", "joker"),
    ("stud", "two-jokers"),
    ("stud", "deuces-wild"),
    ("five-card-draw", "joker"),
    ("five-card-draw", "two-jokers"),
    ("five-card-draw", "deuces-wild"),
    ("five-card-draw", "bug"),
]
FAMILY = {"holdem": "holdem", "stud": "stud", "five-card-draw": "draw"}


def indices(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


def _deal(
    rng: random.Random, rules: str, players: int, game: str
) -> tuple[list[list[int]], list[int]]:
    """Random hands of ``game`` under ``rules``, jokers (when the deck has them) often dealt."""
    hole, board_size = GAME_CARDS[game]
    deck = list(range(DECK_SIZE[rules]))
    rng.shuffle(deck)
    if DECK_SIZE[rules] > 52 and rng.random() < 0.7:
        # Bring a joker forward so most tables hold one.
        joker = deck.index(52 if rng.random() < 0.5 or DECK_SIZE[rules] == 53 else 53)
        deck.insert(rng.randrange(players * hole + board_size), deck.pop(joker))
    hands = [deck[p * hole : (p + 1) * hole] for p in range(players)]
    board = deck[players * hole : players * hole + board_size]
    return hands, board


def _consistent(classes: list[int], scores: list[tuple[int, ...]]) -> None:
    """Lower class numbers must be exactly the larger reference scores."""
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    for a, b in pairwise(order):
        if scores[a] == scores[b]:
            assert classes[a] == classes[b], (scores[a], classes[a], classes[b])
        else:
            assert classes[a] > classes[b], (scores[a], scores[b], classes[a], classes[b])


@pytest.mark.parametrize(("game", "rules"), ALLOWED)
def test_evaluate_orders_hands_as_the_brute_force(game: str, rules: str) -> None:
    rng = random.Random(f"{game}/{rules}")
    classes, scores = [], []
    for _ in range(150):
        hands, board = _deal(rng, rules, 1, game)
        cards = [lookup.Card.from_index(i) for i in hands[0]]
        shared = [lookup.Card.from_index(i) for i in board] if board else None
        rank = lookup.evaluate(cards, shared, game=game, rules=rules)
        classes.append(rank.class_number)
        scores.append(hand_score(hands[0] + board, rules))
    _consistent(classes, scores)


@pytest.mark.parametrize(("game", "rules"), ALLOWED)
def test_kernel_orders_deals_as_the_brute_force(game: str, rules: str) -> None:
    """The vectorised kernel, board columns per deal and a fixed hole card, jokers included."""
    rng = random.Random(f"kernel {game}/{rules}")
    hole, board_size = GAME_CARDS[game]
    kernel = get_family(FAMILY[game]).batch_kernel(rules)
    fixed = 52 if DECK_SIZE[rules] > 52 else 0  # the joker (or a wild deuce) in every deal
    rows = []
    for _ in range(400):
        deck = [c for c in range(DECK_SIZE[rules]) if c != fixed]
        rng.shuffle(deck)
        rows.append(deck[: hole - 1 + board_size])
    dealt = np.array(rows, dtype=np.intp)
    board = list(dealt[:, hole - 1 :].T)
    prepared = kernel.prepare(board, len(rows))
    classes = kernel.classes(prepared, [fixed, *dealt[:, : hole - 1].T]).tolist()
    scores = [hand_score([fixed, *row], rules) for row in rows]
    _consistent(classes, scores)


@pytest.mark.parametrize(("game", "rules"), ALLOWED)
def test_showdown_winners_are_the_brute_force_winners(game: str, rules: str) -> None:
    rng = random.Random(f"showdown {game}/{rules}")
    players = 3
    for _ in range(40):
        hands, board = _deal(rng, rules, players, game)
        table = {f"p{i}": [lookup.Card.from_index(c) for c in h] for i, h in enumerate(hands)}
        shared = [lookup.Card.from_index(c) for c in board] if board else None
        result = lookup.showdown(table, board=shared, game=game, rules=rules)
        expected = winners([h + board for h in hands], rules)
        assert set(result.winners) == {f"p{i}" for i in expected}
        for player, hand in zip(result.players, hands, strict=True):
            # The five that play, each wild card replaced by what it stands for, score
            # as the brute force's best for the whole hand.
            assert len(player.stand_ins) == 5
            five = [
                (card if stand_in is None else stand_in).index
                for card, stand_in in zip(player.best_five, player.stand_ins, strict=True)
            ]
            assert score([(c // 4, c % 4) for c in five]) == hand_score(hand + board, rules)


def _exact(hands: list[str], board: str, dead: str, game: str, rules: str) -> None:
    result = lookup.equity(hands, board=board, dead=dead, game=game, rules=rules, exact=True)
    expected = equity_reference(
        [indices(h) for h in hands], indices(board), indices(dead), game, rules
    )
    assert result.exact
    assert [p.equity_fraction for p in result] == expected


@pytest.mark.parametrize(
    ("hands", "board", "dead", "rules"),
    [
        (["As Jk", "Kd Kh"], "Ks Qs Js 3c 9h", "", "joker"),  # the river: one deal
        (["Ah 2c", "Ad 3c", "Jk 5d"], "Kh Qd Jc Tc 4s", "", "joker"),  # a three-way split
        (["As Jk", "Kd Kh"], "Ks Qs 2d 3c", "", "joker"),  # a joker in a hand
        (["As Ad", "Kd Kh", "7c 8c"], "Jk 9c Tc 2h", "", "joker"),  # on the board, 3 players
        (["As Ad", "Kd Kh"], "Qc 9c Tc 2h", "Jk", "joker"),  # dead: no joker to come
        (["As Ad", "Kd Kh"], "Qc 9c Tc 2h", "", "joker"),  # the joker may come on the river
        (["Jkb Ad", "Jk Kh"], "Qc 9c Tc 2h", "", "two-jokers"),
        (["As Ad", "Kd Kh"], "Qc 9c Tc 3h", "", "two-jokers"),
        (["As 2d", "Kd Kh"], "Qc 9c Tc 3h", "", "deuces-wild"),
        (["As Ad", "Kd Kh"], "Qc 9c Tc", "2h 2s", "deuces-wild"),  # flop to river
    ],
)
def test_holdem_exact_equity_is_the_brute_force(
    hands: list[str], board: str, dead: str, rules: str
) -> None:
    _exact(hands, board, dead, "holdem", rules)


@pytest.mark.parametrize(
    ("hands", "dead", "rules"),
    [
        (["As Jk 2c 7d", "Kd Kh Qs 9c"], "", "joker"),  # draw hands completed from the deck
        (["As Ah 2c 7d", "Kd Kh Qs 9c"], "", "joker"),
        (["As Ah Ad Jk", "Kd Kh Ks Kc"], "", "joker"),  # five aces against four kings
        (["As Ks Qs Js", "Ad Ac Jk 9c"], "", "bug"),
        (["Th Jh Qh Kh", "Ad Ac 9s 9c"], "Jk", "bug"),
        (["As Ks Qs Js", "Jk Jkb 9c 8c"], "", "two-jokers"),
        (["As Ks Qs Js", "2c 2d 9c 8h"], "", "deuces-wild"),
        (["As Ks Qs", "2c 2d 9c 8h 7h"], "Ts Js", "deuces-wild"),  # two cards to come
    ],
)
def test_draw_exact_equity_is_the_brute_force(hands: list[str], dead: str, rules: str) -> None:
    _exact(hands, "", dead, "five-card-draw", rules)


@pytest.mark.parametrize(
    ("hands", "rules"),
    [
        (["As Ad Jk 7c 8d 9h", "Kd Kh Ks 2c 3d 4h"], "joker"),
        (["As Ad Jk 7c 8d 9h", "Kd Kh Ks 2c 3d Jkb"], "two-jokers"),
        (["As Ad 2s 7c 8d 9h", "Kd Kh Ks 2c 3d 4h"], "deuces-wild"),
    ],
)
def test_stud_exact_equity_is_the_brute_force(hands: list[str], rules: str) -> None:
    _exact(hands, "", "", "stud", rules)


@pytest.mark.parametrize(
    ("hands", "board", "game", "rules"),
    [
        (["As Jk", "Kd Kh"], "Ks 7s 2d", "holdem", "joker"),
        (["As Ah", "Kd Kh"], "Ks 7s 2d", "holdem", "two-jokers"),
        (["As Jk 9c 7d", "Kd Kh Qs 9d"], "", "five-card-draw", "bug"),
    ],
)
def test_sampled_equity_is_within_four_standard_errors(
    hands: list[str], board: str, game: str, rules: str
) -> None:
    expected = equity_reference([indices(h) for h in hands], indices(board), [], game, rules)
    result = lookup.equity(hands, board=board, game=game, rules=rules, samples=100_000, seed=7)
    assert not result.exact and result.boards == 100_000
    for player, share in zip(result, expected, strict=True):
        assert player.std_error > 0
        assert abs(player.equity - float(share)) < 4 * player.std_error


def test_holdem_with_a_joker_takes_the_generic_path_from_53_cards() -> None:
    # Heads-up with a flop: C(46, 2) turn-river pairs from the 46 cards of 53 left unseen.
    result = lookup.equity(["As Ad", "Kd Kh"], board="Ks 7s 2d", game="holdem", rules="joker")
    assert result.exact and result.boards == 46 * 45 // 2
    standard = lookup.equity(["AsAd", "KdKh"], board="Ks 7s 2d")
    assert standard.boards == 45 * 44 // 2
    deuces = lookup.equity(["As Ad", "Kd Kh"], board="Ks 7s 3d", rules="deuces-wild")
    assert deuces.boards == 45 * 44 // 2


def test_shares_add_up_to_the_pot() -> None:
    result = lookup.equity(["As Jk", "random", "Qc Qd"], game="holdem", rules="joker", samples=5000,
                           seed=1)  # fmt: skip
    assert abs(sum(p.equity for p in result) - 1) < 1e-9
    exact = lookup.equity(["Jk As Ks", "Qc Qd Qh Qs"], game="five-card-draw", rules="joker")
    assert sum(p.equity_fraction or 0 for p in exact) == Fraction(1)


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ("holdem", "bug"),
        ("stud", "bug"),
        ("omaha", "joker"),
        ("omaha-hilo", "deuces-wild"),
        ("razz", "joker"),
        ("stud-hilo", "joker"),
        ("short-deck", "joker"),
        ("badugi", "joker"),
        ("deuce-to-seven", "joker"),
    ],
)
def test_games_refuse_wild_rankings_they_do_not_allow(game: str, rules: str) -> None:
    with pytest.raises(GameError, match=r"cannot replace it \(allowed: ") as error:
        lookup.equity(["random", "random"], game=game, rules=rules, samples=10)
    assert error.value.token == rules
    with pytest.raises(GameError, match="allowed"):
        lookup.game.evaluate.game_evaluator(game, rules)


def test_allowed_lists_are_named() -> None:
    with pytest.raises(GameError, match="allowed: standard, joker, two-jokers, deuces-wild,"):
        lookup.evaluate("As Jk", "Ks Qs 2d 3c 9h", game="holdem", rules="bug")
    with pytest.raises(GameError, match="allowed: standard, joker, two-jokers, deuces-wild, bug,"):
        lookup.evaluate("As Jk 2c 3d 4h", game="five-card-draw", rules="ace-to-five")


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: lookup.equity(["AsJk", "QdQh"]), CardError, "not in the standard deck"),
        (lambda: lookup.equity(["AsKs", "QdQh"], board="Jk 2c 3d"), CardError, "no jokers"),
        (lambda: lookup.equity(["AsKs", "QQ"], dead="Jk"), CardError, "no jokers"),
        (lambda: lookup.equity(["AsKs", "QdQh"], dead="Jk", game="holdem"), CardError, "no jokers"),
        (
            lambda: lookup.equity(["As Jk 2c", "Kd Kh"], game="five-card-draw"),
            CardError,
            "not in the standard deck",
        ),
        (
            lambda: lookup.equity(["AsJkb", "QdQh"], game="holdem", rules="joker"),
            CardError,
            "not in the joker deck",
        ),
        (
            lambda: lookup.equity(["As Jk 3c", "Qd Qh 3d"], game="stud", rules="deuces-wild"),
            CardError,
            "not in the deuces-wild deck",
        ),
        (
            lambda: lookup.equity(["AsJk", "QdQh"], board="Jk 2c 3d", rules="joker"),
            DuplicateCardError,
            "Jk",
        ),
        (
            lambda: lookup.showdown({"a": "As Jk", "b": "Kd Kh"}, board="Ks Qs 2d 3c 9h"),
            CardError,
            "no jokers",
        ),
        (
            lambda: lookup.showdown(
                {"a": "As Jk", "b": "Kd Jk"}, board="Ks Qs 2d 3c 9h", game="holdem", rules="joker"
            ),
            DuplicateCardError,
            "Jk",
        ),
        (lambda: get_family("omaha").batch_kernel("joker"), GameError, "holdem, stud, draw"),
    ],
)
def test_bad_inputs_are_refused(call: object, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        call()  # type: ignore[operator]


def test_stud_odd_chip_goes_by_natural_cards_only() -> None:
    # Both make aces with Q-J-7; the odd chip of 7 goes to the highest natural card, As,
    # not to the joker (which has no rank or suit of its own).
    players = {"Ann": "Jk Ac Qc Jd 7h 3c 2d", "Bob": "As Ah Qd Jh 7s 3d 2h"}
    result = lookup.showdown(
        players, game="stud", rules="joker", contributions={"Ann": 3, "Bob": 3, "Cy": 1}
    )
    assert result.winners == ("Ann", "Bob")
    assert result.chips_won == {"Ann": 3, "Bob": 4}


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lookup", *args],
        input=stdin, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip


def test_cli_equity_and_showdown_under_a_joker() -> None:
    hands = ["As Jk 2c 7d", "Kd Kh Qs 9c"]
    done = _cli("equity", "--game", "five-card-draw", "--rules", "joker", *hands, "--json")
    assert done.returncode == 0, done.stderr
    expected = equity_reference([indices(h) for h in hands], [], [], "five-card-draw", "joker")
    shares = [Fraction(p["equity_fraction"]) for p in json.loads(done.stdout)["players"]]
    assert shares == expected
    table = "Ann, As Jk\nBob, Kd Kh\n"
    board = "Ks Qs Js 3c 9h"
    done = _cli("showdown", "--game", "holdem", "--rules", "joker", "--board", board, "--json", "-",
                stdin=table)  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["winners"] == ["Ann"]
    assert record["players"][0]["description"] == "Royal Flush"
    table_view = _cli("showdown", "--game", "holdem", "--rules", "joker", "--board", board, "-v",
                      "--ascii", "-", stdin=table)  # fmt: skip
    assert "* Ann  As Jk  plays As Ks Qs Js Jk as Ts  Royal Flush" in table_view.stdout
    stud = "As 2d 2c Ks Qs 3h 4h"
    one = _cli("eval", "--game", "stud", "--rules", "deuces-wild", stud, "--ascii")
    assert one.stdout.splitlines()[2] == "plays:       As Ks Qs 2d as Js 2c as Ts"
    refused = _cli("showdown", "--game", "omaha", "--rules", "joker", "--board", board, "-",
                   stdin=table)  # fmt: skip
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "allowed: standard" in refused.stderr
    refused = _cli("equity", "AsJk", "QdQh")
    assert refused.returncode == 2 and "no jokers" in refused.stderr


@settings(max_examples=25, deadline=None)
@given(
    rules=st.sampled_from(["joker", "two-jokers", "deuces-wild"]),
    cards=st.permutations(range(54)),
    dead=st.integers(0, 2),
)
def test_turn_equity_is_the_brute_force_for_any_cards(
    rules: str, cards: list[int], dead: int
) -> None:
    """Any two hands, turn board and dead cards of the deck (jokers wherever they fall)."""
    dealt = [c for c in cards if c < DECK_SIZE[rules]][: 8 + dead]
    hands = [dealt[0:2], dealt[2:4]]
    board, dead_cards = dealt[4:8], dealt[8:]

    def spell(group: list[int]) -> str:
        return " ".join(str(lookup.Card.from_index(c)) for c in group)

    result = lookup.equity(
        [spell(h) for h in hands], board=spell(board), dead=spell(dead_cards),
        game="holdem", rules=rules, exact=True,
    )  # fmt: skip
    expected = equity_reference(hands, board, dead_cards, "holdem", rules)
    assert [p.equity_fraction for p in result] == expected


def test_a_range_under_a_joker_is_every_live_combo_equally_likely() -> None:
    # Ranges name natural cards only; the joker stays in the deck for the board.
    board = "Qc 9c 4d"
    result = lookup.equity(["QQ", "As Ks"], board=board, game="holdem", rules="joker", exact=True)
    known = set(indices(board)) | set(indices("As Ks"))
    queens = [c for c in range(40, 44) if c not in known]
    combos = [[a, b] for i, a in enumerate(queens) for b in queens[i + 1 :]]
    per_combo = [
        equity_reference([combo, indices("As Ks")], indices(board), [], "holdem", "joker")
        for combo in combos
    ]
    expected = [sum(shares[p] for shares in per_combo) / len(combos) for p in range(2)]
    assert result[0].combos == len(combos) == 3
    assert [p.equity_fraction for p in result] == expected
