"""The 169 starting-hand classes of Hold'em, numbered on the familiar 13x13 grid.

Classes are numbered in **grid order**, ``13 * row + column``: row and column 0
are aces, 12 are deuces; pairs on the diagonal, suited hands above it (row =
higher rank), offsuit below (column = higher rank).
"""

from __future__ import annotations

from typing import Final

from lookup.core.cards import RANK_CHARS, Combo
from lookup.core.errors import RangeError

__all__ = ["CLASS_NAMES", "class_index", "class_of_combo"]


def _class_name(row: int, column: int) -> str:
    high, low = RANK_CHARS[12 - min(row, column)], RANK_CHARS[12 - max(row, column)]
    if row == column:
        return high + low
    return high + low + ("s" if row < column else "o")


CLASS_NAMES: Final[tuple[str, ...]] = tuple(_class_name(r, c) for r in range(13) for c in range(13))
"""The 169 starting-hand classes in grid order: ``'AA', 'AKs', ..., 'A2s', 'AKo', 'KK', ...``."""
_CLASS_BY_NAME: Final = {name: i for i, name in enumerate(CLASS_NAMES)}


def class_of_combo(combo: Combo) -> int:
    """The grid index of a combo's class (two distinct card indices, any order; not checked).

    >>> [CLASS_NAMES[class_of_combo(c)] for c in ((51, 47), (47, 50), (3, 0))]
    ['AKs', 'AKo', '22']
    """
    high, low = max(combo) >> 2, min(combo) >> 2
    if high == low or combo[0] & 3 == combo[1] & 3:
        return 13 * (12 - high) + (12 - low)
    return 13 * (12 - low) + (12 - high)


def class_index(name: str) -> int:
    """The grid index of a class name (``'AKs'``, ``'ako'``, ``'TT'``; ``'AK'`` is not one class).

    >>> class_index("AKs"), class_index("ako"), class_index("22")
    (1, 13, 168)
    >>> class_index("AK")
    Traceback (most recent call last):
    ...
    lookup.RangeError: 'AK' is not a starting-hand class: give a pair (QQ) or ...
    """
    text = name.strip() if isinstance(name, str) else ""
    key = text[:2].upper() + text[2:].lower()
    if len(key) == 3 and key[0] != key[1]:
        high, low = sorted(key[:2], key=lambda c: -RANK_CHARS.find(c))
        key = high + low + key[2]
    index = _CLASS_BY_NAME.get(key)
    if index is None:
        raise RangeError(
            f"{name!r} is not a starting-hand class: give a pair (QQ) or two ranks with "
            "s or o (AKs, AKo)",
            name,
        )
    return index
