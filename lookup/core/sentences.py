"""Hand values in words, the way players say them, under any ranking.

Pure functions of a class's category and reading (its ranks in reading order);
they know nothing of tables, so descriptions can never disagree with them.

>>> from lookup.core.rules import Category, parse_rules
>>> sentence(None, Category.FULL_HOUSE, (8, 8, 8, 2, 2), 236)
'Full House, Tens full of Fours'
"""

from __future__ import annotations

from lookup.core.cards import RANK_CHARS
from lookup.core.rules import Category, RankingRules

TYPE_CHECKING = False  # typing is the type checker's alone: importing it costs start-up
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Final

__all__ = ["PLURALS", "WORDS", "sentence"]

WORDS: Final = (
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
PLURALS: Final = tuple(word + ("es" if word == "Six" else "s") for word in WORDS)
_COUNTS: Final = {
    Category.ONE_CARD: "One",
    Category.TWO_CARDS: "Two",
    Category.THREE_CARDS: "Three",
    Category.BADUGI: "Four",
}


def _joined(ranks: Iterable[int]) -> str:
    return "-".join(WORDS[r] for r in ranks)


def _chars(ranks: Iterable[int]) -> str:
    return "-".join(RANK_CHARS[r] for r in ranks)


def high_sentence(category: Category, ranks: tuple[int, ...]) -> str:
    """A poker hand as a high hand: every rank that decides it, e.g. 'Two Pair, ...'.

    >>> high_sentence(Category.TWO_PAIR, (11, 11, 5, 5, 10))
    'Two Pair, Kings and Sevens, Queen kicker'
    >>> high_sentence(Category.FIVE_OF_A_KIND, (12,) * 5)
    'Five of a Kind, Aces'
    """
    words, plural = WORDS, PLURALS
    if category is Category.FIVE_OF_A_KIND:
        return f"Five of a Kind, {plural[ranks[0]]}"
    if category is Category.STRAIGHT_FLUSH:
        if ranks[0] == 12:
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


def sentence(
    rules: RankingRules | None, category: Category, ranks: tuple[int, ...], number: int
) -> str:
    """The description of class ``number`` (``rules`` None: standard high poker).

    Lows read from the top card down: 'Seven-Five low: 7-5-4-3-2', and the
    best low is 'Number one: ...'. A badugi names its size and cards.

    >>> from lookup.core.rules import parse_rules
    >>> low = parse_rules('name="a"\\nranks="A23456789TJQK"\\norder="low"\\nstraights=false\\n'
    ...     'flushes=false\\ncategories=["high-card","pair","two-pair","three-of-a-kind",'
    ...     '"full-house","four-of-a-kind"]')
    >>> sentence(low, Category.HIGH_CARD, (6, 4, 2, 1, 12), 30)
    'Eight-Six low: 8-6-4-3-A'
    >>> sentence(low, Category.HIGH_CARD, (3, 2, 1, 0, 12), 1)
    'Number one: 5-4-3-2-A'
    >>> sentence(low, Category.NO_LOW, (), 57)
    'No low'
    """
    if category is Category.NO_LOW:
        return "No low"
    if category in _COUNTS:
        return f"{_COUNTS[category]}-card badugi, {_joined(ranks)}"
    if rules is not None and rules.low and category is Category.HIGH_CARD:
        if number == 1:
            return f"Number one: {_chars(ranks)}"
        return f"{WORDS[ranks[0]]}-{WORDS[ranks[1]]} low: {_chars(ranks)}"
    return high_sentence(category, ranks)
