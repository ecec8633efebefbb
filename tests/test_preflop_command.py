"""``python -m tablegen preflop``: arguments checked first, Ctrl-C one line (issue 19, class 11).

Ctrl-C used to print 67-97 lines of worker tracebacks; ``--scheduler bogus``
a ValueError traceback; ``--workers 10000`` was accepted; a block path that is a
directory gave a traceback; an edited block with valid JSON was trusted;
``--max-blocks -1`` meant "all but the last"; ``--out`` was checked after
seconds of generation.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tablegen.cluster
import tablegen.preflop
from lookup.core.tablefile import source_table_dir
from tablegen.cluster import MAX_WORKERS_PER_CORE
from tablegen.preflop import _block_path, _write_block, read_block
from tablegen.preflop_command import preflop_main

ROOT = source_table_dir().parent


@pytest.fixture
def no_generation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any generation started fails the test: arguments must be refused before it."""

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("generation started before the arguments were checked")

    monkeypatch.setattr(tablegen.preflop, "canonical_keys", started)
    monkeypatch.setattr(tablegen.cluster, "dask_client", started)


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert preflop_main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith("tablegen: ") and "Traceback" not in captured.err
    return captured.err


@pytest.mark.parametrize("address", ["bogus", "", "tcp://[::1", "tcp://host", "tcp://h:port"])
def test_a_bad_scheduler_address_is_one_line(
    no_generation: None, capsys: pytest.CaptureFixture[str], tmp_path: Path, address: str
) -> None:
    err = _refused(["--scheduler", address, "--work", str(tmp_path), "--quiet"], capsys)
    assert "--scheduler" in err and "tcp://host:8786" in err


def test_too_many_workers_are_refused(
    no_generation: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    most = MAX_WORKERS_PER_CORE * (os.cpu_count() or 1)
    for workers in (most + 1, 10_000):
        err = _refused(["--workers", str(workers), "--work", str(tmp_path)], capsys)
        assert f"more than {most}" in err


@pytest.mark.parametrize("value", ["-1", "-5"])
def test_negative_max_blocks_is_refused(
    no_generation: None, capsys: pytest.CaptureFixture[str], tmp_path: Path, value: str
) -> None:
    err = _refused(["--max-blocks", value, "--work", str(tmp_path)], capsys)
    assert "--max-blocks" in err


def test_an_unwritable_out_or_work_is_refused_first(
    no_generation: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    for option in ("--out", "--work"):
        for target in (a_file, a_file / "below"):
            other = "--work" if option == "--out" else "--out"
            argv = [option, str(target), other, str(tmp_path / "fine"), "--quiet"]
            err = _refused(argv, capsys)
            assert f"{option} {target}" in err and "not a folder" in err


def test_a_block_path_that_is_a_directory_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / "work"
    _block_path(work, 3).mkdir(parents=True)

    def no_cluster(*args: object, **kwargs: object) -> None:
        raise AssertionError("the cluster started before the work folder was checked")

    monkeypatch.setattr(tablegen.cluster, "dask_client", no_cluster)
    argv = ["--work", str(work), "--out", str(tmp_path / "out"), "--quiet", "--block-size", "8"]
    err = _refused(argv, capsys)
    assert str(_block_path(work, 3)) in err and "not a file" in err


def test_a_block_with_altered_counts_is_not_trusted(tmp_path: Path) -> None:
    keys = [27, 28]
    _write_block(tmp_path, 0, keys, [(10, 2), (30, 4)], 0.5)
    assert read_block(tmp_path, 0, keys) == [(10, 2), (30, 4)]
    path = _block_path(tmp_path, 0)
    body = json.loads(path.read_text())
    body["counts"][1][0] += 1  # still valid JSON, still the right keys and generator
    path.write_text(json.dumps(body))
    assert read_block(tmp_path, 0, keys) is None
    del body["sha256"]  # a block without its checksum is not trusted either
    path.write_text(json.dumps(body))
    assert read_block(tmp_path, 0, keys) is None


def test_ctrl_c_to_the_whole_group_is_one_line_and_130(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    work = tmp_path / "work"
    command = [sys.executable, "-m", "tablegen", "preflop", "--workers", "2", "--quiet",
               "--work", str(work), "--out", str(tmp_path / "out"), "--block-size", "8",
               "--max-blocks", "40"]  # fmt: skip
    # Its own process group, signalled as a whole: a terminal's Ctrl-C reaches every worker.
    process = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        while not list(work.glob("block-*.json")) and time.monotonic() < deadline:
            time.sleep(0.1)
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, err
    assert err.count(b"\n") == 1 and b"interrupted" in err, err.decode()[-2000:]
