"""Simple Omaha range notation: ``"AAxx"``, ``"AKQJ ds"``, ``"KKxx ss, QQJJ"``, as card combos.

A token names one rank per hole card (4 in Omaha, 5 or 6 in the bigger games):
``A K Q J T 9 ... 2`` (either case), or ``x`` for any card. A hand matches when
it holds the named ranks, each as often as named; the ``x`` cards are any other
cards, so ``AAxx`` holds two aces or more. An optional suit qualifier follows
the ranks, with or without a space:

* ``ds`` (double-suited): two suits hold two or more of the cards each;
* ``ss`` (single-suited): exactly one suit holds two or more of the cards;
* ``rb`` (rainbow): no two cards share a suit.

A token may also be one holding's cards, ``AsAhKdKc`` (as ``AsKd`` is in Hold'em).
Tokens are separated by commas; the range is their union. A token may expand
to at most 400,000 candidate holdings before the suit qualifier (``AAxxx`` in
five-card Omaha is 108,336; ``Axxxx`` is refused: say ``random`` for any hand). Combos come back as
sorted tuples of card indices (``4 * rank + suit``), in a fixed order.

>>> len(parse_omaha_range("AAxx"))  # two aces or more: 6,768 + 192 + 1
6961
>>> len(parse_omaha_range("AKQJ ds")), len(parse_omaha_range("AKQJ rb"))
(36, 24)
>>> parse_omaha_range("QQJJ ds, AsAhKdKc")[-1]  # Kc Kd Ah As
(44, 45, 50, 51)
>>> parse_omaha_range("AKQ")
Traceback (most recent call last):
...
lookup.RangeError: Omaha range token 'AKQ' names 3 cards: a hand here has 4 ranks or x
"""

from __future__ import annotations

import math
from _thread import allocate_lock
from collections import OrderedDict
from itertools import combinations, product
from typing import Final

from lookup.core.cards import parse_cards
from lookup.core.errors import CardError, DuplicateCardError, RangeError

__all__ = ["OmahaCombo", "parse_omaha_range"]

OmahaCombo = tuple[int, ...]
"""A holding as sorted card indices."""

_RANKS: Final = "23456789TJQKA"
_SUITED: Final = ("ds", "ss", "rb")
_MOST_LISTED: Final = 400_000  # candidate holdings one token may expand to


def parse_omaha_range(text: str, hole_cards: int = 4) -> tuple[OmahaCombo, ...]:
    """Every holding of ``hole_cards`` cards the range names, each once.

    >>> kings_queens = parse_omaha_range("KKQQ ds")
    >>> len(kings_queens), kings_queens[0]  # Kc Kd Qc Qd
    (6, (40, 41, 44, 45))
    >>> parse_omaha_range("xxxxxx", 6)
    Traceback (most recent call last):
    ...
    lookup.RangeError: Omaha range token 'xxxxxx' names too many holdings to list ...
    >>> parse_omaha_range("AAxx zz")
    Traceback (most recent call last):
    ...
    lookup.RangeError: Omaha range token 'AAxx zz': the suit qualifier is ds, ss ...
    """
    if not isinstance(text, str) or not text.strip():
        raise RangeError(f"an Omaha range is text such as 'AAxx, KKQQ ds', got {text!r}", text)
    found: set[OmahaCombo] = set()
    # Each distinct token once: a long argument repeating a token costs one reading.
    for token in dict.fromkeys(token.strip() for token in text.split(",")):
        found.update(_token_combos(token, hole_cards))
    return tuple(sorted(found))


def _token_combos(token: str, hole_cards: int) -> tuple[OmahaCombo, ...]:
    explicit = _explicit(token, hole_cards)
    if explicit is not None:
        return (explicit,)
    compact = token.replace(" ", "")
    qualifier = None
    if compact[-2:].lower() in _SUITED and len(compact) == hole_cards + 2:
        qualifier = compact[-2:].lower()
        compact = compact[:-2]
    elif " " in token:
        raise RangeError(
            f"Omaha range token {token!r}: the suit qualifier is ds, ss or rb, "
            f"got {token.split()[-1]!r}",
            token,
        )
    ranks = compact.upper()
    if ranks.endswith("%"):  # as lookup.Range says it: percentages are Hold'em's order
        raise RangeError(
            f"Omaha range token {token!r}: a percentage takes the strongest hands in Hold'em's "
            "preflop order, and Omaha has no such order: name the hands",
            token,
        )
    if not ranks or any(r not in _RANKS + "X" for r in ranks):
        raise RangeError(
            f"Omaha range token {token!r}: ranks are A K Q J T 9-2 or x (any card)", token
        )
    if len(ranks) != hole_cards:
        raise RangeError(
            f"Omaha range token {token!r} names {len(ranks)} cards: a hand here has "
            f"{hole_cards} ranks or x",
            token,
        )
    named = tuple(sorted(_RANKS.index(r) for r in ranks if r != "X"))
    for rank in set(named):
        if named.count(rank) > 4:
            raise RangeError(f"Omaha range token {token!r} names a rank five times", token)
    free = hole_cards - len(named)
    ways = math.prod(math.comb(4, named.count(r)) for r in set(named))
    if ways * math.comb(52 - len(named), free) > _MOST_LISTED:
        raise RangeError(
            f"Omaha range token {token!r} names too many holdings to list (more than "
            f"{_MOST_LISTED:,}): name more ranks, or use 'random' for any hand",
            token,
        )
    combos = _named_combos(named, hole_cards)
    if qualifier is not None:
        combos = tuple(c for c in combos if _suit_shape(c, qualifier))
    return combos


def _explicit(token: str, hole_cards: int) -> OmahaCombo | None:
    """A token that is exactly one holding's cards (``AsAhKdKc``), as ``AsKd`` is in
    Hold'em: that holding; None for rank notation."""
    try:
        cards = parse_cards(token)
    except DuplicateCardError as exc:
        raise RangeError(f"Omaha range token {token!r}: {exc}", token) from None
    except CardError:
        return None
    if len(cards) != hole_cards:
        return None
    combo = tuple(sorted(card.index for card in cards))
    if combo[-1] >= 52:
        raise RangeError(f"Omaha range token {token!r} holds a joker: Omaha decks have none", token)
    return combo


_KEPT_HOLDINGS: Final = 500_000
"""Holdings :func:`_named_combos` keeps across calls, all tokens together (about 50 MB).

Unbounded, 120 distinct six-card tokens once took 2.7 GB; the oldest go first."""
_kept: OrderedDict[tuple[tuple[int, ...], int], tuple[OmahaCombo, ...]] = OrderedDict()
_kept_lock: Final = allocate_lock()  # _thread: threading costs a millisecond to import


def _named_combos(named: tuple[int, ...], hole_cards: int) -> tuple[OmahaCombo, ...]:
    """:func:`_expand`, the most recent expansions kept (at most ``_KEPT_HOLDINGS`` holdings)."""
    key = (named, hole_cards)
    with _kept_lock:
        combos = _kept.get(key)
        if combos is not None:
            _kept.move_to_end(key)
            return combos
    combos = _expand(named, hole_cards)
    if len(combos) <= _KEPT_HOLDINGS:
        with _kept_lock:
            _kept[key] = combos
            while sum(map(len, _kept.values())) > _KEPT_HOLDINGS:
                _kept.popitem(last=False)
    return combos


def _expand(named: tuple[int, ...], hole_cards: int) -> tuple[OmahaCombo, ...]:
    """Holdings with the ``named`` ranks (with multiplicity), the rest any cards."""
    choices = []
    for rank in sorted(set(named)):
        count = named.count(rank)
        choices.append(
            [tuple(4 * rank + s for s in suits) for suits in combinations(range(4), count)]
        )
    found: set[OmahaCombo] = set()
    free = hole_cards - len(named)
    for picked in product(*choices):
        cards = [c for group in picked for c in group]
        rest = [c for c in range(52) if c not in cards]
        for extra in combinations(rest, free):
            found.add(tuple(sorted((*cards, *extra))))
    return tuple(sorted(found))


def _suit_shape(combo: OmahaCombo, qualifier: str) -> bool:
    counts = [sum(1 for c in combo if c % 4 == suit) for suit in range(4)]
    paired = sum(1 for n in counts if n >= 2)
    if qualifier == "ds":
        return paired >= 2
    if qualifier == "ss":
        return paired == 1
    return paired == 0
