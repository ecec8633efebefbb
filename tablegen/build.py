"""From reference verdicts to table files.

1. Deal every five-card hand from the rule set's deck and classify it with the
   reference; hands with the same ranks and the same flushness must agree.
2. Order the distinct verdicts strongest first: the position (from 1) is the
   class number. Under the standard rules that is the Cactus-Kev numbering.
3. Derive each table from those verdicts alone (never from the runtime):
   ``classes``     category and reading order of every class;
   ``flush``       13-bit rank mask of one suit (5-7 ranks) -> best flush class;
   ``unique5``     13-bit mask of five distinct unsuited ranks -> class;
   ``prime_hash5`` perfect hash: prime product of a paired five-card rank
                   multiset -> class;
   ``prime_hash67`` perfect hash: prime product of a six- or seven-card rank
                   multiset -> best class ignoring suits.
The five-card hash is kept apart so that a five-card user loads 4,888 keys,
not 72,488 (about 13 ms of start-up); one hash serves six and seven cards,
since products of different multisets never collide.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from lookup.cards import PRIMES
from lookup.progress import Progress
from lookup.tablefile import encode_table
from tablegen.perfect_hash import build_perfect_hash
from tablegen.reference import PlainCard, Verdict, classify
from tablegen.rules import RuleSet

__all__ = ["TABLE_NAMES", "Census", "build_tables", "five_card_census"]

TABLE_NAMES = ("classes", "flush", "unique5", "prime_hash5", "prime_hash67")
MASK_SPACE = 1 << 13
HAND_SIZES = (5, 6, 7)

RankMultiset = tuple[int, ...]  # ascending ranks, repeats allowed


@dataclass(frozen=True)
class Census:
    """Every five-card verdict, keyed by (is a flush, ascending ranks), and the class order."""

    verdicts: dict[tuple[bool, RankMultiset], Verdict]
    hands: int
    classes: list[Verdict]  # strongest first: classes[0] is class number 1
    numbers: dict[Verdict, int]  # verdict -> class number

    def class_number(self, verdict: Verdict) -> int:
        return self.numbers[verdict]


def _deck(rules: RuleSet) -> list[PlainCard]:
    return [(rank, suit) for rank in sorted(rules.ranks) for suit in range(4)]


def five_card_census(rules: RuleSet, *, show_progress: bool = True) -> Census:
    """Classify every five-card hand of the rule set's deck with the reference."""
    deck = _deck(rules)
    total = math.comb(len(deck), 5)
    verdicts: dict[tuple[bool, RankMultiset], Verdict] = {}
    with Progress("classifying five-card hands", total, enabled=show_progress) as bar:
        for count, hand in enumerate(combinations(deck, 5), 1):
            verdict = classify(hand, rules)
            suit = hand[0][1]
            key = (
                all(s == suit for _, s in hand),
                tuple(r for r, _ in hand),  # the deck is rank-sorted, so this is ascending
            )
            known = verdicts.setdefault(key, verdict)
            if known != verdict:
                raise AssertionError(f"hands with ranks {key} disagree: {known} vs {verdict}")
            if count % 65536 == 0:
                bar.advance(65536)
        bar.advance(total - bar.done)
    classes = sorted(set(verdicts.values()), reverse=True)
    return Census(verdicts, total, classes, {v: i + 1 for i, v in enumerate(classes)})


def _mask(ranks: RankMultiset) -> int:
    return sum(1 << r for r in set(ranks))


def _product(ranks: RankMultiset) -> int:
    return math.prod(PRIMES[r] for r in ranks)


def _best(census: Census, flush: bool, ranks: RankMultiset) -> int:
    """Best class among the five-card subsets of ``ranks`` (as a flush or not)."""
    best = max(census.verdicts[flush, sub] for sub in set(combinations(ranks, 5)))
    return census.class_number(best)


def _rank_multisets(rules: RuleSet, size: int) -> Iterator[RankMultiset]:
    for ranks in combinations_with_replacement(sorted(rules.ranks), size):
        if max(ranks.count(r) for r in set(ranks)) <= 4:
            yield ranks


def build_tables(rules: RuleSet, census: Census, *, show_progress: bool = True) -> dict[str, bytes]:
    """Encode every table for ``rules``; returns file name -> file bytes."""
    files: dict[str, bytes] = {}

    files["classes.msgpack"] = encode_table(
        "classes",
        "every equivalence class, strongest first: category and the five ranks in reading order",
        rules.name,
        {
            "category": ("B", [int(v.category) for v in census.classes]),
            "reading": ("B", [r for v in census.classes for r in v.reading]),
        },
        {"class_count": len(census.classes), "hands": census.hands},
    )

    flush = [0] * MASK_SPACE
    unique5 = [0] * MASK_SPACE
    for size in HAND_SIZES:
        for ranks in combinations(sorted(rules.ranks), size):
            flush[_mask(ranks)] = _best(census, True, ranks)
            if size == 5:
                unique5[_mask(ranks)] = _best(census, False, ranks)
    files["flush.msgpack"] = encode_table(
        "flush",
        "13-bit rank mask of the cards of one suit (5 to 7 ranks) -> best flush class; 0 elsewhere",
        rules.name,
        {"class": ("H", flush)},
    )
    files["unique5.msgpack"] = encode_table(
        "unique5",
        "13-bit mask of five distinct ranks, not a flush -> class; 0 elsewhere",
        rules.name,
        {"class": ("H", unique5)},
    )

    by_size: dict[int, dict[int, int]] = {size: {} for size in HAND_SIZES}
    total = sum(1 for size in HAND_SIZES for _ in _rank_multisets(rules, size))
    with Progress("best hand of each rank multiset", total, enabled=show_progress) as bar:
        for size in HAND_SIZES:
            for ranks in _rank_multisets(rules, size):
                bar.advance()
                if size == 5 and len(set(ranks)) == 5:
                    continue  # five distinct ranks live in unique5
                by_size[size][_product(ranks)] = _best(census, False, ranks)
    files["prime_hash5.msgpack"] = _prime_hash_file(
        "prime_hash5",
        "perfect hash: prime product of a paired five-card rank multiset -> class",
        rules,
        {5: by_size[5]},
    )
    files["prime_hash67.msgpack"] = _prime_hash_file(
        "prime_hash67",
        "perfect hash: prime product of a six- or seven-card rank multiset "
        "-> best class ignoring suits",
        rules,
        {6: by_size[6], 7: by_size[7]},
    )
    return files


def _prime_hash_file(
    name: str, description: str, rules: RuleSet, by_size: dict[int, dict[int, int]]
) -> bytes:
    """Encode one perfect hash over the products in ``by_size`` (hand size -> product -> class)."""
    values = {key: value for sized in by_size.values() for key, value in sized.items()}
    table = build_perfect_hash(sorted(values))
    return encode_table(
        name,
        description,
        rules.name,
        {
            "displacement": ("I", table.displacement),
            "keys": ("Q", table.slot_keys),
            "class": ("H", [values.get(k, 0) for k in table.slot_keys]),
        },
        {
            "multiplier": table.params.multiplier,
            "bucket_bits": table.params.bucket_bits,
            "slot_count": table.params.slot_count,
            "key_count": len(values),
            "keys_by_hand_size": {str(size): len(sized) for size, sized in by_size.items()},
        },
    )
