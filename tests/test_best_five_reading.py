"""Best fives read from the class's ranks, against the subset search and a brute force.

:func:`lookup.ranking.describe.cards_by_reading` picks, for each rank of a class's
reading, the first card of that rank not yet taken (the flush suit's cards for a
flush). It must give exactly what the subset search gives
(:func:`~lookup.ranking.describe.cards_by_search`): the same cards, in the same order,
and of equal cards the ones given first. The brute force here is the definition: every
five-card subset in the order ``combinations`` gives them, classified by
``tablegen.reference`` (which shares nothing with the runtime's tables); the first
subset with the best verdict plays, read in the reference's reading order, of equal
ranks the card given first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.cards import DECK, Card, parse_cards, rank_multisets
from lookup.game.best_five import best_five, best_five_of
from lookup.game.evaluate import game_evaluator
from lookup.ranking.describe import cards_by_reading, cards_by_search, cards_of
from lookup.ranking.ranking import Ranking, get_ranking, rankings
from tablegen.rankings import builtin
from tablegen.reference import classify

HIGH = [r.name for r in rankings() if r.kind.name == "poker" and not r.definition.low]
"""The rankings whose best fives are read (high poker, no wild cards)."""
OTHERS = [r.name for r in rankings() if r.name not in HIGH]


def _deck(ranking: Ranking) -> list[Card]:
    return [card for card in ranking.deck if not card.is_joker]


def reference_five(ranking: str, pool: Sequence[Card]) -> tuple[Card, ...]:
    """The definition: the first subset with the best verdict, read as a dealer reads it."""
    rules = builtin(ranking)
    subsets = list(combinations(pool, 5))
    verdicts = [classify([(c.rank, c.suit) for c in five], rules) for five in subsets]
    best = max(verdicts)
    left = list(subsets[verdicts.index(best)])
    read = []
    for rank in best.reading:
        card = next(c for c in left if c.rank == rank)  # of equal ranks, the first given
        left.remove(card)
        read.append(card)
    return tuple(read)


def _search(ranking: Ranking, pool: tuple[Card, ...]) -> tuple[Card, ...]:
    return cards_by_search(ranking, ranking.evaluate(pool), (pool,)).cards


def _read(ranking: Ranking, pool: tuple[Card, ...]) -> tuple[Card, ...] | None:
    return cards_by_reading(ranking, ranking.evaluate(pool).class_number, pool)


# --- exhaustive where it is feasible ----------------------------------------------------


def test_every_five_card_hand_of_the_short_deck_reads_as_the_search() -> None:
    # 376,992 hands (triton's order of categories is covered by the seeded tests below).
    ranking = get_ranking("short-deck")
    for pool in combinations(_deck(ranking), 5):
        rank = ranking.evaluate(pool)
        read = cards_by_reading(ranking, rank.class_number, pool)
        assert read == cards_by_search(ranking, rank, (pool,)).cards, pool


def test_every_seven_card_rank_multiset_reads_as_the_search() -> None:
    # All 49,205 multisets of seven ranks, each dealt in a seeded order of seeded suits
    # (pairs and trips in mixed suits, sometimes a flush among them).
    ranking = get_ranking("standard")
    rng = random.Random(2020)
    for ranks in rank_multisets(range(13), 7):
        suits: dict[int, list[int]] = {}
        pool = []
        for rank in ranks:
            free = suits.setdefault(rank, rng.sample(range(4), 4))
            pool.append(DECK[4 * rank + free.pop()])
        rng.shuffle(pool)
        hand = tuple(pool)
        read = _read(ranking, hand)
        assert read is not None, hand  # the best class of a hand is always read
        assert read == _search(ranking, hand), hand


# --- every high ranking, every size, seeded and by hypothesis ---------------------------


@pytest.mark.parametrize("name", HIGH)
@pytest.mark.parametrize("size", [5, 6, 7, 8, 9])
def test_seeded_hands_read_as_the_brute_force(name: str, size: int) -> None:
    ranking = get_ranking(name)
    deck = _deck(ranking)
    rng = random.Random(size * 31 + len(name))
    for _ in range(150 if size <= 7 else 40):
        pool = tuple(rng.sample(deck, size))
        expected = reference_five(name, pool)
        assert best_five(pool, rules=name).cards == expected, pool
        assert _read(ranking, pool) == expected == _search(ranking, pool), pool


@st.composite
def _flushy_hands(draw: st.DrawFn, ranking: str) -> tuple[Card, ...]:
    """Hands of 5 to 13 cards, often heavy in one or two suits (flushes, straight flushes,
    and two flushes of the same ranks in one hand)."""
    deck = _deck(get_ranking(ranking))
    size = draw(st.integers(5, 13))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    favoured = [c for c in deck if c.suit in suits]
    heavy = draw(st.integers(0, min(size, len(favoured))))
    chosen = draw(st.permutations(favoured))[:heavy]
    rest = [c for c in deck if c not in chosen]
    chosen += draw(st.permutations(rest))[: size - heavy]
    return tuple(draw(st.permutations(chosen)))


@pytest.mark.parametrize("name", HIGH)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_hypothesis_hands_read_as_the_search(name: str, data: st.DataObject) -> None:
    ranking = get_ranking(name)
    pool = data.draw(_flushy_hands(name))
    read = _read(ranking, pool)
    assert read is not None
    assert read == _search(ranking, pool)
    if len(pool) <= 9:  # the brute force classifies every subset: C(9, 5) = 126
        assert read == reference_five(name, pool)


def test_every_class_read_from_a_random_pool_is_the_search_or_refused() -> None:
    # Not only a hand's best class: any class the pool can make reads as the search
    # finds it, and a class it cannot make is refused (None), not guessed.
    ranking = get_ranking("standard")
    rng = random.Random(7)
    for _ in range(60):
        pool = tuple(rng.sample(DECK, 7))
        made = {ranking.kernel(5)(*five) for five in combinations(pool, 5)}
        for number in sorted(made):
            rank = ranking.value(number)
            assert (
                cards_by_reading(ranking, number, pool)
                == cards_by_search(ranking, rank, (pool,)).cards
            )
        for number in rng.sample(sorted(set(range(1, 7463)) - made), 20):
            assert cards_by_reading(ranking, number, pool) is None


# --- ties: of equal cards, the ones given first -----------------------------------------


@pytest.mark.parametrize(
    ("hand", "plays"),
    [
        ("Ah Kd Ac Ad 7s 7c 2h", "Ah Ac Ad 7s 7c"),  # the first three aces of four
        ("7c Ah Kd Ac Ad 7s 2h 7d", "Ah Ac Ad 7c 7s"),  # the sevens in the order given
        ("9d 9c Kd Kc Ks 9h 9s", "9d 9c 9h 9s Kd"),  # quads beat the full house
        ("Kd 2s 3s 4s 5s 6s Ad 2d 3d 4d 5d 6d Ks", "6s 5s 4s 3s 2s"),  # two straight flushes
        ("Kd 2d 3d 4d 5d 6d Ad 2s 3s 4s 5s 6s Ks", "6d 5d 4d 3d 2d"),  # the suit given first
        ("3s 3d 4c 5h 6d 7c 7h", "7c 6d 5h 4c 3s"),  # straight: the first three of two
    ],
)
def test_the_cards_given_first_play(hand: str, plays: str) -> None:
    cards = parse_cards(hand)
    assert best_five(cards).cards == parse_cards(plays) == reference_five("standard", cards)


def test_every_order_of_one_hand_reads_as_the_search() -> None:
    ranking = get_ranking("standard")
    rng = random.Random(11)
    base = parse_cards("Ah Ad Ac Kh Kd Ks 2h")  # two full houses' worth of ties
    for _ in range(200):
        pool = tuple(rng.sample(base, len(base)))
        assert _read(ranking, pool) == _search(ranking, pool) == reference_five("standard", pool)


# --- where the shortcut must not answer ---------------------------------------------------


@pytest.mark.parametrize("name", OTHERS)
def test_lows_wild_cards_and_badugi_keep_the_search(name: str) -> None:
    ranking = get_ranking(name)
    rng = random.Random(len(name))
    deck = list(ranking.deck)
    for _ in range(40):
        pool = tuple(rng.sample(deck, 7))
        rank = ranking.evaluate(pool)
        assert cards_by_reading(ranking, rank.class_number, pool) is None
        assert cards_of(ranking, rank, (pool,)) == cards_by_search(ranking, rank, (pool,))


def test_omaha_pools_keep_the_search() -> None:
    # Sixty two-plus-three pools: cards_of must search them, never read the first one.
    evaluator = game_evaluator("omaha")
    hole, board = parse_cards("As Ah Ad Ac"), parse_cards("Ks Kd 2c 3c 4h")
    pools = evaluator.game.family.pools(hole, board)
    rank = evaluator.evaluate(hole, board)
    assert cards_of(evaluator.high_ranking, rank, pools) == cards_by_search(
        evaluator.high_ranking, rank, pools
    )
    assert best_five(hole, board, game="omaha").cards == parse_cards("As Ah Ks Kd 4h")


# --- every game: the cards that play are the search's ------------------------------------


def _deal(game: str, rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    evaluator = game_evaluator(game)
    deck = list(evaluator.high_ranking.deck)
    rng.shuffle(deck)
    sizes = sorted(evaluator.sizes)
    hole, board = sizes[-1] if game != "stud" else (7, 0)
    return tuple(deck[:hole]), tuple(deck[hole : hole + board])


@pytest.mark.parametrize("game", [game.name for game in lookup.games()])
def test_every_game_plays_the_cards_the_search_finds(game: str) -> None:
    evaluator = game_evaluator(game)
    rng = random.Random(len(game) * 7)
    for _ in range(60):
        hole, board = _deal(game, rng)
        pools = evaluator.game.family.pools(hole, board)
        high, low = best_five_of(evaluator, hole, board)
        assert high == cards_by_search(evaluator.high_ranking, high.rank, pools)
        if low is not None:
            assert evaluator.low_ranking is not None
            assert low == cards_by_search(evaluator.low_ranking, low.rank, pools)
