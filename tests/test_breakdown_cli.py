"""``pokerlookup breakdown``: the table, JSON, the picture, and one line for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lookup.board.breakdown import breakdown
from lookup.cli.main import main


def test_the_table_lists_made_hands_then_draws_with_a_total(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["breakdown", "QQ+, AK, T9s", "--board", "Ks 7h 2d"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["made", "hands", "combos", "share"]
    assert lines[1].split() == ["set", "3.00", "9.68%"]
    draws = lines.index("draws")
    assert lines[draws - 1].split() == ["nothing", "4.00", "12.90%"]
    assert lines[-2].split() == ["total", "31.00", "100%"]
    made = [line for line in lines[1:draws]]
    assert sum(float(line.split()[-2]) for line in made) == 31.0


def test_json_is_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["breakdown", "AT, 98s", "--board", "Ah 6d 7c", "--game", "short-deck",
                 "--json"]) == 0  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    want = breakdown("AT, 98s", board="Ah 6d 7c", game="short-deck").to_json()
    assert data == want
    assert data["labels"]["9s8s"]["made"] == "nut-straight"


def test_omaha_reads_two_hole_cards_with_three_board_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["breakdown", "AhKhQhJh, AsAdKcQd", "--board", "2h 7c 8d", "--game", "omaha"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == breakdown("AhKhQhJh, AsAdKcQd", board="2h 7c 8d", game="omaha").to_json()
    # Four hearts with one heart on the board: a backdoor flush draw, never a flush draw.
    assert "flush-draw" not in data["labels"]["JhQhKhAh"]["draws"]
    assert data["labels"]["QdKcAdAs"]["made"] == "overpair"
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2].split() == ["total", "2.00", "100%"]
    assert (
        main(
            [
                "breakdown",
                "AAKKx",
                "--board",
                "Kd",
                "--street",
                "flop",
                "--game",
                "courchevel",
                "--samples",
                "20",
                "--seed",
                "1",
                "--exact-limit",
                "0",
            ]
        )
        == 0
    )
    assert capsys.readouterr().out.splitlines()[-1].startswith("sampled: 20 boards")


def test_a_partial_board_is_completed_and_says_how(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["breakdown", "AsKs", "--street", "flop"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("exact: all 22,100 boards completing the flop")
    assert main(["breakdown", "AK", "--street", "flop", "--exact-limit", "0", "--samples",
                 "50", "--seed", "3"]) == 0  # fmt: skip
    sampled = capsys.readouterr().out.splitlines()
    assert "± s.e." in sampled[0] and sampled[-1].startswith("sampled: 50 boards")


def test_png_draws_the_bars(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "b.png"
    assert main(["breakdown", "QQ+, AK", "--board", "Ks 7h 2h", "--png", str(picture)]) == 0
    assert picture.read_bytes()[:4] == b"\x89PNG"
    assert "total" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["breakdown", "QQ+", "--board", "Ks 7h"],
        ["breakdown", "QQ+", "--board", "Ks 7h 2d", "--game", "stud"],
        ["breakdown", "QQ+", "--board", "Ks 7h 2d", "--game", "omaha"],  # two cards, not four
        ["breakdown", "AAxx", "--board", "Kd", "--street", "flop", "--game", "courchevel"],
        ["breakdown", "QQ+", "--board", "Ks 7h Ks"],
        ["breakdown", "QQ+:2", "--board", "Ks 7h 2d"],
        ["breakdown", "ZZ", "--board", "Ks 7h 2d"],
        ["breakdown", "QQ+", "--board", "Ks 7h 2d", "--street", "river2"],
        ["breakdown", "QQ+", "--board", "Ks 7h 2d", "--png", "b.jpg"],
        ["breakdown", "QsQh", "--board", "Qs 7h 2d"],
        ["breakdown", "QQ+", "--board", "2s 7h 8d", "--game", "short-deck"],
        ["breakdown", "QQ+", "--street", "flop", "--samples", "0"],
        ["breakdown", "QQ+", "--street", "flop", "--samples", "many"],
    ],
)
def test_bad_input_is_exit_2_and_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse's own refusals exit from inside the parser
        status = exc.code  # type: ignore[assignment]
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err and "Traceback" not in err
