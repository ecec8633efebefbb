"""Every command's ``--json`` has one shape whatever the flags: docs/schemas/<command>.json.

Each document is one line, cards are lists of card strings and nothing is ``null``;
the schemas forbid keys they do not name, so a key that appears only under some
flag fails here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from lookup.cli.main import main

SCHEMAS = Path(__file__).resolve().parent.parent / "docs" / "schemas"

PLAYERS = "Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3S, 8C, 10D\nSally, AC, 10C, 5C, 2S, 2C\n"
HOLDEM = "Ann, 7h 2d\nBob, 9c 9s\nCy, Kh 3h\n"
OMAHA = "Ann, As 2s Kd Kh\nBob, Ad 2d Qs Qh\nCy, Jc Jd 9c 9d\n"
RAZZ = "Ann, As 2d 3c 4h 5s Kd Kc\nBob, 6d 7d 8c 9h Ts Qd Qc\n"

RUNS: list[tuple[str, list[str], str | None]] = [
    ("eval", ["As Kd 7h 7c 2s"], None),
    ("eval", ["Ah", "Kd", "--board", "Ac Ad 7s 7c 2h"], None),
    ("eval", ["--rules", "deuce-to-seven", "7c 5d 4h 3s 2c"], None),
    ("eval", ["--rules", "badugi", "As 2d 3h 4c"], None),
    ("eval", ["--game", "omaha", "As Ah Ad Ac", "--board", "Ks Kd 2c 3c 4h"], None),
    ("eval", ["--game", "omaha-hilo", "As 2s Kd Kh", "--board", "3c 4d 8h Kc 7s"], None),
    ("eval", ["--game", "omaha-hilo", "As 2s Kd Kh", "--board", "9c Td 8h Kc 7s"], None),
    ("eval", ["--game", "stud", "--rules", "deuces-wild", "As 2d 2c Ks Qs 3h 4h"], None),
    ("eval", ["--game", "razz", "As 2d 3c 4h 5s Kd Kc"], None),
    ("showdown", ["-"], PLAYERS),
    ("showdown", ["--board", "Ah Qh 9h 4s 4h", "-"], HOLDEM),
    ("showdown", ["--game", "holdem", "--board", "Ah Qh 9h 4s 4h", "-"], HOLDEM),
    ("showdown", ["--game", "omaha-hilo", "--board", "3c 4d 8h Kc 7s", "-"], OMAHA),
    (
        "showdown",
        [
            "--game",
            "omaha-hilo",
            "--board",
            "3c 4d 8h Kc 7s",
            "--chips",
            "Ann=100,Bob=100,Cy=33",
            "-",
        ],
        OMAHA,
    ),
    ("showdown", ["--game", "razz", "--chips", "Ann=10,Bob=20", "-"], RAZZ),
    ("equity", ["AsAh", "KsKh", "--board", "2c7d9h"], None),
    ("equity", ["AsAh", "KsKh", "--board", "2c7d9h4s5d"], None),
    ("equity", ["QQ+, AKs", "random", "--samples", "2000", "--seed", "3"], None),
    ("equity", ["AsAh", "KsKh", "--board", "2c7d9h", "--dead", "5s 6s"], None),
    ("equity", ["--game", "omaha-hilo", "As 2h Ks 3h", "Qd Qc 4d 5c", "--board", "6s7h8d"], None),
    ("equity", ["--game", "razz", "Ah 2d 5c", "Kh Kd 3s", "--samples", "500", "--seed", "1"], None),
    ("equity", ["QQ+, AKs", "JJ-99", "--board", "2c7d9h", "--by-class"], None),
    ("equity", ["QQ+:0.5, AKs", "random", "--samples", "2000", "--seed", "3"], None),
    ("equity", ["--game", "omaha", "AAxx ds", "KKxx", "--board", "2c7d9h8s", "--by-class"], None),
    ("outs", ["As Ks", "Qh Qd", "--board", "Js Ts 2h"], None),
    ("outs", ["QQ+:0.5, AKs", "Jh Th", "--board", "Js Ts 2h 3c", "--dead", "4d"], None),
    ("outs", ["--game", "omaha-hilo", "As 2s Kd Kh", "Qd Qc 4d 5c", "--board", "6s 7h 8d"], None),
    ("breakdown", ["QQ+, AK:0.5", "--board", "Ks 7h 2d", "--dead", "Ah"], None),
    ("breakdown", ["AKs", "--street", "flop", "--no-progress"], None),
    ("breakdown", ["AK", "--street", "flop", "--exact-limit", "0", "--samples", "20"], None),
    ("breakdown", ["AT", "--board", "Ah 6d 7c 8s 9c", "--game", "short-deck"], None),
    ("preflop", [], None),
    ("preflop", ["--vs", "QQ+, AKs"], None),
    ("strength", ["--board", "Ks 7h 2d", "--hand", "As Kd"], None),
    ("strength", ["--board", "Ks 7h 2d 9s 3c", "--vs", "QQ+, AK:0.5", "--top", "2"], None),
    ("strength", ["--hand", "As Ah"], None),
    ("strength", ["--board", "Ks 7h 2d 9s", "--hand", "As Ah", "--dead", "2c"], None),
    (
        "strength",
        ["--game", "omaha", "--board", "Ks7h2d", "--hand", "AsAdKdQc", "--samples", "50"],
        None,
    ),
    ("census", ["5", "--no-progress"], None),
    ("census", ["4", "--rules", "badugi", "--no-progress"], None),
    ("rules", [], None),
    ("games", [], None),
]


def _schema(command: str) -> Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{command}.json").read_text())
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@pytest.mark.parametrize(("command", "args", "stdin"), RUNS, ids=lambda v: str(v)[:40])
def test_every_json_document_fits_its_schema_on_one_line(
    command: str,
    args: list[str],
    stdin: str | None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if stdin is not None:
        import io

        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    assert main([command, *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.endswith("\n") and out.count("\n") == 1, "one line per document"
    errors = sorted(_schema(command).iter_errors(json.loads(out)), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


def test_every_command_has_a_schema_and_the_docs_name_it() -> None:
    commands = [
        "eval", "showdown", "equity", "outs", "breakdown", "preflop", "strength", "census",
        "rules", "games",
    ]  # fmt: skip
    assert sorted(p.stem for p in SCHEMAS.glob("*.json")) == sorted(commands)
    assert {command for command, _, _ in RUNS} == set(commands)
    cli = (SCHEMAS.parent / "cli.md").read_text()
    for command in commands:
        _schema(command)  # a valid JSON Schema itself
        assert f"schemas/{command}.json" in cli


def test_eval_has_the_same_keys_with_and_without_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--json", "As Ah Ad Ac Ks"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["eval", "--json", "--game", "omaha", "As Ah Ad Ac", "--board", "Ks Kd 2c"]) == 0
    game = json.loads(capsys.readouterr().out)
    assert list(plain) == list(game)
    assert plain["game"] is None and game["game"] == "omaha"
    assert plain["low"] is None and game["low"] is None


def test_showdown_has_the_same_keys_with_and_without_a_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    players = tmp_path / "holdem.txt"
    players.write_text(HOLDEM)
    board = ["--board", "Ah Qh 9h 4s 4h"]
    assert main(["showdown", "--json", *board, str(players)]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["showdown", "--json", "--game", "holdem", *board, str(players)]) == 0
    game = json.loads(capsys.readouterr().out)
    assert list(plain) == list(game)
    assert [list(p) for p in plain["players"]] == [list(p) for p in game["players"]]
    assert plain["players"] == game["players"] and plain["winners"] == game["winners"] == ["Bob"]


def test_equity_cards_are_lists_and_a_sampled_run_counts_samples(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["equity", "--json", "AsAh", "KsKh", "--board", "2c 7d 9h"]) == 0
    exact = json.loads(capsys.readouterr().out)
    assert exact["board"] == ["2c", "7d", "9h"] and exact["dead"] is None
    assert exact["boards"] == 45 * 44 // 2 and exact["samples"] is None
    assert main(["equity", "--json", "AsAh", "KsKh", "--samples", "300", "--seed", "2"]) == 0
    sampled = json.loads(capsys.readouterr().out)
    assert sampled["samples"] == 300 and sampled["boards"] is None and sampled["board"] is None
    assert list(exact) == list(sampled)
    assert [list(p) for p in exact["players"]] == [list(p) for p in sampled["players"]]
