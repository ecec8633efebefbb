"""Wild-card rankings (joker, two-jokers, deuces-wild, bug) against a brute-force reference.

The reference is :mod:`tests.wild_reference`: it substitutes real cards for the
wild cards and scores them with a scorer of its own, never with ``tablegen``.
Its scores are numbered on their own (distinct scores of every five-card shape,
best first, from 1), and every runtime answer must equal that number:

* every five-card hand of each deck (2,869,685 / 3,162,510 / 2,598,960 /
  2,869,685), through the numpy batch path, and a sample through the scalar kernel;
* six and seven cards: a hand for every key of the ``wild`` table (unsuited
  keys and flush entries) and 1,000,000 random hands (125,000 per ranking and
  size) through the batch path, 10,000 of each through the scalar kernel,
  against the best of their five-card subsets under the same numbering;
* published counts (five-card category counts for the 53-card joker deck and
  for deuces wild; see ``PUBLISHED``) as invariants;
* properties (hypothesis): a full wild card in place of any card never makes a
  hand worse (not for the bug); order and suit relabelling never matter.
"""

from __future__ import annotations

import math
import pickle
from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.batch.census import census
from lookup.batch.evaluate import evaluate_batch
from lookup.cli.main import main as cli_main
from lookup.core.cards import DECK, JOKER, JOKERS, Card, parse_card, parse_cards
from lookup.core.errors import CardError, RulesError
from lookup.core.rules import WILD_RANKINGS, Category, parse_rules, rules_from_mapping
from lookup.ranking.describe import canonical_hand
from lookup.ranking.ranking import get_ranking
from lookup.ranking.tables import load_wild
from tablegen.__main__ import main as tablegen_main
from tests.wild_reference import FIVE_OF_A_KIND, shape_score

ALL_CARDS: tuple[Card, ...] = (*DECK, *JOKERS)
DIGIT = 5**13  # wild-card count in a shape code
SUITED = 5**14  # the naturals share a suit
HANDS = {"joker": 2_869_685, "two-jokers": 3_162_510, "deuces-wild": 2_598_960, "bug": 2_869_685}

# Five-card category counts, by category value of the brute-force scorer (0 = high card ...
# 9 = five of a kind). Sources and conventions: docs/wildcards.md.
PUBLISHED: dict[str, dict[int, int]] = {
    # 53 cards, one joker fully wild: the table published for a wild joker (e.g.
    # fennaixelphox.dreamwidth.org/1543.html; Scarne's tables): 24 royals + 180 others.
    "joker": {
        9: 13,
        8: 204,
        7: 3_120,
        6: 6_552,
        5: 7_804,
        4: 20_532,
        3: 137_280,
        2: 123_552,
        1: 1_268_088,
        0: 1_302_540,
    },
    # 52 cards, deuces wild: 672 five of a kind (B. Alspach, "Wild Cards in Profusion:
    # Part 2", Poker Digest 5(9), 2002). The other categories are pinned from this
    # computation (two independent references agree); video-poker tables split the
    # 2,552 straight flushes into 4 natural royals, 480 wild royals and 2,068 others,
    # and count the 48 four-deuce hands apart from the other 624 five of a kind.
    "deuces-wild": {
        9: 672,
        8: 2_552,
        7: 31_552,
        6: 12_672,
        5: 14_472,
        4: 62_232,
        3: 355_080,
        2: 95_040,
        1: 1_225_008,
        0: 799_680,
    },
    # Pinned from this computation (no published table found): two jokers, and the bug.
    "two-jokers": {
        9: 78,
        8: 624,
        7: 9_360,
        6: 9_360,
        5: 11_388,
        4: 34_704,
        3: 232_968,
        2: 123_552,
        1: 1_437_936,
        0: 1_302_540,
    },
    "bug": {
        9: 1,
        8: 204,
        7: 828,
        6: 4_368,
        5: 7_804,
        4: 20_532,
        3: 63_360,
        2: 138_600,
        1: 1_215_024,
        0: 1_418_964,
    },
}


class Reference(NamedTuple):
    """Shape codes of every five-card shape, sorted, and the reference class of each."""

    codes: Any
    numbers: Any
    scores: list[tuple[int, ...]]  # best first: scores[n - 1] is class n


def card_tables(name: str) -> tuple[Any, Any, Any, Any]:
    """Per card index 0-53: rank digit, is wild, suit (wild: -1), in the ranking's deck."""
    ranking = get_ranking(name)
    wild, deck = ranking.wild_cards, set(ranking.deck)
    digit = np.array([0 if c in wild else 5 ** (c.index // 4) for c in ALL_CARDS], np.int64)
    is_wild = np.array([c in wild for c in ALL_CARDS])
    suit = np.array([-1 if c in wild else c.index % 4 for c in ALL_CARDS], np.int64)
    in_deck = np.array([c in deck for c in ALL_CARDS])
    return digit, is_wild, suit, in_deck


def shape_codes(name: str, hands: Any) -> Any:
    """Shape code of each row of five card indices: natural ranks, wild count, one suit."""
    digit, is_wild, suit, _ = card_tables(name)
    s = suit[hands]
    high = np.where(s < 0, -1, s).max(axis=1)
    low = np.where(s < 0, 9, s).min(axis=1)
    return digit[hands].sum(axis=1) + is_wild[hands].sum(axis=1) * DIGIT + (high == low) * SUITED


def decode(code: int) -> tuple[tuple[int, ...], int, bool]:
    suited, rest = divmod(code, SUITED)
    wilds, rest = divmod(rest, DIGIT)
    ranks = tuple(r for r in range(13) for _ in range((rest // 5**r) % 5))
    return ranks, wilds, bool(suited)


@cache
def combination_rows(n: int, k: int) -> Any:
    """Every k-subset of range(n), ascending within and between rows (like itertools)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.int8)
    blocks = [
        np.column_stack([np.full(math.comb(n - first - 1, k - 1), first, np.int8),
                         combination_rows(n - first - 1, k - 1) + np.int8(first + 1)])
        for first in range(n - k + 1)
    ]  # fmt: skip
    return np.concatenate(blocks)


def all_hands(name: str, size: int = 5) -> Any:
    """Every ``size``-card hand of the ranking's deck as rows of card indices (int8)."""
    deck = np.array([c.index for c in get_ranking(name).deck], dtype=np.int8)
    rows = combination_rows(len(deck), size)
    assert len(rows) == math.comb(len(deck), size)
    return deck[rows]


@cache
def exhaustive(name: str) -> tuple[Any, Any]:
    """Every five-card hand of the deck and its shape code."""
    hands = all_hands(name)
    return hands, shape_codes(name, hands)


@cache
def reference(name: str) -> Reference:
    """The brute-force class number of every five-card shape of the deck."""
    _, codes = exhaustive(name)
    unique = np.unique(codes)
    bug = get_ranking(name).definition.bug
    scores = [shape_score(*decode(int(code)), bug) for code in unique]
    order = sorted(set(scores), reverse=True)
    number = {s: i + 1 for i, s in enumerate(order)}
    return Reference(unique, np.array([number[s] for s in scores], np.uint16), order)


def reference_classes(name: str, hands: Any) -> Any:
    """Reference class of each row (five or more cards): the best of its five-card subsets."""
    ref = reference(name)
    best = None
    for keep in combinations(range(hands.shape[1]), 5):
        codes = shape_codes(name, hands[:, list(keep)])
        slots = np.searchsorted(ref.codes, codes)
        assert (ref.codes[slots] == codes).all()
        numbers = ref.numbers[slots]
        best = numbers if best is None else np.minimum(best, numbers)
    return best


@pytest.fixture(scope="module", autouse=True)
def _release_hands() -> Iterator[None]:
    # Every hand of four decks is ~150 MB of arrays: free them for the rest of the session.
    yield
    exhaustive.cache_clear()
    reference.cache_clear()
    combination_rows.cache_clear()


# -- five cards: every hand ------------------------------------------------------------


@pytest.mark.parametrize("name", WILD_RANKINGS)
def test_every_five_card_hand_matches_the_brute_force(name: str) -> None:
    hands, codes = exhaustive(name)
    assert len(hands) == HANDS[name] == math.comb(len(get_ranking(name).deck), 5)
    ref = reference(name)
    expected = ref.numbers[np.searchsorted(ref.codes, codes)]
    assert (evaluate_batch(hands, rules=name, check_duplicates=False) == expected).all()
    # Every class the tables know is made by some hand, and no other.
    assert get_ranking(name).class_count == len(ref.scores)


@pytest.mark.parametrize("name", WILD_RANKINGS)
def test_scalar_kernel_on_a_sample_of_every_shape(name: str) -> None:
    hands, codes = exhaustive(name)
    ref = reference(name)
    # One hand of every shape, plus 100,000 random ones.
    _, first = np.unique(codes, return_index=True)
    rows = np.concatenate([first, np.random.default_rng(12).integers(0, len(hands), 100_000)])
    evaluate5 = get_ranking(name).evaluate5
    got = [evaluate5(*(ALL_CARDS[i] for i in row)) for row in hands[rows].tolist()]
    assert got == ref.numbers[np.searchsorted(ref.codes, codes[rows])].tolist()


@pytest.mark.parametrize("name", WILD_RANKINGS)
def test_categories_and_readings_match_the_reference(name: str) -> None:
    ranking, ref = get_ranking(name), reference(name)
    for number, score in enumerate(ref.scores, start=1):
        assert int(ranking.categories[number]) == score[0], number
        if score[0] == FIVE_OF_A_KIND:
            assert (
                ranking.describe(number)
                == f"Five of a Kind, {lookup.core.sentences.PLURALS[score[1]]}"
            )


def category_counts(name: str) -> dict[int, int]:
    _, codes = exhaustive(name)
    unique, counts = np.unique(codes, return_counts=True)
    bug = get_ranking(name).definition.bug
    tally: Counter[int] = Counter()
    for code, count in zip(unique.tolist(), counts.tolist(), strict=True):
        tally[shape_score(*decode(code), bug)[0]] += count
    return dict(tally)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_published_category_counts(name: str) -> None:
    assert category_counts(name) == PUBLISHED[name]
    # And the runtime's categories give the same counts (through the batch path).
    hands, _ = exhaustive(name)
    classes = evaluate_batch(hands, rules=name, check_duplicates=False)
    categories = np.array([int(c) for c in get_ranking(name).categories], np.uint8)[classes]
    assert dict(Counter(categories.tolist())) == PUBLISHED[name]


def test_six_card_joker_counts_as_published() -> None:
    # Bill Butler's six-card table with one joker (durangobill.com, quoted widely):
    # 624 five of a kind, 1,132 royal flushes (the best five of six, 22,957,480 hands).
    six = census(6, rules="joker")
    assert six.hands == math.comb(53, 6)
    assert six.category_counts[Category.FIVE_OF_A_KIND] == 624
    assert six.royal_flushes == 1_132


def test_class_counts() -> None:
    # Standard's 7,462 classes, plus 13 five of a kind (one joker or two), or five aces (bug).
    assert get_ranking("joker").class_count == get_ranking("two-jokers").class_count == 7462 + 13
    assert get_ranking("bug").class_count == 7462 + 1


def test_five_of_a_kind_counts() -> None:
    # Four of a rank and a joker: 13 hands; the bug makes only five aces (one hand).
    assert category_counts("joker")[FIVE_OF_A_KIND] == 13
    assert category_counts("bug")[FIVE_OF_A_KIND] == 1
    assert sum(category_counts("two-jokers").values()) == math.comb(54, 5)


# -- six and seven cards ---------------------------------------------------------------


def key_hands(name: str) -> Any:
    """A hand for every key of the ``wild`` table: each unsuited key, each flush entry."""
    ranking = get_ranking(name)
    tables = load_wild(ranking.directory, ranking.classes)
    wild = sorted(c.index for c in ranking.wild_cards)
    rows: list[list[int]] = []
    for key in sorted(tables.by_key()):
        wilds = (key // 5**tables.wild_digit) % 5 if ranking.definition.jokers else key % 5
        rest = key - wilds * 5**tables.wild_digit
        ranks = [r for r in range(13) for _ in range((rest // 5**r) % 5)]
        # Suits cycle by position: the naturals spread over the suits.
        rows.append([4 * r + i % 4 for i, r in enumerate(ranks)] + wild[:wilds])
    for slot, number in enumerate(tables.flush):
        if number:
            count, mask = divmod(slot, 1 << 13)
            ranks = [r for r in range(13) if mask >> r & 1]
            wilds = count + 5 - len(ranks)
            rows.append([4 * r + 3 for r in ranks] + wild[:wilds])
    assert all(len(set(row)) == len(row) for row in rows)
    return rows


@pytest.mark.parametrize("name", WILD_RANKINGS)
def test_a_hand_for_every_table_key(name: str) -> None:
    rows = key_hands(name)
    ranking = get_ranking(name)
    for size in (5, 6, 7):
        hands = np.array([row for row in rows if len(row) == size], dtype=np.int8)
        expected = reference_classes(name, hands)
        assert (evaluate_batch(hands, rules=name) == expected).all()
        kernel = ranking.kernel(size)
        got = [kernel(*(ALL_CARDS[i] for i in row)) for row in hands.tolist()]
        assert got == expected.tolist()


def random_hands(name: str, size: int, count: int, seed: int) -> Any:
    deck = np.array([c.index for c in get_ranking(name).deck], dtype=np.int8)
    keys = np.random.default_rng(seed).random((count, len(deck)))
    return deck[np.argsort(keys, axis=1)[:, :size]]


@pytest.mark.parametrize("name", WILD_RANKINGS)
@pytest.mark.parametrize("size", [6, 7])
def test_random_hands_against_the_best_of_their_subsets(name: str, size: int) -> None:
    hands = random_hands(name, size, 125_000, seed=size)  # 1,000,000 over the 8 cases
    expected = reference_classes(name, hands)
    assert (evaluate_batch(hands, rules=name) == expected).all()
    kernel = get_ranking(name).kernel(size)
    sample = hands[:10_000].tolist()
    assert [kernel(*(ALL_CARDS[i] for i in row)) for row in sample] == expected[:10_000].tolist()


# -- properties --------------------------------------------------------------------------


def _hand(name: str, size: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(
        st.sampled_from(get_ranking(name).deck), min_size=size, max_size=size, unique=True
    )


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(["joker", "two-jokers", "deuces-wild"]),
    size=st.integers(5, 7),
    data=st.data(),
)
def test_a_wild_card_never_makes_a_hand_worse(name: str, size: int, data: st.DataObject) -> None:
    ranking = get_ranking(name)
    hand = data.draw(_hand(name, size))
    spare = [c for c in ranking.wild_cards if c not in hand]
    if not spare:
        return
    position = data.draw(st.integers(0, size - 1))
    replaced = [*hand[:position], spare[0], *hand[position + 1 :]]
    kernel = ranking.kernel(size)
    assert kernel(*replaced) <= kernel(*hand)


_SUIT_PERMUTATIONS = st.permutations(range(4))


def _relabel(card: Card, suits: list[int]) -> Card:
    return card if card.is_joker else DECK[4 * card.rank + suits[card.suit]]


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(WILD_RANKINGS), size=st.integers(5, 7), data=st.data())
def test_order_and_suits_do_not_matter(name: str, size: int, data: st.DataObject) -> None:
    kernel = get_ranking(name).kernel(size)
    hand = data.draw(_hand(name, size))
    shuffled = data.draw(st.permutations(hand))
    suits = data.draw(_SUIT_PERMUTATIONS)
    relabelled = [_relabel(c, suits) for c in shuffled]
    assert kernel(*hand) == kernel(*shuffled) == kernel(*relabelled)


# -- cards, rules and words ---------------------------------------------------------------


def test_joker_spellings_and_identity() -> None:
    assert parse_cards("Jk jkb") == (JOKER, JOKERS[1])
    assert parse_cards("JK🃏b".replace("🃏b", "")) == (JOKER,)
    assert parse_card("🃏") is JOKER and parse_card("JKB") is JOKERS[1]
    assert parse_cards("AsJkbKd") == (DECK[51], JOKERS[1], DECK[45])
    assert Card.from_index(52) is JOKER and JOKERS[1].index == 53
    assert pickle.loads(pickle.dumps(JOKERS[1])) is JOKERS[1]
    assert str(JOKER) == "Jk" and repr(JOKERS[1]) == "Card('Jkb')"
    with pytest.raises(CardError, match="appears more than once"):
        parse_cards("Jk As jk")


def test_a_joker_outside_a_joker_ranking_is_an_error() -> None:
    for rules, message in [
        ("standard", "it has no jokers"),
        ("deuces-wild", "it has no jokers"),
        ("joker", "it has one joker, Jk"),
    ]:
        with pytest.raises(CardError, match=message):
            lookup.evaluate("As Ks Qs Jkb 2c", rules=rules)
    with pytest.raises(CardError, match="index 52"):
        evaluate_batch([[0, 4, 8, 12, 52]])
    with pytest.raises(CardError, match=r"Jkb \(index 53\) is not in the joker deck"):
        evaluate_batch([[0, 4, 8, 12, 53]], rules="joker")


def test_decks() -> None:
    assert [len(get_ranking(n).deck) for n in WILD_RANKINGS] == [53, 54, 52, 53]
    assert get_ranking("joker").deck[-1] is JOKER


@pytest.mark.parametrize(
    ("hand", "rules", "sentence"),
    [
        ("As Ad Ah Ac Jk", "joker", "Five of a Kind, Aces"),
        ("As Ad Ah Ac Jk", "bug", "Five of a Kind, Aces"),
        ("Ks Kd Kh Kc Jk", "bug", "Four of a Kind, Kings, Ace kicker"),
        ("Ks Qs 9s 5s Jk", "joker", "Flush, Ace-King-Queen-Nine-Five"),
        ("As Qs 9s 5s Jk", "joker", "Flush, Ace-King-Queen-Nine-Five"),
        ("Ks Qs Js Ts Jk", "joker", "Royal Flush"),
        ("Ks Qd 9s 5s Jk", "bug", "High Card, Ace-King-Queen-Nine-Five"),
        ("Ks Qd Js Ts Jk", "bug", "Straight, Ace high"),
        ("2c 2d 2h 2s 7c", "deuces-wild", "Five of a Kind, Sevens"),
        ("2c 5d 6h 7s 8c", "deuces-wild", "Straight, Nine high"),
        ("Jk Jkb 3c 4c 5c", "two-jokers", "Straight Flush, Seven high"),
    ],
)
def test_descriptions(hand: str, rules: str, sentence: str) -> None:
    assert lookup.evaluate(hand, rules=rules).describe() == sentence


def test_five_of_a_kind_beats_a_royal_flush() -> None:
    five = lookup.evaluate("2c 2d 2h 2s Jk", rules="joker")
    royal = lookup.evaluate("As Ks Qs Js Ts", rules="joker")
    assert five > royal and five.category is Category.FIVE_OF_A_KIND
    # Two hands that make the same five values tie, wild cards or not.
    assert lookup.evaluate("As Ks Qs Js Jk", rules="joker") == royal


# -- rule files, the command line ----------------------------------------------------------

SHORT_DECK_JOKER = """
name = "short-deck-joker"
ranks = "6789TJQKA"
order = "high"
straights = true
wheel = true
flushes = true
jokers = 1
categories = ["high-card", "pair", "two-pair", "three-of-a-kind", "straight",
              "full-house", "flush", "four-of-a-kind", "straight-flush", "five-of-a-kind"]
"""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"jokers": 3}, "a deck holds 0, 1 or 2 jokers"),
        ({"jokers": 0, "bug": True}, "'bug': is true but the deck has no jokers"),
        ({"jokers": 1, "wild": "6"}, "at most four wild cards"),
        ({"wild": "x"}, "'x' is not a rank of this deck"),
        ({"order": "low"}, "wild cards in a low ranking need straights = false"),
    ],
)
def test_bad_wild_rules_are_refused(change: dict[str, object], message: str) -> None:
    import tomllib

    spec = tomllib.loads(SHORT_DECK_JOKER) | change
    with pytest.raises(RulesError, match=message):
        rules_from_mapping(spec)


def test_five_of_a_kind_needs_wild_cards() -> None:
    spec = parse_rules(SHORT_DECK_JOKER).as_mapping() | {"jokers": 0}
    with pytest.raises(RulesError, match="'five-of-a-kind' needs wild cards"):
        rules_from_mapping(spec)


def test_a_rule_file_with_a_joker_builds_and_loads(tmp_path: Path) -> None:
    rule_file = tmp_path / "short-deck-joker.toml"
    rule_file.write_text(SHORT_DECK_JOKER, encoding="utf-8")
    out = tmp_path / "tables"
    assert tablegen_main(["--rules", str(rule_file), "--out", str(out), "--quiet"]) == 0
    ranking = lookup.load_rules(out)
    assert len(ranking.deck) == 37
    assert ranking.evaluate("Ts 9s 8s 7s Jk").describe() == "Straight Flush, Jack high"
    assert ranking.evaluate("As Ad Ah Ac Jk").category is Category.FIVE_OF_A_KIND
    # The 6-7-8-9 and a joker: the ace plays low in short deck's wheel, or the ten plays high.
    assert ranking.evaluate("6c 7d 8h 9s Jk").describe() == "Straight, Ten high"


def test_census_and_eval_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["census", "5", "--rules", "joker"]) == 0
    out = capsys.readouterr().out
    assert "All 2,869,685 five-card hands (joker)" in out
    assert "Five of a Kind             13" in out
    assert cli_main(["eval", "--rules", "deuces-wild", "--ascii", "2c 2d 7h 7s 9c"]) == 0
    out = capsys.readouterr().out
    assert "Four of a Kind, Sevens, Nine kicker" in out
    assert "2c as 7d 2d as 7c" in out
    assert cli_main(["eval", "Jk As Ks Qs Js"]) == 2
    assert "it has no jokers" in capsys.readouterr().err


@pytest.mark.parametrize("name", WILD_RANKINGS)
def test_every_class_has_a_canonical_hand_and_a_sentence(name: str) -> None:
    ranking = get_ranking(name)
    sentences = set()
    for number in range(1, ranking.class_count + 1):
        hand = canonical_hand(number, rules=name)
        assert len(set(hand)) == 5
        assert lookup.evaluate(hand, rules=name).class_number == number
        sentences.add(ranking.describe(number))
    assert len(sentences) == ranking.class_count


ACE_TO_FIVE_JOKER = """
name = "ace-to-five-joker"
ranks = "A23456789TJQK"
order = "low"
straights = false
flushes = false
jokers = 1
categories = ["high-card", "pair", "two-pair", "three-of-a-kind", "full-house",
              "four-of-a-kind", "five-of-a-kind"]
"""


def _lowest_with_joker(naturals: list[Card]) -> str:
    """Brute force: the joker as every card not held, judged by the built-in ace-to-five."""
    options = [c for c in DECK if c not in naturals]
    values = [lookup.evaluate([*naturals, c], rules="ace-to-five") for c in options]
    return max(values).describe()


def test_lowball_with_a_joker_is_the_lowest_card_not_held(tmp_path: Path) -> None:
    rule_file = tmp_path / "a5j.toml"
    rule_file.write_text(ACE_TO_FIVE_JOKER, encoding="utf-8")
    out = tmp_path / "tables"
    assert tablegen_main(["--rules", str(rule_file), "--out", str(out), "--quiet"]) == 0
    ranking = lookup.load_rules(out)
    assert ranking.evaluate("Jk 2c 3d 4h 5s").describe() == "Number one: 5-4-3-2-A"
    # Every five-card hand holding the joker, one per rank multiset (suits do not count).
    seen: set[tuple[int, ...]] = set()
    for naturals in combinations(DECK, 4):
        shape = tuple(c.rank for c in naturals)
        if shape in seen:
            continue
        seen.add(shape)
        hand = [*naturals, JOKER]
        assert ranking.evaluate(hand).describe() == _lowest_with_joker(list(naturals)), hand
    # Six and seven cards, the joker among them, through the scalar kernels and the batch.
    rng = np.random.default_rng(5)
    for size in (6, 7):
        for _ in range(300):
            naturals = [DECK[i] for i in rng.choice(52, size - 1, replace=False)]
            expected = _lowest_with_joker(naturals)
            assert ranking.evaluate([*naturals, JOKER]).describe() == expected
            row = np.array([[c.index for c in naturals] + [52]])
            number = int(evaluate_batch(row, rules=ranking)[0])
            assert ranking.describe(number) == expected
