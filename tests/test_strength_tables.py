"""Strength abstraction tables (issue 23): ``python -m tablegen strength`` and
``lookup.strength(table=DIR)``.

Small slices (a few canonical boards) are generated serially and on a 2-worker
LocalCluster (identical bytes), read back and compared with a direct
``lookup.strength`` call and with the brute-force reference of
``tests/strength_reference.py`` (exact Fractions); a stopped run resumes; ``--check``
and the reader catch a damaged or stale file.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import lookup
from lookup.core.cards import DECK
from lookup.core.tablefile import decode_table, encode_table, source_table_dir
from lookup.iso.isomorphism import Isomorphism
from tablegen.strength import (
    BINS,
    blocks_of,
    canonical_boards,
    check_strength_table,
    run_strength_blocks,
    strength_table_bytes,
)
from tablegen.strength_command import strength_main
from tests.strength_reference import reference

ROOT = source_table_dir().parent
FIELDS = ("expected_hs", "expected_hs2", "histogram", "percentile", "hs")


def text(cards: object) -> str:
    return " ".join(str(DECK[int(c)]) for c in cards)  # type: ignore[attr-defined]


def write_table(street: str, boards: int, size: int, folder: Path, client: object = None) -> bytes:
    blocks = blocks_of(street, size, boards)
    report = run_strength_blocks(street, blocks, folder / "work", client)
    assert report.complete
    data = strength_table_bytes(street, blocks, folder / "work")
    (folder / "out").mkdir(exist_ok=True)
    (folder / "out" / f"{street}.msgpack").write_bytes(data)
    return data


@pytest.fixture(scope="module")
def flop_slice(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("flop")
    write_table("flop", 4, 2, folder)
    return folder / "out"


@pytest.fixture(scope="module")
def turn_slice(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("turn")
    write_table("turn", 40, 16, folder)
    return folder / "out"


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        yield local


def test_local_cluster_gives_the_serial_bytes(
    cluster: object, tmp_path: Path, flop_slice: Path
) -> None:
    from distributed import Client

    with Client(cluster) as client:
        data = write_table("flop", 4, 2, tmp_path, client)
    assert data == (flop_slice / "flop.msgpack").read_bytes()


def _same(direct: lookup.Strength, read: lookup.Strength) -> None:
    assert np.array_equal(direct.combos, read.combos)
    for name in FIELDS:
        assert np.array_equal(direct._fields[name], read._fields[name], equal_nan=True), name


@pytest.mark.parametrize("street, count", [("flop", 4), ("turn", 40)])
def test_table_equals_direct_computation(
    street: str, count: int, flop_slice: Path, turn_slice: Path
) -> None:
    folder = flop_slice if street == "flop" else turn_slice
    boards = canonical_boards(street)[:count]
    for board in [*boards[:2], boards[-1]]:
        _same(lookup.strength(text(board)), lookup.strength(text(board), table=str(folder)))


def test_a_suit_permuted_board_is_read_from_its_canonical_class(flop_slice: Path) -> None:
    board = canonical_boards("flop")[3]  # 3s 3h 3d
    swapped = [4 * (c // 4) + (3 - c % 4) for c in board.tolist()]  # s<->c, h<->d
    read = lookup.strength(text(swapped), table=str(flop_slice))
    _same(lookup.strength(text(swapped)), read)
    hands = lookup.strength(text(swapped), hands=["Ac Kd", "3s 2s"], table=flop_slice)
    assert hands.combos.shape == (2, 2)


def test_turn_table_against_the_brute_force_reference(turn_slice: Path) -> None:
    board = canonical_boards("turn")[37].tolist()
    table = decode_table((turn_slice / "turn.msgpack").read_bytes(), "turn", "turn")
    index = list(table.arrays["index"])
    n, d = table.meta["n"], table.meta["d"]
    iso = Isomorphism((2, 4))
    left = [c for c in range(52) if c not in board]
    for hero in [(left[-1], left[-2]), (left[5], left[0]), (left[20], left[19])]:
        ref = reference(board, hero, None, potential=False)
        row = index.index(iso.index(text(hero).split(), text(board).split()))
        assert Fraction(table.arrays["s1"][row], d * n) == ref.expected_hs
        assert Fraction(table.arrays["s2"][row], d * d * n) == ref.expected_hs2
        got = tuple(Fraction(h, n) for h in table.arrays["hist"][row * BINS : (row + 1) * BINS])
        assert got == ref.histogram


def test_stopped_run_resumes_without_redoing_blocks(tmp_path: Path) -> None:
    blocks = blocks_of("flop", 1, 4)
    first = run_strength_blocks("flop", blocks, tmp_path, None, max_blocks=2)
    assert (first.computed, first.complete) == (2, False)
    stamps = {p: p.stat().st_mtime_ns for p in tmp_path.glob("flop-block-*.msgpack")}
    assert len(stamps) == 2
    # A block cut short (a killed client) must not count as finished.
    (tmp_path / "flop-block-0002.msgpack").write_bytes(b"\x85\xa6format")
    second = run_strength_blocks("flop", blocks, tmp_path, None)
    assert (second.computed, second.complete) == (2, True)
    assert all(p.stat().st_mtime_ns == stamp for p, stamp in stamps.items())


def test_interrupted_command_is_one_line_130_and_resumes(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    work, out = tmp_path / "work", tmp_path / "out"
    command = [sys.executable, "-m", "tablegen", "strength", "--street", "flop", "--quiet",
               "--workers", "2", "--work", str(work), "--out", str(out), "--block-size", "1",
               "--boards", "40"]  # fmt: skip
    # Its own process group, signalled as a whole: a terminal's Ctrl-C reaches every worker.
    process = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        while not list(work.glob("flop-block-*.msgpack")) and time.monotonic() < deadline:
            time.sleep(0.1)
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, err
    assert err.count(b"\n") == 1 and b"resume" in err, err.decode()[-2000:]
    kept = {p: p.stat().st_mtime_ns for p in work.glob("flop-block-*.msgpack")}
    assert 1 <= len(kept) < 40
    again = [*command[: command.index("--workers")], *command[command.index("--work") :]]
    second = subprocess.run(
        [*again, "--serial", "--max-blocks", "2"], cwd=ROOT, capture_output=True
    )
    assert second.returncode == 0, second.stderr
    assert all(p.stat().st_mtime_ns == stamp for p, stamp in kept.items())
    assert len(list(work.glob("flop-block-*.msgpack"))) == len(kept) + 2


def test_check_passes_and_catches_a_damaged_or_stale_file(
    flop_slice: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check_strength_table(flop_slice, "flop") == []
    assert strength_main(["--street", "flop", "--out", str(flop_slice), "--check"]) == 0
    data = bytearray((flop_slice / "flop.msgpack").read_bytes())
    data[len(data) // 2] ^= 0xFF
    (tmp_path / "flop.msgpack").write_bytes(bytes(data))
    capsys.readouterr()
    assert strength_main(["--street", "flop", "--out", str(tmp_path), "--check"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "corrupted" in err and "python -m tablegen strength" in err
    with pytest.raises(lookup.TableError, match=r"damaged.*python -m tablegen strength"):
        lookup.strength("3s 3h 3d", table=str(tmp_path))
    # A sound file made by another method (its digest differs): stale.
    table = decode_table((flop_slice / "flop.msgpack").read_bytes(), "flop", "flop")
    arrays = {k: (v.typecode, v) for k, v in table.arrays.items()}
    other = encode_table("flop", "", "standard", arrays, table.meta, rules_digest="0" * 64)
    (tmp_path / "flop.msgpack").write_bytes(other)
    with pytest.raises(lookup.TableError, match=r"stale.*python -m tablegen strength"):
        lookup.strength("3s 3h 3d", table=str(tmp_path))
    assert "another generator" in check_strength_table(tmp_path, "flop")[0]


def test_what_a_table_cannot_answer_is_refused(flop_slice: Path) -> None:
    table = str(flop_slice)
    cases = [
        ({"opponents": "QQ+"}, "random opponent"),
        ({"dead": "Ac"}, "no dead cards"),
        ({"bins": 5}, "bins=10"),
        ({"game": "short-deck"}, "hold'em"),
    ]
    for extra, words in cases:
        board = "9s 8h 7d" if "game" in extra else "3s 3h 3d"
        with pytest.raises(lookup.TableError, match=words):
            lookup.strength(board, table=table, **extra)  # type: ignore[arg-type]
    with pytest.raises(lookup.TableError, match="flop or turn"):
        lookup.strength("3s 3h 3d 2c 2d", table=table)
    with pytest.raises(lookup.TableError, match="slice without this board"):
        lookup.strength("As Kh 9d", table=table)
    with pytest.raises(lookup.TableError, match="no strength table"):
        lookup.strength("3s 3h 3d 2c", table=table)


def test_bad_arguments_are_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["--street", "river", "--out", "x"],
        ["--street", "flop", "--game", "omaha", "--out", "x"],
        ["--street", "flop", "--out", "x", "--serial", "--workers", "2"],
    ):
        assert strength_main(argv) == 2
        assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("cluster", [[], ["--scheduler", "tcp://127.0.0.1:9"]])
def test_without_dask_the_strength_job_says_so_and_names_no_other_table(
    cluster: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    # Its cluster came from the preflop job, which once said "generating the preflop
    # table needs Dask" here.
    for name in ("distributed", "distributed.comm.addressing"):
        monkeypatch.setitem(sys.modules, name, None)  # as if Dask were not installed
    argv = ["--street", "flop", "--boards", "1", "--out", str(tmp_path / "out")]
    assert strength_main([*argv, "--work", str(tmp_path / "work"), "--quiet", *cluster]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs Dask" in err and "preflop" not in err, err
