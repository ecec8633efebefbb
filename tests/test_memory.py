"""Loaded tables stay compact, and the compact lookups answer as the tables define.

Issue 20: every ranking touched (one evaluation each) grew a process by 62-69 MB,
most of it a dict of 100,000 keys per wild-card ranking. The wild-card kernels now
compute the table's perfect hash from pre-multiplied card keys; these tests hold
that computation to the hash's definition (``lookup.core.prime_hash``), written out
here, on every stored key and on random hands, and hold the process's growth under
half of what it was. The kernels' answers themselves are checked against the
brute-force reference in ``tests/test_wildcards.py``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from array import array
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.errors import TableError
from lookup.core.rules import BUILTIN_RANKINGS, WILD_RANKINGS
from lookup.core.tablefile import encode_table, read_table, sha256_hex
from lookup.ranking.ranking import get_ranking, load_rules
from lookup.ranking.tables import shared_ints
from lookup.ranking.wild_kernels import hashed_card_key, wild_card_key

MASK64 = (1 << 64) - 1


@cache
def stored_classes(name: str) -> dict[int, int]:
    """Key -> class of a wild table, read slot by slot: each slot holds its key's class."""
    table = get_ranking(name).wild_tables.hash
    return {key: table.classes[slot] for slot, key in enumerate(table.keys) if key}


def slot_by_definition(key: int, multiplier: int, bucket_bits: int, displacement: array[int],
                       slot_count: int) -> int:  # fmt: skip
    """The perfect hash's slot, spelled out as lookup.core.prime_hash documents it."""
    h = (key * multiplier) % 2**64
    bucket = h // 2 ** (64 - bucket_bits)
    offset = (h // 2 ** (32 - bucket_bits)) % 2**32
    return (offset + displacement[bucket]) % slot_count


@pytest.mark.parametrize("name", WILD_RANKINGS)
def test_every_stored_key_is_found_by_the_hash(name: str) -> None:
    table = get_ranking(name).wild_tables.hash
    params = table.params
    stored = stored_classes(name)
    for key, number in stored.items():
        slot = slot_by_definition(
            key, params.multiplier, params.bucket_bits, table.displacement, params.slot_count
        )
        assert table.keys[slot] == key
        assert table.class_of(key) == number
    assert table.as_dict() == stored


@pytest.mark.parametrize("name", WILD_RANKINGS)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_summed_hashed_card_keys_are_the_hash_of_the_summed_keys(
    name: str, data: st.DataObject
) -> None:
    ranking = get_ranking(name)
    tables = ranking.wild_tables
    multiplier = tables.hash.params.multiplier
    size = data.draw(st.integers(5, 7))
    hand = data.draw(st.permutations(ranking.deck).map(lambda deck: deck[:size]))
    keys = [wild_card_key(c, tables.wild_digit, c in ranking.wild_cards) for c in hand]
    summed = sum(hashed_card_key(k, multiplier) for k in keys)
    table_key, lanes = sum(keys) >> 12, sum(keys) & 0xFFF
    assert summed & MASK64 == (table_key * multiplier) % 2**64
    assert summed >> 67 == lanes  # each suit's count, clear of the carries below
    # The kernel answers the stored class of that key; or, with a suit at five or more
    # (wild cards count in every suit), that or a better flush.
    stored = stored_classes(name)[table_key]
    if all((lanes >> (3 * suit)) & 7 < 5 for suit in range(4)):
        assert ranking.kernel(size)(*hand) == stored
    else:
        assert ranking.kernel(size)(*hand) <= stored


def test_shared_ints_keep_values_and_share_objects() -> None:
    values = array("H", [7000, 300, 7000, 0, 300])
    shared = shared_ints(values)
    assert shared == values.tolist()
    assert shared[0] is shared[2] and shared[1] is shared[4]
    assert shared_ints(array("H")) == []
    with pytest.raises(TypeError, match="takes an array"):
        shared_ints([1, 2])  # type: ignore[arg-type]


@given(st.binary(max_size=300))
def test_sha256_hex_is_sha256(data: bytes) -> None:
    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()


def test_reading_a_table_does_not_import_hashlib() -> None:
    # hashlib loads OpenSSL: 3.6 MB resident for a few checksums.
    code = (
        "import sys, lookup; lookup.evaluate('As Kd Qh Jc Ts 9d 8c');"
        "print('hashlib' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(Path(lookup.__file__).parent.parent)),
        cwd=Path.cwd().anchor,
    )
    expected = "False" if sys.implementation.name == "cpython" else done.stdout.strip()
    assert done.stdout.strip() == expected


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="resident set from /proc")
def test_every_ranking_touched_grows_a_process_by_under_half_of_before() -> None:
    # 62-69 MB before issue 20 (20 MB after, on CPython 3.11 on Linux): the bound is half
    # of the lower figure, so it holds wherever the allocator differs a little.
    code = (
        "import sys, lookup\n"
        "def rss():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmRSS:'):\n"
        "            return int(line.split()[1]) * 1024\n"
        "before = rss()\n"
        "for name in sys.argv[1:]:\n"
        "    r = lookup.get_ranking(name)\n"
        "    r.evaluate('As Kd 7h 4c' if r.hand_size == 4 else 'As Kd Qh Jc Ts 9d 8c')\n"
        "print(rss() - before)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *BUILTIN_RANKINGS],
        check=True,
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(Path(lookup.__file__).parent.parent)),
        cwd=Path.cwd().anchor,
    )
    assert int(done.stdout) < 31 * 2**20, int(done.stdout) / 2**20


def test_every_listed_flush_exception_is_found_and_no_other() -> None:
    tables = get_ranking("deuce-to-seven").multi_tables
    listed = dict(zip(tables.exception_keys, tables.exception_classes, strict=True))
    assert len(listed) == 13_728
    for key, number in listed.items():
        assert tables.exception(key, -1) == number
        for other in (key - 1, key + 1):
            if other not in listed:
                assert tables.exception(other, -1) == -1
    assert tables.exception(0, -1) == -1 and tables.exception(2**64 - 1, -1) == -1


def test_exception_keys_out_of_order_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "deuce-to-seven"
    shutil.copytree(get_ranking("deuce-to-seven").directory, folder)
    table = read_table(folder, "sum67")
    arrays = {key: (values.typecode, values) for key, values in table.arrays.items()}
    keys = table.arrays["exception_key"]
    arrays["exception_key"] = ("Q", array("Q", [keys[1], keys[0], *keys[2:]]))
    (folder / "sum67.msgpack").write_bytes(
        encode_table(table.name, table.description, table.rules, arrays, table.meta,
                     rules_digest=table.rules_digest)
    )  # fmt: skip
    with pytest.raises(TableError, match="exception keys out of order: regenerate"):
        load_rules(folder).evaluate("7c 5d 4h 3s 2c Kd Kh")
