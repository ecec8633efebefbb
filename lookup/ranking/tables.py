"""Read one ranking's table folder, verify every file, and hand back its tables.

The files in ``tables/<ranking>/`` are the single source of truth, stored in
the form the runtime reads: the six/seven-card ``sum67`` arrays are indexed as
stored, and the small five-card hash becomes a dict with one ``zip``; nothing
is recomputed. Every file is checked when read (format version,
CRC-32 checksum, the ranking's name and rules digest, each array's type and length),
and any problem, an I/O error included, is a :class:`~lookup.core.errors.TableError`
that says how to regenerate.

One load per part of a ranking, so a caller pays for what it uses:

* :func:`load_classes` -- every class, and the rules (what any use reads first);
* :func:`load_flush` -- the flush table alone: all that Omaha reads of the five-card tables;
* :func:`load_five` -- the five-card tables, ``hash5`` and ``flush`` (small files);
* :func:`load_multi` -- the six/seven-card table (the larger one), on first use;
* :func:`load_omaha` -- Omaha's rows (``tablegen.omaha``), for the Omaha games only.
"""

from __future__ import annotations

import os
import sys
from array import array
from bisect import bisect_left

from lookup.core.errors import TableError
from lookup.core.prime_hash import PrimeHashParams, bucket_and_offset
from lookup.core.rules import BUILTIN_DIGESTS, Category, RankingRules, rules_from_mapping
from lookup.core.tablefile import REGENERATE_HINT, TableFile, read_table

# typing and pathlib are the type checker's alone: importing them (typing with the re
# and contextlib it imports, pathlib with urllib.parse, ipaddress, fnmatch) would cost
# a script more than reading its first tables. Folders are read through os.path, and
# the public functions that return a Path import pathlib when called.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Final, NamedTuple, TypeAlias, TypeVar

    from numpy.typing import NDArray

    StrPath: TypeAlias = "str | os.PathLike[str]"
    _Key = TypeVar("_Key", int, NDArray[Any])  # one exception key, or an array of them
else:
    from lookup.core.record import NamedTuple

__all__ = [
    "MASK_SPACE",
    "NO_CARD",
    "BadugiTables",
    "ClassTable",
    "FiveCardTables",
    "MultiCardTables",
    "OmahaRows",
    "PrimeHash",
    "RankKeyTable",
    "WildTables",
    "all_at_most",
    "exception_key",
    "load_badugi",
    "load_classes",
    "load_five",
    "load_flush",
    "load_multi",
    "load_omaha",
    "load_wild",
    "shared_ints",
]

MASK_SPACE: Final = 1 << 13
NO_CARD: Final = 255
"""Pads a reading shorter than the hand (a smaller badugi; no low)."""


class PrimeHash(NamedTuple):
    """One perfect hash as stored: parameters, per-slot arrays (:mod:`~lookup.core.prime_hash`)."""

    params: PrimeHashParams
    displacement: array[int]
    keys: array[int]
    """The key held in each slot (0 where the slot is empty)."""
    classes: array[int]
    """The class of each slot's key."""

    def as_dict(self, *, shared: bool = True) -> dict[int, int]:
        """Key -> class for every stored key (with ``shared``, each class one int object)."""
        classes = shared_ints(self.classes) if shared else self.classes.tolist()
        by_key = dict(zip(self.keys.tolist(), classes, strict=True))
        by_key.pop(0, None)  # empty slots
        return by_key

    def class_of(self, key: int) -> int:
        """The class stored for ``key`` (:func:`~lookup.core.prime_hash.slot_of`, no dict).

        A key not stored lands in some slot all the same: its class is then wrong.
        """
        bucket, offset = bucket_and_offset(key, self.params)
        return self.classes[(offset + self.displacement[bucket]) % self.params.slot_count]


def shared_ints(values: array[int]) -> list[int]:
    """``values.tolist()`` with each distinct value one int object, however often it occurs.

    A table's classes repeat (7,475 classes over 100,000 keys): a dict or list built
    from them holds one object per class, not one per key (28 bytes each above 256).

    >>> values = shared_ints(array("H", [7000, 7000, 3]))
    >>> values, values[0] is values[1]
    ([7000, 7000, 3], True)
    >>> shared_ints([1])
    Traceback (most recent call last):
    ...
    TypeError: shared_ints takes an array, not list
    """
    if not isinstance(values, array):
        raise TypeError(f"shared_ints takes an array, not {type(values).__name__}")
    if not values:
        return []
    canonical = list(range(max(values) + 1))
    return list(map(canonical.__getitem__, values))


def _prime_hash(table: TableFile, key_type: str, class_count: int) -> PrimeHash:
    slot_count = table.meta_int("slot_count")
    bucket_bits = table.meta_int("bucket_bits")
    if not 1 <= bucket_bits <= 31:
        raise TableError(f"lookup table {table.source} has a bad bucket_bits: {REGENERATE_HINT}")
    classes = table.array("class", "H", slot_count)
    if not all_at_most(classes, class_count):
        raise TableError(
            f"lookup table {table.source} holds a class above {class_count}: {REGENERATE_HINT}"
        )
    return PrimeHash(
        PrimeHashParams(table.meta_int("multiplier"), bucket_bits, slot_count),
        table.array("displacement", "I", 1 << bucket_bits),
        table.array("keys", key_type, slot_count),
        classes,
    )


class ClassTable(NamedTuple):
    """What every class of a ranking is: its definition, and each class's category and reading."""

    definition: RankingRules
    """The rule file the tables were built from, as they record it."""
    class_count: int
    categories: tuple[Category, ...]
    """Category of each class number (index 0 unused)."""
    flat_readings: array[int]
    """Ranks of every class in reading order, ``hand_size`` each, padded with NO_CARD."""

    def reading(self, number: int) -> tuple[int, ...]:
        """The ranks of class ``number`` in reading order (cut from the flat array on demand)."""
        size = self.definition.hand_size
        return tuple(
            r for r in self.flat_readings[size * (number - 1) : size * number] if r != NO_CARD
        )


def load_classes(directory: StrPath, builtin: str | None = None) -> ClassTable:
    """Read ``classes.msgpack``: the rules it was built from, and every class.

    With ``builtin`` (a built-in ranking's name), the folder must hold that
    ranking: its rules digest must be the one pinned in
    :data:`~lookup.core.rules.BUILTIN_DIGESTS`, so swapped folders, or a rule file
    of one's own written over a built-in's folder, are refused, not read as it.
    """
    table = read_table(directory, "classes")
    spec = table.meta.get("rules")
    if not isinstance(spec, dict):
        raise TableError(f"lookup table {table.source} holds no rules: {REGENERATE_HINT}")
    try:
        rules = rules_from_mapping(spec)
    except ValueError as exc:
        raise TableError(
            f"lookup table {table.source} holds bad rules ({exc}): {REGENERATE_HINT}"
        ) from None
    if rules.digest != table.rules_digest or rules.name != table.rules:
        raise TableError(f"lookup table {table.source} has a stale rules digest: {REGENERATE_HINT}")
    if builtin is not None and (rules.name, rules.digest) != (
        builtin,
        BUILTIN_DIGESTS.get(builtin),
    ):
        raise TableError(
            f"lookup table folder {os.fspath(directory)} holds ranking {rules.name!r} "
            f"(rules digest {rules.digest[:12]}...), not the built-in {builtin!r}: "
            f"regenerate it with `python -m tablegen --rules {builtin}` from a source "
            "checkout, or reinstall pokerlookup",
            os.fspath(directory),
        )
    count = table.meta_int("class_count")
    size = rules.hand_size
    codes = table.array("category", "B", count)
    flat = table.array("reading", "B", size * count)
    # bytes.translate deletes the allowed codes in C: anything left is unknown.
    if codes.tobytes().translate(None, _CATEGORY_CODES):
        raise TableError(f"lookup table {table.source} has an unknown category: {REGENERATE_HINT}")
    if flat.tobytes().translate(None, _RANK_CODES):
        raise TableError(f"lookup table {table.source} has an unknown rank: {REGENERATE_HINT}")
    categories = (Category.HIGH_CARD, *map(_CATEGORIES.__getitem__, codes))
    return ClassTable(rules, count, categories, flat)


_CATEGORIES: Final = tuple(Category)
_CATEGORY_CODES: Final = bytes(range(len(_CATEGORIES)))
_RANK_CODES: Final = bytes((*range(13), NO_CARD))


def all_at_most(values: array[int], bound: int) -> bool:
    """True when every value of an ``H`` (16-bit) array is at most ``bound``.

    Checked on the raw bytes, so no int is made per value (``max()`` over the
    six/seven-card table's 69,691 slots cost more than reading the file): every
    high byte must be at most the bound's, and the few values that share the
    bound's high byte are then checked one by one.

    >>> all_at_most(array("H", [0, 7462, 255, 7000]), 7462)
    True
    >>> all_at_most(array("H", [0, 7463]), 7462), all_at_most(array("H", [9000]), 7462)
    (False, False)
    """
    if values.typecode != "H" or values.itemsize != 2:
        raise TypeError(f"all_at_most takes an array of type 'H', not {values.typecode!r}")
    if not 0 <= bound < 0xFFFF:
        return bound >= 0 or not values
    # Only the high bytes are sliced out (a strided copy costs as much as the test); a
    # low byte is read in place for the few values that share the bound's high byte.
    # In chunks that fit the cache: a copy of a whole 1.5 MB table (Omaha's rows) costs
    # a fresh process more in page faults than the test itself.
    first = 1 if sys.byteorder == "little" else 0
    top = bound >> 8
    allowed = bytes(range(min(top, 255) + 1))
    limit = bound & 0xFF
    whole = memoryview(values).cast("B")
    for start in range(0, len(whole), _CHUNK):
        raw = whole[start : start + _CHUNK].tobytes()
        high = raw[first::2]
        if high.translate(None, allowed):
            return False  # a high byte above the bound's
        at = high.find(top)
        while at != -1:
            if raw[2 * at + 1 - first] > limit:
                return False
            at = high.find(top, at + 1)
    return True


_CHUNK: Final = 1 << 16
"""Bytes :func:`all_at_most` tests at a time (an even number: whole values)."""


class FiveCardTables(NamedTuple):
    """What five cards need: the perfect hash by prime product, and the flush table."""

    hash5: PrimeHash
    by_product: dict[int, int]
    """Prime product of five ranks -> class, unsuited (the hash's slots as a dict)."""
    flush: list[int] | None
    """Rank mask of one suit's cards (5-7 ranks) -> best flush; None if flushes don't count."""


def load_five(
    directory: StrPath,
    classes: ClassTable,
    flush: Callable[[], list[int] | None] | None = None,
) -> FiveCardTables:
    """Read ``hash5`` and (where flushes count) ``flush`` of a poker ranking.

    ``flush``, if given, hands over the flush table instead of reading it: a ranking
    keeps that table apart (:func:`load_flush`), since Omaha reads it without ``hash5``.
    """
    hash5 = _prime_hash(
        read_table(directory, "hash5", classes.definition.digest), "I", classes.class_count
    )
    table = load_flush(directory, classes) if flush is None else flush()
    # Not shared: each five-card rank multiset is a class of its own in the built-in
    # rankings (or a small int, which Python shares), so sharing saves no memory here and
    # cost every process's first evaluation 0.6 ms.
    return FiveCardTables(hash5, hash5.as_dict(shared=False), table)


def load_flush(directory: StrPath, classes: ClassTable) -> list[int] | None:
    """Read ``flush`` of a poker ranking: one suit's rank mask -> best flush; None if
    flushes don't count (no file to read)."""
    if not classes.definition.flushes:
        return None
    table = read_table(directory, "flush", classes.definition.digest)
    return table.array("class", "H", MASK_SPACE).tolist()


def exception_key(hand_size: int, rank_key: _Key, flush_mask: _Key) -> _Key:
    """Key of a listed flush exception: hand size (6 or 7), rank key sum, flush-suit rank mask.

    Ints, or numpy uint64 arrays of them (the batch path's keys).

    >>> exception_key(7, 1, 0b11111)
    24607
    """
    key: _Key = (rank_key << 14) | ((hand_size - 6) << 13) | flush_mask
    return key


class RankKeyTable(NamedTuple):
    """One hand size's unsuited classes, packed by row displacement (``tablegen.row_displacement``).

    The class of rank key ``k`` is ``classes[k + offsets[k >> shift]]``: the
    arrays are used as stored, nothing is rebuilt at load.
    """

    shift: int
    offsets: array[int]
    classes: array[int]
    """Class of the key in each slot; 0 where no key lands."""


class MultiCardTables(NamedTuple):
    """What six and seven cards need (see ``tablegen.build``)."""

    rank_keys: tuple[int, ...]
    """Each rank's weight (deuce first): the sum over the cards tells rank multisets apart."""
    by_size: dict[int, RankKeyTable]
    """Hand size (6, 7) -> its table."""
    flush_mode: str
    """'none', 'wins' or 'better': how a flush combines with the other cards."""
    exception_keys: array[int]
    """:func:`exception_key` of each hand where 'better' mode's min() is wrong, ascending."""
    exception_classes: array[int]
    """The class of each of those keys."""

    def exception(self, key: int, default: int) -> int:
        """The listed class of exception ``key``, else ``default``: a binary search.

        The arrays as stored (a dict of deuce-to-seven's 13,728 keys held 1.4 MB);
        only a hand with a flush worse than its unsuited class asks.

        >>> from lookup.ranking.ranking import get_ranking
        >>> tables = get_ranking("deuce-to-seven").multi_tables
        >>> key = tables.exception_keys[0]
        >>> tables.exception(key, 0) == tables.exception_classes[0], tables.exception(1, -1)
        (True, -1)
        """
        keys = self.exception_keys
        at = bisect_left(keys, key)
        if at < len(keys) and keys[at] == key:
            return self.exception_classes[at]
        return default


def load_multi(directory: StrPath, classes: ClassTable) -> MultiCardTables:
    """Read ``sum67`` of a poker ranking; every array's type and length is checked."""
    table = read_table(directory, "sum67", classes.definition.digest)
    mode = table.meta.get("flush_mode")
    if mode not in ("none", "wins", "better") or (mode == "none") == classes.definition.flushes:
        raise TableError(f"lookup table {table.source} has a bad flush_mode: {REGENERATE_HINT}")
    rank_keys = tuple(table.array("rank_key", "I", 13))
    shift = table.meta_int("row_shift")
    if not 0 < shift < 32:
        raise TableError(f"lookup table {table.source} has a bad row_shift: {REGENERATE_HINT}")
    # The largest key of six or seven cards (four of the heaviest rank, the rest of the
    # next) sets how many rows there are.
    second, first = sorted(rank_keys[r] for r in classes.definition.rank_order)[-2:]
    by_size = {}
    for size, heaviest in ((6, 4 * first + 2 * second), (7, 4 * first + 3 * second)):
        slot_classes = table.array(f"class{size}", "H")
        if not all_at_most(slot_classes, classes.class_count):
            raise TableError(
                f"lookup table {table.source} holds a class above {classes.class_count}: "
                f"{REGENERATE_HINT}"
            )
        by_size[size] = RankKeyTable(
            shift,
            table.array(f"offset{size}", "i", (heaviest >> shift) + 1),
            slot_classes,
        )
    keys = table.array("exception_key", "Q")
    values = table.array("exception_class", "H", len(keys))
    if not all(map(int.__lt__, keys, keys[1:])):  # read by binary search: must ascend
        raise TableError(
            f"lookup table {table.source} has exception keys out of order: {REGENERATE_HINT}"
        )
    return MultiCardTables(rank_keys, by_size, str(mode), keys, values)


class OmahaRows(NamedTuple):
    """A poker ranking's Omaha rows, as ``tablegen.omaha`` stores them.

    ``boards`` board rank multisets (three to five ranks), each named by its
    ``board_key`` (rank counts in base 5, ``sum(5 ** rank)``); for each pair of the
    deck's ranks ``r <= q`` (``pairs``, in stored order), the best unsuited class
    of the pair with three board cards, pair-major: ``best[j * boards + i]`` is
    pair ``j`` on board ``i`` (0 where the two cannot be dealt together).
    """

    rows: bool
    """False: a flush can be worse than its ranks unsuited, so there are no rows
    (the Omaha kernel plays every pair with every triple instead)."""
    pairs: tuple[tuple[int, int], ...]
    boards: int
    board_key: array[int]
    best: array[int]


def load_omaha(directory: StrPath, classes: ClassTable) -> OmahaRows:
    """Read ``omaha`` of a poker ranking; its method, every array's type and length checked."""
    table = read_table(directory, "omaha", classes.definition.digest)
    method = table.meta.get("method")
    if method not in ("rows", "plain"):
        raise TableError(f"lookup table {table.source} has a bad method: {REGENERATE_HINT}")
    ranks = sorted(classes.definition.rank_order)
    pairs = tuple((r, q) for i, r in enumerate(ranks) for q in ranks[i:])
    boards = table.meta_int("boards")
    best = table.array("best", "H", len(pairs) * boards)
    if (method == "rows") != (boards > 0) or not all_at_most(best, classes.class_count):
        raise TableError(f"lookup table {table.source} is malformed: {REGENERATE_HINT}")
    return OmahaRows(method == "rows", pairs, boards, table.array("board_key", "I", boards), best)


class BadugiTables(NamedTuple):
    """A badugi ranking's tables: each suit mask's prime and the perfect hash of their product."""

    mask_prime: list[int]
    hash4: PrimeHash
    by_key: dict[int, int]


def load_badugi(directory: StrPath, classes: ClassTable) -> BadugiTables:
    """Read ``mask_prime`` and ``hash4`` of a badugi ranking."""
    digest = classes.definition.digest
    primes = read_table(directory, "mask_prime", digest).array("prime", "I", MASK_SPACE).tolist()
    hash4 = _prime_hash(read_table(directory, "hash4", digest), "Q", classes.class_count)
    return BadugiTables(primes, hash4, hash4.as_dict())


class WildTables(NamedTuple):
    """A wild-card ranking's tables (see ``tablegen.build_wild``)."""

    wild_digit: int
    """The base-5 digit of a key that counts wild cards (13 for jokers, else the wild rank)."""
    hash: PrimeHash
    """Perfect hash: base-5 rank sum of the natural cards plus the wild count in its digit
    -> best unsuited class (5, 6 or 7 cards)."""
    flush: array[int]
    """``(suit count - 5) * 8192 + natural rank mask`` -> best flush-or-better class (or 0),
    as stored (an ``H`` array: 48 kB, where a list of ints took ten times that)."""

    def by_key(self) -> dict[int, int]:
        """Key -> best unsuited class, as a dict (about 8 MB: the kernels compute the
        hash instead, see :mod:`~lookup.ranking.wild_kernels`)."""
        return self.hash.as_dict()


def load_wild(directory: StrPath, classes: ClassTable) -> WildTables:
    """Read ``wild`` of a ranking with wild cards."""
    table = read_table(directory, "wild", classes.definition.digest)
    hashed = _prime_hash(table, "I", classes.class_count)
    flush = table.array("flush", "H", 3 * MASK_SPACE)
    digit = table.meta_int("wild_digit")
    if not all_at_most(flush, classes.class_count) or digit > 13:
        raise TableError(f"lookup table {table.source} is malformed: {REGENERATE_HINT}")
    return WildTables(digit, hashed, flush)
