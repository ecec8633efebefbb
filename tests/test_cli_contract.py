"""The command line's small promises: --version, progress in the unit of the work,
the same field labels with and without --game, and one capitalisation in ``rules``."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

import lookup
from lookup.cli.main import main
from lookup.core.progress import LateProgress, Progress

ROOT = Path(__file__).resolve().parent.parent


def test_version_prints_the_package_version() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    done = subprocess.run(
        [sys.executable, "-m", "lookup", "--version"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"pokerlookup {version}\n" == f"pokerlookup {lookup.__version__}\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_counts_in_its_unit_and_its_first_eta_counts_the_time_spent() -> None:
    screen = _Terminal()
    # Half the work done in the ten seconds before the bar appeared: ten more to go.
    with Progress(
        "census", 100, unit="hands", stream=screen, started=time.perf_counter() - 10
    ) as bar:
        bar.advance(50)
        first = screen.getvalue()
    assert " hands/s" in first and "it/s" not in first
    eta = re.search(r"<(\d\d):(\d\d)", first)
    assert eta is not None, first
    assert 5 <= int(eta[1]) * 60 + int(eta[2]) <= 15, first  # not 00:00 from 50 units in µs


def test_a_late_bar_passes_its_unit_on() -> None:
    late = LateProgress("equity (exact)", 10, True, unit="showdowns")
    late.started -= 60  # as if the run had lasted a minute: the bar appears now
    late.advance(1)
    assert late.bar is not None and late.bar.unit == "showdowns"
    late.close()


def _labels(out: str) -> list[str]:
    return [line.split(":", 1)[0] for line in out.splitlines()]


def test_eval_labels_its_fields_the_same_with_and_without_a_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["eval", "--rules", "standard", "As Ah Kd Kc 2s 3h 4d"]) == 0
    plain = _labels(capsys.readouterr().out)
    assert main(["eval", "--game", "holdem", "As Ah", "--board", "Kd Kc 2s 3h 4d"]) == 0
    game = _labels(capsys.readouterr().out)
    assert plain == game == ["name", "description", "plays", "class"]
    assert main(["eval", "--game", "omaha-hilo", "As 2s Kd Kh", "--board", "3c 4d 8h Kc 7s"]) == 0
    hilo = _labels(capsys.readouterr().out)
    assert hilo == [*plain, "low", "low plays", "low class"]


def test_rules_text_and_json_spell_each_description_the_same(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(listed)
    for line, ranking in zip(lines, listed, strict=True):
        name, description = line.split(None, 1)
        assert (name, description) == (ranking["name"], ranking["description"])
