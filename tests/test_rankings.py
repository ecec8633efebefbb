"""Every built-in ranking against the reference classifier, exhaustively where the space allows.

Reference class numbers come from tests/ranking_reference.py (the reference
classifier alone); counts are pinned from combinatorics written out here.
"""

from __future__ import annotations

import math
import pickle
import subprocess
import sys
import threading
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.batch.census import census
from lookup.core.errors import RankingError, RulesError
from lookup.core.rules import BUILTIN_RANKINGS, WILD_RANKINGS, Category, parse_rules
from tablegen.__main__ import main as tablegen_main
from tablegen.rankings import builtin
from tablegen.reference import classify
from tests.ranking_reference import multisets, reference_best, reference_classes

# Wild-card rankings have their own reference and tests (tests/test_wildcards.py).
POKER = [name for name in BUILTIN_RANKINGS if name != "badugi" and name not in WILD_RANKINGS]
PLAIN = [name for name in BUILTIN_RANKINGS if name not in WILD_RANKINGS]
C = math.comb


def _deck_indices(name: str) -> np.ndarray:
    return np.array([card.index for card in lookup.get_ranking(name).deck], dtype=np.intp)


def _all_hands(name: str, size: int) -> np.ndarray:
    deck = _deck_indices(name)
    rows = np.fromiter(
        (i for combo in combinations(range(len(deck)), size) for i in combo), dtype=np.intp
    ).reshape(-1, size)
    return deck[rows]


# -- five cards: every hand ----------------------------------------------------------


@pytest.mark.parametrize("name", POKER)
def test_every_five_card_hand_equals_the_reference(name: str) -> None:
    rules = builtin(name)
    hands = _all_hands(name, 5)
    expected = reference_classes(rules, hands)
    assert (lookup.evaluate_batch(hands, rules=name) == expected).all()
    kernel = lookup.get_ranking(name).evaluate5
    deck = lookup.DECK
    step = (
        7 if len(hands) > 1_000_000 else 1
    )  # the scalar kernel on every 7th (every, for 36 cards)
    sample = hands[::step]
    got = [kernel(*[deck[i] for i in hand]) for hand in sample.tolist()]
    assert got == expected[::step].tolist()


def test_every_four_card_badugi_equals_the_reference() -> None:
    rules = builtin("badugi")
    hands = _all_hands("badugi", 4)
    got = lookup.evaluate_batch(hands, rules="badugi")
    # Number the reference's verdicts by first computing every distinct one.
    verdicts = [classify([(i // 4, i % 4) for i in hand], rules) for hand in hands.tolist()]
    order = {v: n + 1 for n, v in enumerate(sorted(set(verdicts), reverse=True))}
    assert got.tolist() == [order[v] for v in verdicts]
    kernel = lookup.get_ranking("badugi").kernel(4)
    deck = lookup.DECK
    assert [kernel(*[deck[i] for i in h]) for h in hands[::5].tolist()] == got[::5].tolist()


# -- counts pinned from combinatorics ---------------------------------------------------

NO_PAIR_52 = C(13, 5) * 4**5  # five different ranks, any suits
FLUSH_SUITS = 4  # a fixed set of five ranks is a flush in 4 of its 4**5 suitings
SHORT_NO_PAIR = C(9, 5) * 4**5

FIVE_CARD_COUNTS: dict[str, dict[Category, int]] = {
    "standard": {
        Category.STRAIGHT_FLUSH: 10 * 4,
        Category.FOUR_OF_A_KIND: 13 * 48,
        Category.FULL_HOUSE: 13 * C(4, 3) * 12 * C(4, 2),
        Category.FLUSH: (C(13, 5) - 10) * 4,
        Category.STRAIGHT: 10 * (4**5 - 4),
        Category.THREE_OF_A_KIND: 13 * C(4, 3) * C(12, 2) * 16,
        Category.TWO_PAIR: C(13, 2) * 36 * 11 * 4,
        Category.ONE_PAIR: 13 * 6 * C(12, 3) * 64,
        Category.HIGH_CARD: (C(13, 5) - 10) * (4**5 - 4),
    },
    "short-deck": {  # nine ranks: six straights (A-6-7-8-9 the lowest)
        Category.STRAIGHT_FLUSH: 6 * 4,
        Category.FOUR_OF_A_KIND: 9 * 32,
        Category.FLUSH: (C(9, 5) - 6) * 4,
        Category.FULL_HOUSE: 9 * 4 * 8 * 6,
        Category.STRAIGHT: 6 * (4**5 - 4),
        Category.THREE_OF_A_KIND: 9 * 4 * C(8, 2) * 16,
        Category.TWO_PAIR: C(9, 2) * 36 * 7 * 4,
        Category.ONE_PAIR: 9 * 6 * C(8, 3) * 64,
        Category.HIGH_CARD: (C(9, 5) - 6) * (4**5 - 4),
    },
    "deuce-to-seven": {  # no wheel: A-2-3-4-5 is an ace-high hand
        Category.HIGH_CARD: (C(13, 5) - 9) * (4**5 - 4),
        Category.ONE_PAIR: 13 * 6 * C(12, 3) * 64,
        Category.TWO_PAIR: C(13, 2) * 36 * 11 * 4,
        Category.THREE_OF_A_KIND: 13 * 4 * C(12, 2) * 16,
        Category.STRAIGHT: 9 * (4**5 - 4),
        Category.FLUSH: (C(13, 5) - 9) * 4,
        Category.FULL_HOUSE: 13 * 4 * 12 * 6,
        Category.FOUR_OF_A_KIND: 13 * 48,
        Category.STRAIGHT_FLUSH: 9 * 4,
    },
    "ace-to-five": {  # straights and flushes ignored: every no-pair hand is a low
        Category.HIGH_CARD: NO_PAIR_52,
        Category.ONE_PAIR: 13 * 6 * C(12, 3) * 64,
        Category.TWO_PAIR: C(13, 2) * 36 * 11 * 4,
        Category.THREE_OF_A_KIND: 13 * 4 * C(12, 2) * 16,
        Category.FULL_HOUSE: 13 * 4 * 12 * 6,
        Category.FOUR_OF_A_KIND: 13 * 48,
    },
    "eight-or-better": {  # five different ranks of A-8
        Category.HIGH_CARD: C(8, 5) * 4**5,
        Category.NO_LOW: C(52, 5) - C(8, 5) * 4**5,
    },
}
FIVE_CARD_COUNTS["short-deck-triton"] = FIVE_CARD_COUNTS["short-deck"]

DISTINCT_CLASSES = {
    "standard": 7462,
    "short-deck": (C(9, 5) - 6) * 2 + 6 * 2 + 9 * 8 * 2 + 9 * C(8, 2) + C(9, 2) * 7 + 9 * C(8, 3),
    "deuce-to-seven": 7462,  # the same hands as standard, A-2-3-4-5 now the highest no-pair
    "ace-to-five": len(multisets(builtin("ace-to-five"), 5)),  # every rank multiset: 6,175
    "eight-or-better": C(8, 5) + 1,  # each qualifying low, and "no low"
    "badugi": C(13, 4) + C(13, 3) + C(13, 2) + 13,
}
DISTINCT_CLASSES["short-deck-triton"] = DISTINCT_CLASSES["short-deck"]


@pytest.mark.parametrize("name", PLAIN)
def test_distinct_classes(name: str) -> None:
    assert lookup.get_ranking(name).class_count == DISTINCT_CLASSES[name]
    assert DISTINCT_CLASSES["short-deck"] == 1404
    assert DISTINCT_CLASSES["ace-to-five"] == 6175


@pytest.mark.parametrize("name", POKER)
def test_five_card_category_counts(name: str) -> None:
    result = census(5, rules=name)
    counts = {c: n for c, n in result.category_counts.items() if n}
    assert counts == FIVE_CARD_COUNTS[name]
    assert result.hands == C(len(lookup.get_ranking(name).deck), 5)
    assert sum(counts.values()) == result.hands


def test_badugi_four_card_counts() -> None:
    counts = census(4, rules="badugi").category_counts
    assert counts[Category.BADUGI] == C(13, 4) * 24  # four ranks, the suits a permutation
    assert sum(counts.values()) == C(52, 4) == 270_725


# -- six and seven cards ------------------------------------------------------------------


def _cards(indices: list[int]) -> list[lookup.Card]:
    return [lookup.DECK[i] for i in indices]


@pytest.mark.parametrize("name", POKER)
@pytest.mark.parametrize("size", [6, 7])
def test_every_rank_multiset_and_every_flush_equals_the_reference_best(
    name: str, size: int
) -> None:
    rules = builtin(name)
    kernel = lookup.get_ranking(name).kernel(size)
    # Every rank multiset dealt with suits cycling (never five of a suit).
    hands = np.array(
        [[4 * r + i % 4 for i, r in enumerate(ranks)] for ranks in multisets(rules, size)]
    )
    expected = reference_best(rules, hands).tolist()
    assert [kernel(*_cards(h)) for h in hands.tolist()] == expected
    # Every set of 5..size ranks of one suit, with the other cards off that suit
    # cycling over a sample of rank choices (each multiset of the rest for 6 cards).
    ranks = sorted(rules.rank_order)
    rng = np.random.default_rng(size)
    rows = []
    for suited in range(5, size + 1):
        for flush_ranks in combinations(ranks, suited):
            rest = size - suited
            choices = [tuple(rng.choice(ranks, rest))] if rest else [()]
            if size == 6 and rest:
                choices = [(r,) for r in ranks]
            for others in choices:
                rows.append(
                    [4 * r + 3 for r in flush_ranks] + [4 * r + i % 3 for i, r in enumerate(others)]
                )
    hands = np.array(rows)
    expected = reference_best(rules, hands).tolist()
    assert [kernel(*_cards(h)) for h in hands.tolist()] == expected
    assert (lookup.evaluate_batch(hands, rules=name) == expected).all()


@pytest.mark.parametrize("name", POKER)
def test_random_seven_card_hands_equal_the_reference_best(name: str) -> None:
    rules = builtin(name)
    deck = _deck_indices(name)
    rng = np.random.default_rng(7)
    hands = deck[np.argsort(rng.random((200_000, len(deck))), axis=1)[:, :7]]
    expected = reference_best(rules, hands)
    assert (lookup.evaluate_batch(hands, rules=name) == expected).all()
    kernel = lookup.get_ranking(name).evaluate7
    sample = hands[:40_000].tolist()
    assert [kernel(*_cards(h)) for h in sample] == expected[:40_000].tolist()


# -- values: comparisons, pickling, threads ---------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(PLAIN),
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(5, 7),
    suits=st.permutations(range(4)),
)
def test_order_and_suit_relabelling_never_change_a_value(
    name: str, seed: int, size: int, suits: list[int]
) -> None:
    import random

    ranking = lookup.get_ranking(name)
    rng = random.Random(seed)
    size = 4 if name == "badugi" and size > 5 else size
    hand = rng.sample(ranking.deck, size)
    value = lookup.evaluate(tuple(hand), rules=name)
    shuffled = hand[:]
    rng.shuffle(shuffled)
    relabelled = [lookup.Card(c.rank, suits[c.suit]) for c in hand]
    assert lookup.evaluate(tuple(shuffled), rules=name) is value
    assert lookup.evaluate(relabelled, rules=name) is value


def test_values_of_two_rankings_refuse_to_be_ordered() -> None:
    high = lookup.evaluate("As Ks Qs Js Ts")
    low = lookup.evaluate("As Ks Qs Js Ts", rules="deuce-to-seven")
    assert high != low
    with pytest.raises(RankingError):
        _ = high < low
    with pytest.raises(RankingError):
        _ = high >= low
    with pytest.raises(RankingError, match=r"use \.class_number"):
        _ = low.kev


@pytest.mark.parametrize("name", BUILTIN_RANKINGS)
def test_values_pickle_to_the_shared_object(name: str) -> None:
    ranking = lookup.get_ranking(name)
    value = ranking.value(1)
    assert pickle.loads(pickle.dumps(value)) is value
    assert pickle.loads(pickle.dumps(ranking)) is ranking


def test_loading_from_many_threads_gives_one_ranking_and_right_answers() -> None:
    code = (
        "import threading, lookup\n"
        "out = []\n"
        "def work():\n"
        "    r = lookup.get_ranking('short-deck')\n"
        "    out.append((id(r), r.evaluate('As Ks Qs Js Ts 9c 9d').class_number))\n"
        "threads = [threading.Thread(target=work) for _ in range(8)]\n"
        "[t.start() for t in threads]; [t.join() for t in threads]\n"
        "print(len({a for a, _ in out}), sorted({b for _, b in out}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split("\n")[0] == "1 [1]"
    assert threading.active_count() >= 1


# -- descriptions ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILTIN_RANKINGS)
def test_descriptions_are_distinct_and_read_back(name: str) -> None:
    ranking = lookup.get_ranking(name)
    sentences = [ranking.describe(n) for n in range(1, ranking.class_count + 1)]
    assert len(set(sentences)) == len(sentences)
    for n in range(1, ranking.class_count + 1, 97):
        assert lookup.parse_description(sentences[n - 1], rules=name).class_number == n


@pytest.mark.parametrize(
    ("cards", "name", "sentence"),
    [
        ("7c 5d 4h 3s 2c", "deuce-to-seven", "Number one: 7-5-4-3-2"),
        ("7c 6d 4h 3s 2c", "deuce-to-seven", "Seven-Six low: 7-6-4-3-2"),
        ("8s 6h 4d 3c Ah", "eight-or-better", "Eight-Six low: 8-6-4-3-A"),
        ("9s 6h 4d 3c Ah", "eight-or-better", "No low"),
        ("8s 8h 4d 3c Ah", "eight-or-better", "No low"),
        ("As 2s 3h 4d", "badugi", "Three-card badugi, Four-Three-Ace"),
        ("Ah 6d 7c 8s 9h", "short-deck", "Straight, Nine high"),
        ("5c 4d 3h 2s Ac", "ace-to-five", "Number one: 5-4-3-2-A"),
    ],
)
def test_sentences_players_say(cards: str, name: str, sentence: str) -> None:
    assert lookup.evaluate(cards, rules=name).describe() == sentence


def test_short_deck_orders_flush_full_house_trips_straight() -> None:
    flush = lookup.evaluate("Ah Kh 9h 8h 6h", rules="short-deck")
    boat = lookup.evaluate("Ac Ad As Kc Kd", rules="short-deck")
    trips = lookup.evaluate("7c 7d 7s Kc Qd", rules="short-deck")
    straight = lookup.evaluate("9c Td Js Qc Kd", rules="short-deck")
    assert flush > boat and straight > trips
    triton = ("7c 7d 7s Kc Qd", "9c Td Js Qc Kd")
    assert lookup.evaluate(triton[0], rules="short-deck-triton") > lookup.evaluate(
        triton[1], rules="short-deck-triton"
    )


# -- a rule file of one's own --------------------------------------------------------------

ACE_TO_SIX = """\
name = "ace-to-six"
description = "Lowball: aces low; straights and flushes count against you."
ranks = "A23456789TJQK"
order = "low"
straights = true
wheel = false
flushes = true
categories = ["high-card", "pair", "two-pair", "three-of-a-kind", "straight",
              "flush", "full-house", "four-of-a-kind", "straight-flush"]
"""


def test_a_rule_file_builds_tables_the_runtime_loads_and_the_reference_agrees(
    tmp_path: Path,
) -> None:
    rule_file = tmp_path / "ace-to-six.toml"
    rule_file.write_text(ACE_TO_SIX)
    out = tmp_path / "tables"
    assert tablegen_main(["--rules", str(rule_file), "--out", str(out), "--quiet"]) == 0
    ranking = lookup.load_rules(out)
    rules = parse_rules(ACE_TO_SIX)
    hands = _all_hands("standard", 5)
    assert (lookup.evaluate_batch(hands, rules=ranking) == reference_classes(rules, hands)).all()
    rng = np.random.default_rng(6)
    sevens = np.argsort(rng.random((100_000, 52)), axis=1)[:, :7]
    assert (lookup.evaluate_batch(sevens, rules=ranking) == reference_best(rules, sevens)).all()
    kernel = ranking.evaluate7
    assert [kernel(*_cards(h)) for h in sevens[:5000].tolist()] == reference_best(
        rules, sevens[:5000]
    ).tolist()
    assert lookup.evaluate("6c 4d 3h 2s Ac", rules=ranking).describe() == "Number one: 6-4-3-2-A"


VALID = {
    "name": '"x"',
    "ranks": '"23456789TJQKA"',
    "order": '"high"',
    "straights": "true",
    "wheel": "true",
    "flushes": "true",
    "categories": '["high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", '
    '"full-house", "four-of-a-kind", "straight-flush"]',
}


def _rule_text(**changes: str | None) -> str:
    spec = {**VALID, **changes}
    return "\n".join(f"{k} = {v}" for k, v in spec.items() if v is not None)


@pytest.mark.parametrize(
    ("text", "key", "reason"),
    [
        (_rule_text(name=None), "name", "is missing"),
        (_rule_text(order=None), "order", "is missing"),
        (_rule_text(colour='"red"'), "colour", "is not a rules key"),
        (_rule_text(order='"sideways"'), "order", "is not allowed"),
        (_rule_text(ranks='"23456789TJQKAX"'), "ranks", "is not a rank"),
        (_rule_text(ranks='"2345"'), "ranks", "at least 5 ranks"),
        (_rule_text(ranks='"2A3456789TJQK"'), "ranks", "out of order"),
        (_rule_text(ranks='"223456789TJQK"'), "ranks", "listed twice"),
        (_rule_text(name='"Bad Name"'), "name", "is not a name"),
        (_rule_text(flushes='"yes"'), "flushes", "must be a bool"),
        (_rule_text(straights="false", wheel="false"), "categories",
         "'straight' is listed but straights = false"),
        (_rule_text(straights="false", wheel="true", categories='["high-card"]'), "wheel",
         "straights = false"),
        (_rule_text(categories='["high-card", "pair"]'), "categories", "missing"),
        (_rule_text(categories='["high-card", "high-card"]'), "categories", "twice"),
        (_rule_text(categories='["six-of-a-kind"]'), "six-of-a-kind", "unknown category"),
        (_rule_text() + '\nscoring = "badugi"', "straights", "no meaning"),
        (_rule_text() + "\nhand_size = 6", "hand_size", "5 cards"),
        (_rule_text() + '\n[qualifier]\ncategories = ["pair"]\nhighest = "Z"', "qualifier.highest",
         "not a rank"),
        ("name = ", None, "not valid TOML"),
    ],
)  # fmt: skip
def test_malformed_rule_files_are_refused_with_key_and_reason(
    text: str, key: str | None, reason: str
) -> None:
    with pytest.raises(RulesError, match=reason) as caught:
        parse_rules(text)
    if key is not None:
        assert caught.value.token == key or key in str(caught.value)


def test_a_bad_rule_file_on_the_command_line_writes_nothing(tmp_path: Path) -> None:
    rule_file = tmp_path / "bad.toml"
    rule_file.write_text(_rule_text(straights="false", wheel="false"))
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "tablegen", "--rules", str(rule_file), "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "categories" in result.stderr
    assert not out.exists()


def test_an_unknown_ranking_name_is_refused() -> None:
    with pytest.raises(RankingError, match="unknown ranking 'razz'"):
        lookup.evaluate("As Ks Qs Js Ts", rules="razz")
