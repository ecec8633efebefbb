"""Load the generated tables once, verify them, and derive the scalar views.

The files in ``tables/`` are the single source of truth. This module reads and
checks them (format version, SHA-256, expected contents) and derives what the
pure-Python paths want: lists instead of arrays, dicts from prime product to
class (faster in CPython than computing the perfect hash in bytecode), and one
shared :class:`~lookup.rank.HandRank` per class. Everything is built once,
behind :func:`functools.cache`, and never modified.

Two loads, so a caller pays for what it uses:

* :func:`tables` -- everything five cards need, plus the classes (four small
  files, ~0.1 MB): about 10 ms on first use.
* :func:`multiset_hash` -- the six- and seven-card perfect hash (~0.8 MB),
  read on its first use.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path

from lookup.cards import PRIMES
from lookup.errors import TableError
from lookup.prime_hash import PrimeHashParams
from lookup.rank import CLASS_COUNT, Category, HandRank
from lookup.tablefile import REGENERATE_HINT, TableFile, decode_table

__all__ = [
    "PrimeHash",
    "Tables",
    "hand_ranks",
    "load_multiset_hash",
    "load_tables",
    "multiset_classes",
    "multiset_hash",
    "source_table_dir",
    "table_dir",
    "tables",
]

RULES = "standard"


def source_table_dir() -> Path:
    """The ``tables/`` directory of a source checkout (where ``python -m tablegen`` writes)."""
    return Path(__file__).resolve().parent.parent / "tables"


def table_dir() -> Path:
    """Where the tables are read from: inside the installed package, else the checkout.

    A wheel installs ``tables/`` as ``lookup/_tables``; an editable install or a
    plain checkout reads the checkout's ``tables/``. (Plain paths, not
    ``importlib.resources``: importing that costs more than loading the tables.)
    """
    installed = Path(__file__).resolve().parent / "_tables"
    return installed if installed.is_dir() else source_table_dir()


@dataclass(frozen=True)
class PrimeHash:
    """One perfect hash over prime products, as stored: parameters and per-slot arrays."""

    params: PrimeHashParams
    displacement: array[int]
    keys: array[int]
    """The key held in each slot (0 where the slot is empty)."""
    classes: array[int]
    """The class of each slot's key."""

    def as_dict(self) -> dict[int, int]:
        """Key -> class for every stored key."""
        by_key = dict(zip(self.keys, self.classes, strict=True))
        by_key.pop(0, None)  # empty slots
        return by_key


def _prime_hash(table: TableFile) -> PrimeHash:
    meta = table.meta
    return PrimeHash(
        PrimeHashParams(meta["multiplier"], meta["bucket_bits"], meta["slot_count"]),
        table.arrays["displacement"],
        table.arrays["keys"],
        table.arrays["class"],
    )


@dataclass(frozen=True)
class Tables:
    """Every table, as loaded and checked, plus the views derived from them."""

    flush: list[int]
    """Rank mask of one suit's cards (5-7 ranks) -> best flush class."""
    unique5: list[int]
    """Mask of five distinct ranks (no flush) -> class."""
    hash5: PrimeHash
    """Perfect hash over the prime products of paired five-card rank multisets."""
    five_card_classes: dict[int, int]
    """Prime product of five ranks -> class, unsuited (derived: unique5 + hash5)."""
    categories: tuple[Category, ...]
    """Category of each class number (index 0 unused)."""
    class_readings: array[int]
    """Five ranks per class in reading order, flat: class k at ``[5 * (k - 1) : 5 * k]``."""
    hand_ranks: tuple[HandRank, ...]
    """The shared HandRank of each class number (index 0 unused)."""


def _read(directory: Path, name: str) -> TableFile:
    path = directory / f"{name}.msgpack"
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        raise TableError(f"lookup table {path} is missing: {REGENERATE_HINT}") from None
    table = decode_table(data, str(path), expected_name=name)
    if table.rules != RULES:
        raise TableError(f"lookup table {path} is for rules {table.rules!r}: {REGENERATE_HINT}")
    return table


def load_tables(directory: Path | None = None) -> Tables:
    """Read and verify the tables in ``directory`` (default: :func:`table_dir`).

    Raises :class:`~lookup.errors.TableError`, naming the file and how to
    regenerate it, if any table is missing, stale or corrupted.
    """
    where = table_dir() if directory is None else directory
    classes = _read(where, "classes")
    flush = _read(where, "flush").arrays["class"].tolist()
    unique5 = _read(where, "unique5").arrays["class"].tolist()
    hash5 = _prime_hash(_read(where, "prime_hash5"))

    if classes.meta.get("class_count") != CLASS_COUNT:
        raise TableError(
            f"lookup table {where / 'classes.msgpack'} does not hold {CLASS_COUNT} classes: "
            f"{REGENERATE_HINT}"
        )
    by_value = tuple(Category)
    categories = (Category.HIGH_CARD, *[by_value[c] for c in classes.arrays["category"]])

    five_card_classes = hash5.as_dict()
    for ranks in combinations(range(13), 5):
        five_card_classes[math.prod(PRIMES[r] for r in ranks)] = unique5[sum(1 << r for r in ranks)]

    return Tables(
        flush=flush,
        unique5=unique5,
        hash5=hash5,
        five_card_classes=five_card_classes,
        categories=categories,
        class_readings=classes.arrays["reading"],
        hand_ranks=(
            HandRank(0, Category.HIGH_CARD),  # placeholder so index == class number
            *(HandRank(kev, categories[kev]) for kev in range(1, CLASS_COUNT + 1)),
        ),
    )


def load_multiset_hash(directory: Path | None = None) -> PrimeHash:
    """Read and verify the six- and seven-card perfect hash (see :func:`load_tables`)."""
    return _prime_hash(_read(table_dir() if directory is None else directory, "prime_hash67"))


@cache
def tables() -> Tables:
    """The process-wide tables, loaded and verified on first call."""
    return load_tables()


def hand_ranks() -> tuple[HandRank, ...]:
    """The shared :class:`HandRank` of each class number (index 0 is a placeholder)."""
    return tables().hand_ranks


@cache
def multiset_hash() -> PrimeHash:
    """The process-wide six- and seven-card perfect hash, loaded and verified on first call."""
    return load_multiset_hash()


@cache
def multiset_classes() -> dict[int, int]:
    """Prime product -> best unsuited class, for every rank multiset of 5, 6 or 7 cards.

    Derived from the tables on first call (about 15 ms); the six- and
    seven-card kernels and the tests start from it.
    """
    return tables().five_card_classes | multiset_hash().as_dict()
