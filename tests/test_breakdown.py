"""lookup.breakdown: invariants, weights, partial boards and refusals, against plain counts."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.board.breakdown import breakdown
from lookup.core.cards import parse_cards
from lookup.ranges.range import Range
from lookup.ranking.ranking import get_ranking
from tests import breakdown_reference as ref

STANDARD = get_ranking("standard").definition


def _plain(cards: object) -> list[tuple[int, int]]:
    return [(c.index >> 2, c.index & 3) for c in parse_cards(cards)]  # type: ignore[arg-type]


def _random_range(rng: random.Random) -> Range:
    deck = range(52)
    chosen = rng.sample(list(combinations(deck, 2)), 60)
    weights = {(max(a, b), min(a, b)): rng.choice(["1", "0.5", "0.25", "0.3"]) for a, b in chosen}
    return Range.from_weights({(a, b): w for (a, b), w in weights.items()})


def test_facade_serves_breakdown() -> None:
    assert lookup.breakdown is breakdown
    assert "breakdown" in lookup.__all__


@pytest.mark.parametrize("seed", range(6))
def test_classes_partition_the_weighted_range(seed: int) -> None:
    rng = random.Random(seed)
    held = _random_range(rng)
    board = rng.sample(range(52), 3 + seed % 3)
    dead = rng.sample([c for c in range(52) if c not in board], seed % 2)
    result = breakdown(held, board=board, dead=dead)
    live = held.without([*board, *dead])
    assert result.total_weight == live.total_weight
    assert sum(s.weight for s in result.made) == live.total_weight
    assert sum(s.share for s in result.made) == 1
    seen = Counter(combo for s in result.made for combo in s.combos)
    assert set(seen) == set(result.labels) and set(seen.values()) == {1}
    assert len(seen) == len(live)
    plain_board = [(c >> 2, c & 3) for c in board]
    by_class: dict[str, Fraction] = Counter()
    for combo, weight in live.weights.items():
        hole = [(c >> 2, c & 3) for c in combo]
        by_class[ref.made_class(hole, plain_board, STANDARD)] += weight
        flags, _ = ref.draws(hole, plain_board, STANDARD)
        for flag in flags:
            by_class[flag] += weight
    for share in result:
        assert share.weight == by_class[share.key], share.key


def test_range_text_weights_and_range_agree() -> None:
    text = "QQ+:0.5, [25]AKs, T9s[/25], KK"
    assert breakdown(text, board="Ks 7h 2d") == breakdown(Range(text), board="Ks 7h 2d")
    result = breakdown(text, board="Ks 7h 2d")
    # KK weighs 1 (the last token covering it), three combos left with Ks on the board.
    assert result["set"].weight == 3
    assert result["overpair"].weight == Fraction(1, 2) * 6  # AA at 0.5
    assert result["pocket-pair-between"].weight == Fraction(1, 2) * 6  # QQ: below K, above 7


def test_pocket_pair_flops_its_rank_on_2304_of_19600_flops() -> None:
    result = breakdown("7s7h", street="flop")
    flops = comb(50, 3)
    no_seven = comb(48, 3)
    assert flops == 19600 and flops - no_seven == 2304
    # One seven and two unpaired others: a set; one seven and a pair: a full house;
    # both sevens: quads. Trips of another rank on the board: a full house too.
    other_pairs = 12 * comb(4, 2)
    set_ = 2 * (comb(48, 2) - other_pairs)
    full = 2 * other_pairs + 12 * comb(4, 3)
    quads = 48
    assert set_ + 2 * other_pairs + quads == 2304
    assert result["set"].share == Fraction(set_, flops)
    assert result["full-house"].share == Fraction(full, flops)
    assert result["quads"].share == Fraction(quads, flops)
    # On an average flop of the 22,100 the combo is live on 19,600 of them.
    assert result.exact and result.boards == comb(52, 3)
    assert result.total_weight == Fraction(flops, comb(52, 3))


def test_ace_king_suited_flops_a_pair_or_better() -> None:
    result = breakdown("AsKs", street="flop")
    flops = comb(50, 3)
    hits = flops - comb(44, 3)  # an ace or a king
    straights = 4**3 - 1  # Q-J-T without the straight flush ...
    flushes = comb(11, 3)  # ... which is a flush: three more spades, no ace or king
    unmade = ("playing-the-board", "ace-high", "nothing")  # no hole card makes anything
    made = sum(s.share for s in result.made if s.key not in unmade)
    assert made == Fraction(hits + straights + flushes, flops)
    assert result["flush-draw"].share == Fraction(comb(11, 2) * 39, flops)
    assert result["straight-flush"].share == Fraction(1, flops)


def test_a_partial_board_averages_every_completion_by_the_reference() -> None:
    text = "AKs, 76s:0.5"
    board = "Ks 7s 2d"
    result = breakdown(text, board=board, street="turn", dead="Qh")
    held = Range(text)
    counts: Counter[str] = Counter()
    total = Fraction(0)
    deck = [c for c in range(52) if c not in {c.index for c in parse_cards(board + " Qh")}]
    plain_board = _plain(board)
    for turn in deck:
        for combo, weight in held.weights.items():
            if turn in combo or not {c.index for c in parse_cards(board + " Qh")}.isdisjoint(combo):
                continue
            hole = [(c >> 2, c & 3) for c in combo]
            cards = [*plain_board, (turn >> 2, turn & 3)]
            counts[ref.made_class(hole, cards, STANDARD)] += weight
            for flag in ref.draws(hole, cards, STANDARD)[0]:
                counts[flag] += weight
            total += weight
    assert result.boards == len(deck) and result.street == "turn"
    for share in result:
        assert share.share == counts[share.key] / total, share.key
        assert share.weight == counts[share.key] / len(deck)


def test_sampled_completions_are_near_the_exact_answer_and_repeatable() -> None:
    exact = breakdown("QQ+, AK", street="flop")
    sampled = breakdown("QQ+, AK", street="flop", exact_limit=0, samples=3000, seed=5)
    assert not sampled.exact and sampled.boards == 3000
    assert sampled == breakdown("QQ+, AK", street="flop", exact_limit=0, samples=3000, seed=5)
    for got, want in zip(sampled, exact, strict=True):
        # A class too rare to be sampled has no spread to measure: allow it a little.
        assert abs(got.share - float(want.share)) <= 5 * got.std_error + 2e-3, got.key
    assert any(s.std_error > 0 for s in sampled)


def test_short_deck_ranks_its_own_way() -> None:
    # The classes follow the ranking's categories: a flush above a full house.
    keys = [s.key for s in breakdown("AA", board="9h 9d 6h", game="short-deck").made]
    assert keys.index("flush") < keys.index("full-house")
    result = breakdown("AhQh, 9c6c, 8h7h", board="9h 9d 6h Kh", game="short-deck")
    assert result.labels["AhQh"].made == "nut-flush"
    assert result.labels["9c6c"].made == "full-house"
    assert result.labels["8h7h"].made == "flush"  # 6-7-8-9 and K of hearts: no straight
    low = breakdown("Ac6c", board="7d 8s 9h", game="short-deck")
    assert low.labels["Ac6c"].made == "straight"  # A-6-7-8-9, the lowest
    # Trips with an open-ended straight draw: a straight beats trips in short deck, not
    # in the Triton ranking, so only the first reports the draw.
    board = "9d 9s 7c Tc"
    plain = breakdown("9h8h", board=board, game="short-deck")
    assert plain.labels["9h8h"].draws == ("straight-draw-8",)
    triton = breakdown("9h8h", board=board, game="short-deck", rules="short-deck-triton")
    assert triton.labels["9h8h"].made == "trips" and triton.labels["9h8h"].draws == ()
    keys = [s.key for s in triton.made]
    assert keys.index("set") < keys.index("nut-straight")


def test_json() -> None:
    result = breakdown("QQ+, AK", board="Ks 7h 2d", dead="Ah")
    data = json.loads(json.dumps(result.to_json()))
    assert data["board"] == ["Ks", "7h", "2d"] and data["dead"] == ["Ah"]
    assert data["boards"] == 1 and data["samples"] is None
    assert breakdown("AK", street="flop", samples=10, exact_limit=0).to_json()["board"] is None
    assert data["total_weight"] == float(result.total_weight)
    assert [m["key"] for m in data["made"]] == [s.key for s in result.made]
    assert data["labels"]["AsKd"]["made"] == "top-pair-top-kicker"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: breakdown("AA", board="Ks 7h"), lookup.PokerLookupError, "street="),
        (lambda: breakdown("AA", street="preflop"), lookup.PokerLookupError, "unknown street"),
        (lambda: breakdown("AA", board="Ks 7h 2d 3c", street="flop"), lookup.PokerLookupError,
         "past the flop"),
        (lambda: breakdown("AA", board="Ks 7h Ks"), lookup.DuplicateCardError, "'Ks'"),
        (lambda: breakdown("AA", board="Ks 7h 2d", dead="7h"), lookup.DuplicateCardError, "'7h'"),
        (lambda: breakdown("AA", board="Ks 7h 2d", game="razz"), lookup.GameError, "razz"),
        (lambda: breakdown("AA", board="Ks 7h 2d", game="omaha"), lookup.RangeError, "4 ranks"),
        (lambda: breakdown("AA", board="Ks 7h 2d", game="stud"), lookup.GameError, "stud"),
        (lambda: breakdown("AsAh", board="As 7h 2d"), lookup.PokerLookupError, "no combo"),
        (lambda: breakdown("KK:2", board="As 7h 2d"), lookup.RangeError, "weight"),
        (lambda: breakdown(3, board="As 7h 2d"), lookup.RangeError, "int"),  # type: ignore[arg-type]
        (lambda: breakdown("AA", board="2s 7h 6d", game="short-deck"), lookup.CardError, "2s"),
        (lambda: breakdown("AA", street="flop", samples=0), lookup.PokerLookupError, "samples"),
        (lambda: breakdown("AA", street="flop", exact_limit=-1), lookup.PokerLookupError,
         "exact_limit"),
        (lambda: breakdown("AA", street="flop", seed=-2), lookup.PokerLookupError, "seed"),
        (lambda: breakdown(Range("AA"), board="As 7h 6d", game="short-deck"), lookup.RangeError,
         "holdem range"),
    ],
)  # fmt: skip
def test_refusals_name_the_culprit(call: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


def test_weights_with_many_decimals_stay_exact() -> None:
    text = "AKs:0.1234567890123456789, QQ:0.3"
    result = breakdown(text, board="Ks 7h 2d")
    assert result["top-pair-top-kicker"].weight == 3 * Fraction("0.1234567890123456789")
    flop = breakdown("AsKs:0.1234567890123456789, QsQh:0.3", street="flop")
    assert (
        flop["top-pair-top-kicker"].share
        + flop["ace-high"].share
        + sum(s.share for s in flop.made if s.key not in ("top-pair-top-kicker", "ace-high"))
        == 1
    )


def test_a_late_progress_bar_shows_only_on_long_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    breakdown("AsKs", board="2c 7d", street="turn")
    assert capsys.readouterr().err == ""
    monkeypatch.setattr("lookup.core.progress.PROGRESS_AFTER", 0.0)
    monkeypatch.setattr("lookup.core.progress._isatty", lambda stream: True)
    breakdown("AsKs", board="2c 7d", street="turn", progress=False)
    assert capsys.readouterr().err == ""
    breakdown("AsKs", board="2c 7d", street="turn")
    assert "breakdown (exact)" in capsys.readouterr().err


@settings(max_examples=150, deadline=None)
@given(
    rules=st.sampled_from(["standard", "short-deck", "short-deck-triton"]),
    size=st.sampled_from([3, 4, 5]),
    seed=st.integers(0, 2**32 - 1),
)
def test_any_combo_on_any_board_is_labelled_as_the_reference_says(
    rules: str, size: int, seed: int
) -> None:
    ranking = get_ranking(rules)
    cards = random.Random(seed).sample([c.index for c in ranking.deck], size + 2)
    board, hole = cards[:size], cards[size:]
    result = breakdown(
        Range.from_weights({tuple(hole): 1}, game="short-deck" if "short" in rules else "holdem"),
        board=board,
        game="short-deck" if "short" in rules else "holdem",
        rules=rules,
    )
    (label,) = result.labels.values()
    plain_hole = [(c >> 2, c & 3) for c in hole]
    plain_board = [(c >> 2, c & 3) for c in board]
    flags, outs = ref.draws(plain_hole, plain_board, ranking.definition)
    assert label.made == ref.made_class(plain_hole, plain_board, ranking.definition)
    assert (set(label.draws), label.straight_outs) == (flags, outs)
