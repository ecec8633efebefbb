"""Tables for badugi rankings, from the reference verdicts.

A badugi hand's value depends on which ranks each suit holds, but not on
which suit is which. So each suit's 13-bit rank mask gets a prime
(``mask_prime``: the n-th prime for the n-th mask holding at most four ranks,
1 for an empty suit) and a four-card hand's key is the product of its four
suits' primes: unchanged by relabelling suits, and by unique factorisation
different for different mask multisets. ``hash4`` is a perfect hash from
those keys to the class; five or more cards take the best of their four-card
subsets.

Files: ``classes`` (category and ranks of each class, highest first),
``mask_prime`` (8,192 entries) and ``hash4``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations_with_replacement, product

from lookup.core.progress import Progress
from lookup.core.rules import RankingRules
from lookup.core.tablefile import encode_table
from tablegen.perfect_hash import build_perfect_hash
from tablegen.reference import NO_CARD, classify

__all__ = ["build_badugi_tables", "mask_multisets", "mask_primes"]

HAND = 4


def mask_primes() -> list[int]:
    """A distinct prime for each rank mask of at most four ranks; 1 for the empty mask."""
    masks = sorted(
        (m for m in range(1 << 13) if 0 < m.bit_count() <= HAND), key=lambda m: (m.bit_count(), m)
    )
    primes: list[int] = []
    candidate = 2
    while len(primes) < len(masks):
        if all(candidate % p for p in primes if p * p <= candidate):
            primes.append(candidate)
        candidate += 1
    table = [0] * (1 << 13)
    table[0] = 1
    for mask, prime in zip(masks, primes, strict=True):
        table[mask] = prime
    return table


def mask_multisets(rules: RankingRules) -> Iterator[tuple[int, ...]]:
    """The suits' rank masks of every four-card hand from the deck, up to relabelling suits."""
    deck_mask = sum(1 << r for r in rules.rank_order)
    by_count = {
        n: [m for m in range(1 << 13) if m.bit_count() == n and m & ~deck_mask == 0]
        for n in range(1, HAND + 1)
    }
    for parts in _partitions(HAND):
        groups = [
            combinations_with_replacement(by_count[n], parts.count(n)) for n in sorted(set(parts))
        ]
        for chosen in product(*groups):
            masks = tuple(m for group in chosen for m in group)
            yield masks + (0,) * (4 - len(masks))


def _partitions(n: int, largest: int | None = None) -> Iterator[tuple[int, ...]]:
    """Ways to write ``n`` as at most four positive parts, largest first."""
    largest = n if largest is None else largest
    if n == 0:
        yield ()
        return
    for part in range(min(n, largest), 0, -1):
        for rest in _partitions(n - part, part):
            if len(rest) < 4:
                yield (part, *rest)


def build_badugi_tables(rules: RankingRules, *, show_progress: bool = True) -> dict[str, bytes]:
    """Encode every table of a badugi ranking; returns file name -> file bytes."""
    primes = mask_primes()
    verdict_of_key = {}
    multisets = list(mask_multisets(rules))
    with Progress(
        f"{rules.name}: four-card hands", len(multisets), unit="hands", enabled=show_progress
    ) as bar:
        for masks in multisets:
            cards = [(r, suit) for suit, m in enumerate(masks) for r in range(13) if m >> r & 1]
            verdict_of_key[math.prod(primes[m] for m in masks)] = classify(cards, rules)
            bar.advance()
    classes = sorted(set(verdict_of_key.values()), reverse=True)
    number = {v: i + 1 for i, v in enumerate(classes)}
    values = {key: number[v] for key, v in verdict_of_key.items()}
    table = build_perfect_hash(sorted(values))

    def encode(name: str, description: str, arrays: dict[str, tuple[str, list[int]]],
               meta: dict[str, object]) -> bytes:  # fmt: skip
        return encode_table(name, description, rules.name, arrays, meta, rules_digest=rules.digest)

    return {
        "classes.msgpack": encode(
            "classes",
            "every class, best first: category and the counting ranks, highest first",
            {
                "category": ("B", [int(v.category) for v in classes]),
                "reading": (
                    "B",
                    [r for v in classes for r in v.reading + (NO_CARD,) * (HAND - len(v.reading))],
                ),
            },
            {
                "class_count": len(classes),
                "hands": math.comb(rules.deck_size, HAND),
                "rules": rules.as_mapping(),
            },
        ),
        "mask_prime.msgpack": encode(
            "mask_prime",
            "13-bit rank mask of one suit -> its prime (1 for no cards; 0 for five or more)",
            {"prime": ("I", primes)},
            {},
        ),
        "hash4.msgpack": encode(
            "hash4",
            "perfect hash: product of the four suits' mask primes -> class",
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
            },
        ),
    }
