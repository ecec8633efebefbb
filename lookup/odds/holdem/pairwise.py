"""Exact tallies after the flop: each combo's class on each board once, then the deals.

An exact run of ranges on a flop pairs every compatible assignment of combos
with every board that avoids its hole cards: about a million showdowns for two
ranges of a few dozen combos, each costing a seven-card lookup per player. Yet a
combo's class on a board does not depend on the other players, so here each
combo meets each board once (``combos x boards`` lookups: tens of thousands)
and the deals are then settled with numpy, no lookup at all:

* heads-up (:func:`heads_up_outcomes`), every pair of the two players' combos is
  compared on every board at once. A board a combo cannot meet (it holds one of
  the combo's cards) gets the class :data:`_OFF` (worse than any hand), so the
  comparison counts the opponent's missing boards as wins; those are taken off
  again with the number of boards both combos can meet, one matrix product.
  Cost: ``2 n0 n1 boards`` byte comparisons (``n0``, ``n1``: the combos used);
* three players or more (:func:`multiway_outcomes`), each assignment's row of
  classes is gathered per player and its outcome found per board, the boards
  some player cannot meet counted apart. Cost: a few passes over
  ``assignments x boards`` small integers.

Either answers with the table of outcomes by assignment that the
showdown-by-showdown path tallies (:func:`lookup.odds.results.outcomes_add`):
tests compare the two on random spots, and both against a brute force. The work
is cut into blocks of :data:`_BLOCK_CELLS` cells so memory stays small.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from lookup.core.cards import Combo
from lookup.odds.holdem.kernel import BoardParts, combo_bits, dealt_classes

__all__ = ["heads_up_outcomes", "multiway_outcomes"]

_OFF: Final = 0xFFFF
"""The class of a combo on a board that holds one of its cards: above every class."""

_BLOCK_CELLS: Final = 1 << 20
"""Most cells worked on at once: (combo, combo, board) heads-up (1 MB of booleans a
comparison), (assignment, board) or (assignment, outcome) multiway (8 MB of counts)."""


def heads_up_outcomes(
    live: Sequence[Sequence[Combo]],
    parts: BoardParts,
    assignments: npt.NDArray[np.intp],
) -> npt.NDArray[np.int64]:
    """Outcomes by assignment of two players over every board of ``parts`` each can meet.

    ``live`` holds the two players' combos, ``parts`` every board the run deals (its
    ``card_bits`` the dealt cards only, as :func:`~lookup.odds.holdem.kernel.enumerate_boards`
    makes them, from cards no player holds for certain), ``assignments`` the
    compatible ``(combo of player 0, combo of player 1)`` index pairs. Row ``r`` of
    the answer (column-major, as :func:`~lookup.odds.results.outcome_detail` reads
    it) counts assignment ``r``'s showdowns by outcome: column 1 player 0 wins,
    2 player 1 wins, 3 a tie (column 0 stays 0), as
    :func:`~lookup.odds.results.outcomes_add` counts them.

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.odds.holdem.kernel import enumerate_boards
    >>> board = [c.index for c in parse_cards("2c 7d 9h 4s")]
    >>> aces, kings = (51, 50), (47, 46)  # AsAh, KsKh
    >>> held = {*board, *aces, *kings}
    >>> (parts,) = enumerate_boards(board, [c for c in range(52) if c not in held])
    >>> pairs = np.array([[0, 0]], dtype=np.intp)
    >>> heads_up_outcomes([[aces], [kings]], parts, pairs).tolist()  # 2 of 44 rivers: a king
    [[0, 42, 2, 0]]
    """
    matrices, counts, used = [], [], []
    for p in (0, 1):
        combos_used = np.unique(assignments[:, p])
        classes, meets = _classes(live[p], combos_used, parts)
        matrices.append(classes)
        counts.append(meets)
        used.append(combos_used)
    first, second = matrices
    # Boards both combos of each pair can meet: a product of 0/1 matrices (exact in
    # float64 far beyond any board count).
    both = (counts[0].astype(np.float64) @ counts[1].T.astype(np.float64)).astype(np.int64)
    own_first = counts[0].sum(axis=1, dtype=np.int64)
    own_second = counts[1].sum(axis=1, dtype=np.int64)
    wins_first = np.empty(both.shape, np.int64)
    wins_second = np.empty(both.shape, np.int64)
    rows = max(1, _BLOCK_CELLS // max(1, second.size))
    for start in range(0, len(first), rows):
        block = first[start : start + rows, None, :]
        # A player's class below the other's counts its wins, plus the boards only it
        # can meet (the other's class there is _OFF): taken off below.
        wins_first[start : start + rows] = np.count_nonzero(block < second[None], axis=2)
        wins_second[start : start + rows] = np.count_nonzero(second[None] < block, axis=2)
    wins_first -= own_first[:, None] - both
    wins_second -= own_second[None, :] - both
    at = (np.searchsorted(used[0], assignments[:, 0]), np.searchsorted(used[1], assignments[:, 1]))
    outcomes = np.zeros((len(assignments), 4), np.int64, order="F")
    outcomes[:, 1] = wins_first[at]
    outcomes[:, 2] = wins_second[at]
    outcomes[:, 3] = both[at] - outcomes[:, 1] - outcomes[:, 2]
    return outcomes


def multiway_outcomes(
    live: Sequence[Sequence[Combo]],
    parts: BoardParts,
    assignments: npt.NDArray[np.intp],
) -> npt.NDArray[np.int64]:
    """Outcomes by assignment of three players or more over every board of ``parts``
    each can meet: as :func:`heads_up_outcomes`, column ``m`` counting the showdowns
    whose players on top (alone or tied) are the set bits of ``m`` (column 0 stays 0).

    >>> from lookup.odds.holdem.kernel import enumerate_boards
    >>> board = [0, 21, 30, 8]  # 2c 7d 9h 4c
    >>> live = [[(51, 50)], [(47, 46)], [(43, 42), (39, 38)]]  # AsAh, KsKh; QsQh or JsJh
    >>> held = {*board, 51, 50, 47, 46}
    >>> (parts,) = enumerate_boards(board, [c for c in range(52) if c not in held])
    >>> pairs = np.array([[0, 0, 0], [0, 0, 1]], dtype=np.intp)
    >>> found = multiway_outcomes(live, parts, pairs)
    >>> found[:, [1, 2, 4]].tolist(), found.sum(axis=1).tolist()  # aces, kings, queens/jacks
    ([[38, 2, 2], [38, 2, 2]], [42, 42])
    """
    players = len(live)
    width = 1 << players
    matrices, at = [], []
    for p in range(players):
        used = np.unique(assignments[:, p])
        matrices.append(_classes(live[p], used, parts)[0])
        at.append(np.searchsorted(used, assignments[:, p]))
    boards = len(parts)
    outcomes = np.zeros((len(assignments), width), np.int64, order="F")
    # Rows of (assignment, board) cells and of (assignment, outcome) cells alike bounded.
    rows = max(1, _BLOCK_CELLS // max(boards, width))
    for start in range(0, len(assignments), rows):
        block = slice(start, start + rows)
        classes = [m[a[block]] for m, a in zip(matrices, at, strict=True)]
        best = np.minimum.reduce(classes)
        mask = np.zeros(best.shape, np.intp)
        for p, row in enumerate(classes):
            mask |= (row == best).astype(np.intp) << p
        # A board some player cannot meet is no showdown: its class there is _OFF, above
        # every class, so the deal's worst class says so; it is filed under outcome 0.
        mask[np.maximum.reduce(classes) == _OFF] = 0
        count = len(best)
        code = mask + (np.arange(count) * width)[:, None]
        outcomes[block] = np.bincount(code.ravel(), minlength=count * width).reshape(count, width)
    outcomes[:, 0] = 0
    return outcomes


def _classes(
    combos: Sequence[Combo], used: npt.NDArray[np.intp], parts: BoardParts
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.bool_]]:
    """Each used combo's class on each board (:data:`_OFF` where it cannot meet it), and
    where it can."""
    holes = np.array(combos, dtype=np.intp).reshape(-1, 2)[used]
    meets = (parts.card_bits[None, :] & combo_bits(combos)[used][:, None]) == 0
    which, boards = np.nonzero(meets)
    classes = np.full(meets.shape, _OFF, np.uint16)
    classes[which, boards] = dealt_classes(
        parts.take(boards).boards(), holes[which, 0], holes[which, 1]
    )
    return classes, meets
