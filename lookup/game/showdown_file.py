"""The showdown text format: one player a line, ``name, card, card, ...``.

::

    # the seed example: Joe's flush beats trips and a pair
    Joe, 3H, 4H, 5H, 6H, 8H
    Bob, 3C, 3D, 3S, 8C, 10D
    Sally, AC, 10C, 5C, 2S, 2C

The name is everything before the first comma (it may contain spaces); the
cards follow, separated by commas and/or spaces, in any spelling
:func:`lookup.parse_cards` reads (``10D``, ``Td``, ``T♦``). Blank lines are
skipped, and so is everything from a ``#`` that starts a line or follows the
name's comma. Without a board each player shows 5 to 13 cards (the best five
play); with a board each line holds exactly two hole cards (Hold'em). With a
game (``game=``, see :func:`lookup.games`) each line holds that game's hole
cards: 4 in Omaha, 7 in stud (6 when a one-card shared board is dealt), 5 in
the draw games, 4 in badugi; the board is the game's (none in stud and draw).

Every error is a :class:`ShowdownParseError` that says on which line the
problem is and which token is bad.

>>> read_showdown("Joe, 3H, 4H, 5H, 6H, 8H\\nBob, 3C, 3D, 3S, 8C, 10D").winners
('Joe',)
>>> read_showdown("Joe, 3H, 4H, 5H, 6H, 8H\\nBob, 3C, 1D, 3S, 8C, 10D")
Traceback (most recent call last):
...
lookup.ShowdownParseError: line 2: unknown rank '1' in card '1D': ranks are 2-9, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from lookup.core.cards import Card, CardsLike, parse_cards
from lookup.core.errors import (
    CardError,
    GameError,
    HandSizeError,
    PokerLookupError,
    ShowdownParseError,
)
from lookup.core.messages import count
from lookup.game.evaluate import GameEvaluator, game_evaluator
from lookup.game.registry import GameLike
from lookup.game.showdown import (
    MAX_HAND_CARDS,
    MIN_HAND_CARDS,
    ShowdownError,
    ShowdownResult,
    TableCheck,
    chip_orders,
    play_game,
    player_hand,
    seat_for_game,
    settle,
)
from lookup.ranking.ranking import RulesLike

__all__ = [
    "HOLE_CARDS",
    "SeatLine",
    "ShowdownParseError",
    "parse_showdown",
    "read_showdown",
]

HOLE_CARDS: Final = 2
"""Cards on each line of a file read with a board: Hold'em hole cards."""
BOARD_SIZES: Final = range(3, 6)
"""A Hold'em board: the flop, the turn or the river."""


@dataclass(frozen=True)
class SeatLine:
    """One player as read from the text: the line it came from, the name, the cards."""

    line: int
    name: str
    cards: tuple[Card, ...]


def _error(number: int, exc: PokerLookupError, token: object) -> ShowdownParseError:
    return ShowdownParseError(f"line {number}: {exc}", number, token)


def _parse_board(board: CardsLike, evaluator: GameEvaluator | None) -> TableCheck:
    try:
        table = TableCheck(board)
    except CardError as exc:
        raise ShowdownParseError(f"board: {exc}", None, exc.token) from exc
    if evaluator is not None:
        return table  # the game checks its board with each player
    if len(table.board) not in BOARD_SIZES:
        raise ShowdownParseError(
            f"board: {count(len(table.board), 'card')} given: a Hold'em board has 3, 4 or 5 cards",
            None,
            " ".join(map(str, table.board)),
        )
    return table


def parse_showdown(
    text: str,
    *,
    board: CardsLike | None = None,
    game: GameLike | None = None,
    rules: RulesLike | None = None,
) -> tuple[SeatLine, ...]:
    """Read and check every player in ``text``; raises at the first problem, naming its line.

    >>> [(seat.line, seat.name, len(seat.cards)) for seat in parse_showdown(
    ...     "# table 4\\n\\nAnn Lee, As Kd Qh Jc 9s  # nuts?\\nBob, 2c 3c 4c 5c 7d 8d")]
    [(3, 'Ann Lee', 5), (4, 'Bob', 6)]
    >>> parse_showdown("Ann, As Kd\\nBob, As 7c", board="2c 3d 9h")
    Traceback (most recent call last):
    ...
    lookup.ShowdownParseError: line 2: card 'As' is held by 'Ann' and 'Bob'
    >>> parse_showdown("Ann As Kd Qh Jc 9s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.ShowdownParseError: line 1: no comma after the player's name in 'Ann As...
    >>> parse_showdown("Ann, As Kd Qh Jc\\nBob, 2c 3c 4c", board="2d 3d 9h", game="omaha")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.ShowdownParseError: line 2: 'Bob' shows 3 cards ('2c 3c 4c'): in omaha each ...
    """
    evaluator = None if game is None else game_evaluator(game, rules)
    return _read(text, board, evaluator)[0]


def _cards_wanted(has_board: bool, evaluator: GameEvaluator | None = None) -> str:
    if evaluator is not None:
        game = evaluator.game
        return f"in {game.name} each line holds exactly {game.family.cards_held(game)}"
    if has_board:
        return f"with a board each line holds exactly {HOLE_CARDS} hole cards"
    return f"each line needs {MIN_HAND_CARDS} to {MAX_HAND_CARDS} cards (the best five play)"


def _read(
    text: str, board: CardsLike | None, evaluator: GameEvaluator | None
) -> tuple[tuple[SeatLine, ...], tuple[Card, ...]]:
    table = TableCheck() if board is None else _parse_board(board, evaluator)
    # Stud's shared card depends on how many play: count the player lines first.
    players = sum(1 for raw in text.split("\n") if raw.strip() and not raw.strip().startswith("#"))
    seats: list[SeatLine] = []
    # Split on "\n" only: str.splitlines() also breaks on form feeds and other
    # separators, which would make our line numbers disagree with an editor's.
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, comma, rest = line.partition(",")
        name = name.strip()
        if not comma:
            raise ShowdownParseError(
                f"line {number}: no comma after the player's name in {line!r}: "
                "write 'name, card, card, ...'",
                number,
                line,
            )
        if not name:
            raise ShowdownParseError(
                f"line {number}: the player's name is missing before the comma in {line!r}",
                number,
                line,
            )
        card_text = rest.partition("#")[0].strip()
        try:
            cards = parse_cards(card_text)
            if not _size_ok(len(cards), board is not None, evaluator):
                raise ShowdownParseError(
                    f"line {number}: {name!r} shows {count(len(cards), 'card')} ({card_text!r}): "
                    + _cards_wanted(board is not None, evaluator),
                    number,
                    card_text,
                )
            if evaluator is None:
                table.seat(name, cards)
            else:
                seat_for_game(table, evaluator, name, cards, players)
        except (CardError, ShowdownError, GameError) as exc:
            raise _error(number, exc, exc.token) from exc
        except HandSizeError as exc:  # the table's own limits; the line checks come first
            raise _error(number, exc, card_text) from exc
        seats.append(SeatLine(number, name, cards))
    if not seats:
        raise ShowdownParseError(
            "no players: write one player a line, e.g. 'Joe, 3H, 4H, 5H, 6H, 8H'", None, text
        )
    return tuple(seats), table.board


def _size_ok(count: int, has_board: bool, evaluator: GameEvaluator | None) -> bool:
    if evaluator is not None:
        return any(count == hole for hole, _ in evaluator.sizes)
    if has_board:
        return count == HOLE_CARDS
    return MIN_HAND_CARDS <= count <= MAX_HAND_CARDS


def read_showdown(
    text: str,
    *,
    board: CardsLike | None = None,
    game: GameLike | None = None,
    rules: RulesLike | None = None,
    contributions: Mapping[str, int] | None = None,
) -> ShowdownResult:
    """Parse ``text`` (see :func:`parse_showdown`) and play the showdown (see
    :func:`lookup.showdown` for ``game``, ``rules`` and ``contributions``).

    >>> read_showdown("Ann, Ah Kh\\nBob, Ad Kd", board="2s 7c 9d Jh 3c").winners
    ('Ann', 'Bob')
    >>> result = read_showdown("Ann, As 2s Kd Kh\\nBob, Ad 2d Qs Qh", board="3c 4d 8h Kc 7s",
    ...                        game="omaha-hilo")
    >>> result.shares
    {'Ann': Fraction(3, 4), 'Bob': Fraction(1, 4)}
    >>> read_showdown("  # nothing here\\n")
    Traceback (most recent call last):
    ...
    lookup.ShowdownParseError: no players: write one player a line, e.g. ...
    """
    evaluator = None if game is None else game_evaluator(game, rules)
    seats, shared = _read(text, board, evaluator)
    if evaluator is None:
        hands = tuple(player_hand(seat.name, seat.cards, shared) for seat in seats)
        result = ShowdownResult(hands, shared)
        return settle(result, contributions, tuple(seat.name for seat in seats))
    found = evaluator.game
    played = tuple(play_game(evaluator, seat.name, seat.cards, shared) for seat in seats)
    result = ShowdownResult(played, shared, found.name, found.hilo)
    orders = chip_orders(evaluator, [(seat.name, seat.cards) for seat in seats])
    return settle(result, contributions, *orders)
