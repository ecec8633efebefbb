"""The game registry: how a hand is formed, which ranking(s) judge it, how the pot splits.

A *ranking* (``rules=``) says how five cards compare; a *game* (``game=``) says
which cards a player may use, which ranking judges the pot (one ranking: the
whole pot; two: a high half and a low half), and how the odd chip is awarded.

>>> [g.name for g in games()][:4]
['holdem', 'short-deck', 'omaha', 'omaha5']
>>> omaha = get_game("omaha-hilo")
>>> omaha.hole_cards, omaha.hole_used, omaha.board_used, omaha.pot
(4, 2, 3, ('standard', 'eight-or-better'))
>>> omaha.hilo, get_game("razz").pot
(True, ('ace-to-five',))
>>> get_game("pineapple")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lookup.GameError: unknown game 'pineapple': games are holdem, short-deck, omaha, ...
"""

from __future__ import annotations

import os

from lookup.core.errors import GameError, RankingError
from lookup.core.messages import unknown_name
from lookup.game.family import BADUGI, COURCHEVEL, DRAW, HOLDEM, OMAHA, STUD, GameFamily
from lookup.ranking.kinds import RankingKind
from lookup.ranking.ranking import Ranking, RulesLike, get_ranking

# typing and dataclasses are the type checker's alone: importing them (dataclasses with
# inspect, ast and dis) cost the first game evaluation more than all its tables.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, Literal, TypeAlias

__all__ = ["GAMES", "Game", "GameLike", "OddChip", "game_rankings", "games", "get_game"]

OddChip: TypeAlias = 'Literal["seat", "suit"]'
"""How an indivisible chip is awarded among tied winners: by seat from the button, or by suit."""


_FIELDS: Final = (
    "name",
    "description",
    "family",
    "hole_cards",
    "board_sizes",
    "pot",
    "replaceable",
    "odd_chip",
)
"""A game's fields, in the order :class:`Game` takes them."""


class Game:
    """One game: hole cards, board, how many of each play, and the ranking(s) of the pot.

    ``pot`` names the default ranking(s): one judges the whole pot (a lowball
    ranking such as ``ace-to-five`` gives it to the lowest hand); two are the
    (high, low) halves. ``replaceable`` lists the built-in rankings that
    ``rules=`` may put in place of ``pot[0]``; a folder of your own tables (a
    path) may replace it too when it makes hands of the same size.

    A game is a value: immutable, and equal to a game of the same fields.

    >>> omaha = get_game("omaha")
    >>> same = Game("omaha", omaha.description, omaha.family, 4, (0, 3, 4, 5), ("standard",), (),
    ...             "seat")
    >>> same == omaha, hash(same) == hash(omaha), omaha == GAMES[0]
    (True, True, False)
    >>> omaha.hole_cards = 5
    Traceback (most recent call last):
    ...
    AttributeError: a game is immutable
    """

    __slots__ = (*_FIELDS, "_hash")

    name: str
    description: str
    family: GameFamily
    """How hands are formed, checked and dealt (:mod:`lookup.game.family`); ``family.name``
    for docs and the CLI: holdem, omaha, courchevel, stud, draw, badugi."""
    hole_cards: int
    """Cards each player holds at showdown (with a 1-card shared board in stud, one fewer)."""
    board_sizes: tuple[int, ...]
    """Board sizes allowed, smallest first; ``()`` = no board. The last is the full board."""
    pot: tuple[str, ...]
    replaceable: tuple[str, ...]
    odd_chip: OddChip
    """``"seat"``: first tied winner clockwise from the button; ``"suit"`` (stud): the
    tied winner holding the highest card by rank, then suit (spades, hearts, diamonds, clubs)."""
    _hash: int
    """The hash, kept once made (see :meth:`__hash__`)."""

    def __init__(
        self,
        name: str,
        description: str,
        family: GameFamily,
        hole_cards: int,
        board_sizes: tuple[int, ...],
        pot: tuple[str, ...],
        replaceable: tuple[str, ...],
        odd_chip: OddChip,
    ) -> None:
        values = (name, description, family, hole_cards, board_sizes, pot, replaceable, odd_chip)
        for field, value in zip(_FIELDS, values, strict=True):
            object.__setattr__(self, field, value)

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, field) for field in _FIELDS)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("a game is immutable")

    def __delattr__(self, key: str) -> None:
        raise AttributeError("a game is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        # Hashed once (a game is immutable): a cache keyed by a game (range_game, read by
        # every Range) would otherwise hash eight fields on every call, ~7 us.
        try:
            return self._hash
        except AttributeError:
            value = hash(self._fields())
            object.__setattr__(self, "_hash", value)
            return value

    def __repr__(self) -> str:
        fields = ", ".join(f"{field}={getattr(self, field)!r}" for field in _FIELDS)
        return f"Game({fields})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return Game, self._fields()

    @property
    def hole_used(self) -> int | None:
        """Exactly this many hole cards play (2 in Omaha); None = any. The family's."""
        return self.family.hole_used

    @property
    def board_used(self) -> int | None:
        """Exactly this many board cards play (3 in Omaha); None = any. The family's."""
        return self.family.board_used

    @property
    def hilo(self) -> bool:
        """True when the pot splits between a high half and a low half."""
        return len(self.pot) == 2

    @property
    def has_board(self) -> bool:
        """True when the game has a community board."""
        return bool(self.board_sizes)

    @property
    def full_board(self) -> int:
        """Cards on a complete board (0 without a board)."""
        return self.board_sizes[-1] if self.board_sizes else 0

    def high_ranking(self, rules: RulesLike | None = None) -> Ranking:
        """The ranking judging the whole pot (or the high half); ``rules`` may replace it.

        >>> get_game("short-deck").high_ranking("short-deck-triton").name
        'short-deck-triton'
        >>> get_game("omaha").high_ranking("short-deck")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        lookup.GameError: game 'omaha' is judged by standard; rules='short-deck' cannot ...
        >>> get_game("razz").high_ranking(get_ranking("joker").directory)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        lookup.GameError: game 'razz' is judged by ace-to-five; rules='.../joker' cannot ...
        """
        default = get_ranking(self.pot[0])
        if rules is None:
            return default
        if isinstance(rules, str):
            if rules == self.pot[0] or rules in self.replaceable:
                return get_ranking(rules)
        else:
            try:
                ranking = get_ranking(rules)
            except RankingError:
                ranking = None
            # A folder of the user's own tables, or a Ranking object: same hand size,
            # and a kind the game deals by name (a wild folder must not pass where
            # rules="joker" is refused: its cards reach code that has no joker).
            if ranking is not None and (
                ranking.name in (self.pot[0], *self.replaceable)
                or (
                    isinstance(ranking.spec, os.PathLike)
                    and ranking.hand_size == default.hand_size
                    and ranking.kind in self._kinds()
                )
            ):
                return ranking
        allowed = ", ".join((self.pot[0], *self.replaceable))
        wild = "" if any(kind.name == "wild" for kind in self._kinds()) else " and no wild cards"
        raise GameError(
            f"game {self.name!r} is judged by {self.pot[0]}; rules={_spell(rules)} cannot "
            f"replace it (allowed: {allowed}, or a folder of your own tables with "
            f"{default.hand_size}-card hands{wild})",
            rules,
        )

    def _kinds(self) -> tuple[RankingKind, ...]:
        """The kinds of ranking (poker, badugi, wild) this game's allowed rankings are."""
        return tuple(get_ranking(name).kind for name in (self.pot[0], *self.replaceable))

    def low_ranking(self) -> Ranking | None:
        """The ranking of the low half of a hi/lo game, None otherwise.

        >>> get_game("stud-hilo").low_ranking(), get_game("stud").low_ranking()
        (Ranking('eight-or-better'), None)
        """
        return get_ranking(self.pot[1]) if self.hilo else None


def _spell(rules: object) -> str:
    if isinstance(rules, Ranking):
        rules = rules.spec
    return repr(rules) if isinstance(rules, str) else repr(str(rules))


_HIGH: Final = ("standard",)
_HILO: Final = ("standard", "eight-or-better")
_BOARD: Final = (0, 3, 4, 5)
# Wild-card rankings a high game may deal instead of standard (docs/wildcards.md says why).
_WILD: Final = ("joker", "two-jokers", "deuces-wild")

GAMES: Final[tuple[Game, ...]] = (
    Game("holdem", "Texas Hold'em: 2 hole cards, 5 board cards, best five of seven",
         HOLDEM, 2, _BOARD, _HIGH, _WILD, "seat"),
    Game("short-deck", "Short-deck Hold'em: 36 cards, 2 + 5, flush beats full house",
         HOLDEM, 2, _BOARD, ("short-deck",), ("short-deck-triton",), "seat"),
    Game("omaha", "Omaha: 4 hole cards, exactly 2 of them with exactly 3 of 5 board cards",
         OMAHA, 4, _BOARD, _HIGH, (), "seat"),
    Game("omaha5", "Five-card Omaha: 5 hole cards, exactly 2 + 3 board cards",
         OMAHA, 5, _BOARD, _HIGH, (), "seat"),
    Game("omaha6", "Six-card Omaha: 6 hole cards, exactly 2 + 3 board cards",
         OMAHA, 6, _BOARD, _HIGH, (), "seat"),
    Game("omaha-hilo", "Omaha hi/lo: 4 hole cards, 2 + 3 for high and for an 8-or-better low",
         OMAHA, 4, _BOARD, _HILO, (), "seat"),
    Game("omaha5-hilo", "Five-card Omaha hi/lo: 5 hole cards, 2 + 3 high and 8-or-better low",
         OMAHA, 5, _BOARD, _HILO, (), "seat"),
    Game("courchevel", "Courchevel: five-card Omaha, the first board card dealt with the hole",
         COURCHEVEL, 5, (1, 3, 4, 5), _HIGH, (), "seat"),
    Game("courchevel-hilo", "Courchevel hi/lo: Courchevel with an 8-or-better low half",
         COURCHEVEL, 5, (1, 3, 4, 5), _HILO, (), "seat"),
    Game("stud", "Seven-card stud: 7 cards, no board, best five of seven",
         STUD, 7, (), _HIGH, _WILD, "suit"),
    Game("stud-hilo", "Seven-card stud hi/lo: best five high and an 8-or-better low",
         STUD, 7, (), _HILO, (), "suit"),
    Game("razz", "Razz: seven-card stud for the lowest ace-to-five hand",
         STUD, 7, (), ("ace-to-five",), (), "suit"),
    Game("deuce-to-seven", "Deuce-to-seven single draw: five cards as dealt, lowest wins",
         DRAW, 5, (), ("deuce-to-seven",), (), "seat"),
    Game("five-card-draw", "Five-card draw: five cards, the best high hand wins",
         DRAW, 5, (), _HIGH, (*_WILD, "bug"), "seat"),
    Game("badugi", "Badugi: four cards, the best badugi (different suits and ranks) wins",
         BADUGI, 4, (), ("badugi",), (), "seat"),
)  # fmt: skip
"""Every game, in the order they are listed to users."""

_BY_NAME: Final = {game.name: game for game in GAMES}

GameLike: TypeAlias = "str | Game"
"""A game: its name, or a :class:`Game`."""


def games() -> tuple[Game, ...]:
    """Every game, in the order they are listed to users.

    >>> len(games()), games()[0].name
    (15, 'holdem')
    """
    return GAMES


def get_game(game: GameLike) -> Game:
    """The game ``game`` names (a :class:`Game` is returned as is).

    Parameters:

    ``game``: a game's name (see :func:`games`) or a :class:`Game`

    >>> get_game("stud").hole_cards
    7
    >>> get_game(4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.GameError: game must be a game name or a Game, got 4
    """
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        found = _BY_NAME.get(game)
        if found is None:
            raise GameError(unknown_name("game", game, _BY_NAME), game)
        return found
    raise GameError(f"game must be a game name or a Game, got {game!r}", game)


def game_rankings(game: GameLike, rules: RulesLike | None = None) -> tuple[Ranking, Ranking | None]:
    """``(high, low)``: the rankings judging ``game`` (low is None unless hi/lo).

    >>> game_rankings("omaha-hilo")
    (Ranking('standard'), Ranking('eight-or-better'))
    >>> game_rankings("razz", "standard")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.GameError: game 'razz' is judged by ace-to-five; rules='standard' cannot ...
    """
    found = get_game(game)
    return found.high_ranking(rules), found.low_ranking()
