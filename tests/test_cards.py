"""Cards: the encoding, every accepted spelling, and one rejection per kind of bad input."""

from __future__ import annotations

import copy
import pickle

import pytest

from lookup import (
    DECK,
    Card,
    CardError,
    DuplicateCardError,
    PokerLookupError,
    Rank,
    Suit,
    parse_card,
    parse_cards,
)
from lookup.core.cards import _CARD_BY_TEXT, PRIMES, _parse_text

RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "cdhs"
# Independent of lookup: the first thirteen primes, and the suit bits as DESIGN.md gives them.
FIRST_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
SUIT_BITS = {"c": 0x8000, "d": 0x4000, "h": 0x2000, "s": 0x1000}
SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
OUTLINED = {"c": "♧", "d": "♢", "h": "♡", "s": "♤"}

ALL_NAMES = [r + s for r in RANK_LETTERS for s in SUIT_LETTERS]  # index order: 2c 2d 2h 2s 3c ...


# --- the encoding ---------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(52))
def test_deck_holds_the_cactus_kev_encoding(index: int) -> None:
    r, s = divmod(index, 4)
    expected = FIRST_PRIMES[r] | r << 8 | SUIT_BITS[SUIT_LETTERS[s]] | 1 << (16 + r)
    card = DECK[index]
    assert type(card) is Card
    assert int(card) == card.kev == expected
    assert type(card.kev) is int
    assert str(card) == ALL_NAMES[index]


def test_deck_is_52_distinct_cards_and_primes_are_the_first_thirteen() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    assert PRIMES == FIRST_PRIMES


def test_card_properties() -> None:
    card = parse_card("Qh")
    assert card.rank is Rank.QUEEN and card.suit is Suit.HEARTS
    assert card.index == 4 * 10 + 2
    assert card.symbol == "Q♥"
    assert str(card) == "Qh" and repr(card) == "Card('Qh')"
    assert Rank.TEN.char == "T" and Suit.SPADES.char == "s" and Suit.CLUBS.symbol == "♣"
    assert [suit.bit for suit in Suit] == [0x8000, 0x4000, 0x2000, 0x1000]


@pytest.mark.parametrize("index", range(52))
def test_every_way_to_name_a_card_gives_the_same_instance(index: int) -> None:
    card = DECK[index]
    r, s = divmod(index, 4)
    assert Card(r, s) is card
    assert Card(Rank(r), Suit(s)) is card
    assert Card.from_index(index) is card
    assert Card.from_kev(int(card)) is card
    assert parse_card(ALL_NAMES[index]) is card
    assert card.rank == r and card.suit == s and card.index == index


@pytest.mark.parametrize("card", DECK, ids=str)
def test_pickle_and_copy_round_trip_to_the_shared_instance(card: Card) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card


def test_format_spec_applies_to_the_name() -> None:
    card = parse_card("Td")
    assert format(card) == "Td"
    assert f"{card:>4}|{card:<4}|{card:^4}" == "  Td|Td  | Td "
    assert f"{card}" == "Td"


def test_card_is_an_int_usable_in_bit_arithmetic() -> None:
    five = parse_cards("As Ks Qs Js Ts")
    assert five[0] & five[1] & five[2] & five[3] & five[4] & 0xF000 == SUIT_BITS["s"]
    assert (five[0] | five[1] | five[2] | five[3] | five[4]) >> 16 == 0b1_1111_0000_0000


# --- accepted spellings --------------------------------------------------------------------


@pytest.mark.parametrize("index", range(52))
def test_every_card_in_every_spelling(index: int) -> None:
    r, s = divmod(index, 4)
    rank_spellings = [RANK_LETTERS[r], RANK_LETTERS[r].lower()]
    if RANK_LETTERS[r] == "T":
        rank_spellings.append("10")
    suit_spellings = [SUIT_LETTERS[s], SUIT_LETTERS[s].upper()]
    suit_spellings += [SYMBOLS[SUIT_LETTERS[s]], OUTLINED[SUIT_LETTERS[s]]]
    for rank_text in rank_spellings:
        for suit_text in suit_spellings:
            text = rank_text + suit_text
            assert parse_card(text) is DECK[index], text
            assert parse_card(f"  {text}\t") is DECK[index], text
            assert parse_cards(text) == (DECK[index],), text


AS_KD_TH = (DECK[51], DECK[45], DECK[34])


@pytest.mark.parametrize(
    "text",
    [
        "As Kd Th",
        "as kd th",
        "AS KD TH",
        "As Kd 10h",
        "As Kd 10H",
        "AsKdTh",
        "AsKd10h",
        "askd10h",
        "As,Kd,Th",
        "As, Kd, Th",
        "As ,Kd , 10h",
        "  As\tKd\n10h  ",
        "A♠ K♦ T♥",
        "A♠K♦10♥",
        "a♤ k♢ t♡",
        "A♤,K♢,10♡",
    ],
)
def test_hand_strings(text: str) -> None:
    assert parse_cards(text) == AS_KD_TH


@pytest.mark.parametrize(
    "items",
    [
        ["As", "Kd", "Th"],
        ["as", "KD", "10h"],
        ("A♠", "K♦", "T♥"),
        ["As Kd", "Th"],
        ["AsKd", "10h"],
        [51, 45, 34],
        [DECK[51], DECK[45], DECK[34]],
        (DECK[51], DECK[45], DECK[34]),
        [DECK[51], "Kd", 34],
        iter(["As", "Kd", "Th"]),
        (card for card in AS_KD_TH),
    ],
)
def test_hand_iterables(items: object) -> None:
    assert parse_cards(items) == AS_KD_TH  # type: ignore[arg-type]


def test_tens_next_to_tens() -> None:
    # "10" is tried before a one-character rank, so runs of tens split correctly.
    assert parse_cards("10d10h10s") == parse_cards("Td Th Ts")
    assert parse_cards("10dTh") == parse_cards("Td Th")


def test_parsed_cards_keep_input_order_and_pass_through() -> None:
    hand = parse_cards("2c As 7d")
    assert [str(c) for c in hand] == ["2c", "As", "7d"]
    assert parse_cards(hand) == hand
    assert parse_cards("") == () and parse_cards([]) == ()


# --- rejections: one per kind of bad input --------------------------------------------------


def _reject(call: object, bad: object, exception: type[CardError] = CardError) -> CardError:
    with pytest.raises(exception) as caught:
        call(bad)  # type: ignore[operator]
    error = caught.value
    assert type(error) is exception
    assert isinstance(error, PokerLookupError) and isinstance(error, ValueError)
    return error


@pytest.mark.parametrize("bad", ["1h", "11h", "Xs", "Bd", "0c", "12s", "Ah Kd 1c", "AhKd11c"])
def test_unknown_rank(bad: str) -> None:
    error = _reject(parse_cards, bad)
    token = bad.split()[-1].removeprefix("AhKd")
    assert f"'{token}'" in str(error), "the message names the card as typed"
    assert error.token == token
    assert "ranks are 2-9, T (or 10), J, Q, K, A" in str(error)


@pytest.mark.parametrize("bad", ["Ax", "Kz", "2e", "T♛", "As K5"])
def test_unknown_suit(bad: str) -> None:
    error = _reject(parse_cards, bad)
    token = bad.split()[-1]
    assert f"in card '{token}'" in str(error)
    assert f"unknown suit '{token[-1]}'" in str(error)
    assert "suits are c, d, h, s" in str(error)


@pytest.mark.parametrize("bad", ["A", "10", "As K", "AsKdQ"])
def test_missing_suit(bad: str) -> None:
    error = _reject(parse_cards, bad)
    token = bad.split()[-1].removeprefix("AsKd")
    assert f"card '{token}' has no suit" in str(error)
    assert "suits are c, d, h, s" in str(error)


@pytest.mark.parametrize("bad", ["", "   ", "\t"])
def test_empty_single_card(bad: str) -> None:
    error = _reject(parse_card, bad)
    assert f"{bad!r}" in str(error) and "expected one card, got 0" in str(error)


@pytest.mark.parametrize("bad", [["As", ""], ["", "As"], ["As", "  "], ["As", ","]])
def test_empty_item_in_a_list(bad: list[str]) -> None:
    error = _reject(parse_cards, bad)
    empty = next(item for item in bad if item != "As")
    assert f"empty card string {empty!r}" in str(error)


def test_parse_card_wants_exactly_one_card() -> None:
    error = _reject(parse_card, "AsKd")
    assert "'AsKd'" in str(error) and "got 2" in str(error)
    error = _reject(parse_card, 51)
    assert "got int" in str(error)


@pytest.mark.parametrize(
    ("bad", "duplicate"),
    [
        ("As Kd As", "As"),
        ("As Kd as", "As"),
        ("AsKdA♠", "As"),
        (["Th", "10h"], "Th"),
        ([51, "As"], "As"),
        ([DECK[0], 0], "2c"),
        ((DECK[1], DECK[1]), "2d"),
    ],
)
def test_duplicate_card(bad: object, duplicate: str) -> None:
    error = _reject(parse_cards, bad, DuplicateCardError)
    assert f"card '{duplicate}' appears more than once" in str(error)
    assert error.token == duplicate


@pytest.mark.parametrize("bad", [True, False, 1.5, 0.0, None, b"As", object()])
def test_item_of_the_wrong_type(bad: object) -> None:
    error = _reject(parse_cards, ["Kd", bad])
    assert f"cannot read {bad!r} as a card" in str(error)
    assert error.token is bad


@pytest.mark.parametrize("bad", [54, -1, 99])
def test_index_out_of_range(bad: int) -> None:
    error = _reject(parse_cards, ["Kd", bad])
    assert f"card index {bad} is out of range: indices are 0-51" in str(error)
    _reject(Card.from_index, bad)


def test_cactus_kev_int_given_as_an_index() -> None:
    kev = int(parse_card("As"))  # a plain int, as treys would hold it
    error = _reject(parse_cards, [kev, 45, 34])
    assert f"card index {kev} is out of range" in str(error)
    assert "Cactus-Kev encoding of As" in str(error)
    assert parse_cards([Card.from_kev(kev), 45, 34]) == AS_KD_TH


@pytest.mark.parametrize("bad", [5, DECK[3]])
def test_single_int_or_card_where_several_are_wanted(bad: int) -> None:
    error = _reject(parse_cards, bad)
    assert "expected several cards, got a single" in str(error)


@pytest.mark.parametrize("bad", [3.5, None])
def test_not_iterable(bad: object) -> None:
    error = _reject(parse_cards, bad)
    assert f"cannot read {bad!r} as cards" in str(error)


@pytest.mark.parametrize(("rank", "suit"), [(13, 0), (-1, 0), (0, 4), (0, -1)])
def test_card_constructor_range(rank: int, suit: int) -> None:
    with pytest.raises(CardError, match=f"no card with rank {rank} and suit {suit}"):
        Card(rank, suit)


@pytest.mark.parametrize("bad", [0, 7, 0x10001C28, 1 << 40])
def test_from_kev_rejects_what_is_not_an_encoding(bad: int) -> None:
    error = _reject(Card.from_kev, bad)
    assert f"{bad} is not a Cactus-Kev card encoding" in str(error)


def test_numpy_integers_are_card_indices() -> None:
    np = pytest.importorskip("numpy")
    row = np.array([51, 47, 0], dtype=np.int8)
    assert parse_cards(list(row)) == parse_cards("As Ks 2c")
    assert parse_cards(row.tolist()) == parse_cards("As Ks 2c")


@pytest.mark.parametrize(
    ("cards", "culprit"),
    [
        (b"0123/", b"0123/"),  # bytes used to be read as the card indices 48, 49, ...
        ([10**5000, 1, 2, 3, 4], 10**5000),  # its message must not print 5,000 digits
        ([1.5, 2, 3, 4, 5], 1.5),
    ],
    ids=["bytes", "huge-int", "float"],
)
def test_unreadable_input_names_its_culprit(cards: object, culprit: object) -> None:
    from lookup import CardError, evaluate

    with pytest.raises(CardError) as info:
        evaluate(cards)  # type: ignore[arg-type]
    assert info.value.token == culprit
    assert len(str(info.value)) < 200


def test_player_count_errors_carry_the_count() -> None:
    from lookup import PokerLookupError, equity

    with pytest.raises(PokerLookupError, match="2 to 10 players") as info:
        equity(["AsAh"])
    assert info.value.token == 1


def test_the_quick_reading_of_text_is_the_parsers_for_every_pair_of_spellings() -> None:
    # parse_cards reads exact spellings (spaced, or run together in pairs) by lookup and
    # gives everything else to the explaining parser: on every pair of spellings both
    # must give the same cards, or both refuse.
    for a in _CARD_BY_TEXT:
        for b in _CARD_BY_TEXT:
            for text in (a + b, f"{a} {b}"):
                try:
                    slow: tuple[Card, ...] | None = tuple(_parse_text(text))
                except PokerLookupError:
                    slow = None
                if slow is not None and len(set(slow)) != len(slow):
                    slow = None  # a repeated card: parse_cards refuses it
                try:
                    fast: tuple[Card, ...] | None = parse_cards(text)
                except PokerLookupError:
                    fast = None
                assert fast == slow, text
