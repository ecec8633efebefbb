"""lookup.outs against a brute-force reference written from the definition, in every board game.

The reference (:mod:`tests.outs_reference`) classifies hands with tablegen's reference
classifier only and walks every deal and every next card; outs, split outs, the share
of deals ahead now and the count must agree as Fractions. Equity after each card must
average to the exact equity now (weighted by each card's chance with ranges).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.board.outs import OutsResult, outs
from lookup.cli.main import main
from lookup.core.cards import DECK, parse_cards
from lookup.core.errors import (
    CardError,
    DuplicateCardError,
    GameError,
    HandSizeError,
    PokerLookupError,
    RangeError,
)
from lookup.ranges.range import Range
from tests.game_equity_reference import SHAPES, Shape, reference_equity
from tests.outs_reference import Reference, reference_outs

BOARD_GAMES = [
    "holdem",
    "short-deck",
    "omaha",
    "omaha5",
    "omaha6",
    "omaha-hilo",
    "omaha5-hilo",
    "courchevel",
    "courchevel-hilo",
]
TRITON = Shape(2, 5, None, "short-deck-triton", None, 36)


def indices(text: str) -> tuple[int, ...]:
    return tuple(card.index for card in parse_cards(text))


def weighted(holding: str, game: str) -> list[tuple[tuple[int, ...], Fraction]]:
    """A holding as the reference reads it: one combo, or the range's weighted combos."""
    hole = SHAPES[game].hole if game in SHAPES else 2
    cards = parse_cards(holding) if len(holding.replace(" ", "")) == 2 * hole else None
    if cards is not None and len(cards) == hole:
        return [(tuple(card.index for card in cards), Fraction(1))]
    return list(Range(holding, game).weights.items())


def check(result: OutsResult, ref: Reference, shape: Shape, board: str, dead: str = "") -> None:
    for name, halves in ref.halves.items():
        for player, want in zip(result, halves, strict=True):
            got = player.high if name == "high" else player.low
            assert got is not None
            assert {o.card.index: o.share for o in got.outs} == want.outs, (name, player.hand)
            assert {o.card.index: o.share for o in got.split_outs} == want.splits
            assert got.ahead == want.ahead
            count = (
                sum(want.outs.values(), Fraction(0)) + sum(want.splits.values(), Fraction(0)) / 2
            )
            assert got.count == count
            for out in got.outs + got.split_outs:
                assert out.equity == player.after[out.card]
    if shape.low is None:
        assert all(player.low is None for player in result)
    # Equity after each card, weighted by the chance the card comes, is the equity now.
    for player in result:
        assert set(player.after) == {DECK[c] for c in ref.unseen_weight}
        weighed = sum(
            (ref.unseen_weight[card.index] * value for card, value in player.after.items()),
            Fraction(0),
        )
        assert weighed == ref.unseen_per_deal * ref.weight * player.equity
    assert result.street == ("flop" if len(parse_cards(board)) == 3 else "turn")
    assert {c.index for c in result.unseen} >= set(ref.unseen_weight)


# (game, holdings, board, dead): hand-picked edges of every board game.
SPOTS = [
    ("holdem", ["As Ks", "Qh Qd"], "Js Ts 2h", ""),
    ("holdem", ["As Ks", "Qh Qd"], "Js Ts 2h 3c", ""),
    ("holdem", ["Ah 2c", "7d 7c"], "3h 4h 5s", ""),  # wheel draws and a made straight
    ("holdem", ["Ah Kh", "Ad Kd", "Qs Qc"], "2h 7h Ts", ""),  # split outs
    ("holdem", ["9c 8c", "As Ad"], "Tc Jc 2c 2d", "Qc"),  # four-flush, paired board, dead
    ("holdem", ["Ah Kc", "Ad Kd"], "Qs Js Ts 2s", ""),  # both play broadway: tied now
    ("holdem", ["7h 7d", "2c 2s"], "7c 2h 2d", ""),  # quads and full houses
    ("short-deck", ["Ah Kh", "9c 9d"], "Qh Jh 9s", ""),
    ("short-deck", ["Ah 9c", "Kd Kc"], "6s 7d 8h", ""),  # A-6-7-8-9 wheel
    ("short-deck", ["As Ks", "Qd Qc"], "Qs Js 6s 6h", ""),  # flush over full house
    ("omaha", ["As Ks Qd Jd", "Qh Qc 8h 9h"], "Js Ts 2h", ""),
    ("omaha", ["Ah Kh Qh Jh", "As Ad 7c 8d"], "2h 9s Tc", ""),  # four hearts: 2 + 3 kills it
    ("omaha", ["Ah 2c 9d 9s", "Kd Kc 3s 4s"], "5h 6h 7h 8h", ""),  # one-card straights die
    ("omaha5", ["As Ks Qd Jd 2c", "Qh Qc 8h 9h 3c"], "Js Ts 2h", ""),
    ("omaha6", ["As Ks Qd Jd 2c 3d", "Qh Qc 8h 9h 3c 4d"], "Js Ts 2h 7c", ""),
    ("omaha-hilo", ["As 2s Kd Kh", "Qd Qc 4d 5c"], "6s 7h 8d", ""),
    ("omaha-hilo", ["As 2s 3d Kh", "Ad 3c 4d Qc", "Kc Ks Jd Jh"], "5h 8h Td", ""),
    ("omaha-hilo", ["As 2s Kd Kh", "Qd Qc 4d 5c"], "Ks Th 9d", ""),  # no low now
    ("omaha5-hilo", ["As 2s Kd Kh 9c", "Qd Qc 4d 5c 6h"], "6s 7h 8d Jc", ""),
    ("courchevel", ["As Ks Qd Jd 2c", "Qh Qc 8h 9h 3c"], "Js Ts 2h", ""),
    ("courchevel-hilo", ["As 2s Kd Kh 9c", "Qd Qc 4d 5c 6h"], "6s 7h 8d", ""),
]


@pytest.mark.parametrize(("game", "holdings", "board", "dead"), SPOTS, ids=str)
def test_outs_agree_with_the_reference_on_picked_spots(
    game: str, holdings: list[str], board: str, dead: str
) -> None:
    shape = SHAPES[game]
    result = outs(holdings, board, game=game, dead=dead)
    ref = reference_outs(
        shape, [weighted(h, game) for h in holdings], indices(board), indices(dead)
    )
    check(result, ref, shape, board, dead)


def test_short_deck_triton_ranks_by_its_own_ranking() -> None:
    holdings, board = ["Ah Ad", "Kh Qh"], "As Jh Th 6c"
    result = outs(holdings, board, game="short-deck", rules="short-deck-triton")
    ref = reference_outs(TRITON, [weighted(h, "short-deck") for h in holdings], indices(board))
    check(result, ref, TRITON, board)


def _random_spot(seed: int) -> tuple[str, list[str], str, str]:
    rng = random.Random(seed)
    game = BOARD_GAMES[seed % len(BOARD_GAMES)]
    shape = SHAPES[game]
    players = rng.choice((2, 2, 3))
    flop = rng.random() < 0.5
    deck = list(range(52 - shape.deck, 52))
    rng.shuffle(deck)
    dealt = [deck[i * shape.hole : (i + 1) * shape.hole] for i in range(players)]
    rest = deck[players * shape.hole :]
    board = rest[: 3 if flop else 4]
    dead = rest[4 : 4 + rng.choice((0, 0, 1, 2))]

    def text(cards: list[int]) -> str:
        return " ".join(str(DECK[c]) for c in cards)

    return game, [text(h) for h in dealt], text(board), text(dead)


@pytest.mark.parametrize("seed", range(36))
def test_outs_agree_with_the_reference_on_random_spots(seed: int) -> None:
    game, holdings, board, dead = _random_spot(seed)
    shape = SHAPES[game]
    result = outs(holdings, board, game=game, dead=dead or None)
    ref = reference_outs(
        shape, [weighted(h, game) for h in holdings], indices(board), indices(dead)
    )
    check(result, ref, shape, board, dead)


@settings(max_examples=30, deadline=None)
@given(
    game=st.sampled_from(["holdem", "short-deck", "omaha", "omaha-hilo"]),
    street=st.sampled_from([3, 4]),
    data=st.data(),
)
def test_outs_agree_with_the_reference_on_any_deal(
    game: str, street: int, data: st.DataObject
) -> None:
    shape = SHAPES[game]
    deck = data.draw(st.permutations(list(range(52 - shape.deck, 52))))
    holes = [deck[: shape.hole], deck[shape.hole : 2 * shape.hole]]
    board = deck[2 * shape.hole : 2 * shape.hole + street]

    def text(cards: list[int]) -> str:
        return " ".join(str(DECK[c]) for c in cards)

    result = outs([text(h) for h in holes], text(board), game=game)
    ref = reference_outs(shape, [[(tuple(h), Fraction(1))] for h in holes], tuple(board))
    check(result, ref, shape, text(board))


# Weighted ranges: the share of each card over every compatible deal, by brute force.
RANGE_SPOTS = [
    ("holdem", ["QQ+:0.5, AKs", "Jh Th"], "Js Ts 2h"),
    ("holdem", ["AK, 22:0.25", "[50]QQ, JJ[/50], T9s"], "Qh Js 2d 3c"),
    ("holdem", ["AA:0.5, KQs", "Jh Th", "98s:0.3"], "Ks Qs 8h"),
    ("short-deck", ["AK:0.5, 99", "Th 9h"], "Qh Jh 6s"),
    ("omaha", ["AsAhKdKc, AdAcQhQs:0.5, 9h8h7c6c", "Js Ts 2h 3c"], "Jh Td 9s"),
    ("omaha-hilo", ["As2sKdKh:0.5, Ad3c4dQc", "Qd Qc 4h 5c"], "6s 7h 8d 2c"),
]


@pytest.mark.parametrize(("game", "holdings", "board"), RANGE_SPOTS, ids=str)
def test_weighted_ranges_agree_with_the_reference(
    game: str, holdings: list[str], board: str
) -> None:
    shape = SHAPES[game]
    result = outs(holdings, board, game=game)
    ref = reference_outs(shape, [weighted(h, game) for h in holdings], indices(board))
    check(result, ref, shape, board)


def test_a_range_value_and_its_text_give_the_same_outs() -> None:
    text = outs(["QQ+:0.5, AKs", "Jh Th"], "Js Ts 2h")
    value = outs([Range("QQ+:0.5, AKs"), "Jh Th"], "Js Ts 2h")
    assert text[0].high == value[0].high and text[0].after == value[0].after


def test_equity_after_each_card_is_the_reference_equity_on_that_board() -> None:
    holdings, board = ["As 2s Kd Kh", "Qd Qc 4d 5c"], "6s 7h 8d Jc"
    result = outs(holdings, board, game="omaha-hilo")
    holes = [list(indices(h)) for h in holdings]
    for card in result.unseen[:12]:
        want = reference_equity("omaha-hilo", holes, [*indices(board), card.index])
        assert tuple(p.after[card] for p in result) == want.equity


def test_the_facade_serves_outs_and_its_result() -> None:
    assert lookup.outs is outs
    assert isinstance(lookup.outs(["As Ks", "Qh Qd"], "Js Ts 2h"), OutsResult)


def test_to_json_spells_fractions_as_text() -> None:
    doc = outs(["As Ks", "Qh Qd"], "Js Ts 2h").to_json()
    assert doc["board"] == ["Js", "Ts", "2h"] and doc["street"] == "flop"
    first = doc["players"][0]
    assert first["high"]["count"] == "16" and first["low"] is None
    assert first["high"]["outs"][0] == {
        "card": "Ah",
        "share": "1",
        "equity": first["after"]["Ah"],
        "equity_float": float(Fraction(first["after"]["Ah"])),
    }


@pytest.mark.parametrize(
    ("call", "error", "culprit"),
    [
        (lambda: outs(["As Ks", "Qh Qd"], "Js Ts 2h 3c 4d"), HandSizeError, "Js Ts 2h 3c 4d"),
        (lambda: outs(["As Ks", "Qh Qd"], ""), HandSizeError, ""),
        (lambda: outs(["As Ks", "Qh Qd"], "Js Ts"), HandSizeError, "Js Ts"),
        (lambda: outs(["As Ks", "Qh Qd"], "Js Ts 2h", game="razz"), GameError, "razz"),
        (lambda: outs(["As Ks", "Qh Qd"], "Js Ts 2x"), CardError, None),
        (lambda: outs(["As Ks", "As Qd"], "Js Ts 2h"), DuplicateCardError, None),
        (lambda: outs(["As Ks", "Qh Qd"], "Js Ts 2h", dead="Js"), DuplicateCardError, None),
        (lambda: outs(["As Ks"], "Js Ts 2h"), PokerLookupError, None),
        (lambda: outs(["KK:1.5", "Qh Qd"], "Js Ts 2h"), RangeError, None),
        (lambda: outs(["As Ks", "Qh Qd"], "Js Ts 2h", game="pineapple"), GameError, "pineapple"),
        (lambda: outs(["random", "random"], "Js Ts 2h"), PokerLookupError, None),
    ],
)
def test_bad_input_is_a_package_error_naming_the_culprit(
    call: object, error: type[Exception], culprit: object
) -> None:
    with pytest.raises(error) as caught:
        call()  # type: ignore[operator]
    assert isinstance(caught.value, ValueError)
    if culprit is not None:
        assert caught.value.token == culprit  # type: ignore[attr-defined]
        assert repr(culprit) in str(caught.value)


def test_a_range_against_a_range_past_the_limit_is_refused_with_the_count() -> None:
    with pytest.raises(PokerLookupError, match="exact_limit=1,000"):
        outs(["QQ+, AK", "JJ-99"], "Js Ts 2h 3c", exact_limit=1000)


# The command line: `pokerlookup outs`.


@pytest.mark.parametrize(
    "args",
    [
        ["As Ks", "Qh Qd", "--board", "Js Ts 2h 3c 4d"],
        ["As Ks", "Qh Qd", "--board", "Js Ts 2x"],
        ["As Ks", "Qh Qd"],
        ["As Ks", "Qh Qd", "--board", "Js Ts 2h", "--game", "razz"],
        ["As Ks", "As Qd", "--board", "Js Ts 2h"],
        ["As Ks", "--board", "Js Ts 2h"],
        ["KK:2", "Qh Qd", "--board", "Js Ts 2h"],
        ["As Ks", "Qh Qd", "--board", "Js Ts 2h", "--rules", "nope"],
    ],
)
def test_the_command_refuses_bad_input_with_status_2_and_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from lookup.cli.main import main

    try:
        status = main(["outs", *args])
    except SystemExit as exc:  # argparse's usage errors exit from inside main
        status = exc.code  # type: ignore[assignment]
    assert status == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("pokerlookup")
    assert "error: " in captured.err


def test_the_command_prints_the_library_s_answer(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from lookup.cli.main import main

    args = ["--game", "omaha", "As Ks Qd Jd", "Qh Qc 8h 9h", "--board", "Js Ts 2h"]
    assert main(["outs", *args, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    want = outs(["As Ks Qd Jd", "Qh Qc 8h 9h"], "Js Ts 2h", game="omaha").to_json()
    assert printed == want
    assert main(["outs", *args, "--ascii"]) == 0
    text = capsys.readouterr().out
    first = printed["players"][0]["high"]
    assert f"1. As Ks Qd Jd: {first['count']} outs" in text or "alone ahead now" in text
    for out in first["outs"]:
        assert out["card"] in text


def test_a_late_progress_bar_counts_the_cards_and_shows_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spot = (["As Ks", "Qh Qd"], "Js Ts 2h 3c")
    outs(*spot)  # quick: no bar
    assert capsys.readouterr().err == ""
    monkeypatch.setattr("lookup.core.progress.PROGRESS_AFTER", 0.0)
    monkeypatch.setattr("lookup.core.progress._isatty", lambda stream: True)
    outs(*spot, progress=False)
    assert capsys.readouterr().err == ""
    outs(*spot)
    shown = capsys.readouterr().err
    assert "outs (equity after each card)" in shown, shown
    assert re.search(r"100%.* 44(\.0)?/44(\.0)? .* cards/s", shown), shown  # every card counted
    assert main(["outs", *spot[0], "--board", spot[1], "--no-progress"]) == 0
    assert capsys.readouterr().err == ""
