"""Words and cards for a hand: descriptions, the five cards that play, and back again.

Everything here reads the ``classes`` table, which lists for every class number
its category and its five ranks in *reading order*: groups first, larger groups
before smaller, then kickers high to low; a wheel reads 5-4-3-2-A. That one
table answers three questions:

* :func:`describe` -- a sentence naming every rank that matters, e.g.
  ``'Two Pair, Kings and Sevens, Queen kicker'``. No two classes share one, and
  :func:`parse_description` turns it back into the class.
* :func:`best_five` -- which five of the player's cards make the hand.
* :func:`canonical_hand` -- a hand of five cards for any class number.

Costs: the first call builds the per-class views from the table (a few ms);
after that ``describe`` is a tuple index plus string formatting, and
``best_five`` is one evaluation plus a pass over the cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Final, NamedTuple

from lookup.cards import DECK, Card, CardsLike, Rank, Suit
from lookup.errors import PokerLookupError
from lookup.evaluate import evaluate, hand_cards
from lookup.rank import CLASS_COUNT, Category, ClassNumber, HandRank

__all__ = [
    "BestFive",
    "best_five",
    "canonical_hand",
    "class_ranks",
    "describe",
    "parse_description",
]

_WORDS: Final = (
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
_PLURALS: Final = tuple(word + ("es" if word == "Six" else "s") for word in _WORDS)


class BestFive(NamedTuple):
    """The value of a hand and the five cards that make it, in reading order."""

    rank: HandRank
    cards: tuple[Card, ...]


@cache
def _readings() -> tuple[tuple[Rank, ...], ...]:
    from lookup.tables import tables

    flat = [Rank(r) for r in tables().class_readings]
    return ((), *(tuple(flat[i : i + 5]) for i in range(0, len(flat), 5)))


def class_ranks(kev: ClassNumber) -> tuple[Rank, ...]:
    """The five ranks of class ``kev`` in reading order (a wheel reads 5-4-3-2-A).

    >>> [r.char for r in class_ranks(10)], [r.char for r in class_ranks(322)]
    (['5', '4', '3', '2', 'A'], ['2', '2', '2', '3', '3'])
    """
    return _readings()[HandRank.from_kev(kev).kev]


def _joined(ranks: Iterable[Rank]) -> str:
    return "-".join(_WORDS[r] for r in ranks)


def _sentence(category: Category, ranks: tuple[Rank, ...]) -> str:
    words, plural = _WORDS, _PLURALS
    if category is Category.STRAIGHT_FLUSH:
        if ranks[0] is Rank.ACE:
            return "Royal Flush"
        return f"Straight Flush, {words[ranks[0]]} high"
    if category is Category.FOUR_OF_A_KIND:
        return f"Four of a Kind, {plural[ranks[0]]}, {words[ranks[4]]} kicker"
    if category is Category.FULL_HOUSE:
        return f"Full House, {plural[ranks[0]]} full of {plural[ranks[3]]}"
    if category is Category.FLUSH:
        return f"Flush, {_joined(ranks)}"
    if category is Category.STRAIGHT:
        return f"Straight, {words[ranks[0]]} high"
    if category is Category.THREE_OF_A_KIND:
        return f"Three of a Kind, {plural[ranks[0]]}, {_joined(ranks[3:])}"
    if category is Category.TWO_PAIR:
        return f"Two Pair, {plural[ranks[0]]} and {plural[ranks[2]]}, {words[ranks[4]]} kicker"
    if category is Category.ONE_PAIR:
        return f"Pair of {plural[ranks[0]]}, {_joined(ranks[2:])}"
    return f"High Card, {_joined(ranks)}"


def describe(rank: HandRank) -> str:
    """A sentence naming the hand and every rank that decides it.

    >>> from lookup import evaluate
    >>> describe(evaluate("Ts Th Tc 4d 4s"))
    'Full House, Tens full of Fours'
    >>> describe(evaluate("Ah 2s 3d 4c 5h"))
    'Straight, Five high'
    >>> describe(evaluate("Kh Kd 7s 7c Qd"))
    'Two Pair, Kings and Sevens, Queen kicker'
    """
    return _sentence(rank.category, _readings()[rank.kev])


def _normalise(text: str) -> str:
    return " ".join(text.replace(",", ", ").lower().split())


@cache
def _class_by_sentence() -> dict[str, ClassNumber]:
    """Normalised sentence -> class number, for every class."""
    from lookup.tables import tables

    categories = tables().categories
    readings = _readings()
    return {
        _normalise(_sentence(categories[kev], readings[kev])): kev
        for kev in range(1, CLASS_COUNT + 1)
    }


def parse_description(text: str) -> HandRank:
    """The hand a :func:`describe` sentence names (case and spacing are forgiven).

    >>> parse_description("Pair of Aces, King-Ten-Two")
    HandRank(3352, 'Pair')
    >>> parse_description("pair of aces,king-ten-two").kev
    3352
    >>> parse_description("Pair of Aces, King-Ten")
    Traceback (most recent call last):
    ...
    lookup.errors.PokerLookupError: 'Pair of Aces, King-Ten' does not describe a hand: ...
    """
    kev = _class_by_sentence().get(_normalise(text))
    if kev is None:
        raise PokerLookupError(
            f"{text!r} does not describe a hand: expected a sentence such as "
            "'Full House, Tens full of Fours'"
        )
    return HandRank.from_kev(kev)


def best_five(cards: CardsLike, board: CardsLike | None = None) -> BestFive:
    """The value of the best hand and the five cards that make it, in reading order.

    Pairs and other groups come first, then kickers; a wheel reads 5-4-3-2-A.
    When several cards could play (a board pair and a pocket pair, say), the
    ones given first are used.

    >>> best_five("Ah Kd", board="Ac Ad 7s 7c 2h")  # doctest: +NORMALIZE_WHITESPACE
    BestFive(rank=HandRank(173, 'Full House'),
             cards=(Card('Ah'), Card('Ac'), Card('Ad'), Card('7s'), Card('7c')))
    >>> best_five("5d 3s 2c Ah 9c 4d Kd").cards
    (Card('5d'), Card('4d'), Card('3s'), Card('2c'), Card('Ah'))
    >>> best_five("As Ks")
    Traceback (most recent call last):
    ...
    lookup.errors.HandSizeError: a hand needs at least 5 cards, got 2
    """
    hand = hand_cards(cards, board)
    rank = evaluate(hand)
    ranks = _readings()[rank.kev]
    pool: list[Card] = list(hand)
    if rank.category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        # The flush suit is one holding all five ranks (more than 7 cards may offer two).
        wanted = set(ranks)
        suit = next(s for s in Suit if wanted <= {c.rank for c in hand if c.suit is s})
        pool = [c for c in hand if c.suit is suit]
    chosen: list[Card] = []
    for r in ranks:
        card = next(c for c in pool if c.rank is r and c not in chosen)
        chosen.append(card)
    return BestFive(rank, tuple(chosen))


def canonical_hand(kev: ClassNumber) -> tuple[Card, ...]:
    """Five cards of class ``kev``, in reading order: flushes in spades, others mixed.

    >>> canonical_hand(1)
    (Card('As'), Card('Ks'), Card('Qs'), Card('Js'), Card('Ts'))
    >>> canonical_hand(7462)
    (Card('7c'), Card('5d'), Card('4h'), Card('3s'), Card('2c'))
    >>> canonical_hand(7463)
    Traceback (most recent call last):
    ...
    lookup.errors.PokerLookupError: class number 7463 is out of range: class numbers are 1-7462
    """
    rank = HandRank.from_kev(kev)
    ranks = _readings()[rank.kev]
    if rank.category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        return tuple(DECK[4 * r + Suit.SPADES] for r in ranks)
    # Cycling suits by position keeps equal ranks on different suits (groups are
    # adjacent and at most four long) and never gives five of one suit.
    return tuple(DECK[4 * r + i % 4] for i, r in enumerate(ranks))
