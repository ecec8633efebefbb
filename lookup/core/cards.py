"""Cards: the value type, the Cactus-Kev encoding, and parsing of what people type.

A :class:`Card` *is* its 32-bit Cactus-Kev integer (``Card`` subclasses ``int``),
so parsed cards go straight into the integer fast paths of :mod:`lookup.evaluate`
without conversion::

    bits 16-28  one bit per rank (deuce = bit 16)  -> OR of cards gives the rank mask
    bits 12-15  one bit per suit (c=8, d=4, h=2, s=1) -> AND of five cards: flush test
    bits 8-11   rank number 0..12
    bits 0-7    rank prime 2..41                    -> product identifies the ranks

Accepted spellings (case never matters):

* ranks ``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``;
* suits ``c d h s`` or the symbols ``♣ ♦ ♥ ♠`` (and their outlined forms ``♧ ♢ ♡ ♤``);
* a hand as one string, cards separated by spaces and/or commas, or run together
  (``"AsKd7h7c2s"``, ``"10d,10h"``); or any iterable of card strings, :class:`Card`
  objects, or card indices ``4 * rank + suit`` (0 = 2c ... 51 = As);
* the jokers of the wild-card rankings: ``Jk`` (or ``🃏``), index 52, and the second
  joker ``Jkb``, index 53. A joker's encoding has prime 1 (it adds nothing to a
  product of primes), every suit bit (it never breaks a flush test), no rank bit,
  and rank number 13 or 14; rankings without jokers refuse them.

>>> parse_cards("As kd 10H")
(Card('As'), Card('Kd'), Card('Th'))
>>> parse_card("1h")
Traceback (most recent call last):
...
lookup.CardError: unknown rank '1' in card '1h': ranks are 2-9, T (or 10), J, Q, K, A
"""

from __future__ import annotations

import operator
from enum import IntEnum
from functools import cache
from itertools import combinations_with_replacement, product

from lookup.core.errors import CardError, DuplicateCardError
from lookup.core.messages import clipped, duplicate_card

# typing is imported by the type checker only: importing it (and the re, contextlib it
# pulls in) costs a script more than parsing its cards.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Final, SupportsIndex, TypeAlias

__all__ = [
    "ALL_COMBOS",
    "DECK",
    "JOKER",
    "JOKERS",
    "PRIMES",
    "Card",
    "CardLike",
    "CardsLike",
    "Combo",
    "Kev",
    "Rank",
    "Suit",
    "flush_suit_by_counters",
    "hand_cards",
    "parse_card",
    "parse_cards",
    "quick_card",
    "quick_cards",
    "rank_multisets",
]

Kev: TypeAlias = int
"""A card in the 32-bit Cactus-Kev encoding (every :class:`Card` is one)."""

Combo: TypeAlias = tuple[int, int]
"""Two hole cards as card indices, the higher index first (a Hold'em combo)."""

ALL_COMBOS: Final[tuple[Combo, ...]] = tuple(
    (hi, lo) for hi in range(51, -1, -1) for lo in range(hi - 1, -1, -1)
)
"""All 1,326 two-card combos, strongest card first."""

PRIMES: Final = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""The prime of each rank, deuce first: the product of a hand's primes names its ranks."""


class Rank(IntEnum):
    """Card rank, numbered as in the Cactus-Kev encoding (deuce = 0, ace = 12)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """The one-letter spelling: '2' ... '9', 'T', 'J', 'Q', 'K' or 'A'.

        >>> Rank.TEN.char
        'T'
        """
        return RANK_CHARS[self]


class Suit(IntEnum):
    """Card suit, in the index order clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The lowercase letter: ``'c'``, ``'d'``, ``'h'`` or ``'s'``."""
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        """The unicode suit symbol, e.g. ``'♠'``."""
        return SUIT_SYMBOLS[self]

    @property
    def bit(self) -> int:
        """The suit's bit in the Cactus-Kev encoding (clubs 0x8000 ... spades 0x1000)."""
        return 0x8000 >> self


RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"

_RANK_BY_TEXT: Final[dict[str, int]] = {c: r for r, c in enumerate(RANK_CHARS)} | {
    c.lower(): r for r, c in enumerate(RANK_CHARS)
}
_RANK_BY_TEXT["10"] = Rank.TEN
_SUIT_BY_TEXT: Final[dict[str, int]] = {
    **{c: s for s, c in enumerate(SUIT_CHARS)},
    **{c.upper(): s for s, c in enumerate(SUIT_CHARS)},
    **{c: s for s, c in enumerate(SUIT_SYMBOLS)},
    **{c: s for s, c in enumerate("♧♢♡♤")},
}
_ALLOWED_RANKS: Final = "ranks are 2-9, T (or 10), J, Q, K, A"
_ALLOWED_SUITS: Final = "suits are c, d, h, s (or ♣ ♦ ♥ ♠)"


def _kev(rank: int, suit: int) -> int:
    return PRIMES[rank] | (rank << 8) | (0x8000 >> suit) | (1 << (16 + rank))


_SUIT_OF_BIT: Final = {0x8000 >> suit: suit for suit in range(4)}
"""A card's suit bit (its encoding's bits 12-15) -> the suit's number."""


class Card(int):
    """One playing card; the integer value is its Cactus-Kev encoding.

    There are exactly 54 instances: the 52 of :data:`DECK` and the two :data:`JOKERS`.
    ``Card("As")`` (as the repr writes it) and ``Card(rank, suit)`` return the shared
    one, and so do :func:`parse_card`, :meth:`from_index` and :meth:`from_kev`.

    >>> card = Card(Rank.ACE, Suit.SPADES)
    >>> card, card.rank, card.suit, card.index
    (Card('As'), <Rank.ACE: 12>, <Suit.SPADES: 3>, 51)
    >>> card is parse_card("A♠") and hex(card)
    '0x10001c29'
    >>> Card("As") is card, eval(repr(card)) is card  # one card's text, as its repr writes it
    (True, True)
    >>> Card(13, 0)
    Traceback (most recent call last):
    ...
    lookup.CardError: no card with rank 13 and suit 0: ranks are 0-12, suits 0-3
    >>> Card("AsKd")
    Traceback (most recent call last):
    ...
    lookup.CardError: expected one card, got 2 in 'AsKd'
    """

    __slots__ = ()

    def __new__(cls, rank: SupportsIndex | str, suit: SupportsIndex | None = None) -> Card:
        if suit is None:
            # Card("As"): one card's text, so that a card's repr evaluates to the card.
            if isinstance(rank, str):
                return parse_card(rank)
            raise CardError(
                f"give a card's text, Card('As'), or its rank and suit, got {rank!r}", rank
            )
        if isinstance(rank, str):
            raise CardError(
                f"a card's rank is a number 0-12 when a suit is given, got {rank!r}", rank
            )
        r, s = int(rank), int(suit)
        if not (0 <= r <= 12 and 0 <= s <= 3):
            raise CardError(
                f"no card with rank {r} and suit {s}: ranks are 0-12, suits 0-3", (r, s)
            )
        return DECK[4 * r + s]

    @classmethod
    def from_index(cls, index: SupportsIndex) -> Card:
        """The card with index ``4 * rank + suit`` (0 = 2c ... 51 = As; 52, 53 the jokers).

        >>> Card.from_index(0), Card.from_index(51), Card.from_index(53)
        (Card('2c'), Card('As'), Card('Jkb'))
        >>> Card.from_index(54)
        Traceback (most recent call last):
        ...
        lookup.CardError: card index 54 is out of range: indices are 0-51 ... 52-53 (jokers)
        """
        i = int(index)
        if not 0 <= i < 54:
            raise CardError(f"card index {i} is out of range: {_ALLOWED_INDICES}", i)
        return DECK[i] if i < 52 else JOKERS[i - 52]

    @classmethod
    def from_kev(cls, value: Kev) -> Card:
        """The card whose Cactus-Kev encoding is ``value``.

        >>> Card.from_kev(0x10001C29)
        Card('As')
        >>> Card.from_kev(7)
        Traceback (most recent call last):
        ...
        lookup.CardError: 7 is not a Cactus-Kev card encoding
        """
        card = _BY_KEV.get(value)
        if card is None:
            raise CardError(f"{value} is not a Cactus-Kev card encoding", value)
        return card

    @property
    def is_joker(self) -> bool:
        """True for the two jokers (``Jk``, ``Jkb``), which have no rank or suit.

        >>> parse_card("Jk").is_joker, parse_card("As").is_joker
        (True, False)
        """
        return self & 0xFF == 1

    @property
    def rank(self) -> Rank:
        """The card's :class:`Rank` (a joker has none: test :attr:`is_joker` first).

        >>> JOKER.rank
        Traceback (most recent call last):
        ...
        lookup.CardError: the joker 'Jk' has no rank
        """
        if self & 0xFF == 1:
            raise CardError(f"the joker '{self}' has no rank", str(self))
        return Rank((self >> 8) & 0xF)

    @property
    def suit(self) -> Suit:
        """The card's :class:`Suit` (a joker has none: test :attr:`is_joker` first)."""
        if self & 0xFF == 1:
            raise CardError(f"the joker '{self}' has no suit", str(self))
        return Suit((0x8000, 0x4000, 0x2000, 0x1000).index(self & 0xF000))

    @property
    def index(self) -> int:
        """``4 * rank + suit``: 0 = 2c ... 51 = As, the convention other evaluators share;
        the jokers are 52 and 53."""
        if self & 0xFF == 1:
            return 52 + ((self >> 8) & 0xF) - 13
        # From the bits, not the Rank and Suit enums: ten times faster, and equity reads it often.
        return 4 * ((self >> 8) & 0xF) + _SUIT_OF_BIT[self & 0xF000]

    @property
    def kev(self) -> Kev:
        """The Cactus-Kev encoding as a plain ``int``."""
        return int(self)

    @property
    def symbol(self) -> str:
        """The card with a unicode suit, e.g. ``'A♠'`` (a joker: ``'Jk'``)."""
        if self & 0xFF == 1:
            return str(self)
        return self.rank.char + self.suit.symbol

    def __str__(self) -> str:
        if self & 0xFF == 1:
            return _JOKER_NAMES[(self >> 8) & 0xF]
        return self.rank.char + self.suit.char

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self) -> tuple[object, tuple[int, ...]]:
        if self & 0xFF == 1:
            return Card.from_index, (self.index,)
        return Card, (int(self.rank), int(self.suit))


def rank_multisets(ranks: Iterable[int], size: int) -> Iterator[tuple[int, ...]]:
    """Ascending multisets of ``size`` of ``ranks`` that one deck can deal: at most four of each.

    >>> len(list(rank_multisets(range(13), 5))), len(list(rank_multisets(range(13), 7)))
    (6175, 49205)
    >>> list(rank_multisets([0], 5))
    []
    """
    for multiset in combinations_with_replacement(sorted(ranks), size):
        if all(multiset.count(r) <= 4 for r in set(multiset)):
            yield multiset


@cache
def flush_suit_by_counters() -> tuple[int | None, ...]:
    """Per-suit card counters -> the suit counted five or more times, else None.

    The counters sit in 3-bit lanes, clubs lowest (``count << 3 * suit``), as
    the six/seven-card kernels and the batch path sum them; 4,096 entries, for
    up to seven cards.

    >>> table = flush_suit_by_counters()
    >>> table[5 << 9], table[4 << 9 | 3], len(table)
    (3, None, 4096)
    """
    suits: list[int | None] = [None] * (1 << 12)
    # Only the few counters with a flush are visited: at most two cards lie off its suit.
    for suit in range(4):
        lanes = [3 * other for other in range(4) if other != suit]
        for others in product(range(3), repeat=3):
            off_suit = sum(others)
            base = sum(n << lane for n, lane in zip(others, lanes, strict=True))
            for count in range(5, 8 - off_suit):
                suits[base | count << (3 * suit)] = suit
    return tuple(suits)


def _build_deck() -> tuple[Card, ...]:
    return tuple(int.__new__(Card, _kev(i // 4, i % 4)) for i in range(52))


DECK: Final[tuple[Card, ...]] = _build_deck()
"""All 52 cards, by index (``DECK[0]`` is 2c, ``DECK[51]`` is As)."""

_JOKER_NAMES: Final = {13: "Jk", 14: "Jkb"}
JOKERS: Final[tuple[Card, Card]] = (
    int.__new__(Card, 0xF000 | 13 << 8 | 1),
    int.__new__(Card, 0xF000 | 14 << 8 | 1),
)
"""The two jokers, ``Jk`` (index 52) and ``Jkb`` (index 53): only wild-card rankings deal them."""
JOKER: Final = JOKERS[0]
_ALLOWED_INDICES: Final = "indices are 0-51 (4 * rank + suit) and 52-53 (jokers)"

_BY_KEV: Final[dict[int, Card]] = {int(c): c for c in (*DECK, *JOKERS)}

CardLike: TypeAlias = "Card | str | int"
"""One card: a :class:`Card`, a card string such as ``'As'``, or an index 0-51."""
CardsLike: TypeAlias = "str | Iterable[Card | str | int]"
"""Several cards: one string (``'As Kd'``, ``'AsKd'``, ``'As,Kd'``) or an iterable of CardLike."""


def _joker_at(run: str, pos: int) -> tuple[Card, int] | None:
    """The joker spelled at ``run[pos:]`` (``Jk``, ``Jkb``, ``🃏``) and where it ends, or None."""
    if run[pos] == "🃏":
        return JOKER, pos + 1
    if run[pos : pos + 2].lower() != "jk":
        return None
    if run[pos + 2 : pos + 3].lower() == "b":
        return JOKERS[1], pos + 3
    return JOKER, pos + 2


def _parse_run(run: str) -> list[Card]:
    """Parse one whitespace-free run such as ``'As'`` or ``'AsKd10h'``."""
    cards: list[Card] = []
    pos = 0
    while pos < len(run):
        joker = _joker_at(run, pos)
        if joker is not None:
            cards.append(joker[0])
            pos = joker[1]
            continue
        # One card inside a longer run: "10" is tried before a single rank character.
        rank_text = "10" if run.startswith("10", pos) else run[pos]
        suit_pos = pos + len(rank_text)
        token = run[pos : suit_pos + 1]
        rank = _RANK_BY_TEXT.get(rank_text)
        if rank is None:
            # Name what the user typed as one card: up to the next suit ("11h", not "11").
            end = next((i for i in range(suit_pos, len(run)) if run[i] in _SUIT_BY_TEXT), None)
            token = run[pos:] if end is None else run[pos : end + 1]
            raise CardError(
                f"unknown rank {rank_text!r} in card {clipped(token)}: {_ALLOWED_RANKS}", token
            )
        if suit_pos >= len(run):
            raise CardError(f"card {clipped(token)} has no suit: {_ALLOWED_SUITS}", token)
        suit = _SUIT_BY_TEXT.get(run[suit_pos])
        if suit is None:
            raise CardError(
                f"unknown suit {run[suit_pos]!r} in card {clipped(token)}: {_ALLOWED_SUITS}", token
            )
        cards.append(DECK[4 * rank + suit])
        pos = suit_pos + 1
    return cards


def parse_card(text: str) -> Card:
    """Parse exactly one card.

    Parameters:

    ``text``: one card, e.g. ``'As'``, ``'10h'``, ``'A♠'`` (case does not matter)

    >>> parse_card("10d"), parse_card("tD"), parse_card("Q♥")
    (Card('Td'), Card('Td'), Card('Qh'))
    >>> parse_card("Ax")
    Traceback (most recent call last):
    ...
    lookup.CardError: unknown suit 'x' in card 'Ax': suits are c, d, h, s (or ♣ ♦ ♥ ♠)
    >>> parse_card("AsKd")
    Traceback (most recent call last):
    ...
    lookup.CardError: expected one card, got 2 in 'AsKd'
    """
    if not isinstance(text, str):
        raise CardError(f"expected a card string, got {type(text).__name__}", text)
    cards = _parse_run(text.strip())
    if len(cards) != 1:
        raise CardError(f"expected one card, got {len(cards)} in {text!r}", text)
    return cards[0]


def _spellings() -> dict[str, Card]:
    """Every exact spelling of one card ('As', 'aS', '10h', 'Q♥', ...) -> the card."""
    jokers = {j + k + b: JOKERS[len(b)] for j in "Jj" for k in "Kk" for b in ("", "b", "B")}
    return (
        jokers
        | {"🃏": JOKER}
        | {
            rank_text + suit_text: DECK[4 * rank + suit]
            for rank_text, rank in _RANK_BY_TEXT.items()
            for suit_text, suit in _SUIT_BY_TEXT.items()
        }
    )


_CARD_BY_TEXT: Final = _spellings()


def quick_card(text: str) -> Card | None:
    """One card spelled exactly (``"As"``, ``"ks"``, ``"10h"``, ``"Jk"``), one dict lookup;
    else None (:func:`parse_card` explains what is wrong).

    >>> quick_card("As"), quick_card("10h"), quick_card("A s")
    (Card('As'), Card('Th'), None)
    """
    return _CARD_BY_TEXT.get(text)


def quick_cards(text: str) -> tuple[Card, ...] | None:
    """Cards spelled exactly and separated by white space, one dict lookup each; else None.

    Not checked for duplicates. Most text is written this way; anything else
    (commas, cards run together, a mistake) is for :func:`parse_cards`, which explains.

    >>> quick_cards("As kd 10h"), quick_cards("As,Kd")
    ((Card('As'), Card('Kd'), Card('Th')), None)
    """
    try:
        return tuple(map(_CARD_BY_TEXT.__getitem__, text.split()))
    except KeyError:
        return None


def _parse_text(text: str) -> list[Card]:
    quick = quick_cards(text)
    if quick is not None:
        return list(quick)
    cards: list[Card] = []
    # Runs between white space and commas (str.split and re's \s agree on white space).
    for run in text.replace(",", " ").split():
        cards.extend(_parse_run(run))
    return cards


def _parse_item(item: object) -> list[Card]:
    if isinstance(item, Card):
        return [item]
    if isinstance(item, str):
        if not item.replace(",", "").strip():
            # An empty item in a list is a hole where a card should be, not zero cards.
            raise CardError(f"empty card string {item!r}: give a card like 'As'", item)
        return _parse_text(item)
    if not isinstance(item, bool) and hasattr(item, "__index__"):
        try:
            item = operator.index(item)  # ints, and numpy integers from index arrays
        except TypeError:  # an array of several values, not one index
            raise CardError(
                f"cannot read {_short(item)} as a card: give a string like 'As', a Card, "
                "or an index 0-51",
                item,
            ) from None
        if item.bit_length() > 64:  # never print a number of thousands of digits
            raise CardError(
                f"card index out of range: {_ALLOWED_INDICES}, "
                f"got a number of {item.bit_length()} bits",
                item,
            )
        if item in _BY_KEV:
            # A Cactus-Kev int (treys uses the same encoding) is not an index: say so.
            raise CardError(
                f"card index {item} is out of range: {_ALLOWED_INDICES}; "
                f"{item} is the Cactus-Kev encoding of {_BY_KEV[item]}, "
                "pass Card.from_kev() of it",
                item,
            )
        return [Card.from_index(item)]
    raise CardError(
        f"cannot read {_short(item)} as a card: give a string like 'As', a Card, or an index 0-51",
        item,
    )


def _short(item: object) -> str:
    """A repr short enough for one error line."""
    text = repr(item).replace("\n", " ")
    return text if len(text) <= 40 else text[:37] + "..."


def parse_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Parse any accepted hand form into a tuple of distinct cards, in input order.

    A tuple of :class:`Card` is returned unchanged apart from the duplicate check,
    so passing parsed cards back in is cheap.

    Parameters:

    ``cards``: a string (``'As Kd 10h'``, ``'AsKd'``, ``'As,Kd'``), or an iterable of cards,
        card strings or card indices

    >>> parse_cards("AsKd7h7c2s") == parse_cards("as, kd, 7h, 7c, 2s")
    True
    >>> parse_cards([51, "Kd", Card(Rank.SEVEN, Suit.HEARTS)])
    (Card('As'), Card('Kd'), Card('7h'))
    >>> parse_cards("As Kd As")
    Traceback (most recent call last):
    ...
    lookup.DuplicateCardError: card 'As' appears more than once
    >>> parse_cards(["As", ""])
    Traceback (most recent call last):
    ...
    lookup.CardError: empty card string '': give a card like 'As'
    >>> parse_cards([1.5])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.CardError: cannot read 1.5 as a card: give a string like 'As', a Card, ...
    """
    if isinstance(cards, str):
        # Most text is cards spelled exactly, spaced or run together in pairs: a dict
        # lookup each. Anything else (and any repeat) takes the parser, which explains.
        quick = None
        if " " not in cards and len(cards) % 2 == 0:  # run together in pairs: "AsKd7h"
            try:
                pairs = [cards[i : i + 2] for i in range(0, len(cards), 2)]
                quick = tuple(map(_CARD_BY_TEXT.__getitem__, pairs))
            except KeyError:
                pass
        if quick is None:
            quick = quick_cards(cards)
        if quick is not None and quick and len(set(quick)) == len(quick):
            return quick
        parsed = _parse_text(cards)
    elif isinstance(cards, (bytes, bytearray, memoryview)):
        raise CardError(
            "cards are text (str) or card indices, not bytes: decode the bytes first", cards
        )
    elif isinstance(cards, (Card, int)):
        raise CardError(
            f"expected several cards, got a single {type(cards).__name__} {cards!r}", cards
        )
    else:
        try:
            items = list(cards)
        except TypeError:
            raise CardError(
                f"cannot read {cards!r} as cards: give a string or an iterable of cards", cards
            ) from None
        if all(type(item) is Card for item in items):
            parsed = items  # type: ignore[assignment]
        else:
            parsed = [card for item in items for card in _parse_item(item)]
    if len(set(parsed)) != len(parsed):
        seen: set[Card] = set()
        for card in parsed:
            if card in seen:
                raise DuplicateCardError(duplicate_card(card), str(card))
            seen.add(card)
    return tuple(parsed)


def hand_cards(cards: CardsLike, board: CardsLike | None = None) -> tuple[Card, ...]:
    """Parse a hand (and an optional shared board) into distinct cards, hand first.

    >>> hand_cards("As Ad", "2c 7d 9h")
    (Card('As'), Card('Ad'), Card('2c'), Card('7d'), Card('9h'))
    >>> hand_cards((Card.from_index(51),) * 2)
    Traceback (most recent call last):
    ...
    lookup.DuplicateCardError: card 'As' appears more than once
    >>> hand_cards("As Ad", "As 7d 9h")
    Traceback (most recent call last):
    ...
    lookup.DuplicateCardError: card 'As' is held by the hand and the board
    """
    parsed = parse_cards(cards)
    if board is None:
        return parsed
    shared = parse_cards(board)
    clash = set(parsed).intersection(shared)
    if clash:
        card = min(clash, key=parsed.index)
        raise DuplicateCardError(duplicate_card(card, "the hand", "the board"), str(card))
    return parsed + shared
