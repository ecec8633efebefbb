"""Exact showdowns settled from each holding's class on each board, for both engines.

An exact run of ranges after the flop pairs every compatible assignment of
holdings with every board that avoids its cards: for two ranges of a few dozen
combos on a flop, about a million showdowns, each a lookup per player. Yet a
holding's class on a board does not depend on the other players, so an engine
looks each holding up once on each board (``holdings x boards`` lookups: tens of
thousands) and hands the classes here, where the showdowns are settled with
numpy and no lookup at all (:func:`settle`):

* heads-up, every pair of the two players' holdings is compared on every board
  at once. A board a holding cannot meet (it holds one of the holding's cards)
  has the class :data:`OFF` (worse than any hand), so the comparison counts the
  opponent's missing boards as wins; those are taken off again with the number
  of boards both holdings can meet, one matrix product. Cost: about
  ``2 n0 n1 boards`` byte comparisons (``n0``, ``n1``: the holdings used);
* three players or more, each assignment's row of classes is gathered per
  player and its outcome found per board, the boards some player cannot meet
  filed apart. Cost: a few passes over ``assignments x boards`` small integers.

The answer is the table of outcomes by assignment that a showdown-by-showdown
tally makes (:func:`lookup.odds.results.outcomes_add`); unweighted runs read
their counts from it with :func:`~lookup.odds.results.outcome_counts`, weighted
ones with :func:`~lookup.odds.results.outcome_detail`. The work is cut into
blocks of :data:`_BLOCK_CELLS` cells so memory stays small.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = ["OFF", "class_table", "settle"]

OFF: Final = 0xFFFF
"""The class of a holding on a board it cannot meet: above every ranking's classes."""

_TABLE_CELLS: Final = 1 << 18
"""Most (holding, board) classes :func:`class_table` looks up in one batch: the batch
kernels' per-cell arrays stay a few MB (a table of thousands of Omaha combos on a flop
has millions of cells)."""

_BLOCK_CELLS: Final = 1 << 20
"""Most cells worked on at once: (holding, holding, board) heads-up (1 MB of booleans a
comparison), (assignment, board) or (assignment, outcome) multiway (8 MB of counts)."""


def class_table(
    holdings: npt.NDArray[np.uint64],
    boards: npt.NDArray[np.uint64],
    classes_of: Callable[[npt.NDArray[np.intp], npt.NDArray[np.intp]], npt.NDArray[np.uint16]],
) -> npt.NDArray[np.uint16]:
    """Each holding's class on each board, :data:`OFF` where it cannot meet the board:
    what :func:`settle` takes for one player. ``holdings`` and ``boards`` are card masks
    (one bit per card); ``classes_of(h, b)`` is the engine's lookup, the class of holding
    ``h[i]`` on board ``b[i]`` for pairs that share no card. Filled a batch of at most
    :data:`_TABLE_CELLS` cells at a time.

    >>> hands, boards = np.array([0b011, 0b100], np.uint64), np.array([0b100, 0b1000], np.uint64)
    >>> class_table(hands, boards, lambda h, b: (10 * h + b).astype(np.uint16)).tolist()
    [[0, 1], [65535, 11]]
    """
    table = np.full((len(holdings), len(boards)), OFF, np.uint16)
    rows = max(1, _TABLE_CELLS // max(1, len(boards)))
    for start in range(0, len(holdings), rows):
        which, where = np.nonzero((boards[None, :] & holdings[start : start + rows, None]) == 0)
        if len(which):
            table[start + which, where] = classes_of(start + which, where)
    return table


def settle(
    classes: Sequence[npt.NDArray[np.uint16]],
    at: Sequence[npt.NDArray[np.intp]],
    advance: Callable[[int], object] | None = None,
) -> npt.NDArray[np.int64]:
    """Outcomes by assignment over every board, from each player's classes.

    ``classes[p][h, b]`` is the class of player ``p``'s holding ``h`` on board ``b``
    (lower wins; :data:`OFF` where the holding cannot meet the board), and
    ``at[p][r]`` the holding player ``p`` has in assignment ``r`` (the assignments'
    holdings share no card). Row ``r`` of the answer (column-major, as
    :func:`~lookup.odds.results.outcome_detail` reads it) counts assignment ``r``'s
    showdowns, the boards every one of its holdings can meet, by outcome: column
    ``m`` those whose players on top, alone or tied, are the set bits of ``m``
    (column 0 stays 0). ``advance``, if given, is called with the showdowns settled
    as the work goes (a progress bar's).

    >>> first = np.array([[5, 9, OFF], [7, 7, 7]], np.uint16)  # two holdings, three boards
    >>> second = np.array([[6, 6, 6]], np.uint16)
    >>> pick = [np.array([0, 1]), np.array([0, 0])]
    >>> settle([first, second], pick).tolist()  # holding 0 misses board 2
    [[0, 1, 1, 0], [0, 0, 3, 0]]
    >>> settle([first, second, second], pick + [np.array([0, 0])]).tolist()[0]
    [0, 1, 0, 0, 0, 0, 1, 0]
    """
    if len(classes) == 2:
        outcomes = _heads_up(classes[0], classes[1], at[0], at[1])
        if advance is not None:  # a few passes over small arrays: at once
            advance(int(outcomes.sum()))
        return outcomes
    return _multiway(classes, at, advance)


def _heads_up(
    first: npt.NDArray[np.uint16],
    second: npt.NDArray[np.uint16],
    at_first: npt.NDArray[np.intp],
    at_second: npt.NDArray[np.intp],
) -> npt.NDArray[np.int64]:
    meets_first, meets_second = first != OFF, second != OFF
    # Boards both holdings of each pair can meet: a product of 0/1 matrices, in int64:
    # exact, and numpy's own loop, where a float product goes to BLAS, whose threads
    # spun on this 2-core machine under load (35 ms against 0.7 ms on a flop spot).
    both = meets_first.astype(np.int64) @ meets_second.T.astype(np.int64)
    wins_first = np.empty(both.shape, np.int64)
    wins_second = np.empty(both.shape, np.int64)
    rows = max(1, _BLOCK_CELLS // max(1, second.size))
    for start in range(0, len(first), rows):
        block = first[start : start + rows, None, :]
        # A player's class below the other's counts its wins, plus the boards only it
        # can meet (the other's class there is OFF): taken off below.
        wins_first[start : start + rows] = np.count_nonzero(block < second[None], axis=2)
        wins_second[start : start + rows] = np.count_nonzero(second[None] < block, axis=2)
    wins_first -= meets_first.sum(axis=1, dtype=np.int64)[:, None] - both
    wins_second -= meets_second.sum(axis=1, dtype=np.int64)[None, :] - both
    outcomes = np.zeros((len(at_first), 4), np.int64, order="F")
    outcomes[:, 1] = wins_first[at_first, at_second]
    outcomes[:, 2] = wins_second[at_first, at_second]
    outcomes[:, 3] = both[at_first, at_second] - outcomes[:, 1] - outcomes[:, 2]
    return outcomes


def _multiway(
    classes: Sequence[npt.NDArray[np.uint16]],
    at: Sequence[npt.NDArray[np.intp]],
    advance: Callable[[int], object] | None,
) -> npt.NDArray[np.int64]:
    width = 1 << len(classes)
    boards = classes[0].shape[1]
    assignments = len(at[0])
    outcomes = np.zeros((assignments, width), np.int64, order="F")
    # Rows of (assignment, board) cells and of (assignment, outcome) cells alike bounded.
    rows = max(1, _BLOCK_CELLS // max(boards, width))
    for start in range(0, assignments, rows):
        block = slice(start, start + rows)
        dealt = [table[picks[block]] for table, picks in zip(classes, at, strict=True)]
        best = np.minimum.reduce(dealt)
        mask = np.zeros(best.shape, np.intp)
        for p, row in enumerate(dealt):
            mask |= (row == best).astype(np.intp) << p
        # A board some player cannot meet is no showdown: its class there is OFF, above
        # every class, so the deal's worst class says so; it is filed under outcome 0.
        mask[np.maximum.reduce(dealt) == OFF] = 0
        count = len(best)
        code = mask + (np.arange(count) * width)[:, None]
        tally = np.bincount(code.ravel(), minlength=count * width).reshape(count, width)
        outcomes[block] = tally
        if advance is not None:  # block by block: a large multiway run takes seconds
            advance(int(tally[:, 1:].sum()))
    outcomes[:, 0] = 0
    return outcomes
