"""Game families as values: everything one family of games does its own way.

A game (:mod:`lookup.game.registry`) says how many cards are dealt and which
rankings judge the pot; its *family* says what those cards mean. Each family
is one :class:`GameFamily` object, and every family-specific question is a
method or attribute of it, so no other module tests a family's name:

* how a hand is formed: :meth:`~GameFamily.hand_kernel` gives the scalar
  kernel of a ranking (the best five of all the cards, exactly two hole
  cards with three board cards through :mod:`lookup.game.omaha`, or the hand
  as dealt), and :meth:`~GameFamily.pools` the card pools a best-five search
  chooses from;
* which cards a hand takes: :meth:`~GameFamily.hand_sizes` (the hole and
  board counts that make a hand now) and :meth:`~GameFamily.check_counts`
  (the refusal, in words, of any other count);
* equity: :meth:`~GameFamily.holding_sizes` (how many cards a player may
  give), :meth:`~GameFamily.deal_plan` (how a partial holding and the board
  are completed from the deck: stud's shared last card),
  :attr:`~GameFamily.range_notation` (which range notation its players may
  write, by name: the ranges layer above owns the parsers) and
  :meth:`~GameFamily.batch_kernel` (its vectorised showdown kernel, from
  :mod:`lookup.game.kernels`).

The six families are Hold'em (:data:`HOLDEM`), Omaha (:data:`OMAHA`),
Courchevel (:data:`COURCHEVEL`, Omaha's variant: the same hands, the first
board card dealt with the hole), seven-card stud (:data:`STUD`), the draw
games (:data:`DRAW`) and badugi (:data:`BADUGI`).

>>> [family.name for family in FAMILIES]
['holdem', 'omaha', 'courchevel', 'stud', 'draw', 'badugi']
>>> from lookup.core.cards import parse_cards
>>> len(OMAHA.pools(parse_cards("As Ks 2d 7c"), parse_cards("Qs Js Ts 3h 3c")))  # 6 x 10
60
>>> STUD.holding_sizes(7), DRAW.holding_sizes(5), HOLDEM.holding_sizes(2)
((3, 7), (0, 5), (2, 2))
>>> get_family("pineapple")
Traceback (most recent call last):
...
lookup.GameError: unknown game family 'pineapple': families are holdem, omaha, courchevel, \
stud, draw, badugi
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from lookup.core.cards import Card
from lookup.core.errors import GameError, HandSizeError
from lookup.core.messages import count, unknown_name
from lookup.game.omaha import omaha_checked, omaha_kernel
from lookup.ranking.ranking import Ranking, RulesLike, get_ranking
from lookup.ranking.value import HandRank

# typing and dataclasses are the type checker's alone: importing them (dataclasses with
# inspect, ast and dis) cost the first game evaluation more than all its tables. At run
# time GameShape is a plain class, as a Protocol is to everything but the type checker.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar, Final, Protocol, TypeVar

    from lookup.game.kernels import BatchKernel

    _T = TypeVar("_T")
else:
    Protocol = object

__all__ = [
    "BADUGI",
    "COURCHEVEL",
    "DRAW",
    "FAMILIES",
    "HOLDEM",
    "OMAHA",
    "STUD",
    "BadugiFamily",
    "BoardFamily",
    "DrawFamily",
    "GameFamily",
    "GameKernel",
    "GameShape",
    "HoldemFamily",
    "OmahaFamily",
    "StudFamily",
    "get_family",
]

GameKernel = Callable[[Sequence[int], Sequence[int]], int]
"""Unchecked ``(hole, board) -> class number``; Card ints, distinct, of the ranking's deck."""

_BOARD_TO_PLAY: Final = 3
"""Board cards a hand needs in the board games (the flop): fewer make no hand yet."""


class GameShape(Protocol):
    """What a family reads of a game: its name and card counts (a game of the registry)."""

    @property
    def name(self) -> str: ...

    @property
    def hole_cards(self) -> int: ...

    @property
    def board_sizes(self) -> tuple[int, ...]: ...


class GameFamily:
    """One family of games: how its hands are formed, checked, dealt and judged in bulk.

    The base class is a family without a board whose hand is all of a
    player's cards; the subclasses say what differs. A family is a value: immutable,
    equal to a family of its class and name, and pickled as its name.

    >>> OMAHA, OMAHA == OmahaFamily("omaha"), OMAHA == COURCHEVEL
    (OmahaFamily(name='omaha'), True, False)
    >>> OMAHA.name = "pineapple"
    Traceback (most recent call last):
    ...
    AttributeError: a game family is immutable
    """

    __slots__ = ("name",)

    name: str
    """The family's name, for docs, the command line and JSON output."""

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", name)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("a game family is immutable")

    def __delattr__(self, key: str) -> None:
        raise AttributeError("a game family is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.name == other.name

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.name))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return get_family, (self.name,)

    hole_used: ClassVar[int | None] = None
    """Exactly this many hole cards play (2 in Omaha); None = any."""
    board_used: ClassVar[int | None] = None
    """Exactly this many board cards play (3 in Omaha); None = any."""
    wild_fits: ClassVar[bool] = True
    """The hand is the best five of all its cards: a wild-card ranking's kernel fits."""
    range_notation: ClassVar[str | None] = None
    """The range notation its players may write (``"holdem"``, ``"omaha"``), None = cards only.

    Just a name: the parsers live in :mod:`lookup.ranges`, a layer above the
    games (see :mod:`lookup.ranges.notation`).
    """

    def hand_kernel(self, ranking: Ranking) -> GameKernel:
        """The unchecked ``(hole, board) -> class number`` of a hand under ``ranking``.

        Here the best five of all the cards: one lookup of five to seven cards.
        """
        ranking.kernels.load(None)  # every table read now: ``best`` takes the direct kernels
        best = ranking.kernels.best

        def best_of_all(hole: Sequence[int], board: Sequence[int]) -> int:
            return best((*hole, *board))

        return best_of_all

    def checked_kernel(
        self,
        ranking: Ranking,
        sizes: frozenset[tuple[int, int]],
        slow: Callable[[Any, Any], HandRank],
    ) -> Callable[[Any, Any], HandRank] | None:
        """The family's checked evaluation as one function, or None where it has none.

        ``(hole, board) -> value``: hands in a count of ``sizes`` checked and answered
        in one pass, everything else handed to ``slow`` (which parses, explains or
        answers). Here None: the game evaluator's own checked path serves.

        >>> from lookup.game.registry import get_game
        >>> HOLDEM.checked_kernel(get_ranking("standard"), frozenset(), print) is None
        True
        """
        return None

    def pools(
        self, hole: tuple[Card, ...], board: tuple[Card, ...]
    ) -> tuple[tuple[Card, ...], ...]:
        """The card pools a player's best five is chosen from (each searched for the value).

        >>> from lookup.core.cards import parse_cards
        >>> STUD.pools(parse_cards("As Ks Qs Js Ts 9s"), parse_cards("2d"))[0][-1]
        Card('2d')
        """
        return (hole + board,)

    def hand_sizes(self, game: GameShape) -> frozenset[tuple[int, int]]:
        """Every ``(hole, board)`` count of cards that makes a hand in ``game`` now.

        >>> from lookup.game.registry import get_game
        >>> sorted(DRAW.hand_sizes(get_game("badugi")))
        [(4, 0)]
        """
        return frozenset({(game.hole_cards, 0)})

    def check_counts(
        self, game: GameShape, held: int, shared: int, board: object, *, evaluating: bool
    ) -> None:
        """Refuse ``held`` hole and ``shared`` board cards unless ``game`` deals them.

        ``evaluating``: the hand must be complete now (three board cards in the
        board games); otherwise any count the game deals is fine. ``board`` is
        the board as given, named in the error.

        >>> from lookup.game.registry import get_game
        >>> DRAW.check_counts(get_game("badugi"), 4, 1, "Kd", evaluating=True)
        Traceback (most recent call last):
        ...
        lookup.GameError: badugi has no board, got 1 card
        """
        name = game.name
        if shared:
            raise GameError(f"{name} has no board, got {_count(shared)}", board)
        _check_hole(game, held)

    def cards_held(self, game: GameShape) -> str:
        """How many cards a player shows, in words: ``"7 cards (6 with a shared card)"``."""
        return f"{game.hole_cards} cards"

    def check_seating(
        self, game: GameShape, players: int, deck: int, board: tuple[Card, ...]
    ) -> None:
        """Refuse a board that ``players`` at one table of ``deck`` cards are never dealt."""

    def holding_sizes(self, hole_cards: int) -> tuple[int, int]:
        """``(fewest, most)`` cards a player may give for equity, the rest dealt from the deck."""
        return hole_cards, hole_cards

    def deal_plan(
        self, game: GameShape, held: Sequence[int], board: int, unseen: int
    ) -> tuple[list[int], int]:
        """Cards still to come for each player, and for the board.

        ``held``: the cards each player holds already (a range holder counts
        as holding them all); ``board``: the board cards given; ``unseen``:
        the cards left in the deck.

        >>> from lookup.game.registry import get_game
        >>> STUD.deal_plan(get_game("stud"), [3, 3], 0, 46)
        ([4, 4], 0)
        >>> STUD.deal_plan(get_game("stud"), [3] * 8, 0, 28)  # 32 wanted: one shared card
        ([3, 3, 3, 3, 3, 3, 3, 3], 1)
        """
        return [game.hole_cards - n for n in held], 0

    def showdown_cards(
        self, holes: list[list[_T]], board: list[_T]
    ) -> tuple[list[list[_T]], list[_T]]:
        """The players' cards and the board as the batch kernel takes them."""
        return holes, board

    def batch_kernel(self, rules: RulesLike) -> BatchKernel:
        """The vectorised showdown kernel of this family under one ranking.

        A wild-card ranking (jokers, wild deuces) has one kernel for every
        family whose hand is the best five of all its cards; others refuse it.

        >>> OMAHA.batch_kernel("joker")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        lookup.GameError: no showdown kernel for the game family 'omaha' under the wild-card ...
        """
        from lookup.game.kernels import wild_kernel  # numpy: imported for equity only

        ranking = get_ranking(rules)
        wild = wild_kernel(ranking)
        if wild is None:
            return self._plain_batch_kernel(ranking)
        if not self.wild_fits:
            fitting = ", ".join(family.name for family in FAMILIES if family.wild_fits)
            raise GameError(
                f"no showdown kernel for the game family {self.name!r} under the wild-card "
                f"ranking {ranking.name} (families: {fitting})",
                self.name,
            )
        return wild

    def _plain_batch_kernel(self, ranking: Ranking) -> BatchKernel:
        from lookup.game.kernels import SevenBatchKernel  # numpy: for equity only

        return SevenBatchKernel(ranking)


class BoardFamily(GameFamily):
    """Hole cards and a community board of three to five cards (Hold'em, Omaha)."""

    __slots__ = ()

    def hand_sizes(self, game: GameShape) -> frozenset[tuple[int, int]]:
        """The full hole with a board of three or more cards.

        >>> from lookup.game.registry import get_game
        >>> sorted(HOLDEM.hand_sizes(get_game("holdem")))
        [(2, 3), (2, 4), (2, 5)]
        """
        return frozenset((game.hole_cards, n) for n in game.board_sizes if n >= _BOARD_TO_PLAY)

    def check_counts(
        self, game: GameShape, held: int, shared: int, board: object, *, evaluating: bool
    ) -> None:
        """The board the game deals (three cards or more when ``evaluating``), the full hole.

        >>> from lookup.game.registry import get_game
        >>> HOLDEM.check_counts(get_game("holdem"), 2, 0, "", evaluating=True)
        Traceback (most recent call last):
        ...
        lookup.HandSizeError: a holdem board holds 3, 4 or 5 cards to make a hand, got 0
        """
        name = game.name
        allowed = game.board_sizes
        if evaluating:
            allowed = tuple(n for n in allowed if n >= _BOARD_TO_PLAY)
        if shared not in allowed:
            raise HandSizeError(
                f"{_a(name)} {name} board holds {_sizes(allowed)} cards"
                + (" to make a hand" if evaluating else "")
                + f", got {shared}",
                shared,
            )
        _check_hole(game, held)

    def deal_plan(
        self, game: GameShape, held: Sequence[int], board: int, unseen: int
    ) -> tuple[list[int], int]:
        """Each player's missing cards, and the board dealt out to its full size."""
        return [game.hole_cards - n for n in held], game.board_sizes[-1] - board


class HoldemFamily(BoardFamily):
    """Hold'em and short deck: the best five of the hole and board cards together."""

    __slots__ = ()

    range_notation: ClassVar[str | None] = "holdem"


class OmahaFamily(BoardFamily):
    """Omaha and Courchevel: exactly two hole cards with exactly three board cards."""

    __slots__ = ()

    hole_used: ClassVar[int | None] = 2
    board_used: ClassVar[int | None] = 3
    wild_fits: ClassVar[bool] = False
    range_notation: ClassVar[str | None] = "omaha"

    def hand_kernel(self, ranking: Ranking) -> GameKernel:
        """:func:`lookup.game.omaha.omaha_kernel`: never sixty five-card lookups."""
        return omaha_kernel(ranking)

    def checked_kernel(
        self,
        ranking: Ranking,
        sizes: frozenset[tuple[int, int]],
        slow: Callable[[Any, Any], HandRank],
    ) -> Callable[[Any, Any], HandRank] | None:
        """:func:`lookup.game.omaha.omaha_checked`: check and lookup in one pass.

        >>> from lookup.core.cards import parse_cards
        >>> checked = OMAHA.checked_kernel(get_ranking("standard"), frozenset({(4, 5)}), print)
        >>> checked(parse_cards("As Ks 2d 7c"), parse_cards("Qs Js Ts 3h 3c")).describe()
        'Royal Flush'
        """
        return omaha_checked(ranking, sizes, slow)

    def pools(
        self, hole: tuple[Card, ...], board: tuple[Card, ...]
    ) -> tuple[tuple[Card, ...], ...]:
        """Every two hole cards with every three board cards."""
        return tuple(
            pair + triple
            for pair in combinations(hole, self.hole_used or 0)
            for triple in combinations(board, self.board_used or 0)
        )

    def _plain_batch_kernel(self, ranking: Ranking) -> BatchKernel:
        from lookup.game.kernels import OmahaBatchKernel  # numpy: for equity only

        return OmahaBatchKernel(ranking)


class StudFamily(GameFamily):
    """Seven-card stud: seven cards of one's own, the best five play, no board.

    When more players sit than the deck can serve, the last card is dealt
    once, face up, for everyone: a one-card shared board.
    """

    __slots__ = ()

    fewest_held: ClassVar[int] = 3
    """Equity takes a holding from third street on: the cards dealt so far."""

    def hand_sizes(self, game: GameShape) -> frozenset[tuple[int, int]]:
        """All seven cards one's own, or six with the shared card.

        >>> from lookup.game.registry import get_game
        >>> sorted(STUD.hand_sizes(get_game("stud")))
        [(6, 1), (7, 0)]
        """
        return frozenset({(game.hole_cards, 0), (game.hole_cards - 1, 1)})

    def check_counts(
        self, game: GameShape, held: int, shared: int, board: object, *, evaluating: bool
    ) -> None:
        """The game's cards in all, at most one of them the shared card.

        Whether the table is big enough to need the shared card is
        :meth:`check_seating`'s question.

        >>> from lookup.game.registry import get_game
        >>> STUD.check_counts(get_game("razz"), 7, 1, "Kd", evaluating=True)
        Traceback (most recent call last):
        ...
        lookup.HandSizeError: a razz hand holds 7 cards (6 with a 1-card shared board), got 7
        """
        if shared > 1 or held + shared != game.hole_cards:
            name = game.name
            raise HandSizeError(
                f"{_a(name)} {name} hand holds {_count(game.hole_cards)} "
                f"({game.hole_cards - 1} with a 1-card shared board), got {held}"
                + (f" and a {shared}-card board" if shared > 1 else ""),
                held,
            )

    def cards_held(self, game: GameShape) -> str:
        """The full hand, or one fewer with a shared card."""
        return f"{game.hole_cards} cards ({game.hole_cards - 1} with a shared card)"

    def check_seating(
        self, game: GameShape, players: int, deck: int, board: tuple[Card, ...]
    ) -> None:
        """A shared card only when ``players`` hands of the game's cards overflow the deck."""
        if board and players * game.hole_cards <= deck:
            raise GameError(
                f"{game.name} deals a shared card only when the deck cannot serve every "
                f"player: {players} players x {game.hole_cards} cards fit in {deck}",
                " ".join(map(str, board)),
            )

    def holding_sizes(self, hole_cards: int) -> tuple[int, int]:
        """Third street on: three cards up to the full hand."""
        return self.fewest_held, hole_cards

    def deal_plan(
        self, game: GameShape, held: Sequence[int], board: int, unseen: int
    ) -> tuple[list[int], int]:
        """Each player's missing cards; the last one shared when the deck runs short."""
        need = [game.hole_cards - n for n in held]
        if sum(need) <= unseen:
            return need, 0
        # Not enough cards for everyone's last card: it is dealt once, face up, for all.
        if any(n == game.hole_cards for n in held):
            raise HandSizeError(
                f"{len(held)} {game.name} players need a community last card, so no player "
                f"can hold {game.hole_cards} cards yet",
                game.hole_cards,
            )
        return [n - 1 for n in need], 1

    def showdown_cards(
        self, holes: list[list[_T]], board: list[_T]
    ) -> tuple[list[list[_T]], list[_T]]:
        """The shared card plays in every hand: it joins each player's cards."""
        if not board:
            return holes, board
        return [hole + board for hole in holes], []


class DrawFamily(GameFamily):
    """The draw games: five cards, the hand as dealt.

    Equity takes a hand as it stands before the draw: fewer cards than the
    game's count are completed from the deck, as a player drawing would be.
    """

    __slots__ = ()

    def hand_kernel(self, ranking: Ranking) -> GameKernel:
        """One lookup of the hand as dealt."""
        ranking.kernels.load(None)  # every table read now: ``best`` takes the direct kernels
        best = ranking.kernels.best

        def as_dealt(hole: Sequence[int], board: Sequence[int]) -> int:
            return best(hole)

        return as_dealt

    def holding_sizes(self, hole_cards: int) -> tuple[int, int]:
        """Any number of cards up to the full hand (none: all drawn)."""
        return 0, hole_cards

    def _plain_batch_kernel(self, ranking: Ranking) -> BatchKernel:
        from lookup.game.kernels import FiveBatchKernel  # numpy: for equity only

        return FiveBatchKernel(ranking)


class BadugiFamily(DrawFamily):
    """Badugi: four cards as dealt, under a badugi ranking (no wild-card kernel)."""

    __slots__ = ()

    wild_fits: ClassVar[bool] = False

    def _plain_batch_kernel(self, ranking: Ranking) -> BatchKernel:
        from lookup.game.kernels import BadugiBatchKernel  # numpy: for equity only

        return BadugiBatchKernel(ranking)


def _check_hole(game: GameShape, held: int) -> None:
    if held != game.hole_cards:
        name = game.name
        raise HandSizeError(
            f"{_a(name)} {name} hand holds {_count(game.hole_cards)}, got {held}", held
        )


def _a(name: str) -> str:
    return "an" if name[0] in "aeio" else "a"


def _count(n: int, noun: str = "card") -> str:
    return count(n, noun)  # the one phrasing of a count (lookup.core.messages)


def _sizes(sizes: Sequence[int]) -> str:
    *rest, last = sizes
    return f"{', '.join(map(str, rest))} or {last}" if rest else str(last)


HOLDEM: Final = HoldemFamily("holdem")
OMAHA: Final = OmahaFamily("omaha")
COURCHEVEL: Final = OmahaFamily("courchevel")
STUD: Final = StudFamily("stud")
DRAW: Final = DrawFamily("draw")
BADUGI: Final = BadugiFamily("badugi")

FAMILIES: Final[tuple[GameFamily, ...]] = (HOLDEM, OMAHA, COURCHEVEL, STUD, DRAW, BADUGI)
"""Every family, in the order the games are listed."""

_BY_NAME: Final = {family.name: family for family in FAMILIES}


def get_family(family: str | GameFamily) -> GameFamily:
    """The family ``family`` names (a :class:`GameFamily` is returned as is).

    >>> get_family("stud") is STUD, get_family(OMAHA) is OMAHA
    (True, True)
    """
    if isinstance(family, GameFamily):
        return family
    found = _BY_NAME.get(family)
    if found is None:
        raise GameError(unknown_name("game family", family, _BY_NAME, plural="families"), family)
    return found
