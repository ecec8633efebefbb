"""Load the generated tables once, verify them, and derive the scalar views.

The files in ``tables/`` are the single source of truth. At first use this
module reads and checks them (format version, SHA-256, expected contents) and
derives what the pure-Python paths want: lists instead of arrays, a dict from
prime product to class (faster in CPython than computing the perfect hash in
bytecode), and one shared :class:`~lookup.rank.HandRank` per class. Everything
is built once, behind :func:`functools.cache`, and never modified.

Cost: about 15 ms on first use (four files, ~0.9 MB); nothing after that.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lookup.cards import PRIMES
from lookup.errors import TableError
from lookup.prime_hash import PrimeHashParams
from lookup.rank import CLASS_COUNT, Category, HandRank
from lookup.tablefile import REGENERATE_HINT, TableFile, decode_table

__all__ = ["Tables", "hand_ranks", "load_tables", "source_table_dir", "table_dir"]

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
class Tables:
    """Every table, as loaded and checked, plus the views derived from them."""

    flush: list[int]
    """Rank mask of one suit's cards (5-7 ranks) -> best flush class."""
    unique5: list[int]
    """Mask of five distinct ranks (no flush) -> class."""
    product_class: dict[int, int]
    """Prime product of 5-7 ranks -> best non-flush class (derived: unique5 + prime_hash)."""
    hash_params: PrimeHashParams
    hash_displacement: array[int]
    hash_keys: array[int]
    hash_classes: array[int]
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
    prime_hash = _read(where, "prime_hash")

    if classes.meta.get("class_count") != CLASS_COUNT:
        raise TableError(
            f"lookup table {where / 'classes.msgpack'} does not hold {CLASS_COUNT} classes: "
            f"{REGENERATE_HINT}"
        )
    by_value = tuple(Category)
    categories = (Category.HIGH_CARD, *[by_value[c] for c in classes.arrays["category"]])

    keys, values = prime_hash.arrays["keys"], prime_hash.arrays["class"]
    product_class = dict(zip(keys, values, strict=True))
    product_class.pop(0, None)  # empty slots
    for mask, value in enumerate(unique5):
        if value:
            product_class[math.prod(PRIMES[r] for r in range(13) if mask >> r & 1)] = value

    meta = prime_hash.meta
    return Tables(
        flush=flush,
        unique5=unique5,
        product_class=product_class,
        hash_params=PrimeHashParams(meta["multiplier"], meta["bucket_bits"], meta["slot_count"]),
        hash_displacement=prime_hash.arrays["displacement"],
        hash_keys=keys,
        hash_classes=values,
        categories=categories,
        class_readings=classes.arrays["reading"],
        hand_ranks=(
            HandRank(0, Category.HIGH_CARD),  # placeholder so index == class number
            *(HandRank(kev, categories[kev]) for kev in range(1, CLASS_COUNT + 1)),
        ),
    )


@cache
def tables() -> Tables:
    """The process-wide tables, loaded and verified on first call."""
    return load_tables()


def hand_ranks() -> tuple[HandRank, ...]:
    """The shared :class:`HandRank` of each class number (index 0 is a placeholder)."""
    return tables().hand_ranks
