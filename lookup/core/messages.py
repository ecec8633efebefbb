"""The wording of messages, one phrasing per kind, for every layer (library and CLI).

An error a user can provoke in several places (the same card twice, the wrong
number of cards, a name that is not known) reads the same from each of them, so
each kind is spelled here once and every layer calls it; ``tests/test_messages.py``
provokes each kind from several entry points and checks the one phrasing.

>>> count(1, "card"), count(2, "card"), count(1_370_754, "board")
('1 card', '2 cards', '1,370,754 boards')
>>> duplicate_card("As", "player 1", "player 2")
"card 'As' is held by player 1 and player 2"
>>> duplicate_card("As")
"card 'As' appears more than once"
>>> unknown_name("game", "omahaa", ["holdem", "omaha"])
"unknown game 'omahaa': games are holdem, omaha"
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is the type checker's alone: importing it costs start-up
if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["clipped", "count", "duplicate_card", "player", "unknown_name", "whole_number"]


def count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless the number is one, with thousands separators.

    ``number``: how many; ``noun``: the singular noun (a plain ``s`` makes the plural).

    >>> count(0, "showdown"), count(1, "deal"), count(20_000, "showdown")
    ('0 showdowns', '1 deal', '20,000 showdowns')
    """
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"


def clipped(text: str) -> str:
    """``repr`` of given text for a message, cut short: a 50 KB range is no message.

    >>> clipped("QQ+"), clipped("9" * 100)
    ("'QQ+'", "'99999999999999999999999999999999999999999999999999'... (100 characters)")
    """
    return repr(text) if len(text) <= 60 else repr(text[:50]) + f"... ({len(text):,} characters)"


def player(seat_or_name: int | str) -> str:
    """A player as messages name one: ``player 2`` by seat, ``'Ann'`` by name.

    ``seat_or_name``: the 1-based seat (an int) or the player's name (a str).

    >>> player(2), player("Ann")
    ('player 2', "'Ann'")
    """
    return f"player {seat_or_name}" if isinstance(seat_or_name, int) else repr(seat_or_name)


def duplicate_card(card: object, first: str | None = None, second: str | None = None) -> str:
    """The one phrasing of a card dealt twice.

    ``card``: the card (or its text); ``first``, ``second``: where it is, as
    :func:`player` names a player, or ``the board``, ``the dead cards``, ``the hand``;
    without them (one list holding the card twice) the message says so.

    >>> duplicate_card("Kh", "the dead cards", player(1))
    "card 'Kh' is held by the dead cards and player 1"
    """
    if first is None or second is None:
        return f"card '{card}' appears more than once"
    return f"card '{card}' is held by {first} and {second}"


def unknown_name(
    kind: str, name: object, known: Iterable[str], *, plural: str | None = None
) -> str:
    """The one phrasing of a name that is not known, listing the names that are.

    ``kind``: what was named (``game``, ``ranking``, ...); ``name``: what was given;
    ``known``: the names allowed, in the order to list them; ``plural``: the plural of
    ``kind`` when it is not ``kind`` plus ``s``.

    >>> unknown_name("ranking", "lowball", ["standard", "razz"])
    "unknown ranking 'lowball': rankings are standard, razz"
    >>> unknown_name("game family", "mahjong", ["holdem"], plural="families")
    "unknown game family 'mahjong': families are holdem"
    """
    shown = clipped(name) if isinstance(name, str) else repr(name)
    return f"unknown {kind} {shown}: {plural or kind + 's'} are {', '.join(known)}"


def whole_number(
    name: str, value: object, least: int, most: int | None = None, when: str = ""
) -> str | None:
    """The one phrasing of a count that is not a whole number in its range (a bool is not
    a count); None when ``value`` is one. ``when`` says where the range applies.

    >>> whole_number("samples", 0, 1)
    'samples must be a whole number from 1 up, got 0'
    >>> whole_number("samples", 2.5, 2, 100_000, when=" preflop")
    'samples must be a whole number from 2 to 100,000 preflop, got 2.5'
    >>> whole_number("seed", 7, 0) is None
    True
    """
    if (
        isinstance(value, int)
        and not isinstance(value, bool)
        and least <= value
        and (most is None or value <= most)
    ):
        return None
    span = f"from {least:,} up" if most is None else f"from {least:,} to {most:,}"
    return f"{name} must be a whole number {span}{when}, got {value!r}"
