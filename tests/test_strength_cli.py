"""``pokerlookup strength``: the library's numbers, one line on stderr for bad input, a PNG."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from lookup.cli.main import main
from lookup.handstrength import strength


def test_json_gives_the_library_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["strength", "--board", "Ks 7h 2d 9s", "--hand", "Ts 8s", "--vs", "QQ+, AK:0.5"]
    assert main([*args, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    want = strength("Ks 7h 2d 9s", hands="Ts 8s", opponents="QQ+, AK:0.5")[0]
    got = document["hands"][0]
    assert got["hand"] == ["Ts", "8s"] and document["street"] == "turn"
    for key in ("hs", "ppot", "npot", "effective_hs", "expected_hs", "expected_hs2", "percentile"):
        assert got[key] == getattr(want, key), key
    assert got["histogram"] == list(want.histogram)
    assert got["hs_std_error"] is None and document["samples"] is None


def test_without_hands_the_strongest_and_weakest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strength", "--board", "Ks 7h 2d 9s 3c", "--top", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "the 6 strongest and weakest of 1,081 hands, by E[HS]"
    rows = lines[3:]
    assert len(rows) == 6
    whole = strength("Ks 7h 2d 9s 3c")
    best = max(whole.expected_hs)
    assert float(rows[0].split()[5]) == round(best, 4)


@pytest.mark.parametrize(
    "args",
    [
        ["--board", "Ks 7h"],
        ["--board", "Ks 7h 2d", "--hand", "Ks Kd"],
        ["--board", "Ks 7h 2d", "--vs", "AsXx"],
        ["--board", "Ks 7h 2d", "--game", "stud"],
        ["--board", "Ks 7h 2d", "--game", "omaha"],
        ["--board", "Ks 7h 2d", "--top", "0"],
        ["--board", "Ks 7h 2d", "--png", "chart.xyz"],
    ],
)
def test_bad_input_is_one_line_and_status_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(["strength", *args])
    except SystemExit as exc:  # argparse's usage errors
        status = int(exc.code or 0)
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("pokerlookup")


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs matplotlib")
def test_png_draws_the_histograms(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hist.png"
    args = ["strength", "--board", "Ks 7h 2d", "--hand", "As Kd", "--hand", "8s 6s"]
    assert main([*args, "--png", str(path)]) == 0
    assert path.read_bytes()[:4] == b"\x89PNG"
    assert "AsKd" in capsys.readouterr().out
