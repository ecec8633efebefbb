"""From reference verdicts to one ranking's table files.

1. Classify one representative hand of every five-card *key* of the ranking's
   deck with the reference: each rank multiset unsuited, and (when flushes
   count) each set of five ranks as a flush. Every hand of the deck has one of
   these keys, and the runtime tests prove each hand's answer against the
   reference itself.
2. Order the distinct verdicts strongest first: the position (from 1) is the
   class number. Under the standard rules that is the Cactus-Kev numbering.
3. Derive each table from those verdicts alone (never from the runtime):

   ``classes``  category and reading order of every class, and the rules;
   ``hash5``    perfect hash: prime product of a five-card rank multiset -> class
                (unsuited);
   ``flush``    13-bit rank mask of one suit (5-7 ranks) -> best flush class;
   ``sum67``    per hand size (6, 7): rank key sum of a multiset (distinct for
                every multiset, proved here) -> best unsuited class, packed by
                row displacement (:mod:`tablegen.row_displacement`) so the
                runtime indexes the stored arrays as they are; plus, where
                flushes do not simply win, the few (size, rank key, flush mask)
                keys whose answer is not the better of the flush and the
                unsuited class;
   ``omaha``    for Omaha, every board rank multiset's best unsuited class of
                each hole rank pair (:mod:`tablegen.omaha`).

Badugi rankings are built by :mod:`tablegen.badugi`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from lookup.core.cards import PRIMES
from lookup.core.cards import rank_multisets as multisets_of
from lookup.core.progress import Progress
from lookup.core.rules import RankingRules
from lookup.core.tablefile import encode_table
from lookup.ranking.tables import exception_key
from tablegen.omaha import omaha_arrays
from tablegen.perfect_hash import build_perfect_hash
from tablegen.reference import NO_CARD, PlainCard, Verdict, classify
from tablegen.row_displacement import RANK_KEYS, ROW_SHIFT, displace_rows

__all__ = [
    "Census",
    "FlushMode",
    "RankKeyCollisionError",
    "build_tables",
    "five_card_census",
    "rank_key",
]

MASK_SPACE = 1 << 13
RankMultiset = tuple[int, ...]  # ascending rank numbers, repeats allowed


class RankKeyCollisionError(RuntimeError):
    """Two rank multisets of one size share a rank key: the rank keys cannot serve this deck."""


class FlushMode:
    """How the six/seven-card kernel treats a flush (stored in ``sum67``'s meta)."""

    NONE = "none"  # flushes do not count: the rank multiset alone decides
    WINS = "wins"  # a flush beats anything else these cards make (proved per ranking)
    BETTER = "better"  # the better of flush and unsuited class, save listed exceptions


@dataclass(frozen=True)
class Census:
    """Every five-card verdict, keyed by (is a flush, ascending ranks), and the class order."""

    verdicts: dict[tuple[bool, RankMultiset], Verdict]
    hands: int
    classes: list[Verdict]  # strongest first: classes[0] is class number 1
    numbers: dict[Verdict, int]  # verdict -> class number

    def number(self, flush: bool, ranks: RankMultiset) -> int:
        return self.numbers[self.verdicts[flush, ranks]]


def _unsuited(ranks: RankMultiset) -> list[PlainCard]:
    # Suits cycle by position, so equal (adjacent) ranks differ and no five share a suit.
    return [(r, i % 4) for i, r in enumerate(ranks)]


def rank_multisets(rules: RankingRules, size: int) -> Iterator[RankMultiset]:
    """Ascending rank multisets of ``size`` cards from the deck (at most four of a rank)."""
    return multisets_of(rules.rank_order, size)


def five_card_census(rules: RankingRules) -> Census:
    """Classify one hand of every five-card key of the ranking's deck with the reference."""
    verdicts: dict[tuple[bool, RankMultiset], Verdict] = {}
    for ranks in rank_multisets(rules, 5):
        verdicts[False, ranks] = classify(_unsuited(ranks), rules)
        if rules.flushes and len(set(ranks)) == 5:
            verdicts[True, ranks] = classify([(r, 3) for r in ranks], rules)
    classes = sorted(set(verdicts.values()), reverse=True)
    return Census(
        verdicts,
        math.comb(rules.deck_size, 5),
        classes,
        {v: i + 1 for i, v in enumerate(classes)},
    )


def _mask(ranks: RankMultiset) -> int:
    return sum(1 << r for r in set(ranks))


def rank_key(ranks: RankMultiset) -> int:
    """The sum of the ranks' :data:`~tablegen.row_displacement.RANK_KEYS` weights."""
    return sum(RANK_KEYS[r] for r in ranks)


def _unsuited_by_rank_key(
    rules: RankingRules, census: Census, show_progress: bool
) -> dict[int, dict[int, int]]:
    """Hand size (6, 7) -> rank key -> best class ignoring suits; proves the keys distinct."""
    sizes = (6, 7)
    total = sum(1 for size in sizes for _ in rank_multisets(rules, size))
    unsuited: dict[int, dict[int, int]] = {}
    with Progress(
        f"{rules.name}: best of each rank multiset", total, unit="multisets", enabled=show_progress
    ) as bar:
        for size in sizes:
            by_key = unsuited[size] = {}
            for ranks in rank_multisets(rules, size):
                key = rank_key(ranks)
                if key in by_key:
                    raise RankKeyCollisionError(
                        f"{rules.name}: two {size}-card rank multisets share rank key {key}"
                    )
                by_key[key] = _best(census, False, ranks)
                bar.advance()
    return unsuited


def _product(ranks: RankMultiset) -> int:
    return math.prod(PRIMES[r] for r in ranks)


def _best(census: Census, flush: bool, ranks: RankMultiset) -> int:
    """Best class among the five-card subsets of ``ranks`` (all as a flush, or none)."""
    return min(census.number(flush, sub) for sub in set(combinations(ranks, 5)))


def _flush_configurations(rules: RankingRules) -> Iterator[tuple[RankMultiset, RankMultiset]]:
    """(ranks of the flush suit, ranks of the other cards) of every 6/7-card hand with a flush.

    Beyond these two the suits do not matter: no other suit can hold five cards.
    """
    deck = sorted(rules.rank_order)
    for size in (6, 7):
        for suited_count in range(5, size + 1):
            for suited in combinations(deck, suited_count):
                for others in combinations_with_replacement(deck, size - suited_count):
                    if all(others.count(r) + (r in suited) <= 4 for r in set(others)):
                        yield suited, others


def _best_without_flush(census: Census, suited: RankMultiset, others: RankMultiset) -> int | None:
    """Best class of a five-card subset holding at least one card off the flush suit."""
    cards = [(r, True) for r in suited] + [(r, False) for r in others]
    best: int | None = None
    for subset in combinations(cards, 5):
        if all(in_suit for _, in_suit in subset):
            continue
        number = census.number(False, tuple(sorted(r for r, _ in subset)))
        best = number if best is None else min(best, number)
    return best


def classes_table(rules: RankingRules, classes: Sequence[Verdict], hands: int) -> bytes:
    """``classes.msgpack`` of a five-card ranking: each class's category and reading, best first."""
    return encode_table(
        "classes",
        "every equivalence class, strongest first: category and the ranks in reading order",
        rules.name,
        {
            "category": ("B", [int(v.category) for v in classes]),
            "reading": ("B", [r for v in classes for r in _padded(v.reading, 5)]),
        },
        {"class_count": len(classes), "hands": hands, "rules": rules.as_mapping()},
        rules_digest=rules.digest,
    )


def build_tables(rules: RankingRules, *, show_progress: bool = True) -> dict[str, bytes]:
    """Encode every table of a poker ranking; returns file name -> file bytes."""
    census = five_card_census(rules)
    files: dict[str, bytes] = {}

    def encode(name: str, description: str, arrays: dict[str, tuple[str, list[int]]],
               meta: dict[str, object] | None = None) -> None:  # fmt: skip
        files[f"{name}.msgpack"] = encode_table(
            name, description, rules.name, arrays, meta, rules_digest=rules.digest
        )

    files["classes.msgpack"] = classes_table(rules, census.classes, census.hands)

    five = {_product(ranks): census.number(False, ranks) for ranks in rank_multisets(rules, 5)}
    encode("hash5", "perfect hash: prime product of five ranks -> class, unsuited",
           *_perfect_hash(five, {"5": len(five)}))  # fmt: skip

    flush = [0] * MASK_SPACE
    if rules.flushes:
        for size in (5, 6, 7):
            for ranks in combinations(sorted(rules.rank_order), size):
                flush[_mask(ranks)] = _best(census, True, ranks)
        encode(
            "flush",
            "13-bit rank mask of one suit's cards (5 to 7 ranks) -> best flush class; 0 elsewhere",
            {"class": ("H", flush)},
        )

    unsuited = _unsuited_by_rank_key(rules, census, show_progress)
    mode, exceptions = _flush_mode(rules, census, flush, unsuited, show_progress)
    arrays: dict[str, tuple[str, list[int]]] = {"rank_key": ("I", list(RANK_KEYS))}
    for size, by_key in unsuited.items():
        packed = displace_rows(list(by_key))
        arrays[f"offset{size}"] = ("i", packed.offsets)
        arrays[f"class{size}"] = ("H", [by_key.get(k, 0) for k in packed.slot_keys])
    arrays["exception_key"] = ("Q", sorted(exceptions))
    arrays["exception_class"] = ("H", [exceptions[k] for k in sorted(exceptions)])
    meta: dict[str, object] = {
        "row_shift": ROW_SHIFT,
        "flush_mode": mode,
        "keys_by_hand_size": {str(size): len(by_key) for size, by_key in unsuited.items()},
    }
    encode(
        "sum67",
        "rank key sum of six or seven cards -> best class ignoring suits, by row displacement "
        "(slot = key + offset[key >> row_shift]); exceptions by exception_key()",
        arrays,
        meta,
    )
    encode(
        "omaha",
        "board rank multiset (base-5 counts) x hole rank pair -> best unsuited class of the "
        "pair with three board cards, pair-major; method 'plain': flushes can hurt, no rows",
        *omaha_arrays(rules, census.number),
    )
    return files


def _padded(reading: tuple[int, ...], size: int) -> tuple[int, ...]:
    return reading + (NO_CARD,) * (size - len(reading))


def _flush_mode(
    rules: RankingRules,
    census: Census,
    flush: list[int],
    unsuited: dict[int, dict[int, int]],
    show_progress: bool,
) -> tuple[str, dict[int, int]]:
    """Prove how a flush combines with the rest of six or seven cards, from the reference.

    With ``F`` the best flush and ``U`` the best unsuited class of all the rank
    subsets (some of which only the flush suit can make), the true answer is
    the better of ``F`` and the best subset that is not all of the flush suit.
    Where ``F`` is never worse than ``U``, the flush wins outright; otherwise the
    better of the two is right except where ``U`` needs the flush suit's cards:
    those keys are listed.
    """
    if not rules.flushes:
        return FlushMode.NONE, {}
    configurations = list(_flush_configurations(rules))
    if all(flush[_mask(s)] <= unsuited[len(s + o)][rank_key(s + o)] for s, o in configurations):
        return FlushMode.WINS, {}
    exceptions: dict[int, int] = {}
    label = f"{rules.name}: flushes against the rest"
    with Progress(label, len(configurations), unit="configurations", enabled=show_progress) as bar:
        for suited, others in configurations:
            bar.advance()
            best_flush = flush[_mask(suited)]
            size, key = len(suited + others), rank_key(suited + others)
            best_unsuited = unsuited[size][key]
            if best_unsuited >= best_flush:
                continue  # the flush is at least as good: min() is already right
            other = _best_without_flush(census, suited, others)
            truth = best_flush if other is None else min(best_flush, other)
            if truth != min(best_flush, best_unsuited):
                exceptions[exception_key(size, key, _mask(suited))] = truth
    return FlushMode.BETTER, exceptions


def _perfect_hash(
    values: dict[int, int], keys_by_hand_size: dict[str, int], keys_per_bucket: float = 4.0
) -> tuple[dict[str, tuple[str, list[int]]], dict[str, object]]:
    """Arrays and meta of one perfect hash over ``values`` (key -> class)."""
    table = build_perfect_hash(sorted(values), keys_per_bucket=keys_per_bucket)
    arrays = {
        "displacement": ("I", table.displacement),
        "keys": ("I", table.slot_keys),
        "class": ("H", [values.get(k, 0) for k in table.slot_keys]),
    }
    meta: dict[str, object] = {
        "multiplier": table.params.multiplier,
        "bucket_bits": table.params.bucket_bits,
        "slot_count": table.params.slot_count,
        "key_count": len(values),
        "keys_by_hand_size": keys_by_hand_size,
    }
    return arrays, meta
