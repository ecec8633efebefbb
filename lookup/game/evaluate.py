"""Evaluation per game: the cards a game allows in, the best hand(s) out.

:func:`game_evaluator` gives a :class:`GameEvaluator` per (game, ranking):
unchecked kernels ``high(hole, board)`` and ``low(hole, board)`` (Card ints in,
class number out, as the rankings' own kernels) for showdowns and equity, and
the checked :meth:`GameEvaluator.evaluate` / :meth:`GameEvaluator.evaluate_hilo`
behind :func:`lookup.evaluate` and :func:`lookup.evaluate_hilo`.

How a hand is formed is the game's family's to say (:mod:`lookup.game.family`):

* Hold'em, short deck, stud, razz: the best five of hole plus board, one O(1)
  lookup for five to seven cards;
* Omaha, Courchevel: exactly two hole and three board cards
  (:mod:`lookup.game.omaha`, not sixty separate five-card evaluations);
* draw games and badugi: the hand as dealt (one lookup).

>>> evaluate_game("As Ks 2d 7c", "Qs Js Ts 3h 3c", game="omaha").describe()
'Royal Flush'
>>> evaluate_game("As Ah Ad Ac", "Ks Kd 2c 3c 4h", game="omaha").describe()  # two aces only
'Two Pair, Aces and Kings, Four kicker'
>>> high, low = evaluate_hilo("As 2s Kd Kh", "3c 4d 8h Qc Jd", game="omaha-hilo")
>>> high.describe(), low.describe()
('Pair of Kings, Queen-Jack-Eight', 'Eight-Four low: 8-4-3-2-A')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from lookup.core.cards import Card, CardsLike, hand_cards, parse_cards
from lookup.core.errors import GameError
from lookup.core.rules import Category
from lookup.game.family import GameKernel
from lookup.game.registry import Game, GameLike, get_game
from lookup.ranking.ranking import Ranking, RulesLike
from lookup.ranking.value import HandRank

# typing is the type checker's alone: importing it cost the first game evaluation more
# than its tables (lookup.core.record says more).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final, NamedTuple
else:
    from lookup.core.record import NamedTuple

__all__ = [
    "GameEvaluator",
    "check_game_cards",
    "evaluate_game",
    "evaluate_hilo",
    "game_evaluator",
]


_CARDS_ONLY: Final = frozenset({Card})


class GameEvaluator(NamedTuple):
    """One game under one (high) ranking: its unchecked kernels and checked entries."""

    game: Game
    high_ranking: Ranking
    low_ranking: Ranking | None
    high: GameKernel
    """The whole pot's (or the high half's) class number of a player's best hand."""
    low: GameKernel | None
    """The low half's class number (:attr:`no_low` when nothing qualifies); None unless hi/lo."""
    no_low: int
    """The low ranking's "no low" class number (0 unless hi/lo)."""
    sizes: frozenset[tuple[int, int]] = frozenset()
    """``(hole, board)`` card counts that make a hand now: the checked entries' fast path."""
    deck: frozenset[Card] = frozenset()
    fused: Callable[[Any, Any], HandRank] | None = None
    """The family's checked evaluation as one function, where it has one (Omaha's:
    :func:`lookup.game.omaha.omaha_checked`); None in hi/lo games and other families."""

    @property
    def entry(self) -> Callable[[Any, Any], HandRank]:
        """:meth:`evaluate` as one function: the fused one where the family has it.

        >>> game_evaluator("omaha").entry("As Ah Ad Ac", "Ks Kd 2c 3c 4h").describe()
        'Two Pair, Aces and Kings, Four kicker'
        >>> game_evaluator("omaha").entry("As Ah Ad Ac", "As Kd 2c 3c 4h")
        Traceback (most recent call last):
        ...
        lookup.DuplicateCardError: card 'As' is held by the hand and the board
        """
        return self.evaluate if self.fused is None else self.fused

    def _quick(self, hole: object, board: object) -> tuple[Any, Any] | None:
        # Tuples of distinct Cards of the deck in counts the game allows: checked in one pass.
        # Cards, not ints equal to them: a tuple of Cactus-Kev ints takes the slow path and
        # is refused there as the list form is (one rule, parse_cards's).
        if type(hole) is tuple and (board is None or type(board) is tuple):
            shared = board or ()
            if (len(hole), len(shared)) in self.sizes:
                everything = hole + shared
                if (
                    len(set(everything)) == len(everything)
                    and self.deck.issuperset(everything)
                    and _CARDS_ONLY.issuperset(map(type, everything))
                ):
                    return hole, shared
        return None

    def cards(
        self, hole: CardsLike, board: CardsLike | None
    ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Parse and check ``hole`` and ``board`` for this game; ``(hole, board)`` as Cards.

        >>> game_evaluator("stud").cards("As Ks Qs Js Ts 9s", None)
        Traceback (most recent call last):
        ...
        lookup.HandSizeError: a stud hand holds 7 cards (6 with a 1-card shared board), got 6
        """
        return check_game_cards(self.game, self.high_ranking, hole, board, evaluating=True)

    def evaluate(self, hole: CardsLike, board: CardsLike | None = None) -> HandRank:
        """The player's hand in a single-ranking game (checked); see :func:`evaluate_game`."""
        if self.low is not None:
            raise GameError(
                f"{self.game.name} splits the pot between a high and a low hand: "
                "use lookup.evaluate_hilo for both halves",
                self.game.name,
            )
        if self.fused is not None:
            return self.fused(hole, board)
        quick = self._quick(hole, board)
        held, shared = self.cards(hole, board) if quick is None else quick
        return self.high_ranking.values[self.high(held, shared)]

    def evaluate_hilo(
        self, hole: CardsLike, board: CardsLike | None = None
    ) -> tuple[HandRank, HandRank | None]:
        """``(high, low)`` of a hi/lo game (checked); low is None when no low qualifies."""
        if self.low is None or self.low_ranking is None:
            raise GameError(
                f"{self.game.name} is not a hi/lo game: use lookup.evaluate(..., game=...)",
                self.game.name,
            )
        quick = self._quick(hole, board)
        held, shared = self.cards(hole, board) if quick is None else quick
        low_number = self.low(held, shared)
        low = None if low_number == self.no_low else self.low_ranking.values[low_number]
        return self.high_ranking.values[self.high(held, shared)], low


def _no_low(ranking: Ranking) -> int:
    categories = ranking.categories
    return next((n for n in range(1, len(categories)) if categories[n] is Category.NO_LOW), 0)


def _evaluator(game: Game, rules: RulesLike | None) -> GameEvaluator:
    # Kept on the ranking that judges the pot, as every view of a ranking is.
    high_ranking = game.high_ranking(rules)
    return high_ranking.derived(
        (_build_evaluator, game), lambda ranking: _build_evaluator(game, ranking)
    )


def _build_evaluator(game: Game, high_ranking: Ranking) -> GameEvaluator:
    low_ranking = game.low_ranking()
    family = game.family
    low = None if low_ranking is None else family.hand_kernel(low_ranking)
    no_low = 0 if low_ranking is None else _no_low(low_ranking)
    high = family.hand_kernel(high_ranking)
    sizes = family.hand_sizes(game)
    fused = None
    if low is None:
        make: Callable[[int], HandRank] = high_ranking.value_cache.make

        def slow(hole: Any, board: Any) -> HandRank:
            # What the fused path refuses: parsed and checked here, explained or answered.
            held, shared = check_game_cards(game, high_ranking, hole, board, evaluating=True)
            return make(high(held, shared))

        fused = family.checked_kernel(high_ranking, sizes, slow)
    return GameEvaluator(
        game,
        high_ranking,
        low_ranking,
        high,
        low,
        no_low,
        sizes,
        high_ranking.card_set,
        fused,
    )


@cache  # names to evaluators: one dict lookup for game_evaluator("omaha"), as in entry
def _by_name(game: GameLike, rules: RulesLike | None) -> GameEvaluator:
    return _evaluator(get_game(game), rules)


def game_evaluator(game: GameLike, rules: RulesLike | None = None) -> GameEvaluator:
    """The evaluator of ``game`` with ``rules`` replacing its default high ranking (if given).

    >>> ev = game_evaluator("omaha-hilo")
    >>> ev.high_ranking.name, ev.low_ranking.name, ev.no_low
    ('standard', 'eight-or-better', 57)
    >>> game_evaluator("razz", rules="standard")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.GameError: game 'razz' is judged by ace-to-five; rules='standard' cannot ...
    """
    try:
        return _by_name(game, rules)  # type: ignore[arg-type]
    except TypeError:  # unhashable: not a game or not a ranking; let them explain
        get_game(game).high_ranking(rules)
        raise


def check_game_cards(
    game: Game,
    ranking: Ranking,
    hole: CardsLike,
    board: CardsLike | None,
    *,
    evaluating: bool,
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Parse ``hole`` and ``board`` and refuse what ``game`` does not allow.

    ``evaluating``: the board must be big enough to make a hand now (three
    cards in the board games); otherwise any board size the game deals is fine.
    Stud's one-card shared board is accepted here; whether the table is big
    enough to need it is the showdown's question.

    >>> check_game_cards(get_game("razz"), game_evaluator("razz").high_ranking,
    ...                  "As 2s 3s 4s 5s 6s 7s", "Kd", evaluating=True)
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: a razz hand holds 7 cards (6 with a 1-card shared board), got 7
    """
    held = parse_cards(hole)
    shared = () if board is None else parse_cards(board)
    game.family.check_counts(game, len(held), len(shared), board, evaluating=evaluating)
    everything = held + shared
    if len(set(everything)) != len(everything):
        hand_cards(held, shared)  # words the duplicate
    ranking.check_deck(everything)
    return held, shared


def evaluate_game(
    hole: CardsLike,
    board: CardsLike | None = None,
    *,
    game: GameLike,
    rules: RulesLike | None = None,
) -> HandRank:
    """A player's best hand in ``game`` (single-ranking games; see :func:`evaluate_hilo`).

    >>> evaluate_game("Ah 6d", "7c 8s 9h Kd Kc", game="short-deck").describe()
    'Straight, Nine high'
    >>> evaluate_game("Kc Kd 5h 4s 3c 2d Ah", game="razz").describe()
    'Number one: 5-4-3-2-A'
    >>> evaluate_game("As 2s Kd Kh", "3c 4d 8h Qc Jd", game="omaha-hilo")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.GameError: omaha-hilo splits the pot between a high and a low hand: ...
    """
    return game_evaluator(game, rules).evaluate(hole, board)


def evaluate_hilo(
    hole: CardsLike,
    board: CardsLike | None = None,
    *,
    game: GameLike,
    rules: RulesLike | None = None,
) -> tuple[HandRank, HandRank | None]:
    """``(high, low)`` of a player's hand in a hi/lo game; low is None when none qualifies.

    The two halves may use different hole cards (Omaha: two for each).

    Parameters:

    ``hole``: the player's hole cards, in any form :func:`lookup.parse_cards` reads
    ``board``: shared board cards (None or empty in stud and draw games)
    ``game``: a hi/lo game (its name or a :class:`~lookup.game.registry.Game`)
    ``rules``: a ranking that replaces the game's high ranking where the game allows; None: the
        game's own

    >>> high, low = evaluate_hilo("As 2s 3d Kh", "Ks Kd 9c Qc Jd", game="omaha-hilo")
    >>> high.describe(), low
    ('Three of a Kind, Kings, Ace-Queen', None)
    >>> evaluate_hilo("As Ah", "Ks Kd 9c Qc Jd", game="holdem")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.GameError: holdem is not a hi/lo game: use lookup.evaluate(..., game=...)
    """
    return game_evaluator(game, rules).evaluate_hilo(hole, board)
