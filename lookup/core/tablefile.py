"""The on-disk table format: one msgpack map per file, a header around a checksummed payload.

A file is the msgpack encoding of::

    {"format": "pokerlookup-table", "version": FORMAT_VERSION,
     "name": ..., "description": ..., "rules": ranking name, "rules_digest": ...,
     "counts": {array name: length, ...},
     "crc32": CRC-32 of payload,
     "payload": msgpack bytes of {"meta": {...}, "arrays": {name: {"type", "length", "data"}}}}

The CRC-32 (zlib's) catches a damaged or truncated file; it is no defence against an
edit, and nor would a stronger hash stored beside the data be (whoever can edit the
file can rewrite its header). A table's identity against its rules is
``rules_digest``, a SHA-256 of its rules (:attr:`~lookup.core.rules.RankingRules.digest`).

Arrays are stored as raw little-endian bytes (``array`` type codes ``B H I i Q``), so
the runtime reads them without numpy and a batch path can map them with
``numpy.frombuffer``. The generator writes through :func:`encode_table` and the
runtime reads through :func:`decode_table`: the format is defined once, here.
"""

from __future__ import annotations

import os
import sys
from array import array
from collections.abc import Mapping, Sequence

from lookup.core.errors import TableError

# typing is the type checker's alone: importing it costs start-up (see lookup.core.record).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path  # only the public functions that return a Path
    from typing import Any, Final, NamedTuple, TypeAlias

    StrPath: TypeAlias = "str | os.PathLike[str]"
else:
    from lookup.core.record import NamedTuple

# msgpack and zlib are imported by the functions that read and write a table:
# ``import lookup`` reads none, so it need not pay for them.

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "REGENERATE_HINT",
    "TableFile",
    "decode_table",
    "encode_table",
    "read_table",
    "sha256_hex",
    "source_table_dir",
    "table_dir",
    "table_path",
]

FORMAT: Final = "pokerlookup-table"
FORMAT_VERSION: Final = 3
"""3: a CRC-32 of the payload (a SHA-256 until 2, which cost the 1.5 MB Omaha table 5 ms)."""
REGENERATE_HINT: Final = (
    "regenerate the tables with `python -m tablegen` from a source checkout, "
    "or reinstall pokerlookup"
)
_TYPECODES: Final = {"B": 1, "H": 2, "I": 4, "i": 4, "Q": 8}


class TableFile(NamedTuple):
    """A decoded table file: its header fields, metadata and arrays.

    (A NamedTuple, not a dataclass: importing ``dataclasses`` costs more start-up
    than reading a small table.)
    """

    name: str
    description: str
    rules: str
    rules_digest: str
    meta: Mapping[str, Any]
    arrays: Mapping[str, array[int]]
    source: str = ""

    def array(self, key: str, typecode: str, length: int | None = None) -> array[int]:
        """Array ``key``, refused (with the regenerate hint) unless of this type and length."""
        values = self.arrays.get(key)
        if values is None:
            raise _fail(self.source, f"has no array {key!r}")
        if values.typecode != typecode:
            raise _fail(
                self.source, f"has array {key!r} of type {values.typecode!r}, not {typecode!r}"
            )
        if length is not None and len(values) != length:
            raise _fail(self.source, f"has array {key!r} of length {len(values)}, not {length}")
        return values

    def meta_int(self, key: str) -> int:
        """Integer metadata ``key``, refused unless present and a non-negative int."""
        value = self.meta.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _fail(self.source, f"has no valid {key!r} in its metadata")
        return value


def sha256_hex(data: bytes) -> str:
    """The SHA-256 hex digest of ``data``: a rule file's digest (what its tables record).

    CPython's own SHA-256 module where there is one, as ``random`` takes its SHA-512:
    ``hashlib`` loads OpenSSL, which costs a process 3.6 MB resident and 2 ms of
    start-up for a few digests of a few kilobytes each.

    >>> sha256_hex(b"abc")[:16]
    'ba7816bf8f01cfea'
    >>> sha256_hex("abc")
    Traceback (most recent call last):
    ...
    TypeError: Strings must be encoded before hashing
    """
    try:
        from _sha256 import sha256  # type: ignore[import-not-found]  # CPython 3.11
    except ImportError:
        try:
            from _sha2 import sha256  # type: ignore[import-not-found]  # CPython 3.12 on
        except ImportError:
            from hashlib import sha256  # elsewhere (PyPy): OpenSSL's
    return str(sha256(data).hexdigest())


def _crc32(data: bytes | memoryview) -> int:
    """A table payload's checksum: zlib's CRC-32 (a megabyte in a fraction of a millisecond).

    >>> _crc32(b"123456789") == 0xCBF43926
    True
    """
    from zlib import crc32  # only when a table is read or written

    return crc32(data)


def _array_bytes(typecode: str, values: Sequence[int]) -> bytes:
    packed = array(typecode, values)
    if packed.itemsize != _TYPECODES[typecode]:
        raise TypeError(f"array type {typecode!r} is not {_TYPECODES[typecode]} bytes here")
    if sys.byteorder == "big":
        packed.byteswap()
    return packed.tobytes()


def encode_table(
    name: str,
    description: str,
    rules: str,
    arrays: Mapping[str, tuple[str, Sequence[int]]],
    meta: Mapping[str, Any] | None = None,
    *,
    rules_digest: str = "",
) -> bytes:
    """Serialise one table; the same inputs always give the same bytes.

    ``arrays`` maps a name to ``(typecode, values)`` with typecode one of ``B H I i Q``.
    """
    import msgpack  # only when a table is read or written

    payload = msgpack.packb(
        {
            "meta": dict(meta or {}),
            "arrays": {
                key: {"type": code, "length": len(values), "data": _array_bytes(code, values)}
                for key, (code, values) in arrays.items()
            },
        },
        use_bin_type=True,
    )
    header = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "name": name,
        "description": description,
        "rules": rules,
        "rules_digest": rules_digest,
        "counts": {key: len(values) for key, (_, values) in arrays.items()},
        "crc32": _crc32(payload),
        "payload": payload,
    }
    return msgpack.packb(header, use_bin_type=True)  # type: ignore[no-any-return]


def _unpack(data: bytes | memoryview) -> Any:
    """The one msgpack object that ``data`` holds, as ``msgpack.unpackb(data, raw=False,
    strict_map_key=True)`` reads it, but with every binary as a memoryview of ``data``.

    The runtime's reader of table files: importing msgpack (which imports ``datetime``)
    cost the first table a process reads 2.4 ms, and its copy of each binary (a table's
    payload, then each array's bytes) ~0.8 ms a megabyte in a fresh process. A table's
    structure is a few dozen small items around those binaries, so plain Python reads it
    in microseconds. Extension types (never written by :func:`encode_table`) are refused.

    >>> _unpack(bytes.fromhex("82a161c4026162a1629291cb3ff8000000000000c3")) == {
    ...     "a": memoryview(b"ab"), "b": [[1.5], True]}
    True
    >>> _unpack(bytes.fromhex("81a1610102"))  # one map, then a stray byte
    Traceback (most recent call last):
    ...
    ValueError: 1 byte(s) after the object
    """
    view = memoryview(data).cast("B")
    value, end = _read(view, 0)
    if end != len(view):
        raise ValueError(f"{len(view) - end} byte(s) after the object")
    return value


def _read(view: memoryview, at: int) -> tuple[Any, int]:
    """The msgpack object at ``view[at]`` and where it ends (msgpack's spec, no extensions)."""
    code = view[at]
    at += 1
    if code < 0x80:  # positive fixint
        return code, at
    if code >= 0xE0:  # negative fixint
        return code - 0x100, at
    if code < 0x90:
        return _read_map(view, at, code & 0x0F)
    if code < 0xA0:
        return _read_list(view, at, code & 0x0F)
    if code < 0xC0:
        return _read_str(view, at, code & 0x1F)
    if code in _CONSTANTS:
        return _CONSTANTS[code], at
    size = _SIZES.get(code)
    if size is None:
        raise ValueError(f"msgpack type 0x{code:02x} is not read here")
    end = at + size
    if end > len(view):
        raise ValueError("truncated")
    number = int.from_bytes(view[at:end], "big", signed=code in _SIGNED)
    if code in _UNSIGNED or code in _SIGNED:
        return number, end
    if code in _FLOATS:
        from struct import unpack  # only for a float, which no shipped table holds

        return unpack(">f" if size == 4 else ">d", view[at:end])[0], end
    if code in _BINS:
        stop = end + number
        if stop > len(view):
            raise ValueError("truncated")
        return view[end:stop], stop
    if code in _STRS:
        return _read_str(view, end, number)
    if code in _LISTS:
        return _read_list(view, end, number)
    return _read_map(view, end, number)


def _read_str(view: memoryview, at: int, length: int) -> tuple[str, int]:
    end = at + length
    if end > len(view):
        raise ValueError("truncated")
    return str(view[at:end], "utf-8"), end


def _read_list(view: memoryview, at: int, length: int) -> tuple[list[Any], int]:
    items = []
    for _ in range(length):
        item, at = _read(view, at)
        items.append(item)
    return items, at


def _read_map(view: memoryview, at: int, length: int) -> tuple[dict[Any, Any], int]:
    items = {}
    for _ in range(length):
        key, at = _read(view, at)
        if type(key) is memoryview:
            key = key.tobytes()
        elif type(key) is not str:  # msgpack's strict_map_key
            raise ValueError(f"{type(key).__name__} is not allowed for map key")
        items[key], at = _read(view, at)
    return items, at


_CONSTANTS: Final = {0xC0: None, 0xC2: False, 0xC3: True}
_SIZES: Final = {
    0xC4: 1, 0xC5: 2, 0xC6: 4,  # bin 8/16/32: the length's bytes
    0xCA: 4, 0xCB: 8,  # float 32/64
    0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8,  # uint 8-64
    0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8,  # int 8-64
    0xD9: 1, 0xDA: 2, 0xDB: 4,  # str 8/16/32
    0xDC: 2, 0xDD: 4,  # array 16/32
    0xDE: 2, 0xDF: 4,  # map 16/32
}  # fmt: skip
"""Type byte -> the size of what follows it: the value itself, or the length of the item."""
_BINS: Final = frozenset({0xC4, 0xC5, 0xC6})
_FLOATS: Final = frozenset({0xCA, 0xCB})
_UNSIGNED: Final = frozenset({0xCC, 0xCD, 0xCE, 0xCF})
_SIGNED: Final = frozenset({0xD0, 0xD1, 0xD2, 0xD3})
_STRS: Final = frozenset({0xD9, 0xDA, 0xDB})
_LISTS: Final = frozenset({0xDC, 0xDD})


def _fail(source: str, problem: str) -> TableError:
    return TableError(f"lookup table {source} {problem}: {REGENERATE_HINT}")


def decode_table(data: bytes, source: str, expected_name: str | None = None) -> TableFile:
    """Check and decode one table file's bytes; ``source`` names it in error messages.

    Raises :class:`~lookup.core.errors.TableError` (with the regenerate hint) when the
    bytes are not a table, the format version differs, the checksum does not
    match, or the file holds a different table than expected.
    """
    try:
        header = _unpack(data)
    except Exception as exc:  # garbage raises several unrelated types
        raise _fail(source, f"is not readable ({exc.__class__.__name__})") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise _fail(source, "is not a pokerlookup table file")
    if header.get("version") != FORMAT_VERSION:
        raise _fail(
            source,
            f"has format version {header.get('version')!r}, this pokerlookup reads "
            f"version {FORMAT_VERSION}",
        )
    payload = header.get("payload")
    if not isinstance(payload, memoryview) or _crc32(payload) != header.get("crc32"):
        raise _fail(source, "is corrupted (CRC-32 of the payload does not match its header)")
    if expected_name is not None and header.get("name") != expected_name:
        raise _fail(source, f"holds table {header.get('name')!r}, expected {expected_name!r}")
    try:
        body = _unpack(payload)
        if not (isinstance(body, dict) and isinstance(body.get("meta"), dict)
                and isinstance(body.get("arrays"), dict)):  # fmt: skip
            raise _fail(source, "has a malformed payload (no meta and arrays maps)")
        arrays: dict[str, array[int]] = {}
        for key, spec in body["arrays"].items():
            if spec["type"] not in _TYPECODES:
                raise _fail(source, f"has array {key!r} of unknown type {spec['type']!r}")
            values = array(spec["type"])
            values.frombytes(spec["data"])
            if sys.byteorder == "big":
                values.byteswap()
            if len(values) != spec["length"] or len(values) != header["counts"].get(key):
                raise _fail(source, f"has array {key!r} of the wrong length")
            arrays[key] = values
        return TableFile(
            name=header["name"],
            description=header["description"],
            rules=header["rules"],
            rules_digest=header["rules_digest"],
            meta=body["meta"],
            arrays=arrays,
            source=source,
        )
    except TableError:
        raise
    except Exception as exc:  # a checksummed but malformed payload: still a bad table file
        raise _fail(source, f"has a malformed payload ({exc.__class__.__name__})") from None


def source_table_dir() -> Path:
    """The ``tables/`` directory of a source checkout (where ``python -m tablegen`` writes)."""
    from pathlib import Path  # only the public functions that return a Path

    return Path(_source_table_path())


def table_dir() -> Path:
    """Where the built-in tables are read from: inside the installed package, else the checkout.

    A wheel installs ``tables/`` as ``lookup/_tables``; an editable install or a
    plain checkout reads the checkout's ``tables/``. (Plain paths, not
    ``importlib.resources``: importing that costs more than loading the tables.)
    """
    from pathlib import Path  # only the public functions that return a Path

    return Path(table_path())


def _source_table_path() -> str:
    """:func:`source_table_dir` as a plain string (resolved, as ``Path.resolve`` does)."""
    return os.path.join(
        os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))), "tables"
    )


def table_path() -> str:
    """:func:`table_dir` as a plain string: what the built-in rankings read from."""
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    installed = os.path.join(package, "_tables")
    return installed if os.path.isdir(installed) else _source_table_path()


def read_table(directory: StrPath, name: str, rules_digest: str | None = None) -> TableFile:
    """Read and verify ``directory/name.msgpack``; with ``rules_digest``, it must match."""
    path = os.path.join(directory, f"{name}.msgpack")
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as exc:  # missing, a directory, a loop, unreadable, ...
        reason = (
            "is missing"
            if isinstance(exc, FileNotFoundError)
            else f"cannot be read ({exc.strerror or exc})"
        )
        raise TableError(f"lookup table {path} {reason}: {REGENERATE_HINT}", str(path)) from None
    table = decode_table(data, str(path), expected_name=name)
    if rules_digest is not None and table.rules_digest != rules_digest:
        classes = os.path.join(directory, "classes.msgpack")
        raise TableError(
            f"lookup table {path} was built for other rules than {classes} "
            f"(a stale file): {REGENERATE_HINT}",
            str(path),
        )
    return table
