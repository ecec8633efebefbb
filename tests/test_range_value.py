"""lookup.ranges.range.Range: weighted range text, printing, round trips, set operations.

Expected values come from the definitions: a range's combos are those of its tokens
read one by one (each combo keeping the last token's weight), and card removal and
the set operations are checked against plain filters written here.
"""

from __future__ import annotations

import pickle
import re
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.cards import parse_cards
from lookup.core.errors import RangeError
from lookup.ranges.holdem import parse_range
from lookup.ranges.omaha import parse_omaha_range
from lookup.ranges.range import Range, range_game

from .test_cli import assert_one_line_error, pokerlookup

HOLDEM_TOKENS = ["QQ+", "AKs", "AKo", "A5s-A2s", "22-55", "AsKd", "KTo+", "72", "ATs+", "JJ"]
SHORT_TOKENS = ["QQ+", "AKs", "AKo", "A9s-A6s", "66-88", "AsKd", "KTo+", "T9", "JJ"]
OMAHA_TOKENS = ["AAxx", "AKQJ ds", "KKQQ", "KKxx ss", "AsAhKdKc", "JT98 rb"]
WEIGHTS = ["0", "1", "0.5", "0.25", "0.125", "1.0", ".75", "0.3"]


def _reference(
    items: list[tuple[str, str]], game: str = "holdem"
) -> dict[tuple[int, ...], Fraction]:
    """The weights of ``TOKEN:W`` items from the definition: each token's combos, last one wins."""
    found: dict[tuple[int, ...], Fraction] = {}
    for token, weight in items:
        for combo in _token_combos(token, game):
            found[combo] = Fraction(weight)
    return {c: w for c, w in found.items() if w}


@cache  # the hypothesis tests read the same few tokens many times
def _token_combos(token: str, game: str) -> tuple[tuple[int, ...], ...]:
    """One token's combos from the notation's own reader (no weights, no Range)."""
    _, hole, deck = range_game(game)
    if hole == 2:
        return tuple(c for c in parse_range(token) if set(c) <= deck)
    if _is_explicit(token, hole):
        return (tuple(sorted(c.index for c in parse_cards(token))),)
    return parse_omaha_range(token, hole)


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


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("AKQJ ds:0.5", [("AKQJ ds", "0.5")]),
        ("AAxx:0.3, AKQJ ds:0.5", [("AAxx", "0.3"), ("AKQJ ds", "0.5")]),
        (
            "[12.5]AAxx, KKQQ ds[/12.5], AKQJ ds:0.5",
            [("AAxx", "0.125"), ("KKQQ ds", "0.125"), ("AKQJ ds", "0.5")],
        ),
        ("AAxx, [50]AAKK[/50], AAKK ds:0", [("AAxx", "1"), ("AAKK", "0.5"), ("AAKK ds", "0")]),
        ("[100]JT98 rb[/100], KKxx ss:1", [("JT98 rb", "1"), ("KKxx ss", "1")]),
    ],
)
def test_every_omaha_notation_reads_with_its_weights(
    text: str, items: list[tuple[str, str]]
) -> None:
    assert _weights(text, "omaha") == _reference(items, "omaha")


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("[12.5]AKs, 66-88[/12.5]", [("AKs", "0.125"), ("66-88", "0.125")]),
        ("QQ+:0.5, KK, T9s:0.25", [("QQ+", "0.5"), ("KK", "1"), ("T9s", "0.25")]),
        ("AsKd:0.75, [50]A9s-A6s[/50], random:0.1", [("AsKd", "0.75"), ("A9s-A6s", "0.5")]),
    ],
)
def test_every_short_deck_notation_reads_with_its_weights(
    text: str, items: list[tuple[str, str]]
) -> None:
    if "random" in text:  # every combo of the 36-card deck at 0.1 unless named before
        items = [*items, ("random", "0.1")]
    assert _weights(text, "short-deck") == _reference(items, "short-deck")


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


MALFORMED = [
    ("{t}:1.5", "{t}:1.5"),
    ("{t}:", "{t}:"),
    ("[50]{t}", "[50]"),
    ("[50]{t}[/40]", "[/40]"),
    ("{t}:-0.5", "{t}:-0.5"),
    ("[50]{t}:0.5[/50]", "{t}:0.5"),
]
FAMILIES = [("holdem", "KK", "AsAh"), ("short-deck", "KK", "AsAh"), ("omaha", "KKxx", "AsAhQsQh")]


@pytest.mark.parametrize(("game", "token", "hero"), FAMILIES)
@pytest.mark.parametrize(("pattern", "culprit"), MALFORMED)
def test_malformed_weights_are_refused_in_every_family_by_range_equity_and_the_cli(
    game: str, token: str, hero: str, pattern: str, culprit: str
) -> None:
    text, named = pattern.format(t=token), culprit.format(t=token)
    with pytest.raises(lookup.RangeError) as caught:
        Range(text, game)
    assert caught.value.token == named and isinstance(caught.value, ValueError)
    assert repr(named) in str(caught.value)
    with pytest.raises(lookup.RangeError) as through:
        lookup.equity([hero, text], board="7c 8d 9h", game=game)
    assert through.value.token == named and str(through.value).startswith("player 2: ")
    if game != "holdem" and pattern != "{t}:1.5":
        return  # the CLI's reading is the same in every family: one family's each is enough
    done = pokerlookup("equity", "--game", game, "--board", "7c8d9h", hero, text)
    assert_one_line_error(done, "player 2", repr(named))


@pytest.mark.parametrize(("game", "hero"), [("short-deck", "AsAh"), ("omaha", "AsAhQsQh")])
@pytest.mark.parametrize("text", ["15%", "AA, 15%:0.5", "[50]15%[/50]"])
def test_percentages_are_refused_in_equity_and_the_cli_where_there_is_no_order(
    game: str, hero: str, text: str
) -> None:
    if game == "omaha":
        text = text.replace("AA, ", "AAxx, ")
    with pytest.raises(lookup.RangeError, match="no such order") as caught:
        lookup.equity([hero, text], board="7c 8d 9h", game=game)
    assert caught.value.token == "15%"
    done = pokerlookup("equity", "--game", game, "--board", "7c8d9h", hero, text)
    assert_one_line_error(done, "player 2", "'15%'", "no such order")


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


def _percent(weight: str) -> str:
    scaled = Fraction(weight) * 100
    return str(scaled.numerator) if scaled.denominator == 1 else str(float(scaled))


def _mixed(items: list[tuple[str, str]], brackets: list[bool]) -> str:
    """Weighted text with each item in either style: ``TOKEN:W`` or ``[P]TOKEN[/P]``."""
    return ", ".join(
        f"[{_percent(w)}]{t}[/{_percent(w)}]" if bracket else f"{t}:{w}"
        for (t, w), bracket in zip(items, brackets, strict=False)
    )


_FAMILY_TOKENS = {"holdem": HOLDEM_TOKENS, "short-deck": SHORT_TOKENS, "omaha": OMAHA_TOKENS}


@settings(max_examples=90, deadline=None)
@given(st.data())
def test_text_in_either_style_reads_and_round_trips_in_every_family(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(sorted(_FAMILY_TOKENS)))
    items = data.draw(
        st.lists(
            st.tuples(st.sampled_from(_FAMILY_TOKENS[game]), st.sampled_from(WEIGHTS)),
            min_size=1,
            max_size=4,
        )
    )
    brackets = data.draw(st.lists(st.booleans(), min_size=len(items), max_size=len(items)))
    if not _reference(items, game):
        return
    r = Range(_mixed(items, brackets), game)
    assert dict(r.weights) == _reference(items, game)
    assert Range(str(r), game) == r
    for style in ("colon", "bracket"):
        assert Range(r.to_text(style), game) == r
        assert Range(r.to_text(style), game).to_text(style) == r.to_text(style)


# Which token a combo came from


def _reference_tokens(items: list[tuple[str, str]], game: str) -> dict[tuple[int, ...], str]:
    """Each combo's token from the definition: the last token covering it, as written (an
    explicit holding as its cards)."""
    _, hole, _ = range_game(game)
    found: dict[tuple[int, ...], str] = {}
    for token, _ in items:
        label = (
            "".join(str(c) for c in parse_cards(token))
            if _is_explicit(token, hole)
            else " ".join(token.split())
        )
        for combo in _token_combos(token, game):
            found[combo] = label
    kept = _reference(items, game)
    return {c: label for c, label in found.items() if c in kept}


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["holdem", "omaha"]).flatmap(
        lambda game: st.tuples(
            st.just(game),
            st.lists(
                st.tuples(st.sampled_from(_FAMILY_TOKENS[game]), st.sampled_from(WEIGHTS)),
                min_size=1,
                max_size=5,
            ),
        )
    ),
    st.sampled_from(["As", "Kd 2c", "Qh Jh Th"]),
)
def test_token_of_is_the_last_token_covering_the_combo(
    spot: tuple[str, list[tuple[str, str]]], gone: str
) -> None:
    game, items = spot
    expected = _reference_tokens(items, game)
    if not expected:
        return
    r = Range(_text(items), game)
    assert {c: r.token_of(c) for c in r} == expected
    left = r.without(gone)  # card removal keeps the tokens, as does -
    assert {c: left.token_of(c) for c in left} == {c: expected[c] for c in left}
    rest = r - (Range("AA") if game == "holdem" else Range("AAKK", game))
    assert {c: rest.token_of(c) for c in rest} == {c: expected[c] for c in rest}
    again = pickle.loads(pickle.dumps(left))
    assert {c: again.token_of(c) for c in again} == {c: expected[c] for c in left}


def test_token_of_names_combos_without_text_by_their_cards() -> None:
    r = Range.from_weights({"AsAhKdKc": "0.5"}, "omaha")
    assert r.token_of("As Ah Kd Kc") == "KcKdAhAs"  # the combo's cards, in its order
    both = Range("AAxx:0.5", "omaha") | Range("KKxx", "omaha")
    assert both.token_of("As Ah Kd Kc") == "KcKdAhAs"
    assert Range("AsKs, AKs:0.5").token_of("AsKs") == "AKs"
    assert Range("A♠K♠, AKo").token_of("AsKs") == "AsKs"
    assert Range("AAxx  ds", "omaha").token_of("As Ad 2s 3d") == "AAxx ds"
    with pytest.raises(lookup.RangeError) as caught:
        Range("AAxx", "omaha").token_of("Ks Kh Qs Qh")
    assert caught.value.token == "KsKhQsQh"


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
    weighted = lookup.equity([Range("AA:0.5, KK"), "QQ"], board="2c 7d 9h")
    as_text = lookup.equity(["AA:0.5, KK", "QQ"], board="2c 7d 9h")
    assert [p.equity_fraction for p in weighted] == [p.equity_fraction for p in as_text]
    assert weighted[0].by_combo == as_text[0].by_combo
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


@pytest.mark.parametrize(
    ("game", "text", "holding"),
    [("omaha", "QQJJ, AsAhKdKc", "AsAhKdKc"), ("omaha5", "QQJJx, AsAhKdKc3c", "AsAhKdKc3c")],
)
def test_flat_omaha_text_reads_an_explicit_holding_as_range_does(
    game: str, text: str, holding: str
) -> None:
    """An explicit holding inside Omaha range text is that one hand, flat or weighted,
    through parse_omaha_range, Range and equity alike (it was once refused when flat)."""
    cards = tuple(sorted(c.index for c in parse_cards(holding)))
    size = len(cards)
    flat = parse_omaha_range(text, size)
    assert cards in flat
    assert set(flat) == set(parse_omaha_range(text.split(",")[0], size)) | {cards}
    assert set(Range(text, game).combos) == set(flat)
    plain = lookup.equity([text, "AAxx" + "x" * (size - 4)], board="2c 7d 9h 4s", game=game, seed=1)
    half = text.replace(", ", ":0.5, ", 1)  # the rank token at weight 1/2: another answer
    weighted = lookup.equity(
        [half, "AAxx" + "x" * (size - 4)], board="2c 7d 9h 4s", game=game, seed=1
    )
    assert plain[0].combos == weighted[0].combos  # the same live combos, however weighed
    assert plain[0].equity != weighted[0].equity
    for bad, why in (
        (holding[:2] * 2 + holding[4:], "more than once"),
        ("Jk" + holding[2:], "joker"),
    ):
        with pytest.raises(lookup.RangeError, match=why) as caught:
            parse_omaha_range(f"{text.split(',')[0]}, {bad}", size)
        assert caught.value.token == bad


@pytest.mark.parametrize(
    "token",
    ["AKs", "QQ+", "22-55", "A5s-A2s", "KTo+", "AsKd", "random", "15%", "0.5%", "AK", "ak",
     "10s9s", "AKs-QJs", "AsKx", "AsAs", "AA+s", " QQ", "QQ AKs", "", "150%", "A♠K♠",
     "\uff21\uff2b"],
)  # fmt: skip
def test_a_token_reads_as_parse_range_reads_it(token: str) -> None:
    # Range reads each token with token_combos: parse_range's combos and errors, exactly.
    from lookup.ranges.holdem import parse_range, token_combos

    try:
        expected: object = parse_range(token)
    except lookup.RangeError as exc:
        expected = (str(exc), exc.token)
    try:
        found: object = token_combos(token)
    except lookup.RangeError as exc:
        found = (str(exc), exc.token)
    assert found == expected


@pytest.mark.parametrize(
    ("text", "game"),
    [("KKQQ ds", "omaha"), ("  AAxx ", "omaha"), ("AsAhKdKc", "omaha"), ("random", "omaha"),
     ("AAKK, KKQQ ds", "omaha"), ("AAxx:0.5, KKxx", "omaha"), ("[50]AAxx[/50]", "omaha"),
     ("AAKxx", "omaha5"), ("AAKK  ss", "omaha")],
)  # fmt: skip
def test_token_classes_are_the_ranges_tokens(text: str, game: str) -> None:
    # One unweighted token names every combo by itself, unread: as the Range would.
    from lookup.ranges.range import token_classes

    combos = Range(text, game).combos[:200]
    assert token_classes(text, combos, game) == [Range(text, game).token_of(c) for c in combos]


def test_a_weight_of_thousands_of_digits_is_refused_as_a_weight_in_one_short_line() -> None:
    # More digits than Python reads as an int once escaped as int()'s bare ValueError
    # (a traceback on the command line); the message also repeated the whole token.
    long = "0." + "1" * 5000
    with pytest.raises(RangeError) as caught:
        Range(f"KK:{long}")
    assert caught.value.token == f"KK:{long}"
    assert "a weight is an exact decimal from 0 to 1 of at most 1,000 digits" in str(caught.value)
    assert len(str(caught.value)) < 300
    with pytest.raises(RangeError):
        Range(f"[{long}]KK[/{long}]")
    # Zeros that change nothing are not digits that count: these weights are 1 and 1/2.
    assert Range("KK:" + "0" * 5000 + "1") == Range("KK")
    assert Range("KK:0.5" + "0" * 5000).weights == Range("KK:0.5").weights
    err = assert_one_line_error(pokerlookup("equity", f"KK:{long}", "QQ"), "at most 1,000 digits")
    assert len(err) < 400


# ---------------------------------------------------------------- text read once


def test_range_text_is_read_once_and_shared() -> None:
    # lookup.equity reads weighted text through read_range_text: the same text and game
    # give the same (immutable) Range, another game its own, and a refusal is not kept.
    from lookup.ranges.range import read_range_text

    first = read_range_text("QQ+:0.5, AKs", "holdem")
    assert read_range_text("QQ+:0.5, AKs", "holdem") is first
    assert first == Range("QQ+:0.5, AKs")
    short = read_range_text("QQ+:0.5, AKs", "short-deck")
    assert short is not first and short.game == "short-deck" and short != first
    for _ in range(2):  # refused the second time too, in the same words
        with pytest.raises(RangeError, match=re.escape("weight '1.5' in 'KK:1.5'")):
            read_range_text("KK:1.5", "holdem")


def test_flat_range_text_is_read_once_and_shared() -> None:
    combos = parse_range("JJ-99, AK, KQs")
    assert parse_range("JJ-99, AK, KQs") is combos
    assert isinstance(combos, tuple) and all(isinstance(c, tuple) for c in combos)
    for _ in range(2):
        with pytest.raises(RangeError, match="a dash joins two pairs"):
            parse_range("AKs-QJs")


def test_a_shared_range_answers_alike_every_time() -> None:
    # The kept Range keeps what it works out (its codes, whole weights, text): reading a
    # run's by_combo must leave the next run with the same text unchanged.
    hands = ["QQ+:0.5, AKs, AQs:0.25", "JJ-99, AK:0.75, KQs"]
    first = lookup.equity(hands, board="2c7d9h4s")
    assert first[0].by_combo is not None and len(first[0].by_combo) > 0
    second = lookup.equity(hands, board="2c7d9h4s")
    assert [p.equity_fraction for p in second] == [p.equity_fraction for p in first]
    assert second[0].by_class == first[0].by_class
    other = lookup.equity(hands, board="2c7d9h4s5h")
    assert other[0].equity_fraction != first[0].equity_fraction


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(HOLDEM_TOKENS), st.sampled_from(WEIGHTS)), min_size=1))
def test_whole_weights_are_the_weights_in_proportion(items: list[tuple[str, str]]) -> None:
    # Exact weighted sums weigh by whole numbers: the distinct weights times one common
    # multiple of their denominators, so every ratio between two weights is kept.
    text = ", ".join(f"{token}:{weight}" for token, weight in items)
    try:
        r = Range(text)
    except RangeError:  # every weight 0: nothing to weigh
        assert not _reference(items)
        return
    values = r.weight_codes().values
    whole = r.whole_weights()
    assert len(whole) == len(values) and all(w > 0 for w in whole)
    scale = Fraction(whole[0]) / values[0]
    assert scale.denominator == 1  # a whole multiple
    assert [Fraction(w) for w in whole] == [v * scale for v in values]
    assert r.whole_weights() is whole  # worked out once
