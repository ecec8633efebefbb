"""Heads-up Hold'em preflop equity by table lookup: exact, in microseconds.

``tables/preflop/`` holds the exact win and tie counts of all 47,008 matchups
(every pair of disjoint holdings up to suit relabelling, see
:mod:`lookup.preflop.matchups`) over all 1,712,304 boards, generated once by
``python -m tablegen preflop``. From them:

* :func:`heads_up` -- two fixed holdings: one canonicalisation, one lookup;
* :func:`range_vs_range` -- two ranges, exactly: the counts summed over every
  pair of combos that share no card (each pair is equally likely, as in a deal);
* :func:`class_versus`, :func:`class_matrix` -- the 169 starting-hand classes
  against each other (averaged over suit combinations, with card removal);
* :func:`versus_random` -- a class against one random hand;
* :func:`preflop_equity` -- the answer :func:`lookup.equity` gives heads-up preflop.

The table itself is opened and checked by :mod:`lookup.preflop.table`; classes are
numbered as :mod:`lookup.preflop.classes` says.

:func:`lookup.equity` answers from here on its own for two players with no
board and no dead cards (unless sampling is asked for).

>>> aces = heads_up("AsAh", "KsKh")
>>> round(aces.equity, 6), aces.wins, aces.ties, aces.showdowns
(0.826366, 1410336, 9308, 1712304)
>>> round(versus_random("AA").equity, 6)
0.852037
>>> heads_up("AsAh", "AsKd")
Traceback (most recent call last):
...
lookup.DuplicateCardError: card 'As' is in both holdings
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from lookup.core.cards import CardsLike, Combo, parse_cards
from lookup.core.errors import HandSizeError, PokerLookupError, RangeError
from lookup.odds.results import SHARE_UNIT, Counts, Weighting, build_result, detail_counts
from lookup.preflop.classes import CLASS_NAMES, class_index
from lookup.preflop.matchups import matchup_key
from lookup.preflop.table import BOARDS, class_counts, matchups
from lookup.ranges.holdem import parse_holding, parse_range
from lookup.ranges.holding import RangeValue

if TYPE_CHECKING:
    from lookup.odds.results import EquityResult, HoldingLike

__all__ = [
    "HeadsUp",
    "class_matrix",
    "class_versus",
    "heads_up",
    "preflop_equity",
    "range_vs_range",
    "versus_random",
    "weighted_preflop",
]

_VECTOR_FROM: Final = 256  # pairs of combos from which numpy beats a Python loop


@dataclass(frozen=True)
class HeadsUp:
    """Exact counts of showdowns from the first player's side."""

    wins: int
    ties: int
    losses: int
    showdowns: int
    """Boards times pairs of holdings: every showdown counted once."""

    @property
    def exact_equity(self) -> Fraction:
        """Equity as an exact fraction (a tie is half a pot)."""
        return Fraction(2 * self.wins + self.ties, 2 * self.showdowns)

    @property
    def equity(self) -> float:
        """Average share of the pot."""
        return (2 * self.wins + self.ties) / (2 * self.showdowns)

    @property
    def win(self) -> float:
        """Fraction of showdowns won."""
        return self.wins / self.showdowns

    @property
    def tie(self) -> float:
        """Fraction of showdowns tied."""
        return self.ties / self.showdowns

    def reversed(self) -> HeadsUp:
        """The same showdowns from the other player's side."""
        return HeadsUp(self.losses, self.ties, self.wins, self.showdowns)


def _combo(cards: CardsLike) -> Combo:
    parsed = parse_cards(cards)
    if len(parsed) != 2:
        raise HandSizeError(f"a Hold'em holding is two cards, got {len(parsed)}", len(parsed))
    return parsed[0].index, parsed[1].index


def _pair_counts(first: Combo, second: Combo) -> tuple[int, int]:
    """(wins of ``first``, ties) of two disjoint combos."""
    key, swapped = matchup_key(first, second)
    table = matchups()
    row = table.row[key]
    wins, ties = table.wins[row], table.ties[row]
    return (BOARDS - wins - ties if swapped else wins), ties


def heads_up(first: CardsLike, second: CardsLike) -> HeadsUp:
    """Exact showdown counts of two fixed holdings (two cards each), all boards.

    >>> r = heads_up("AhKh", "2c2d")
    >>> round(r.equity, 6), r.reversed().wins == r.losses
    (0.500842, True)
    """
    a, b = _combo(first), _combo(second)
    wins, ties = _pair_counts(a, b)
    return HeadsUp(wins, ties, BOARDS - wins - ties, BOARDS)


def _disjoint_pairs(first: Sequence[Combo], second: Sequence[Combo]) -> tuple[int, int, int]:
    """(wins of the first side, ties, pairs) summed over the disjoint pairs of combos."""
    if len(first) * len(second) < _VECTOR_FROM:
        wins = ties = pairs = 0
        for a in first:
            for b in second:
                if a[0] in b or a[1] in b:
                    continue
                w, t = _pair_counts(a, b)
                wins, ties, pairs = wins + w, ties + t, pairs + 1
        return wins, ties, pairs
    import numpy as np  # the vectorised path only: small ranges need no numpy

    from lookup.preflop.matchups import matchup_keys  # numpy, likewise

    table = matchups()
    keys = np.frombuffer(table.keys, dtype=np.uint32).astype(np.int64)
    ours = np.repeat(np.array(first, dtype=np.intp).reshape(-1, 2), len(second), axis=0)
    theirs = np.tile(np.array(second, dtype=np.intp).reshape(-1, 2), (len(first), 1))
    free = (ours[:, :, None] != theirs[:, None, :]).all(axis=(1, 2))
    found, swapped = matchup_keys(ours[free], theirs[free])
    rows = np.searchsorted(keys, found)
    win_first = np.frombuffer(table.wins, dtype=np.uint32)[rows].astype(np.int64)
    tie = np.frombuffer(table.ties, dtype=np.uint32)[rows].astype(np.int64)
    win = np.where(swapped, BOARDS - win_first - tie, win_first)
    return int(win.sum()), int(tie.sum()), int(free.sum())


def _spell(combo: object) -> str:
    """``repr(combo)``, cut short: a huge int in it must not make the message fail."""
    try:
        text = repr(combo)
    except ValueError:  # an int of 4,300+ digits
        return f"{type(combo).__name__} holding a huge int"
    return text if len(text) <= 60 else text[:57] + "..."


def _checked_combos(combos: object) -> tuple[Combo, ...]:
    """``combos`` as Combos (higher index first), or a RangeError naming the first bad one.

    The pairs index the preflop table unchecked: a card index out of the deck, a
    card twice or a bool (an int to Python) would answer for a holding that cannot exist.
    """
    if isinstance(combos, (str, bytes)) or not isinstance(combos, Sequence):
        raise RangeError(
            f"a range is range text or a list of combos, got {type(combos).__name__}", combos
        )
    checked = []
    for combo in combos:
        pair = tuple(combo) if isinstance(combo, (tuple, list)) else ()
        if (
            len(pair) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
            or pair[0] == pair[1]
            or not (0 <= pair[0] <= 51 and 0 <= pair[1] <= 51)
        ):
            raise RangeError(f"combo {_spell(combo)} is not two distinct card indices 0-51", combo)
        checked.append((max(pair), min(pair)))
    return tuple(checked)


def range_vs_range(
    first: str | RangeValue | Sequence[Combo], second: str | RangeValue | Sequence[Combo]
) -> HeadsUp:
    """Exact counts of one range against another: every disjoint pair of combos, every board.

    Ranges are range text (see :mod:`lookup.ranges.holdem`), flat Hold'em
    :class:`~lookup.ranges.range.Range` values or lists of combos.

    >>> r = range_vs_range("QQ+, AKs", "JJ-99")
    >>> round(r.equity, 6), r.showdowns // BOARDS
    (0.748956, 396)
    >>> r.wins + r.ties + r.losses == r.showdowns
    True
    >>> range_vs_range("AsAh", "As")
    Traceback (most recent call last):
    ...
    lookup.RangeError: cannot read 'As' in range 'As': an explicit combo has two cards, got 1
    >>> range_vs_range("QQ+", [(51, 51)])
    Traceback (most recent call last):
    ...
    lookup.RangeError: combo (51, 51) is not two distinct card indices 0-51
    """
    a = parse_range(first) if isinstance(first, str | RangeValue) else _checked_combos(first)
    b = parse_range(second) if isinstance(second, str | RangeValue) else _checked_combos(second)
    wins, ties, pairs = _disjoint_pairs(a, b)
    if pairs == 0:
        raise RangeError("the two ranges cannot be held at once: every pair shares a card")
    showdowns = pairs * BOARDS
    return HeadsUp(wins, ties, showdowns - wins - ties, showdowns)


def class_versus(first: str, second: str) -> HeadsUp:
    """Exact counts of one starting-hand class against another (``'AKs'``, ``'QQ'``).

    >>> round(class_versus("AKo", "QQ").equity, 4)
    0.4324
    >>> class_versus("AKo", "QQs")
    Traceback (most recent call last):
    ...
    lookup.RangeError: 'QQs' is not a starting-hand class: ...
    """
    data = class_counts()
    cell = class_index(first) * len(CLASS_NAMES) + class_index(second)
    showdowns = data.pairs[cell] * BOARDS
    wins, ties = data.wins[cell], data.ties[cell]
    return HeadsUp(wins, ties, showdowns - wins - ties, showdowns)


def class_matrix() -> tuple[tuple[float, ...], ...]:
    """Equity of each class (row) against each class (column), 169 x 169 in grid order.

    >>> matrix = class_matrix()
    >>> round(matrix[class_index("AA")][class_index("KK")], 4)
    0.8195
    """
    data = class_counts()
    n = len(CLASS_NAMES)
    return tuple(
        tuple(
            (2 * data.wins[c] + data.ties[c]) / (2 * BOARDS * data.pairs[c])
            for c in range(r * n, (r + 1) * n)
        )
        for r in range(n)
    )


def versus_random(name: str) -> HeadsUp:
    """Exact counts of a class against one random hand (every combo pair without shared cards).

    >>> aa = versus_random("AA")
    >>> round(aa.win, 6), round(aa.tie, 6)
    (0.849319, 0.005436)
    >>> versus_random("A1s")
    Traceback (most recent call last):
    ...
    lookup.RangeError: 'A1s' is not a starting-hand class: ...
    """
    data = class_counts()
    n = len(CLASS_NAMES)
    row = range(class_index(name) * n, (class_index(name) + 1) * n)
    wins = sum(data.wins[c] for c in row)
    ties = sum(data.ties[c] for c in row)
    showdowns = BOARDS * sum(data.pairs[c] for c in row)
    return HeadsUp(wins, ties, showdowns - wins - ties, showdowns)


def preflop_equity(hands: Sequence[HoldingLike]) -> EquityResult | None:
    """:func:`lookup.equity` of two holdings with no board, from the table; None if not that case.

    Anything the table cannot answer, invalid input included, gives None so that
    :func:`lookup.equity` handles it (and raises its usual errors).

    >>> result = preflop_equity(["AsAh", "KK"])
    >>> round(result[0].equity, 6), result.exact, result.boards == 6 * BOARDS
    (0.819461, True, True)
    >>> preflop_equity(["AsAh", "KK", "QQ"]) is None
    True
    """

    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 2:
        return None
    try:
        parsed = [parse_holding(holding, p) for p, holding in enumerate(hands, start=1)]
    except (PokerLookupError, TypeError):
        return None
    fixed = [set(c[0]) for _, c in parsed if len(c) == 1]
    if len(fixed) == 2 and fixed[0] & fixed[1]:
        return None
    blocked = set().union(*fixed)
    live = [c if len(c) == 1 else tuple(x for x in c if not blocked & set(x)) for _, c in parsed]
    if not all(live):
        return None
    wins, ties, pairs = _disjoint_pairs(live[0], live[1])
    if pairs == 0:
        return None
    n = pairs * BOARDS
    losses = n - wins - ties
    counts = Counts(
        n, wins=(wins, losses), ties=(ties, ties),
        # as the Hold'em kernel counts pots, bit for bit: a win is SHARE_UNIT, a tie half
        shares=(wins * SHARE_UNIT + ties * (SHARE_UNIT // 2),
                losses * SHARE_UNIT + ties * (SHARE_UNIT // 2)),
        squares=(wins * SHARE_UNIT**2 + ties * (SHARE_UNIT // 2) ** 2,
                 losses * SHARE_UNIT**2 + ties * (SHARE_UNIT // 2) ** 2),
    )  # fmt: skip
    return build_result(counts, [name for name, _ in parsed], [len(c) for c in live],
                        exact=True, seed=None)  # fmt: skip


def weighted_preflop(
    live: Sequence[Sequence[Combo]], names: Sequence[str], weighting: Weighting
) -> EquityResult | None:
    """Weighted heads-up preflop equity of two lists of live combos, exactly, from the table.

    Each disjoint pair of combos is one assignment of all 1,712,304 boards: its counts
    are read from the table and filed under both players' groups, so the weights, and
    ``by_combo`` and ``by_class``, come out as an enumeration would give them. None when
    no pair is disjoint (the engine says why).

    >>> from fractions import Fraction
    >>> aa, kk = [(51, 50), (49, 48)], [(47, 46)]
    >>> w = Weighting.of([[Fraction(1), Fraction(1, 2)], [Fraction(1)]], [["AsAh", "AdAc"], []])
    >>> result = weighted_preflop([aa, kk], ["AsAh, AdAc", "KsKh"], w)
    >>> first, second = heads_up("AsAh", "KsKh"), heads_up("AdAc", "KsKh")
    >>> result[0].equity_fraction == (first.exact_equity + second.exact_equity / 2) / Fraction(3, 2)
    True
    >>> flat = Weighting.of([[Fraction(1)], [Fraction(1)]], [[], []])
    >>> weighted_preflop([[(51, 50)], [(51, 47)]], ["AsAh", "AsKs"], flat) is None  # no pair
    True
    """
    import numpy as np  # weighted preflop only: a plain preflop answer needs no numpy

    from lookup.preflop.matchups import matchup_keys  # numpy, likewise

    first = np.array(live[0], dtype=np.intp).reshape(-1, 2)
    second = np.array(live[1], dtype=np.intp).reshape(-1, 2)
    i = np.repeat(np.arange(len(first)), len(second))
    j = np.tile(np.arange(len(second)), len(first))
    free = (first[i][:, :, None] != second[j][:, None, :]).all(axis=(1, 2))
    i, j = i[free], j[free]
    if len(i) == 0:
        return None
    table = matchups()
    keys = np.frombuffer(table.keys, dtype=np.uint32).astype(np.int64)
    found, swapped = matchup_keys(first[i], second[j])
    rows = np.searchsorted(keys, found)
    win_first = np.frombuffer(table.wins, dtype=np.uint32)[rows].astype(np.int64)
    ties = np.frombuffer(table.ties, dtype=np.uint32)[rows].astype(np.int64)
    wins = np.where(swapped, BOARDS - win_first - ties, win_first)
    losses = BOARDS - wins - ties
    half = SHARE_UNIT // 2
    groups = weighting.groups([i, j])
    detail = weighting.empty()
    for table_p, group, won in zip(detail, groups, (wins, losses), strict=True):
        size = table_p.shape[1]
        for row, values in enumerate((
            np.full(len(i), BOARDS, np.int64), won, ties, won * SHARE_UNIT + ties * half,
            won * SHARE_UNIT**2 + ties * half**2, won,
        )):  # fmt: skip
            # Per group these sums stay far below 2**53: float64 adds them exactly.
            table_p[row] += np.bincount(group, weights=values, minlength=size).astype(np.int64)
    counts = detail_counts(detail)
    return build_result(
        counts, list(names), [len(c) for c in live], exact=True, seed=None,
        weighting=weighting, boards=counts.deals,
    )  # fmt: skip
