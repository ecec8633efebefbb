"""Hold'em equity checked against brute force, published figures and symmetry.

The brute force here deals every completion with itertools and scores each
showdown with the scalar evaluator (lookup.ranking.fast.evaluate7), or, for the big
preflop case, with lookup.batch.evaluate.evaluate_batch on plain seven-card rows: both
independent of the equity kernel's board-and-hole decomposition.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from lookup.core.cards import DECK, parse_cards
from lookup.core.errors import DuplicateCardError, HandSizeError, PokerLookupError
from lookup.odds.front import equity
from lookup.odds.results import EXACT_LIMIT, EquityResult
from lookup.ranges.holdem import RangeError, combo_text, parse_range, remove_blocked
from lookup.ranking.fast import evaluate7
from tests import published


def brute_force(
    hands: list[tuple[int, int]],
    board: list[int],
    dead: list[int] = (),  # type: ignore[assignment]
) -> list[tuple[Fraction, Fraction, Fraction]]:
    """(equity, win, tie) per player over every completion of ``board``."""
    used = {c for h in hands for c in h} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    n = len(hands)
    shares = [Fraction(0)] * n
    wins = [0] * n
    ties = [0] * n
    total = 0
    for rest in combinations(deck, 5 - len(board)):
        cards = [DECK[c] for c in (*board, *rest)]
        classes = [evaluate7(DECK[a], DECK[b], *cards) for a, b in hands]
        best = min(classes)
        top = [p for p in range(n) if classes[p] == best]
        for p in top:
            shares[p] += Fraction(1, len(top))
            if len(top) == 1:
                wins[p] += 1
            else:
                ties[p] += 1
        total += 1
    return [
        (shares[p] / total, Fraction(wins[p], total), Fraction(ties[p], total)) for p in range(n)
    ]


def indices(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def pair(text: str) -> tuple[int, int]:
    a, b = indices(text)
    return a, b


def assert_matches(
    result: EquityResult, expected: list[tuple[Fraction, Fraction, Fraction]]
) -> None:
    assert len(result) == len(expected)
    for player, (eq, win, tie) in zip(result, expected, strict=True):
        assert player.equity == pytest.approx(float(eq), abs=1e-12)
        assert player.win == pytest.approx(float(win), abs=1e-12)
        assert player.tie == pytest.approx(float(tie), abs=1e-12)


def test_aces_against_kings_preflop_is_the_published_figure() -> None:
    aces, kings = equity(["AsAh", "KsKh"])
    assert aces.exact and kings.exact
    assert aces.boards == 1_712_304 == kings.boards
    assert round(aces.equity, 6) == published.ACES_VS_KINGS_PREFLOP
    assert aces.equity + kings.equity == pytest.approx(1.0, abs=1e-12)
    assert aces.std_error == 0.0


def test_three_way_preflop_matches_batch_brute_force() -> None:
    from lookup.batch.evaluate import evaluate_batch

    hands = [pair("AsKs"), pair("7h7d"), pair("QcJc")]
    used = {c for h in hands for c in h}
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    boards = deck[np.array(list(combinations(range(len(deck)), 5)), dtype=np.intp)]
    classes = []
    for a, b in hands:
        rows = np.column_stack([np.full(len(boards), a), np.full(len(boards), b), boards])
        classes.append(evaluate_batch(rows.astype(np.uint8), check_duplicates=False))
    stacked = np.stack(classes)
    best = stacked.min(axis=0)
    top = stacked == best
    winners = top.sum(axis=0)
    result = equity(["AsKs", "7h7d", "QcJc"])
    assert result.exact and result.boards == len(boards) == 1_370_754
    for p, player in enumerate(result):
        assert player.win == pytest.approx(np.mean(top[p] & (winners == 1)), abs=1e-12)
        assert player.tie == pytest.approx(np.mean(top[p] & (winners > 1)), abs=1e-12)
        assert player.equity == pytest.approx(np.mean(np.where(top[p], 1 / winners, 0)), abs=1e-12)


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AsAh", "KsKh"], "2c 7d 9h", ""),
        (["AsAh", "KsKh"], "2c 7d 9h", "Kd"),
        (["Ah5h", "KdQd", "8c8s"], "4h 3h 9d", ""),  # wheel draws, flush draws
        (["AcKc", "AdKd"], "Qh Jh 2s", ""),  # mostly chops
        (["2c2d", "3c3d", "4c4d", "5c5d"], "As Ks Qs 7h", ""),  # four-way, ties on the board
        (["7s6s", "AhAd"], "5s 4s Kh 2d", "3c"),
    ],
)
def test_post_flop_matches_brute_force(hands: list[str], board: str, dead: str) -> None:
    result = equity(hands, board=board, dead=dead)
    assert result.exact
    expected = brute_force([pair(h) for h in hands], indices(board), indices(dead))
    assert_matches(result, expected)


def test_random_deals_match_brute_force() -> None:
    rng = random.Random(6)
    for _ in range(12):
        players = rng.randint(2, 6)
        board_size = rng.choice([3, 4, 5])
        cards = rng.sample(range(52), 2 * players + board_size)
        hands = [(cards[2 * p], cards[2 * p + 1]) for p in range(players)]
        board = cards[2 * players :]
        result = equity([combo_text(h) for h in hands], board=combo_text(tuple(board)))  # type: ignore[arg-type]
        assert_matches(result, brute_force(hands, board))


def test_hands_may_be_given_as_cards() -> None:
    as_text = equity(["AsAh", "KsKh"], board="2c7d9h")
    as_cards = equity([parse_cards("As Ah"), [47, "Kh"]], board=parse_cards("2c 7d 9h"))
    assert [p.equity for p in as_text] == [p.equity for p in as_cards]


def test_swapping_players_swaps_results() -> None:
    forward = equity(["AsKd", "7h7c", "QsJs"], board="Ts 2h 7d")
    backward = equity(["QsJs", "7h7c", "AsKd"], board="Ts 2h 7d")
    for a, b in zip(forward, reversed(backward), strict=True):
        assert (a.equity, a.win, a.tie) == (b.equity, b.win, b.tie)


def _relabel(text: str, mapping: dict[str, str]) -> str:
    return "".join(mapping.get(ch, ch) for ch in text)


@pytest.mark.parametrize("board", ["", "2c 7c 9h", "Ts 9s 2s 3d"])
def test_results_do_not_depend_on_suit_names(board: str) -> None:
    hands = ["AsKs", "QhQd", "9c8c"]
    mapping = {"s": "h", "h": "c", "c": "d", "d": "s"}
    original = equity(hands, board=board)
    relabelled = equity([_relabel(h, mapping) for h in hands], board=_relabel(board, mapping))
    for a, b in zip(original, relabelled, strict=True):
        assert (a.equity, a.win, a.tie) == (b.equity, b.win, b.tie)


def test_equities_sum_to_one() -> None:
    cases = [
        (["AsAh", "KsKh", "QsQh", "JsJh"], ""),
        (["QQ+, AKs", "random", "22-55"], "2c 7d 9h"),
        (["AsKs", "AdKd", "AcKc", "AhKh"], "2c 3d 4h"),
    ]
    for hands, board in cases:
        result = equity(hands, board=board)
        assert sum(p.equity for p in result) == pytest.approx(1.0, abs=1e-12)
        for p in result:
            assert p.win + p.tie <= 1.0 + 1e-12
            assert p.win <= p.equity <= p.win + p.tie + 1e-12


def test_a_river_board_gives_whole_halves_or_nothing() -> None:
    win = equity(["AsAh", "KsKh"], board="2c 7d 9h Jc 3s")
    assert (win[0].equity, win[1].equity, win.boards) == (1.0, 0.0, 1)
    chop = equity(["AsKd", "AhKc"], board="2c 7d 9h Jc 3s")
    assert [p.equity for p in chop] == [0.5, 0.5]
    assert [p.tie for p in chop] == [1.0, 1.0]
    board_plays = equity(["2s3s", "2h3h", "4d5d"], board="As Ks Qd Jc Th")
    assert [p.equity for p in board_plays] == pytest.approx([1 / 3] * 3)


def range_brute_force(
    ranges: list[str], board: str, dead: str = ""
) -> list[tuple[Fraction, Fraction, Fraction]]:
    """Every compatible holding assignment, equally weighted, each with every board."""
    known = indices(board)
    out = known + indices(dead)
    combos = [remove_blocked(parse_range(r), out) for r in ranges]
    totals = [[Fraction(0)] * 3 for _ in ranges]
    assignments = 0
    for choice in _product(combos):
        cards = [c for h in choice for c in h]
        if len(set(cards)) != len(cards):
            continue
        assignments += 1
        for p, figures in enumerate(brute_force(list(choice), known, indices(dead))):
            for i in range(3):
                totals[p][i] += figures[i]
    return [(t[0] / assignments, t[1] / assignments, t[2] / assignments) for t in totals]


def _product(lists: list[tuple[tuple[int, int], ...]]) -> list[tuple[tuple[int, int], ...]]:
    from itertools import product

    return list(product(*lists))


def test_range_against_range_matches_brute_force() -> None:
    # Overlapping ranges (both want aces), one fixed hand blocking both.
    ranges = ["AA, AKs", "AK, 99", "Kh9h"]
    board = "9s 4d 2c 7c"
    result = equity(ranges, board=board)
    assert result.exact
    # Kh and 9h are held, 9s is on the board: AA 6 + AKs 3; AK 4 x 3 + 99 just 9d9c.
    assert [p.combos for p in result] == [6 + 3, 12 + 1, 1]
    assert_matches(result, range_brute_force(ranges, board))


def test_ranges_on_a_flop_match_brute_force() -> None:
    ranges = ["QQ+", "AKs, 76s"]
    board = "Qs 7s 2h"
    result = equity(ranges, board=board)
    assert result.exact
    assert_matches(result, range_brute_force(ranges, board))
    with_dead = equity(ranges, board=board, dead="Ks 6d")
    assert_matches(with_dead, range_brute_force(ranges, board, "Ks 6d"))


@pytest.mark.parametrize(
    ("hands", "board", "seed"),
    [
        (["AsAh", "KsKh"], "2c 7d 9h", 1),
        (["AsKs", "7h7c", "QdJd"], "", 2),  # three-way preflop
        (["Ah5h", "KdQd", "8c8s"], "4h 3h 9d", 3),
        (["QQ+, AKs", "AK, 99"], "9s 4d 2c", 4),  # range against range
        (["AA, AKs", "AK, 99", "Kh9h"], "9s 4d 2c", 5),  # three-way with ranges
        (["AsKs", "random"], "Qs 7s 2h", 6),  # 'random' is dealt like the board
        (["QQ+", "random", "AKs", "5c4c"], "Qs 7s 2h 3d", 7),
    ],
)
def test_sampling_lands_near_the_exact_answer(hands: list[str], board: str, seed: int) -> None:
    exact = equity(hands, board=board, exact=True)
    sampled = equity(hands, board=board, samples=200_000, seed=seed)
    assert not sampled.exact and sampled.boards == 200_000 and sampled.seed == seed
    for e, s in zip(exact, sampled, strict=True):
        assert s.std_error > 0
        assert abs(s.equity - e.equity) < 4 * s.std_error


def test_sampling_by_rejection_matches_the_exact_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # Force the path that deals each player a combo independently and rejects collisions.
    import lookup.odds.holdem.engine as module

    hands, board = ["AA, AKs", "AK, 99", "KK, A9s"], "9s 4d 2c"
    exact = equity(hands, board=board)
    monkeypatch.setattr(module, "ASSIGNMENT_LIMIT", 4)
    sampled = equity(hands, board=board, samples=200_000, seed=9)
    for e, s in zip(exact, sampled, strict=True):
        assert abs(s.equity - e.equity) < 4 * s.std_error


def test_standard_error_matches_the_spread_of_repeated_runs() -> None:
    runs = [equity(["AsKs", "QhQd"], samples=20_000, seed=s)[0] for s in range(40)]
    spread = float(np.std([r.equity for r in runs], ddof=1))
    assert 0.7 < runs[0].std_error / spread < 1.4


def test_sampling_is_reproducible() -> None:
    first = equity(["QQ+", "AKs", "random"], samples=50_000, seed=42)
    again = equity(["QQ+", "AKs", "random"], samples=50_000, seed=42)
    assert first == again
    other = equity(["QQ+", "AKs", "random"], samples=50_000, seed=43)
    assert first != other
    unseeded = equity(["QQ+", "AKs"], samples=10_000)
    assert unseeded.seed is not None
    assert equity(["QQ+", "AKs"], samples=10_000, seed=unseeded.seed) == unseeded


def test_default_chooses_exact_when_affordable() -> None:
    assert equity(["AsAh", "KsKh"]).exact  # 1,712,304 boards
    big = equity(["AA", "KK"], samples=None, seed=1, exact=None)
    assert not big.exact  # 36 assignments x 1,712,304 boards > EXACT_LIMIT
    assert EXACT_LIMIT < 36 * 1_712_304
    assert equity(["AA", "KK"], board="2c 7d 9h").exact
    assert not equity(["AsAh", "KsKh"], exact=False, seed=1).exact


def test_range_counts_after_removal_are_reported() -> None:
    result = equity(["QQ+", "AsKs"], board="Qd 7c 2h")
    assert result[0].combos == 18 - 3 - 3 - 3  # Qd on board, As and Ks in the other hand
    assert result[1].combos == 1


@pytest.mark.parametrize(
    ("call", "error", "text"),
    [
        (lambda: equity(["AsAh"]), PokerLookupError, "2 to 10 players"),
        (lambda: equity(["AA"] * 11), PokerLookupError, "2 to 10 players"),
        (lambda: equity("AsAh KsKh"), PokerLookupError, "as a list"),
        (lambda: equity(["AsAh", "KsKh"], board="2c 7d"), HandSizeError, "0, 3, 4 or 5"),
        (lambda: equity(["AsAh", "KsKh"], board="2c 7d 9h 3c 4c 5c"), HandSizeError, "got 6"),
        (lambda: equity(["AsAh", "AsKd"]), DuplicateCardError, "'As' is held by player 1"),
        (lambda: equity(["AsAh", "KsKh"], board="As 2c 3d"), DuplicateCardError, "'As'"),
        (lambda: equity(["AsAh", "KsKh"], board="2c 3d 4h", dead="2c"), DuplicateCardError, "'2c'"),
        (lambda: equity(["AsAh", "KsKh"], dead="Kh"), DuplicateCardError, "'Kh' is held by"),
        (lambda: equity(["AsAh", "QQ+, AKx"]), RangeError, "'AKx'"),
        (lambda: equity(["AsAh", "AsAhKs"]), RangeError, "two cards"),
        (lambda: equity(["AsAh", ["As"]]), HandSizeError, "player 2 has 1 card:"),
        (lambda: equity(["AsAh", 7]), RangeError, "player 2"),
        (lambda: equity(["AA", "KK"], board="Ac Ad Ah"), RangeError, "no combos left"),
        (lambda: equity(["AsAh", "AdAc", "AA"]), RangeError, "player 3's range 'AA'"),
        (lambda: equity(["AhAd", "AA", "AA"], board="2c 3c 4c"), PokerLookupError, "no deal"),
        (lambda: equity(["AsAh", "KsKh"], samples=0), PokerLookupError, "at least 1"),
        (lambda: equity(["AsAh", "KsKh"], samples=1.5), PokerLookupError, "whole number"),
        (lambda: equity(["AsAh", "KsKh"], exact=True, samples=10), PokerLookupError, "not both"),
        (lambda: equity(["AsAh", "KsKh"], samples=10, seed=-1), PokerLookupError, "seed must"),
        (lambda: equity(["AsAh", "KsKh"], samples=10, seed="x"), PokerLookupError, "seed must"),
        (
            lambda: equity(["AsAh", "KsKh"], dead=" ".join(str(c) for c in DECK[:44])),
            PokerLookupError,
            "not enough cards",
        ),
    ],
)
def test_bad_inputs_are_rejected_clearly(call, error, text) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as info:
        call()
    assert text in str(info.value)


def test_late_progress_bar_appears_only_for_long_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    equity(["AsAh", "KsKh"], board="2c 7d 9h", progress=True)
    assert capsys.readouterr().err == ""
    monkeypatch.setattr("lookup.core.progress.PROGRESS_AFTER", 0.0)
    monkeypatch.setattr("lookup.core.progress._isatty", lambda stream: True)
    equity(["AsAh", "KsKh"], dead="2c", progress=True)  # a dead card: enumerated, not the table
    assert "equity (exact)" in capsys.readouterr().err


def test_cli_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    from lookup.cli.main import main

    status = main(["equity", "AsAh", "KsKh", "--board", "2c7d9h", "--dead", "5s"])
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    assert out[0].split() == ["player", "hand", "equity", "win", "tie"]
    expected = brute_force([pair("AsAh"), pair("KsKh")], indices("2c7d9h"), indices("5s"))
    equity_text, win_text = (f"{float(f):.2%}" for f in expected[0][:2])
    assert out[1].split() == ["1", "AsAh", equity_text, win_text, "0.00%"]
    assert out[-1] == "exact: all 946 showdowns"  # C(44, 2)


def test_cli_samples_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from lookup.cli.main import main

    argv = ["equity", "QQ+, AKs", "random", "--samples", "20000", "--seed", "3", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is False and data["seed"] == 3 and data["samples"] == 20_000
    api = equity(["QQ+, AKs", "random"], samples=20_000, seed=3)
    assert [p["equity"] for p in data["players"]] == [p.equity for p in api]
    assert [p["combos"] for p in data["players"]] == [22, 1326]
    assert main(["equity", "AsAh", "KsKh", "--board", "2c7d9h4s5s", "--no-progress"]) == 0
    assert "exact: the only showdown" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "text"),
    [
        (["equity", "AsAh", "QQ+, AKx"], "'AKx'"),
        (["equity", "AsAh", "AsKd"], "'As' is held by player 1 and player 2"),
        (["equity", "AsAh"], "2 to 10 players"),
        (["equity", "AsAh", "KsKh", "--board", "2c7d"], "0, 3, 4 or 5"),
        (["equity", "AsAh", "KsKh", "--exact", "--samples", "5"], "not allowed with"),
        (
            ["equity", "AsAh", "KsKh", "--samples", "many"],
            "must be a whole number from 1 up, got 'many'",
        ),
    ],
)
def test_cli_errors_are_one_line_and_exit_2(
    argv: list[str], text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from lookup.cli.main import main

    try:
        status = main(argv)
    except SystemExit as stop:  # argparse usage errors exit from inside the parser
        status = int(stop.code or 0)
    err = capsys.readouterr().err
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and text in err


def test_import_lookup_does_not_import_numpy() -> None:
    import subprocess
    import sys

    code = (
        "import sys, lookup; lookup.parse_range; "
        "assert 'numpy' not in sys.modules, 'numpy imported'; "
        "assert callable(lookup.equity) and lookup.equity.__module__ == 'lookup.odds.front'; "
        "r = lookup.equity(['AsAh', 'KsKh'], board='2c7d9h4s5d'); "
        "assert callable(lookup.equity) and r[0].equity == 1.0"
    )
    subprocess.run(
        [sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parent.parent
    )
