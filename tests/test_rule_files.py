"""Rule files that are not rule files are one RulesError, never a crash (issue 19, class 8).

Deep nesting used to raise RecursionError (about 3,000 traceback lines from
tablegen), a 4,300-digit integer a bare ValueError, ``/dev/zero`` was read until
memory ran out and a FIFO with no writer blocked forever.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lookup.core.errors import RulesError
from lookup.core.rules import MAX_NESTING, parse_rules, read_rule_file
from lookup.core.tablefile import source_table_dir

GOOD = (
    Path(__file__).resolve().parent.parent / "tablegen" / "rankings" / "standard.toml"
).read_text()

BAD_TEXTS = {
    "deep arrays": "x = " + "[" * 5000 + "]" * 5000,
    "deep inline tables": "x = " + "{a = " * 3000 + "1" + "}" * 3000,
    "arrays one level too deep": "x = " + "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1),
    "deep dotted keys": "x" + ".x" * 200 + " = 1",
    "4,300+ digit integer": 'name = "x"\nhand_size = ' + "9" * 4400,
    "integer past the schema's range": GOOD + "\njokers = " + "9" * 40,
    "hand size past the schema's range": GOOD.replace("name", "hand_size = 99999999999\nname"),
    "over 1 MB": GOOD + "\n#" + "x" * (1 << 20),
}


@pytest.mark.parametrize("case", BAD_TEXTS)
def test_bad_text_is_one_rules_error(case: str) -> None:
    with pytest.raises(RulesError) as caught:
        parse_rules(BAD_TEXTS[case])
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


def test_nesting_up_to_the_limit_is_read_as_toml() -> None:
    # The limit refuses depth, not the schema: this fails on the key, not the nesting.
    text = "x = " + "[" * MAX_NESTING + "]" * MAX_NESTING
    with pytest.raises(RulesError, match="rules key 'x': is not a rules key"):
        parse_rules(text)


def test_a_builtin_rule_file_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "standard.toml"
    path.write_text(GOOD)
    assert read_rule_file(path) == parse_rules(GOOD)


def _fifo(tmp_path: Path) -> Path:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    return fifo


def test_non_regular_files_are_refused_without_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text(GOOD + "#" * (2 << 20))
    for path in (Path("/dev/zero"), _fifo(tmp_path), tmp_path, big, tmp_path / "missing.toml"):
        with pytest.raises(RulesError, match="cannot read rule file"):
            read_rule_file(path)


def _tablegen_stderr(tmp_path: Path, rule_file: Path) -> tuple[int, str]:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tablegen",
            "--quiet",
            "--rules",
            str(rule_file),
            "--out",
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        cwd=source_table_dir().parent,
        timeout=120,  # a FIFO with no writer used to block forever
    )
    return result.returncode, result.stderr


def test_tablegen_says_one_line_for_each(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text(BAD_TEXTS["deep arrays"])
    digits = tmp_path / "digits.toml"
    digits.write_text(BAD_TEXTS["4,300+ digit integer"])
    for rule_file in (deep, digits, Path("/dev/zero"), _fifo(tmp_path)):
        status, stderr = _tablegen_stderr(tmp_path, rule_file)
        assert status == 2, stderr
        assert stderr.count("\n") == 1 and stderr.startswith("tablegen: "), stderr[:500]
    assert not (tmp_path / "out").exists()
