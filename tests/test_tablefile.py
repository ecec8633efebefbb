"""Table format 4 (lookup.core.tablefile): a msgpack stream of a header and one bin per array.

The committed tables' damage cases are in test_tables.py; these hold the format
itself to msgpack and to its promises: any msgpack reader reads a file, the same
inputs give the same bytes, a flipped byte anywhere is refused, and reading bytes
in memory and reading a file are one reader with one set of messages.
"""

from __future__ import annotations

import io
import sys
import zlib
from array import array
from pathlib import Path

import msgpack
import pytest

from lookup.core.errors import TableError
from lookup.core.tablefile import (
    FORMAT,
    FORMAT_VERSION,
    REGENERATE_HINT,
    _bin_prefix,
    _decode,
    decode_table,
    encode_table,
    read_table,
)

ARRAYS: dict[str, tuple[str, list[int]]] = {
    "small": ("B", [0, 1, 255]),
    "empty": ("Q", []),
    "wide": ("H", list(range(300))),  # 600 bytes: a bin 16
    "signed": ("i", [-(2**31), -1, 0, 2**31 - 1]),
    "large": ("I", list(range(20_000))),  # 80,000 bytes: a bin 32
    "huge": ("Q", [0, 2**64 - 1]),
}
META = {"boards": 3, "method": "rows", "nested": {"list": [1, 2.5, "x"], "flag": True}}


def _table() -> bytes:
    return encode_table("test", "a table of tests", "standard", ARRAYS, META, rules_digest="ab")


@pytest.mark.parametrize("size", [0, 1, 255, 256, 65535, 65536, 100_000])
def test_a_bin_head_is_what_msgpack_writes(size: int) -> None:
    packed = msgpack.packb(bytes(size), use_bin_type=True)
    assert _bin_prefix(size) == packed[: len(packed) - size]


def test_a_bin_over_4_gib_is_refused() -> None:
    with pytest.raises(ValueError, match="at most 4294967295 bytes"):
        _bin_prefix(2**32)


def test_any_msgpack_reader_reads_a_file() -> None:
    header, *bins = msgpack.Unpacker(io.BytesIO(_table()), raw=False)
    assert header["format"] == FORMAT and header["version"] == FORMAT_VERSION == 4
    assert list(header) == [
        "format", "version", "name", "description", "rules", "rules_digest",
        "meta", "arrays", "crc32",
    ]  # fmt: skip
    assert header["meta"] == META
    assert header["arrays"] == [[k, code, len(v)] for k, (code, v) in ARRAYS.items()]
    for data, (code, values) in zip(bins, ARRAYS.values(), strict=True):
        stored = array(code, data)
        if sys.byteorder == "big":
            stored.byteswap()
        assert stored.tolist() == values


def test_the_checksum_covers_the_header_without_it_then_every_bin() -> None:
    header, *bins = msgpack.Unpacker(io.BytesIO(_table()), raw=False)
    stored = header.pop("crc32")
    crc = zlib.crc32(msgpack.packb(header))
    for data in bins:
        crc = zlib.crc32(msgpack.packb(data), crc)
    assert crc == stored


def test_the_same_inputs_give_the_same_bytes_and_decode_back() -> None:
    data = _table()
    assert data == _table()
    table = decode_table(data, "test.msgpack", "test")
    assert (table.name, table.description, table.rules, table.rules_digest) == (
        "test", "a table of tests", "standard", "ab",
    )  # fmt: skip
    assert table.meta == META and table.source == "test.msgpack"
    assert {k: (v.typecode, v.tolist()) for k, v in table.arrays.items()} == ARRAYS
    assert list(table.arrays) == list(ARRAYS), "in file order"


def test_a_file_and_its_bytes_read_alike(tmp_path: Path) -> None:
    (tmp_path / "test.msgpack").write_bytes(_table())
    table = read_table(tmp_path, "test")
    assert table == decode_table(_table(), str(tmp_path / "test.msgpack"), "test")


def test_an_open_file_reads_as_its_bytes_and_is_refused_alike(tmp_path: Path) -> None:
    # decode_table takes the open file too (the strength tables are read so: a turn
    # table never whole in memory), with the same answer and the same refusals.
    path = tmp_path / "test.msgpack"
    path.write_bytes(_table())
    with path.open("rb", buffering=0) as raw, path.open("rb") as buffered:
        assert decode_table(raw, "t", "test") == decode_table(buffered, "t", "test")
    assert decode_table(path.read_bytes(), str(path), "test") == read_table(tmp_path, "test")
    spoiled = bytearray(_table())
    spoiled[-1] ^= 1
    path.write_bytes(bytes(spoiled))
    with path.open("rb") as handle, pytest.raises(TableError) as from_file:
        decode_table(handle, "t.msgpack", "test")
    assert str(from_file.value) == _refusal(bytes(spoiled))


def test_arrays_come_back_as_plain_arrays(tmp_path: Path) -> None:
    # Read through a memoryview: none may stay exported (an exported array cannot grow).
    (tmp_path / "test.msgpack").write_bytes(_table())
    for table in (read_table(tmp_path, "test"), decode_table(_table(), "t", "test")):
        for values in table.arrays.values():
            values.append(1)


class _Trickle(io.BytesIO):
    """A file whose reads stop short, as a read past a system call's limit does."""

    def readinto(self, buffer: object) -> int:
        with memoryview(buffer) as view:  # type: ignore[arg-type]
            return super().readinto(view[:1000])


def test_a_read_that_stops_short_is_resumed() -> None:
    table = _decode(_Trickle(_table()), "t", "test")
    assert {k: v.tolist() for k, v in table.arrays.items()} == {
        k: v for k, (_, v) in ARRAYS.items()
    }


def _refusal(data: bytes) -> str:
    with pytest.raises(TableError) as caught:
        decode_table(data, "t.msgpack", "test")
    message = str(caught.value)
    assert message.startswith("lookup table t.msgpack ") and message.endswith(REGENERATE_HINT)
    return message


def test_every_flipped_byte_is_refused() -> None:
    data = _table()
    header = len(msgpack.packb(next(msgpack.Unpacker(io.BytesIO(data), raw=False))))
    # Every byte of the header and of each bin's head, and array bytes at a stride.
    positions = [*range(header + 8), *range(header + 8, len(data), 97), len(data) - 1]
    for position in positions:
        for bit in (0x01, 0x20, 0x80):
            damaged = bytearray(data)
            damaged[position] ^= bit
            _refusal(bytes(damaged))


def _with_header(change: dict[str, object], data: bytes | None = None) -> bytes:
    """A table whose header is changed, its checksum redone (as a careless edit might)."""
    header, *bins = msgpack.Unpacker(io.BytesIO(data or _table()), raw=False)
    header.update(change)
    header.pop("crc32")
    crc = zlib.crc32(msgpack.packb(header))
    for blob in bins:
        crc = zlib.crc32(msgpack.packb(blob), crc)
    header["crc32"] = change.get("crc32", crc)
    return bytes(msgpack.packb(header)) + b"".join(map(msgpack.packb, bins))


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"version": 3}, "has format version 3, this pokerlookup reads version 4"),
        ({"format": "other"}, "is not a pokerlookup table file"),
        ({"name": None}, "has a malformed header (no str 'name')"),
        ({"meta": []}, "has a malformed header (no dict 'meta')"),
        ({"crc32": "0"}, "has a malformed header (no int 'crc32')"),
        ({"arrays": {}}, "has a malformed header (no list 'arrays')"),
        ({"arrays": [["small", "B"]]}, "has a malformed header (array entry ['small', 'B'])"),
        ({"arrays": [["small", "B", -3]]}, "has a malformed header (array entry"),
        ({"arrays": [["small", "B", True]]}, "has a malformed header (array entry"),
        ({"arrays": [["small", "b", 3]]}, "has array 'small' of unknown type 'b'"),
        ({"arrays": [["small", "B", 3], ["small", "B", 3]]}, "(array 'small' twice)"),
        ({"arrays": [["small", "B", 4]]}, "has array 'small' of the wrong length"),
        ({"arrays": [["small", "H", 3]]}, "has array 'small' of the wrong length"),
        ({"arrays": [["small", "B", 3]]}, "has bytes after its last array"),
        ({"name": "other"}, "holds table 'other', expected 'test'"),
    ],
)
def test_a_header_edited_with_its_checksum_redone_is_refused(
    change: dict[str, object], problem: str
) -> None:
    assert problem in _refusal(_with_header(change))


def test_a_header_entry_missing_is_refused() -> None:
    header, *bins = msgpack.Unpacker(io.BytesIO(_table()), raw=False)
    del header["rules"]
    data = msgpack.packb(header) + b"".join(map(msgpack.packb, bins))
    assert "has a malformed header (no str 'rules')" in _refusal(data)


def test_a_bin_head_that_lies_is_refused() -> None:
    small = encode_table("test", "", "standard", {"a": ("B", [1, 2, 3])})
    head = msgpack.packb(b"\x01\x02\x03")[:2]
    start = small.index(head + b"\x01\x02\x03")
    longer = small[:start] + b"\xc4\x04" + small[start + 2 :] + b"\x00"
    assert "has array 'a' of the wrong length" in _refusal(longer)
    # The same three bytes in a bin 16: msgpack writes a bin 8, so this is not its bin.
    wider = small[:start] + b"\xc5\x00\x03" + small[start + 2 :]
    assert "has array 'a' of the wrong length" in _refusal(wider)
    as_text = small[:start] + b"\xa3" + small[start + 2 :]  # a fixstr of three bytes
    assert "has no msgpack bin where array 'a' should be" in _refusal(as_text)


def test_a_cut_or_extended_file_is_refused() -> None:
    data = _table()
    assert "is not readable (it ends inside its header)" in _refusal(b"")
    assert "is not readable (it ends inside its header)" in _refusal(data[:50])
    header = len(msgpack.packb(next(msgpack.Unpacker(io.BytesIO(data), raw=False))))
    assert "is truncated (before array 'small')" in _refusal(data[: header + 1])
    assert "is truncated (inside array 'large')" in _refusal(data[:-1000])
    assert "has bytes after its last array" in _refusal(data + b"\x00")
    assert "has bytes after its last array" in _refusal(data + msgpack.packb(b"x"))


def test_a_length_beyond_the_file_is_refused_before_anything_is_allocated() -> None:
    # A header edited to claim 2**31 entries, its checksum redone, and a bin head to
    # match: refused by the file's size, not by a failed 8 GiB allocation.
    small = encode_table("test", "", "standard", {"a": ("Q", [7])})
    claim = _with_header({"arrays": [["a", "Q", 2**28]]}, small)
    cut = claim.index(msgpack.packb(array("Q", [7]).tobytes()))
    forged = claim[:cut] + b"\xc6\x80\x00\x00\x00" + claim[cut + 2 :]
    assert "is truncated (inside array 'a')" in _refusal(forged)


@pytest.mark.parametrize(
    "data",
    [
        b"\xc1\xc1 garbage",
        b"these are not the tables\n",
        msgpack.packb([1, 2]),
        msgpack.packb({"hello": "world"}),
        msgpack.packb({1: 2}),
    ],
)
def test_what_is_not_a_table_is_refused(data: bytes) -> None:
    assert "is not a pokerlookup table file" in _refusal(data)


def test_a_format_3_file_is_refused_by_its_version_before_its_payload_is_read() -> None:
    # Format 3 kept every array inside the header, after its version: cut short here,
    # as what follows the version is never read.
    old = msgpack.packb({"format": FORMAT, "version": 3, "payload": bytes(100_000)})[:1000]
    assert "has format version 3, this pokerlookup reads version 4" in _refusal(old)
