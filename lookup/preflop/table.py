"""The heads-up preflop table: the one owner of ``tables/preflop/``, which it opens and checks.

``python -m tablegen preflop`` writes two files: the exact win and tie counts
of all 47,008 matchups (every pair of disjoint holdings up to suit
relabelling, see :mod:`lookup.preflop.matchups`) over all 1,712,304 boards,
and those counts summed per pair of starting-hand classes, with the classes'
order by equity against a random hand. Each is read once, on first use, and
refused with a :class:`~lookup.TableError` that says how to regenerate when it
is missing, damaged or stale.

>>> preflop_order()[:3], len(matchups().keys) == MATCHUPS
(('AA', 'KK', 'QQ'), True)
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import cache
from typing import Final

from lookup.core.errors import TableError
from lookup.core.tablefile import REGENERATE_HINT, TableFile, read_table, table_dir
from lookup.preflop.classes import CLASS_NAMES

__all__ = [
    "BOARDS",
    "MATCHUPS",
    "PREFLOP_HINT",
    "ClassCounts",
    "Matchups",
    "class_counts",
    "matchups",
    "preflop_order",
]

BOARDS: Final = 1_712_304
"""Boards behind every matchup: C(48, 5)."""
MATCHUPS: Final = 47_008
"""Pairs of disjoint holdings up to suit relabelling (see :mod:`lookup.preflop.matchups`)."""


PREFLOP_HINT: Final = (
    "regenerate the preflop table with `python -m tablegen preflop` from a source "
    "checkout, or reinstall pokerlookup"
)
"""What to do about a bad preflop table: plain ``python -m tablegen`` does not rebuild it."""


def _preflop_table(name: str, rules_digest: str | None = None) -> TableFile:
    """``tables/preflop/NAME.msgpack``, read and checked; its errors name the preflop command."""
    try:
        return read_table(table_dir() / "preflop", name, rules_digest)
    except TableError as exc:
        raise _with_preflop_hint(exc) from None


def _with_preflop_hint(exc: TableError) -> TableError:
    message = str(exc)
    if PREFLOP_HINT in message:
        return exc
    if REGENERATE_HINT in message:
        message = message.replace(REGENERATE_HINT, PREFLOP_HINT)
    else:
        message = f"{message}; {PREFLOP_HINT}"
    return TableError(message, exc.token)


@dataclass(frozen=True)
class Matchups:
    """``tables/preflop/matchups.msgpack``: win and tie counts of every matchup, by key."""

    row: dict[int, int]
    keys: array[int]
    wins: array[int]
    ties: array[int]
    digest: str


@cache
def matchups() -> Matchups:
    """The matchup table, read and checked on first use (then shared, read-only)."""
    table = _preflop_table("matchups")
    try:
        count = table.meta_int("matchups")
        if table.meta_int("boards") != BOARDS or count != MATCHUPS:
            raise TableError(
                f"lookup table {table.source} is not {MATCHUPS:,} matchups over {BOARDS:,} "
                f"boards: {PREFLOP_HINT}"
            )
        keys = table.array("key", "I", count)
        row = {key: i for i, key in enumerate(keys)}
        return Matchups(row, keys, table.array("win", "I", count), table.array("tie", "I", count),
                         table.rules_digest)  # fmt: skip
    except TableError as exc:
        raise _with_preflop_hint(exc) from None


@dataclass(frozen=True)
class ClassCounts:
    """``tables/preflop/classes.msgpack``: the counts of every class against every class."""

    wins: array[int]
    ties: array[int]
    pairs: array[int]
    order: tuple[int, ...]


@cache
def class_counts() -> ClassCounts:
    """The class table, read and checked against the matchup table on first use."""
    table = _preflop_table("classes", matchups().digest)
    cells = len(CLASS_NAMES) ** 2
    try:
        order = tuple(table.array("order", "B", len(CLASS_NAMES)))
        if sorted(order) != list(range(len(CLASS_NAMES))):
            raise TableError(f"lookup table {table.source} has a bad class order: {PREFLOP_HINT}")
        return ClassCounts(
            table.array("win", "I", cells), table.array("tie", "I", cells),
            table.array("pairs", "H", cells), order,
        )  # fmt: skip
    except TableError as exc:
        raise _with_preflop_hint(exc) from None


def preflop_order() -> tuple[str, ...]:
    """The 169 classes by exact equity against a random hand, strongest first.

    >>> order = preflop_order()
    >>> len(order), order[-1]
    (169, '32o')
    """
    return tuple(CLASS_NAMES[c] for c in class_counts().order)
