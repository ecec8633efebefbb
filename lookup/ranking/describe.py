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

Costs: ``describe`` is a tuple index plus string formatting; ``cards_of`` reads
the cards from the class's ranks and proves them with one five-card lookup under
a high ranking without wild cards, and elsewhere searches at most C(n, 5)
five-card lookups (21 for seven cards);
``parse_description`` builds its index on first use.
"""

from __future__ import annotations

from lookup.core.cards import DECK, Card, Rank, Suit
from lookup.core.errors import PokerLookupError
from lookup.core.rules import Category
from lookup.ranking.kinds import POKER
from lookup.ranking.ranking import Ranking, RulesLike, get_ranking
from lookup.ranking.tables import NO_CARD
from lookup.ranking.value import ClassNumber, HandRank

TYPE_CHECKING = False  # typing is the type checker's alone: `pokerlookup eval` runs without it
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final, NamedTuple
else:
    from lookup.core.record import NamedTuple

__all__ = [
    "BestFive",
    "canonical_hand",
    "cards_by_reading",
    "cards_by_search",
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

    One pool under a high ranking without wild cards: read from the class's ranks
    (:func:`cards_by_reading`, no search); otherwise its kind searches the pools
    (:func:`cards_by_search`). Both give the same cards in the same order.

    >>> from lookup.core.cards import parse_cards
    >>> ranking = get_ranking("standard")
    >>> hand = parse_cards("Kd Ah 7s Ac 7c 2h Ad")
    >>> cards_of(ranking, ranking.evaluate(hand), (hand,)).cards
    (Card('Ah'), Card('Ac'), Card('Ad'), Card('7s'), Card('7c'))
    >>> cards_of(ranking, ranking.value(1), (hand,))
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: no five of the cards given are worth 'Royal Flush'
    """
    if len(pools) == 1:
        kernel = ranking.derived(_reading_kernel, _reading_kernel)
        if kernel is not None:
            five = _read_five(ranking, rank.class_number, pools[0], kernel)
            if five is not None:
                return BestFive(rank, five)
    return cards_by_search(ranking, rank, pools)


def cards_by_reading(
    ranking: Ranking, number: ClassNumber, pool: tuple[Card, ...]
) -> tuple[Card, ...] | None:
    """The five cards of ``pool`` worth class ``number``, read from the class's ranks, or None.

    For each rank of the class's reading, the first card of that rank in ``pool``
    not taken yet (for a flush or straight flush, the cards of the flush suit;
    of two such suits, the one whose cards come first). None where this reading
    is not provably the search's answer (a low, wild or badugi ranking, a class
    the pool cannot make): then :func:`cards_by_search` answers.

    Why it is the search's answer: under a poker ranking every five cards worth a
    class hold the ranks of its reading, so the cards chosen here come, position
    by position, no later in ``pool`` than those of any other such five, and are
    therefore the first combination the search meets; one five-card lookup proves
    that they are worth the class (five of one suit would be a flush, not it).

    Parameters:

    ``ranking``: the ranking that values the cards
    ``number``: the class wanted (a class number of ``ranking``)
    ``pool``: the cards to choose from, in the order they were given

    >>> from lookup.core.cards import parse_cards
    >>> ranking = get_ranking("standard")
    >>> cards_by_reading(ranking, 10, parse_cards("Ks 5h 4h 3h 2h Ah 2c"))
    (Card('5h'), Card('4h'), Card('3h'), Card('2h'), Card('Ah'))
    >>> cards_by_reading(get_ranking("deuce-to-seven"), 1, parse_cards("7c 5d 4h 3s 2c")) is None
    True
    >>> cards_by_reading(ranking, 0, parse_cards("7c 5d 4h 3s 2c"))
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: class number 0 is out of range: class numbers are 1-7462
    """
    number = ranking.value(number).class_number  # checked: a reading of no class is an error
    kernel = ranking.derived(_reading_kernel, _reading_kernel)
    return None if kernel is None else _read_five(ranking, number, tuple(pool), kernel)


def cards_by_search(
    ranking: Ranking, rank: HandRank, pools: tuple[tuple[Card, ...], ...]
) -> BestFive:
    """The cards of the first pool's subset worth ``rank`` found by search, in reading order.

    Its kind finds the subset (:meth:`~lookup.ranking.kinds.RankingKind.cards_worth`):
    at most C(n, 5) five-card lookups a pool.

    >>> from lookup.core.cards import parse_cards
    >>> ranking = get_ranking("ace-to-five")
    >>> hand = parse_cards("Kd 7h 4s 3c 2d Ah 4c")
    >>> cards_by_search(ranking, ranking.evaluate(hand), (hand,)).cards
    (Card('7h'), Card('4s'), Card('3c'), Card('2d'), Card('Ah'))
    >>> cards_by_search(ranking, ranking.value(1), (hand,))
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: no five of the cards given are worth 'Number one: 5-4-3-2-A'
    """
    wanted = ranking.classes.reading(rank.class_number)
    try:
        pool = ranking.kind.cards_worth(ranking, rank.class_number, pools)
    except StopIteration:
        raise PokerLookupError(
            f"no {'four' if wanted and ranking.hand_size == 4 else 'five'} of the cards given "
            f"are worth {rank.describe()!r}",
            rank,
        ) from None
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


_FLUSHES: Final = frozenset({Category.FLUSH, Category.STRAIGHT_FLUSH})
_SUIT_BITS: Final = (0x8000, 0x4000, 0x2000, 0x1000)
"""Each suit's bit in the Cactus-Kev encoding, clubs to spades."""


def _reading_kernel(ranking: Ranking) -> Callable[..., int] | None:
    """The five-card kernel of a ranking whose best fives read from classes; None for others.

    A high poker ranking only: the brief of :func:`cards_by_reading` (lows, wild cards and
    badugi keep the search).
    """
    if ranking.kind is not POKER or ranking.definition.low:
        return None
    return ranking.kernel(5)


def _read_five(
    ranking: Ranking, number: int, pool: tuple[Card, ...], kernel: Callable[..., int]
) -> tuple[Card, ...] | None:
    size = ranking.hand_size
    wanted = ranking.classes.flat_readings[size * (number - 1) : size * number]
    if size != 5 or NO_CARD in wanted:  # a shorter reading: not five cards to read
        return None
    five: list[Card]
    if ranking.categories[number] in _FLUSHES:
        found: tuple[list[int], list[Card]] | None = None
        for bit in _SUIT_BITS:
            suited = {(card >> 8) & 0xF: card for card in pool if card & bit}
            if len(suited) >= 5 and all(r in suited for r in wanted):
                cards = [suited[r] for r in wanted]
                where = sorted(map(pool.index, cards))  # of two flushes, the first given
                if found is None or where < found[0]:
                    found = (where, cards)
        if found is None:
            return None
        five = found[1]
    else:
        # Dealer order: of equal ranks, the cards given first play.
        left = list(pool)
        five = []
        for r in wanted:
            for i, card in enumerate(left):
                if (card >> 8) & 0xF == r:
                    five.append(card)
                    del left[i]
                    break
            else:
                return None
    if kernel(*five) != number:  # five of one suit: a flush, not this class
        return None
    return tuple(five)


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
