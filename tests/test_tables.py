"""The committed tables: byte-reproducible, and refused at load when damaged.

``python -m tablegen --check`` regenerates every ranking's tables from the
reference and compares bytes, so passing it proves the committed files are
exactly what the generator makes. The two runs this module needs start together
in one fixture so they share the machine's cores.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack
import pytest

from lookup import evaluate, load_rules, parse_cards
from lookup.core.errors import PokerLookupError, TableError
from lookup.core.rules import BUILTIN_RANKINGS, WILD_RANKINGS, Category
from lookup.core.tablefile import read_table, source_table_dir
from lookup.ranking.tables import (
    load_badugi,
    load_classes,
    load_five,
    load_multi,
    load_omaha,
    load_wild,
)

HINT = "python -m tablegen"
POKER_FILES = (
    "classes.msgpack",
    "flush.msgpack",
    "hash5.msgpack",
    "sum67.msgpack",
    "omaha.msgpack",
    "rules.toml",
)
BADUGI_FILES = ("classes.msgpack", "hash4.msgpack", "mask_prime.msgpack", "rules.toml")
FLIPPED, REMOVED = "flush.msgpack", "hash5.msgpack"


WILD_FILES = ("classes.msgpack", "wild.msgpack", "rules.toml")


def expected_files(name: str) -> tuple[str, ...]:
    if name == "badugi":
        return BADUGI_FILES
    if name in WILD_RANKINGS:  # one table for 5, 6 and 7 cards (see tablegen.build_wild)
        return WILD_FILES
    if name in ("ace-to-five", "eight-or-better"):  # flushes do not count: no flush table
        return tuple(f for f in POKER_FILES if f != "flush.msgpack")
    return POKER_FILES


@dataclass(frozen=True)
class CheckRun:
    returncode: int
    stdout: str
    stderr: str


def flip_last_byte(path: Path) -> None:
    # The last array's bin ends the file, so its last byte is table data.
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x01
    path.write_bytes(bytes(data))


def _start_check(*extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tablegen", "--check", "--quiet", *extra],
        cwd=source_table_dir().parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(process: subprocess.Popen[str]) -> CheckRun:
    stdout, stderr = process.communicate(timeout=900)
    return CheckRun(process.returncode, stdout, stderr)


@dataclass(frozen=True)
class CheckRuns:
    committed: CheckRun
    damaged: CheckRun
    damaged_dir: Path


def copy_ranking(name: str, target: Path) -> Path:
    shutil.copytree(source_table_dir() / name, target)
    return target


@pytest.fixture(scope="module")
def check_runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CheckRuns]:
    damaged = copy_ranking("standard", tmp_path_factory.mktemp("damaged") / "standard")
    flip_last_byte(damaged / FLIPPED)
    (damaged / REMOVED).unlink()
    committed = _start_check()
    tampered = _start_check("--rules", "standard", "--out", str(damaged))
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


@pytest.mark.parametrize("name", BUILTIN_RANKINGS)
def test_each_ranking_folder_holds_exactly_its_files(name: str) -> None:
    folder = source_table_dir() / name
    assert sorted(p.name for p in folder.iterdir()) == sorted(expected_files(name))


def test_no_stray_folders_or_files() -> None:
    expected = [*BUILTIN_RANKINGS, "preflop"]  # the heads-up preflop equity table
    assert sorted(p.name for p in source_table_dir().iterdir()) == sorted(expected)


def test_preflop_folder_holds_exactly_its_files() -> None:
    folder = source_table_dir() / "preflop"
    assert sorted(p.name for p in folder.iterdir()) == ["classes.msgpack", "matchups.msgpack"]


def test_check_names_each_stale_or_missing_file(check_runs: CheckRuns) -> None:
    run, damaged = check_runs.damaged, check_runs.damaged_dir
    assert run.returncode == 1
    lines = run.stderr.splitlines()
    assert f"tablegen: {damaged / FLIPPED} is stale; run `python -m tablegen`" in lines
    assert f"tablegen: {damaged / REMOVED} is missing; run `python -m tablegen`" in lines
    assert len(lines) == 2, "untouched files are not named"
    assert "Traceback" not in run.stderr


# --- refused at load -----------------------------------------------------------------------


def load_everything(directory: Path) -> object:
    """Read every table of a folder the way the runtime does."""
    classes = load_classes(directory)
    if classes.definition.scoring == "badugi":
        return load_badugi(directory, classes)
    if classes.definition.has_wild:
        return load_wild(directory, classes)
    return (
        load_five(directory, classes),
        load_multi(directory, classes),
        load_omaha(directory, classes),
    )


@pytest.fixture
def table_copy(tmp_path: Path) -> Path:
    return copy_ranking("standard", tmp_path / "standard")


@pytest.mark.parametrize("name", BUILTIN_RANKINGS)
def test_an_untouched_copy_loads_and_matches(tmp_path: Path, name: str) -> None:
    copy = copy_ranking(name, tmp_path / name)
    assert load_everything(copy) == load_everything(source_table_dir() / name)


def _read_stream(path: Path) -> tuple[dict[str, Any], list[bytes]]:
    # A table file is a plain msgpack stream: its header map, then one bin per array.
    header, *bins = msgpack.Unpacker(io.BytesIO(path.read_bytes()), raw=False)
    return header, bins


def _write_stream(path: Path, header: dict[str, Any], bins: list[bytes]) -> None:
    # Recomputes the checksum, as a careless hand edit might: the header without
    # "crc32", then every bin, in file order (lookup.core.tablefile).
    header.pop("crc32", None)
    crc = zlib.crc32(msgpack.packb(header))
    for data in bins:
        crc = zlib.crc32(msgpack.packb(data), crc)
    header["crc32"] = crc
    path.write_bytes(b"".join([msgpack.packb(header), *map(msgpack.packb, bins)]))


def _rewrite(path: Path, change: Callable[[dict[str, Any]], object]) -> None:
    """Edit a table as a dict: header fields, and "arrays" as name -> type, length, data."""
    header, bins = _read_stream(path)
    header["arrays"] = {
        key: {"type": code, "length": length, "data": data}
        for (key, code, length), data in zip(header["arrays"], bins, strict=True)
    }
    change(header)
    specs = header.pop("arrays")
    header["arrays"] = [[key, spec["type"], spec["length"]] for key, spec in specs.items()]
    _write_stream(path, header, [spec["data"] for spec in specs.values()])


def _rewrite_header(path: Path, change: Callable[[dict[str, Any]], object]) -> None:
    # Edits the header alone, its checksum left as it was.
    header, _ = _read_stream(path)
    data = path.read_bytes()
    change(header)
    path.write_bytes(msgpack.packb(header) + data[_header_size(path) :])


def _header_size(path: Path) -> int:
    header, _ = _read_stream(path)
    return len(msgpack.packb(header))


def _set(key: str, value: object) -> Callable[[dict[str, Any]], object]:
    return lambda mapping: mapping.__setitem__(key, value)


def _edit_array(key: str, change: Callable[[dict[str, Any]], object]) -> Callable[[Path], None]:
    return lambda path: _rewrite(path, lambda table: change(table["arrays"][key]))


def _edit_bytes(change: Callable[[bytearray, int], object]) -> Callable[[Path], None]:
    """Edit a file's bytes in place; ``change`` gets them and where the first bin starts."""

    def spoil(path: Path) -> None:
        data = bytearray(path.read_bytes())
        change(data, _header_size(path))
        path.write_bytes(bytes(data))

    return spoil


def _flip_in_description(path: Path) -> None:
    header, _ = _read_stream(path)
    data = bytearray(path.read_bytes())
    data[data.index(header["description"].encode())] ^= 0x20  # a letter's case
    path.write_bytes(bytes(data))


def _from_other_ranking(name: str) -> Callable[[Path], None]:
    def spoil(path: Path) -> None:
        shutil.copyfile(source_table_dir() / "short-deck" / name, path)

    return spoil


def _make_directory(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _meta(key: str, value: object) -> Callable[[Path], None]:
    return lambda path: _rewrite(path, lambda table: table["meta"].__setitem__(key, value))


def _append(data: bytes) -> Callable[[Path], object]:
    return lambda path: path.write_bytes(path.read_bytes() + data)


def _cut(size: int) -> Callable[[Path], object]:
    return lambda path: path.write_bytes(path.read_bytes()[:size])


DAMAGE: dict[str, tuple[str, Callable[[Path], object], str]] = {
    "array byte flipped": ("flush.msgpack", flip_last_byte, "is corrupted (CRC-32"),
    "header byte flipped": ("hash5.msgpack", _flip_in_description, "is corrupted (CRC-32"),
    "checksum byte flipped": (  # "crc32" is the header's last entry
        "sum67.msgpack",
        _edit_bytes(lambda data, start: data.__setitem__(start - 1, data[start - 1] ^ 1)),
        "is corrupted (CRC-32",
    ),
    "bin head byte flipped": (  # the first bin's head ends in its length's low byte
        "classes.msgpack",
        _edit_bytes(lambda data, start: data.__setitem__(start + 2, data[start + 2] ^ 4)),
        "has array 'category' of the wrong length",
    ),
    "older format version": (
        "classes.msgpack",
        lambda p: _rewrite_header(p, _set("version", 3)),
        "has format version 3, this pokerlookup reads version 4",
    ),
    "a format-3 file": (
        "omaha.msgpack",
        lambda p: p.write_bytes(
            msgpack.packb({"format": "pokerlookup-table", "version": 3, "payload": b"x" * 99})
        ),
        "has format version 3, this pokerlookup reads version 4",
    ),
    "missing classes": ("classes.msgpack", Path.unlink, "is missing"),
    "missing five-card file": ("hash5.msgpack", Path.unlink, "is missing"),
    "missing six/seven-card file": ("sum67.msgpack", Path.unlink, "is missing"),
    "six/seven-card last byte flipped": (  # its last array is empty: the byte is a bin head
        "sum67.msgpack",
        flip_last_byte,
        "has array 'exception_class' of the wrong length",
    ),
    "a directory in place of a file": ("hash5.msgpack", _make_directory, "cannot be read"),
    "empty file": ("hash5.msgpack", lambda p: p.write_bytes(b""), "is not readable"),
    "truncated in the header": ("hash5.msgpack", _cut(40), "is not readable"),
    "truncated before an array": (
        "hash5.msgpack",
        lambda p: _cut(_header_size(p) + 1)(p),
        "is truncated (before array 'displacement')",
    ),
    "truncated inside an array": ("omaha.msgpack", _cut(-1000), "is truncated (inside array"),
    "trailing byte": ("flush.msgpack", _append(b"\x00"), "has bytes after its last array"),
    "trailing msgpack bin": (
        "flush.msgpack",
        _append(msgpack.packb(b"more")),
        "has bytes after its last array",
    ),
    "not msgpack": ("flush.msgpack", lambda p: p.write_bytes(b"\xc1\xc1 not a table"), "is not"),
    "text file": (
        "classes.msgpack",
        lambda p: p.write_text("these are not the tables\n"),
        "is not",
    ),
    "msgpack but not a table": (
        "hash5.msgpack",
        lambda p: p.write_bytes(msgpack.packb({"hello": "world"})),
        "is not a pokerlookup table file",
    ),
    "msgpack list": (
        "hash5.msgpack",
        lambda p: p.write_bytes(msgpack.packb([1, 2, 3])),
        "is not a pokerlookup table file",
    ),
    "another table's file": (
        "flush.msgpack",
        lambda p: shutil.copyfile(p.parent / "hash5.msgpack", p),
        "holds table 'hash5', expected 'flush'",
    ),
    "the same file of another ranking": (
        "sum67.msgpack",
        _from_other_ranking("sum67.msgpack"),
        "was built for other rules",
    ),
    "rules edited in the classes file": (
        "classes.msgpack",
        lambda p: _rewrite(p, lambda table: table["meta"]["rules"].__setitem__("wheel", False)),
        "stale rules digest",
    ),
    "array length disagrees with its bin, checksum redone": (
        "flush.msgpack",
        _edit_array("class", _set("length", 8191)),
        "has array 'class' of the wrong length",
    ),
    "wrong array type, checksum redone": (
        "flush.msgpack",
        _edit_array("class", _set("type", "I")),
        "wrong length",
    ),
    "unknown array type, checksum redone": (
        "flush.msgpack",
        _edit_array("class", _set("type", "f")),
        "has array 'class' of unknown type 'f'",
    ),
    "array in a msgpack str, not a bin": (  # str 16 and bin 16 heads differ in one byte
        "flush.msgpack",
        _edit_bytes(lambda data, start: data.__setitem__(start, 0xDA)),
        "has no msgpack bin where array 'class' should be",
    ),
    "array left out, checksum redone": (
        "hash5.msgpack",
        lambda p: _rewrite(p, lambda table: table["arrays"].pop("keys")),
        "has no array 'keys'",
    ),
    "wrong class count, checksum redone": (
        "classes.msgpack",
        _meta("class_count", 7461),
        "of length",
    ),
    "six/seven-card offsets cut short, checksum redone": (
        "sum67.msgpack",
        _edit_array("offset7", lambda spec: spec.update(length=7, data=spec["data"][:28])),
        "has array 'offset7' of length 7, not 15285",
    ),
    "six/seven-card row shift out of range, checksum redone": (
        "sum67.msgpack",
        _meta("row_shift", 0),
        "bad row_shift",
    ),
    "missing Omaha rows": ("omaha.msgpack", Path.unlink, "is missing"),
    "Omaha rows byte flipped": ("omaha.msgpack", flip_last_byte, "is corrupted (CRC-32"),
    "Omaha rows of another ranking": (
        "omaha.msgpack",
        _from_other_ranking("omaha.msgpack"),
        "was built for other rules",
    ),
    "Omaha rows with an unknown method, checksum redone": (
        "omaha.msgpack",
        _meta("method", "fast"),
        "has a bad method",
    ),
    "Omaha rows cut short, checksum redone": (
        "omaha.msgpack",
        _edit_array("best", lambda spec: spec.update(length=2, data=spec["data"][:4])),
        "has array 'best' of length 2, not 768950",
    ),
    "Omaha rows above the class count, checksum redone": (
        "omaha.msgpack",
        _edit_array("best", lambda spec: spec.update(data=b"\xff\xff" + spec["data"][2:])),
        "is malformed",
    ),
    "header without meta, checksum redone": (
        "flush.msgpack",
        lambda p: _rewrite(p, lambda table: table.pop("meta")),
        "has a malformed header (no dict 'meta')",
    ),
    "header without a name, checksum redone": (
        "flush.msgpack",
        lambda p: _rewrite(p, lambda table: table.pop("name")),
        "has a malformed header (no str 'name')",
    ),
    "an array named twice, checksum redone": (
        "hash5.msgpack",
        lambda p: _rewrite_header(
            p, lambda header: header["arrays"].__setitem__(1, header["arrays"][0])
        ),
        "has a malformed header (array 'displacement' twice)",
    ),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_damaged_table_is_refused_with_the_regenerate_hint(table_copy: Path, damage: str) -> None:
    name, spoil, problem = DAMAGE[damage]
    spoil(table_copy / name)
    with pytest.raises(TableError) as caught:
        load_everything(table_copy)
    message = str(caught.value)
    assert problem in message
    assert str(table_copy / name) in message, "the message names the file"
    assert HINT in message
    assert isinstance(caught.value, PokerLookupError) and isinstance(caught.value, ValueError)


def test_badugi_damage_is_refused(tmp_path: Path) -> None:
    copy = copy_ranking("badugi", tmp_path / "badugi")
    flip_last_byte(copy / "mask_prime.msgpack")
    with pytest.raises(TableError, match=r"mask_prime\.msgpack is corrupted"):
        load_everything(copy)


def test_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(TableError, match=HINT):
        load_everything(tmp_path / "nowhere")


def test_unwritable_output_is_one_line_and_status_2(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tablegen",
            "--quiet",
            "--rules",
            "short-deck",
            "--out",
            str(blocker / "tables"),
        ],
        capture_output=True,
        text=True,
        cwd=source_table_dir().parent,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "cannot write" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_damaged_wild_table_is_refused(tmp_path: Path) -> None:
    copy = copy_ranking("joker", tmp_path / "joker")
    flip_last_byte(copy / "wild.msgpack")
    with pytest.raises(TableError, match=HINT):
        load_everything(copy)


def test_a_damaged_hash5_is_refused_by_the_first_hand_that_reads_it(tmp_path: Path) -> None:
    # hash5 is read on the first five-card hand without a flush: Omaha, flushes and six or
    # seven cards never read it, and every way to a hand that does refuses it, each time.
    copy = copy_ranking("standard", tmp_path / "standard")
    flip_last_byte(copy / "hash5.msgpack")
    ranking = load_rules(copy)
    omaha = evaluate("As Ah Ad Ac", "Ks Kd 2c 3c 4h", game="omaha", rules=copy)
    assert omaha.describe() == "Two Pair, Aces and Kings, Four kicker"
    assert evaluate("As Ks Qs Js Ts", rules=copy).describe() == "Royal Flush"
    assert evaluate("As Ks Qs Js Ts 2c 3d", rules=copy).describe() == "Royal Flush"
    cards = parse_cards("As Kd Qs Js Ts")
    attempts: dict[str, Callable[[], object]] = {
        "text": lambda: evaluate("As Kd Qs Js Ts", rules=copy),
        "cards": lambda: evaluate(cards, rules=ranking),
        "again": lambda: ranking.evaluate(cards),
        "eight cards": lambda: ranking.evaluate(parse_cards("As Kd Qs Js Ts 2c 3d 4h")),
        "kernel": lambda: ranking.kernel(5),
        "tables": lambda: ranking.five_tables,
    }
    for way, attempt in attempts.items():
        with pytest.raises(TableError, match=r"hash5\.msgpack is corrupted") as caught:
            attempt()
        assert HINT in str(caught.value), way


@pytest.mark.parametrize("name", BUILTIN_RANKINGS)
def test_each_class_has_the_category_its_code_names(name: str) -> None:
    # load_classes reads the codes a run at a time; one by one must agree.
    folder = source_table_dir() / name
    classes = load_classes(folder)
    codes = read_table(folder, "classes").array("category", "B", classes.class_count)
    assert classes.categories == (Category.HIGH_CARD, *(list(Category)[code] for code in codes))
