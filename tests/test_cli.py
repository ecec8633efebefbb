"""The ``pokerlookup`` command as a user runs it: ``python -m lookup`` in a subprocess.

Expected winners and class numbers come from the reference classifier
(``tests.reference_classes``), never from the runtime under test.
"""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from lookup.core.cards import DECK, parse_cards
from tests.reference_classes import reference_best
from tests.terminal import run_on_terminal

ROOT = Path(__file__).resolve().parent.parent
SEED_EXAMPLE = "Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3S, 8C, 10D\nSally, AC, 10C, 5C, 2S, 2C\n"


def pokerlookup(*args: str, stdin: str | bytes = b"") -> subprocess.CompletedProcess[str]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    env = {k: v for k, v in os.environ.items() if k != "PYTHONIOENCODING"}
    done = subprocess.run(
        [sys.executable, "-m", "lookup", *args],
        cwd=ROOT,
        input=data,
        capture_output=True,
        timeout=60,
        env=env,
    )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


def ok(*args: str, stdin: str | bytes = b"") -> str:
    done = pokerlookup(*args, stdin=stdin)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def reference_winners(table: list[tuple[str, str]], board: str = "") -> list[str]:
    classes = [(name, reference_best(parse_cards(cards + " " + board))) for name, cards in table]
    best = min(number for _, number in classes)  # lower class number is stronger
    return [name for name, number in classes if number == best]


def as_file(table: list[tuple[str, str]]) -> str:
    return "".join(f"{name}, {cards}\n" for name, cards in table)


# --- showdown -----------------------------------------------------------------------------


def test_seed_example_prints_exactly_joe(tmp_path: Path) -> None:
    players = tmp_path / "players.txt"
    players.write_text(SEED_EXAMPLE)
    assert ok("showdown", str(players)) == "Joe\n"
    assert ok("showdown", "-", stdin=SEED_EXAMPLE) == "Joe\n"
    assert ok("showdown", stdin=SEED_EXAMPLE) == "Joe\n"
    table = [tuple(line.split(", ", 1)) for line in SEED_EXAMPLE.splitlines()]
    assert reference_winners(table) == ["Joe"]  # type: ignore[arg-type]


def test_split_pot_prints_every_winner_in_input_order() -> None:
    table = [
        ("Zed Zed", "Ah Kd Qc Js 9h"),
        ("Cy", "Ac Kh Qd Jd 8d"),
        ("Amy", "Ad Kc Qs Jh 9c"),
    ]
    assert reference_winners(table) == ["Zed Zed", "Amy"]
    assert ok("showdown", stdin=as_file(table)) == "Zed Zed\nAmy\n"


def test_board_that_plays_for_everyone() -> None:
    table = [("Ann", "2c 3d"), ("Bob", "4h 5s"), ("Cy", "7c 7d")]
    board = "As Kd Qh Jc Ts"
    assert reference_winners(table, board) == ["Ann", "Bob", "Cy"]
    assert ok("showdown", "--board", board, stdin=as_file(table)) == "Ann\nBob\nCy\n"


@pytest.mark.parametrize(
    "table",
    [
        [("weak", "As Ac Qh 7d 2c"), ("strong", "Ah Ad Kc 7s 2d")],  # first kicker
        [("weak", "As Ac Kh 7d 2c"), ("strong", "Ah Ad Kc 7s 3d")],  # last kicker
        [("wheel", "Ah 2d 3c 4s 5h"), ("six-high", "2c 3d 4h 5c 6s")],
    ],
)
def test_kickers_and_straights(table: list[tuple[str, str]]) -> None:
    expected = reference_winners(table)
    assert len(expected) == 1 and expected[0] in {"strong", "six-high"}
    assert ok("showdown", stdin=as_file(table)) == expected[0] + "\n"


def test_thirteen_card_hands() -> None:
    rng = random.Random(13)
    deck = list(DECK)
    rng.shuffle(deck)
    table = [(f"hand {i}", " ".join(map(str, deck[13 * i : 13 * i + 13]))) for i in range(4)]
    expected = reference_winners(table)
    assert ok("showdown", stdin=as_file(table)) == "".join(f"{n}\n" for n in expected)


def test_json_agrees_with_reference() -> None:
    rng = random.Random(5)
    deck = list(DECK)
    rng.shuffle(deck)
    table = [(f"p{i}", " ".join(map(str, deck[7 * i : 7 * i + 7]))) for i in range(5)]
    record = json.loads(ok("showdown", "--json", stdin=as_file(table)))
    assert record["winners"] == reference_winners(table)
    assert record["board"] is None
    for player, (name, cards) in zip(record["players"], table, strict=True):
        assert player["name"] == name
        assert parse_cards(player["cards"]) == parse_cards(cards)
        assert player["class"] == reference_best(parse_cards(cards))
        assert set(player["best_five"]) <= set(cards.split())
        assert reference_best(parse_cards(player["best_five"])) == player["class"]
        assert player["winner"] == (name in record["winners"])


def test_json_with_board() -> None:
    table = [("Ann", "Ah Kh"), ("Bob", "7d 7s")]
    board = "7h 7c 2h 9h 3c"
    record = json.loads(ok("showdown", "--json", "--board", board, stdin=as_file(table)))
    assert record["board"] == board.split()
    assert record["winners"] == reference_winners(table, board) == ["Bob"]
    assert [p["cards"] for p in record["players"]] == [["Ah", "Kh"], ["7d", "7s"]]


def test_verbose_shows_every_hand_and_description() -> None:
    out = ok("showdown", "--verbose", stdin=SEED_EXAMPLE)
    lines = out.splitlines()
    assert len(lines) == 4 and lines[-1] == "winner: Joe"
    assert lines[0].startswith("* Joe ")  # the winner is starred
    assert lines[1].startswith("  Bob ") and lines[2].startswith("  Sally ")
    for line, held in zip(
        lines[:3], ["3h 4h 5h 6h 8h", "3c 3d 3s 8c Td", "Ac Tc 5c 2s 2c"], strict=True
    ):
        assert held in line
    # Descriptions name the category and the ranks that decide it.
    assert lines[0].endswith("Flush, Eight-Six-Five-Four-Three")
    assert lines[1].endswith("Three of a Kind, Threes, Ten-Eight")
    assert lines[2].endswith("Pair of Twos, Ace-Ten-Five")


def test_verbose_split_pot_and_board() -> None:
    out = ok("showdown", "-v", "--board", "As Kd Qh Jc Ts", stdin="Ann, 2c 3d\nBob, 4h 5s\n")
    lines = out.splitlines()
    assert lines[0] == "board: As Kd Qh Jc Ts"
    assert lines[-1] == "split pot: Ann, Bob"
    assert all(line.startswith("* ") for line in lines[1:3])


def test_blank_lines_comments_crlf_and_bom() -> None:
    text = "\ufeff# game 1\r\n\r\nJoe Smith , 3H 4H 5H 6H 8H  # flush\r\nBob, 3C 3D 3S 8C 10D\r\n"
    assert ok("showdown", stdin=text.encode("utf-8")) == "Joe Smith\n"


def test_non_ascii_names_survive_any_output_encoding() -> None:
    text = "José, As Ks Qs Js Ts\nZoë, 2c 3c 4c 5c 7d\n"
    assert ok("showdown", stdin=text) == "José\n"
    record = json.loads(ok("showdown", "--json", stdin=text))
    assert [p["name"] for p in record["players"]] == ["José", "Zoë"]
    done = subprocess.run(
        [sys.executable, "-m", "lookup", "showdown", "--verbose"],
        cwd=ROOT,
        input=text.encode(),
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert done.returncode == 0 and done.stderr == b""
    assert b"* Jos\\xe9 " in done.stdout  # escaped, not a crash


# --- eval ---------------------------------------------------------------------------------


def _eval_fields(out: str) -> dict[str, str]:
    fields = dict(line.split(":", 1) for line in out.splitlines())
    return {key: value.strip() for key, value in fields.items()}


def test_eval_prints_name_description_cards_and_class() -> None:
    out = ok("eval", "As", "Kd", "7h", "7c", "2s")
    fields = _eval_fields(out)
    assert list(fields) == ["name", "description", "plays", "class"]
    assert fields["name"] == "Pair"
    assert fields["description"] == "Pair of Sevens, Ace-King-Two"
    assert fields["plays"] == "7h 7c As Kd 2s"
    number = reference_best(parse_cards("As Kd 7h 7c 2s"))
    assert fields["class"].startswith(f"{number} of 7462")


def test_eval_one_string_run_together_and_board_agree() -> None:
    separate = ok("eval", "As", "Kd", "7h", "7c", "2s")
    assert ok("eval", "As Kd 7h 7c 2s") == separate
    assert ok("eval", "AsKd7h7c2s") == separate
    assert ok("eval", "As", "Kd", "--board", "7h 7c 2s") == separate


@pytest.mark.parametrize("size", [5, 6, 7, 9, 13])
def test_eval_json_any_size(size: int) -> None:
    rng = random.Random(size)
    cards = rng.sample(DECK, size)
    record = json.loads(ok("eval", "--json", " ".join(map(str, cards))))
    assert record["class"] == reference_best(cards)
    assert record["cards"] == [str(c) for c in cards]
    assert record["board"] is None
    assert reference_best(parse_cards(record["best_five"])) == record["class"]


def test_eval_json_with_board() -> None:
    record = json.loads(ok("eval", "--json", "Ah", "Kd", "--board", "Ac Ad 7s 7c 2h"))
    assert record["board"] == ["Ac", "Ad", "7s", "7c", "2h"]
    assert record["hand"] == "Full House"
    assert record["class"] == reference_best(parse_cards("Ah Kd Ac Ad 7s 7c 2h"))


def test_wheel_and_royal_names() -> None:
    assert _eval_fields(ok("eval", "Ah 2d 3c 4s 5h"))["description"] == "Straight, Five high"
    assert _eval_fields(ok("eval", "Ah 2d 3c 4s 5h"))["plays"] == "5h 4s 3c 2d Ah"
    royal = _eval_fields(ok("eval", "Ts Js Qs Ks As 2c"))
    assert royal["name"] == "Royal Flush" and royal["class"].startswith("1 of 7462")


# --- terminal output ----------------------------------------------------------------------


def _run_on_terminal(*args: str) -> str:
    """Run with stdout on a pseudo-terminal, as in an interactive shell."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONIOENCODING"}
    env["PYTHONIOENCODING"] = "utf-8"
    status, output, stderr = run_on_terminal(
        [sys.executable, "-m", "lookup", *args], cwd=ROOT, env=env
    )
    assert status == 0, stderr
    return output


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pty behaviour varies")
def test_suit_symbols_on_a_terminal_letters_elsewhere() -> None:
    on_terminal = _run_on_terminal("eval", "As", "Kd", "7h", "7c", "2s")
    assert "plays:       7♥ 7♣ A♠ K♦ 2♠" in on_terminal
    ascii_terminal = _run_on_terminal("eval", "--ascii", "As", "Kd", "7h", "7c", "2s")
    assert "plays:       7h 7c As Kd 2s" in ascii_terminal
    piped = ok("eval", "As", "Kd", "7h", "7c", "2s")
    assert "♠" not in piped and "7h 7c As Kd 2s" in piped


# --- bad input ----------------------------------------------------------------------------


def assert_one_line_error(done: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.endswith("\n") and done.stderr.count("\n") == 1, done.stderr
    # "pokerlookup: error: ..." or, for usage errors, "pokerlookup eval: error: ..."
    assert re.match(r"pokerlookup( \w+)?: error: \S", done.stderr), done.stderr
    for needle in needles:
        assert needle in done.stderr, (needle, done.stderr)
    return done.stderr


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        ("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3S, 8C, XD\n", ["line 2", "'XD'"]),
        ("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3S, 8C, 1H\n", ["line 2", "'1H'"]),
        ("# c\n\nJoe, 3H, 4H, 5H, 6H, 8\n", ["line 3", "'8'", "no suit"]),
        ("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3S, 8H, 10D\n", ["line 2", "'8h'", "'Joe'"]),
        ("Joe, 3H, 4H, 5H, 6H, 8H\nJoe, 3C, 3D, 3S, 8C, 10D\n", ["line 2", "'Joe'"]),
        ("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3S, 8C\n", ["line 2", "4 cards", "3C, 3D, 3S, 8C"]),
        ("Joe 3H 4H 5H 6H 8H\n", ["line 1", "Joe 3H 4H 5H 6H 8H"]),
        ("", ["no players"]),
        ("\n# nobody\n", ["no players"]),
    ],
)
def test_bad_showdown_files(text: str, needles: list[str]) -> None:
    assert_one_line_error(pokerlookup("showdown", stdin=text), *needles)


@pytest.mark.parametrize(
    ("board", "text", "needles"),
    [
        ("7h 7c 2h", "Ann, Ah Kh\nBob, 7d 7h\n", ["line 2", "'7h'", "board"]),
        ("7h 7c 2h", "Ann, Ah Kh Qh Jh Th\n", ["line 1", "2 hole cards"]),
        ("7h 7c", "Ann, Ah Kh\n", ["board", "3, 4 or 5"]),
        ("7h 7c 1h", "Ann, Ah Kh\n", ["board", "'1h'"]),
    ],
)
def test_bad_holdem_files(board: str, text: str, needles: list[str]) -> None:
    assert_one_line_error(pokerlookup("showdown", "--board", board, stdin=text), *needles)


def test_unreadable_inputs(tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    assert_one_line_error(pokerlookup("showdown", str(missing)), "missing.txt")
    assert_one_line_error(pokerlookup("showdown", str(tmp_path)), str(tmp_path))
    latin1 = "Joe, 3H 4H 5H 6H 8H\nJosé, 3C 3D 3S 8C 10D\n".encode("latin-1")
    assert_one_line_error(pokerlookup("showdown", stdin=latin1), "line 2", "UTF-8")


def test_closed_stdin_is_an_error_not_a_crash() -> None:
    command = f"{shlex.quote(sys.executable)} -m lookup showdown <&-"
    done = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert_one_line_error(done, "standard input")


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["eval", "As", "Kd", "7h", "7c"], ["4 cards"]),
        (["eval", "As", "Kd", "7h", "7c", "1s"], ["'1s'"]),
        (["eval", "As", "Kd", "7h", "7c", "2"], ["'2'", "no suit"]),
        (["eval", "As", "Kd", "7h", "7c", "As"], ["'As'"]),
        (["eval", "As", "Kd", "--board", "As 7c 2d"], ["'As'", "board"]),
        (["eval", " ".join(str(c) for c in DECK[:14])], ["14 cards"]),
        (["eval"], ["CARD"]),
        (["eval", "--json"], ["CARD"]),
        (["frobnicate"], ["frobnicate"]),
        ([], ["COMMAND"]),
        (["showdown", "--no-such-option"], ["--no-such-option"]),
    ],
)
def test_bad_command_lines(args: list[str], needles: list[str]) -> None:
    error = assert_one_line_error(pokerlookup(*args), *needles)
    assert "usage:" not in error


@pytest.mark.parametrize("flag", ["--json", "--verbose", "--ascii"])
def test_errors_stay_one_line_whatever_the_output_mode(flag: str) -> None:
    assert_one_line_error(pokerlookup("showdown", flag, stdin="Joe, 3H 4H\n"), "line 1")


# --- help and packaging -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--help"], ["eval", "showdown", "examples:", "pokerlookup eval As Kd 7h 7c 2s"]),
        (["eval", "--help"], ["examples:", "--board", "--json", "--ascii"]),
        (["showdown", "--help"], ["examples:", "--board", "--verbose", "--json", "Joe, 3H"]),
    ],
)
def test_help_has_examples(args: list[str], needles: list[str]) -> None:
    out = ok(*args)
    for needle in needles:
        assert needle in out


def test_help_lists_eval_before_showdown() -> None:
    out = ok("--help")
    assert out.index("    eval ") < out.index("    showdown ")


def test_console_script_points_at_main() -> None:
    with (ROOT / "pyproject.toml").open("rb") as stream:
        scripts = tomllib.load(stream)["project"]["scripts"]
    assert scripts["pokerlookup"] == "lookup.cli.main:main"
    from lookup.cli.main import main

    assert main(["showdown", os.devnull]) == 2  # no players: an error, not a crash


def test_eval_examples_in_help_run() -> None:
    for args in (["--help"], ["eval", "--help"]):
        examples = [
            shlex.split(line.split("#")[0])[1:]
            for line in ok(*args).splitlines()
            if line.strip().startswith("pokerlookup eval ")
        ]
        assert examples
        for example in examples:
            ok(*example)


# --- output and input that cannot be handled -----------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["eval", "As Ks Qs Js Ts"],
        ["eval", "--json", "As Ks Qs Js Ts 2c 3d"],
        ["rules"],
        ["census", "5", "--no-progress"],
        ["equity", "AsAh", "KsKh", "--board", "2c7d9h"],
    ],
)
def test_a_full_disk_is_one_line_and_status_2(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "lookup", *args],
            cwd=ROOT,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr == "pokerlookup: error: cannot write output: No space left on device\n"


def test_a_showdown_file_is_bounded(tmp_path: Path) -> None:
    from lookup.cli.showdown import MAX_INPUT_BYTES

    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"Ann, As Ks Qs Js Ts\n" * (MAX_INPUT_BYTES // 20 + 1))
    assert_one_line_error(pokerlookup("showdown", str(huge)), "larger than 1,048,576 bytes")
    endless = "/dev/zero"  # would be read for ever
    if Path(endless).exists():
        assert_one_line_error(pokerlookup("showdown", endless), "larger than")
    just_fits = "".join(f"P{i}, {DECK[2 * i]} {DECK[2 * i + 1]}\n" for i in range(20))
    assert pokerlookup("showdown", "--board", "As Ah Ad", stdin=just_fits).returncode == 0
