"""A built-in ranking reads only its own tables (issue 19, class 1).

Each folder's files agree with each other, so a folder swapped for another
built-in's, or written from a user's rule file named like a built-in, used to be
read as that ranking and answer wrongly. The runtime now knows each built-in's
rules digest (``BUILTIN_DIGESTS``) and refuses any other; the generator refuses to
write a user's rule file over a built-in's folder.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import lookup.ranking.ranking as ranking_module
from lookup.cli.main import main
from lookup.core.errors import TableError
from lookup.core.rules import BUILTIN_DIGESTS, BUILTIN_RANKINGS, parse_rules
from lookup.core.tablefile import source_table_dir

RANKINGS_DIR = Path(__file__).resolve().parent.parent / "tablegen" / "rankings"
SWAPS = [
    ("short-deck", "short-deck-triton"),
    ("deuce-to-seven", "standard"),
    ("joker", "two-jokers"),
    ("ace-to-five", "eight-or-better"),
]


def test_pinned_digests_are_the_rule_files() -> None:
    # Read from the rule files themselves, not through the code that uses the pins.
    from_files = {
        path.stem: parse_rules(path.read_text(encoding="utf-8")).digest
        for path in RANKINGS_DIR.glob("*.toml")
    }
    assert from_files == BUILTIN_DIGESTS
    assert sorted(BUILTIN_DIGESTS) == sorted(BUILTIN_RANKINGS)


@pytest.fixture
def table_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of tables/ the built-in rankings are read from, with a fresh registry."""
    copy = tmp_path / "tables"
    shutil.copytree(source_table_dir(), copy)
    monkeypatch.setattr(ranking_module, "table_path", lambda: str(copy))
    monkeypatch.setattr(ranking_module, "_LOADED", {})
    yield copy


def _swap(tables: Path, first: str, second: str) -> None:
    (tables / first).rename(tables / "swapping")
    (tables / second).rename(tables / first)
    (tables / "swapping").rename(tables / second)


def test_an_untouched_copy_is_read(table_copy: Path) -> None:
    for name in BUILTIN_RANKINGS:
        ranking = ranking_module.get_ranking(name)
        assert ranking.name == name and ranking.folder == str(table_copy / name)


@pytest.mark.parametrize(("first", "second"), SWAPS)
def test_swapped_builtin_folders_are_refused(table_copy: Path, first: str, second: str) -> None:
    _swap(table_copy, first, second)
    for asked, holding in ((first, second), (second, first)):
        with pytest.raises(TableError) as caught:
            ranking_module.get_ranking(asked).evaluate("As Ks Qs Js Ts")
        message = str(caught.value)
        assert str(table_copy / asked) in message, "names the folder"
        assert f"holds ranking {holding!r}" in message
        assert f"python -m tablegen --rules {asked}" in message, "says how to regenerate"


def test_swapped_folder_is_one_line_and_status_2_in_the_cli(
    table_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _swap(table_copy, "short-deck", "short-deck-triton")
    assert main(["eval", "--rules", "short-deck", "As Ks Qs Js Ts"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "short-deck-triton" in captured.err


def test_a_folder_by_path_is_not_held_to_a_builtin(table_copy: Path) -> None:
    # A folder given as a path is whatever ranking it holds: only names are pinned.
    _swap(table_copy, "short-deck", "short-deck-triton")
    assert ranking_module.load_rules(table_copy / "short-deck").name == "short-deck-triton"


USER_STANDARD = """\
name = "standard"
ranks = "23456789TJQKA"
order = "low"
straights = false
flushes = false
categories = ["high-card", "pair", "two-pair", "three-of-a-kind", "full-house", "four-of-a-kind"]
"""


def _tablegen(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tablegen", "--quiet", *args],
        capture_output=True,
        text=True,
        cwd=source_table_dir().parent,
        timeout=300,
    )


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_a_rule_file_named_like_a_builtin_needs_out(tmp_path: Path) -> None:
    rule_file = tmp_path / "mine.toml"
    rule_file.write_text(USER_STANDARD)
    before = _snapshot(source_table_dir() / "standard")
    result = _tablegen("--rules", str(rule_file))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "--out" in result.stderr
    assert "Traceback" not in result.stderr
    assert _snapshot(source_table_dir() / "standard") == before, "nothing written"


def test_a_rule_file_is_never_written_over_a_builtin_folder(tmp_path: Path) -> None:
    rule_file = tmp_path / "mine.toml"
    rule_file.write_text(USER_STANDARD.replace('"standard"', '"mine"'))
    before = _snapshot(source_table_dir() / "standard")
    result = _tablegen("--rules", str(rule_file), "--out", str(source_table_dir() / "standard"))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "built-in 'standard'" in result.stderr
    assert _snapshot(source_table_dir() / "standard") == before, "nothing written"


def test_a_rule_file_named_like_a_builtin_is_written_with_out(tmp_path: Path) -> None:
    rule_file = tmp_path / "mine.toml"
    rule_file.write_text(USER_STANDARD)
    result = _tablegen("--rules", str(rule_file), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    ranking = ranking_module.load_rules(tmp_path / "out")
    assert ranking.name == "standard" and ranking.definition.order == "low"
