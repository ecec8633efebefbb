"""Shared fixtures: the reference side of the tests, built from ``tablegen`` alone.

The runtime's class numbers come from the tables; the fixtures here derive class
numbers independently, from the frequency-sort reference classifier, so a test
can compare the two without trusting anything the runtime computed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations, combinations_with_replacement

import pytest

from lookup.cards import DECK, Card
from tablegen.reference import PlainCard, Verdict, classify

ReferenceClass = Callable[[Iterable[Card]], int]


# Rank and suit from the card's position in DECK (index = 4 * rank + suit), not from
# its Cactus-Kev bits, so a wrong encoding in lookup.cards cannot hide here.
_PLAIN: dict[int, PlainCard] = {int(card): divmod(i, 4) for i, card in enumerate(DECK)}


def plain_cards(cards: Iterable[Card]) -> tuple[PlainCard, ...]:
    """Cards as the reference classifiers take them: ``(rank, suit)`` pairs."""
    return tuple(_PLAIN[card] for card in cards)


def _representatives() -> Iterable[tuple[PlainCard, ...]]:
    """One hand for every (rank multiset, flushness) a five-card deal can have."""
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        seen: dict[int, int] = {}
        suits = []
        for r in ranks:  # the n-th card of a rank takes suit n: never a flush when paired
            suits.append(seen.get(r, 0))
            seen[r] = seen.get(r, 0) + 1
        if len(set(ranks)) == 5:
            yield tuple(zip(ranks, (0, 0, 0, 0, 0), strict=True))  # flush
            yield tuple(zip(ranks, (1, 0, 0, 0, 0), strict=True))  # not a flush
        else:
            yield tuple(zip(ranks, suits, strict=True))


@pytest.fixture(scope="session")
def reference_numbers() -> dict[Verdict, int]:
    """Reference verdict -> class number: distinct verdicts, strongest first, from 1.

    Only 7,462 hands need classifying (one per rank multiset and flushness), so
    this costs a few tens of milliseconds; the exhaustive test proves separately
    that every real deal of those ranks gets the same verdict.
    """
    verdicts = sorted({classify(hand) for hand in _representatives()}, reverse=True)
    return {verdict: number for number, verdict in enumerate(verdicts, 1)}


@pytest.fixture(scope="session")
def reference_class(reference_numbers: dict[Verdict, int]) -> ReferenceClass:
    """A function: any five or more cards -> class number of the best five, per the reference."""

    def best_class(cards: Iterable[Card]) -> int:
        hand = plain_cards(cards)
        return reference_numbers[max(classify(five) for five in combinations(hand, 5))]

    return best_class


@pytest.fixture(scope="session")
def plain() -> Callable[[Iterable[Card]], tuple[PlainCard, ...]]:
    """The function that turns cards into the reference's ``(rank, suit)`` pairs."""
    return plain_cards
