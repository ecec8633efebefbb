"""A bad preflop table is an error on every surface (issue 19, class 2).

``pokerlookup preflop --vs QQ+`` used to exit 0 with a chart of ``--`` (or JSON
``null``) when ``tables/preflop/matchups.msgpack`` was damaged, missing or
unreadable: the chart swallowed every package error, the table's included.
``"15%"`` raised a RangeError instead of the TableError, and the hint named
``python -m tablegen``, which does not rebuild the preflop table.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import msgpack
import pytest

import lookup.preflop.table as preflop_table
import lookup.ranges.holdem as holdem_ranges
from lookup.cli.main import main
from lookup.core.errors import TableError
from lookup.core.tablefile import source_table_dir
from lookup.ranges.holdem import parse_range

PREFLOP_COMMAND = "python -m tablegen preflop"


def _clear_caches() -> None:
    for cached in (
        preflop_table.matchups,
        preflop_table.class_counts,
        holdem_ranges._by_strength,
        holdem_ranges._class_ends,
    ):
        cached.cache_clear()


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the preflop table the runtime reads instead of the committed one."""
    shutil.copytree(source_table_dir() / "preflop", tmp_path / "preflop")
    monkeypatch.setattr(preflop_table, "table_dir", lambda: tmp_path)
    _clear_caches()
    yield tmp_path / "preflop"
    monkeypatch.undo()
    _clear_caches()  # later tests read the committed table again


def _flip_last_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))


def _directory(path: Path) -> None:
    path.unlink()
    path.mkdir()


DAMAGE: dict[str, Callable[[Path], object]] = {
    "missing": Path.unlink,
    "array byte flipped": _flip_last_byte,
    "empty": lambda p: p.write_bytes(b""),
    "not msgpack": lambda p: p.write_bytes(b"\xc1\xc1 garbage"),
    "msgpack but not a table": lambda p: p.write_bytes(msgpack.packb({"a": 1})),
    "a directory (unreadable)": _directory,
    "truncated": lambda p: p.write_bytes(p.read_bytes()[:1000]),
}


# --vs QQ+ reads the matchups; the random chart and a percentage read the class file.
CHARTS = {
    "matchups.msgpack": (["--vs", "QQ+"],),
    "classes.msgpack": ([], ["--vs", "15%"], ["--vs", "QQ+, 10%"]),
}
CASES = [(file, argv) for file, argvs in CHARTS.items() for argv in argvs]


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize(("file", "vs"), CASES)
@pytest.mark.parametrize("json_output", [False, True])
def test_the_chart_refuses_a_bad_table(
    tables: Path,
    capsys: pytest.CaptureFixture[str],
    damage: str,
    file: str,
    vs: list[str],
    json_output: bool,
) -> None:
    DAMAGE[damage](tables / file)
    argv = ["preflop", *vs, *(["--json"] if json_output else [])]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "", "no chart of '--' or null"
    assert captured.err.count("\n") == 1
    assert PREFLOP_COMMAND in captured.err and str(tables / file) in captured.err


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_percentage_raises_the_table_error(tables: Path, damage: str) -> None:
    DAMAGE[damage](tables / "classes.msgpack")
    with pytest.raises(TableError) as caught:
        parse_range("15%")
    assert PREFLOP_COMMAND in str(caught.value)
    assert "regenerate the tables with `python -m tablegen` from" not in str(caught.value)


def test_the_random_chart_refuses_a_bad_table(
    tables: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tables / "classes.msgpack").unlink()
    assert main(["preflop"]) == 2
    assert PREFLOP_COMMAND in capsys.readouterr().err


def test_a_good_table_still_answers_every_cell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preflop", "--vs", "QQ+", "--json"]) == 0
    classes = json.loads(capsys.readouterr().out)["classes"]
    assert len(classes) == 169 and all(cell is not None for cell in classes.values())
    # QQ against QQ+ has its own combos blocked but not all: answered, below even.
    assert 0 < classes["QQ"]["equity"] < 0.5
