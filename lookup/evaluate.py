"""Checked evaluation: any accepted card form in, a :class:`~lookup.rank.HandRank` out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from lookup.cards import Card, CardsLike, Kev, parse_cards
from lookup.errors import DuplicateCardError, HandSizeError
from lookup.rank import HandRank

__all__ = ["evaluate", "hand_cards"]


@cache
def _fast_path() -> tuple[tuple[HandRank, ...], Callable[[Sequence[Kev]], int]]:
    # Imported on the first evaluation, which is what loads the tables. Cached,
    # because an import statement inside evaluate() cost ~0.6 us on every call.
    from lookup.fast import HAND_RANKS, evaluate_any

    return HAND_RANKS, evaluate_any


def hand_cards(cards: CardsLike, board: CardsLike | None = None) -> tuple[Card, ...]:
    """Parse a hand (and an optional shared board) into distinct cards, hand first.

    >>> hand_cards("As Ad", "2c 7d 9h")
    (Card('As'), Card('Ad'), Card('2c'), Card('7d'), Card('9h'))
    >>> hand_cards((Card.from_index(51),) * 2)
    Traceback (most recent call last):
    ...
    lookup.errors.DuplicateCardError: card 'As' appears more than once
    >>> hand_cards("As Ad", "As 7d 9h")
    Traceback (most recent call last):
    ...
    lookup.errors.DuplicateCardError: card 'As' is both in the hand and on the board
    """
    # Already-parsed distinct cards skip parsing; anything else (duplicates included)
    # goes through parse_cards, which raises the right error.
    hand = cards if type(cards) is tuple and all(type(c) is Card for c in cards) else None
    distinct = hand is not None and len(set(hand)) == len(hand)
    parsed = hand if hand is not None and distinct else parse_cards(cards)
    if board is None:
        return parsed
    shared = parse_cards(board)
    clash = set(parsed).intersection(shared)
    if clash:
        card = min(clash, key=parsed.index)
        raise DuplicateCardError(f"card '{card}' is both in the hand and on the board", str(card))
    return parsed + shared


def evaluate(cards: CardsLike, board: CardsLike | None = None) -> HandRank:
    """The value of the best five-card hand among ``cards`` (plus ``board``, if given).

    Five, six or seven cards cost one O(1) table lookup after parsing; more cards
    (up to a whole deck) take the best of all C(n, 5) five-card lookups, e.g. 1,287
    for thirteen cards. ``board`` is for Hold'em-style calls: ``evaluate(hole, board)``.

    >>> evaluate("As Ks Qs Js Ts")
    HandRank(1, 'Royal Flush')
    >>> evaluate("Ah Kd", "Ac Ad 7s 7c 2h") > evaluate("Kh Kc", "Ac Ad 7s 7c 2h")
    True
    >>> evaluate("7h 5d 4c 3s 2h").kev
    7462
    >>> evaluate("As Ks Qs Js")
    Traceback (most recent call last):
    ...
    lookup.errors.HandSizeError: a hand needs at least 5 cards, got 4
    """
    hand = hand_cards(cards, board)
    if len(hand) < 5:
        raise HandSizeError(f"a hand needs at least 5 cards, got {len(hand)}")
    hand_ranks, evaluate_any = _fast_path()
    return hand_ranks[evaluate_any(hand)]
