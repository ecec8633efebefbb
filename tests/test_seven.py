"""Six and seven cards: the generated tables and the O(1) kernels against the reference."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any

import pytest

from lookup import DECK, evaluate, parse_cards
from lookup.core.cards import PRIMES
from lookup.core.rules import BUILTIN_RANKINGS, WILD_RANKINGS
from lookup.core.tablefile import table_dir
from lookup.ranking.fast import evaluate6, evaluate7, evaluate_any
from lookup.ranking.ranking import get_ranking
from lookup.ranking.tables import FiveCardTables, MultiCardTables, load_five, load_multi
from tablegen.row_displacement import RANK_KEYS
from tests import published
from tests.reference_classes import (
    class_of_key,
    reference_best,
    reference_best_flush,
    reference_best_unsuited,
)


@cache
def _five() -> FiveCardTables:
    standard = get_ranking("standard")
    return load_five(standard.directory, standard.classes)


@cache
def _multi() -> MultiCardTables:
    standard = get_ranking("standard")
    return load_multi(standard.directory, standard.classes)


def _table_class(ranks: tuple[int, ...]) -> int:
    """The stored unsuited class of a rank multiset: by prime product (5), by rank key (6, 7)."""
    if len(ranks) == 5:
        return _five().by_product[math.prod(PRIMES[r] for r in ranks)]
    table = _multi().by_size[len(ranks)]
    key = sum(RANK_KEYS[r] for r in ranks)  # the generator's weights, not the file's
    return table.classes[key + table.offsets[key >> table.shift]]


def _multisets(size: int) -> list[tuple[int, ...]]:
    return [
        ranks
        for ranks in combinations_with_replacement(range(13), size)
        if max(ranks.count(r) for r in ranks) <= 4
    ]


@pytest.mark.parametrize(("size", "count"), [(5, 6175), (6, 18395), (7, 49205)])
def test_every_rank_multiset_maps_to_the_reference_best(size: int, count: int) -> None:
    multisets = _multisets(size)
    assert len(multisets) == count  # published count of rank multisets
    for ranks in multisets:
        assert _table_class(ranks) == reference_best_unsuited(ranks), ranks


def test_tables_hold_exactly_every_five_and_every_six_and_seven_card_key() -> None:
    stored5 = {k for k in _five().hash5.keys if k}
    assert stored5 == {math.prod(PRIMES[r] for r in ranks) for ranks in _multisets(5)}
    assert len(stored5) == 6175
    assert _multi().rank_keys == RANK_KEYS
    for size, count in ((6, 18395), (7, 49205)):
        table = _multi().by_size[size]
        keys = {sum(RANK_KEYS[r] for r in ranks) for ranks in _multisets(size)}
        assert len(keys) == count  # the weights tell every multiset apart
        slots = {key + table.offsets[key >> table.shift] for key in keys}
        assert len(slots) == count  # ... and the packing gives each its own slot
        filled = {slot for slot, number in enumerate(table.classes) if number}
        assert filled == slots  # no class is stored where no key lands
    assert _multi().flush_mode == "wins"  # a standard six/seven-card flush beats the rest


@pytest.mark.parametrize("bits", [5, 6, 7])
def test_every_flush_mask_maps_to_the_reference_best_flush(bits: int) -> None:
    flush = _five().flush
    assert flush is not None
    for ranks in combinations(range(13), bits):
        mask = sum(1 << r for r in ranks)
        assert flush[mask] == reference_best_flush(ranks), ranks


def test_flush_table_is_empty_outside_five_to_seven_ranks() -> None:
    flush = _five().flush
    assert flush is not None
    assert all(flush[m] == 0 for m in range(1 << 13) if not 5 <= m.bit_count() <= 7)


def test_reachable_class_counts() -> None:
    # A six- or seven-card flush always outranks what the same cards make
    # otherwise, and every multiset and every flush rank set can be dealt, so the
    # reachable classes are the multiset classes plus the flush-mask classes.
    flush = _five().flush
    assert flush is not None
    for size in (6, 7):
        unsuited = {_table_class(m) for m in _multisets(size)}
        flushes = {flush[m] for m in range(1 << 13) if 5 <= m.bit_count() <= size}
        assert len(unsuited | flushes) == published.DISTINCT_CLASSES[size]


def _reference_by_rank_code() -> tuple[Any, Any]:
    """Reference class of every five-card rank multiset, unsuited and as a flush.

    Indexed by the ascending ranks read as a base-13 number, so numpy can apply
    the reference to millions of five-card subsets at once.
    """
    np = pytest.importorskip("numpy")
    unsuited = np.zeros(13**5, dtype=np.uint16)
    suited = np.zeros(13**5, dtype=np.uint16)
    for ranks in combinations_with_replacement(range(13), 5):
        code = sum(r * 13**i for i, r in enumerate(reversed(ranks)))
        if max(ranks.count(r) for r in ranks) <= 4:
            unsuited[code] = class_of_key(False, ranks)
        if len(set(ranks)) == 5:
            suited[code] = class_of_key(True, ranks)
    return unsuited, suited


@pytest.mark.parametrize(("size", "kernel"), [(6, evaluate6), (7, evaluate7)])
def test_a_million_random_hands_equal_the_reference_best_of_their_fives(
    size: int, kernel: Callable[..., int]
) -> None:
    # The reference (through its per-multiset classes) judges all C(size, 5)
    # five-card subsets of every hand; the kernel must return the best of them.
    np = pytest.importorskip("numpy")
    unsuited, suited = _reference_by_rank_code()
    subsets = np.array(list(combinations(range(size), 5)))
    weights = 13 ** np.arange(4, -1, -1)
    rng = np.random.default_rng(size)
    for _ in range(10):
        hands = np.argsort(rng.random((100_000, 52)), axis=1)[:, :size]
        fives = hands[:, subsets]  # (hands, subsets, 5) card indices
        codes = np.sort(fives // 4, axis=2) @ weights
        suits = fives % 4
        flush = (suits == suits[:, :, :1]).all(axis=2)
        best = np.where(flush, suited[codes], unsuited[codes]).min(axis=1)
        deck = DECK
        got = [kernel(*[deck[i] for i in hand]) for hand in hands.tolist()]
        assert got == best.tolist()


@pytest.mark.parametrize("size", [6, 7, 8, 13])
def test_random_hands_agree_with_the_reference_directly(size: int) -> None:
    rng = random.Random(size)
    for _ in range(20_000 if size <= 7 else 300):
        hand = rng.sample(DECK, size)
        assert evaluate_any(hand) == reference_best(hand), hand


def _flush_heavy(rng: random.Random, size: int) -> list:  # type: ignore[type-arg]
    suit = rng.randrange(4)
    suited = [c for c in DECK if c.suit == suit]
    n_suited = rng.randint(5, size)
    hand = rng.sample(suited, n_suited)
    rest = [c for c in DECK if c not in hand]
    return hand + rng.sample(rest, size - n_suited)


@pytest.mark.parametrize("size", [6, 7])
def test_flush_heavy_hands_agree_with_the_reference(size: int) -> None:
    rng = random.Random(100 + size)
    for _ in range(20_000):
        hand = _flush_heavy(rng, size)
        rng.shuffle(hand)
        assert evaluate_any(hand) == reference_best(hand), hand


@pytest.mark.parametrize(
    ("cards", "sentence"),
    [
        ("Ah 2c 3d 4s 5h 6c Kd", "Straight, Six high"),  # wheel beside a six-high straight
        ("2s 3s 4s 5s 6s 7s 9s", "Straight Flush, Seven high"),  # seven suited cards
        ("As 2s 3s 4s 5s 9s Ks", "Straight Flush, Five high"),  # steel wheel in a flush
        ("9h 9c 9d 4s 4h 4c Kd", "Full House, Nines full of Fours"),  # two trips
        ("Kh Kc 8d 8s 3c 3h Ad", "Two Pair, Kings and Eights, Ace kicker"),  # three pairs
        ("Kh Kc 8d 8s 3c 3h 2d", "Two Pair, Kings and Eights, Three kicker"),
        ("7h 7c 7d 7s Qc Qh 2d", "Four of a Kind, Sevens, Queen kicker"),  # quads and a pair
        ("7h 7c 7d 7s 2c 2h 2d", "Four of a Kind, Sevens, Two kicker"),  # quads and trips
        ("Ah Kh Qh Jh 9h Tc 8d", "Flush, Ace-King-Queen-Jack-Nine"),  # flush beats straight
        ("Ts Js Qs Ks As 9s 8s", "Royal Flush"),
        ("2c 3d 4h 5s 7c 8d 9h", "High Card, Nine-Eight-Seven-Five-Four"),
    ],
)
def test_edge_hands(cards: str, sentence: str) -> None:
    hand = parse_cards(cards)
    assert evaluate(hand).describe() == sentence
    assert evaluate(hand).kev == reference_best(hand)


def test_holdem_form_equals_the_combined_hand() -> None:
    assert evaluate("Ah Kd", "Ac Ad 7s 7c 2h") == evaluate("Ah Kd Ac Ad 7s 7c 2h")


def test_tables_stay_small() -> None:
    def size(folder: str) -> int:
        # Omaha's board rows are budgeted apart, below: speed bought with space, on purpose.
        paths = (table_dir() / folder).glob("*.msgpack")
        return sum(path.stat().st_size for path in paths if path.name != "omaha.msgpack")

    def omaha(folder: str) -> int:
        path = table_dir() / folder / "omaha.msgpack"
        return path.stat().st_size if path.exists() else 0

    # 8,450 board rank multisets, each a four-byte key and 91 two-byte hole rank pair
    # entries, and a header: nothing more.
    for name in BUILTIN_RANKINGS:
        assert omaha(name) <= 8_450 * (4 + 91 * 2) + 4_096, (name, omaha(name))
    omaha_total = sum(omaha(name) for name in BUILTIN_RANKINGS)
    assert size("standard") < 1_000_000, size("standard")
    plain = sum(size(name) for name in BUILTIN_RANKINGS if name not in WILD_RANKINGS)
    wild = sum(size(name) for name in WILD_RANKINGS)
    assert plain < 3_000_000, plain  # every ranking without wild cards together
    # The budget with the wild-card rankings: 6 MiB (each wild ranking one 5-7 card table
    # of ~100,000 keys, see docs/wildcards.md).
    assert plain + wild < 6 * 2**20, plain + wild
    assert size("preflop") < 1_000_000, size("preflop")  # the heads-up table, apart
    every = sum(path.stat().st_size for path in table_dir().rglob("*.msgpack"))
    assert every == plain + wild + omaha_total + size("preflop"), "no table outside these folders"
