"""The hand-class grid of ``pokerlookup equity --by-class`` (and the preflop chart's).

Held against references written from the definitions, never against the code under
test: the grid's layout against a placement from the ranks; the printed numbers
against the library's ``by_class``, read back from the text; ``lookup.equity(...,
by_class=True)`` on flat ranges against the weighted path with equal weights and
against a brute force over each class's combos (tablegen's classifier, Fractions).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import lookup
from lookup.cli.grid import (
    HOLDEM_RANKS,
    SHORT_DECK_RANKS,
    cell_of,
    class_grid,
    fits_grid,
    render_grid,
)
from lookup.cli.main import main
from lookup.core.cards import Card, parse_cards
from lookup.preflop.classes import CLASS_NAMES
from lookup.ranges.holdem import parse_holding

from .game_equity_reference import reference_equity
from .terminal import run_on_terminal

ROOT = Path(__file__).resolve().parent.parent
ESCAPE = "\033["

# --- the layout -------------------------------------------------------------------------


def placement(ranks: str) -> dict[str, tuple[int, int]]:
    """Every class of the deck's ranks and its cell, from the definition: rank i is row
    and column i (the ace first); a pair sits at (i, i), a suited hand at (high, low),
    above the diagonal, an offsuit one at (low, high), below it."""
    cells = {}
    for i, high in enumerate(ranks):
        for j, low in enumerate(ranks):
            if i == j:
                cells[high + low] = (i, i)
            elif i < j:  # high is the higher rank
                cells[f"{high}{low}s"] = (i, j)
                cells[f"{high}{low}o"] = (j, i)
    return cells


@pytest.mark.parametrize(("ranks", "size"), [(HOLDEM_RANKS, 169), (SHORT_DECK_RANKS, 81)])
def test_each_class_lands_in_its_one_cell(ranks: str, size: int) -> None:
    expected = placement(ranks)
    assert len(expected) == size == len(set(expected.values())) == len(ranks) ** 2
    grid = class_grid(ranks)
    assert {name: (r, c) for r, row in enumerate(grid) for c, name in enumerate(row)} == expected
    for name, cell in expected.items():
        assert cell_of(name, ranks) == cell
        row, column = cell
        assert (row < column) == name.endswith("s") and (row > column) == name.endswith("o")


def test_the_preflop_chart_is_in_grid_order() -> None:
    assert [n for row in class_grid(HOLDEM_RANKS) for n in row] == list(CLASS_NAMES)


@pytest.mark.parametrize("name", ["KAs", "AKx", "AsKd", "A", "22s", "AAo", "54s"])
def test_names_off_the_grid_are_refused(name: str) -> None:
    with pytest.raises(lookup.PokerLookupError) as caught:
        cell_of(name, SHORT_DECK_RANKS)
    assert caught.value.token == name and isinstance(caught.value, ValueError)
    assert not fits_grid([name], SHORT_DECK_RANKS)


# --- the printed grid is the library's by_class ----------------------------------------------


def read_grids(text: str) -> dict[int, dict[str, str]]:
    """Each player's printed cells, by class (``"."`` when empty), read from the layout."""
    grids: dict[int, dict[str, str]] = {}
    lines = text.splitlines()
    for at, line in enumerate(lines):
        found = re.match(r"player (\d+) \(", line)
        if not found or "hand class" not in line:
            continue
        header = lines[at + 2].split()
        ranks = "".join(header)
        cells: dict[str, str] = {}
        for r, row_line in enumerate(lines[at + 3 : at + 3 + len(ranks)]):
            rank, *values = row_line.split()
            assert rank == ranks[r] and len(values) == len(ranks)
            for c, value in enumerate(values):
                cells[class_grid(ranks)[r][c]] = value
        grids[int(found.group(1))] = cells
    return grids


SPOTS = [
    (["QQ+, AKs:0.5, A5s-A2s, KQo", "JJ-99, AQ"], "2c7d9h", "holdem"),
    (["QQ+, AKs", "JhTh"], "2c7d9h4s", "holdem"),  # flat: by_class asked for
    (["AKs, QQ+:0.5", "JJ-77", "T9s, 66"], "6c7d9h", "short-deck"),
]


@pytest.mark.parametrize(("hands", "board", "game"), SPOTS)
def test_printed_grid_is_the_librarys_by_class(
    hands: list[str], board: str, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["equity", *hands, "--board", board, "--game", game, "--by-class"]) == 0
    grids = read_grids(capsys.readouterr().out)
    result = lookup.equity(hands, board=board, game=game, by_class=True)
    holders = {n: p for n, p in enumerate(result, start=1) if p.by_class is not None}
    assert sorted(grids) == sorted(holders) and holders
    for number, player in holders.items():
        assert player.by_class is not None
        printed = {name: v for name, v in grids[number].items() if v != "."}
        assert set(printed) == set(player.by_class)
        for name, value in printed.items():
            assert value == f"{100 * player.by_class[name].equity:.1f}"


def test_omaha_lists_its_classes(capsys: pytest.CaptureFixture[str]) -> None:
    hands, board = ["AAxx ds", "Ks Kd Qh Jc"], "2c7d9h8s"
    assert main(["equity", "--game", "omaha", *hands, "--board", board, "--by-class"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(
        i for i, line in enumerate(lines) if line.split() == ["class", "probability", "equity"]
    )
    player = lookup.equity(hands, board=board, game="omaha", by_class=True)[0]
    assert player.by_class is not None
    # From the right: a class may be a token with spaces in it ("AAxx ds").
    rows = [line.rsplit(None, 2) for line in lines[at + 1 : at + 1 + len(player.by_class)]]
    assert [r[0].strip() for r in rows] == list(player.by_class)
    for name, probability, equity in rows:
        part = player.by_class[name.strip()]
        assert (probability, equity) == (f"{part.probability:.2%}", f"{part.equity:.2%}")


def test_no_range_holder_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAh", "KsKh", "--board", "2c7d9h", "--by-class"]) == 0
    assert capsys.readouterr().out.endswith("\n\nno player holds a range: no classes to show\n")


# --- colour: a terminal gets it, a pipe never -------------------------------------------------


def _env(**changes: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM", "PYTHONPATH")}
    env["PYTHONPATH"] = str(ROOT)
    env["TERM"] = "xterm-256color"
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


BY_CLASS = ["equity", "QQ+, AKs", "JhTh", "--board", "2c7d9h4s", "--by-class"]


def test_plain_in_a_pipe() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "lookup", *BY_CLASS],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=_env(),
    )  # fmt: skip
    assert done.returncode == 0 and ESCAPE not in done.stdout
    assert "player 1 (QQ+, AKs)" in done.stdout


def test_coloured_on_a_terminal_unless_told_not_to() -> None:
    argv = [sys.executable, "-m", "lookup", *BY_CLASS]
    status, shown, _ = run_on_terminal(argv, cwd=ROOT, env=_env())
    assert status == 0 and ESCAPE in shown and "colour scale, fitted to the values shown" in shown
    for quiet in (_env(NO_COLOR="1"), _env(TERM="dumb")):
        status, shown, _ = run_on_terminal(argv, cwd=ROOT, env=quiet)
        assert status == 0 and ESCAPE not in shown


def test_colours_span_the_values_shown() -> None:
    # Fitted: the lowest value shown is red, the highest green, even over a narrow spread.
    lines = render_grid({"AA": 0.52, "KK": 0.5, "QQ": 0.51}, "AKQ", colour=True)
    assert "48;5;46m" in lines[1] and "48;5;196m" in lines[2]  # green AA, red KK
    assert ESCAPE not in "".join(render_grid({"AA": 0.52}, "AKQ", colour=False))


# --- JSON -------------------------------------------------------------------------------------


def _validator() -> Draft202012Validator:
    schema = json.loads((ROOT / "docs" / "schemas" / "equity.json").read_text())
    return Draft202012Validator(schema)


@pytest.mark.parametrize(
    "args",
    [
        ["QQ+, AKs", "JJ-99", "--board", "2c7d9h", "--by-class"],
        ["QQ+:0.5, AKs", "AK", "--board", "2c7d9h"],
        ["QQ+, AKs", "random", "--samples", "3000", "--seed", "2", "--by-class"],
        ["--game", "omaha", "AAxx ds", "Ks Kd Qh Jc", "--board", "2c7d9h8s", "--by-class"],
        ["AsAh", "KsKh", "--board", "2c7d9h", "--by-class"],
    ],
    ids=lambda v: " ".join(v)[:40],
)
def test_json_carries_the_parts_and_fits_the_schema(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["equity", *args, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert list(_validator().iter_errors(document)) == []
    options = [a for a in args if a.startswith("--")]
    game = args[args.index("--game") + 1] if "--game" in options else None
    hands = [a for i, a in enumerate(args) if not a.startswith("--")
             and (i == 0 or not args[i - 1].startswith("--"))]  # fmt: skip
    samples = int(args[args.index("--samples") + 1]) if "--samples" in options else None
    result = lookup.equity(
        hands, board=args[args.index("--board") + 1] if "--board" in options else None,
        game=game, samples=samples, seed=2 if samples else None, by_class=True,
    )  # fmt: skip
    for player, shown in zip(result, document["players"], strict=True):
        if player.by_class is None:
            assert shown["by_class"] is None and shown["by_combo"] is None
            continue
        assert player.by_combo is not None
        assert shown["by_class"] == {n: c.to_json() for n, c in player.by_class.items()}
        assert shown["by_combo"] == {n: c.to_json() for n, c in player.by_combo.items()}


def test_json_without_by_class_keeps_flat_ranges_unsplit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["equity", "QQ+, AKs", "JJ-99", "--board", "2c7d9h", "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert all(p["by_class"] is None and p["by_combo"] is None for p in players)


# --- the picture --------------------------------------------------------------------------------


def _cli(*args: str) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "lookup", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=_env(),
    )  # fmt: skip
    return done.returncode, done.stdout, done.stderr


def test_png_draws_the_grids(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "grid.png"
    status, out, err = _cli(*BY_CLASS, "--png", str(picture))
    assert status == 0 and err == "" and "player 1 (QQ+, AKs)" in out
    data = picture.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 0
    short = tmp_path / "short.png"
    status, _, _ = _cli("equity", "--game", "short-deck", "AKs, QQ+", "JJ-77", "--board",
                        "6c7d9h", "--by-class", "--json", "--png", str(short))  # fmt: skip
    assert status == 0 and short.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--by-class", "--png", "-"], "is not a .png file name"),
        (["--by-class", "--png", "grid.svg"], "is not a .png file name"),
        (["--by-class", "--png", ""], "an empty file name"),
        (["--by-class", "--png", "no/such/folder/grid.png"], "cannot write --png"),
        (["--png", "grid.png"], "add --by-class"),
    ],
)
def test_png_refuses_bad_input_with_one_line(args: list[str], says: str, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    args = [str(tmp_path / a) if a.endswith("folder/grid.png") else a for a in args]
    status, _, err = _cli("equity", "QQ+, AKs", "JhTh", "--board", "2c7d9h4s", *args)
    assert status == 2 and err.count("\n") == 1 and says in err and "Traceback" not in err
    assert not (ROOT / "grid.png").exists() and not list(tmp_path.rglob("*.png"))


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "omaha", "AAxx", "KKxx", "--by-class"],  # no grid: refused before the run
        ["AsAh", "KsKh", "--board", "2c7d9h", "--by-class"],  # no range holder
    ],
)
def test_png_refuses_spots_without_a_grid(args: list[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "grid.png"
    status, _, err = _cli("equity", *args, "--png", str(picture))
    assert status == 2 and err.count("\n") == 1 and not picture.exists()


# --- by_class=True on flat ranges ---------------------------------------------------------------


def _same(a: lookup.EquityResult, b: lookup.EquityResult) -> None:
    assert (a.boards, a.exact, a.seed, a.stopped) == (b.boards, b.exact, b.seed, b.stopped)
    for p, q in zip(a, b, strict=True):
        fields = ("hand", "equity", "win", "tie", "std_error", "combos", "equity_fraction")
        assert [getattr(p, f) for f in fields] == [getattr(q, f) for f in fields]


@pytest.mark.parametrize(
    ("hands", "board", "game", "samples"),
    [
        (["QQ+, AKs", "JJ-99, AQs"], "2c7d9h", "holdem", None),
        (["QQ+, AKs", "AsKd"], None, "holdem", None),  # heads-up preflop: the table
        (["QQ+, AKs", "JJ-99", "random"], None, "holdem", 40_000),
        (["AKs, QQ+", "JJ-77"], "6c7d9h", "short-deck", None),
        (["AAxx", "KKxx ds"], "2c7d9h", "omaha", 20_000),
    ],
)
def test_by_class_changes_no_answer(
    hands: list[str], board: str | None, game: str, samples: int | None
) -> None:
    seed = None if samples is None else 4
    plain = lookup.equity(hands, board=board, game=game, samples=samples, seed=seed)
    detailed = lookup.equity(hands, board=board, game=game, samples=samples, seed=seed,
                             by_class=True)  # fmt: skip
    _same(plain, detailed)
    assert all(p.by_class is None for p in plain)
    assert detailed[0].by_class is not None and detailed[0].by_combo is not None


@pytest.mark.parametrize(
    ("hands", "board"),
    [(["QQ+, AKs, A5s-A2s", "JJ-99, AQ"], "2c7d9h"), (["QQ+, AKs", "AK, 99"], None)],
)
def test_flat_by_class_is_the_weighted_path_with_weights_of_one(
    hands: list[str], board: str | None
) -> None:
    flat = lookup.equity([lookup.Range(hands[0]), hands[1]], board=board, by_class=True)
    ones = lookup.Range(", ".join(f"{t.strip()}:1" for t in hands[0].split(",")))
    assert ones == lookup.Range(hands[0])  # ":1" is every weight 1: the same range
    spelled = lookup.equity([ones, hands[1]], board=board, by_class=True)
    # Every weight 0.5 goes down the weighted path without by_class, and scaling a
    # player's weights changes nothing: the same classes, the same Fractions.
    halves = lookup.Range(", ".join(f"{t.strip()}:0.5" for t in hands[0].split(",")))
    weighted = lookup.equity([halves, hands[1]], board=board)
    for other in (spelled, weighted):
        assert flat[0].by_class is not None and other[0].by_class is not None
        assert flat[0].by_class == other[0].by_class
        assert flat[0].by_combo == other[0].by_combo
        assert flat[0].equity_fraction == other[0].equity_fraction


def _combos(text: str, out: set[int]) -> list[tuple[int, ...]]:
    return [c for c in parse_holding(text, 1)[1] if not set(c) & out]


def _class(combo: tuple[int, ...]) -> str:
    high, low = sorted((Card.from_index(i) for i in combo), key=lambda c: c.rank, reverse=True)
    ranks = str(high)[0] + str(low)[0]
    return ranks if high.rank == low.rank else ranks + ("s" if high.suit == low.suit else "o")


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AA, KQs, 98s, 76o", "JJ, T9s, 22"], "2c 7d 9h 4s"),  # heads-up, every river
        (["AA, KK, AKs", "KK, AQs, QQ", "AK, QQ, 44"], "2c 7d 9h 4s 3d"),  # three-way removal
    ],
)
def test_flat_by_class_is_each_classs_own_exact_equity(hands: list[str], board: str) -> None:
    # Brute force from the definition: a class's equity is the average pot share over
    # every deal (each compatible assignment of combos, every board) in which the player
    # holds a combo of the class; flat ranges weigh each assignment the same.
    board_cards = [c.index for c in parse_cards(board)]
    ranges = [_combos(h, set(board_cards)) for h in hands]
    sums: dict[str, list[Fraction]] = {}
    for holes in product(*ranges):
        cards = [c for hole in holes for c in hole]
        if len(set(cards)) != len(cards):
            continue  # these combos cannot be dealt together
        share = reference_equity("holdem", [list(h) for h in holes], board_cards).equity[0]
        entry = sums.setdefault(_class(holes[0]), [Fraction(0), Fraction(0)])
        entry[0] += share
        entry[1] += 1
    expected = {name: total / deals for name, (total, deals) in sums.items()}
    player = lookup.equity(hands, board=board, by_class=True)[0]
    assert player.by_class is not None
    assert {n: c.equity_fraction for n, c in player.by_class.items()} == expected
    everything = sum(deals for _, deals in sums.values())
    assert {n: c.probability_fraction for n, c in player.by_class.items()} == {
        name: deals / everything for name, (_, deals) in sums.items()
    }


def test_preflop_chart_is_plain_on_a_dumb_terminal_and_keys_its_scale() -> None:
    argv = [sys.executable, "-m", "lookup", "preflop"]
    status, shown, _ = run_on_terminal(argv, cwd=ROOT, env=_env(TERM="dumb"))
    assert status == 0 and ESCAPE not in shown
    status, shown, _ = run_on_terminal(argv, cwd=ROOT, env=_env())
    low = min(lookup.equity([n, "random"])[0].equity for n in ("32o", "42o", "AA"))
    assert status == 0 and ESCAPE in shown and f" {100 * low:.1f}% " in shown  # 32o: the lowest


def test_sampled_grids_say_how_far_a_class_may_be_off(capsys: pytest.CaptureFixture[str]) -> None:
    hands = ["QQ+, AKs", "JJ-99", "AQs, AKo"]
    assert main(["equity", *hands, "--samples", "20000", "--seed", "5", "--by-class"]) == 0
    out = capsys.readouterr().out
    result = lookup.equity(hands, samples=20_000, seed=5, by_class=True)
    for player in result:
        assert player.by_class is not None
        worst = max(c.std_error for c in player.by_class.values())
        assert f"each class's standard error is at most {worst:.2%}" in out


def _contrast(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def _luminance(rgba: tuple[float, ...]) -> float:
    # WCAG 2 relative luminance of an sRGB colour, from its definition.
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgba[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_cell_text_is_the_more_contrasting_of_black_and_white() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    from lookup.cli.png import text_colour

    cmap = matplotlib.colormaps["RdYlGn"]
    for step in range(101):
        rgba = cmap(step / 100)
        lum = _luminance(rgba)
        black, white = _contrast(lum, 0.0), _contrast(lum, 1.0)
        if abs(black - white) > 0.05:  # a near tie may go either way
            assert text_colour(rgba) == ("black" if black > white else "white")
        assert max(black, white) >= 4.5  # every cell's text reads (WCAG AA)


def test_png_full_disk_and_folders_are_one_line_and_print_nothing(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    full = tmp_path / "full.png"
    full.symlink_to("/dev/full")  # a full disk
    status, out, err = _cli(*BY_CLASS, "--png", str(full))
    assert (status, out) == (2, "")  # the picture is written before anything is printed
    assert err == f"pokerlookup: error: cannot write --png {full}: No space left on device\n"
    folder = tmp_path / "grids"
    folder.mkdir()
    status, out, err = _cli(*BY_CLASS, "--png", str(folder))
    assert (status, out) == (2, "") and err.count("\n") == 1 and "directory" in err
    assert list(folder.iterdir()) == []
