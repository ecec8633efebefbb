"""Words and cards for a hand: descriptions, the cards that play, and back again.

Everything here reads a ranking's ``classes`` table, which lists for every
class number its category and its ranks in *reading order*: groups first,
larger groups before smaller, then kickers from the top; a wheel reads
5-4-3-2-A; a low reads from its highest card down. That one table answers:

* :func:`describe` -- a sentence naming every rank that matters, e.g.
  ``'Two Pair, Kings and Sevens, Queen kicker'`` or ``'Seven-Five low: 7-5-4-3-2'``.
  No two classes of a ranking share one, and :func:`parse_description` turns
  it back into the value.
* :func:`cards_of` -- which of the player's cards make a hand of a given value
  (behind :func:`lookup.best_five`, which plays every game).
* :func:`canonical_hand` -- cards that make a given class.

Costs: ``describe`` is a tuple index plus string formatting; ``cards_of`` is
at most C(n, 5) five-card lookups to find the cards (21 for seven cards);
``parse_description`` builds its index on first use.
"""

from __future__ import annotations

from lookup.core.cards import DECK, Card, Rank, Suit
from lookup.core.errors import PokerLookupError
from lookup.core.rules import Category
from lookup.ranking.ranking import Ranking, RulesLike, get_ranking
from lookup.ranking.value import ClassNumber, HandRank

TYPE_CHECKING = False  # typing is the type checker's alone: `pokerlookup eval` runs without it
if TYPE_CHECKING:
    from typing import NamedTuple
else:
    from lookup.core.record import NamedTuple

__all__ = [
    "BestFive",
    "canonical_hand",
    "cards_of",
    "class_ranks",
    "describe",
    "parse_description",
]


class BestFive(NamedTuple):
    """The value of a hand and the cards that make it, in reading order.

    Five cards for poker rankings; a badugi's counting cards (one to four). A
    wild card sits where the card it stands for reads; :attr:`stand_ins` and
    :attr:`labels` say which card that is ("Jk as A♠").
    """

    rank: HandRank
    cards: tuple[Card, ...]

    @property
    def stand_ins(self) -> tuple[Card | None, ...]:
        """For each card, the card a wild card stands for (None for a natural card).

        In a flush a wild card is the card of the flush suit it reads as (never
        one held); elsewhere the first of spades, hearts, diamonds, clubs that is
        not among the five and makes no flush.

        >>> from lookup import best_five
        >>> best_five("Jk As Ks Qs Js", rules="joker").stand_ins[-1]
        Card('Ts')
        """
        wild = self.rank.ranking.wild_cards
        if not wild.intersection(self.cards):
            return (None,) * len(self.cards)
        reading = self.rank.ranks
        naturals = [c for c in self.cards if c not in wild]
        suits = {c.suit for c in naturals}
        held = set(naturals)
        flush = self.rank.category in (Category.FLUSH, Category.STRAIGHT_FLUSH)
        stand_ins: list[Card | None] = []
        for card, rank in zip(self.cards, reading, strict=True):
            if card not in wild:
                stand_ins.append(None)
                continue
            if flush:
                choice = Card(rank, next(iter(suits)))
            else:
                # A wild deuce read as a two stays itself, if it can.
                own = () if card.is_joker or card.rank != rank else (card.suit,)
                allowed = [
                    Card(rank, suit)
                    for suit in (*own, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
                    if not (len(suits) == 1 and suit in suits)
                ]
                choice = next((c for c in allowed if c not in held), allowed[0])
            held.add(choice)
            stand_ins.append(choice)
        return tuple(stand_ins)

    @property
    def natural(self) -> bool:
        """True when no wild card plays: what video-poker pay tables call a *natural* hand.

        Rankings tie a natural royal with a wild one; a pay table that pays them
        differently can ask this (for five-card hands, where the five are given).

        >>> from lookup import best_five
        >>> best_five("As Ks Qs Js Ts", rules="deuces-wild").natural
        True
        >>> best_five("As Ks Qs Js 2c", rules="deuces-wild").natural
        False
        """
        return not any(self.stand_ins)

    @property
    def labels(self) -> tuple[str, ...]:
        """Each card as players write it, a wild card with what it stands for.

        >>> from lookup import best_five
        >>> best_five("As Ad Ah Ac Jk", rules="joker").labels
        ('A♠', 'A♦', 'A♥', 'A♣', 'Jk as A♠')
        """
        return tuple(
            card.symbol if stand_in is None else f"{card} as {stand_in.symbol}"
            for card, stand_in in zip(self.cards, self.stand_ins, strict=True)
        )


def class_ranks(number: ClassNumber, rules: RulesLike = "standard") -> tuple[Rank, ...]:
    """The ranks of class ``number`` in reading order (a wheel reads 5-4-3-2-A).

    >>> [r.char for r in class_ranks(10)], [r.char for r in class_ranks(322)]
    (['5', '4', '3', '2', 'A'], ['2', '2', '2', '3', '3'])
    """
    return get_ranking(rules).ranks_of(number)


def describe(rank: HandRank) -> str:
    """A sentence naming the hand and every rank that decides it.

    >>> from lookup import evaluate
    >>> describe(evaluate("Ts Th Tc 4d 4s"))
    'Full House, Tens full of Fours'
    >>> describe(evaluate("Ah 2s 3d 4c 5h"))
    'Straight, Five high'
    >>> describe(evaluate("7c 5d 4h 3s 2c", rules="deuce-to-seven"))
    'Number one: 7-5-4-3-2'
    >>> describe("Ah")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: describe takes a HandRank (from evaluate), got str 'Ah'
    """
    if not isinstance(rank, HandRank):
        raise PokerLookupError(
            f"describe takes a HandRank (from evaluate), got {type(rank).__name__} {rank!r}", rank
        )
    return rank.describe()


def _normalise(text: str) -> str:
    return " ".join(text.replace(",", ", ").replace(":", ": ").lower().split())


def _class_by_sentence(ranking: Ranking) -> dict[str, ClassNumber]:
    """Normalised sentence -> class number, for every class of ``ranking`` (kept on it)."""
    return {_normalise(ranking.describe(n)): n for n in range(1, ranking.class_count + 1)}


def parse_description(text: str, rules: RulesLike = "standard") -> HandRank:
    """The hand a :func:`describe` sentence names (case and spacing are forgiven).

    Parameters:

    ``text``: a sentence as :meth:`~lookup.ranking.value.HandRank.describe` writes it
    ``rules``: the ranking whose sentences ``text`` is read in (a name, a table folder's path or
        a Ranking)

    >>> parse_description("Pair of Aces, King-Ten-Two")
    HandRank(3352, 'Pair')
    >>> parse_description("pair of aces,king-ten-two").kev
    3352
    >>> parse_description("eight-six low: 8-6-4-3-a", rules="eight-or-better").describe()
    'Eight-Six low: 8-6-4-3-A'
    >>> parse_description("Pair of Aces, King-Ten")
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: 'Pair of Aces, King-Ten' does not describe a standard hand: ...
    """
    ranking = get_ranking(rules)
    by_sentence = ranking.derived(_class_by_sentence, _class_by_sentence)
    number = by_sentence.get(_normalise(text)) if isinstance(text, str) else None
    if number is None:
        raise PokerLookupError(
            f"{text!r} does not describe a {ranking.name} hand: expected a sentence such as "
            f"{ranking.describe(ranking.class_count // 2)!r}",
            text,
        )
    return ranking.value(number)


def cards_of(ranking: Ranking, rank: HandRank, pools: tuple[tuple[Card, ...], ...]) -> BestFive:
    """The cards of the first pool's subset worth ``rank``, in reading order.

    Its kind finds the subset (:meth:`~lookup.ranking.kinds.RankingKind.cards_worth`).
    """
    wanted = ranking.classes.reading(rank.class_number)
    pool = ranking.kind.cards_worth(ranking, rank.class_number, pools)
    chosen: list[Card] = []
    if not wanted:  # 'no low': any five the hand holds play
        return BestFive(rank, pool)
    wild = ranking.wild_cards
    # Natural cards take the ranks they are; each wild card takes a rank left over.
    naturals = [c for c in pool if c not in wild]
    spare = [c for c in pool if c in wild]
    slots: list[Card | None] = []
    for r in wanted:
        card = next((c for c in naturals if c.rank == r and c not in slots), None)
        slots.append(card)
    for card in slots:
        chosen.append(card if card is not None else spare.pop(0))
    return BestFive(rank, tuple(chosen))


def canonical_hand(number: ClassNumber, rules: RulesLike = "standard") -> tuple[Card, ...]:
    """Cards that make class ``number``, in reading order: flushes in spades, others mixed.

    >>> canonical_hand(1)
    (Card('As'), Card('Ks'), Card('Qs'), Card('Js'), Card('Ts'))
    >>> canonical_hand(7462)
    (Card('7c'), Card('5d'), Card('4h'), Card('3s'), Card('2c'))
    >>> canonical_hand(1, rules="joker")
    (Card('Ac'), Card('Ad'), Card('Ah'), Card('As'), Card('Jk'))
    >>> canonical_hand(7463)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: class number 7463 is out of range: class numbers are 1-7462
    """
    ranking = get_ranking(rules)
    rank = ranking.value(number)
    ranks = ranking.classes.reading(rank.class_number)
    if not ranks:
        raise PokerLookupError(f"'{rank.describe()}' stands for many hands, not one", number)
    if rank.category is Category.FIVE_OF_A_KIND:  # four of the rank and a wild card
        wild = sorted(ranking.wild_cards, key=lambda card: card.is_joker)
        return (*(DECK[4 * ranks[0] + suit] for suit in range(4)), wild[0])
    if rank.category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        return tuple(DECK[4 * r + Suit.SPADES] for r in ranks)
    # Cycling suits by position keeps equal ranks on different suits (groups are
    # adjacent and at most four long) and never gives five of one suit.
    return tuple(DECK[4 * r + i % 4] for i, r in enumerate(ranks))
