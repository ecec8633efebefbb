"""Exact counts of small spots in plain Python: fixed hands, at most two board cards to come.

When every player holds known cards and the board lacks one or two cards, an
exact answer covers at most C(47, 2) = 1,081 boards, too few to repay the
vectorised engines' set-up. :func:`fixed_counts` counts them with the seven-card
kernel directly, looking each *kind* of board up once:

a dealt card of a suit in which no player's known cards hold ``5 - k`` or more
(``k`` cards to come) can make no flush for anyone, so it counts by its rank
alone; a card of any other suit counts as itself. Boards whose dealt cards are
of the same kinds are alike for every player: on the turn there are about 13 to
26 kinds of river instead of 44 cards, and each kind is looked up once per player.
This holds for every ranking in which a hand's value follows from its ranks and
its flush (standard and short deck), not for wild cards.

Both equity engines use it (the Hold'em engine on the turn and river; the generic
engine in short deck); their answers are the same to the last unit as those of
their general paths (``tests/test_equity_fixed.py`` compares both, and a plain
brute force, on seeded random spots).

>>> from lookup.ranking.ranking import get_ranking
>>> seven = get_ranking("standard").kernel(7)
>>> board, holes = [0, 21, 30, 11], [(51, 50), (47, 46)]  # 2c 7d 9h 4s; AsAh, KsKh
>>> free = [c for c in range(52) if c not in {*board, 51, 50, 47, 46}]
>>> counts = fixed_counts(holes, board, free, seven)
>>> counts.deals, counts.wins, counts.ties
(44, [42, 2], [0, 0])
>>> fixed_counts(holes, board, [51, *free], seven)  # the ace of spades is held
Traceback (most recent call last):
...
lookup.PokerLookupError: fixed_counts deals one or two cards to a board of three to five, \
from free cards that no hand or board holds
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import chain
from typing import Final

from lookup.core.cards import DECK
from lookup.core.errors import PokerLookupError
from lookup.odds.results import SHARE_UNIT, Counts

__all__ = ["fixed_counts"]

_SHARES: Final = tuple(SHARE_UNIT // k if k else 0 for k in range(11))
"""A winner's pot share when ``k`` players tie for best (the engines' tallies count so)."""


def fixed_counts(
    holes: Sequence[tuple[int, int]],
    board: Sequence[int],
    free: Sequence[int],
    seven: Callable[..., int],
    rivers: Callable[..., Callable[[int], int]] | None = None,
    *,
    checked: bool = True,
) -> Counts:
    """Exact counts of two-card ``holes`` over every completion of ``board`` from ``free``.

    Card indices are 0-51 (``4 * rank + suit``); ``free`` holds the cards that can
    still come (the deck without the board, the hands and the dead cards) and
    ``board`` three to five cards (with five, the one showdown is counted).
    ``seven`` is a ranking's seven-card kernel (``Ranking.kernel(7)``); ``rivers``,
    when the ranking has it, the same with six cards fixed
    (``Ranking.kernels.rivers7``), which the turn's rivers are counted with. Returns
    the :class:`~lookup.odds.results.Counts` the engines' tallies give.
    ``checked=False`` skips checking that no card is held twice, for a caller that has
    (a small spot's check costs about 3% of its answer).
    """
    to_come = 5 - len(board)
    if not 0 <= to_come <= 2 or (checked and _held_twice(holes, board, free)):
        raise PokerLookupError(
            "fixed_counts deals one or two cards to a board of three to five, "
            "from free cards that no hand or board holds"
        )
    hands = [(DECK[a], DECK[b]) for a, b in holes]
    shown = [DECK[c] for c in board]
    if to_come == 0:
        return _tally(len(holes), [(1, [seven(a, b, *shown) for a, b in hands])])
    kinds = _kinds(holes, board, free, to_come)
    if rivers is None:  # a ranking without it: the seven-card kernel, given six cards each time
        rivers = partial(partial, seven)
    if to_come == 1:
        b1, b2, b3, b4 = shown
        withs = [rivers(a, b, b1, b2, b3, b4) for a, b in hands]
        if len(withs) == 2:  # heads-up, the commonest: map and zip pair the classes in C
            mine, theirs = withs
            dealt = [DECK[cards[0]] for cards in kinds]
            classes = zip(map(mine, dealt), map(theirs, dealt), strict=True)
            return _tally(2, zip(map(len, kinds), classes, strict=True))
        return _tally(
            len(holes),
            [
                (len(cards), [with_river(river) for with_river in withs])
                for cards in kinds
                for river in (DECK[cards[0]],)
            ],
        )
    b1, b2, b3 = shown
    groups = []
    for i, turns in enumerate(kinds):
        n = len(turns)
        x = DECK[turns[0]]
        withs = [rivers(a, b, b1, b2, b3, x) for a, b in hands]  # six cards summed once
        if n > 1:  # two cards of one kind
            y = DECK[turns[1]]
            groups.append((n * (n - 1) // 2, [with_river(y) for with_river in withs]))
        for later in kinds[i + 1 :]:
            y = DECK[later[0]]
            groups.append((n * len(later), [with_river(y) for with_river in withs]))
    return _tally(len(holes), groups)


def _held_twice(
    holes: Sequence[tuple[int, int]], board: Sequence[int], free: Sequence[int]
) -> bool:
    """Whether a card is in two places: two hands, a hand and the board, or held and free."""
    held = {*board, *chain.from_iterable(holes)}
    return (
        len(held) != len(board) + 2 * len(holes)
        or not held.isdisjoint(free)
        or len(set(free)) != len(free)
    )


def _kinds(
    holes: Sequence[tuple[int, int]], board: Sequence[int], free: Sequence[int], to_come: int
) -> list[list[int]]:
    """The free cards in kinds that look alike to every player (see the module doc)."""
    on_board = [0, 0, 0, 0]
    for card in board:
        on_board[card & 3] += 1
    # A suit matters when some player's known cards hold 5 - to_come of it: the cards
    # to come can then complete (or improve) a flush in it.
    least = 5 - to_come
    suited = {
        suit
        for suit in range(4)
        if on_board[suit] + 2 >= least
        and any(on_board[suit] + (a & 3 == suit) + (b & 3 == suit) >= least for a, b in holes)
    }
    by_rank: list[list[int]] = [[] for _ in range(13)]
    kinds = []  # a card whose suit matters is a kind of its own
    if suited:
        for card in free:
            if card & 3 in suited:
                kinds.append([card])
            else:
                by_rank[card >> 2].append(card)
    else:
        for card in free:
            by_rank[card >> 2].append(card)
    kinds += [cards for cards in by_rank if cards]
    return kinds


def _tally(players: int, groups: Iterable[tuple[int, Sequence[int]]]) -> Counts:
    """Counts over ``(boards, each player's class)`` groups, each weighing its board count.

    Lower classes are stronger; a k-way tie for best gives each of the k a
    ``SHARE_UNIT // k`` share, as the engines count.
    """
    if players == 2:  # the common case, in one pass without lists
        first = second = tied = 0
        for weight, (a, b) in groups:
            if a < b:
                first += weight
            elif b < a:
                second += weight
            else:
                tied += weight
        return _heads_up(first, second, tied)
    wins, ties = [0] * players, [0] * players
    shares, squares = [0] * players, [0] * players
    deals = 0
    whole, whole_squared = SHARE_UNIT, SHARE_UNIT**2
    for weight, classes in groups:
        deals += weight
        best = min(classes)
        k = classes.count(best)
        if k == 1:  # one winner, the common case: found without a loop in Python
            p = classes.index(best)
            wins[p] += weight
            shares[p] += weight * whole
            squares[p] += weight * whole_squared
            continue
        share = _SHARES[k]
        for p, c in enumerate(classes):
            if c == best:
                ties[p] += weight
                shares[p] += weight * share
                squares[p] += weight * share * share
    return Counts(deals, wins, ties, shares, squares)


def _heads_up(first: int, second: int, tied: int) -> Counts:
    """Counts of two players from the boards each wins and the boards they split."""
    half = _SHARES[2]
    return Counts(
        first + second + tied,
        [first, second],
        [tied, tied],
        [first * SHARE_UNIT + tied * half, second * SHARE_UNIT + tied * half],
        [first * SHARE_UNIT**2 + tied * half**2, second * SHARE_UNIT**2 + tied * half**2],
    )
