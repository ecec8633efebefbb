"""How a player's holding is read, in every game: cards, or a range.

One rule, followed by both equity engines (:mod:`lookup.odds.holdem` and
:mod:`lookup.odds.generic`):

* text that reads as exactly the game's number of hole cards, each a single
  card, is that holding: ``"As Ah"``, ``"As,Ah"`` and ``"AsAh"`` in Hold'em,
  ``"As Ah Kd Kc"`` in Omaha;
* any other text is read as a range in the game's notation (``"QQ+, AKs"``,
  ``"AAxx"``), or, in a game without one, as the cards dealt so far;
* a :class:`~lookup.ranges.range.Range` is a range;
* anything else that is not text (a list of card strings, :class:`~lookup.core.cards.Card`
  objects or card indices, a numpy array of indices) is cards, as
  :func:`lookup.evaluate` reads them.

>>> holding_cards("As Ah", 2), holding_cards("As,Ah", 2) == holding_cards("AsAh", 2)
((Card('As'), Card('Ah')), True)
>>> holding_cards("As Ah Kd Kc", 4)
(Card('As'), Card('Ah'), Card('Kd'), Card('Kc'))
>>> holding_cards("QQ+, AKs", 2) is None, holding_cards("As Ah Kd Kc", 2) is None
(True, True)
>>> holding_cards([51, 50], 2)
(Card('As'), Card('Ah'))
>>> holding_cards("As As", 2)
Traceback (most recent call last):
...
lookup.DuplicateCardError: card 'As' appears more than once
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from lookup.core.cards import Card, parse_cards, quick_cards
from lookup.core.errors import CardError, DuplicateCardError

__all__ = ["RangeValue", "WeightCodes", "holding_cards", "whole_numbers"]


class WeightCodes(NamedTuple):
    """A range's weights as the equity engines read them: its distinct weights, ascending,
    and each combo's index among them, in the range's combo order (a range repeats a few
    weights, so no Fraction need be touched per combo).

    >>> WeightCodes((Fraction(1, 2), Fraction(1)), [1, 0, 1]).values[1]
    Fraction(1, 1)
    """

    values: tuple[Fraction, ...]
    codes: Sequence[int]


def whole_numbers(distinct: Sequence[Fraction]) -> tuple[int, ...]:
    """Weights times the least common multiple of their denominators: whole numbers in
    the same proportions, which exact weighted sums add up without Fraction arithmetic.

    >>> whole_numbers([Fraction(1, 4), Fraction(1, 2), Fraction(1)])
    (1, 2, 4)
    >>> whole_numbers([Fraction(3, 4)])  # one weight: its numerator
    (3,)
    """
    if len(distinct) == 1:
        return (distinct[0].numerator,)
    ratios = [v.as_integer_ratio() for v in distinct]  # one call a weight, not three
    scale = math.lcm(*[d for _, d in ratios])
    return tuple([n * (scale // d) for n, d in ratios])


class RangeValue:
    """The base of :class:`lookup.ranges.range.Range`: a range already read, as combos.

    It lets the readers below that module (:func:`lookup.ranges.holdem.parse_holding`,
    the engines) take a Range without importing it (that module imports them).
    """

    __slots__ = ()

    @property
    def combos(self) -> tuple[tuple[int, ...], ...]:
        """The range's combos, in its order."""
        raise NotImplementedError

    @property
    def weights(self) -> Mapping[tuple[int, ...], Fraction]:
        """Each combo's weight, in the range's order."""
        raise NotImplementedError

    @property
    def flat(self) -> bool:
        """True when every weight is 1."""
        raise NotImplementedError

    def weight_codes(self) -> WeightCodes:
        """The weights as :class:`WeightCodes`, parallel to :attr:`combos`."""
        raise NotImplementedError

    def whole_weights(self) -> tuple[int, ...]:
        """:func:`whole_numbers` of :meth:`weight_codes`' values."""
        raise NotImplementedError

    def combos_in(self, game: str, who: str = "") -> tuple[tuple[int, ...], ...]:
        """The combos, refused unless the range is ``game``'s and not empty."""
        raise NotImplementedError

    def flat_combos(self, game: str, who: str = "") -> tuple[tuple[int, ...], ...]:
        """The combos, refused unless the range is ``game``'s, not empty, every weight 1."""
        raise NotImplementedError


def holding_cards(holding: object, hole_cards: int) -> tuple[Card, ...] | None:
    """The cards of ``holding`` when the rule above reads it as cards, else None (a range).

    Text of ``hole_cards`` cards that repeats a card raises
    :class:`~lookup.core.errors.DuplicateCardError`; a holding that is neither
    text nor an iterable gives None (the engine says what it accepts). Cards
    that are not text are returned whatever their number: the engine checks it.
    """
    if isinstance(holding, RangeValue):  # a range, read already
        return None
    if isinstance(holding, str):
        if len(holding) == 4 and holding.isalnum():
            # "AsAh", the commonest spelling of a hand: two cards run together. With no
            # white space, comma or symbol in it, parse_cards would read exactly its two
            # halves, so two lookups answer; anything else goes the long way below.
            pair = quick_cards(f"{holding[:2]} {holding[2:]}")
            if pair is not None and pair[0] != pair[1]:
                return pair if hole_cards == 2 else None
        try:
            cards = parse_cards(holding)
        except DuplicateCardError:
            # Several explicit combos may share a card ("AsKd, AsQd" is a range): only
            # text of exactly one holding's worth of cards is that holding repeated.
            if _card_count(holding) == hole_cards:
                raise
            return None
        except CardError:
            return None
        return cards if len(cards) == hole_cards else None
    if isinstance(holding, Iterable):
        return parse_cards(holding)  # parse_cards names a bad item
    return None


def _card_count(text: str) -> int | None:
    """How many cards ``text`` spells, repeats included; None if a run repeats a card itself."""
    try:
        return sum(len(parse_cards(run)) for run in text.replace(",", " ").split())
    except CardError:
        return None
