"""Showdowns in the library: winners and best fives against the reference classifier.

The oracle is ``tablegen.reference.classify`` over every five-card subset of a
player's cards: it shares nothing with the runtime's tables, so agreeing with it
means the winners, ties and the five cards that play are right.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Iterable, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.cards import DECK, Card, parse_cards
from lookup.core.errors import CardError, DuplicateCardError, HandSizeError, PokerLookupError
from lookup.game.showdown import PlayerHand, ShowdownError, ShowdownResult, showdown
from lookup.game.showdown_file import ShowdownParseError, parse_showdown, read_showdown
from tablegen.reference import Verdict, classify

SEED_EXAMPLE = "Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3S, 8C, 10D\nSally, AC, 10C, 5C, 2S, 2C\n"


# --- the oracle ---------------------------------------------------------------------------


def _plain(card: Card) -> tuple[int, int]:
    # From the card's position in DECK, not its encoding bits.
    return divmod(DECK.index(card), 4)


def best_verdict(cards: Iterable[Card]) -> Verdict:
    """The strongest reference verdict over every five-card subset."""
    return max(classify([_plain(c) for c in five]) for five in combinations(tuple(cards), 5))


def reference_winners(table: Sequence[tuple[str, Sequence[Card]]]) -> tuple[str, ...]:
    verdicts = [(name, best_verdict(cards)) for name, cards in table]
    top = max(verdict for _, verdict in verdicts)
    return tuple(name for name, verdict in verdicts if verdict == top)


def check_against_reference(result: ShowdownResult) -> None:
    """Winners, and each player's five cards, agree with the reference."""
    table = [(p.name, p.cards + result.board) for p in result.players]
    assert result.winners == reference_winners(table)
    for player, (_, cards) in zip(result.players, table, strict=True):
        best = best_verdict(cards)
        five = player.best_five
        assert len(five) == 5 and len(set(five)) == 5 and set(five) <= set(cards)
        # The five that play make the best hand, and are listed as a dealer reads them.
        verdict = classify([_plain(c) for c in five])
        assert verdict == best
        assert tuple(c.rank for c in five) == best.reading
        assert player.rank.category == best.category
        assert player.description == player.rank.describe()


def ranks_of(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --- the everyday job ---------------------------------------------------------------------


def test_seed_example_joe_wins() -> None:
    result = showdown(
        [
            ("Joe", "3H, 4H, 5H, 6H, 8H"),
            ("Bob", "3C, 3D, 3S, 8C, 10D"),
            ("Sally", "AC, 10C, 5C, 2S, 2C"),
        ]
    )
    assert result.winners == ("Joe",)
    assert [p.rank.category for p in result.players] == [
        lookup.Category.FLUSH,
        lookup.Category.THREE_OF_A_KIND,
        lookup.Category.ONE_PAIR,
    ]
    check_against_reference(result)
    assert read_showdown(SEED_EXAMPLE) == result


def test_mapping_and_pairs_agree_and_keep_input_order() -> None:
    hands = {"Zed": "Ah Kh Qh Jh 9h", "Amy": "As Ks Qs Js 9s", "Bo": "2c 3d 4h 5s 7c"}
    by_mapping = showdown(hands)
    by_pairs = showdown(list(hands.items()))
    assert by_mapping == by_pairs
    assert by_mapping.winners == ("Zed", "Amy")  # input order, not alphabetical
    assert [p.name for p in by_mapping.players] == ["Zed", "Amy", "Bo"]
    assert by_mapping.is_split
    check_against_reference(by_mapping)


def test_generator_of_pairs_is_accepted() -> None:
    result = showdown((name, cards) for name, cards in [("A", "2c 3c 4c 5c 6c")])
    assert result.winners == ("A",)


def test_split_pot_same_ranks_other_suits() -> None:
    result = showdown({"Ann": "Ah Kd Qc Js 9h", "Bob": "Ad Kc Qs Jh 9c", "Cy": "Ac Kh Qd Jd8d"})
    # Cy's 8 loses to the others' 9: two-way split.
    assert result.winners == ("Ann", "Bob")
    assert result["Ann"].rank == result["Bob"].rank > result["Cy"].rank
    check_against_reference(result)


def test_board_that_plays_for_everyone() -> None:
    # Broadway on the board: no hole card improves it, so all four split.
    result = showdown(
        {"Ann": "2c 3d", "Bob": "4h 5s", "Cy": "7c 7d", "Di": "2h 9c"},
        board="As Kd Qh Jc Ts",
    )
    assert result.winners == ("Ann", "Bob", "Cy", "Di")
    for player in result.players:
        assert set(player.best_five) == set(result.board)
    check_against_reference(result)


def test_board_pair_with_kicker_on_board_ties() -> None:
    # Both hold a pair of aces with the same three kickers from the board.
    result = showdown({"Ann": "Ah 3c", "Bob": "Ad 2c"}, board="As Kd Qh Jc 9s")
    assert result.winners == ("Ann", "Bob")
    check_against_reference(result)


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        ("Ah Ad Kc 7s 2d", "As Ac Qh 7d 2c"),  # first kicker
        ("Ah Ad Kc 7s 3d", "As Ac Kh 7d 2c"),  # last kicker
        ("Kh Kd 9c 9s Ad", "Ks Kc 9h 9d Qc"),  # two pair, kicker
        ("7h 7d 7c As 3d", "7s Kc 9h 9d 2c"),  # trips beat two pair
        ("Ah Jh 9h 6h 4h", "As Js 9s 6s 3s"),  # flush, fifth card
    ],
)
def test_kicker_decides(stronger: str, weaker: str) -> None:
    result = showdown([("weak", weaker), ("strong", stronger)])
    assert result.winners == ("strong",)
    assert not result.is_split
    check_against_reference(result)


def test_wheel_loses_to_six_high_straight() -> None:
    result = showdown({"wheel": "Ah 2d 3c 4s 5h", "six": "2c 3d 4h 5c 6s"})
    assert result.winners == ("six",)
    assert result["wheel"].rank.category == lookup.Category.STRAIGHT
    # The wheel reads five-high: the ace plays last.
    assert [c.rank for c in result["wheel"].best_five] == [
        lookup.Rank.FIVE,
        lookup.Rank.FOUR,
        lookup.Rank.THREE,
        lookup.Rank.TWO,
        lookup.Rank.ACE,
    ]
    check_against_reference(result)


def test_thirteen_card_hands() -> None:
    rng = random.Random(2011)
    deck = list(DECK)
    rng.shuffle(deck)
    table = [("North", deck[:13]), ("South", deck[13:26]), ("East", deck[26:39])]
    result = showdown(table)
    assert [len(p.cards) for p in result.players] == [13, 13, 13]
    check_against_reference(result)


def test_whole_suit_is_a_royal_flush() -> None:
    result = showdown({"Spades": "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"})
    assert result.players[0].rank.is_royal_flush
    assert set(result.players[0].best_five) == set(parse_cards("As Ks Qs Js Ts"))


def test_mixed_hand_sizes() -> None:
    result = showdown({"five": "Ah Kh Qh Jh 9h", "seven": "2c 2d 2h 3c 3d 9c 8d"})
    assert result.winners == ("seven",)  # the full house in seven cards beats the flush
    check_against_reference(result)


def test_random_tables_agree_with_reference() -> None:
    rng = random.Random(689)
    for _ in range(120):
        deck = list(DECK)
        rng.shuffle(deck)
        players = rng.randint(1, 6)
        if rng.random() < 0.5:
            board = deck[: rng.randint(3, 5)]
            rest = deck[len(board) :]
            table = [(f"p{i}", rest[2 * i : 2 * i + 2]) for i in range(players)]
            result = showdown(table, board=board)
        else:
            sizes = [rng.randint(5, 8) for _ in range(players)]
            table, start = [], 0
            for i, size in enumerate(sizes):
                table.append((f"p{i}", deck[start : start + size]))
                start += size
            result = showdown(table)
        check_against_reference(result)


def test_split_pots_in_full_ring_holdem_agree() -> None:
    # Eight players on one board split often: every split the runtime finds is real.
    rng = random.Random(74)
    splits = 0
    for _ in range(200):
        deck = list(DECK)
        rng.shuffle(deck)
        board, rest = deck[:5], deck[5:]
        result = showdown([(f"p{i}", rest[2 * i : 2 * i + 2]) for i in range(8)], board=board)
        assert result.winners == reference_winners(
            [(p.name, p.cards + result.board) for p in result.players]
        )
        if result.is_split:
            splits += 1
            check_against_reference(result)
    assert splits > 0


# --- result types -------------------------------------------------------------------------


def test_results_are_frozen_values() -> None:
    result = showdown({"Ann": "Ah Kh Qh Jh 9h"})
    player = result.players[0]
    assert isinstance(player, PlayerHand)
    with pytest.raises(dataclasses.FrozenInstanceError):
        player.name = "Bob"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.players = ()  # type: ignore[misc]
    assert hash(result) == hash(showdown({"Ann": "Ah Kh Qh Jh 9h"}))
    assert player.cards == parse_cards("Ah Kh Qh Jh 9h")
    assert result.board == ()
    with pytest.raises(KeyError):
        result["Bob"]


def test_reexported_from_package() -> None:
    assert lookup.showdown is showdown
    assert lookup.ShowdownResult is ShowdownResult


# --- validation ---------------------------------------------------------------------------


def test_card_held_by_two_players_names_both() -> None:
    with pytest.raises(DuplicateCardError) as info:
        showdown([("Joe", "3H 4H 5H 6H 8H"), ("Ann Lee", "2c 3d 4s 5c 8h")])
    message = str(info.value)
    assert "'Joe'" in message and "'Ann Lee'" in message and "'8h'" in message
    assert info.value.token == "8h"


def test_card_held_by_player_and_board_names_both() -> None:
    with pytest.raises(DuplicateCardError) as info:
        showdown({"Ann": "Ah Kd", "Bob": "Qc Jc"}, board="2s 7c Jc")
    assert "'Bob'" in str(info.value) and "board" in str(info.value)
    assert info.value.token == "Jc"


def test_validates_whole_table_before_evaluating(monkeypatch: pytest.MonkeyPatch) -> None:
    # `import lookup.game.showdown as module` would give the re-exported function.
    module = sys.modules["lookup.game.showdown"]
    calls: list[object] = []
    monkeypatch.setattr(module, "play", lambda *a: calls.append(a))
    # Where showdown now evaluates: the ranking is fetched only once the table is proved.
    monkeypatch.setattr(module, "get_ranking", lambda *a: calls.append(a))
    with pytest.raises(DuplicateCardError):
        showdown([("A", "2c 3c 4c 5c 6c"), ("B", "7d 8d 9d Td Jd"), ("C", "2c 9h Th Jh Qh")])
    assert calls == []


def test_duplicate_names() -> None:
    with pytest.raises(ShowdownError, match="'Ann'") as info:
        showdown([("Ann", "2c 3c 4c 5c 7d"), ("Ann", "As Ks Qs Js 9h")])
    assert info.value.token == "Ann"


@pytest.mark.parametrize("empty", [{}, [], ()])
def test_empty_showdown(empty: object) -> None:
    with pytest.raises(ShowdownError, match="at least one player"):
        showdown(empty)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "error"),
    [
        ("Joe, 3H 4H 5H 6H 8H", ShowdownError),  # a string is not a table
        (42, ShowdownError),
        ([("Joe",)], ShowdownError),
        ([("Joe", "3H 4H 5H 6H 8H", "extra")], ShowdownError),
        ([7], ShowdownError),
        ([("", "3H 4H 5H 6H 8H")], ShowdownError),
        ([("  ", "3H 4H 5H 6H 8H")], ShowdownError),
        ([(None, "3H 4H 5H 6H 8H")], ShowdownError),
        ([("Joe", "3H 4H 5H 6H")], HandSizeError),
        ([("Joe", list(DECK[:14]))], HandSizeError),
        ([("Joe", "3H 4H 5H 6H 1H")], CardError),
        ([("Joe", "3H 4H 5H 6H 6H")], DuplicateCardError),
    ],
)
def test_bad_tables(players: object, error: type[PokerLookupError]) -> None:
    with pytest.raises(error):
        showdown(players)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hole", "board", "ok"),
    [
        ("Ah Kd", "2s 7c 9d", True),
        ("Ah", "2s 7c 9d", False),  # four cards in all
        ("Ah", "2s 7c 9d Jh", True),
        ("", "2s 7c 9d Jh Qs", False),  # no hole cards at all
        ("Ah Kd", "2s 7c 9d Jh Qs Ks 2h 3h 4h 5h 6h 7h", False),  # fourteen in all
        ("Ah Kd", "2s 7c 2s", False),  # the board repeats a card
    ],
)
def test_board_sizes(hole: str, board: str, ok: bool) -> None:
    if ok:
        check_against_reference(showdown({"Ann": hole}, board=board))
    else:
        with pytest.raises(PokerLookupError):
            showdown({"Ann": hole}, board=board)


# --- the text format ----------------------------------------------------------------------


def test_parse_names_with_spaces_comments_and_blank_lines() -> None:
    text = (
        "# Friday game\n"
        "\n"
        "  Ann Lee ,  As Kd Qh Jc 9s   # she thinks she has it\n"
        "\r\n"
        "Player #2, 2c,3c, 4c 5c7d\r\n"
        "   # done\n"
    )
    seats = parse_showdown(text)
    assert [(s.line, s.name) for s in seats] == [(3, "Ann Lee"), (5, "Player #2")]
    assert seats[0].cards == parse_cards("As Kd Qh Jc 9s")
    assert seats[1].cards == parse_cards("2c 3c 4c 5c 7d")


def test_holdem_file_with_board() -> None:
    text = "Ann, Ah Kh\nBob, 7d 7s\nCy, Qc Jc\n"
    result = read_showdown(text, board="7h 7c 2h 9h 3c")
    assert result.winners == ("Bob",)  # quads beat Ann's flush
    check_against_reference(result)


def _parse_error(text: str, board: str | None = None) -> ShowdownParseError:
    with pytest.raises(ShowdownParseError) as info:
        read_showdown(text, board=board)
    return info.value


@pytest.mark.parametrize(
    ("text", "line", "token"),
    [
        ("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3S, 8C, XD\n", 2, "XD"),  # unknown rank
        ("Joe, 3H, 4H, 5H, 6H, 8H\n\nBob, 3C, 3D, 1H, 8C, 10D\n", 3, "1H"),  # "1" is no rank
        ("Joe, 3H, 4H, 5H, 6H, 8\n", 1, "8"),  # missing suit
        ("Joe, 3H, 4H, 5H, 6H, 8X\n", 1, "8X"),  # unknown suit
        ("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3S, 8H, 10D\n", 2, "8h"),  # across players
        ("Joe, 3H, 4H, 5H, 6H, 6H\n", 1, "6h"),  # twice in one hand
        ("Joe, 3H, 4H, 5H, 6H, 8H\nJoe, 3C, 3D, 3S, 8C, 10D\n", 2, "Joe"),  # same name
        ("# one\nJoe, 3H, 4H, 5H, 6H\n", 2, "3H, 4H, 5H, 6H"),  # 4 cards in 5-card mode
        ("Joe, " + " ".join(str(c) for c in DECK[:14]) + "\n", 1, None),  # 14 cards
        ("Joe 3H 4H 5H 6H 8H\n", 1, "Joe 3H 4H 5H 6H 8H"),  # no comma
        (", 3H 4H 5H 6H 8H\n", 1, ", 3H 4H 5H 6H 8H"),  # no name
    ],
)
def test_parse_errors_name_line_and_token(text: str, line: int, token: str | None) -> None:
    error = _parse_error(text)
    assert error.line == line
    assert str(error).startswith(f"line {line}: ")
    if token is not None:
        assert error.token == token
        assert token in str(error)
    assert "\n" not in str(error)
    assert isinstance(error.__cause__, PokerLookupError) or error.__cause__ is None


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "   \t  \n"])
def test_empty_input(text: str) -> None:
    error = _parse_error(text)
    assert error.line is None and "no players" in str(error)


@pytest.mark.parametrize(
    ("text", "board", "line", "token"),
    [
        ("Ann, Ah Kh\nBob, 7d 7h\n", "7h 7c 2h", 2, "7h"),  # shares a card with the board
        ("Ann, Ah Kh\nBob, 7d 7s 9c\n", "2s 2c 2h", 2, "7d 7s 9c"),  # three hole cards
        ("Ann, Ah\n", "2s 2c 2h 3d", 1, "Ah"),  # one hole card
    ],
)
def test_holdem_parse_errors(text: str, board: str, line: int, token: str) -> None:
    error = _parse_error(text, board)
    assert (error.line, error.token) == (line, token)
    assert str(error).startswith(f"line {line}: ") and token in str(error)


@pytest.mark.parametrize(
    ("board", "token"), [("7h 7c", "7h 7c"), ("7h 7c 2h 3h 4h 5h", None), ("7h 7c 1h", "1h")]
)
def test_bad_boards(board: str, token: str | None) -> None:
    error = _parse_error("Ann, Ah Kh\n", board)
    assert error.line is None and str(error).startswith("board: ")
    if token is not None:
        assert error.token == token


def _answer_or_one_line_error(text: str, board: str | None) -> ShowdownResult | None:
    """The parsed showdown, or None when the text was refused as it must be:
    with the package's parse error, in one line. Anything else escapes and fails."""
    try:
        return read_showdown(text, board=board)
    except PokerLookupError as error:
        assert isinstance(error, ShowdownParseError)
        assert "\n" not in str(error)
        return None


@settings(max_examples=300, deadline=None)
@given(st.text(), st.one_of(st.none(), st.text(max_size=20)))
def test_arbitrary_text_answers_or_raises_package_error(text: str, board: str | None) -> None:
    result = _answer_or_one_line_error(text, board)
    if result is None:
        return
    assert isinstance(result, ShowdownResult)
    assert result.winners and set(result.winners) <= {p.name for p in result.players}


_JUNK = ["1H", "X", "A", "10", "Kx", "♠", "As", "2c", "#", ",,"]
_NAMES = ["Ann", "Bob", "Cy Lee", " Dee ", "E#1"]


@st.composite
def _tables(draw: st.DrawFn) -> tuple[str, str | None]:
    """Showdown text that is right most of the time and wrong in one of many small ways."""
    deck = draw(st.permutations(DECK))
    board_size = draw(st.sampled_from([None, None, None, 3, 4, 5, 2]))
    board = None if board_size is None else " ".join(map(str, deck[:board_size]))
    position = board_size or 0
    lines = []
    for seat in range(draw(st.integers(0, 5))):
        size = 2 if board is not None else draw(st.integers(5, 9))
        if draw(st.integers(0, 9)) == 0:
            size = draw(st.integers(0, 14))
        tokens = [str(card) for card in deck[position : position + size]]
        position += size
        if draw(st.integers(0, 9)) == 0:
            tokens.insert(draw(st.integers(0, len(tokens))), draw(st.sampled_from(_JUNK)))
        separator = draw(st.sampled_from([", ", " ", ","]))
        name = f"{draw(st.sampled_from(_NAMES))} {seat}"
        if draw(st.integers(0, 9)) == 0:
            name = draw(st.sampled_from(["", "  ", "Ann 0"]))  # missing or repeated
        lines.append(f"{name},{separator.join(tokens)}")
        if draw(st.integers(0, 4)) == 0:
            lines.append(draw(st.sampled_from(["", "# comment", "   "])))
    return "\n".join(lines), board


@settings(max_examples=300, deadline=None)
@given(_tables())
def test_near_valid_text_answers_right_or_raises_package_error(
    table: tuple[str, str | None],
) -> None:
    result = _answer_or_one_line_error(*table)
    if result is not None:
        check_against_reference(result)
