"""The best five cards of a hand, in any ranking or game, in the order a dealer reads them.

:func:`best_five` evaluates the hand (under a ranking, or as ``game`` forms it)
and finds which cards make that value; :func:`best_five_hilo` does it for both
halves of a hi/lo game. The search is at most C(n, 5) five-card lookups of the
card pools the game's family allows (21 for seven cards; sixty 2 + 3 pools in Omaha),
except where the cards can be read from the class's ranks: one pool (the best five of
all the cards) under a high ranking without wild cards
(:func:`lookup.ranking.describe.cards_by_reading`).
"""

from __future__ import annotations

from lookup.core.cards import Card, CardsLike, hand_cards
from lookup.ranking.describe import BestFive, cards_of
from lookup.ranking.ranking import get_ranking

TYPE_CHECKING = False  # typing is the type checker's alone: `pokerlookup eval` runs without it
if TYPE_CHECKING:
    # Annotations only: the registry imports dataclasses (and inspect), which would
    # cost `pokerlookup eval` more than the rest of its start-up.
    from lookup.game.evaluate import GameEvaluator
    from lookup.game.registry import GameLike
    from lookup.ranking.ranking import RulesLike
    from lookup.ranking.value import HandRank

__all__ = ["BestFive", "best_five", "best_five_hilo", "best_five_of", "fives_of"]


def best_five(
    cards: CardsLike,
    board: CardsLike | None = None,
    *,
    rules: RulesLike | None = None,
    game: GameLike | None = None,
) -> BestFive:
    """The value of the best hand and the cards that make it, in reading order.

    Pairs and other groups come first, then kickers; a wheel reads 5-4-3-2-A.
    When several cards could play (a board pair and a pocket pair, say), the
    ones given first are used. With ``game``, ``cards`` are the hole cards and
    the game says which may play (exactly two in Omaha); a hi/lo game's two
    hands come from :func:`best_five_hilo`.

    Parameters:

    ``cards``: the cards, in any form :func:`lookup.parse_cards` reads; with ``game``, the hole
        cards
    ``board``: shared board cards (None or empty: no board)
    ``rules``: the ranking (:data:`~lookup.ranking.ranking.RulesLike`: a name, a table folder's
        path or a Ranking); None: standard, or with ``game`` the game's own ranking
    ``game``: the game that says which cards may play (see :func:`lookup.games`); None: the best
        five of all the cards

    >>> best_five("Ah Kd", board="Ac Ad 7s 7c 2h")  # doctest: +NORMALIZE_WHITESPACE
    BestFive(rank=HandRank(173, 'Full House'),
             cards=(Card('Ah'), Card('Ac'), Card('Ad'), Card('7s'), Card('7c')))
    >>> best_five("5d 3s 2c Ah 9c 4d Kd").cards
    (Card('5d'), Card('4d'), Card('3s'), Card('2c'), Card('Ah'))
    >>> best_five("As 2s 3h 4d", rules="badugi").cards
    (Card('4d'), Card('3h'), Card('As'))
    >>> best_five("As Ah Ad Ac", "Ks Kd 2c 3c 4h", game="omaha").cards
    (Card('As'), Card('Ah'), Card('Ks'), Card('Kd'), Card('4h'))
    >>> best_five("2c 2d 7h 7s 9c", rules="deuces-wild").labels
    ('7♥', '7♠', '2c as 7♦', '2d as 7♣', '9♣')
    >>> best_five("As Ks")
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: a standard hand needs at least 5 cards, got 2
    """
    if game is not None:
        # The registry's dataclasses: only a game pays for them, not `pokerlookup eval`.
        from lookup.game.evaluate import game_evaluator

        evaluator = game_evaluator(game, rules)
        hole, shared = evaluator.cards(cards, board)  # parsed and checked once
        rank = evaluator.evaluate(hole, shared)  # Cards: no second parse; a hi/lo game refused
        pools = evaluator.game.family.pools(hole, shared)
        return cards_of(evaluator.high_ranking, rank, pools)
    ranking = get_ranking("standard" if rules is None else rules)
    hand = hand_cards(cards, board)
    rank = ranking.evaluate(hand)
    return cards_of(ranking, rank, (hand,))


def best_five_hilo(
    hole: CardsLike,
    board: CardsLike | None = None,
    *,
    game: GameLike,
    rules: RulesLike | None = None,
) -> tuple[BestFive, BestFive | None]:
    """The high hand and the low hand (None: no low qualifies) of a hi/lo game, with their cards.

    Parameters:

    ``hole``: the player's hole cards, in any form :func:`lookup.parse_cards` reads
    ``board``: shared board cards (None or empty in stud and draw games)
    ``game``: a hi/lo game (its name or a :class:`~lookup.game.registry.Game`)
    ``rules``: a ranking that replaces the game's high ranking where the game allows; None: the
        game's own

    >>> high, low = best_five_hilo("As 2s Kd Kh", "3c 4d 8h Qc Jd", game="omaha-hilo")
    >>> high.cards, low.rank.describe()  # doctest: +NORMALIZE_WHITESPACE
    ((Card('Kd'), Card('Kh'), Card('Qc'), Card('Jd'), Card('8h')), 'Eight-Four low: 8-4-3-2-A')
    >>> low.cards
    (Card('8h'), Card('4d'), Card('3c'), Card('2s'), Card('As'))
    >>> best_five_hilo("As 2s", "3c 4d 8h Qc Jd", game="holdem")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.GameError: holdem is not a hi/lo game: ...
    """
    from lookup.game.evaluate import game_evaluator  # as in best_five

    evaluator = game_evaluator(game, rules)
    held, shared = evaluator.cards(hole, board)
    evaluator.evaluate_hilo(held, shared)  # refuses a game that is not hi/lo
    return best_five_of(evaluator, held, shared)


def best_five_of(
    evaluator: GameEvaluator, hole: tuple[Card, ...], board: tuple[Card, ...]
) -> tuple[BestFive, BestFive | None]:
    """The high hand's cards and the low hand's (None: none qualifies, or no low half).

    For cards ``evaluator`` has already checked (a showdown checks the whole
    table first): nothing is parsed again, each half is one kernel call plus
    the search of the family's card pools.

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.game.evaluate import game_evaluator
    >>> ev = game_evaluator("omaha-hilo")
    >>> high, low = best_five_of(ev, parse_cards("As 2s Kd Kh"), parse_cards("3c 4d 8h Qc Jd"))
    >>> high.rank.describe(), low.cards[0]
    ('Pair of Kings, Queen-Jack-Eight', Card('8h'))
    """
    high_number = evaluator.high(hole, board)
    high = evaluator.high_ranking.values[high_number]
    low_ranking = evaluator.low_ranking
    if evaluator.low is None or low_ranking is None:
        return fives_of(evaluator, hole, board, high, None)
    number = evaluator.low(hole, board)
    low = None if number == evaluator.no_low else low_ranking.values[number]
    return fives_of(evaluator, hole, board, high, low)


def fives_of(
    evaluator: GameEvaluator,
    hole: tuple[Card, ...],
    board: tuple[Card, ...],
    high: HandRank,
    low: HandRank | None,
) -> tuple[BestFive, BestFive | None]:
    """The cards that make ``high`` (and ``low``: None for none) from a checked hand.

    For values already looked up (a showdown has them): only the cards are found,
    read from the classes where one pool holds them under a high ranking without
    wild cards, searched in the family's pools elsewhere (:func:`cards_of`).

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.game.evaluate import game_evaluator
    >>> ev = game_evaluator("holdem")
    >>> hole, board = parse_cards("As Kd"), parse_cards("Ac Ad 7s 7c 2h")
    >>> fives_of(ev, hole, board, ev.evaluate(hole, board), None)[0].cards
    (Card('As'), Card('Ac'), Card('Ad'), Card('7s'), Card('7c'))
    >>> fives_of(ev, hole, board, ev.high_ranking.value(1), None)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: no five of the cards given are worth 'Royal Flush'
    """
    pools = evaluator.game.family.pools(hole, board)
    high_five = cards_of(evaluator.high_ranking, high, pools)
    low_ranking = evaluator.low_ranking
    if low is None or low_ranking is None:
        return high_five, None
    return high_five, cards_of(low_ranking, low, pools)
