"""Range notations by name: the reader behind each game family's ``range_notation``.

A game family says which range notation its players may write
(:attr:`lookup.game.family.GameFamily.range_notation`), by name only: the
games sit below the ranges and never import them. This module maps the name
to its reader, so the equity engines ask the family which notation and this
module how to read it:

* ``"holdem"``: Hold'em and short deck, :func:`lookup.ranges.holdem.parse_range`
  (``"QQ+, AKs, A5s-A2s, 15%"``), two cards a combo;
* ``"omaha"``: Omaha and Courchevel, :func:`lookup.ranges.omaha.parse_omaha_range`
  (``"AAxx"``, ``"AKQJ ds"``), one card a hole card.

>>> len(read_range("holdem", "QQ+, AKs", 2)), len(read_range("omaha", "AAxx", 4))
(22, 6961)
>>> read_range("stud", "AA", 7)
Traceback (most recent call last):
...
lookup.RangeError: no range notation 'stud': notations are holdem, omaha
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from lookup.core.errors import RangeError
from lookup.ranges.holdem import parse_range
from lookup.ranges.omaha import parse_omaha_range

__all__ = ["NOTATIONS", "RangeReader", "read_range"]

RangeReader = Callable[[str, int], tuple[tuple[int, ...], ...]]
"""``(text, hole_cards) -> combos``: each combo a tuple of card indices."""


def _holdem(text: str, hole_cards: int) -> tuple[tuple[int, ...], ...]:
    return parse_range(text)  # always two cards


NOTATIONS: Final[dict[str, RangeReader]] = {"holdem": _holdem, "omaha": parse_omaha_range}
"""Every range notation, by the name a game family gives it."""


def read_range(notation: str, text: str, hole_cards: int) -> tuple[tuple[int, ...], ...]:
    """The combos of ``text`` in the range notation named ``notation``.

    ``hole_cards`` is the holding's size (Omaha's four, five or six).
    """
    reader = NOTATIONS.get(notation)
    if reader is None:
        raise RangeError(
            f"no range notation {notation!r}: notations are {', '.join(NOTATIONS)}", notation
        )
    return reader(text, hole_cards)
