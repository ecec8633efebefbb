"""The committed tables: byte-reproducible, and refused at load when damaged.

``python -m tablegen --check`` regenerates every table from the reference and
compares bytes, so passing it proves the committed files are exactly what the
generator makes. Each run takes ~15 s; the two runs this module needs start
together in one fixture so they share the machine's cores.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import msgpack
import pytest

from lookup.errors import PokerLookupError, TableError
from lookup.tables import (
    load_multiset_hash,
    load_tables,
    multiset_hash,
    source_table_dir,
    tables,
)
from tablegen.build import TABLE_NAMES

REPO = Path(__file__).resolve().parent.parent
TABLE_FILES = tuple(f"{name}.msgpack" for name in TABLE_NAMES)
FLIPPED, REMOVED = "flush.msgpack", "unique5.msgpack"
HINT = "python -m tablegen"


@dataclass(frozen=True)
class CheckRun:
    returncode: int
    stdout: str
    stderr: str


def flip_last_byte(path: Path) -> None:
    # The payload is the header's last field, so its last byte is table data.
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x01
    path.write_bytes(bytes(data))


def _start_check(*extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tablegen", "--check", "--quiet", *extra],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@dataclass(frozen=True)
class CheckRuns:
    committed: CheckRun
    damaged: CheckRun
    damaged_dir: Path


def _finish(process: subprocess.Popen[str]) -> CheckRun:
    stdout, stderr = process.communicate(timeout=600)
    return CheckRun(process.returncode, stdout, stderr)


@pytest.fixture(scope="module")
def check_runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CheckRuns]:
    damaged = tmp_path_factory.mktemp("damaged-tables")
    for name in TABLE_FILES:
        shutil.copyfile(source_table_dir() / name, damaged / name)
    flip_last_byte(damaged / FLIPPED)
    (damaged / REMOVED).unlink()
    committed, tampered = _start_check(), _start_check("--out", str(damaged))
    try:
        yield CheckRuns(_finish(committed), _finish(tampered), damaged)
    finally:
        for process in (committed, tampered):
            if process.poll() is None:
                process.kill()


def test_committed_tables_are_what_the_generator_makes(check_runs: CheckRuns) -> None:
    run = check_runs.committed
    assert run.returncode == 0, run.stderr
    assert run.stderr == "" and run.stdout == ""
    assert sorted(p.name for p in source_table_dir().glob("*.msgpack")) == sorted(TABLE_FILES)


def test_check_names_each_stale_or_missing_file(check_runs: CheckRuns) -> None:
    run, damaged = check_runs.damaged, check_runs.damaged_dir
    assert run.returncode == 1
    lines = run.stderr.splitlines()
    assert f"tablegen: {damaged / FLIPPED} is stale; run `python -m tablegen`" in lines
    assert f"tablegen: {damaged / REMOVED} is missing; run `python -m tablegen`" in lines
    assert len(lines) == 2, "untouched files are not named"
    assert "Traceback" not in run.stderr


# --- refused at load -----------------------------------------------------------------------


@pytest.fixture
def table_copy(tmp_path: Path) -> Path:
    for name in TABLE_FILES:
        shutil.copyfile(source_table_dir() / name, tmp_path / name)
    return tmp_path


def test_an_untouched_copy_loads_and_matches(table_copy: Path) -> None:
    loaded = load_tables(table_copy)
    assert loaded.flush == tables().flush
    assert loaded.unique5 == tables().unique5
    assert loaded.five_card_classes == tables().five_card_classes
    assert load_multiset_hash(table_copy).as_dict() == multiset_hash().as_dict()


def _rewrite_header(path: Path, change: Callable[[dict[str, object]], object]) -> None:
    header = msgpack.unpackb(path.read_bytes(), raw=False)
    change(header)
    path.write_bytes(msgpack.packb(header, use_bin_type=True))


def _rewrite_payload(path: Path, change: Callable[[dict[str, object]], object]) -> None:
    # Edits the payload and recomputes its checksum, as a careless hand edit might.
    def edit(header: dict[str, object]) -> None:
        body = msgpack.unpackb(header["payload"], raw=False)
        change(body)
        payload = msgpack.packb(body, use_bin_type=True)
        header["payload"] = payload
        header["sha256"] = hashlib.sha256(payload).hexdigest()

    _rewrite_header(path, edit)


def _set(key: str, value: object) -> Callable[[dict[str, object]], object]:
    return lambda mapping: mapping.__setitem__(key, value)


DAMAGE: dict[str, tuple[str, Callable[[Path], object], str]] = {
    "payload byte flipped": ("flush.msgpack", flip_last_byte, "is corrupted (SHA-256"),
    "newer format version": (
        "classes.msgpack",
        lambda p: _rewrite_header(p, _set("version", 2)),
        "has format version 2, this pokerlookup reads version 1",
    ),
    "missing file": ("prime_hash5.msgpack", Path.unlink, "is missing"),
    "missing six/seven-card file": ("prime_hash67.msgpack", Path.unlink, "is missing"),
    "six/seven-card byte flipped": ("prime_hash67.msgpack", flip_last_byte, "is corrupted"),
    "empty file": ("unique5.msgpack", lambda p: p.write_bytes(b""), "is not readable"),
    "not msgpack": ("flush.msgpack", lambda p: p.write_bytes(b"\xc1\xc1 not a table"), "is not"),
    "text file": (
        "classes.msgpack",
        lambda p: p.write_text("these are not the tables\n"),
        "is not",
    ),
    "msgpack but not a table": (
        "unique5.msgpack",
        lambda p: p.write_bytes(msgpack.packb({"hello": "world"})),
        "is not a pokerlookup table file",
    ),
    "msgpack list": (
        "unique5.msgpack",
        lambda p: p.write_bytes(msgpack.packb([1, 2, 3])),
        "is not a pokerlookup table file",
    ),
    "another table's file": (
        "flush.msgpack",
        lambda p: shutil.copyfile(p.parent / "unique5.msgpack", p),
        "holds table 'unique5', expected 'flush'",
    ),
    "other rules": (
        "unique5.msgpack",
        lambda p: _rewrite_header(p, _set("rules", "shortdeck")),
        "is for rules 'shortdeck'",
    ),
    "array length disagrees with header": (
        "flush.msgpack",
        lambda p: _rewrite_header(p, _set("counts", {"class": 8191})),
        "has array 'class' of the wrong length",
    ),
    "wrong class count, checksum redone": (
        "classes.msgpack",
        lambda p: _rewrite_payload(p, lambda body: _set("class_count", 7461)(body["meta"])),  # type: ignore[arg-type]
        "does not hold 7462 classes",
    ),
    "malformed payload, checksum redone": (
        "flush.msgpack",
        lambda p: _rewrite_payload(p, lambda body: body.pop("arrays")),
        "has a malformed payload",
    ),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_damaged_table_is_refused_with_the_regenerate_hint(table_copy: Path, damage: str) -> None:
    name, spoil, problem = DAMAGE[damage]
    spoil(table_copy / name)
    with pytest.raises(TableError) as caught:
        load_tables(table_copy)
        load_multiset_hash(table_copy)
    message = str(caught.value)
    assert problem in message
    assert str(table_copy / name) in message, "the message names the file"
    assert HINT in message
    assert isinstance(caught.value, PokerLookupError) and isinstance(caught.value, ValueError)


def test_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(TableError, match=HINT):
        load_tables(tmp_path / "nowhere")


def test_unwritable_output_is_one_line_and_status_2(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    result = subprocess.run(
        [sys.executable, "-m", "tablegen", "--quiet", "--out", str(blocker / "tables")],
        capture_output=True,
        text=True,
        cwd=source_table_dir().parent,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "cannot write" in result.stderr
    assert "Traceback" not in result.stderr
