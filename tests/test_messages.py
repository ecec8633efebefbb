"""One phrasing per message kind, from every entry point (lookup.core.messages).

Each kind (a card dealt twice, a count of cards, a name that is not known) is
provoked from several layers: the library's evaluate, showdown and equity in
more than one game, and the command line. Every message must read the one way
lookup.core.messages spells it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest

import lookup
from lookup.cli.main import main
from lookup.core.errors import PokerLookupError
from lookup.core.messages import count

PLACE = r"(the hand( \w+)?|the board|the dead cards|player \d+|'[^']+')"
DUPLICATE = re.compile(rf"card '\w+' (is held by {PLACE} and {PLACE}|appears more than once)")
UNKNOWN = re.compile(r"unknown (ranking|game|game family|category) '[^']*': \w+ are [\w, -]+")


def _cli(args: list[str], stdin: str = "") -> str:
    """The one line ``pokerlookup args`` writes on stderr (exit status 2)."""
    saved = lookup.cli.main.sys.stdin  # type: ignore[attr-defined]
    errors = io.StringIO()
    try:
        lookup.cli.main.sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))  # type: ignore[attr-defined]
        saved_err = lookup.cli.main.sys.stderr  # type: ignore[attr-defined]
        lookup.cli.main.sys.stderr = errors  # type: ignore[attr-defined]
        try:
            assert main(args) == 2
        finally:
            lookup.cli.main.sys.stderr = saved_err  # type: ignore[attr-defined]
    finally:
        lookup.cli.main.sys.stdin = saved  # type: ignore[attr-defined]
    text = errors.getvalue()
    assert text.count("\n") == 1
    return text.removeprefix("pokerlookup: error: ").strip()


def _raised(call: Callable[[], object]) -> str:
    with pytest.raises(PokerLookupError) as info:
        call()
    return str(info.value)


def _core(message: str) -> str:
    return re.sub(r"^(line \d+|player \d+): ", "", message)


DUPLICATES: list[Callable[[], str]] = [
    lambda: _raised(lambda: lookup.evaluate("As As Kd 7h 2c")),
    lambda: _raised(lambda: lookup.best_five("As Kd", "As 7h 2c 3d 4s")),
    lambda: _raised(lambda: lookup.showdown({"Ann": "As Kd", "Ben": "As Qd"}, board="2c 7h 9d")),
    lambda: _raised(lambda: lookup.showdown({"Ann": "As Kd"}, board="As 7h 9d 2c 3c")),
    lambda: _raised(lambda: lookup.equity(["AsAh", "AsKd"])),
    lambda: _raised(lambda: lookup.equity(["AsAh", "KsKh"], board="2c 7d 9h", dead="2c")),
    lambda: _raised(lambda: lookup.equity(["AsAh", "KsKh"], dead="Kh")),
    lambda: _raised(lambda: lookup.equity(["As Ah Ks Kh", "Qd Qc Jd As"], game="omaha")),
    lambda: _raised(
        lambda: lookup.equity(["As Ah Ks Kh", "random"], board="Ks 2c 3c", game="omaha")
    ),
    lambda: _raised(lambda: lookup.equity(["As Ah Ks Kh", "random"], dead="Ks", game="omaha")),
    lambda: _cli(["eval", "As", "Kd", "--board", "As 7c 2d"]),
    lambda: _cli(["showdown", "-"], "Joe, 3H 4H 5H 6H 8H\nBob, 3C 3D 3S 8H TD\n"),
    lambda: _cli(
        ["showdown", "--game", "omaha", "--board", "2c 7d 9h", "-"],
        "A, As Ah Ks Kh\nB, As Qd Qc Jd\n",
    ),
    lambda: _cli(["equity", "AsAh", "AsKd"]),
    lambda: _cli(["equity", "--game", "razz", "Ah 2d 5c", "Ah Kd 3s"]),
    lambda: _raised(lambda: lookup.strength("Ks 7h 2d", dead="Ks")),
    lambda: _raised(lambda: lookup.strength("Ks 7h 2d", hands="Ks Kd")),
    lambda: _raised(lambda: lookup.strength("Ks 7h 2d", hands="Qd Jc", dead="Jc")),
    lambda: _raised(lambda: lookup.breakdown("AsKs", board="Qs 7h 2d", dead="Qs")),
    lambda: _raised(lambda: lookup.outs(["AsKs", "QhQd"], "Qs 7h 2d", dead="Qs")),
]


@pytest.mark.parametrize("provoke", DUPLICATES)
def test_a_card_dealt_twice_reads_one_way(provoke: Callable[[], str]) -> None:
    message = _core(provoke())
    assert DUPLICATE.fullmatch(message), message


COUNTS: list[Callable[[], str]] = [
    lambda: _cli(["eval", "As"]),
    lambda: _cli(["showdown", "-"], "Joe, 3H\nBob, 3C 3D 3S 8H TD\n"),
    lambda: _raised(lambda: lookup.equity(["AsAh", ["As"]])),
    lambda: _raised(lambda: lookup.showdown({"Ann": "As", "Ben": "2c 3c 4c 5c 7d"})),
    lambda: _cli(["equity", "--game", "omaha", "As Ah Ks Kh", "Qd"]),
    lambda: _cli(["showdown", "--board", "Ah", "-"], "Joe, 3H 4H\nBob, 3C 3D\n"),
    lambda: _raised(lambda: lookup.strength("Ks 7h 2d", hands=["Qd"])),
]


@pytest.mark.parametrize("provoke", COUNTS)
def test_one_card_is_one_card(provoke: Callable[[], str]) -> None:
    message = provoke()
    assert "1 card" in message, message
    assert not re.search(r"\b1 (card|board|showdown|deal|hand)s\b", message), message


def test_counts_are_one_phrasing() -> None:
    # Written out, not computed by count(): the phrasing every count message uses.
    assert [count(n, "card") for n in (0, 1, 2, 1000)] == ["0 cards", "1 card", "2 cards",
                                                            "1,000 cards"]  # fmt: skip


UNKNOWNS: list[Callable[[], str]] = [
    lambda: _raised(lambda: lookup.get_game("omahaa")),
    lambda: _raised(lambda: lookup.get_ranking("lowball")),
    lambda: _raised(lambda: lookup.evaluate("As Kd 7h 7c 2s", rules="lowball")),
    lambda: _raised(lambda: lookup.equity(["AsAh", "KsKh"], game="omahaa")),
    lambda: _cli(["eval", "--rules", "lowball", "As Kd 7h 7c 2s"]),
    lambda: _cli(["eval", "--game", "omahaa", "As Kd 7h 7c"]),
    lambda: _cli(["equity", "--game", "omahaa", "AsAh", "KsKh"]),
    lambda: _cli(["census", "5", "--rules", "lowball"]),
]


@pytest.mark.parametrize("provoke", UNKNOWNS)
def test_an_unknown_name_reads_one_way(provoke: Callable[[], str]) -> None:
    message = provoke()
    assert UNKNOWN.match(message), message


OUTSIDE_THE_DECK = re.compile(
    r"card '\w+' is not in the [\w-]+ deck: (its ranks are [2-9TJQKA]+|it has no jokers .*)"
)
OUTSIDES: list[Callable[[], str]] = [
    lambda: _raised(lambda: lookup.evaluate("2c 6d 7c 8s 9h", rules="short-deck")),
    lambda: _raised(lambda: lookup.equity(["JhJd", "AsKs"], board="2c 7d 9h", game="short-deck")),
    lambda: _raised(lambda: lookup.equity(["JhJd", "As2s"], board="6c 7d 9h", game="short-deck")),
    lambda: _raised(lambda: lookup.equity(["JhJd", "AsKs"], dead="5d", game="short-deck")),
    lambda: _raised(lambda: lookup.equity(["AsAh", "KsKh"], board="2c 7d Jk")),
    lambda: _raised(lambda: lookup.equity(["As Ah Ks Kh", "random"], dead="Jk", game="omaha")),
    lambda: _cli(["equity", "--game", "short-deck", "JhJd", "AsKs", "--board", "2c7d9h"]),
    lambda: _raised(lambda: lookup.strength("6s 7h 2d", game="short-deck")),
    lambda: _raised(lambda: lookup.strength("6s 7h 8d", hands="As 5s", game="short-deck")),
    lambda: _raised(lambda: lookup.breakdown("AsKs", board="6s 7h 2d", game="short-deck")),
    lambda: _raised(
        lambda: lookup.outs(["AsKs", "QhQd"], "6s 7h 8d", dead="2c", game="short-deck")
    ),
]


@pytest.mark.parametrize("provoke", OUTSIDES)
def test_a_card_outside_the_deck_says_what_the_deck_holds(provoke: Callable[[], str]) -> None:
    # The generic engine once said only "card '2c' is not in the short-deck deck".
    message = _core(provoke())
    assert OUTSIDE_THE_DECK.fullmatch(message), message


WHOLE = re.compile(
    r"argument --[\w/-]+: must be a whole number from \d+ (up|to [\d,]+)( \([^)]*\))?, "
    r"got '?-?\w+'?"
)
COUNT_OPTIONS = [
    ["equity", "AsAh", "KsKh", "--samples"],
    ["equity", "AsAh", "KsKh", "--seed"],
    ["equity", "AsAh", "KsKh", "--exact-limit"],
    ["equity", "AsAh", "KsKh", "--workers"],
    ["breakdown", "QQ+", "--board", "Ks 7h 2d", "--samples"],
    ["breakdown", "QQ+", "--board", "Ks 7h 2d", "--seed"],
    ["breakdown", "QQ+", "--board", "Ks 7h 2d", "--exact-limit"],
    ["outs", "AsKs", "QhQd", "--board", "Js Ts 2h", "--exact-limit"],
    ["strength", "--board", "Ks 7h 2d", "--bins"],
    ["strength", "--board", "Ks 7h 2d", "--samples"],
    ["strength", "--board", "Ks 7h 2d", "--seed"],
    ["strength", "--board", "Ks 7h 2d", "--top"],
    ["census", "5", "--jobs"],
]


@pytest.mark.parametrize("given", ["x", "2.5", "-1"])
@pytest.mark.parametrize("argv", COUNT_OPTIONS, ids=lambda argv: f"{argv[0]} {argv[-1]}")
def test_every_count_option_reads_one_way(
    argv: list[str], given: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Once: argparse's "invalid int value", "expected a whole number", "must be 1 or more",
    # "must be 0 (one per CPU) up to" and "from 1 up to", by option.
    with pytest.raises(SystemExit) as info:
        main([*argv, given])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert WHOLE.search(err), err


LONG = "x" * 3000
LONG_INPUTS: list[Callable[[], str]] = [
    lambda: _raised(lambda: lookup.evaluate(LONG)),
    lambda: _raised(lambda: lookup.evaluate("As Ks", LONG)),
    lambda: _raised(lambda: lookup.get_game(LONG)),
    lambda: _raised(lambda: lookup.get_ranking(LONG)),
    lambda: _raised(lambda: lookup.equity([LONG, "KK"])),
    lambda: _raised(lambda: lookup.Range(f"KK:{'0.' + '1' * 3000}")),
    lambda: _cli(["eval", LONG]),
    lambda: _cli(["equity", "AsAh", "KK", "--game", LONG]),
]


@pytest.mark.parametrize("provoke", LONG_INPUTS)
def test_a_long_input_is_cut_short_in_its_one_line(provoke: Callable[[], str]) -> None:
    # Messages quoted a 3,000-character input whole: one line, but no message to read.
    message = provoke()
    assert len(message) < 400 and "characters)" in message, message[:500]
