"""The on-disk table format: a msgpack stream of a header, then one bin per array.

A file is plain msgpack (any msgpack tool reads it): the map::

    {"format": "pokerlookup-table", "version": FORMAT_VERSION,
     "name": ..., "description": ..., "rules": ranking name, "rules_digest": ...,
     "meta": {...}, "arrays": [[name, typecode, length], ...], "crc32": ...}

followed by one msgpack bin per entry of ``"arrays"``, in that order, holding the
array's raw little-endian bytes (``array`` type codes ``B H I i Q``), and nothing
after the last. The runtime thus reads each array straight into a preallocated
``array`` (no numpy; a batch path can map one with ``numpy.frombuffer``), and the
1.5 MB Omaha table is copied once on its way in, not four times as when the arrays
sat in a msgpack map inside the header. Each bin's head must be exactly the one
msgpack writes for the length the header gives.

``"crc32"`` is zlib's CRC-32 of the file as it would be without that entry: the
header map without ``"crc32"``, then every bin (head and bytes) in file order; a
flipped byte anywhere, the checksum's own included, is refused. The reader cannot
checksum the header's bytes as read (msgpack hands back values), so it packs the
header it decoded, minus ``"crc32"``, again. That is sound: msgpack writes a value
one way only (the shortest form, a map's keys in order), so a header as the writer
made it gives back the bytes the writer checksummed, and one that decodes to other
values gives other bytes. The header is read entry by entry, so a file of another
format or version is named as such before the rest is read.

The CRC-32 catches a damaged or truncated file; it is no defence against an edit, and
nor would a stronger hash stored beside the data be (whoever can edit the file can
rewrite its header). A table's identity against its rules is ``rules_digest``, a
SHA-256 of its rules (:attr:`~lookup.core.rules.RankingRules.digest`).

The generator writes through :func:`encode_table` and the runtime reads through
:func:`read_table` (a file) or :func:`decode_table` (bytes in memory), one reader
for both: the format is defined once, here.
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
    from io import BufferedIOBase, RawIOBase  # a file open for reading, or bytes in memory
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
FORMAT_VERSION: Final = 4
"""4: arrays as bins after the header, read straight in (3 had them in it: four copies)."""
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


def _bin_prefix(size: int) -> bytes:
    """The bytes msgpack writes before a bin of ``size`` bytes: its bin 8, 16 or 32 head.

    The reader compares an array's stored head with this rather than parse one, so
    only the one head msgpack writes for the header's length is accepted.

    >>> _bin_prefix(255).hex(), _bin_prefix(256).hex(), _bin_prefix(65536).hex()
    ('c4ff', 'c50100', 'c600010000')
    >>> _bin_prefix(2**32)
    Traceback (most recent call last):
    ...
    ValueError: a msgpack bin holds at most 4294967295 bytes, not 4294967296
    """
    if size < 0x100:
        return bytes((0xC4, size))
    if size < 0x10000:
        return b"\xc5" + size.to_bytes(2, "big")
    if size < 0x100000000:
        return b"\xc6" + size.to_bytes(4, "big")
    raise ValueError(f"a msgpack bin holds at most {0xFFFFFFFF} bytes, not {size}")


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

    >>> data = encode_table("t", "a test", "standard", {"a": ("H", [1, 2])})
    >>> decode_table(data, "t.msgpack", "t").arrays
    {'a': array('H', [1, 2])}
    >>> encode_table("t", "", "standard", {"a": ("h", [-1])})
    Traceback (most recent call last):
    ...
    KeyError: 'h'
    """
    from zlib import crc32  # zlib's CRC-32: a megabyte in a fraction of a millisecond

    import msgpack  # only when a table is read or written

    header: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "name": name,
        "description": description,
        "rules": rules,
        "rules_digest": rules_digest,
        "meta": dict(meta or {}),
        "arrays": [[key, code, len(values)] for key, (code, values) in arrays.items()],
    }
    bins = [
        msgpack.packb(_array_bytes(code, values), use_bin_type=True)
        for code, values in arrays.values()
    ]
    crc = crc32(msgpack.packb(header, use_bin_type=True))
    for data in bins:
        crc = crc32(data, crc)
    header["crc32"] = crc
    return b"".join([msgpack.packb(header, use_bin_type=True), *bins])


def _fail(source: str, problem: str) -> TableError:
    return TableError(f"lookup table {source} {problem}: {REGENERATE_HINT}")


def decode_table(
    data: bytes | RawIOBase | BufferedIOBase, source: str, expected_name: str | None = None
) -> TableFile:
    """Check and decode one table file, its bytes or the file open for reading in binary
    (seekable, at its start: its arrays are then read straight in, the file never whole
    in memory); ``source`` names it in error messages.

    Raises :class:`~lookup.core.errors.TableError` (with the regenerate hint) when the
    bytes are not a table, the format version differs, the checksum does not
    match, or the file holds a different table than expected. (The same reader as
    :func:`read_table`'s.)

    >>> data = encode_table("t", "a test", "standard", {"a": ("H", [1, 2])})
    >>> from io import BytesIO
    >>> decode_table(BytesIO(data), "t.msgpack", "t") == decode_table(data, "t.msgpack", "t")
    True
    >>> decode_table(b"\\x93\\x01\\x02\\x03", "list.msgpack")
    Traceback (most recent call last):
    ...
    lookup.TableError: lookup table list.msgpack is not a pokerlookup table file: regenerate ...
    """
    from io import BytesIO  # io is loaded with the interpreter: this import is a dict lookup

    if isinstance(data, bytes | bytearray | memoryview):
        return _decode(BytesIO(data), source, expected_name)
    return _decode(data, source, expected_name)


# What a header must hold beyond "format" and "version", and of which type.
_HEADER_FIELDS: Final = {
    "name": str,
    "description": str,
    "rules": str,
    "rules_digest": str,
    "meta": dict,
    "arrays": list,
    "crc32": int,
}
_HEADER_READ: Final = 4096
"""How much the header's unpacker reads at a time: a header fits (the largest is ~0.5 kB)."""


def _decode(file: RawIOBase | BufferedIOBase, source: str, expected_name: str | None) -> TableFile:
    """Check and decode the table file open as ``file`` (seekable, at its start)."""
    from zlib import crc32  # once here: an import in a helper costs each call a microsecond

    import msgpack  # only when a table is read or written

    unpacker = msgpack.Unpacker(file, read_size=_HEADER_READ, raw=False, strict_map_key=True)
    try:
        header = _read_header(unpacker, source)
    except (OSError, TableError):
        raise  # a read error (read_table names it), or a problem named already
    except msgpack.OutOfData:
        raise _fail(source, "is not readable (it ends inside its header)") from None
    except Exception as exc:  # msgpack raises several unrelated types on garbage
        raise _fail(source, f"is not readable ({exc.__class__.__name__})") from None
    for field, kind in _HEADER_FIELDS.items():
        if not isinstance(header.get(field), kind):
            raise _fail(source, f"has a malformed header (no {kind.__name__} {field!r})")
    specs = _array_specs(source, header["arrays"])
    end = file.seek(0, os.SEEK_END)
    file.seek(unpacker.tell())  # the unpacker read ahead: back to the first array
    stored = header.pop("crc32")
    crc = crc32(msgpack.packb(header, use_bin_type=True))
    arrays: dict[str, array[int]] = {}
    for key, code, length in specs:
        size = length * _TYPECODES[code]
        prefix = _bin_prefix(size)
        found = file.read(len(prefix))
        if found != prefix:
            if len(found) < len(prefix):
                raise _fail(source, f"is truncated (before array {key!r})")
            if found[0] not in (0xC4, 0xC5, 0xC6):
                raise _fail(source, f"has no msgpack bin where array {key!r} should be")
            raise _fail(source, f"has array {key!r} of the wrong length (header and bin differ)")
        if size > end - file.tell():  # checked before allocating what a header claims
            raise _fail(source, f"is truncated (inside array {key!r})")
        values = array(code, [0]) * length
        with memoryview(values) as items, items.cast("B") as raw:
            if len(raw) != size:
                raise _fail(  # the array module's item sizes are the platform's C types
                    source, f"has array {key!r} of type {code!r}: not {size} bytes on this platform"
                )
            done = 0
            while done < size and (got := file.readinto(raw[done:])):
                done += got  # one read, but for a system call's limit (2 GiB on Linux)
            if done != size:
                raise _fail(source, f"is truncated (inside array {key!r})")
            crc = crc32(raw, crc32(prefix, crc))
        if sys.byteorder == "big":
            values.byteswap()
        arrays[key] = values
    if file.read(1):
        raise _fail(source, "has bytes after its last array")
    if crc != stored:
        raise _fail(source, "is corrupted (CRC-32 of its header and arrays does not match)")
    if expected_name is not None and header["name"] != expected_name:
        raise _fail(source, f"holds table {header['name']!r}, expected {expected_name!r}")
    return TableFile(
        name=header["name"],
        description=header["description"],
        rules=header["rules"],
        rules_digest=header["rules_digest"],
        meta=header["meta"],
        arrays=arrays,
        source=source,
    )


def _read_header(unpacker: Any, source: str) -> dict[str, Any]:
    """The header map, read entry by entry: another format or version is refused on sight.

    (A format-3 file's header held all its data, 447 MB for a turn strength table:
    more than msgpack buffers by default.)
    """
    try:
        entries = unpacker.read_map_header()
    except ValueError:  # msgpack's UnpackValueError: garbage, or a value that is not a map
        raise _fail(source, "is not a pokerlookup table file") from None
    header: dict[str, Any] = {}
    for _ in range(entries):
        key = unpacker.unpack()
        if not isinstance(key, str):
            raise _fail(source, "is not a pokerlookup table file")
        header[key] = value = unpacker.unpack()
        if key == "format" and value != FORMAT:
            raise _fail(source, "is not a pokerlookup table file")
        if key == "version" and value != FORMAT_VERSION:
            raise _fail(
                source,
                f"has format version {value!r:.40}, this pokerlookup reads "
                f"version {FORMAT_VERSION}",
            )
    if header.get("format") != FORMAT or "version" not in header:
        raise _fail(source, "is not a pokerlookup table file")
    return header


def _array_specs(source: str, specs: list[Any]) -> list[tuple[str, str, int]]:
    """The header's ``[name, typecode, length]`` entries, each checked, names distinct."""
    checked: list[tuple[str, str, int]] = []
    for spec in specs:
        if not (isinstance(spec, list) and len(spec) == 3 and isinstance(spec[0], str)
                and isinstance(spec[2], int) and not isinstance(spec[2], bool)
                and spec[2] >= 0):  # fmt: skip
            raise _fail(source, f"has a malformed header (array entry {spec!r:.60})")
        key, code, length = spec
        if code not in _TYPECODES:
            raise _fail(source, f"has array {key!r} of unknown type {code!r}")
        if any(key == other for other, _, _ in checked):
            raise _fail(source, f"has a malformed header (array {key!r} twice)")
        checked.append((key, code, length))
    return checked


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
        # Unbuffered: the arrays are read straight into place, and the few small reads
        # around them cost less as system calls than through a buffer (5 us a table).
        with open(path, "rb", buffering=0) as file:
            table = _decode(file, path, name)
    except OSError as exc:  # missing, a directory, a loop, unreadable, ...
        reason = (
            "is missing"
            if isinstance(exc, FileNotFoundError)
            else f"cannot be read ({exc.strerror or exc})"
        )
        raise TableError(f"lookup table {path} {reason}: {REGENERATE_HINT}", str(path)) from None
    if rules_digest is not None and table.rules_digest != rules_digest:
        classes = os.path.join(directory, "classes.msgpack")
        raise TableError(
            f"lookup table {path} was built for other rules than {classes} "
            f"(a stale file): {REGENERATE_HINT}",
            str(path),
        )
    return table
