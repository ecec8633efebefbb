"""One way of reading cards, everywhere (issue 18, section 2).

What :func:`lookup.evaluate` accepts, every entry point accepts, in every game:
a holding as spaced, comma-separated or run-together text, a list, Cards or a
numpy array of indices; ``board=None`` and ``dead=None``; a plain list of hands
at a showdown; ``Card("As")``; ``equity --rules DIR``; badugi batches of 6 and 7.
Expected values are independent of the code under test (published numbers,
another form of the same question, or the scalar evaluator against the batch).
"""

from __future__ import annotations

import inspect
import shutil
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

import lookup
from lookup.cli.main import main
from lookup.core.cards import DECK, JOKERS, Card, parse_card, parse_cards

ROOT = Path(__file__).resolve().parent.parent

# Two players' cards (taken from the front as each game needs) and a flop none of them holds;
# short deck's 36 cards hold them all.
FIRST = ("As", "Ah", "Kd", "Kc", "Qs", "Qh", "Jd")
SECOND = ("Ts", "Th", "9d", "9c", "8s", "8h", "7d")
FLOP = "6c 7c Jh"


def _holding_size(game: lookup.Game) -> int:
    # Board games hold their hole cards; stud has three dealt so far; draw and badugi whole hands.
    if game.has_board:
        return game.hole_cards
    return 3 if game.hole_cards == 7 else game.hole_cards


def _forms(cards: tuple[str, ...]) -> list[object]:
    """The same holding written every way evaluate reads cards."""
    return [
        " ".join(cards),
        ",".join(cards),
        ", ".join(cards),
        "".join(cards),
        list(cards),
        parse_cards(" ".join(cards)),
        np.array([parse_card(c).index for c in cards]),
    ]


def _answer(result: lookup.EquityResult) -> list[tuple[float, float, float]]:
    return [(p.equity, p.win, p.tie) for p in result]


@pytest.mark.parametrize("game", [g.name for g in lookup.games()])
def test_a_holding_reads_the_same_in_every_form_in_every_game(game: str) -> None:
    found = lookup.get_game(game)
    size = _holding_size(found)
    first, second = FIRST[:size], SECOND[:size]
    board = FLOP if found.has_board else None
    answers = [
        _answer(lookup.equity([a, b], board=board, game=game, samples=300, seed=5))
        for a, b in zip(_forms(first), _forms(second), strict=True)
    ]
    assert all(answer == answers[0] for answer in answers), game


def test_holdem_reads_spaced_and_comma_cards_as_the_holding() -> None:
    # The published exact preflop equity of AsAh against KsKh (README, docs/preflop.md).
    for aces, kings in [("As Ah", "Ks Kh"), ("As,Ah", "Ks,Kh"), ("as ah", "KS KH")]:
        assert lookup.equity([aces, kings])[0].equity_fraction == Fraction(707495, 856152)
    # With a board: the engine path, not the preflop table.
    spaced = lookup.equity(["As Ah", "Ks Kh"], board="2c7d9h")
    joined = lookup.equity(["AsAh", "KsKh"], board="2c7d9h")
    assert _answer(spaced) == _answer(joined) and spaced.boards == 990


@pytest.mark.parametrize("rules", ["joker", "deuces-wild"])
def test_holdem_under_another_ranking_reads_spaced_cards_too(rules: str) -> None:
    spaced = lookup.equity(["As Ah", "Ks Kh"], board="2c 7d 9h", game="holdem", rules=rules)
    joined = lookup.equity(["AsAh", "KsKh"], board="2c 7d 9h", game="holdem", rules=rules)
    assert _answer(spaced) == _answer(joined)


def test_other_text_is_a_range_in_the_games_notation() -> None:
    # Four cards in Hold'em are two explicit combos, not a holding.
    two_combos = lookup.equity(["AsKd QsQd", "Jh Th"], board="2c 7d 9h")
    assert two_combos[0].hand == "AsKd QsQd"
    assert lookup.parse_range("AsKd QsQd") == ((51, 45), (43, 41))  # Q is rank 10
    # Combos sharing a card are a range, not a repeated card.
    assert lookup.equity(["AsKd, AsQd", "Jh Th"], board="2c 7d 9h").boards > 0
    omaha = lookup.equity(["AAxx", "Ks Kh Qd Qc"], board=FLOP, game="omaha", samples=300, seed=1)
    assert omaha[0].hand == "AAxx" and omaha[1].hand == "Ks Kh Qd Qc"


def test_a_repeated_card_in_one_holding_is_named() -> None:
    with pytest.raises(lookup.DuplicateCardError, match="'As'"):
        lookup.equity(["As As", "Ks Kh"])
    with pytest.raises(lookup.DuplicateCardError, match="'As'"):
        lookup.equity(["As As Kd Kc", "Qs Qh Jd Jc"], game="omaha")


def test_cards_of_the_wrong_count_are_refused_by_count() -> None:
    with pytest.raises(lookup.RangeError, match="an explicit combo has two cards, got 1"):
        lookup.equity(["As", "Ks Kh"])
    with pytest.raises(lookup.HandSizeError, match="player 1 has 3 cards"):
        lookup.equity(["As Ah Ks", "Qd Qc Jd Jc"], game="omaha")


def test_equity_is_typed_to_take_none_for_board_and_dead() -> None:
    parameters = inspect.signature(lookup.equity).parameters
    for name in ("board", "dead"):
        assert parameters[name].default is None, name
        assert str(parameters[name].annotation).endswith("| None"), name


@pytest.mark.parametrize("game", [g.name for g in lookup.games()])
def test_board_none_and_dead_none_are_nothing_in_every_game(game: str) -> None:
    found = lookup.get_game(game)
    size = _holding_size(found)
    hands = [" ".join(FIRST[:size]), " ".join(SECOND[:size])]
    # Courchevel deals its first board card with the hands: its board is never empty.
    nothing = [None, (), ""] if 0 in found.board_sizes or not found.has_board else ["6c"] * 3
    sampled = [
        _answer(lookup.equity(hands, board=b, dead=d, game=game, samples=300, seed=2))
        for b, d in zip(nothing, [None, (), ""], strict=True)
    ]
    assert sampled[0] == sampled[1] == sampled[2]
    if found.has_board:  # exact with a board given and no dead cards
        board = FLOP + " Td" + (" Tc" if size >= 5 else "")  # in every deck, short deck's too
        none = lookup.equity(hands, board=board, dead=None, game=game, exact=True)
        empty = lookup.equity(hands, board=board, dead=(), game=game, exact=True)
        assert _answer(none) == _answer(empty) and none.exact
    else:
        dead = lookup.equity(hands, board=None, dead="2d", game=game, samples=300, seed=2)
        assert len(dead.players) == 2


def test_board_none_and_dead_none_in_every_holdem_mode() -> None:
    table = lookup.equity(["AsAh", "KsKh"], board=None, dead=None)  # the preflop table
    assert table[0].equity_fraction == Fraction(707495, 856152)
    exact = lookup.equity(["AsAh", "KsKh"], board="2c7d9h", dead=None)
    assert round(exact[0].equity, 4) == 0.9162
    dead_only = lookup.equity(["AsAh", "KsKh"], board=None, dead="2c", samples=300, seed=1)
    assert dead_only.seed == 1
    sampled = lookup.equity(["QQ+", "AKs"], board=None, dead=None, samples=300, seed=1)
    assert sampled.seed == 1


def test_numpy_arrays_of_indices_are_cards_for_equity_as_for_evaluate() -> None:
    board = np.array([parse_card(c).index for c in ["2c", "7d", "9h"]])
    dead = np.array([parse_card("5s").index], dtype=np.uint8)
    aces, kings = np.array([51, 50]), np.array([47, 46], dtype=np.int64)
    # evaluate reads the same arrays
    assert lookup.evaluate(aces, board=board) == lookup.evaluate("As Ah", board="2c 7d 9h")
    with_arrays = lookup.equity([aces, kings], board=board, dead=dead)
    with_text = lookup.equity(["AsAh", "KsKh"], board="2c7d9h", dead="5s")
    assert _answer(with_arrays) == _answer(with_text) and with_arrays.boards == 946
    omaha = lookup.equity(
        [np.array([51, 50, 45, 44]), "Qs Qh Jd Jc"], board=board, game="omaha", dead=dead
    )
    text = lookup.equity(["As Ah Kd Kc", "Qs Qh Jd Jc"], board="2c7d9h", game="omaha", dead="5s")
    assert _answer(omaha) == _answer(text)


def test_a_plain_list_of_hands_is_a_showdown_by_seat() -> None:
    result = lookup.showdown(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d"])
    assert result.winners == ("1",)
    assert [p.name for p in result.players] == ["1", "2"]
    assert result["2"].description.startswith("High Card")
    held = lookup.showdown(["Ah Kd", "Ac Kc", "2h 2d"], board="2s 7d 9h Qc 3s")
    assert held.winners == ("3",)
    omaha = lookup.showdown(["As Ah Kd Kc", "Qs Qh Jd Jc"], board="2c 7d 9h 3s 4s", game="omaha")
    assert omaha.winners == ("1",)
    # the other forms keep working
    assert lookup.showdown([("Joe", "As Ks Qs Js Ts"), ("Bob", "2c 3c 4c 5c 7d")]).winners == (
        "Joe",
    )
    assert lookup.showdown({"Ann": "As Ks Qs Js Ts", "Bob": "2c 3c 4c 5c 7d"}).winners == ("Ann",)


def test_card_of_its_text_is_the_card_and_every_repr_evaluates_to_it() -> None:
    for card in (*DECK, *JOKERS):
        assert eval(repr(card), {"Card": Card}) is card
        assert Card(str(card)) is card and Card(card.symbol) is card
    assert Card("as") is Card(12, 3) is DECK[51]
    assert isinstance(Card("As"), int) and Card("As") == 0x10001C29
    with pytest.raises(lookup.CardError, match="expected one card, got 2"):
        Card("AsKd")
    with pytest.raises(lookup.CardError, match="unknown suit"):
        Card("Ax")
    with pytest.raises(lookup.CardError):
        Card(12)  # a rank without a suit


def _copy_tables(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(ROOT / "tables" / "standard", folder)
    return folder


def test_equity_on_the_command_line_takes_a_folder_of_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _copy_tables(tmp_path)
    assert main(["equity", "AsAh", "KsKh", "--board", "2c7d9h", "--rules", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "91.62%" in out and "8.38%" in out
    # eval and census take the same folder (the way equity must)
    assert main(["eval", "--rules", str(folder), "As", "Ks", "Qs", "Js", "Ts"]) == 0


def test_equity_rules_refusal_lists_only_what_it_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["equity", "AsAh", "KsKh", "--board", "2c7d9h", "--rules", "short-deck"]) == 2
    message = capsys.readouterr().err
    assert message.count("\n") == 1
    allowed = message.split("allowed: ", 1)[1].rstrip(")\n")
    names = [name.strip() for name in allowed.replace(" or ", ", ").split(",")]
    folders = [name for name in names if "folder" in name]
    builtins = [name for name in names if name and "folder" not in name]
    assert builtins and folders
    for name in builtins:
        assert main(["equity", "AsAh", "KsKh", "--board", "2c7d9h", "--rules", name]) == 0, name
    folder = _copy_tables(tmp_path)
    assert main(["equity", "AsAh", "KsKh", "--board", "2c7d9h", "--rules", str(folder)]) == 0


@pytest.mark.parametrize("size", [6, 7])
def test_badugi_batches_take_six_and_seven_cards(size: int) -> None:
    rng = np.random.default_rng(size)
    rows = np.argsort(rng.random((20_000, 52)), axis=1)[:, :size]
    batch = lookup.evaluate_batch(rows, rules="badugi")
    scalar = [lookup.evaluate(row, rules="badugi").class_number for row in rows.tolist()]
    assert batch.tolist() == scalar
    # a badugi among extra cards, and the extra cards never hurt
    assert lookup.evaluate_batch([[51, 0, 9, 14, 50, 49, 48][:size]], rules="badugi").tolist() == [
        lookup.evaluate("As 2c 4d 5h", rules="badugi").class_number
    ]


def test_badugi_batches_of_six_cards_exhaustively_on_a_small_deck() -> None:
    # Every 6-card row of 12 cards (A-3 of each suit): the batch against the scalar evaluator.
    small = [4 * rank + suit for rank in (12, 0, 1) for suit in range(4)]
    rows = np.array(list(combinations(small, 6)))
    batch = lookup.evaluate_batch(rows, rules="badugi")
    assert batch.tolist() == [
        lookup.evaluate(row, rules="badugi").class_number for row in rows.tolist()
    ]
