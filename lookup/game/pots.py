"""Side pots and whole-chip winnings: who put in what, who may win what, the odd chip.

Pots are built from each player's total contribution to the hand. Every
distinct amount a player *at the showdown* put in closes a pot: the main pot
holds, from everyone, up to the smallest of those amounts, and each side pot
the next slice; a pot is contested by the showdown players who put in at least
its upper bound. Chips of players who folded count in every slice they reach
but make nobody eligible; folded chips above the largest showdown
contribution join the last pot.

Each pot is then split in whole chips:

* a hi/lo pot is halved; an odd chip goes to the high half. With no
  qualifying low among the pot's players, the high hand takes the whole pot;
* a half (or a whole pot) shared by tied winners gives each the same amount;
  the chips left over go one each to the tied winners in odd-chip order:
  clockwise from the button, where the seat order is the order the players
  were given and the button is the last of them (so the first player given is
  first); or, in stud games, by the highest card a tied winner holds, by rank
  and then suit (spades, hearts, diamonds, clubs), in a high pot or half, and
  by the lowest card (aces low), then suit (clubs lowest), in a low one (razz,
  the low half of stud hi/lo). All of a player's cards count.

>>> pots = side_pots({"Ann": 100, "Bob": 40, "Cy": 100, "Dee": 10}, live=("Ann", "Bob", "Cy"))
>>> [(pot.amount, pot.eligible) for pot in pots]
[(130, ('Ann', 'Bob', 'Cy')), (120, ('Ann', 'Cy'))]
>>> split_chips(7, ("Bob", "Ann"), order=("Ann", "Bob", "Cy"))
{'Bob': 3, 'Ann': 4}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from lookup.core.errors import ShowdownError

__all__ = ["Pot", "PotAward", "award_pot", "side_pots", "split_chips"]


class Comparable(Protocol):
    """A hand value: compares stronger-is-greater (a :class:`~lookup.ranking.value.HandRank`)."""

    def __lt__(self, other: Any, /) -> bool: ...


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the showdown players who may win it, in seat order."""

    amount: int
    eligible: tuple[str, ...]


def _chips(name: str, amount: object) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ShowdownError(
            f"{name!r} contributed {amount!r}: contributions are whole chips, 0 or more",
            amount,
        )
    return amount


def side_pots(contributions: Mapping[str, int], live: Sequence[str]) -> tuple[Pot, ...]:
    """The main pot and side pots, from each player's chips in; ``live`` show down, in seats.

    Every live player must have a contribution; other names in ``contributions``
    folded. Empty slices make no pot.

    >>> side_pots({"Ann": 50, "Bob": 50}, live=("Ann", "Bob"))
    (Pot(amount=100, eligible=('Ann', 'Bob')),)
    >>> side_pots({"Ann": 50}, live=("Ann", "Bob"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.ShowdownError: no contribution given for 'Bob': give one for every player ...
    """
    chips = {name: _chips(name, amount) for name, amount in contributions.items()}
    for name in live:
        if name not in chips:
            raise ShowdownError(
                f"no contribution given for {name!r}: give one for every player at the showdown",
                name,
            )
    levels = sorted({chips[name] for name in live if chips[name] > 0})
    pots: list[Pot] = []
    floor = 0
    for index, level in enumerate(levels):
        last = index == len(levels) - 1
        amount = sum(
            max(0, (amount if last and name not in live else min(amount, level)) - floor)
            for name, amount in chips.items()
        )
        eligible = tuple(name for name in live if chips[name] >= level)
        if amount:
            pots.append(Pot(amount, eligible))
        floor = level
    if not levels and any(chips.values()):
        # Nobody at the showdown put a chip in: the folded chips are one pot for all of them.
        pots.append(Pot(sum(chips.values()), tuple(live)))
    return tuple(pots)


def split_chips(amount: int, winners: Sequence[str], order: Sequence[str]) -> dict[str, int]:
    """``amount`` chips shared by ``winners``; the remainder one chip each in ``order``.

    ``order`` lists every player in odd-chip order (first gets the first odd chip).

    >>> split_chips(10, ("Ann", "Bob", "Cy"), order=("Cy", "Bob", "Ann"))
    {'Ann': 3, 'Bob': 3, 'Cy': 4}
    >>> split_chips(10, (), order=("Ann",))
    Traceback (most recent call last):
    ...
    lookup.ShowdownError: a pot of 10 chips needs a winner
    """
    if not winners:
        raise ShowdownError(f"a pot of {amount} chips needs a winner", amount)
    each, odd = divmod(amount, len(winners))
    won = dict.fromkeys(winners, each)
    for name in [name for name in order if name in won][:odd]:
        won[name] += 1
    return won


@dataclass(frozen=True)
class PotAward:
    """One pot settled: its winners of each half and the chips each player takes from it."""

    amount: int
    eligible: tuple[str, ...]
    high_winners: tuple[str, ...]
    low_winners: tuple[str, ...]
    """Empty when the game has no low half or nobody eligible has a qualifying low."""
    chips: dict[str, int]


def award_pot(
    pot: Pot,
    high: Mapping[str, Comparable],
    low: Mapping[str, Comparable | None] | None,
    order: Sequence[str],
    low_order: Sequence[str] | None = None,
) -> PotAward:
    """Settle ``pot``: best ``high`` hand(s) take it, or half of it when a ``low`` qualifies.

    ``high[name]`` and ``low[name]`` compare stronger-is-greater (low is None for
    "no low"); pass ``low=None`` for a single-ranking game. ``order`` is the
    odd-chip order of the high half (or the whole pot), ``low_order`` of the low
    half (default: ``order``).

    >>> award = award_pot(Pot(11, ("Ann", "Bob", "Cy")), {"Ann": 5, "Bob": 5, "Cy": 1},
    ...                   {"Ann": None, "Bob": None, "Cy": 3}, order=("Bob", "Ann", "Cy"))
    >>> award.high_winners, award.low_winners, award.chips
    (('Ann', 'Bob'), ('Cy',), {'Ann': 3, 'Bob': 3, 'Cy': 5})
    >>> award_pot(Pot(5, ()), {}, None, order=())
    Traceback (most recent call last):
    ...
    lookup.ShowdownError: a pot of 5 chips needs a winner
    """
    eligible = pot.eligible
    if not eligible:
        raise ShowdownError(f"a pot of {pot.amount} chips needs a winner", pot.amount)
    best = max(high[name] for name in eligible)
    high_winners = tuple(name for name in eligible if high[name] == best)
    lows = [] if low is None else [name for name in eligible if low[name] is not None]
    low_winners: tuple[str, ...] = ()
    if low is not None and lows:
        best_low = max(low[name] for name in lows)  # type: ignore[type-var]
        low_winners = tuple(name for name in lows if low[name] == best_low)
    chips = dict.fromkeys(eligible, 0)
    if low_winners:
        low_half = pot.amount // 2  # the odd chip stays with the high half
        for name, won in split_chips(pot.amount - low_half, high_winners, order).items():
            chips[name] += won
        for name, won in split_chips(low_half, low_winners, low_order or order).items():
            chips[name] += won
    else:
        chips.update(split_chips(pot.amount, high_winners, order))
    return PotAward(pot.amount, eligible, high_winners, low_winners, chips)
