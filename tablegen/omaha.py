"""Omaha's rows: the best unsuited class of every hole rank pair on every board rank multiset.

An Omaha hand is exactly two hole cards and exactly three board cards. Unsuited,
its class depends only on ranks, so for each *board* rank multiset (three, four
or five ranks of the deck, at most four of a rank) and each unordered *pair* of
hole ranks ``r <= q``, the best class over the board's rank triples ``t`` of the
five ranks ``t + (r, q)`` is fixed: that is one entry. The runtime
(:mod:`lookup.game.omaha`) then answers a deal with one read per hole pair
instead of building rows for the boards it meets. A flush needs three board
cards and two hole cards of one suit, and the runtime finds it apart, so the
rows are exact only where a flush is never worse than the same five ranks
unsuited; elsewhere (deuce-to-seven, where flushes hurt) the file says so
(``method`` ``"plain"``, no rows) and the runtime plays every pair with every
triple through the five-card kernel.

The file ``omaha`` holds, for ``B`` boards (threes, then fours, then fives,
each in ascending multiset order) and ``P`` pairs of the deck's ranks (``r``
ascending, then ``q >= r`` ascending):

``board_key``  ``B`` ints: each board's rank counts in base 5, ``sum(5 ** rank)``
               (the board, written out);
``best``       ``P * B`` classes, pair-major: pair ``j``'s entry for board ``i`` is at
               ``j * B + i``; 0 where no triple of the board can be dealt with the
               pair (five of a rank), so no real deal ever reads it.

Everything comes from the reference verdicts of :func:`tablegen.build.five_card_census`,
never from the runtime.

>>> from tablegen.rankings import builtin
>>> from tablegen.build import five_card_census
>>> rules = builtin("standard")
>>> arrays, meta = omaha_arrays(rules, five_card_census(rules).number)
>>> meta["method"], meta["boards"], len(arrays["best"][1]) // meta["boards"]
('rows', 8450, 91)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

import numpy as np

from lookup.core.cards import rank_multisets
from lookup.core.rules import RankingRules

Number = Callable[[bool, tuple[int, ...]], int]
"""``(is a flush, ascending ranks) -> class number``: :meth:`tablegen.build.Census.number`
(passed in: :mod:`tablegen.build` writes this file, so this module cannot import it)."""

__all__ = ["BOARD_SIZES", "Number", "board_key", "flush_never_worse", "omaha_arrays", "rank_pairs"]

BOARD_SIZES = (3, 4, 5)
"""Board sizes an Omaha hand is made on, in the order the boards are stored."""

_NO_DEAL = np.iinfo(np.uint16).max  # a triple the pair cannot be dealt with: never the min


def board_key(ranks: Sequence[int]) -> int:
    """A rank multiset's counts in base 5 (at most four of a rank): ``sum(5 ** rank)``.

    >>> board_key((0, 0, 12))
    244140627
    """
    return sum(5**rank for rank in ranks)


def rank_pairs(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """Unordered pairs ``(r, q)``, ``r <= q``, of ``ranks``, in the order the file stores them.

    >>> rank_pairs([4, 7])
    [(4, 4), (4, 7), (7, 7)]
    """
    ordered = sorted(ranks)
    return [(r, q) for i, r in enumerate(ordered) for q in ordered[i:]]


def flush_never_worse(rules: RankingRules, number: Number) -> bool:
    """True when every five-rank flush ranks at least as well as the same ranks unsuited.

    >>> from tablegen.rankings import builtin
    >>> from tablegen.build import five_card_census
    >>> lowball = builtin("deuce-to-seven")
    >>> flush_never_worse(lowball, five_card_census(lowball).number)
    False
    """
    if not rules.flushes:
        return True
    return all(
        number(True, ranks) <= number(False, ranks)
        for ranks in combinations(sorted(rules.rank_order), 5)
    )


def omaha_arrays(
    rules: RankingRules, number: Number
) -> tuple[dict[str, tuple[str, list[int]]], dict[str, object]]:
    """The ``omaha`` file's arrays and metadata for a poker ranking (see the module docstring)."""
    if not flush_never_worse(rules, number):
        return {"board_key": ("I", []), "best": ("H", [])}, {"method": "plain", "boards": 0}
    ranks = sorted(rules.rank_order)
    pairs = rank_pairs(ranks)
    triples = list(rank_multisets(ranks, 3))
    # Each triple with each pair: the class of the five ranks, or no deal (five of a rank).
    with_pair = np.full((len(triples), len(pairs)), _NO_DEAL, dtype=np.uint16)
    for t, triple in enumerate(triples):
        for p, pair in enumerate(pairs):
            five = tuple(sorted(triple + pair))
            if all(five.count(r) <= 4 for r in set(five)):
                with_pair[t, p] = number(False, five)
    triple_at = {triple: t for t, triple in enumerate(triples)}
    boards = [board for size in BOARD_SIZES for board in rank_multisets(ranks, size)]
    # Each board's triples as rows of with_pair, padded to ten with its first (min is unchanged).
    board_triples = np.empty((len(boards), 10), dtype=np.intp)
    for b, board in enumerate(boards):
        found = sorted({triple_at[t] for t in combinations(board, 3)})
        board_triples[b] = found + found[:1] * (10 - len(found))
    best = with_pair[board_triples].min(axis=1)  # (boards, pairs)
    best[best == _NO_DEAL] = 0
    arrays = {
        "board_key": ("I", [board_key(board) for board in boards]),
        "best": ("H", best.T.reshape(-1).tolist()),  # pair-major
    }
    return arrays, {"method": "rows", "boards": len(boards)}
