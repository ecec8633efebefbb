"""The committed tables: byte-reproducible, and refused at load when damaged.

``python -m tablegen --check`` regenerates every ranking's tables from the
reference and compares bytes, so passing it proves the committed files are
exactly what the generator makes. The two runs this module needs start together
in one fixture so they share the machine's cores.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

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
    # The payload is the header's last field, so its last byte is table data.
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
        header["crc32"] = zlib.crc32(payload)

    _rewrite_header(path, edit)


def _set(key: str, value: object) -> Callable[[dict[str, object]], object]:
    return lambda mapping: mapping.__setitem__(key, value)


def _edit_array(key: str, change: Callable[[dict[str, object]], object]) -> Callable[[Path], None]:
    def spoil(path: Path) -> None:
        def edit(body: dict[str, object]) -> None:
            arrays = body["arrays"]
            assert isinstance(arrays, dict)
            change(arrays[key])

        _rewrite_payload(path, edit)

    return spoil


def _from_other_ranking(name: str) -> Callable[[Path], None]:
    def spoil(path: Path) -> None:
        shutil.copyfile(source_table_dir() / "short-deck" / name, path)

    return spoil


def _make_directory(path: Path) -> None:
    path.unlink()
    path.mkdir()


DAMAGE: dict[str, tuple[str, Callable[[Path], object], str]] = {
    "payload byte flipped": ("flush.msgpack", flip_last_byte, "is corrupted (CRC-32"),
    "older format version": (
        "classes.msgpack",
        lambda p: _rewrite_header(p, _set("version", 2)),
        "has format version 2, this pokerlookup reads version 3",
    ),
    "missing classes": ("classes.msgpack", Path.unlink, "is missing"),
    "missing five-card file": ("hash5.msgpack", Path.unlink, "is missing"),
    "missing six/seven-card file": ("sum67.msgpack", Path.unlink, "is missing"),
    "six/seven-card byte flipped": ("sum67.msgpack", flip_last_byte, "is corrupted"),
    "a directory in place of a file": ("hash5.msgpack", _make_directory, "cannot be read"),
    "empty file": ("hash5.msgpack", lambda p: p.write_bytes(b""), "is not readable"),
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
        lambda p: _rewrite_payload(
            p,
            lambda body: body["meta"]["rules"].__setitem__("wheel", False),  # type: ignore[index]
        ),
        "stale rules digest",
    ),
    "array length disagrees with header": (
        "flush.msgpack",
        lambda p: _rewrite_header(p, _set("counts", {"class": 8191})),
        "has array 'class' of the wrong length",
    ),
    "wrong array type, checksum redone": (
        "flush.msgpack",
        _edit_array("class", _set("type", "I")),
        "wrong length",
    ),
    "array cut short, checksum redone": (
        "hash5.msgpack",
        lambda p: _rewrite_payload(p, lambda body: body["arrays"].pop("keys")),  # type: ignore[attr-defined]
        "has no array 'keys'",
    ),
    "wrong class count, checksum redone": (
        "classes.msgpack",
        lambda p: _rewrite_payload(p, lambda body: _set("class_count", 7461)(body["meta"])),  # type: ignore[arg-type]
        "of length",
    ),
    "six/seven-card offsets cut short, checksum and counts redone": (
        "sum67.msgpack",
        lambda p: (
            _edit_array("offset7", lambda spec: spec.update(length=7, data=spec["data"][:28]))(p),  # type: ignore[attr-defined]
            _rewrite_header(p, lambda header: header["counts"].__setitem__("offset7", 7)),  # type: ignore[attr-defined]
        ),
        "has array 'offset7' of length 7, not 15285",
    ),
    "six/seven-card row shift out of range, checksum redone": (
        "sum67.msgpack",
        lambda p: _rewrite_payload(p, lambda body: _set("row_shift", 0)(body["meta"])),  # type: ignore[arg-type]
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
        lambda p: _rewrite_payload(p, lambda body: _set("method", "fast")(body["meta"])),  # type: ignore[arg-type]
        "has a bad method",
    ),
    "Omaha rows cut short, checksum and counts redone": (
        "omaha.msgpack",
        lambda p: (
            _edit_array("best", lambda spec: spec.update(length=2, data=spec["data"][:4]))(p),  # type: ignore[attr-defined]
            _rewrite_header(p, lambda header: header["counts"].__setitem__("best", 2)),  # type: ignore[attr-defined]
        ),
        "has array 'best' of length 2, not 768950",
    ),
    "Omaha rows above the class count, checksum redone": (
        "omaha.msgpack",
        _edit_array("best", lambda spec: spec.update(data=b"\xff\xff" + spec["data"][2:])),  # type: ignore[attr-defined]
        "is malformed",
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
