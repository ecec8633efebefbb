"""The numpy batch path agrees with the scalar evaluator and the reference classifier."""

from __future__ import annotations

import math
import subprocess
import sys
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

import lookup
from lookup.batch.evaluate import (
    batch_tables,
    categorize_batch,
    classes_of_keys,
    classes_of_rank_keys,
    decode_batch,
    encode_batch,
    evaluate_batch,
    flush_classes,
    hand_keys,
)
from lookup.core.cards import DECK, PRIMES
from lookup.core.errors import CardError, DuplicateCardError, HandSizeError, PokerLookupError
from lookup.core.prime_hash import slot_of
from lookup.ranking.ranking import get_ranking
from lookup.ranking.tables import load_five, load_multi
from lookup.ranking.value import CLASS_COUNT, Category, HandRank
from tablegen.reference import Verdict, classify
from tablegen.row_displacement import RANK_KEYS

SEED = 20240611


# --- an independent numbering of the reference's verdicts --------------------------------------


@cache
def reference_numbers() -> dict[Verdict, int]:
    """Class number of every five-card verdict: its position, strongest first, from 1.

    Built from the reference alone: one hand per distinct rank multiset without a
    flush, and one suited hand per five distinct ranks.
    """
    verdicts = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            seen: dict[int, int] = {}
            cards = []
            for r in ranks:  # give repeated ranks different suits
                cards.append((r, seen.get(r, 0)))
                seen[r] = seen.get(r, 0) + 1
            if len(set(ranks)) == 5:
                cards[0] = (cards[0][0], 1)  # two suits: no flush
                verdicts.add(classify([(r, 3) for r in ranks]))
            verdicts.add(classify(cards))
    ordered = sorted(verdicts, reverse=True)
    assert len(ordered) == CLASS_COUNT
    return {verdict: number for number, verdict in enumerate(ordered, start=1)}


def reference_class(indices: list[int]) -> int:
    """Best class of 5-7 card indices by the reference: best of every five-card subset."""
    cards = [(i // 4, i % 4) for i in indices]
    numbers = reference_numbers()
    return min(numbers[classify(list(five))] for five in combinations(cards, 5))


# --- random hands ------------------------------------------------------------------------------


def random_hands(rows: int, size: int, seed: int, deck: np.ndarray | None = None) -> np.ndarray:
    """``rows`` hands of ``size`` distinct cards drawn from ``deck`` (default: all 52)."""
    pool = np.arange(52) if deck is None else deck
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((rows, len(pool))), axis=1)[:, :size]
    return pool[order]


def flush_heavy_deck() -> np.ndarray:
    """All 13 spades plus 2c, 7d and Ah: many draws hold a flush, often a straight flush."""
    return np.array([i for i in range(52) if i % 4 == 3] + [0, 21, 50])


def scalar_classes(hands: np.ndarray) -> np.ndarray:
    return np.array([lookup.evaluate(row).kev for row in hands.tolist()], dtype=np.uint16)


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.int64, np.uint64])
def test_random_hands_match_evaluate(size: int, dtype: type) -> None:
    hands = random_hands(40_000, size, SEED + size).astype(dtype)  # spans several chunks
    assert np.array_equal(evaluate_batch(hands), scalar_classes(hands))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_flush_heavy_hands_match_evaluate(size: int) -> None:
    hands = random_hands(30_000, size, SEED * 3 + size, flush_heavy_deck())
    expected = scalar_classes(hands)
    flushes = np.isin(categorize_batch(expected), [Category.FLUSH, Category.STRAIGHT_FLUSH])
    assert flushes.mean() > 0.25  # the deck does its job
    assert np.array_equal(evaluate_batch(hands), expected)
    assert np.array_equal(evaluate_batch(hands, debug=True), expected)


@pytest.mark.parametrize("size", [6, 7])
def test_random_hands_match_reference(size: int) -> None:
    hands = np.concatenate(
        [random_hands(150, size, SEED + 7), random_hands(150, size, SEED + 8, flush_heavy_deck())]
    )
    expected = [reference_class(row) for row in hands.tolist()]
    assert evaluate_batch(hands).tolist() == expected


def test_every_five_card_hand_matches_reference() -> None:
    hands = np.fromiter(
        (i for combo in combinations(range(52), 5) for i in combo), dtype=np.uint8
    ).reshape(-1, 5)
    assert len(hands) == math.comb(52, 5)
    ranks, suits = hands // 4, hands % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    # Each hand's (flush, ranks high to low) as one number; classify one hand per number.
    descending = -np.sort(-ranks.astype(np.int64), axis=1)
    keys = flush * 13**5 + (descending * 13 ** np.arange(4, -1, -1)).sum(axis=1)
    unique_keys, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    numbers = reference_numbers()
    per_key = np.array(
        [numbers[classify([(i // 4, i % 4) for i in hands[row].tolist()])] for row in first],
        dtype=np.uint16,
    )
    assert len(unique_keys) == CLASS_COUNT
    assert np.array_equal(evaluate_batch(hands), per_key[inverse.reshape(-1)])


# --- the primitives ----------------------------------------------------------------------------


def test_vectorised_hash_matches_scalar_slot_function() -> None:
    ranking = get_ranking("standard")
    source = load_five(ranking.directory, ranking.classes).hash5
    view = batch_tables().hash5
    keys = np.array([k for k in source.keys if k], dtype=np.uint64)
    displacement = list(source.displacement)
    expected_slots = [slot_of(int(k), source.params, displacement) for k in keys]
    assert np.array_equal(view.keys[expected_slots], keys)
    got = classes_of_rank_keys(keys, hand_size=5, check=True)
    assert np.array_equal(got, view.classes[expected_slots])


@pytest.mark.parametrize("hand_size", [6, 7])
def test_vectorised_rank_key_lookup_matches_the_stored_rows(hand_size: int) -> None:
    ranking = get_ranking("standard")
    table = load_multi(ranking.directory, ranking.classes).by_size[hand_size]
    multisets = [
        ranks
        for ranks in combinations_with_replacement(range(13), hand_size)
        if max(ranks.count(r) for r in ranks) <= 4
    ]
    keys = [sum(RANK_KEYS[r] for r in ranks) for ranks in multisets]
    expected = [table.classes[k + table.offsets[k >> table.shift]] for k in keys]
    got = classes_of_rank_keys(np.array(keys, dtype=np.uint64), hand_size=hand_size, check=True)
    assert got.tolist() == expected
    assert 0 not in expected


@pytest.mark.parametrize("hand_size", [6, 7])
def test_check_refuses_every_key_that_is_no_multiset(hand_size: int) -> None:
    valid = {
        sum(RANK_KEYS[r] for r in ranks)
        for ranks in combinations_with_replacement(range(13), hand_size)
        if max(ranks.count(r) for r in ranks) <= 4
    }
    rng = np.random.default_rng(SEED + hand_size)
    keys = rng.integers(0, max(valid) + 2_000, 5_000, dtype=np.uint64)
    for key in keys.tolist():
        if key in valid:
            continue
        with pytest.raises(CardError, match=f"rank key {key} is no hand"):
            classes_of_rank_keys(np.array([key], dtype=np.uint64), hand_size=hand_size, check=True)
    # Unchecked, a stray key still gives some class from inside the table, never an IndexError.
    assert len(classes_of_rank_keys(keys, hand_size=hand_size)) == len(keys)


def test_rank_sums_of_every_seven_rank_multiset_hash_to_reference() -> None:
    numbers = reference_numbers()
    multisets = [
        ranks
        for ranks in combinations_with_replacement(range(13), 7)
        if max(ranks.count(r) for r in ranks) <= 4
    ]
    assert len(multisets) == 49_205
    # Six or seven ranks are keyed by the sum of their weights, distinct for every multiset.
    keys = np.array([sum(RANK_KEYS[r] for r in ranks) for ranks in multisets], np.uint64)
    assert len(set(keys.tolist())) == len(multisets)
    got = classes_of_rank_keys(keys, check=True)
    rng = np.random.default_rng(SEED)
    for row in rng.choice(len(multisets), 300, replace=False).tolist():
        # Suits in turn: repeats of a rank (adjacent) differ, no suit gets five cards.
        suited = [(r, position % 4) for position, r in enumerate(multisets[row])]
        best = min(numbers[classify(list(five))] for five in combinations(suited, 5))
        assert got[row] == best


def test_hand_keys_and_flush_classes() -> None:
    # Ah Kh Qh 9h 7h 2h 2s: a flush in hearts whatever the pair of deuces says.
    hand = encode_batch(["Ah Kh Qh 9h 7h 2h 2s"])
    keys, codes = hand_keys(np.ascontiguousarray(hand.T, dtype=np.intp))
    assert int(keys[0]) == sum(RANK_KEYS[r] for r in (12, 11, 10, 7, 5, 0, 0))
    assert int(codes[0]) >> 52 == (6 << 6) | (1 << 9)  # six hearts, one spade
    rows, flush, masks = flush_classes(codes)
    assert rows.tolist() == [0]
    assert flush.tolist() == [lookup.evaluate("Ah Kh Qh 9h 7h").kev]
    assert masks.tolist() == [(1 << 12) | (1 << 11) | (1 << 10) | (1 << 7) | (1 << 5) | 1]
    assert classes_of_keys(keys, codes, 7).tolist() == flush.tolist()


def test_tables_are_read_only() -> None:
    t = batch_tables()
    with pytest.raises(ValueError):
        t.flush[0] = 1
    assert t.card_prime.tolist() == [PRIMES[i // 4] for i in range(52)]
    assert t.card_suit.tolist() == [card.suit for card in DECK]


# --- checks ------------------------------------------------------------------------------------


def test_empty_batch() -> None:
    out = evaluate_batch(np.zeros((0, 7), dtype=np.int8))
    assert out.dtype == np.uint16
    assert out.shape == (0,)


def test_non_contiguous_input() -> None:
    hands = random_hands(20_000, 7, SEED + 11).astype(np.int16)
    expected = evaluate_batch(hands)
    assert np.array_equal(evaluate_batch(np.asfortranarray(hands)), expected)
    assert np.array_equal(evaluate_batch(hands[::3]), expected[::3])
    assert np.array_equal(evaluate_batch(hands.tolist()), expected)


@pytest.mark.parametrize("shape", [(7,), (3, 4), (3, 8), (2, 3, 7)])
def test_wrong_shape(shape: tuple[int, ...]) -> None:
    with pytest.raises(HandSizeError, match=r"shape \(N, k\).*got shape"):
        evaluate_batch(np.zeros(shape, dtype=np.int8))


def test_wrong_dtype() -> None:
    with pytest.raises(CardError, match=r"integer card indices.*float64"):
        evaluate_batch(np.zeros((2, 5)))


@pytest.mark.parametrize("bad", [54, -1, 255])  # 52, 53: the jokers
def test_out_of_range_names_first_bad_row(bad: int) -> None:
    hands = random_hands(40_000, 7, SEED + 12).astype(np.int64)
    hands[25_000, 3] = bad  # in the second chunk
    hands[30_000, 0] = bad
    with pytest.raises(CardError, match=rf"^row 25000: card index {bad} is out of range") as info:
        evaluate_batch(hands)
    assert info.value.token == bad


def test_out_of_range_unsigned_wraparound() -> None:
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 2**63 + 1]], dtype=np.uint64)
    with pytest.raises(CardError, match=r"^row 1: card index 9223372036854775809 is out of"):
        evaluate_batch(hands)


def test_duplicate_names_row_and_card() -> None:
    hands = random_hands(40_000, 6, SEED + 13).astype(np.uint8)
    hands[33_333, 5] = hands[33_333, 1]
    card = str(DECK[int(hands[33_333, 1])])
    with pytest.raises(DuplicateCardError, match=rf"^row 33333: card {card} appears twice"):
        evaluate_batch(hands)
    # The caller may waive the check; the other rows are still right.
    out = evaluate_batch(hands, check_duplicates=False)
    assert np.array_equal(np.delete(out, 33_333), scalar_classes(np.delete(hands, 33_333, 0)))


def test_debug_key_check_catches_impossible_rank_multisets() -> None:
    hands = random_hands(20_000, 5, SEED + 14).astype(np.int8)
    hands[17_000] = [0, 1, 2, 3, 0]  # five deuces: no such hand, no such key
    with pytest.raises(CardError, match=r"^row 17000: rank key 32 is no hand"):
        evaluate_batch(hands, check_duplicates=False, debug=True)


# --- companions --------------------------------------------------------------------------------


def test_categorize_every_class() -> None:
    classes = np.arange(1, CLASS_COUNT + 1)
    expected = [HandRank.from_kev(k).category for k in range(1, CLASS_COUNT + 1)]
    assert categorize_batch(classes).tolist() == expected
    with pytest.raises(PokerLookupError, match="item 2: class number 7463 is out of range"):
        categorize_batch([1, 2, 7463])
    with pytest.raises(PokerLookupError, match="integers"):
        categorize_batch([1.5])


def test_encode_decode_round_trip() -> None:
    hands = random_hands(500, 7, SEED + 15)
    text = decode_batch(hands)
    assert text[0] == " ".join(str(DECK[i]) for i in hands[0].tolist())
    assert np.array_equal(encode_batch(text), hands)
    assert encode_batch(["As Kd 10h"]).dtype == np.uint8
    assert encode_batch([]).shape == (0, 0)
    with pytest.raises(HandSizeError, match="hand 1 has 3 cards, hand 0 has 2"):
        encode_batch(["As Kd", "2c 3c 4c"])
    with pytest.raises(CardError, match="unknown suit"):
        encode_batch(["As Kx"])
    with pytest.raises(CardError, match="row 1: card index -1"):
        decode_batch([[0, 1], [2, -1]])


def test_lazy_reexports_and_no_numpy_on_import() -> None:
    code = (
        "import sys, lookup\n"
        "assert 'numpy' not in sys.modules, 'import lookup imported numpy'\n"
        "lookup.evaluate('As Ks Qs Js Ts')\n"
        "assert 'numpy' not in sys.modules, 'evaluate imported numpy'\n"
        "print(lookup.evaluate_batch([[51, 47, 43, 39, 35]]).tolist())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[1]"
    assert lookup.categorize_batch is categorize_batch
    assert {"evaluate_batch", "categorize_batch", "encode_batch", "decode_batch"} <= set(
        lookup.__all__
    )


@pytest.mark.parametrize("size", [2, 5, 6, 7])
@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.uint64])
def test_hand_keys_any_integer_columns(size: int, dtype: type) -> None:
    hands = random_hands(2_000, size, SEED + size)
    keys, codes = hand_keys(hands.T.astype(dtype))
    if size <= 5:  # prime products
        primes = np.array([PRIMES[i // 4] for i in range(52)], dtype=np.uint64)
        assert np.array_equal(keys, np.prod(primes[hands], axis=1, dtype=np.uint64))
    else:  # rank key sums, by the generator's weights
        weights = np.array([RANK_KEYS[i // 4] for i in range(52)], dtype=np.uint64)
        assert np.array_equal(keys, weights[hands].sum(axis=1, dtype=np.uint64))
    card_sets = codes & np.uint64((1 << 52) - 1)
    expected_sets = np.bitwise_or.reduce(
        np.uint64(1) << (13 * (hands % 4) + hands // 4).astype(np.uint64), axis=1
    )
    assert np.array_equal(card_sets, expected_sets)
    suit_counts = [(codes >> np.uint64(52 + 3 * s)) & np.uint64(7) for s in range(4)]
    for suit in range(4):
        assert np.array_equal(suit_counts[suit], (hands % 4 == suit).sum(axis=1))


def test_swar_popcount_fallback_matches_bitwise_count() -> None:
    from lookup.batch.primitives import popcount_swar as _popcount_swar

    rng = np.random.default_rng(SEED)
    values = rng.integers(0, 2**63, 10_000, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    expected = [bin(v).count("1") for v in values.tolist()]
    assert _popcount_swar(values).tolist() == expected


def test_first_bad_row_wins_whatever_the_fault() -> None:
    hands = random_hands(1_000, 5, SEED + 16).astype(np.int16)
    hands[700, 4] = 99
    hands[300, 2] = hands[300, 0]
    card = str(DECK[int(hands[300, 0])])
    with pytest.raises(DuplicateCardError, match=rf"^row 300: card {card} appears twice"):
        evaluate_batch(hands)
    with pytest.raises(CardError, match=r"^row 700: card index 99 is out of range"):
        evaluate_batch(hands, check_duplicates=False)
