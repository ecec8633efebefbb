"""The substitution reference: rank a five-card hand holding wild cards, plainly.

A wild card takes the value that makes the best hand. This module tries every
value it may take and keeps the best verdict of the plain reference
(:func:`tablegen.reference.classify`, plus five of a kind):

* outside a flush a wild card may be any rank of the deck (four aces and a
  joker are five aces): every multiset of ranks for the wild cards is tried,
  13 ranks each, never a suit;
* inside a flush (every natural card of one suit) a wild card becomes a card of
  that suit not held: every set of ranks the naturals lack is tried, so no
  flush ever holds two aces of spades;
* a *bug* (``bug = true``) is an ace, or a card that completes a straight, a
  flush or a straight flush: only those substitutions count.

The answer depends only on the hand's *suit-free shape*: the ranks of its
natural cards, how many wild cards it holds, and whether the naturals share
one suit. :func:`wild_verdict` is cached on that shape, so deuces wild's
2,598,960 hands cost a few thousand substitution searches, not millions.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

from lookup.core.rules import Category, RankingRules
from tablegen.reference import Verdict, classify

__all__ = ["Shape", "wild_verdict"]

Shape = tuple[tuple[int, ...], int, bool]
"""(ascending ranks of the natural cards, number of wild cards, naturals share a suit)."""


def _substituted(ranks: Sequence[int], flush: bool, rules: RankingRules) -> Verdict:
    """The plain verdict of five ranks, as a flush or not (five of a kind named here)."""
    if len(set(ranks)) == 1:
        category = Category.FIVE_OF_A_KIND
        rank = ranks[0]
        strength = (rules.categories.index(category), rules.position(rank))
        if rules.low:  # as classify does: the low hand wins, so the comparison turns round
            strength = (-strength[0], -strength[1])
        return Verdict(strength, category, (rank,) * 5)
    ordered = sorted(ranks)
    # Suits cycle by position for a non-flush: equal ranks differ, five never share one.
    return classify([(r, 0 if flush else i % 4) for i, r in enumerate(ordered)], rules)


def _bug_allowed(wild: Sequence[int], verdict: Verdict, flush: bool) -> bool:
    """A bug counts as an ace, or as any card that completes a straight or a flush."""
    if flush or verdict.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return True
    return all(r == 12 for r in wild)


@cache
def wild_verdict(
    naturals: tuple[int, ...], wilds: int, suited: bool, rules: RankingRules
) -> Verdict:
    """The best verdict of one shape: natural ranks (ascending), wild-card count, one suit.

    ``suited`` means the natural cards share a suit, so the wild cards may make a
    flush; they need not (a hand takes whichever is better).

    >>> from tablegen.rankings import builtin
    >>> wild_verdict((12, 12, 12, 12), 1, False, builtin("joker")).reading  # four aces, joker
    (12, 12, 12, 12, 12)
    >>> wild_verdict((11, 10, 7, 3), 1, True, builtin("joker")).category  # K Q 9 5 suited
    <Category.FLUSH: 5>
    >>> wild_verdict((11, 10, 7, 3), 2, True, builtin("joker"))
    Traceback (most recent call last):
    ...
    ValueError: a shape has five cards, got 4 + 2 wild
    """
    if len(naturals) + wilds != 5:
        raise ValueError(f"a shape has five cards, got {len(naturals)} + {wilds} wild")
    if wilds == 0:
        return _substituted(naturals, suited, rules)
    deck_ranks = sorted(rules.rank_order)
    best: Verdict | None = None
    for wild in combinations_with_replacement(deck_ranks, wilds):
        ranks = naturals + wild
        if max(ranks.count(r) for r in ranks) > 5:
            continue
        verdict = _substituted(ranks, False, rules)
        if rules.bug and not _bug_allowed(wild, verdict, False):
            continue
        if best is None or verdict > best:
            best = verdict
    if suited and rules.flushes:
        missing = [r for r in deck_ranks if r not in naturals]
        for wild in combinations(missing, wilds):
            verdict = _substituted(naturals + wild, True, rules)
            if best is None or verdict > best:
                best = verdict
    if best is None:
        raise ValueError(f"no substitution makes a hand of {naturals} and {wilds} wild")
    return best
