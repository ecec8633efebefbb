"""Every one of the 2,598,960 five-card hands, against two independent references.

One pass deals every hand and records, for each, three answers: the runtime's
class number (``lookup.ranking.fast.evaluate5``), the frequency-sort reference verdict
(``tablegen.reference``) and the match-pattern verdict (``tablegen.matchpattern``).
The pass keeps only how often each distinct (verdict, pattern verdict, class)
triple occurred, which is enough to prove a statement about every hand: if each
triple's class equals the number the reference gives its verdict, then so does
the class of every hand that produced it.

Each classifier's verdicts are numbered on their own (distinct verdicts,
strongest first, from 1), so the runtime's numbering is checked against the
references, never the other way round. Expected counts and boundaries are the
published figures (see shared/DESIGN.md), not output of the code under test.

The pass is the biggest test in the suite; it runs on every core through a
forked process pool (about 12 s on two otherwise idle cores).
"""

from __future__ import annotations

import gc
import math
import multiprocessing
import os
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, starmap
from typing import TypeVar

import pytest

import lookup
from lookup.core.cards import DECK
from lookup.ranking.fast import evaluate5
from lookup.ranking.value import CLASS_COUNT as STANDARD_CLASS_COUNT
from lookup.ranking.value import Category, HandRank
from tablegen.matchpattern import MatchCategory, classify_by_pattern
from tablegen.reference import PlainCard, Verdict, classify
from tests import published
from tests.reference_classes import verdict_numbers

HANDS = math.comb(52, 5)

CATEGORY_COUNTS = published.FIVE_CARD_COUNTS
ROYAL_FLUSHES = published.FIVE_CARD_ROYAL_FLUSHES
CLASS_COUNT = published.DISTINCT_CLASSES[5]
BOUNDARIES = published.LAST_CLASS_OF_CATEGORY
CLASSES_PER_CATEGORY = published.CLASSES_PER_CATEGORY

PatternVerdict = tuple[MatchCategory, tuple[int, ...]]
Triple = tuple[Verdict, PatternVerdict, int]
Numbered = TypeVar("Numbered", Verdict, PatternVerdict)

# (rank, suit) of each card by its position in DECK: index = 4 * rank + suit.
PLAIN_DECK: tuple[PlainCard, ...] = tuple(divmod(i, 4) for i in range(52))


def _triples_with_first_card(first: int) -> Counter[Triple]:
    """Count the answer triples of every hand whose lowest-index card is ``DECK[first]``."""
    card, plain_card = DECK[first], PLAIN_DECK[first]
    plain_hands = [(plain_card, *rest) for rest in combinations(PLAIN_DECK[first + 1 :], 4)]
    kev_hands = [(card, *rest) for rest in combinations(DECK[first + 1 :], 4)]
    # Hundreds of thousands of small tuples, none cyclic: the cycle collector only costs time.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return Counter(
            zip(
                map(classify, plain_hands),
                map(classify_by_pattern, plain_hands),
                starmap(evaluate5, kev_hands),
                strict=True,
            )
        )
    finally:
        if collecting:
            gc.enable()


def _executor() -> Executor | None:
    workers = min(os.cpu_count() or 1, 8)
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    try:
        # fork: the workers inherit the loaded tables and this module as they are.
        return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
    except (OSError, NotImplementedError):  # no process semaphores (some sandboxes): run here
        return None


def _all_triples() -> Iterator[Counter[Triple]]:
    firsts = range(52 - 4)  # largest share first, so the workers finish together
    executor = _executor()
    if executor is None:
        yield from map(_triples_with_first_card, firsts)
        return
    with executor:
        yield from executor.map(_triples_with_first_card, firsts)


def pattern_as_standard(verdict: PatternVerdict) -> PatternVerdict:
    """The match-pattern verdict with its royal flush filed as the best straight flush.

    The key of a royal flush (A-K-Q-J-T) already outranks every other straight
    flush's key, so this keeps the order and only merges the category name.
    """
    category, key = verdict
    if category is MatchCategory.ROYAL_FLUSH:
        return MatchCategory.STRAIGHT_FLUSH, key
    return verdict


def number_strongest_first(verdicts: Iterable[Numbered]) -> dict[Numbered, int]:
    """Distinct verdicts, strongest first, numbered from 1: the Cactus-Kev way of counting."""
    ordered = sorted(set(verdicts), reverse=True)
    return {verdict: number for number, verdict in enumerate(ordered, 1)}


@dataclass(frozen=True)
class Census:
    """How often each (reference verdict, pattern verdict, runtime class) triple occurred."""

    triples: Counter[Triple]

    @property
    def hands(self) -> int:
        return sum(self.triples.values())

    @cached_property
    def reference_numbers(self) -> dict[Verdict, int]:
        """The frequency-sort reference's own numbering of its verdicts."""
        return number_strongest_first(verdict for verdict, _, _ in self.triples)

    @cached_property
    def pattern_numbers(self) -> dict[PatternVerdict, int]:
        """The match-pattern classifier's own numbering (royal flush as a straight flush)."""
        return number_strongest_first(pattern_as_standard(p) for _, p, _ in self.triples)


@pytest.fixture(scope="module")
def census() -> Census:
    triples: Counter[Triple] = Counter()
    for part in _all_triples():
        triples.update(part)
    return Census(triples)


def test_every_hand_is_dealt_exactly_once(census: Census) -> None:
    assert census.hands == HANDS == 2_598_960


def test_runtime_class_is_the_reference_class_of_every_hand(census: Census) -> None:
    numbers = census.reference_numbers
    wrong = [
        (verdict, runtime, numbers[verdict])
        for verdict, _, runtime in census.triples
        if numbers[verdict] != runtime
    ]
    assert wrong == []


def test_match_pattern_classifier_orders_every_hand_the_same(census: Census) -> None:
    numbers = census.pattern_numbers
    wrong = [
        (pattern, runtime)
        for _, pattern, runtime in census.triples
        if numbers[pattern_as_standard(pattern)] != runtime
    ]
    assert wrong == []


def test_reference_classifiers_agree_on_every_hand(census: Census) -> None:
    # Same category name, and the same numbering of each hand (independently of the runtime).
    reference, pattern = census.reference_numbers, census.pattern_numbers
    disagreements = [
        (verdict, p)
        for verdict, p, _ in census.triples
        if reference[verdict] != pattern[pattern_as_standard(p)]
        or verdict.category.name != pattern_as_standard(p)[0].name
    ]
    assert disagreements == []


def test_category_counts(census: Census) -> None:
    by_reference: Counter[Category] = Counter()
    by_pattern: Counter[str] = Counter()
    by_runtime: Counter[Category] = Counter()
    for (verdict, pattern, runtime), hands in census.triples.items():
        by_reference[verdict.category] += hands
        by_pattern[pattern_as_standard(pattern)[0].name] += hands
        by_runtime[HandRank.from_kev(runtime).category] += hands
    assert dict(by_reference) == CATEGORY_COUNTS
    assert by_pattern == {category.name: n for category, n in CATEGORY_COUNTS.items()}
    assert dict(by_runtime) == CATEGORY_COUNTS
    assert sum(CATEGORY_COUNTS.values()) == HANDS


def test_royal_flushes(census: Census) -> None:
    royal_by_pattern = sum(
        hands
        for (_, (category, _), _), hands in census.triples.items()
        if category is MatchCategory.ROYAL_FLUSH
    )
    royal_by_runtime = sum(
        hands for (_, _, runtime), hands in census.triples.items() if runtime == 1
    )
    assert royal_by_pattern == royal_by_runtime == ROYAL_FLUSHES
    assert HandRank.from_kev(1).is_royal_flush
    assert str(HandRank.from_kev(1)) == "Royal Flush"


def test_7462_distinct_classes(census: Census) -> None:
    assert len({verdict for verdict, _, _ in census.triples}) == CLASS_COUNT
    assert len({pattern_as_standard(p) for _, p, _ in census.triples}) == CLASS_COUNT
    assert {runtime for _, _, runtime in census.triples} == set(range(1, CLASS_COUNT + 1))
    assert STANDARD_CLASS_COUNT == CLASS_COUNT


def test_category_boundaries_and_sizes(census: Census) -> None:
    classes = sorted({runtime for _, _, runtime in census.triples})
    category_of = {number: HandRank.from_kev(number).category for number in classes}
    last = {
        category: max(n for n in classes if category_of[n] == category)
        for category in set(category_of.values())
    }
    assert last == BOUNDARIES
    sizes = Counter(category_of.values())
    assert dict(sizes) == CLASSES_PER_CATEGORY
    # Categories occupy contiguous runs, strongest first: class order never goes back up.
    strengths = [category_of[n] for n in classes]
    assert strengths == sorted(strengths, reverse=True)


def test_representative_numbering_matches_the_census(census: Census) -> None:
    # reference_classes numbers one hand per rank multiset; the census saw every deal.
    assert census.reference_numbers == verdict_numbers()


def test_checked_evaluate_on_a_sample(census: Census) -> None:
    # lookup.evaluate parses and validates; check it on a seeded sample in every input form.
    rng = random.Random(20240502)
    for _ in range(3_000):
        indices = rng.sample(range(52), 5)
        cards = [DECK[i] for i in indices]
        expected = census.reference_numbers[classify([PLAIN_DECK[i] for i in indices])]
        assert lookup.evaluate(tuple(cards)).kev == expected
        assert lookup.evaluate(" ".join(map(str, cards))).kev == expected
        assert lookup.evaluate(indices).kev == expected
        assert lookup.evaluate([str(c) for c in cards[:2]], board=cards[2:]).kev == expected
