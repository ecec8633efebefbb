"""Checked evaluation: any accepted card form in, a :class:`~lookup.ranking.value.HandRank` out."""

from __future__ import annotations

from functools import cache, update_wrapper

from lookup.ranking.ranking import Ranking, get_ranking

# typing is the type checker's alone: importing it costs a script more than its first hand.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from lookup.core.cards import CardsLike
    from lookup.game.registry import GameLike
    from lookup.ranking.ranking import RulesLike
    from lookup.ranking.value import HandRank

__all__ = ["checked_entry", "evaluate", "route", "standard_entry"]


def evaluate(
    cards: CardsLike,
    board: CardsLike | None = None,
    *,
    rules: RulesLike | None = None,
    game: GameLike | None = None,
) -> HandRank:
    """The value of the best hand among ``cards`` (plus ``board``, if given) under ``rules``.

    ``rules`` names a ranking (see :func:`lookup.rankings`): ``"standard"``,
    ``"short-deck"``, ``"short-deck-triton"``, ``"deuce-to-seven"``,
    ``"ace-to-five"``, ``"eight-or-better"``, ``"badugi"``; or a folder of
    tables built from your own rule file (a path, see :func:`lookup.load_rules`).
    Every card is checked: a card twice, a card outside the ranking's deck or
    too few cards raise a :class:`~lookup.core.errors.PokerLookupError`.

    Five, six or seven cards (four or five for badugi) cost one O(1) table
    lookup after the check; more cards take the best of their five-card (four-card)
    subsets, e.g. 1,287 lookups for thirteen cards.

    ``game`` (see :func:`lookup.games`) says how the hand is formed instead:
    ``cards`` are the hole cards, the game's rules say how many of them and of
    the board play (exactly two and three in Omaha), and ``rules`` may replace
    the game's ranking where the game allows it. A hi/lo game has two values:
    ask :func:`lookup.evaluate_hilo`.

    Parameters:

    ``cards``: the cards, in any form :func:`lookup.parse_cards` reads; with ``game``, the hole
        cards
    ``board``: shared board cards (None or empty: no board)
    ``rules``: the ranking (a name, a table folder's path or a Ranking); None: standard, or with
        ``game`` the game's own ranking
    ``game``: the game that says which cards may play (see :func:`lookup.games`); None: the best
        five of all the cards

    >>> evaluate("As Ks Qs Js Ts")
    HandRank(1, 'Royal Flush')
    >>> evaluate("Ah Kd", "Ac Ad 7s 7c 2h") > evaluate("Kh Kc", "Ac Ad 7s 7c 2h")
    True
    >>> evaluate("7h 5d 4c 3s 2h").kev
    7462
    >>> evaluate("Ah 6d 7c 8s 9h", rules="short-deck").describe()
    'Straight, Nine high'
    >>> evaluate("8s 6h 4d 3c Ah", rules="eight-or-better").describe()
    'Eight-Six low: 8-6-4-3-A'
    >>> evaluate("As Ks Qs Js")
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: a standard hand needs at least 5 cards, got 4
    >>> evaluate("2c 6d 7c 8s 9h", rules="short-deck")
    Traceback (most recent call last):
    ...
    lookup.CardError: card '2c' is not in the short-deck deck: its ranks are 6789TJQKA
    >>> evaluate("As Ah Ad Ac", "Ks Kd 2c 3c 4h", game="omaha").describe()  # two aces play
    'Two Pair, Aces and Kings, Four kicker'
    >>> evaluate("As Ah Ad", "Ks Kd 2c 3c 4h", game="omaha")
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: an omaha hand holds 4 cards, got 3
    """
    return route(cards, board, rules, game)


def route(
    cards: CardsLike, board: CardsLike | None, rules: RulesLike | None, game: GameLike | None
) -> HandRank:
    """What :func:`evaluate` does: the game's evaluation if one is named, else the ranking's."""
    if game is not None:
        try:
            game_entry = _game_entry(game, rules)  # type: ignore[arg-type]
        except TypeError:  # unhashable: not a game or not a ranking; let evaluate_game say so
            # Games are imported on first use: a plain evaluate never needs them.
            from lookup.game.evaluate import evaluate_game

            return evaluate_game(cards, board, game=game, rules=rules)
        return game_entry(cards, board)
    try:
        checked = checked_entry(rules)  # type: ignore[arg-type]
    except TypeError:  # unhashable: not a ranking at all; get_ranking says so
        checked = get_ranking(rules).checked  # type: ignore[arg-type]
    return checked(cards, board)


def standard_entry() -> Callable[..., HandRank]:
    """:func:`evaluate` as the standard ranking's checked kernel itself: ``lookup.evaluate``.

    The same arguments, answers and errors as :func:`evaluate`, one Python call
    fewer per hand: the kernel answers plain standard hands itself, sends a
    ranking named by ``rules=`` to its :func:`checked_entry` and anything else
    to :func:`route`: the router this module hands the ranking layer, which cannot
    import it (:attr:`~lookup.ranking.kernels.Kernels.entry`). It carries this
    function's name, documentation and signature (``__wrapped__``). Made once, on
    first use, when it reads the standard five-card tables; kept on the standard
    ranking (:meth:`~lookup.ranking.ranking.Ranking.derived`, keyed by this function).

    >>> import lookup
    >>> lookup.evaluate is standard_entry() and lookup.evaluate.__wrapped__ is evaluate
    True
    >>> lookup.evaluate("Ah 6d 7c 8s 9h", rules="short-deck").describe()
    'Straight, Nine high'
    """
    return get_ranking("standard").derived(standard_entry, _front_door)


def _front_door(ranking: Ranking) -> Callable[..., HandRank]:
    # Game names met so far -> their checked entries: the kernel reads a game=NAME call's
    # entry here in one dict lookup, where route would cost two calls more per hand.
    by_game: dict[str, Callable[[CardsLike, CardsLike | None], HandRank]] = {}

    def routed(
        cards: CardsLike, board: CardsLike | None, rules: RulesLike | None, game: GameLike | None
    ) -> HandRank:
        if rules is None and type(game) is str:
            # A game's name: its entry, kept for the next call (an unknown name raises here).
            game_entry = by_game[game] = _game_entry(game, None)
            return game_entry(cards, board)
        return route(cards, board, rules, game)

    entry: Callable[..., HandRank] = ranking.kernels.entry((checked_entry, by_game, routed))
    update_wrapper(entry, evaluate)
    return entry


@cache  # (game, rules) to the game's checked entry: one dict lookup a call
def _game_entry(
    game: GameLike, rules: RulesLike | None
) -> Callable[[CardsLike, CardsLike | None], HandRank]:
    # Games are imported on first use (once: the answer is cached): a plain evaluate never
    # needs them.
    from lookup.game.evaluate import game_evaluator

    return game_evaluator(game, rules).entry


@cache
def checked_entry(rules: RulesLike | None) -> Callable[[CardsLike, CardsLike | None], HandRank]:
    """The checked entry of a ranking (a name, a Ranking or a path): one cached dict lookup."""
    return get_ranking("standard" if rules is None else rules).checked
