"""Showdowns: given the players' cards, who wins -- every tied player when the pot splits.

In any game of :func:`lookup.games` (``game=``): exact shares of the pot, the
winners of each half of a hi/lo pot, and with chip contributions the side pots
in whole chips (:mod:`lookup.game.pots`).

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
lookup.DuplicateCardError: card '3h' is held by 'Joe' and 'Bob'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final, TypeAlias

from lookup.core.cards import Card, CardsLike, parse_cards
from lookup.core.errors import DuplicateCardError, GameError, HandSizeError, ShowdownError
from lookup.core.messages import count, duplicate_card
from lookup.core.messages import player as player_named
from lookup.game.best_five import best_five, best_five_of
from lookup.game.evaluate import GameEvaluator, game_evaluator
from lookup.game.pots import PotAward, award_pot, side_pots
from lookup.game.registry import Game, GameLike
from lookup.ranking.ranking import Ranking, RulesLike
from lookup.ranking.value import HandRank

__all__ = [
    "MAX_HAND_CARDS",
    "MIN_HAND_CARDS",
    "PlayerHand",
    "PlayersLike",
    "ShowdownError",
    "ShowdownResult",
    "TableCheck",
    "chip_orders",
    "odd_chip_order",
    "play",
    "play_game",
    "seat_for_game",
    "settle",
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
    low: HandRank | None = None
    """The low half's hand in a hi/lo game; None for no qualifying low (or no low half)."""
    low_five: tuple[Card, ...] = ()
    low_description: str = ""
    """``'No low'`` in a hi/lo game without a qualifying low; empty without a low half."""
    stand_ins: tuple[Card | None, ...] = ()
    """Under a wild-card ranking, for each card of ``best_five`` the card a wild card
    stands for (None for a natural card); empty under a ranking without wild cards."""


@dataclass(frozen=True)
class ShowdownResult:
    """Every player's hand, in input order, and the shared board (empty without one).

    ``game`` is the game's name (None: the plain best-five showdown); ``pots``
    the pots settled in chips when contributions were given.

    >>> result = showdown({"Ann": "As Ad Kc Kd 2h", "Bob": "Ah Ac Ks Kh 3s"})
    >>> result.winners, result.winning_rank.name, result.is_split
    (('Bob',), 'Two Pair', False)
    >>> result["Ann"].rank < result["Bob"].rank
    True
    >>> result.shares
    {'Ann': Fraction(0, 1), 'Bob': Fraction(1, 1)}
    >>> result["Cy"]
    Traceback (most recent call last):
    ...
    KeyError: "no player named 'Cy' at this showdown"
    """

    players: tuple[PlayerHand, ...]
    board: tuple[Card, ...] = ()
    game: str | None = None
    hilo: bool = False
    """True when the game splits the pot between a high and a low half."""
    pots: tuple[PotAward, ...] = ()

    @property
    def winning_rank(self) -> HandRank:
        """The strongest (high) hand at the table."""
        return max(player.rank for player in self.players)

    @property
    def high_winners(self) -> tuple[str, ...]:
        """Every player holding the strongest (high) hand, in input order."""
        best = self.winning_rank
        return tuple(player.name for player in self.players if player.rank == best)

    @property
    def low_winners(self) -> tuple[str, ...]:
        """Every player holding the best qualifying low (empty: no low, or no low half)."""
        lows = [player.low for player in self.players if player.low is not None]
        if not lows:
            return ()
        best = max(lows)
        return tuple(player.name for player in self.players if player.low == best)

    @property
    def winners(self) -> tuple[str, ...]:
        """Every player who wins part of the pot, in input order (all of them on a tie)."""
        if not self.hilo:
            return self.high_winners
        shares = self.shares
        return tuple(player.name for player in self.players if shares[player.name])

    @property
    def shares(self) -> dict[str, Fraction]:
        """Each player's exact share of a pot every player contested (they sum to 1).

        A tied half is shared equally (quartering happens); with no qualifying low
        the high hand takes all.
        """
        shares = {player.name: Fraction(0) for player in self.players}
        high, low = self.high_winners, self.low_winners
        half = Fraction(1, 2) if low else Fraction(1)
        for name in high:
            shares[name] += half / len(high)
        for name in low:
            shares[name] += half / len(low)
        return shares

    @property
    def chips_won(self) -> dict[str, int]:
        """Chips each player takes from all the pots (empty without contributions)."""
        won: dict[str, int] = {}
        for pot in self.pots:
            for name, chips in pot.chips.items():
                won[name] = won.get(name, 0) + chips
        return won

    @property
    def is_split(self) -> bool:
        """True when two or more players share the pot."""
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
    lookup.DuplicateCardError: card '7s' is held by the board and 'Bob'
    """

    def __init__(self, board: CardsLike | None = None) -> None:
        self.board: tuple[Card, ...] = () if board is None else parse_cards(board)
        self._holder: dict[Card, str | None] = dict.fromkeys(self.board)
        self._names: set[str] = set()

    def seat(self, name: str, cards: CardsLike, *, sized: bool = True) -> tuple[Card, ...]:
        """Check one more player against the rules and everyone seated before; returns the cards.

        ``sized=False`` leaves the count of cards to the caller (a game checks its own).

        >>> table = TableCheck()
        >>> table.seat("Ann", "As Ks Qs Js 9s")[0]
        Card('As')
        >>> table.seat("Ann", "2c 3c 4c 5c 7d")
        Traceback (most recent call last):
        ...
        lookup.ShowdownError: two players are named 'Ann': names must be distinct
        >>> table.seat("Bob", "2c 3c 4c 5c")
        Traceback (most recent call last):
        ...
        lookup.HandSizeError: 'Bob' has 4 cards: a hand needs 5 to 13 (the best five play)
        """
        if not isinstance(name, str) or not name.strip():
            raise ShowdownError(f"player name {name!r} is not a non-empty string", name)
        if name in self._names:
            raise ShowdownError(f"two players are named {name!r}: names must be distinct", name)
        hand = parse_cards(cards)
        total = len(hand) + len(self.board)
        if sized and not MIN_HAND_CARDS <= total <= MAX_HAND_CARDS:
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
                first = "the board" if other is None else player_named(other)
                raise DuplicateCardError(duplicate_card(card, first, player_named(name)), str(card))
        self._names.add(name)
        self._holder.update(dict.fromkeys(hand, name))
        return hand


def _count(cards: int) -> str:
    return count(cards, "card")  # the one phrasing of a count (lookup.core.messages)


def play(
    cards: tuple[Card, ...], board: tuple[Card, ...] = ()
) -> tuple[HandRank, tuple[Card, ...], str]:
    """What a checked hand is worth: its rank, the five cards that play, and the description.

    The one place that asks :mod:`lookup.ranking.describe` (which loads the tables).

    >>> from lookup.core.cards import parse_cards
    >>> rank, five, text = play(parse_cards("As Ad"), parse_cards("Ac Kd 2s 3h 9c"))
    >>> rank.name, five[:3]
    ('Three of a Kind', (Card('As'), Card('Ad'), Card('Ac')))
    >>> play(parse_cards("As Ad"))
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: a standard hand needs at least 5 cards, got 2
    """
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


def showdown(
    players: PlayersLike,
    board: CardsLike | None = None,
    *,
    game: GameLike | None = None,
    rules: RulesLike | None = None,
    contributions: Mapping[str, int] | None = None,
) -> ShowdownResult:
    """Evaluate every player's hand and find the winners (all of them on a tie).

    ``players`` is ``{name: cards}`` or a sequence of ``(name, cards)`` pairs, in
    seat order (the button is the last of them). Without ``game`` each hand is
    5 to 13 cards, or hole cards that join a shared ``board`` (together 5 to
    13), and the best five play. With ``game`` (see :func:`lookup.games`) each
    player holds the game's hole cards and the game says which play, which
    ranking(s) judge them (``rules`` may replace the game's ranking where it
    allows) and how the pot splits: :attr:`ShowdownResult.shares` are exact.
    ``contributions`` (chips each player put in; folded players may be listed
    too) settles the main and side pots in whole chips
    (:attr:`ShowdownResult.pots`, :attr:`ShowdownResult.chips_won`) by the
    odd-chip rules of :mod:`lookup.game.pots`. In stud, with more players than the
    deck serves (8 or more), the last card is dealt as one community card: pass
    it as a one-card ``board`` and six cards each. Cards take any form
    :func:`lookup.parse_cards` reads, ``10h`` included. The whole table is
    validated before any hand is evaluated.

    Parameters:

    ``players``: ``{name: cards}``, ``(name, cards)`` pairs, in seat order
    ``board``: shared board cards (None or empty: no board)
    ``game``: the game (see :func:`lookup.games`); None: the best five of each hand
    ``rules``: a ranking that replaces the game's where the game allows (a name, a table
        folder's path or a Ranking); only with ``game``
    ``contributions``: chips each player put in (``{name: chips}``, folded players too); settles
        the main and side pots

    >>> result = showdown([("Joe", "3H 4H 5H 6H 8H"), ("Bob", "3C 3D 3S 8C 10D"),
    ...                    ("Sally", "AC 10C 5C 2S 2C")])
    >>> result.winners, str(result["Joe"].rank)
    (('Joe',), 'Flush')
    >>> showdown({"Ann": "Ah Kh", "Bob": "Ad Kd"}, board="2s 7c 9d Jh 3c").winners
    ('Ann', 'Bob')
    >>> hilo = showdown({"Ann": "As 2s Kd Kh", "Bob": "Ad 2d Qs Qh", "Cy": "Jc Jd 9c 9d"},
    ...                 board="3c 4d 8h Kc 7s", game="omaha-hilo", contributions={
    ...                     "Ann": 100, "Bob": 100, "Cy": 100})
    >>> hilo.high_winners, hilo.low_winners, hilo.shares["Ann"], hilo.chips_won
    (('Ann',), ('Ann', 'Bob'), Fraction(3, 4), {'Ann': 225, 'Bob': 75, 'Cy': 0})
    >>> showdown({})
    Traceback (most recent call last):
    ...
    lookup.ShowdownError: a showdown needs at least one player
    >>> showdown({"Ann": "Ah Kh"}, board="Ah 7c 9d")
    Traceback (most recent call last):
    ...
    lookup.DuplicateCardError: card 'Ah' is held by the board and 'Ann'
    """
    pairs = _pairs(players)
    if not pairs:
        raise ShowdownError("a showdown needs at least one player", players)
    table = TableCheck(board)
    if game is None:
        if rules is not None:
            raise GameError("rules= needs game= at a showdown (e.g. game='short-deck')", rules)
        seated = [(name, table.seat(name, cards)) for name, cards in pairs]
        hands = []
        for name, cards in seated:
            rank, five, description = play(cards, table.board)
            hands.append(PlayerHand(name, cards, rank, five, description))
        result = ShowdownResult(tuple(hands), table.board)
        order: tuple[str, ...] = tuple(name for name, _ in seated)
        return settle(result, contributions, order)
    evaluator = game_evaluator(game, rules)
    seated = [
        (name, seat_for_game(table, evaluator, name, cards, len(pairs))) for name, cards in pairs
    ]
    hands = [play_game(evaluator, name, cards, table.board) for name, cards in seated]
    found = evaluator.game
    result = ShowdownResult(tuple(hands), table.board, found.name, found.hilo)
    return settle(result, contributions, *chip_orders(evaluator, seated))


def chip_orders(
    evaluator: GameEvaluator, seated: Sequence[tuple[str, tuple[Card, ...]]]
) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    """The odd-chip orders of the high (or whole) pot and of the low half (None: no low half).

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.game.evaluate import game_evaluator
    >>> seats = [("Ann", parse_cards("Ah 2c")), ("Bob", parse_cards("As 3c"))]
    >>> chip_orders(game_evaluator("stud-hilo"), seats)
    (('Bob', 'Ann'), ('Ann', 'Bob'))
    """
    game = evaluator.game
    order = odd_chip_order(game, seated, evaluator.high_ranking)
    low = evaluator.low_ranking
    return order, (None if low is None else odd_chip_order(game, seated, low))


def seat_for_game(
    table: TableCheck, evaluator: GameEvaluator, name: str, cards: CardsLike, players: int
) -> tuple[Card, ...]:
    """Seat one player of a game at ``table``: distinct cards, and the game's counts.

    ``players`` is the table's size: stud's one-card shared board needs more
    players than the deck serves.

    >>> from lookup.game.evaluate import game_evaluator
    >>> seat_for_game(TableCheck("Kd"), game_evaluator("stud"), "Ann", "As 2s 3s 4s 5s 6s", 2)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.GameError: stud deals a shared card only when the deck cannot serve every ...
    >>> seat_for_game(TableCheck(), game_evaluator("razz"), "Ann", "Kc Kd", 2)
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: 'Ann': a razz hand holds 7 cards (6 with a 1-card shared board), got 2
    """
    hand = table.seat(name, cards, sized=False)
    game = evaluator.game
    game.family.check_seating(game, players, len(evaluator.high_ranking.deck), table.board)
    try:
        evaluator.cards(hand, table.board)
    except (HandSizeError, GameError) as exc:
        raise type(exc)(f"{name!r}: {exc}", exc.token) from exc
    return hand


def play_game(
    evaluator: GameEvaluator, name: str, cards: tuple[Card, ...], board: tuple[Card, ...]
) -> PlayerHand:
    """One player's hand(s) in the evaluator's game, with the cards that play.

    The cards are the ones :func:`seat_for_game` checked: nothing is parsed again.

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.game.evaluate import game_evaluator
    >>> hand = play_game(game_evaluator("razz"), "Ann", parse_cards("Kc Kd 5h 4s 3c 2d Ah"), ())
    >>> hand.description, hand.best_five[0]
    ('Number one: 5-4-3-2-A', Card('5h'))
    >>> joker = play_game(game_evaluator("holdem", "joker"), "Bo", parse_cards("As Jk"),
    ...                   parse_cards("Ks Qs Js 3c 9h"))
    >>> joker.description, joker.best_five[-1], joker.stand_ins[-1]
    ('Royal Flush', Card('Jk'), Card('Ts'))
    """
    game = evaluator.game
    rules = evaluator.high_ranking
    high, low = best_five_of(evaluator, cards, tuple(board))  # checked with the whole table
    if not game.hilo:
        stand_ins = high.stand_ins if rules.wild_cards else ()
        return PlayerHand(
            name, cards, high.rank, tuple(high.cards), high.rank.describe(), stand_ins=stand_ins
        )
    if low is None:
        return PlayerHand(
            name, cards, high.rank, high.cards, high.rank.describe(), None, (), "No low"
        )
    return PlayerHand(
        name,
        cards,
        high.rank,
        high.cards,
        high.rank.describe(),
        low.rank,
        low.cards,
        low.rank.describe(),
    )


def odd_chip_order(
    game: Game,
    seated: Sequence[tuple[str, tuple[Card, ...]]],
    ranking: Ranking | None = None,
) -> tuple[str, ...]:
    """Who gets odd chips first among tied winners judged by ``ranking``.

    Button games: seat order, first seat left of the button first (the button
    is the last player given). Stud games: the highest card by rank, then suit
    (spades, hearts, diamonds, clubs) when ``ranking`` is a high one; the lowest
    card by rank (as that ranking orders ranks: aces low in razz), then suit,
    when it is a low one. All of a player's cards count, not only those that play;
    a joker, with no rank or suit, does not.

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.game.registry import get_game
    >>> from lookup.ranking.ranking import get_ranking
    >>> seats = [("Ann", parse_cards("Ah 2c")), ("Bob", parse_cards("As 3c"))]
    >>> odd_chip_order(get_game("stud"), seats), odd_chip_order(get_game("holdem"), seats)
    (('Bob', 'Ann'), ('Ann', 'Bob'))
    >>> odd_chip_order(get_game("razz"), seats, get_ranking("ace-to-five"))
    ('Ann', 'Bob')
    """
    if game.odd_chip != "suit":
        return tuple(name for name, _ in seated)
    if ranking is not None and ranking.definition.low:
        position = {rank: i for i, rank in enumerate(ranking.definition.rank_order)}

        def lowest(seat: tuple[str, tuple[Card, ...]]) -> tuple[int, int]:
            return min((position[card.rank], card.suit) for card in seat[1])

        return tuple(name for name, _ in sorted(seated, key=lowest))
    # A card's index is 4 * rank + suit, suits clubs to spades: highest by rank, then suit.
    # A joker has no rank or suit of its own, so only natural cards count.
    ranked = sorted(
        seated,
        key=lambda seat: max((card.index for card in seat[1] if not card.is_joker), default=-1),
        reverse=True,
    )
    return tuple(name for name, _ in ranked)


def settle(
    result: ShowdownResult,
    contributions: Mapping[str, int] | None,
    order: tuple[str, ...],
    low_order: tuple[str, ...] | None = None,
) -> ShowdownResult:
    """``result`` with its pots settled from ``contributions`` (unchanged when None).

    ``order`` is the odd-chip order of the whole pot or high half, ``low_order``
    of the low half (default: the same).

    >>> settle(showdown({"Ann": "As Ks Qs Js Ts"}), {"Ann": "ten"}, ("Ann",))
    Traceback (most recent call last):
    ...
    lookup.ShowdownError: 'Ann' contributed 'ten': contributions are whole chips, 0 or more
    """
    if contributions is None:
        return result
    if not isinstance(contributions, Mapping):
        raise ShowdownError(
            f"contributions must be a mapping {{name: chips}}, got {contributions!r}", contributions
        )
    live = tuple(player.name for player in result.players)
    high = {player.name: player.rank for player in result.players}
    low = {player.name: player.low for player in result.players} if result.hilo else None
    awards = tuple(
        award_pot(pot, high, low, order, low_order) for pot in side_pots(contributions, live)
    )
    return replace(result, pots=awards)
