"""The Hold'em Monte Carlo sampler: right distribution, right classes, right answers.

Sampling draws each board as one row of a table of pairs and one of triples of
the unseen cards, and each range's combo by index, rejecting draws that use a
card twice (lookup.odds.holdem.kernel.BoardDealer, lookup.odds.holdem.engine
._Sampler). These tests check that against plain references: every five-card
set equally likely (chi-square over all of them on a small deck), the joint
holdings uniform over the compatible assignments listed with itertools, each
sample's classes equal to the best of its 21 five-card subsets by the reference
classifier, and sampled equity within four standard errors of the exact answer.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, product

import numpy as np
import pytest

import lookup.odds.holdem.engine as engine
from lookup.batch.evaluate import batch_tables
from lookup.core.cards import DECK, parse_cards
from lookup.odds.front import equity
from lookup.odds.holdem.engine import _Sampler
from lookup.odds.holdem.kernel import BoardDealer, _rank_space
from lookup.ranges.holdem import parse_holding
from tests.reference_classes import class_of_key, reference_best


def chi_square_bound(df: int) -> float:
    """A chi-square value that a correct sampler passes with probability about 1 - 1e-6.

    Wilson-Hilferty: (X / df) ** (1/3) is close to normal with mean 1 - 2 / (9 df)
    and variance 2 / (9 df); 4.9 standard deviations is the 1e-6 upper tail.
    """
    v = 2 / (9 * df)
    return df * (1 - v + 4.9 * math.sqrt(v)) ** 3


def chi_square(counts: list[int], expected: list[float]) -> float:
    return sum((c - e) ** 2 / e for c, e in zip(counts, expected, strict=True))


def indices(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def cards_of(bits: int) -> tuple[int, ...]:
    return tuple(i for i in range(52) if bits >> i & 1)


def dealt_bits(dealer: BoardDealer, rows: list[np.ndarray]) -> list[np.ndarray]:
    """Card bits of each group a dealer drew: its holes, then its board tables."""
    return [t.card_bits[r] for t, r in zip(dealer.tables, rows, strict=True)]


def accepted(dealer: BoardDealer, rows: list[np.ndarray], held: np.ndarray | None) -> list:
    ok = dealer.fits(rows, held)
    return rows if ok is None else [r[ok] for r in rows]


def live_for(hands: list[str], known: list[int]) -> list[tuple[tuple[int, int], ...]]:
    """Each holding's combos once the known cards and the fixed hands are out."""
    ranges = [parse_holding(h, p)[1] for p, h in enumerate(hands, start=1)]
    fixed = {c for combos in ranges if len(combos) == 1 for c in combos[0]}
    live = []
    for combos in ranges:
        blocked = set(known) if len(combos) == 1 else set(known) | fixed
        live.append(tuple(c for c in combos if not set(c) & blocked))
    return live


def sampler_for(hands: list[str], board: str = "", dead: str = "") -> _Sampler:
    known = indices(board) + indices(dead)
    sampler = _Sampler.build(live_for(hands, known), tuple(parse_cards(board)), known)
    assert sampler is not None
    return sampler


# -- boards: uniform over every set ---------------------------------------------------


@pytest.mark.parametrize("known", [[], indices("Ah Kd 2c"), indices("Ah Kd 2c 7s")])
def test_every_board_of_a_small_deck_is_equally_likely(known: list[int]) -> None:
    deck = [c for c in indices("2s 3h 4d 5c 6s 7h 8d 9c Ts") if c not in known]
    dealer = BoardDealer.build(known, deck)
    rows = accepted(dealer, dealer.draw(np.random.default_rng(5), 300_000), None)
    boards = Counter(np.bitwise_or.reduce(dealt_bits(dealer, rows)).tolist())
    everything = [sum(1 << c for c in s) for s in combinations(deck, 5 - len(known))]
    assert set(boards) == set(everything)  # each a set of distinct deck cards, none missing
    n = sum(boards.values())
    counts = [boards[b] for b in everything]
    assert chi_square(counts, [n / len(everything)] * len(everything)) < chi_square_bound(
        len(everything) - 1
    )


def test_boards_avoid_each_samples_held_cards_and_stay_uniform() -> None:
    deck = indices("2s 3h 4d 5c 6s 7h 8d 9c Ts Jh")
    dealer = BoardDealer.build([], deck)
    rng = np.random.default_rng(11)
    m = 400_000
    # Each sample holds one of two pairs of the deck, alternately.
    pairs = [1 << deck[0] | 1 << deck[1], 1 << deck[2] | 1 << deck[3]]
    held = np.array([pairs[i % 2] for i in range(m)], dtype=np.uint64)
    rows = dealer.draw(rng, m)
    ok = dealer.fits(rows, held)
    assert ok is not None
    board = np.bitwise_or.reduce(dealt_bits(dealer, rows))
    assert not np.any(board[ok] & held[ok])
    assert np.all(~ok | (np.bitwise_count(board) == 5))  # no kept board repeats a card
    for which, pair in enumerate(pairs):
        mine = ok & (np.arange(m) % 2 == which)
        seen = Counter(board[mine].tolist())
        left = [c for c in deck if not pair >> c & 1]
        everything = [sum(1 << c for c in s) for s in combinations(left, 5)]
        assert set(seen) == set(everything)
        n = sum(seen.values())
        counts = [seen[b] for b in everything]
        assert chi_square(counts, [n / len(everything)] * len(everything)) < chi_square_bound(
            len(everything) - 1
        )


def test_acceptance_is_the_share_of_draws_kept() -> None:
    deck = [c for c in range(52) if c not in indices("As Ah Ks Kh")]
    dealer = BoardDealer.build([], deck, holes=1)
    rows = dealer.draw(np.random.default_rng(2), 200_000)
    ok = dealer.fits(rows, None)
    assert ok is not None
    exact = (
        math.comb(48, 2)
        * math.comb(46, 5)
        * 10
        / (math.comb(48, 2) * math.comb(48, 2) * math.comb(48, 3))
    )
    assert dealer.acceptance(0) == pytest.approx(exact)
    share = float(ok.mean())
    assert abs(share - exact) < 4 * math.sqrt(exact * (1 - exact) / len(ok))


def test_per_card_frequencies_of_sampled_boards_are_uniform() -> None:
    # Heads-up, fixed hands: each of the 48 unseen cards is on 5/48 of the boards.
    sampler = sampler_for(["AsAh", "KsKh"])
    picks, rows = sampler.draw(np.random.default_rng(3), 240_000)
    assert picks == []
    board = np.bitwise_or.reduce(dealt_bits(sampler.dealer, rows))
    unseen = [c for c in range(52) if c not in indices("As Ah Ks Kh")]
    counts = [int(np.count_nonzero(board >> np.uint64(c) & np.uint64(1))) for c in unseen]
    assert not np.any(board & np.uint64(sum(1 << c for c in indices("As Ah Ks Kh"))))
    # Five cards a board: counts sum to 5 m; the statistic over 48 cells has 47 df.
    assert chi_square(counts, [5 * 240_000 / 48] * 48) < chi_square_bound(47)


# -- holdings: the joint distribution with card removal -----------------------------------


@pytest.mark.parametrize("listed", [True, False])
def test_range_holdings_are_uniform_over_compatible_assignments(
    listed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not listed:  # draw one combo each and reject collisions instead of listing
        monkeypatch.setattr(engine, "ASSIGNMENT_LIMIT", 4)
    hands = ["AA, KK", "AK", "KK, AQs"]
    sampler = sampler_for(hands)
    picks, rows = sampler.draw(np.random.default_rng(21), 200_000)
    live = sampler.varying_live
    compatible = [
        t
        for t in product(*(range(len(c)) for c in live))
        if len({card for p, i in enumerate(t) for card in live[p][i]}) == 2 * len(live)
    ]
    seen = Counter(zip(*(p.tolist() for p in picks), strict=True))
    assert set(seen) <= set(compatible)
    n = 200_000
    counts = [seen[t] for t in compatible]
    assert chi_square(counts, [n / len(compatible)] * len(compatible)) < chi_square_bound(
        len(compatible) - 1
    )
    # No board card is held by a player of its own sample.
    held = np.zeros(n, dtype=np.uint64)
    for p, pick in enumerate(picks):
        held |= sampler.bit_tables[p][pick]
    board = np.bitwise_or.reduce(dealt_bits(sampler.dealer, rows))
    assert not np.any(board & held)


def test_random_holding_is_any_pair_of_the_cards_left() -> None:
    # 'random' is dealt as a row of the dealer's pairs: uniform over the pairs
    # the fixed hand and the board leave, never touching the board.
    sampler = sampler_for(["AsKs", "random"], board="Qs 7s 2h")
    _, rows = sampler.draw(np.random.default_rng(8), 300_000)
    hole, board = dealt_bits(sampler.dealer, rows)
    assert not np.any(hole & board)
    unseen = [c for c in range(52) if c not in indices("As Ks Qs 7s 2h")]
    everything = [1 << a | 1 << b for a, b in combinations(unseen, 2)]
    seen = Counter(hole.tolist())
    assert set(seen) == set(everything)
    counts = [seen[h] for h in everything]
    expected = [300_000 / len(everything)] * len(everything)
    assert chi_square(counts, expected) < chi_square_bound(len(everything) - 1)


# -- classes: each sample against the reference classifier ---------------------------------


def reference_class7(cards: list[int]) -> int:
    return reference_best([DECK[c] for c in cards])


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AsAh", "KsKh"], ""),
        (["7h6h", "QQ+, AKs", "random"], ""),
        (["AcKd", "QQ+, AKs, AKo"], "2c 7d 9h"),
        (["Ah5h", "KdQd", "8c8s"], "4h 3h 9d"),  # flush draws: many flushes
        (["QQ+", "random", "AKs", "5c4c"], "Qs 7s 2h 3d"),
        (["QQ+", "AK"], "Qs 7s 2h 3d 9s"),  # the river: nothing dealt
    ],
)
def test_sampled_classes_are_the_best_five_of_each_deal(hands: list[str], board: str) -> None:
    sampler = sampler_for(hands, board)
    m = 800
    picks, rows = sampler.draw(np.random.default_rng(len(hands)), m)
    classes = sampler.classes(picks, rows, m)
    groups = dealt_bits(sampler.dealer, rows)
    board_bits = (
        np.bitwise_or.reduce(groups[sampler.dealer.holes :])
        if len(groups) > sampler.dealer.holes
        else np.zeros(m, dtype=np.uint64)
    )
    for i in range(m):
        cards_on_board = indices(board) + list(cards_of(int(board_bits[i])))
        assert len(cards_on_board) == 5
        seen: set[int] = set(cards_on_board)
        for p, (_, source, at) in enumerate(sampler.holdings):
            if source == "hole":
                hole = cards_of(int(groups[at][i]))
            elif source == "range":
                hole = sampler.varying_live[at][int(picks[at][i])]
            else:
                hole = parse_holding(hands[p], p + 1)[1][0]
            assert not seen & set(hole)  # every card of a showdown is dealt once
            seen |= set(hole)
            assert int(classes[p][i]) == reference_class7([*hole, *cards_on_board])


def rank_multisets_by_key(size: int) -> list[tuple[int, ...]]:
    """Rank multisets of ``size`` (at most four of a rank), in the order of their rank sums."""
    weights = batch_tables().card_rank_key[::4].tolist()  # deuce first
    found = [
        ms
        for ms in combinations_with_replacement(range(13), size)
        if max(ms.count(r) for r in ms) <= 4
    ]
    return sorted(found, key=lambda ms: sum(weights[r] for r in ms))


def test_the_table_of_holes_against_boards_matches_the_reference() -> None:
    # A random sample of its valid entries (91 x 6,175 in all), flushes aside.
    space = _rank_space()
    holes, boards = rank_multisets_by_key(2), rank_multisets_by_key(5)
    assert (len(holes), len(boards)) == (len(space.hole_keys), len(space.board_keys))
    chosen = random.Random(4)
    checked = 0
    while checked < 3000:
        h, b = chosen.randrange(len(holes)), chosen.randrange(len(boards))
        seven = sorted(holes[h] + boards[b])
        if max(seven.count(r) for r in seven) > 4:
            continue
        expected = min(class_of_key(False, five) for five in combinations(seven, 5))
        assert int(space.classes[h * len(boards) + b]) == expected
        checked += 1


# -- answers: within four standard errors of exact -------------------------------------------


@pytest.mark.parametrize(
    ("hands", "board", "seed"),
    [
        (["AsAh", "KsKh"], "", 1),  # fixed hands preflop (exact: the preflop table)
        (["7h6h", "AsKd"], "", 2),
        (["AsKs", "7h7c", "QdJd"], "", 3),  # three fixed hands, 1,370,754 boards
        (["AsAh", "QQ+, AKs, AKo"], "", 4),  # a hand against a range preflop
        (["AsKs", "random"], "", 5),
        (["AcKd", "QQ+, AKs, AKo"], "2c 7d 9h", 6),  # against a range on a flop
        (["AA, KK", "AK, KQs", "KK, AQs"], "Ks 7d 2c", 7),  # three ranges that collide
        (["AsAh, AdAc", "KK", "AhKh, AcKc, AdKd"], "", 8),  # ... preflop
        (["QQ+", "AK"], "Qs 7s 2h 3d 9s", 9),  # the river
    ],
)
def test_sampled_equity_is_within_four_standard_errors_of_exact(
    hands: list[str], board: str, seed: int
) -> None:
    exact = equity(hands, board=board, exact=True)
    sampled = equity(hands, board=board, samples=200_000, seed=seed)
    assert exact.exact and not sampled.exact
    for e, s in zip(exact, sampled, strict=True):
        assert s.std_error > 0
        assert abs(s.equity - e.equity) < 4 * s.std_error


@pytest.mark.parametrize(
    ("hands", "board"),
    [(["AA, KK", "AK, KQs", "JJ, TT"], "Ks 7d 2c 4h"), (["AsKs", "random"], "Qs 7s 2h")],
)
def test_the_shuffling_fallback_is_within_four_standard_errors_of_exact(
    hands: list[str], board: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Deals that drawing by index would mostly reject are shuffled from the deck instead.
    monkeypatch.setattr(engine, "_LEAST_ACCEPTANCE", 1.01)
    monkeypatch.setattr(engine, "_LEAST_ACCEPTANCE_UNLISTED", 1.01)
    assert _Sampler.build([((51, 50),)], (), []) is None
    exact = equity(hands, board=board, exact=True)
    sampled = equity(hands, board=board, samples=200_000, seed=12)
    for e, s in zip(exact, sampled, strict=True):
        assert abs(s.equity - e.equity) < 4 * s.std_error


def test_many_ranges_take_the_shuffling_path_and_stay_right() -> None:
    # Eight ranges preflop: drawing the board by index would keep about 13% of draws.
    hands = ["22+"] * 8
    sampler = _Sampler.build([parse_holding(h, p)[1] for p, h in enumerate(hands, 1)], (), [])
    assert sampler is None
    result = equity(hands, samples=40_000, seed=1)
    # Eight identical ranges: every player's equity is 1/8.
    for p in result:
        assert abs(p.equity - 1 / 8) < 4 * p.std_error


@pytest.mark.parametrize(
    ("hands", "board", "shuffle"),
    [
        (["AsAh", "KsKh"], "", False),
        (["QQ+", "AK"], "Qs 7s 2h 3d 9s", False),
        (["AsKs", "random", "QQ+"], "", False),
        (["AsKs", "random", "QQ+"], "", True),
    ],
)
def test_sampled_showdowns_yield_exactly_the_samples_asked_for(
    hands: list[str], board: str, shuffle: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if shuffle:
        monkeypatch.setattr(engine, "_LEAST_ACCEPTANCE", 1.01)
    live = live_for(hands, indices(board))
    total = 2 * engine._SAMPLE_CHUNK + 7
    chunks = list(
        engine._sampled_showdowns(
            live, tuple(parse_cards(board)), indices(board), total, np.random.default_rng(1)
        )
    )
    assert sum(len(chunk[0]) for chunk in chunks) == total
    for chunk in chunks:
        assert len(chunk) == len(hands)
        assert all(c.dtype == np.uint16 and len(c) == len(chunk[0]) for c in chunk)
        assert all(int(c.min()) >= 1 and int(c.max()) <= 7462 for c in chunk)
