"""Exact Hold'em tallies after the flop: each combo's class on each board, once.

A combo's class on a board does not depend on the other players, so instead of
a seven-card lookup per player per showdown (about a million showdowns for two
ranges of a few dozen combos on a flop), each combo an exact run uses is looked
up once on each board it can meet: tens of thousands of lookups, through the
same vectorised kernel (:func:`~lookup.odds.holdem.kernel.dealt_classes`). The
showdowns are then settled from those classes by :func:`lookup.odds.settle.settle`,
no lookup at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from lookup.core.cards import Combo
from lookup.odds.holdem.kernel import BoardParts, combo_bits, dealt_classes
from lookup.odds.settle import class_table, settle

__all__ = ["exact_outcomes"]


def exact_outcomes(
    live: Sequence[Sequence[Combo]],
    parts: BoardParts,
    assignments: npt.NDArray[np.intp],
    advance: Callable[[int], object] | None = None,
) -> npt.NDArray[np.int64]:
    """Outcomes by assignment over every board of ``parts`` its combos can meet.

    ``live`` holds the players' combos, ``parts`` every board the run deals (its
    ``card_bits`` the dealt cards only, as :func:`~lookup.odds.holdem.kernel.enumerate_boards`
    makes them, from cards no player holds for certain), ``assignments`` the
    compatible choices of one combo per player (index rows). The answer is
    :func:`~lookup.odds.settle.settle`'s: row ``r`` counts assignment ``r``'s
    showdowns by outcome, column ``m`` those whose players on top are the set bits
    of ``m``; ``advance`` is told the showdowns settled as the work goes.

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.odds.holdem.kernel import enumerate_boards
    >>> board = [c.index for c in parse_cards("2c 7d 9h 4s")]
    >>> aces, kings = (51, 50), (47, 46)  # AsAh, KsKh
    >>> held = {*board, *aces, *kings}
    >>> (parts,) = enumerate_boards(board, [c for c in range(52) if c not in held])
    >>> pairs = np.array([[0, 0]], dtype=np.intp)
    >>> exact_outcomes([[aces], [kings]], parts, pairs).tolist()  # 2 of 44 rivers: a king
    [[0, 42, 2, 0]]
    """
    classes, at = [], []
    for p, combos in enumerate(live):
        used = np.unique(assignments[:, p])
        classes.append(_classes(combos, used, parts))
        at.append(np.searchsorted(used, assignments[:, p]))
    return settle(classes, at, advance)


def _classes(
    combos: Sequence[Combo], used: npt.NDArray[np.intp], parts: BoardParts
) -> npt.NDArray[np.uint16]:
    """Each used combo's class on each board (:func:`~lookup.odds.settle.class_table`)."""
    holes = np.array(combos, dtype=np.intp).reshape(-1, 2)[used]

    def classes_of(
        held: npt.NDArray[np.intp], boards: npt.NDArray[np.intp]
    ) -> npt.NDArray[np.uint16]:
        return dealt_classes(parts.take(boards).boards(), holes[held, 0], holes[held, 1])

    return class_table(combo_bits(combos)[used], parts.card_bits, classes_of)
