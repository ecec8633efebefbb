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


def _crc32(data: bytes) -> int:
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


def _fail(source: str, problem: str) -> TableError:
    return TableError(f"lookup table {source} {problem}: {REGENERATE_HINT}")


def decode_table(data: bytes, source: str, expected_name: str | None = None) -> TableFile:
    """Check and decode one table file's bytes; ``source`` names it in error messages.

    Raises :class:`~lookup.core.errors.TableError` (with the regenerate hint) when the
    bytes are not a table, the format version differs, the checksum does not
    match, or the file holds a different table than expected.
    """
    import msgpack  # only when a table is read or written

    try:
        header = msgpack.unpackb(data, raw=False, strict_map_key=True)
    except Exception as exc:  # msgpack raises several unrelated types on garbage
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
    if not isinstance(payload, bytes) or _crc32(payload) != header.get("crc32"):
        raise _fail(source, "is corrupted (CRC-32 of the payload does not match its header)")
    if expected_name is not None and header.get("name") != expected_name:
        raise _fail(source, f"holds table {header.get('name')!r}, expected {expected_name!r}")
    try:
        body = msgpack.unpackb(payload, raw=False, strict_map_key=True)
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
