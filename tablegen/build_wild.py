"""From substitution verdicts to the table files of a ranking with wild cards.

1. Classify every five-card *shape* with :func:`tablegen.wild.wild_verdict`:
   each multiset of natural ranks with each number of wild cards, unsuited, and
   (when the naturals are distinct) with the naturals sharing a suit.
2. Order the distinct verdicts strongest first: the position (from 1) is the
   class number.
3. Derive the tables from those verdicts alone:

   ``classes``  category and reading of every class, and the rules (the same
                file every poker ranking has);
   ``wild``     ``key``/``class``: the base-5 rank sum of the natural cards plus
                the wild-card count in its own digit (5, 6 or 7 cards) -> the
                best class ignoring flushes, sorted by key; ``flush``: for a suit
                whose naturals plus the wild cards number ``c`` (5 to 7) and
                whose naturals have rank mask ``m``, the best flush-or-better at
                ``(c - 5) * 8192 + m``.

The runtime answers ``min(flush of each suit that can make one, unsuited)``:
in a high ranking a five-card subset is worth the better of what its ranks make
unsuited and, when its naturals share a suit, what they make as a flush, so the
best of seven is the better of the best flush and the best unsuited hand.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations

from lookup.core.cards import rank_multisets
from lookup.core.progress import Progress
from lookup.core.rules import RankingRules
from lookup.core.tablefile import encode_table
from tablegen.build import _perfect_hash, classes_table
from tablegen.reference import Verdict
from tablegen.wild import wild_verdict

__all__ = ["WildCensus", "build_wild_tables", "natural_ranks", "wild_census", "wild_digit"]

MASK_SPACE = 1 << 13
Key = tuple[bool, tuple[int, ...], int]  # (naturals share a suit, natural ranks, wild count)


def natural_ranks(rules: RankingRules) -> list[int]:
    """The ranks that play as themselves, ascending (deuces wild: 3 to A).

    >>> from tablegen.rankings import builtin
    >>> natural_ranks(builtin("deuces-wild"))[:2], len(natural_ranks(builtin("joker")))
    ([1, 2], 13)
    """
    return sorted(r for r in rules.rank_order if r not in rules.wild_ranks)


def wild_digit(rules: RankingRules) -> int:
    """The base-5 digit of a key that counts wild cards: 13 for jokers, else the wild rank.

    >>> from tablegen.rankings import builtin
    >>> wild_digit(builtin("joker")), wild_digit(builtin("deuces-wild"))
    (13, 0)
    """
    return 13 if rules.jokers else rules.wild_ranks[0]


def _multisets(rules: RankingRules, size: int) -> Iterator[tuple[int, ...]]:
    return rank_multisets(natural_ranks(rules), size)


class WildCensus:
    """Every five-card shape's verdict and the class numbers they make."""

    def __init__(self, rules: RankingRules) -> None:
        self.rules = rules
        self.verdicts: dict[Key, Verdict] = {}
        for wilds in range(min(rules.max_wild, 4) + 1):
            for ranks in _multisets(rules, 5 - wilds):
                self.verdicts[False, ranks, wilds] = wild_verdict(ranks, wilds, False, rules)
                if rules.flushes and len(set(ranks)) == len(ranks):
                    self.verdicts[True, ranks, wilds] = wild_verdict(ranks, wilds, True, rules)
        self.classes = sorted(set(self.verdicts.values()), reverse=True)
        self.numbers = {v: i + 1 for i, v in enumerate(self.classes)}

    def number(self, suited: bool, ranks: tuple[int, ...], wilds: int) -> int:
        return self.numbers[self.verdicts[suited, ranks, wilds]]

    def best(self, suited: bool, ranks: tuple[int, ...], wilds: int) -> int:
        """Best class of the five-card subsets of ``ranks`` and ``wilds`` wild cards."""
        best = None
        for used in range(max(0, 5 - len(ranks)), min(wilds, 5) + 1):
            for sub in set(combinations(ranks, 5 - used)):
                number = self.number(suited, sub, used)
                best = number if best is None else min(best, number)
        assert best is not None
        return best


def wild_census(rules: RankingRules) -> WildCensus:
    """Classify every five-card shape of a wild-card ranking with the reference."""
    return WildCensus(rules)


def build_wild_tables(rules: RankingRules, *, show_progress: bool = True) -> dict[str, bytes]:
    """Encode the tables of a ranking with wild cards; returns file name -> file bytes."""
    census = wild_census(rules)
    digit = 5 ** wild_digit(rules)
    files: dict[str, bytes] = {}

    def encode(name: str, description: str, arrays: dict[str, tuple[str, list[int]]],
               meta: dict[str, object]) -> None:  # fmt: skip
        files[f"{name}.msgpack"] = encode_table(
            name, description, rules.name, arrays, meta, rules_digest=rules.digest
        )

    files["classes.msgpack"] = classes_table(rules, census.classes, math.comb(rules.deck_size, 5))

    unsuited: dict[int, int] = {}
    counts: dict[str, int] = {}
    shapes = [
        (size, wilds)
        for size in (5, 6, 7)
        for wilds in range(min(rules.max_wild, size) + 1)
        if size - wilds >= 0
    ]
    total = sum(sum(1 for _ in _multisets(rules, size - wilds)) for size, wilds in shapes)
    with Progress(
        f"{rules.name}: best of each shape", total, unit="shapes", enabled=show_progress
    ) as bar:
        for size, wilds in shapes:
            counts[str(size)] = counts.get(str(size), 0)
            for ranks in _multisets(rules, size - wilds):
                key = sum(5**r for r in ranks) + wilds * digit
                unsuited[key] = census.best(False, ranks, wilds)
                counts[str(size)] += 1
                bar.advance()

    flush = [0] * (3 * MASK_SPACE)
    if rules.flushes:
        naturals = natural_ranks(rules)
        for count in (5, 6, 7):
            for wilds in range(min(rules.max_wild, count) + 1):
                for ranks in combinations(naturals, count - wilds):
                    mask = sum(1 << r for r in ranks)
                    flush[(count - 5) * MASK_SPACE + mask] = census.best(True, ranks, wilds)

    # The unsuited keys go into a perfect hash, as every ranking's six/seven-card keys do,
    # so the numpy batch path finds each row's slot with arithmetic, not a search.
    arrays, meta = _perfect_hash(unsuited, counts, keys_per_bucket=6.0)
    arrays["flush"] = ("H", flush)
    meta["wild_digit"] = wild_digit(rules)
    encode(
        "wild",
        "perfect hash: key (base-5 rank sum of the natural cards + wild count * "
        "5**wild_digit) -> best unsuited class; flush: (suit count - 5) * 8192 + natural "
        "rank mask -> best flush-or-better class",
        arrays,
        meta,
    )
    return files
