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

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from functools import partial
from typing import Any, Final, TypeAlias, cast

from lookup.core.cards import Card, CardsLike, parse_cards
from lookup.core.errors import DuplicateCardError, GameError, HandSizeError, ShowdownError
from lookup.core.messages import count, duplicate_card
from lookup.core.messages import player as player_named
from lookup.game.best_five import best_five, fives_of
from lookup.game.evaluate import GameEvaluator, game_evaluator
from lookup.game.pots import PotAward, award_pot, side_pots
from lookup.game.registry import Game, GameLike
from lookup.ranking.describe import cards_of
from lookup.ranking.ranking import Ranking, RulesLike, get_ranking
from lookup.ranking.value import HandRank

__all__ = [
    "MAX_HAND_CARDS",
    "MIN_HAND_CARDS",
    "PlayerHand",
    "PlayersLike",
    "Plays",
    "ShowdownError",
    "ShowdownResult",
    "TableCheck",
    "check_for_game",
    "chip_orders",
    "odd_chip_order",
    "play",
    "play_game",
    "player_hand",
    "seat_for_game",
    "settle",
    "showdown",
]

MIN_HAND_CARDS: Final = 5
"""The fewest cards a player can show down (hole cards and board together)."""
MAX_HAND_CARDS: Final = 13
"""The most cards a player can show down; the best five of them play."""

_CARDS_ONLY: Final = frozenset({Card})
"""Types of a pre-parsed hand: a tuple of these is taken as it is (after a duplicate check)."""
_new: Final = object.__new__
_PAIR_TYPES: Final = frozenset({tuple})
_TWO: Final = frozenset({2})
_STR_ONLY: Final = frozenset({str})
_NOTHING: Final = Fraction(0)
"""A share of nothing (Fractions are immutable: every loser shares this one)."""
_WHOLE: Final = Fraction(1)
"""The whole pot, the usual winner's share, made once (a Fraction costs a microsecond)."""

PlayersLike: TypeAlias = "Mapping[str, CardsLike] | Iterable[tuple[str, CardsLike]] | Iterable[str]"
"""Players as ``{name: cards}``, as ``(name, cards)`` pairs, or as a plain list of hands as
text (named by seat: ``"1"``, ``"2"``, ...), in seating order."""


_DEFERRED: Final = frozenset(
    {"best_five", "description", "low_five", "low_description", "stand_ins"}
)
"""A :class:`PlayerHand`'s fields made only when first read (see :meth:`PlayerHand.deferred`)."""

Plays: TypeAlias = (
    "Callable[[], tuple[tuple[Card, ...], str, tuple[Card, ...], str, tuple[Card | None, ...]]]"
)
"""What makes a deferred hand's fields: ``() -> (best_five, description, low_five,
low_description, stand_ins)``."""


@dataclass(frozen=True, init=False)
class PlayerHand:
    """One player at a showdown: what they hold and what it is worth.

    ``cards`` is what the player holds (only the hole cards when there is a board);
    ``best_five`` the five cards that play, in the order a dealer reads them.

    A read-only value: it compares, hashes, pickles and prints by all its fields. At a
    showdown the values (``rank``, ``low``) are looked up at once, since they decide
    the pot; the cards that play and the words are made when first read (and kept).

    >>> ann = showdown({"Ann": "Ah Kh Qh Jh 9h"}).players[0]
    >>> ann.rank, ann.best_five[0], ann.description
    (HandRank(323, 'Flush'), Card('Ah'), 'Flush, Ace-King-Queen-Jack-Nine')
    >>> ann.name = "Bob"
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'name'
    """

    name: str
    cards: tuple[Card, ...]
    rank: HandRank
    best_five: tuple[Card, ...]
    description: str
    low: HandRank | None
    """The low half's hand in a hi/lo game; None for no qualifying low (or no low half)."""
    low_five: tuple[Card, ...]
    low_description: str
    """``'No low'`` in a hi/lo game without a qualifying low; empty without a low half."""
    stand_ins: tuple[Card | None, ...]
    """Under a wild-card ranking, for each card of ``best_five`` the card a wild card
    stands for (None for a natural card); empty under a ranking without wild cards."""

    def __init__(
        self,
        name: str,
        cards: tuple[Card, ...],
        rank: HandRank,
        best_five: tuple[Card, ...],
        description: str,
        low: HandRank | None = None,
        low_five: tuple[Card, ...] = (),
        low_description: str = "",
        stand_ins: tuple[Card | None, ...] = (),
    ) -> None:
        # Frozen: the fields go straight into the instance, as dataclasses' own __init__ does.
        self.__dict__.update(
            name=name,
            cards=cards,
            rank=rank,
            best_five=best_five,
            description=description,
            low=low,
            low_five=low_five,
            low_description=low_description,
            stand_ins=stand_ins,
        )

    @classmethod
    def deferred(
        cls, name: str, cards: tuple[Card, ...], rank: HandRank, low: HandRank | None, plays: Plays
    ) -> PlayerHand:
        """A hand whose values are known and whose other fields ``plays()`` makes when first read.

        ``plays`` returns ``(best_five, description, low_five, low_description,
        stand_ins)``; it runs at most once (twice at worst, when two threads read the
        hand's first field together: it must give the same fields every time).

        >>> from lookup.core.cards import parse_cards
        >>> from lookup.ranking.ranking import get_ranking
        >>> cards = parse_cards("As Ks Qs Js Ts")
        >>> royal = get_ranking("standard").evaluate(cards)
        >>> hand = PlayerHand.deferred("Ann", cards, royal, None,
        ...                            lambda: (cards, "Royal Flush", (), "", ()))
        >>> hand == PlayerHand("Ann", cards, royal, cards, "Royal Flush")
        True
        >>> PlayerHand.deferred("Ann", cards, royal, None, lambda: ()).best_five
        Traceback (most recent call last):
        ...
        ValueError: not enough values to unpack (expected 5, got 0)
        """
        hand = object.__new__(cls)
        hand.__dict__.update(name=name, cards=cards, rank=rank, low=low, _plays=plays)
        return hand

    @staticmethod
    def _plain(
        ranking: Ranking,
        name: str,
        cards: tuple[Card, ...],
        rank: HandRank,
        board: tuple[Card, ...],
    ) -> PlayerHand:
        # player_hand's body, kept here (a call less) for showdown's loop over players.
        hand = _new(PlayerHand)
        hand.__dict__.update(
            name=name,
            cards=cards,
            rank=rank,
            low=None,
            _plays=partial(_plain_fields, ranking, rank, (cards + board,)),
        )
        return hand

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Every field, made if deferred: the function that makes them does not pickle.
        return type(self), tuple(getattr(self, field.name) for field in fields(self))


class _Deferred:
    """A deferred field of :class:`PlayerHand`: made with the others on its first read.

    A descriptor without ``__set__``, so once the fields sit in the hand's ``__dict__``
    they are read from there directly, as any field is (a ``__getattr__`` would slow
    every attribute of the class instead).
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, hand: PlayerHand | None, owner: type | None = None) -> object:
        if hand is None:
            return self
        state = hand.__dict__
        plays = state.get("_plays")
        if plays is not None:
            best_five, description, low_five, low_description, stand_ins = plays()
            state.update(
                best_five=best_five,
                description=description,
                low_five=low_five,
                low_description=low_description,
                stand_ins=stand_ins,
            )
            state.pop("_plays", None)  # a thread racing here made the same fields: no harm
        try:
            return state[self.name]
        except KeyError:
            raise AttributeError(f"'PlayerHand' object has no attribute {self.name!r}") from None


# After the dataclass is made, which thus sees plain fields without defaults.
for _field in _DEFERRED:
    setattr(PlayerHand, _field, _Deferred(_field))
del _field


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
        players = self.players
        numbers = [player.rank.class_number for player in players]  # lower is stronger
        return players[numbers.index(min(numbers))].rank

    @property
    def high_winners(self) -> tuple[str, ...]:
        """Every player holding the strongest (high) hand, in input order."""
        # Found once and kept (winners and shares both ask): the result never changes.
        found: tuple[str, ...] | None = self.__dict__.get("_high_winners")
        if found is None:
            # One ranking judges every hand, so class numbers compare as the values do.
            players = self.players
            numbers = [player.rank.class_number for player in players]
            best = min(numbers)
            found = tuple(
                player.name for player, n in zip(players, numbers, strict=True) if n == best
            )
            self.__dict__["_high_winners"] = found
        return found

    @property
    def low_winners(self) -> tuple[str, ...]:
        """Every player holding the best qualifying low (empty: no low, or no low half)."""
        found: tuple[str, ...] | None = self.__dict__.get("_low_winners")
        if found is None:
            lows = [
                (player.name, player.low.class_number)
                for player in self.players
                if player.low is not None
            ]
            best = min((number for _, number in lows), default=0)
            found = tuple(name for name, number in lows if number == best)
            self.__dict__["_low_winners"] = found
        return found

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
        shares = dict.fromkeys([player.name for player in self.players], _NOTHING)
        high = self.high_winners
        low = self.low_winners
        halves = 2 if low else 1
        each = _WHOLE if halves * len(high) == 1 else Fraction(1, halves * len(high))
        for name in high:
            shares[name] = each
        if low:
            # Whole-number sums: 1/2h + 1/2l for a player in both halves, made once.
            both = Fraction(len(high) + len(low), 2 * len(high) * len(low))
            low_share = Fraction(1, 2 * len(low))
            for name in low:
                shares[name] = both if shares[name] else low_share
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
        self.board: tuple[Card, ...] = () if board is None else _cards(board)
        self._holder: dict[Card, str | None] = dict.fromkeys(self.board)
        self._names: set[str] = set()
        self._pending: list[tuple[str, tuple[Card, ...]]] = []
        """Players seated at once by seat_all, not yet in ``_holder`` and ``_names``: a
        showdown seats everyone at once and asks nothing more, so they go in only if
        :meth:`seat` is called after."""

    def _catch_up(self) -> None:
        pending, self._pending = self._pending, []
        for name, hand in pending:
            self._holder.update(dict.fromkeys(hand, name))
            self._names.add(name)

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
        if self._pending:
            self._catch_up()
        if not isinstance(name, str) or not name.strip():
            raise ShowdownError(f"player name {name!r} is not a non-empty string", name)
        if name in self._names:
            raise ShowdownError(f"two players are named {name!r}: names must be distinct", name)
        hand = _cards(cards)
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
        if not self._holder.keys().isdisjoint(hand):
            card = next(card for card in hand if card in self._holder)
            other = self._holder[card]
            first = "the board" if other is None else player_named(other)
            raise DuplicateCardError(duplicate_card(card, first, player_named(name)), str(card))
        self._names.add(name)
        self._holder.update(dict.fromkeys(hand, name))
        return hand

    def seat_all(
        self,
        pairs: Sequence[tuple[str, CardsLike]],
        *,
        sized: bool = True,
        then: Callable[[str, tuple[Card, ...]], None] | None = None,
    ) -> list[tuple[str, tuple[Card, ...]]]:
        """Seat every player of ``pairs`` in order, as :meth:`seat` does; ``(name, cards)`` each.

        ``then(name, cards)`` checks more of each player just seated (a game's counts).
        Pre-parsed hands (tuples of Cards) that break no rule are proved together in one
        pass over the table, and ``then`` runs after; otherwise each player is seated and
        checked in turn. Either way the error raised is the first of seating and
        checking one player after another.

        >>> from lookup.core.cards import parse_cards
        >>> table = TableCheck(board=parse_cards("Ac Ad 7s"))
        >>> table.seat_all([("Ann", parse_cards("Kh Kd")), ("Bob", parse_cards("Qh Qd"))])[1]
        ('Bob', (Card('Qh'), Card('Qd')))
        >>> TableCheck().seat_all([("Ann", "As Ks Qs Js 9s"), ("Bob", "As 2c 3c 4c 5c")])
        Traceback (most recent call last):
        ...
        lookup.DuplicateCardError: card 'As' is held by 'Ann' and 'Bob'
        """
        seated: list[tuple[str, tuple[Card, ...]]]
        if pairs and not self._names and not self._pending and self._all_fit(pairs, sized):
            seated = cast("list[tuple[str, tuple[Card, ...]]]", list(pairs))
            self._pending = seated[:]
            if then is not None:
                for name, hand in seated:
                    then(name, hand)
            return seated
        seated = []
        for name, cards in pairs:
            hand = self.seat(name, cards, sized=sized)
            if then is not None:
                then(name, hand)
            seated.append((name, hand))
        return seated

    def _all_fit(self, pairs: Sequence[tuple[str, CardsLike]], sized: bool) -> bool:
        # True only when seating each in turn would raise nothing: what it cannot prove at
        # once (text, lists, a str subclass for a name) goes to seat(), which words it.
        try:
            names, hands = zip(*pairs, strict=True)
        except ValueError:  # not all pairs: seat() unpacks them as it always has
            return False
        if set(map(type, names)) != _STR_ONLY or len(set(names)) != len(names):
            return False
        if not all(map(str.strip, names)) or set(map(type, hands)) != _PAIR_TYPES:
            return False
        tuples = cast("tuple[tuple[Card, ...], ...]", hands)  # proved just above
        board = self.board
        sizes = set(map(len, tuples))
        if board and 0 in sizes:
            return False
        fewest, most = min(sizes) + len(board), max(sizes) + len(board)
        if sized and (fewest < MIN_HAND_CARDS or most > MAX_HAND_CARDS):
            return False
        everything = sum(tuples, board)
        return len(set(everything)) == len(everything) and _CARDS_ONLY.issuperset(
            map(type, everything)
        )


def _cards(cards: CardsLike) -> tuple[Card, ...]:
    """``parse_cards(cards)``, with a tuple of distinct Cards taken as it is, quicker."""
    if (
        type(cards) is tuple
        and _CARDS_ONLY.issuperset(map(type, cards))
        and len(set(cards)) == len(cards)
    ):
        return cards
    return parse_cards(cards)  # it reads, or words what is wrong


def _count(cards: int) -> str:
    return count(cards, "card")  # the one phrasing of a count (lookup.core.messages)


def play(
    cards: tuple[Card, ...], board: tuple[Card, ...] = ()
) -> tuple[HandRank, tuple[Card, ...], str]:
    """What a checked hand is worth: its rank, the five cards that play, and the description.

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


def player_hand(
    name: str, cards: tuple[Card, ...], board: tuple[Card, ...] = (), ranking: Ranking | None = None
) -> PlayerHand:
    """One player of a plain showdown (the best five of all the cards), as :func:`showdown` sees it.

    The value is one lookup now (the cards are checked in it); the five cards that
    play and the words are made when first read (:meth:`PlayerHand.deferred`).
    ``ranking``: the standard one when None.

    >>> from lookup.core.cards import parse_cards
    >>> hand = player_hand("Ann", parse_cards("As Ad"), parse_cards("Ac Kd 2s 3h 9c"))
    >>> hand.rank, hand.best_five[:3]
    (HandRank(1613, 'Three of a Kind'), (Card('As'), Card('Ad'), Card('Ac')))
    >>> player_hand("Ann", parse_cards("As Ad"))
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: a standard hand needs at least 5 cards, got 2
    """
    judge = get_ranking("standard") if ranking is None else ranking
    rank: HandRank = judge.checked(cards, board)  # checked: a card outside the deck refused
    return PlayerHand._plain(judge, name, cards, rank, board)


def _plain_fields(
    ranking: Ranking, rank: HandRank, pools: tuple[tuple[Card, ...], ...]
) -> tuple[tuple[Card, ...], str, tuple[Card, ...], str, tuple[Card | None, ...]]:
    """A plain showdown hand's deferred fields: the five that play, the words."""
    return cards_of(ranking, rank, pools).cards, rank.describe(), (), "", ()


def _pairs(players: PlayersLike) -> list[tuple[str, CardsLike]]:
    if (
        type(players) is list
        and set(map(type, players)) == _PAIR_TYPES
        and set(map(len, players)) == _TWO
    ):
        return list(players)  # (name, cards) tuples, as a program holds them: nothing to read
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
    if items and all(isinstance(item, str) for item in items):
        # A plain list of hands, as treys and eval7 users write it: players named by seat.
        return [(str(seat), cast(str, hand)) for seat, hand in enumerate(items, start=1)]
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

    ``players`` is ``{name: cards}``, a sequence of ``(name, cards)`` pairs, or
    a plain list of hands as text (the players are then named by seat: ``"1"``,
    ``"2"``, ...), in seat order (the button is the last of them). Without ``game`` each hand is
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
    >>> showdown(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d"]).winners  # players named by seat
    ('1',)
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
        seated = table.seat_all(pairs)
        shared, ranking = table.board, get_ranking("standard")
        checked, plain = ranking.checked, PlayerHand._plain
        hands = tuple(
            [plain(ranking, name, cards, checked(cards, shared), shared) for name, cards in seated]
        )
        result = ShowdownResult(hands, shared)
        if contributions is None:  # no pots to settle: no odd-chip order to find
            return result
        return settle(result, contributions, tuple(name for name, _ in seated))
    evaluator = game_evaluator(game, rules)
    players_count = len(pairs)

    def for_game(name: str, hand: tuple[Card, ...]) -> None:
        check_for_game(table, evaluator, name, hand, players_count)

    seated = table.seat_all(pairs, sized=False, then=for_game)  # seat_for_game's, in turn
    hands = tuple(play_game(evaluator, name, cards, table.board) for name, cards in seated)
    found = evaluator.game
    result = ShowdownResult(hands, table.board, found.name, found.hilo)
    if contributions is None:  # no pots to settle: no odd-chip orders to find
        return result
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
    check_for_game(table, evaluator, name, hand, players)
    return hand


def check_for_game(
    table: TableCheck, evaluator: GameEvaluator, name: str, hand: tuple[Card, ...], players: int
) -> None:
    """Refuse a seated hand the evaluator's game does not deal (counts, deck, shared card).

    The second half of :func:`seat_for_game`, for a hand ``table`` seated already.

    >>> from lookup.core.cards import parse_cards
    >>> from lookup.game.evaluate import game_evaluator
    >>> table = TableCheck(parse_cards("Kd 7c 2s"))
    >>> check_for_game(table, game_evaluator("omaha"), "Ann", table.seat("Ann", "As Ah"), 2)
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: 'Ann': an omaha hand holds 4 cards, got 2
    """
    game = evaluator.game
    board = table.board
    # The deck's size from the ranking's kept set: Ranking.deck builds a new tuple each time.
    game.family.check_seating(game, players, len(evaluator.high_ranking.card_set), board)
    # Seated cards are distinct Cards: counts the game takes and cards of its deck are all
    # that is left to prove, and the evaluator's own check words anything else.
    if (len(hand), len(board)) in evaluator.sizes and evaluator.deck.issuperset(hand + board):
        return
    try:
        evaluator.cards(hand, board)
    except (HandSizeError, GameError) as exc:
        raise type(exc)(f"{name!r}: {exc}", exc.token) from exc


def play_game(
    evaluator: GameEvaluator, name: str, cards: tuple[Card, ...], board: tuple[Card, ...]
) -> PlayerHand:
    """One player's hand(s) in the evaluator's game, with the cards that play.

    The cards are the ones :func:`seat_for_game` checked: nothing is parsed again. The
    values are one lookup each now; the cards that play and the words are made when
    first read (:meth:`PlayerHand.deferred`).

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
    ranking = evaluator.high_ranking
    rank = ranking.values[evaluator.high(cards, board)]  # one lookup: the value decides the pot
    low: HandRank | None = None
    low_ranking = evaluator.low_ranking
    if evaluator.low is not None and low_ranking is not None:
        number = evaluator.low(cards, board)
        if number != evaluator.no_low:
            low = low_ranking.values[number]

    def plays() -> tuple[tuple[Card, ...], str, tuple[Card, ...], str, tuple[Card | None, ...]]:
        high_five, low_five = fives_of(evaluator, cards, board, rank, low)
        if not game.hilo:
            stand_ins = high_five.stand_ins if ranking.wild_cards else ()
            return high_five.cards, rank.describe(), (), "", stand_ins
        if low is None or low_five is None:
            return high_five.cards, rank.describe(), (), "No low", ()
        return high_five.cards, rank.describe(), low_five.cards, low.describe(), ()

    hand = _new(PlayerHand)  # PlayerHand.deferred's body: a call less per player
    hand.__dict__.update(name=name, cards=cards, rank=rank, low=low, _plays=plays)
    return hand


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
