"""lookup.ranges.range.Range: weighted range text, printing, round trips, set operations.

Expected values come from the definitions: a range's combos are those of its tokens
read one by one (each combo keeping the last token's weight), and card removal and
the set operations are checked against plain filters written here.
"""

from __future__ import annotations

import pickle
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.cards import parse_cards
from lookup.ranges.holdem import parse_range
from lookup.ranges.omaha import parse_omaha_range
from lookup.ranges.range import Range, range_game

HOLDEM_TOKENS = ["QQ+", "AKs", "AKo", "A5s-A2s", "22-55", "AsKd", "KTo+", "72", "ATs+", "JJ"]
SHORT_TOKENS = ["QQ+", "AKs", "AKo", "A9s-A6s", "66-88", "AsKd", "KTo+", "T9", "JJ"]
OMAHA_TOKENS = ["AAxx", "AKQJ ds", "KKQQ", "KKxx ss", "AsAhKdKc", "JT98 rb"]
WEIGHTS = ["0", "1", "0.5", "0.25", "0.125", "1.0", ".75", "0.3"]


def _reference(
    items: list[tuple[str, str]], game: str = "holdem"
) -> dict[tuple[int, ...], Fraction]:
    """The weights of ``TOKEN:W`` items from the definition: each token's combos, last one wins."""
    _, hole, deck = range_game(game)
    found: dict[tuple[int, ...], Fraction] = {}
    for token, weight in items:
        combos: list[tuple[int, ...]]
        if hole == 2:
            combos = [c for c in parse_range(token) if set(c) <= deck]
        elif _is_explicit(token, hole):
            combos = [tuple(sorted(c.index for c in parse_cards(token)))]
        else:
            combos = list(parse_omaha_range(token, hole))
        for combo in combos:
            found[combo] = Fraction(weight)
    return {c: w for c, w in found.items() if w}


def _is_explicit(token: str, hole: int) -> bool:
    try:
        return len(parse_cards(token)) == hole
    except ValueError:
        return False


def _weights(text: str, game: str = "holdem") -> dict[tuple[int, ...], Fraction]:
    return dict(Range(text, game).weights)


# Parsing: every notation, with weights


@pytest.mark.parametrize(
    "token",
    ["QQ+", "AKs", "AKo", "A5s-A2s", "22-55", "AsKd", "15%", "random", "KTo+", "A♠K♠"],
)
def test_every_holdem_notation_reads_as_parse_range_with_weight_one(token: str) -> None:
    r = Range(token)
    assert r.combos == parse_range(token)
    assert all(w == 1 for w in r.weights.values()) and r.flat


@pytest.mark.parametrize("token", ["QQ+", "AKs", "A5s-A2s", "22-55", "AsKd", "15%", "random"])
@pytest.mark.parametrize("weight", ["0.5", "0.25", "1", "0.125"])
def test_a_colon_weight_applies_to_every_combo_of_its_token(token: str, weight: str) -> None:
    r = Range(f"{token}:{weight}")
    assert dict(r.weights) == dict.fromkeys(parse_range(token), Fraction(weight))


@pytest.mark.parametrize("percent", ["50", "12.5", "100", "33.3"])
def test_a_bracket_group_weighs_its_tokens_by_a_percentage(percent: str) -> None:
    r = Range(f"[{percent}]AKs, AQs[/{percent}], KK")
    expected = dict.fromkeys(parse_range("AKs, AQs"), Fraction(percent) / 100)
    expected.update(dict.fromkeys(parse_range("KK"), Fraction(1)))
    assert dict(r.weights) == expected


def test_overlapping_tokens_take_the_last_weight() -> None:
    r = Range("QQ+:0.5, KK")
    assert r.weights[(47, 46)] == 1 and r.weights[(51, 50)] == Fraction(1, 2)
    assert Range("KK, QQ+:0.5").weights[(47, 46)] == Fraction(1, 2)
    assert (51, 50) not in Range("AA, KK, AA:0")
    assert Range("AA, AA:0, AA:0.25").weights[(51, 50)] == Fraction(1, 4)


@pytest.mark.parametrize("game", ["short-deck"])
def test_short_deck_ranges_are_on_its_36_cards(game: str) -> None:
    assert len(Range("random", game)) == 630
    assert Range("22+", game) == Range("66+", game)
    assert _weights("AKs:0.5, [25]A9s-A6s[/25]", game) == _reference(
        [("AKs", "0.5"), ("A9s", "0.25"), ("A8s", "0.25"), ("A7s", "0.25"), ("A6s", "0.25")], game
    )
    with pytest.raises(lookup.RangeError) as caught:
        Range("55", game)
    assert caught.value.token == "55"


@pytest.mark.parametrize("game", ["short-deck", "omaha", "omaha5-hilo"])
def test_percentages_are_refused_where_there_is_no_preflop_order(game: str) -> None:
    with pytest.raises(lookup.RangeError, match="no such order") as caught:
        Range("AA, 15%" if game == "short-deck" else "15%", game)
    assert caught.value.token == "15%"


def test_omaha_notation_with_weights() -> None:
    r = Range("AAxx:0.3, AKQJ ds, AsAhKdKc:0.5", "omaha")
    expected = _reference([("AAxx", "0.3"), ("AKQJ ds", "1")], "omaha")
    expected[(44, 45, 50, 51)] = Fraction(1, 2)  # Kc Kd Ah As, sorted
    assert dict(r.weights) == expected
    assert r.game == "omaha" and Range("AAxx", "omaha-hilo").game == "omaha"
    assert Range("AAKKx", "omaha5").game == "omaha5" and Range("AAKKxx", "omaha6").game == "omaha6"
    assert len(Range("random", "omaha")) == 270725


def test_cards_outside_the_deck_are_refused() -> None:
    for text, game in (("AsAhKdJk", "omaha"), ("AsJk", "holdem"), ("5s5h", "short-deck")):
        with pytest.raises(lookup.RangeError) as caught:
            Range(text, game)
        assert caught.value.token == text


def test_ranges_of_games_without_notation_are_refused() -> None:
    with pytest.raises(lookup.RangeError) as caught:
        Range("AA", "razz")
    assert caught.value.token == "razz"


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("KK:1.5", "KK:1.5"),
        ("KK:", "KK:"),
        ("KK:-0.5", "KK:-0.5"),
        ("KK:1e-1", "KK:1e-1"),
        ("KK:0.5:0.5", "KK:0.5:0.5"),
        ("KK:abc", "KK:abc"),
        ("KK:½", "KK:½"),
        (":0.5", ":0.5"),
        ("[50]AK", "[50]"),
        ("[50]AK[/40]", "[/40]"),
        ("AK[/50]", "[/50]"),
        ("[50]AK, [25]KQ[/25][/50]", "[25]"),
        ("[150]AK[/150]", "[150]"),
        ("[x]AK[/x]", "[x]"),
        ("[]AK[/]", "[]"),
        ("[50]AK:0.5[/50]", "AK:0.5"),
        ("AA, KX", "KX"),
        ("AA:0", "AA:0"),
    ],
)
def test_every_malformed_weight_is_refused_naming_its_token(text: str, token: str) -> None:
    with pytest.raises(lookup.RangeError) as caught:
        Range(text)
    assert caught.value.token in (token, text)
    assert isinstance(caught.value, ValueError)


def test_a_range_is_text_or_a_range() -> None:
    with pytest.raises(lookup.RangeError):
        Range(["AA"])  # type: ignore[arg-type]
    r = Range("AA:0.5")
    assert Range(r) == r and Range(r, "holdem") == r
    short = Range("AA", "short-deck")
    assert Range(short) == short and Range(short).game == "short-deck"
    with pytest.raises(lookup.RangeError) as caught:
        Range(short, "holdem")
    assert caught.value.token == "short-deck"


# Printing and round trips


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("QQ+, AKs:0.5", "QQ+, AKs:0.5"),
        ("AA, KK, QQ", "QQ+"),
        ("22-55", "55-22"),
        ("A2s, A3s, A4s, A5s", "A5s-A2s"),
        ("AKs, AKo", "AK"),
        ("random", "random"),
        ("AsKs", "AsKs"),
        ("[50]AKs, AQs[/50]", "AQs+:0.5"),
    ],
)
def test_str_is_grouped(text: str, printed: str) -> None:
    assert str(Range(text)) == printed


def test_bracket_style_groups_each_weight() -> None:
    r = Range("AA, KK:0.5, AKs:0.5, 72o:0.125")
    assert r.to_text("bracket") == "AA, [50]KK, AKs[/50], [12.5]72o[/12.5]"
    assert r.to_text("colon") == "AA, KK:0.5, AKs:0.5, 72o:0.125"


_holdem_items = st.lists(
    st.tuples(st.sampled_from([*HOLDEM_TOKENS, "15%", "7%", "random"]), st.sampled_from(WEIGHTS)),
    min_size=1,
    max_size=6,
)


def _text(items: list[tuple[str, str]]) -> str:
    return ", ".join(f"{token}:{weight}" for token, weight in items)


@settings(max_examples=150, deadline=None)
@given(_holdem_items)
def test_holdem_text_round_trips_in_both_styles(items: list[tuple[str, str]]) -> None:
    if not _reference(items):
        return
    r = Range(_text(items))
    assert dict(r.weights) == _reference(items)
    assert Range(str(r)) == r
    assert Range(r.to_text("colon")) == r and Range(r.to_text("bracket")) == r
    assert str(Range(str(r))) == str(r)  # canonical: printing is a fixed point


_ALL_COMBOS = [(a, b) for a, b in combinations(range(51, -1, -1), 2)]


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(_ALL_COMBOS), st.sampled_from(["1", "0.5", "0.25", "0.05"]), min_size=1
    ),
    st.sampled_from(["QQ+", "A5s-A2s", "random", "22-77, KTo+"]),
)
def test_any_combos_print_canonically_and_read_back(
    picked: dict[tuple[int, int], str], base: str
) -> None:
    # Arbitrary combos on top of whole classes: partial classes, every kind of run.
    r = Range(base) | Range.from_weights(picked)  # type: ignore[arg-type]
    shuffled = Range.from_weights(dict(reversed(list(r.weights.items()))))
    assert shuffled == r and str(shuffled) == str(r)  # the text depends on the value alone
    for style in ("colon", "bracket"):
        assert Range(r.to_text(style)) == r


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SHORT_TOKENS), st.sampled_from(WEIGHTS)), min_size=1))
def test_short_deck_text_round_trips(items: list[tuple[str, str]]) -> None:
    if not _reference(items, "short-deck"):
        return
    r = Range(_text(items), "short-deck")
    assert dict(r.weights) == _reference(items, "short-deck")
    for style in ("colon", "bracket"):
        assert Range(r.to_text(style), "short-deck") == r


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(OMAHA_TOKENS), st.sampled_from(WEIGHTS)), min_size=1),
    st.sampled_from(["As", "Kd 2c", ""]),
)
def test_omaha_text_round_trips(items: list[tuple[str, str]], gone: str) -> None:
    if not _reference(items, "omaha"):
        return
    r = Range(_text(items), "omaha")
    assert dict(r.weights) == _reference(items, "omaha")
    r = r.without(gone) if gone else r
    if not r:  # every combo removed: an empty range has no text to read back
        assert r.to_text() == "" and r.to_text("bracket") == ""
        return
    for style in ("colon", "bracket"):
        assert Range(r.to_text(style), "omaha") == r


# Set operations


_ranges = _holdem_items.filter(lambda items: bool(_reference(items))).map(
    lambda items: Range(_text(items))
)


@settings(max_examples=100, deadline=None)
@given(_ranges, _ranges, _ranges)
def test_set_operations_follow_their_definitions(a: Range, b: Range, c: Range) -> None:
    wa, wb = dict(a.weights), dict(b.weights)
    assert dict((a | b).weights) == {
        k: max(wa.get(k, Fraction(0)), wb.get(k, Fraction(0))) for k in wa.keys() | wb.keys()
    }
    assert dict((a & b).weights) == {k: min(wa[k], wb[k]) for k in wa.keys() & wb.keys()}
    assert dict((a - b).weights) == {k: w for k, w in wa.items() if k not in wb}
    # the laws of a lattice, and of removal
    assert a | b == b | a and a & b == b & a
    assert (a | b) | c == a | (b | c) and (a & b) & c == a & (b & c)
    assert a | a == a and a & a == a
    assert a | (a & b) == a and a & (a | b) == a
    assert not (a - b) & b
    assert set((a - b) | (a & b) | (b - a)) == set(a | b)
    assert len(a - a) == 0 and str(a - a) == ""
    assert hash(a | b) == hash(b | a)


def test_set_operations_need_one_game() -> None:
    with pytest.raises(lookup.RangeError) as caught:
        _ = Range("AA") | Range("AA", "short-deck")
    assert caught.value.token == "short-deck"
    with pytest.raises(TypeError):
        _ = Range("AA") | "KK"


# Card removal


@settings(max_examples=80, deadline=None)
@given(_ranges, st.sets(st.integers(0, 51), max_size=6))
def test_without_removes_what_a_brute_force_filter_removes(r: Range, gone: set[int]) -> None:
    left = r.without(list(gone))
    assert dict(left.weights) == {c: w for c, w in r.weights.items() if not set(c) & gone}


def test_without_in_omaha() -> None:
    r = Range("KKxx:0.5", "omaha")
    left = r.without("Ks Kh")
    every = [c for c in combinations(range(52), 4)]
    kings = {c for c in every if sum(1 for i in c if i // 4 == 11) >= 2}
    assert dict(left.weights) == {c: Fraction(1, 2) for c in kings if not {46, 47} & set(c)}


# The value's protocol


def test_the_value_protocol() -> None:
    r = Range("QQ+, AKs:0.5")
    assert len(r) == 22 and list(r) == list(r.combos) and (51, 47) in r and "AsKs" in r
    assert "AsKd" not in r and "nonsense" not in r
    assert r.total_weight == 18 + 2 and r == Range("AKs:0.5, QQ+") and r != Range("QQ+, AKs")
    assert {r, Range("AKs:0.5, QQ+")} == {r}
    assert repr(r) == "Range('QQ+, AKs:0.5')"
    assert repr(Range("AAxx", "omaha")) == "Range('AAxx', game='omaha')"
    assert pickle.loads(pickle.dumps(r)) == r
    assert str(pickle.loads(pickle.dumps(Range("AAxx", "omaha")))) == "AAxx"
    with pytest.raises(TypeError):
        r.weights[(51, 50)] = Fraction(1)  # type: ignore[index]


def test_from_weights() -> None:
    r = Range.from_weights({"AsKs": "0.5", (50, 46): 1, "QdQc": 0})
    assert dict(r.weights) == {(51, 47): Fraction(1, 2), (50, 46): Fraction(1)}
    for bad in ({"AsKs": "1.5"}, {"AsKs": Fraction(1, 3)}, {"AsKsQs": 1}):
        with pytest.raises(lookup.RangeError):
            Range.from_weights(bad)  # type: ignore[arg-type]


# Every place that takes a range takes a Range


def test_equity_takes_a_flat_range_with_the_same_answer_as_its_text() -> None:
    for hands, board, game in (
        (["QQ+, AKs", "JhTh"], "2c7d9h", "holdem"),
        (["AA, KK", "AsKd, QQ"], "2c7d9h Td", "holdem"),
        (["AKs, QQ+", "JJ"], "6c7d9h Td", "short-deck"),
        (["AAxx ds", "KsKhQdQc"], "2c7d9h Td", "omaha"),
    ):
        as_text = lookup.equity(hands, board=board, game=game)
        as_range = lookup.equity([Range(hands[0], game), hands[1]], board=board, game=game)
        assert [p.equity for p in as_range] == [p.equity for p in as_text]
        assert [p.equity_fraction for p in as_range] == [p.equity_fraction for p in as_text]
        assert as_range.boards == as_text.boards
    for game, board in (("short-deck", "6c7d9h Td"), ("holdem", "2c7d9h Td")):
        text = lookup.equity(["AsAh", "random"], board=board, game=game)
        value = lookup.equity(["AsAh", Range("random", game)], board=board, game=game)
        assert value[0].equity == text[0].equity and value.exact and text.exact
    seeded = [
        lookup.equity([h, "random"], samples=20_000, seed=3, workers=1)
        for h in ("QQ+", Range("QQ+"))
    ]
    assert seeded[0][0].equity == seeded[1][0].equity
    preflop = [lookup.equity([h, "JJ"]) for h in ("AKs", Range("AKs"))]
    assert preflop[0][0].equity == preflop[1][0].equity


def test_equity_weighs_a_range_and_refuses_other_games_ranges() -> None:
    # Weighted equity landed (merge21): a weighted Range answers as its text does.
    weighted = lookup.equity([Range("AA:0.5, KK"), "QQ"], board="2c7d9h")
    as_text = lookup.equity(["AA:0.5, KK", "QQ"], board="2c7d9h")
    assert weighted[0].equity_fraction == as_text[0].equity_fraction
    assert weighted[0].by_class == as_text[0].by_class
    with pytest.raises(lookup.RangeError, match="is a holdem range"):
        lookup.equity([Range("AA"), "KK"], game="short-deck")
    with pytest.raises(lookup.RangeError, match="no combos"):
        lookup.equity([Range("AA") - Range("AA"), "KK"])


def test_parse_range_and_range_vs_range_take_a_flat_holdem_range() -> None:
    from lookup.odds.holdem.heads_up import range_vs_range

    for text in ("QQ+, AKs", "15%", "A5s-A2s, AsKd", "random"):
        assert lookup.parse_range(Range(text)) == lookup.parse_range(text)
    assert range_vs_range(Range("QQ+, AKs"), Range("JJ-99")) == range_vs_range("QQ+, AKs", "JJ-99")
    for refused in (Range("AKs:0.5"), Range("AAxx", "omaha"), Range("AA") - Range("AA")):
        with pytest.raises(lookup.RangeError):
            lookup.parse_range(refused)
