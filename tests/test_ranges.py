"""Range notation: combo counts from first principles, card removal, and clear errors."""

from __future__ import annotations

from itertools import combinations

import pytest

from lookup.core.cards import parse_cards
from lookup.ranges.holdem import (
    ALL_COMBOS,
    RangeError,
    class_name,
    combo_text,
    parse_range,
    remove_blocked,
)

RANKS = "23456789TJQKA"


def _classes(combos: tuple[tuple[int, int], ...]) -> set[str]:
    return {class_name(c) for c in combos}


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("QQ+", 18),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("22+", 78),
        ("22-55", 24),
        ("55-22", 24),
        ("ATs+", 16),
        ("KTo+", 36),
        ("A5s-A2s", 16),
        ("AsKs", 1),
        ("QQ+, AKs, AsKd", 23),
        ("QQ+ AKs,AsKd", 23),
        ("QQ+, KK", 18),  # repeats count once
        ("random", 1326),
        ("ak", 16),
        ("AKS", 4),
        ("10s10d", 1),
        ("T9s+", 4),  # only T9s: the lower card rises to one below the higher
    ],
)
def test_combo_counts(text: str, count: int) -> None:
    combos = parse_range(text)
    assert len(combos) == count
    assert len(set(combos)) == count
    assert all(hi > lo for hi, lo in combos)


def test_combo_counts_from_first_principles() -> None:
    # A pair class has C(4, 2) combos, suited 4, offsuit 4 * 3: count the deck directly.
    deck = parse_cards(" ".join(r + s for r in RANKS for s in "cdhs"))
    by_class: dict[str, int] = {}
    for a, b in combinations(deck, 2):
        hi, lo = max(a.index, b.index), min(a.index, b.index)
        name = class_name((hi, lo))
        by_class[name] = by_class.get(name, 0) + 1
    assert len(by_class) == 169
    assert sum(by_class.values()) == 1326 == len(ALL_COMBOS)
    for name, count in by_class.items():
        assert len(parse_range(name)) == count, name


def test_plus_and_dash_forms_name_the_right_classes() -> None:
    assert _classes(parse_range("QQ+")) == {"QQ", "KK", "AA"}
    assert _classes(parse_range("ATs+")) == {"ATs", "AJs", "AQs", "AKs"}
    assert _classes(parse_range("KTo+")) == {"KTo", "KJo", "KQo"}
    assert _classes(parse_range("A5s-A2s")) == {"A5s", "A4s", "A3s", "A2s"}
    assert _classes(parse_range("22-55")) == {"22", "33", "44", "55"}
    assert _classes(parse_range("AK")) == {"AKs", "AKo"}


def test_suitedness_of_every_combo() -> None:
    for hi, lo in parse_range("AKs"):
        assert hi % 4 == lo % 4
    for hi, lo in parse_range("AKo"):
        assert hi % 4 != lo % 4


def test_explicit_combo_is_those_cards() -> None:
    (combo,) = parse_range("KdAs")
    assert {combo_text((c,)) for c in combo} == {"As", "Kd"}


def test_blocked_combos_are_dropped() -> None:
    board = [c.index for c in parse_cards("As 7d 2c")]
    aces = remove_blocked(parse_range("AA"), board)
    assert len(aces) == 3  # C(3, 2) with one ace gone
    assert len(remove_blocked(parse_range("AKs"), board)) == 3
    assert len(remove_blocked(parse_range("22+"), board)) == 78 - 3 - 3 - 3
    assert all(not set(c) & set(board) for c in aces)


@pytest.mark.parametrize("percent", [1, 5, 10, 15, 25, 50, 100])
def test_percentages_take_whole_classes_from_the_top(percent: int) -> None:
    from lookup.preflop.table import preflop_order

    order = preflop_order()
    combos = parse_range(f"{percent}%")
    wanted = percent / 100 * 1326
    assert len(combos) >= wanted
    classes = _classes(combos)
    # Exactly a prefix of the documented order, and the last class is needed.
    assert classes == set(order[: len(classes)])
    last = order[len(classes) - 1]
    assert len(combos) - len(parse_range(last)) < wanted


def test_preflop_order_is_sane() -> None:
    from lookup.odds.holdem.heads_up import versus_random
    from lookup.preflop.table import preflop_order

    order = preflop_order()
    assert len(order) == 169 == len(set(order))
    # Heads-up against one random hand the worst class is 32o, not 72o.
    assert order[0] == "AA" and order[-1] == "32o"
    # Published equity against a random hand (PokerStove tables): AA 85.2%, 72o 34.6%, 32o 32.3%.
    assert versus_random("AA").equity == pytest.approx(0.852, abs=0.0005)
    assert versus_random("72o").equity == pytest.approx(0.346, abs=0.0005)
    assert versus_random("32o").equity == pytest.approx(0.323, abs=0.0005)
    # The order is by exact equity, so it never goes up.
    exact = [versus_random(name).exact_equity for name in order]
    assert exact == sorted(exact, reverse=True)
    assert order.index("AKs") < order.index("AKo")
    assert order.index("KK") < order.index("AKs")


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("QQ+, AKx", "AKx"),
        ("QQ+, AsKx", "AsKx"),
        ("ZZ", "ZZ"),
        ("AAs", "AAs"),
        ("AKs-AQo", "AKs-AQo"),
        ("AKs-QJs", "AKs-QJs"),
        ("AsAs", "AsAs"),
        ("AsKsQs", "AsKsQs"),
        ("0%", "0%"),
        ("150%", "150%"),
        ("QQ++", "QQ++"),
    ],
)
def test_bad_tokens_are_named(text: str, token: str) -> None:
    with pytest.raises(RangeError) as info:
        parse_range(text)
    assert info.value.token == token
    assert repr(token) in str(info.value)


def test_empty_and_non_string_ranges() -> None:
    with pytest.raises(RangeError, match="empty range"):
        parse_range(" , ")
    with pytest.raises(RangeError, match="is a string"):
        parse_range(["AK"])  # type: ignore[arg-type]


def test_range_error_is_a_package_error() -> None:
    from lookup.core.errors import PokerLookupError

    assert issubclass(RangeError, PokerLookupError)
    assert issubclass(RangeError, ValueError)


# Lookalikes: the pattern and the code reading it must agree on one alphabet, ASCII.
@pytest.mark.parametrize(
    ("text", "token", "culprit"),
    [
        ("AK\u017f", "AK\u017f", "U+017F"),  # long s: read as 's' by a Unicode IGNORECASE
        ("\u212aK", "\u212aK", "U+212A"),  # Kelvin sign: case-folds to 'k'
        ("\uff21\uff2bs", "\uff21\uff2bs", "U+FF21"),  # fullwidth A
        ("AK\uff53", "AK\uff53", "U+FF53"),  # fullwidth s
        ("\u0665%", "\u0665%", "U+0665"),  # Arabic-Indic five
        ("\U0001d7d3%", "\U0001d7d3%", "U+1D7D3"),  # mathematical bold five
        ("QQ+,\u00a0AKs", "\u00a0AKs", "U+00A0"),  # no-break space is not a separator
        ("AsKd, K\u017fQs", "K\u017fQs", "U+017F"),
    ],
)
def test_lookalikes_are_refused_and_named(text: str, token: str, culprit: str) -> None:
    with pytest.raises(RangeError) as info:
        parse_range(text)
    assert info.value.token == token
    assert culprit in str(info.value)


def test_suit_symbols_stay_allowed_in_explicit_combos() -> None:
    assert parse_range("A\u2660K\u2660") == parse_range("AsKs")


def _top_percent_by_the_definition(percent: float) -> set[tuple[int, int]]:
    # The documented rule, spelled out: whole classes from the top while short of X%.
    from lookup.preflop.table import preflop_order

    combos: set[tuple[int, int]] = set()
    for name in preflop_order():
        if len(combos) >= percent / 100 * 1326:
            break
        combos |= set(parse_range(name))
    return combos


@pytest.mark.parametrize("percent", [0.01, 0.5, 2.5, 7.3, 33.3, 49.99, 99.9, 100])
def test_percentages_follow_the_definition(percent: float) -> None:
    assert set(parse_range(f"{percent}%")) == _top_percent_by_the_definition(percent)


def test_mixed_percentages_and_classes_keep_first_appearance_order() -> None:
    text = "72o, 5%, AKs, 10%, 5%, 72o, AA"
    expected: dict[tuple[int, int], None] = {}
    for token in text.split(", "):
        expected.update(dict.fromkeys(parse_range(token)))
    assert parse_range(text) == tuple(expected)


def test_work_is_linear_in_the_distinct_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    # A 50 KB range used to cost ~1 ms per percentage token. Count the work instead of
    # timing it: each distinct non-percentage token is expanded once, repeats never.
    import lookup.ranges.holdem as ranges

    ranges._by_strength()  # the cached order is built once, not per token
    calls: list[str] = []
    expand = ranges._expand

    def counting(token: str) -> list[tuple[int, int]]:
        calls.append(token)
        return expand(token)

    monkeypatch.setattr(ranges, "_expand", counting)
    text = ", ".join([f"{1 + i % 990 / 10}%" for i in range(4000)] + ["AKs", "random"] * 2000)
    assert len(text) > 50_000
    assert len(parse_range(text)) == 1326
    assert sorted(calls) == ["AKs", "random"]
