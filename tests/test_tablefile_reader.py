"""The runtime's own reader of table files agrees with msgpack, and never imports it.

``lookup.core.tablefile`` writes tables with msgpack but reads them with a small
reader of its own (importing msgpack, and its ``datetime``, cost a process's
first table 2.4 ms; it also copied each binary). These tests hold the reader to
``msgpack.unpackb(data, raw=False, strict_map_key=True)``: the same objects from
every shipped table and from any msgpack value, and a failure wherever msgpack
fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lookup
from lookup.core.errors import TableError
from lookup.core.tablefile import _unpack, decode_table, source_table_dir

TABLES = sorted(source_table_dir().glob("*/*.msgpack"))


def _plain(value: Any) -> Any:
    """``value`` with every memoryview as bytes: what msgpack gives."""
    if isinstance(value, memoryview):
        return value.tobytes()
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _has_extension(value: Any) -> bool:
    if isinstance(value, dict):
        return any(map(_has_extension, value.values()))
    if isinstance(value, list):
        return any(map(_has_extension, value))
    return isinstance(value, (msgpack.ExtType, msgpack.Timestamp))


def _msgpack(data: bytes) -> Any:
    return msgpack.unpackb(data, raw=False, strict_map_key=True)


@pytest.mark.parametrize("path", TABLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_table_reads_as_msgpack_reads_it(path: Path) -> None:
    data = path.read_bytes()
    header = _unpack(data)
    assert _plain(header) == _msgpack(data)
    assert _plain(_unpack(header["payload"])) == _msgpack(_msgpack(data)["payload"])


_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=40)
    | st.binary(max_size=300),
    lambda inner: (
        st.lists(inner, max_size=20)
        | st.dictionaries(st.text(max_size=8) | st.binary(max_size=8), inner, max_size=20)
    ),
    max_leaves=60,
)


@given(_VALUES, st.booleans())
def test_any_msgpack_value_reads_as_msgpack_reads_it(value: Any, single_float: bool) -> None:
    try:
        data = msgpack.packb(value, use_bin_type=True, use_single_float=single_float)
    except OverflowError:  # a double too large for a single float
        return
    assert _plain(_unpack(data)) == _msgpack(data)


@given(_VALUES, st.data())
def test_damaged_bytes_fail_where_msgpack_fails(value: Any, data: st.DataObject) -> None:
    packed = bytearray(msgpack.packb(value, use_bin_type=True))
    if data.draw(st.booleans(), "truncate"):
        del packed[data.draw(st.integers(0, len(packed)), "at") :]
    else:
        at = data.draw(st.integers(0, len(packed) - 1), "at")
        packed[at] = data.draw(st.integers(0, 255), "byte")
    damaged = bytes(packed)
    try:
        expected = ("read", _msgpack(damaged))
    except Exception:  # msgpack raises several unrelated types on garbage
        expected = ("refused", None)
    if _has_extension(expected[1]):  # a byte turned into an extension type: refused here
        expected = ("refused", None)
    try:
        found = ("read", _plain(_unpack(damaged)))
    except Exception:
        found = ("refused", None)
    assert found == expected


@pytest.mark.parametrize(
    "data",
    [b"", b"\xc1", b"\x92\x01", b"\x81\x01\x02", b"\x90\x90"],
    ids=["empty", "never used", "short list", "int key", "two objects"],
)
def test_what_msgpack_refuses_is_not_a_readable_table(data: bytes) -> None:
    with pytest.raises(Exception):  # noqa: B017  # the reference: msgpack refuses it
        _msgpack(data)
    with pytest.raises(TableError, match=r"is not readable \(.*\): regenerate the tables"):
        decode_table(data, "a.msgpack")


def test_reading_tables_does_not_import_msgpack() -> None:
    code = (
        "import sys, lookup; lookup.evaluate('As Ah Ad Ac', 'Ks Kd 2c 3c 4h', game='omaha');"
        "lookup.evaluate('As Kd Qh Jc Ts 9d 8c'); print('msgpack' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(Path(lookup.__file__).parent.parent)),
        cwd=Path.cwd().anchor,
    )
    assert done.stdout.strip() == "False"


def test_an_extension_type_is_not_a_readable_table() -> None:
    # msgpack reads it (an ExtType); no table holds one, so this reader refuses it.
    data = b"\xc7\x01\x05x"
    assert _msgpack(data) == msgpack.ExtType(5, b"x")
    with pytest.raises(TableError, match=r"is not readable \(ValueError\)"):
        decode_table(data, "a.msgpack")
