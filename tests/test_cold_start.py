"""Cold start, by structure: what a fresh process imports and reads on the everyday paths.

Time is measured in ``benchmarks/cold_start.py``; here, the things that made it
slow are held off: modules a plain evaluate never needs, and tables it never reads.
Each check runs in a fresh interpreter, since this one has imported everything.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import subprocess
import sys
from array import array
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import lookup
import lookup.cli.evaluate
from lookup.core.rules import BUILTIN_RANKINGS, _canonical_json
from lookup.game.showdown import MAX_HAND_CARDS
from lookup.ranking.tables import all_at_most

STDLIB_UNNEEDED = (
    "dataclasses",  # imports inspect, ast, dis: more than Python's own start-up
    "inspect",
    "json",  # the rules digest spells its canonical JSON itself
    "threading",  # the rankings' locks come from _thread
    "typing",  # with re and contextlib: the record types are lookup.core.record's namedtuples
    "re",  # (argparse imports it for the command line all the same)
    "pathlib",  # with urllib.parse, ipaddress, fnmatch: built-in tables are read by os.path
)
"""Standard-library modules no plain evaluate imports."""


TABLE_READERS = ("hashlib", "msgpack")
"""Imported when the first table is read, not by ``import lookup``."""

HEAVY = (
    *STDLIB_UNNEEDED,
    "numpy",
    "lookup.game.showdown",
    "lookup.game.registry",
    "lookup.game.family",
    "lookup.ranking.describe",
    "lookup.game.evaluate",
    "lookup.odds.holdem.engine",
    "lookup.batch.evaluate",
    "lookup.ranking.wild_kernels",
)


def fresh(code: str) -> Any:
    """Run ``code`` in a new interpreter; it prints a Python literal, returned here.

    The interpreter runs without ``site`` (``-S``), with only pokerlookup and msgpack
    on its path: an editable install's import hook, or whatever a site imports, would
    load modules on pokerlookup's behalf. The code prints with ``repr``, so that the
    check imports nothing either (``json`` is one of the modules held off).
    """
    path = [str(Path(lookup.__file__).parent.parent), str(Path(msgpack.__file__).parent.parent)]
    done = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(path)},
    )
    return ast.literal_eval(done.stdout.splitlines()[-1])


TRACE_READS = """
import os, sys
import lookup.ranking.tables as tables
read = []
original = tables.read_table
def traced(directory, name, digest=None):
    read.append(f"{os.path.basename(directory)}/{name}")
    return original(directory, name, digest)
tables.read_table = traced
"""


def loaded(names: tuple[str, ...] = HEAVY) -> str:
    return f"sorted(m for m in {names!r} if m in sys.modules)"


def test_import_lookup_stays_light() -> None:
    found = fresh(f"import sys, lookup; print({loaded((*HEAVY, *TABLE_READERS))})")
    assert found == []


def test_the_fresh_interpreter_sees_what_is_imported() -> None:
    # The checks above would pass vacuously if the child could not see an import.
    assert fresh(f"import sys, json; print({loaded()})") == ["json", "re"]  # json imports re


def test_five_cards_read_no_six_or_seven_card_table() -> None:
    found = fresh(
        TRACE_READS
        + "import lookup\n"
        + "flush = lookup.evaluate('As Ks Qs Js Ts')\n"
        + "first = list(read)\n"
        + "hands = [str(flush), str(lookup.evaluate('As Kd Qs Js Ts'))]\n"
        + f"print({{'first': first, 'read': read, 'heavy': {loaded()}, 'hands': hands}})"
    )
    assert found["hands"] == ["Royal Flush", "Straight"]
    # A flush is answered by the flush table alone; hash5 is read by the first hand without one.
    assert found["first"] == ["standard/classes", "standard/flush"]
    assert found["read"] == ["standard/classes", "standard/flush", "standard/hash5"]
    assert found["heavy"] == []


def test_seven_cards_read_each_table_once_and_stay_light() -> None:
    found = fresh(
        TRACE_READS
        + "import lookup\n"
        + "hands = [lookup.evaluate('As Ks Qs Js Ts 2c 3d'),\n"
        + "         lookup.evaluate('2c 3d 4h 5s 7c 8d 9h')]\n"
        + "hands = list(map(str, hands))\n"
        + f"print({{'read': read, 'heavy': {loaded()}, 'hands': hands}})"
    )
    assert found["hands"] == ["Royal Flush", "High Card"]  # 9-8-7-5-4: no pair, straight or flush
    # Six and seven cards never read the five-card hash (hash5).
    assert sorted(found["read"]) == sorted(["standard/classes", "standard/flush", "standard/sum67"])
    assert found["heavy"] == []


def test_the_unchecked_kernels_read_their_own_size_s_tables() -> None:
    # evaluate5 is made when lookup.ranking.fast is imported: the five-card tables, as
    # its docstring says; evaluate7, when first asked for: the six/seven-card table.
    found = fresh(
        TRACE_READS
        + "from lookup.ranking.fast import evaluate5\n"
        + "five = list(read)\n"
        + "from lookup.ranking.fast import evaluate7\n"
        + "from lookup.core.cards import parse_cards\n"
        + "hands = [evaluate5(*parse_cards('7h 5d 4c 3s 2h')),\n"
        + "         evaluate7(*parse_cards('As Ks Qs Js Ts 2c 3d'))]\n"
        + "print({'five': five, 'read': read, 'hands': hands})"
    )
    assert found["hands"] == [7462, 1]
    assert found["five"] == ["standard/classes", "standard/flush", "standard/hash5"]
    assert found["read"] == [*found["five"], "standard/sum67"]


def test_omaha_reads_only_the_flush_table_and_its_rows() -> None:
    found = fresh(
        TRACE_READS
        + "import lookup\n"
        + "hands = [lookup.evaluate('As Ah Ad Ac', 'Ks Kd 2c 3c 4h', game='omaha'),\n"
        + "         lookup.evaluate('As Ks 2d 7c', 'Qs Js Ts 3h 3c', game='omaha')]\n"
        + "hands = list(map(str, hands))\n"
        + "print({'read': read, 'hands': hands})"
    )
    assert found["hands"] == ["Two Pair", "Royal Flush"]
    # The five-card hash (hash5) and the six/seven-card table are plain evaluation's.
    assert found["read"] == ["standard/classes", "standard/flush", "standard/omaha"]


def test_cli_eval_imports_only_its_own_command() -> None:
    commands = tuple(f"lookup.cli.{name}" for name in ("equity", "showdown", "census"))
    found = fresh(
        "import io, sys\n"
        "from lookup.cli.main import main\n"
        "sys.stdout, stdout = io.StringIO(), sys.stdout\n"
        "status = main(['eval', 'As', 'Ks', 'Qs', 'Js', 'Ts', '2c', '3d'])\n"
        "sys.stdout, out = stdout, sys.stdout\n"
        "heavy = "
        + loaded(
            (
                *(name for name in STDLIB_UNNEEDED if name != "re"),  # argparse imports re
                "numpy",
                "lookup.game.registry",  # its dataclass: only --game needs it
                "lookup.game.showdown",
                "lookup.odds.holdem.engine",
                *commands,
            )
        )
        + "\nprint({'status': status, 'out': out.getvalue(), 'heavy': heavy})"
    )
    assert found["status"] == 0
    assert "Royal Flush" in found["out"]
    assert found["heavy"] == []


def test_eval_command_cap_is_the_showdown_cap() -> None:
    # Spelled twice so that `pokerlookup eval` need not import the showdown module.
    assert lookup.cli.evaluate.MAX_HAND_CARDS == MAX_HAND_CARDS


def test_lazy_names_resolve_to_their_modules() -> None:
    import lookup.game.best_five
    import lookup.game.evaluate
    import lookup.game.registry
    import lookup.game.showdown
    import lookup.ranking.describe

    modules = sys.modules
    assert lookup.showdown is modules["lookup.game.showdown"].showdown
    assert lookup.parse_description is modules["lookup.ranking.describe"].parse_description
    assert lookup.games is modules["lookup.game.registry"].games
    assert lookup.best_five is modules["lookup.game.best_five"].best_five
    assert lookup.evaluate_hilo is modules["lookup.game.evaluate"].evaluate_hilo
    assert {"showdown", "best_five", "evaluate7", "equity"} <= set(dir(lookup))


def test_no_public_name_is_a_module_after_every_layer_is_imported() -> None:
    # A subpackage named like a public function would replace it when imported.
    found = fresh(
        "import lookup, pkgutil, importlib, types\n"
        "for m in pkgutil.walk_packages(lookup.__path__, 'lookup.'):\n"
        "    if m.name != 'lookup.__main__':\n"
        "        importlib.import_module(m.name)\n"
        "print(sorted(n for n in lookup.__all__\n"
        "             if isinstance(getattr(lookup, n), types.ModuleType)))"
    )
    assert found == []


@given(st.lists(st.integers(0, 0xFFFF), max_size=300), st.integers(-1, 0x10000))
@example([], -1)
@example([0x1D27, 0x1D26], 0x1D26)
def test_all_at_most_agrees_with_a_loop(values: list[int], bound: int) -> None:
    # The table check reads raw bytes instead of boxing each value; a plain loop is the reference.
    assert all_at_most(array("H", values), bound) == all(v <= bound for v in values)


@pytest.mark.parametrize("where", [0, 32_767, 32_768, 65_535, 100_000, 150_000])
def test_all_at_most_reads_every_chunk_of_a_large_array(where: int) -> None:
    # Tested a cache-sized chunk at a time: one value above the bound anywhere is found,
    # whether its high byte is above the bound's or equal to it.
    values = array("H", [0x1D26] * 150_001)
    assert all_at_most(values, 0x1D26)
    for bad in (0x1D27, 0x1E00, 0xFFFF):
        values[where] = bad
        assert not all_at_most(values, 0x1D26)
    values[where] = 0x1D26


JSON_VALUES = st.recursive(
    st.text() | st.integers() | st.booleans(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(JSON_VALUES)
@example({"description": 'Tab\there, "quoted" \\ \x7f é 🃏', "jokers": 2, "bug": True})
def test_canonical_json_is_jsons_spelling(value: object) -> None:
    # The rules digest hashes this spelling: tables record it, so it must never change.
    assert _canonical_json(value) == json.dumps(value, sort_keys=True, separators=(",", ":"))


def test_builtin_digests_are_the_json_digests() -> None:
    for name in BUILTIN_RANKINGS:
        rules = lookup.get_ranking(name).definition
        canonical = json.dumps(rules.as_mapping(), sort_keys=True, separators=(",", ":"))
        assert rules.digest == hashlib.sha256(canonical.encode()).hexdigest()


def test_paths_stay_paths_where_public() -> None:
    # Built-in rankings read their folders as plain strings (os.path, no pathlib); what
    # the public API returns is still a Path, the same one as before.
    from lookup.core.tablefile import source_table_dir, table_dir, table_path
    from lookup.ranking.tables import load_classes

    assert isinstance(table_dir(), Path) and isinstance(source_table_dir(), Path)
    assert str(table_dir()) == table_path()
    assert table_dir() == table_dir().resolve() and table_dir().is_dir()
    package = Path(lookup.__file__).resolve().parent
    assert table_dir() in (package / "_tables", package.parent / "tables")
    assert source_table_dir() == package.parent / "tables"
    ranking = lookup.get_ranking("short-deck")
    assert isinstance(ranking.directory, Path)
    assert ranking.directory == table_dir() / "short-deck"
    # A folder given as a string or a Path reads alike.
    assert load_classes(str(ranking.directory)) == load_classes(ranking.directory)


def test_table_errors_name_the_same_path_for_str_and_path(tmp_path: Path) -> None:
    from lookup.core.errors import TableError
    from lookup.ranking.tables import read_table

    messages = []
    for folder in (tmp_path, str(tmp_path)):
        try:
            read_table(folder, "classes")
        except TableError as error:
            messages.append(str(error))
    assert len(messages) == 2 and messages[0] == messages[1]
    assert messages[0].startswith(f"lookup table {tmp_path / 'classes.msgpack'} is missing: ")
