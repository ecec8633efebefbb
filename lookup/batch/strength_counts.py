"""Exact counts behind hand strength: every hero combo against a weighted range, in numpy.

Shared by :func:`lookup.strength` and the strength-table generator
(``python -m tablegen strength``), which may import only core, ranking and batch: the
counting lives here once, below both.

The work is organised per *completion* of the board (the cards still to come, or
none on the river). For each completion, every two-card combo of the cards left
is ranked once (:func:`lookup.batch.evaluate.evaluate_batch`, one row per combo),
and each hero's beaten / tied / total opponent weight follows by counting, with
card removal by inclusion-exclusion over the hero's two cards::

    beaten(h) = W_worse(h) - W_worse,a(h) - W_worse,b(h)            (o = h is never worse)
    tied(h)   = W_equal(h) - W_equal,a(h) - W_equal,b(h) + w(h)     (o = h is counted twice)
    total(h)  = W - W_a - W_b + w(h)

where ``W_worse(h)`` sums the weight of every combo ranked below the hero and
``W_worse,a(h)`` only those holding the hero's card ``a``. Both come from one
sort per row (all combos of a completion; the combos holding one card), done for
every completion at once. Weights are integers: the range's exact decimal
weights times their common denominator, so every count is exact.

Hand potential (PPOT, NPOT) needs, for each hero, the joint state now and at the
river against each opponent combo, which counting cannot separate: it is one
comparison per (hero, opponent, runout), vectorised per hero
(:func:`potential_counts`).

>>> import numpy as np
>>> board = (51, 47, 43, 39, 0)  # As Ks Qs Js 2c; the cards left: 2d to Ts (1 to 35)
>>> counts = river_counts("standard", board, np.arange(1, 36), 0, flat_weights())
>>> counts.beaten.shape  # one completion (the river itself), C(35, 2) hero combos
(1, 595)
>>> [int(x[0, -1]) for x in (counts.high, counts.low, counts.beaten, counts.tied, counts.total)]
[35, 34, 528, 0, 528]
>>> river_counts("standard", (51, 47), np.arange(40), 1, flat_weights())
Traceback (most recent call last):
...
lookup.HandSizeError: a board of 2 cards with 1 to come: a board of 0, 3 or 4 cards is \
completed to 5, or one of 3 to 5 cards ranked as it is
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from lookup.batch.evaluate import evaluate_batch
from lookup.core.errors import HandSizeError
from lookup.ranking.ranking import RulesLike

__all__ = [
    "CHUNK",
    "TABLE_BINS",
    "TABLE_METHOD",
    "RiverCounts",
    "RiverSums",
    "completions",
    "exact_means",
    "fields_of_sums",
    "flat_weights",
    "iter_river_counts",
    "potential_counts",
    "river_counts",
    "river_fields",
    "river_sums",
    "table_digest",
]

I64 = npt.NDArray[np.int64]
U16 = npt.NDArray[np.uint16]

TABLE_METHOD = "tablegen.strength 1: lookup.batch.strength_counts.river_sums, random hand"
"""Names how the strength tables are computed; change it whenever their values could change."""
TABLE_BINS = 10
"""Bins of the strength tables' river-HS histogram (lookup.strength's default)."""


def table_digest(street: str, rules_digest: str) -> str:
    """The digest a strength table of ``street`` is stamped with: the method, the street,
    the bins and the ranking's rules digest, so a table of another method is refused.

    >>> len(table_digest("flop", "0" * 64)), table_digest("flop", "") != table_digest("turn", "")
    (64, True)
    """
    import hashlib  # only when a strength table is written or read

    text = f"{TABLE_METHOD}\n{street}\n{TABLE_BINS}\n{rules_digest}"
    return hashlib.sha256(text.encode()).hexdigest()


CHUNK = 128
"""Completions ranked per numpy pass: about 140,000 rows on a flop, a few MB per array."""

_NO_CLASS = np.uint16(0xFFFF)  # above every class number: never beaten, never tied


def flat_weights() -> I64:
    """The 52 x 52 weight matrix of a random hand: 1 for every pair of distinct cards.

    >>> w = flat_weights()
    >>> int(w[51, 50]), int(w[3, 3]), int(w.sum())
    (1, 0, 2652)
    """
    weights = np.ones((52, 52), dtype=np.int64)
    np.fill_diagonal(weights, 0)
    return weights


def completions(avail: npt.NDArray[Any], need: int) -> npt.NDArray[np.intp]:
    """Every set of ``need`` cards from ``avail``, one row each (one empty row for 0).

    >>> completions(np.array([4, 9, 20]), 2).tolist()
    [[4, 9], [4, 20], [9, 20]]
    >>> completions(np.array([4, 9]), 0).shape
    (1, 0)
    """
    rows = list(combinations(avail.tolist(), need))
    return np.array(rows, dtype=np.intp).reshape(len(rows), need)


def _rank_in_rows(values: U16, weights: npt.NDArray[Any]) -> tuple[npt.NDArray[Any], ...]:
    """Per element: the weight of its row's elements ranked strictly better (a smaller class),
    and of those ranked the same (itself included)."""
    rows, width = values.shape
    order = np.argsort(values, axis=1, kind="stable")  # radix sort: uint16 keys
    flat = order + (np.arange(rows) * width)[:, None]
    ranked = values.ravel()[flat]
    weight = weights.ravel()[flat]
    inclusive = np.cumsum(weight, axis=1)
    exclusive = inclusive - weight
    starts = np.ones((rows, width), dtype=bool)
    np.not_equal(ranked[:, 1:], ranked[:, :-1], out=starts[:, 1:])
    ends = np.ones((rows, width), dtype=bool)
    ends[:, :-1] = starts[:, 1:]
    # Running sums never fall along a sorted row: the last run start's sum is the
    # weight above the run, the next run end's the weight down to its end.
    better_sorted = np.maximum.accumulate(np.where(starts, exclusive, 0), axis=1)
    top = np.iinfo(inclusive.dtype).max
    down_to_end = np.minimum.accumulate(np.where(ends, inclusive, top)[:, ::-1], axis=1)[:, ::-1]
    better = np.empty(rows * width, dtype=inclusive.dtype)
    equal = np.empty(rows * width, dtype=inclusive.dtype)
    better[flat] = better_sorted
    equal[flat] = down_to_end - better_sorted
    return better.reshape(rows, width), equal.reshape(rows, width)


@dataclass(frozen=True)
class RiverCounts:
    """Per (completion, hero combo): exact opponent weight beaten, tied and in all.

    Arrays of shape ``(completions, pairs)``; ``high`` and ``low`` are the hero's
    cards (``high > low``), ``classes`` the hero's class on that completed board.
    Weights are the integer weights given (the range's weights times a common
    denominator).
    """

    high: npt.NDArray[np.intp]
    low: npt.NDArray[np.intp]
    classes: U16
    beaten: I64
    tied: I64
    total: I64


def river_counts(
    rules: RulesLike,
    board: tuple[int, ...],
    avail: npt.NDArray[Any],
    need: int,
    weights: I64,
    runouts: npt.NDArray[np.intp] | None = None,
) -> RiverCounts:
    """Beaten, tied and total opponent weight of every combo of ``avail`` on every completion.

    ``board``: the board's card indices; ``avail``: the cards neither on the board nor
    dead (sorted); ``need``: how many board cards are to come (0 ranks on the board as
    it is: the current state on a flop or turn); ``weights``: a 52 x 52 symmetric
    integer matrix, the opponent's weight of each combo (0: not in the range);
    ``runouts``: the completions to rank (default: every one, :func:`completions`).
    """
    parts = list(iter_river_counts(rules, board, avail, need, weights, runouts))
    names = ("high", "low", "classes", "beaten", "tied", "total")
    return RiverCounts(*(np.concatenate([getattr(p, name) for p in parts]) for name in names))


def iter_river_counts(
    rules: RulesLike,
    board: tuple[int, ...],
    avail: npt.NDArray[Any],
    need: int,
    weights: I64,
    runouts: npt.NDArray[np.intp] | None = None,
) -> Iterator[RiverCounts]:
    """:func:`river_counts` a block of :data:`CHUNK` completions at a time (in completion
    order), so that a caller summing over completions keeps each block in cache."""
    ranked_now = need == 0 and len(board) in (3, 4, 5)
    if not ranked_now and (len(board) not in (0, 3, 4) or len(board) + need != 5):
        raise HandSizeError(
            f"a board of {len(board)} cards with {need} to come: a board of 0, 3 or 4 cards is "
            "completed to 5, or one of 3 to 5 cards ranked as it is",
            len(board),
        )
    avail = np.asarray(avail, dtype=np.intp)
    runs = completions(avail, need) if runouts is None else runouts
    # int32 halves the memory the counting streams through, whenever every sum fits.
    small = int(weights.sum()) < 2**31
    matrix = weights.astype(np.int32) if small else weights
    for start in range(0, len(runs), CHUNK):
        yield RiverCounts(*_counts_of(rules, board, avail, runs[start : start + CHUNK], matrix))


def _counts_of(
    rules: RulesLike,
    board: tuple[int, ...],
    avail: npt.NDArray[np.intp],
    runs: npt.NDArray[np.intp],
    weights: npt.NDArray[Any],
) -> tuple[Any, ...]:
    """:func:`river_counts` of one block of completions."""
    k, need = runs.shape
    left = ~(avail[None, :, None] == runs[:, None, :]).any(axis=2)
    cards = np.broadcast_to(avail, (k, len(avail)))[left].reshape(k, len(avail) - need)
    m = cards.shape[1]
    iu, ju = np.triu_indices(m, 1)
    low, high = cards[:, iu], cards[:, ju]  # avail is sorted: the second card is higher
    pairs = len(iu)
    rows = np.empty((k, pairs, len(board) + need + 2), dtype=np.uint8)
    rows[:, :, : len(board)] = board
    rows[:, :, len(board) : len(board) + need] = runs[:, None, :]
    rows[:, :, -2] = high
    rows[:, :, -1] = low
    classes = evaluate_batch(
        rows.reshape(k * pairs, -1), rules=rules, check_duplicates=False
    ).reshape(k, pairs)
    w = weights[high, low]
    better_all, equal_all = _rank_in_rows(classes, w)
    # The same per card: row i of a completion's m x m matrix holds the combos with card i.
    matrix = np.zeros((k, m, m), dtype=np.uint16)
    matrix[:, iu, ju] = classes
    matrix[:, ju, iu] = classes
    wmatrix = np.zeros((k, m, m), dtype=weights.dtype)  # the diagonal weighs nothing
    wmatrix[:, iu, ju] = w
    wmatrix[:, ju, iu] = w
    better_card, equal_card = (
        a.reshape(k, m, m)
        for a in _rank_in_rows(matrix.reshape(k * m, m), wmatrix.reshape(k * m, m))
    )
    row_total = wmatrix.sum(axis=2)
    better = better_all - better_card[:, iu, ju] - better_card[:, ju, iu]
    tied = equal_all - equal_card[:, iu, ju] - equal_card[:, ju, iu] + w
    total = w.sum(axis=1)[:, None] - row_total[:, iu] - row_total[:, ju] + w
    return high, low, classes, total - better - tied, tied, total


def potential_counts(
    now: U16,
    river: U16,
    cards: npt.NDArray[np.intp],
    weights: I64,
    heroes: npt.NDArray[np.intp],
    runs: int,
) -> I64:
    """The weighted (opponent combo, runout) counts by state now and at the river, per hero.

    ``now``: the class of each of ``C`` combos on the current board; ``river``:
    ``(runouts, C)``, each combo's class on each completed board, 0 where the combo
    holds a card of that runout; ``cards``: ``(C, 2)``, each combo's cards;
    ``weights``: ``(C,)``, each combo's opponent weight; ``heroes``: the combos to
    count for; ``runs``: the number of runouts two disjoint combos both leave (the
    same for every pair). Returns ``(len(heroes), 3, 3)``: ``[hero, now, river]``
    with states 0 ahead, 1 tied, 2 behind (the hero's view).
    """
    if len(heroes) == len(now) and len(now) > 1:
        return _every_pair(now, river, cards, weights, runs)[heroes]
    out = np.zeros((len(heroes), 3, 3), dtype=np.int64)
    for row, h in enumerate(heroes.tolist()):
        a, b = cards[h]
        blocked = (cards == a).any(axis=1) | (cards == b).any(axis=1)
        w = np.where(blocked, 0, weights)
        hero = river[:, h]
        mine = np.where(hero == 0, _NO_CLASS, hero)[:, None]
        ahead = (river > mine).sum(axis=0, dtype=np.int64)  # 0 (blocked) is never above
        tied = (river == mine).sum(axis=0, dtype=np.int64)
        behind = runs - ahead - tied
        mine_now = now[h]
        for state, who in enumerate((now > mine_now, now == mine_now, now < mine_now)):
            weight = np.where(who, w, 0)
            out[row, state] = (weight @ ahead, weight @ tied, weight @ behind)
    return out


def _every_pair(now: U16, river: U16, cards: npt.NDArray[np.intp], weights: I64, runs: int) -> I64:
    """:func:`potential_counts` of every combo at once, comparing each pair of combos once:
    ``h`` ahead of ``o`` on a runout is ``o`` behind ``h``, so the runouts where ``o`` is
    ahead of ``h`` are those where ``h`` is neither ahead nor tied (half the comparisons)."""
    count = len(now)
    ahead = np.zeros((count, count), dtype=np.int64)
    tied = np.zeros((count, count), dtype=np.int64)
    for h in range(count - 1):
        hero = river[:, h]
        mine = np.where(hero == 0, _NO_CLASS, hero)[:, None]
        later = river[:, h + 1 :]
        a = (later > mine).sum(axis=0, dtype=np.int64)
        t = (later == mine).sum(axis=0, dtype=np.int64)
        ahead[h, h + 1 :] = a
        tied[h, h + 1 :] = t
        ahead[h + 1 :, h] = runs - a - t  # wrong for combos sharing a card: they weigh 0
        tied[h + 1 :, h] = t
    behind = runs - ahead - tied
    shared = np.zeros((count, count), dtype=bool)
    for i in range(2):
        for j in range(2):
            shared |= cards[:, i][:, None] == cards[:, j][None, :]
    w = np.where(shared, 0, weights[None, :])
    out = np.zeros((count, 3, 3), dtype=np.int64)
    states = (
        now[None, :] > now[:, None],
        now[None, :] == now[:, None],
        now[None, :] < now[:, None],
    )
    for state, who in enumerate(states):
        weight = np.where(who, w, 0)
        for final, counts in enumerate((ahead, tied, behind)):
            out[:, state, final] = (weight * counts).sum(axis=1)
    return out


@dataclass(frozen=True)
class RiverSums:
    """Per hero combo, summed over the completions of a board: how many completions
    (``n``), the HS numerators' sums (``s1``, ``s2`` of their squares; against a random
    hand, one denominator ``d`` for all), the histogram's counts (``hist``, ``count x bins``
    flattened) and, against a range, each denominator's numerator sums (``by_den``;
    ``s2`` then sums HS² as floats). Everything :func:`fields_of_sums` needs: what the
    strength tables store."""

    n: npt.NDArray[np.float64]
    s1: npt.NDArray[np.float64]
    s2: npt.NDArray[np.float64]
    hist: npt.NDArray[np.float64]
    d: int
    by_den: dict[int, Any]


def river_fields(
    parts: Iterator[RiverCounts],
    position: npt.NDArray[np.intp],
    count: int,
    bins: int,
    random: bool,
    runs: int,
) -> tuple[dict[str, Any], npt.NDArray[np.uint16] | None]:
    """expected_hs, expected_hs2, histogram and percentile of every combo, summed over the
    completions block by block; and, when ``runs`` completions are to come, each combo's
    class on each of them (0 where it holds a card of the completion), for hand potential."""
    sums, later = river_sums(parts, position, count, bins, random, runs)
    return fields_of_sums(sums, bins, random), later


def river_sums(
    parts: Iterator[RiverCounts],
    position: npt.NDArray[np.intp],
    count: int,
    bins: int,
    random: bool,
    runs: int,
) -> tuple[RiverSums, npt.NDArray[np.uint16] | None]:
    """:func:`river_fields`'s sums before any division (see :class:`RiverSums`)."""
    n = np.zeros(count)
    s1 = np.zeros(count)
    s2 = np.zeros(count)
    hist = np.zeros(count * bins)
    later = np.zeros((runs, count), dtype=np.uint16) if runs else None
    by_den: dict[int, Any] = {}
    done = 0
    d = 0
    for part in parts:
        pos = position[part.high * 52 + part.low]
        if later is not None:
            later[done + np.arange(len(pos))[:, None], pos] = part.classes
            done += len(pos)
        num = (2 * part.beaten + part.tied).astype(np.int64)
        den = (2 * part.total).astype(np.int64)
        valid = den > 0
        if not valid.all():
            pos, num, den = pos[valid], num[valid], den[valid]
        if not len(den):
            continue
        n += np.bincount(pos.ravel(), minlength=count)
        binned = np.minimum(num * bins // den, bins - 1)
        hist += np.bincount((pos * bins + binned).ravel(), minlength=count * bins)
        if random:
            # A random hand leaves every hero C(m - 2, 2) opponent combos on every
            # completion: one denominator, so integer sums and one exact division at
            # the end (float sums of integers below 2**53 are exact).
            d = int(den.flat[0])
            s1 += np.bincount(pos.ravel(), weights=num.ravel(), minlength=count)
            s2 += np.bincount(pos.ravel(), weights=(num * num).ravel(), minlength=count)
        else:
            # HS's denominator varies (the range's weight a completion leaves): sum each
            # hero's numerators per denominator, in integers, for an exact E[HS] below.
            dens, which = np.unique(den, return_inverse=True)
            sums = np.bincount(
                (pos.ravel() * len(dens) + which.ravel()),
                weights=num.ravel(),
                minlength=count * len(dens),
            ).reshape(count, len(dens))
            for j, value in enumerate(dens.tolist()):
                by_den[value] = by_den.get(value, 0) + sums[:, j]
            # num² / den² rounded once: exact for a single completion (the river)
            s2 += np.bincount(
                pos.ravel(), weights=((num * num) / (den * den)).ravel(), minlength=count
            )
    return RiverSums(n, s1, s2, hist, d, by_den), later


def fields_of_sums(sums: RiverSums, bins: int, random: bool) -> dict[str, Any]:
    """expected_hs, expected_hs2, histogram and percentile from :func:`river_sums`."""
    n, s1, s2, d = sums.n, sums.s1, sums.s2, sums.d
    with np.errstate(invalid="ignore", divide="ignore"):
        histogram = sums.hist.reshape(len(n), bins) / n[:, None]
        if random:
            ehs, ehs2 = s1 / (d * n), s2 / (d * d * n)
            key: list[Any] = s1.tolist() if (n == n.max()).all() else ehs.tolist()
        else:
            ehs2 = s2 / n
            exact = exact_means(sums.by_den, n)
            ehs = np.array([float("nan") if x is None else float(x) for x in exact])
            key = exact
    # Among the combos that have an E[HS] (a range may leave a hero no opponent at all).
    order = sorted(x for x in key if x is not None)
    percentile = np.array(
        [
            float("nan") if x is None else (bisect_left(order, x) + bisect_right(order, x)) / 2
            for x in key
        ]
    ) / max(1, len(order))
    fields = {
        "expected_hs": ehs,
        "expected_hs2": ehs2,
        "histogram": histogram,
        "percentile": percentile,
    }
    return fields


def exact_means(by_den: dict[int, Any], n: npt.NDArray[np.float64]) -> list[Fraction | None]:
    """Each hero's E[HS] exactly: the sum over denominators of its numerators' sum over the
    denominator, over its number of completions (None without one)."""
    heroes = len(n)
    common = lcm(*by_den) if by_den else 1
    totals = [0] * heroes
    for den, sums in by_den.items():
        scale = common // den
        for h, value in enumerate(sums.tolist()):
            if value:
                totals[h] += int(value) * scale
    return [Fraction(totals[h], common * int(n[h])) if n[h] else None for h in range(heroes)]
