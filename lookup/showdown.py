"""Showdowns: given the players' cards, who wins -- every tied player when the pot splits.

Each player holds 5 to 13 cards and plays the best five of them, or holds hole
cards that combine with a shared ``board`` (Hold'em). The whole table is checked
before anything is evaluated: a card can be held by one player only, never by a
player and the board; names must be distinct; a showdown needs a player.

>>> result = showdown({"Joe": "3h 4h 5h 6h 8h", "Bob": "3c 3d 3s 8c 10d"})
>>> result.winners
('Joe',)
>>> result.players[1].rank.name, result.players[1].best_five
('Three of a Kind', (Card('3c'), Card('3d'), Card('3s'), Card('Td'), Card('8c')))
>>> showdown([("Ann", "As Ah"), ("Bob", "Ks Kh")], board="2c 3c 4c 5c 6c").winners
('Ann', 'Bob')
>>> showdown({"Joe": "3h 4h 5h 6h 8h", "Bob": "3h 3d 3s 8c 10d"})
Traceback (most recent call last):
...
lookup.errors.DuplicateCardError: card '3h' is held by both 'Joe' and 'Bob'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from lookup.cards import Card, CardsLike, parse_cards
from lookup.errors import DuplicateCardError, HandSizeError, ShowdownError
from lookup.rank import HandRank

__all__ = [
    "MAX_HAND_CARDS",
    "MIN_HAND_CARDS",
    "PlayerHand",
    "PlayersLike",
    "ShowdownError",
    "ShowdownResult",
    "TableCheck",
    "play",
    "showdown",
]

MIN_HAND_CARDS: Final = 5
"""The fewest cards a player can show down (hole cards and board together)."""
MAX_HAND_CARDS: Final = 13
"""The most cards a player can show down; the best five of them play."""

PlayersLike: TypeAlias = "Mapping[str, CardsLike] | Iterable[tuple[str, CardsLike]]"
"""Players as ``{name: cards}`` or as ``(name, cards)`` pairs, in seating order."""


@dataclass(frozen=True)
class PlayerHand:
    """One player at a showdown: what they hold and what it is worth.

    ``cards`` is what the player holds (only the hole cards when there is a board);
    ``best_five`` the five cards that play, in the order a dealer reads them.
    """

    name: str
    cards: tuple[Card, ...]
    rank: HandRank
    best_five: tuple[Card, ...]
    description: str


@dataclass(frozen=True)
class ShowdownResult:
    """Every player's hand, in input order, and the shared board (empty without one).

    >>> result = showdown({"Ann": "As Ad Kc Kd 2h", "Bob": "Ah Ac Ks Kh 3s"})
    >>> result.winners, result.winning_rank.name, result.is_split
    (('Bob',), 'Two Pair', False)
    >>> result["Ann"].rank < result["Bob"].rank
    True
    >>> result["Cy"]
    Traceback (most recent call last):
    ...
    KeyError: "no player named 'Cy' at this showdown"
    """

    players: tuple[PlayerHand, ...]
    board: tuple[Card, ...] = ()

    @property
    def winning_rank(self) -> HandRank:
        """The strongest hand at the table."""
        return max(player.rank for player in self.players)

    @property
    def winners(self) -> tuple[str, ...]:
        """The names of every player holding the strongest hand, in input order."""
        best = self.winning_rank
        return tuple(player.name for player in self.players if player.rank == best)

    @property
    def is_split(self) -> bool:
        """True when two or more players tie for the pot."""
        return len(self.winners) > 1

    def __getitem__(self, name: str) -> PlayerHand:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(f"no player named {name!r} at this showdown")


class TableCheck:
    """Seat players one at a time, rejecting each problem as it is met.

    Every error is about the player just seated, so a caller that reads players
    from a file can say on which line the problem is. :func:`showdown` uses it, so
    the rules live in one place.

    >>> table = TableCheck(board="Ac Ad 7s")
    >>> table.seat("Ann", "Kh Kd")
    (Card('Kh'), Card('Kd'))
    >>> table.seat("Bob", "7s 2c")
    Traceback (most recent call last):
    ...
    lookup.errors.DuplicateCardError: card '7s' is held by 'Bob' and is also on the board
    """

    def __init__(self, board: CardsLike | None = None) -> None:
        self.board: tuple[Card, ...] = () if board is None else parse_cards(board)
        self._holder: dict[Card, str | None] = dict.fromkeys(self.board)
        self._names: set[str] = set()

    def seat(self, name: str, cards: CardsLike) -> tuple[Card, ...]:
        """Check one more player against the rules and everyone seated before; returns the cards.

        >>> table = TableCheck()
        >>> table.seat("Ann", "As Ks Qs Js 9s")[0]
        Card('As')
        >>> table.seat("Ann", "2c 3c 4c 5c 7d")
        Traceback (most recent call last):
        ...
        lookup.errors.ShowdownError: two players are named 'Ann': names must be distinct
        >>> table.seat("Bob", "2c 3c 4c 5c")
        Traceback (most recent call last):
        ...
        lookup.errors.HandSizeError: 'Bob' has 4 cards: a hand needs 5 to 13 (the best five play)
        """
        if not isinstance(name, str) or not name.strip():
            raise ShowdownError(f"player name {name!r} is not a non-empty string", name)
        if name in self._names:
            raise ShowdownError(f"two players are named {name!r}: names must be distinct", name)
        hand = parse_cards(cards)
        total = len(hand) + len(self.board)
        if not MIN_HAND_CARDS <= total <= MAX_HAND_CARDS:
            held = f"{name!r} has {_count(len(hand))}"
            if self.board:
                held += f" and the board {len(self.board)}"
            raise HandSizeError(
                f"{held}: a hand needs {MIN_HAND_CARDS} to {MAX_HAND_CARDS}"
                f"{' with the board' if self.board else ''} (the best five play)"
            )
        if self.board and not hand:
            raise HandSizeError(f"{name!r} holds no cards: each player needs hole cards")
        for card in hand:
            if card in self._holder:
                other = self._holder[card]
                message = (
                    f"card '{card}' is held by {name!r} and is also on the board"
                    if other is None
                    else f"card '{card}' is held by both {other!r} and {name!r}"
                )
                raise DuplicateCardError(message, str(card))
        self._names.add(name)
        self._holder.update(dict.fromkeys(hand, name))
        return hand


def _count(cards: int) -> str:
    return f"{cards} card" if cards == 1 else f"{cards} cards"


def play(
    cards: tuple[Card, ...], board: tuple[Card, ...] = ()
) -> tuple[HandRank, tuple[Card, ...], str]:
    """What a checked hand is worth: its rank, the five cards that play, and the description.

    The one place that asks :mod:`lookup.describe` (which loads the tables).

    >>> from lookup.cards import parse_cards
    >>> rank, five, text = play(parse_cards("As Ad"), parse_cards("Ac Kd 2s 3h 9c"))
    >>> rank.name, five[:3]
    ('Three of a Kind', (Card('As'), Card('Ad'), Card('Ac')))
    >>> play(parse_cards("As Ad"))
    Traceback (most recent call last):
    ...
    lookup.errors.HandSizeError: a standard hand needs at least 5 cards, got 2
    """
    from lookup.describe import best_five

    rank, five = best_five(cards, board or None)
    return rank, tuple(five), rank.describe()


def _pairs(players: PlayersLike) -> list[tuple[str, CardsLike]]:
    if isinstance(players, Mapping):
        return list(players.items())
    if isinstance(players, (str, bytes)):
        raise ShowdownError(
            "players must be a mapping {name: cards} or (name, cards) pairs, not a string",
            players,
        )
    try:
        items = list(players)
    except TypeError:
        raise ShowdownError(
            f"cannot read {players!r} as players: give {{name: cards}} or (name, cards) pairs",
            players,
        ) from None
    pairs: list[tuple[str, CardsLike]] = []
    for item in items:
        if isinstance(item, (str, bytes)) or not isinstance(item, Iterable):
            raise ShowdownError(f"expected a (name, cards) pair, got {item!r}", item)
        pair: tuple[Any, ...] = tuple(item)  # the name's type is checked when seated
        if len(pair) != 2:
            raise ShowdownError(f"expected a (name, cards) pair, got {item!r}", item)
        pairs.append((pair[0], pair[1]))
    return pairs


def showdown(players: PlayersLike, board: CardsLike | None = None) -> ShowdownResult:
    """Evaluate every player's best five cards and find the winners (all of them on a tie).

    ``players`` is ``{name: cards}`` or a sequence of ``(name, cards)`` pairs; each
    hand is 5 to 13 cards, or hole cards that join a shared ``board`` (together
    5 to 13). Cards take any form :func:`lookup.parse_cards` reads, ``10h`` included.
    The whole table is validated before any hand is evaluated.

    >>> result = showdown([("Joe", "3H 4H 5H 6H 8H"), ("Bob", "3C 3D 3S 8C 10D"),
    ...                    ("Sally", "AC 10C 5C 2S 2C")])
    >>> result.winners, str(result["Joe"].rank)
    (('Joe',), 'Flush')
    >>> showdown({"Ann": "Ah Kh", "Bob": "Ad Kd"}, board="2s 7c 9d Jh 3c").winners
    ('Ann', 'Bob')
    >>> showdown({})
    Traceback (most recent call last):
    ...
    lookup.errors.ShowdownError: a showdown needs at least one player
    >>> showdown({"Ann": "Ah Kh"}, board="Ah 7c 9d")
    Traceback (most recent call last):
    ...
    lookup.errors.DuplicateCardError: card 'Ah' is held by 'Ann' and is also on the board
    """
    pairs = _pairs(players)
    if not pairs:
        raise ShowdownError("a showdown needs at least one player", players)
    table = TableCheck(board)
    seated = [(name, table.seat(name, cards)) for name, cards in pairs]
    hands = []
    for name, cards in seated:
        rank, five, description = play(cards, table.board)
        hands.append(PlayerHand(name, cards, rank, five, description))
    return ShowdownResult(tuple(hands), table.board)
