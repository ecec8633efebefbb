"""The kinds of ranking, poker, badugi and wild, and everything that differs between them.

A ranking's rules say what it is as data (``RankingRules.scoring``, its jokers and
wild ranks); :func:`kind_of` reads them, once per ranking, and from then on each
difference is a method of the :class:`RankingKind` it returns rather than a test of
those fields: which table files the ranking reads, how its kernels are built, the
hand sizes they (and the batch path) take, which cards are wild, and how the cards
that make a value are found in a hand. A layer above, whose code the ranking layer
cannot hold, chooses its own code per kind with :meth:`RankingKind.pick`.

>>> from lookup.ranking.ranking import get_ranking
>>> [get_ranking(name).kind.name for name in ("standard", "badugi", "joker")]
['poker', 'badugi', 'wild']
>>> get_ranking("badugi").kind.sizes
(4, 5)

Every method is O(1) or a table read; a ranking keeps what they return
(:meth:`lookup.ranking.ranking.Ranking.derived`), so each runs once per ranking.
"""

from __future__ import annotations

from itertools import combinations

from lookup.core.errors import RankingError
from lookup.ranking.kernels import Kernels, Values, badugi_kernels, poker_kernels
from lookup.ranking.tables import (
    load_badugi,
    load_five,
    load_flush,
    load_multi,
    load_omaha,
    load_wild,
)

# typing is the type checker's alone: this module is on every evaluate's path.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, TypeVar

    from lookup.core.cards import Card
    from lookup.core.rules import RankingRules
    from lookup.ranking.kernels import Slow
    from lookup.ranking.tables import (
        BadugiTables,
        FiveCardTables,
        MultiCardTables,
        OmahaRows,
        WildTables,
    )
    from lookup.ranking.value import RankingLike

    T = TypeVar("T")


__all__ = ["BADUGI", "POKER", "WILD", "RankingKind", "kind_of"]


class RankingKind:
    """What a kind of ranking does its own way; one shared instance per kind.

    The defaults are poker's five-card ways (a wild-card ranking shares them); the
    table readers refuse, each kind opening only its own files.
    """

    __slots__ = ()

    name: str = ""
    """``'poker'``, ``'badugi'`` or ``'wild'``."""
    files: tuple[str, ...] = ()
    """The table files it reads besides ``classes`` (poker's ``flush`` where flushes count)."""
    sizes: tuple[int, ...] = (5, 6, 7)
    """Hand sizes with an O(1) kernel."""
    batch_sizes: tuple[int, ...] = (5, 6, 7)
    """Hand sizes the batch path (:func:`lookup.evaluate_batch`) takes: every kind takes 5-7."""

    def __repr__(self) -> str:
        return f"<{self.name} ranking kind>"

    def pick(self, *, poker: T, badugi: T, wild: T) -> T:
        """The argument named by this kind: how a higher layer chooses its code per kind.

        Each kind must be answered, so a new kind fails loudly wherever one is left
        out (a ``TypeError``, and the type checker first).

        >>> from lookup.ranking.ranking import get_ranking
        >>> get_ranking("deuces-wild").kind.pick(poker="sum67", badugi="hash4", wild="wild")
        'wild'
        """
        raise NotImplementedError

    def kernels(self, ranking: RankingLike, values: Values, slow: Slow) -> Kernels:
        """The ranking's O(1) kernels, its tables read (see :mod:`lookup.ranking.kernels`).

        ``values`` gives what the checked entry returns; ``slow`` takes what it refuses.
        """
        raise NotImplementedError

    def wild_cards(self, ranking: RankingLike) -> frozenset[Card]:
        """The deck's wild cards: none but in a wild kind."""
        return frozenset()

    def cards_worth(
        self, ranking: RankingLike, number: int, pools: tuple[tuple[Card, ...], ...]
    ) -> tuple[Card, ...]:
        """The first subset of a pool that plays as class ``number``, as the pool orders it.

        Five cards, the first combination the five-card kernel values at ``number``:
        at most C(n, 5) lookups a pool (21 for seven cards). ``StopIteration`` if none.
        """
        kernel = ranking.kernel(5)
        return next(
            sub for hand in pools for sub in combinations(hand, 5) if kernel(*sub) == number
        )

    # -- its tables: a kind reads only its own (the ranking keeps each, see Ranking) --

    def flush_table(self, ranking: RankingLike) -> list[int] | None:
        """Read ``flush``: poker's flush table (None where flushes do not count)."""
        raise self._no_table(ranking, "flush table (flush)")

    def five_tables(self, ranking: RankingLike) -> FiveCardTables:
        """Read ``hash5``, with the ranking's ``flush``: poker's five-card tables."""
        raise self._no_table(ranking, "five-card tables (hash5, flush)")

    def multi_tables(self, ranking: RankingLike) -> MultiCardTables:
        """Read ``sum67``: poker's six- and seven-card table."""
        raise self._no_table(ranking, "six/seven-card table (sum67)")

    def omaha_rows(self, ranking: RankingLike) -> OmahaRows:
        """Read ``omaha``: poker's rows for the Omaha games."""
        raise self._no_table(ranking, "Omaha rows (omaha)")

    def badugi_tables(self, ranking: RankingLike) -> BadugiTables:
        """Read ``mask_prime`` and ``hash4``: badugi's tables."""
        raise self._no_table(ranking, "badugi tables (mask_prime, hash4)")

    def wild_tables(self, ranking: RankingLike) -> WildTables:
        """Read ``wild``: a wild-card ranking's table."""
        raise self._no_table(ranking, "wild-card table (wild)")

    def _no_table(self, ranking: RankingLike, what: str) -> RankingError:
        return RankingError(
            f"{ranking.name} has no {what}: a {self.name} ranking reads {', '.join(self.files)}",
            ranking.name,
        )


class PokerKind(RankingKind):
    """Poker without wild cards: five-card tables, and a six/seven-card table read on first need."""

    __slots__ = ()
    name = "poker"
    files = ("hash5", "flush", "sum67", "omaha")

    def pick(self, *, poker: T, badugi: T, wild: T) -> T:
        return poker

    def kernels(self, ranking: RankingLike, values: Values, slow: Slow) -> Kernels:
        return poker_kernels(
            ranking.deck,
            ranking.flush_table,
            lambda: ranking.five_tables,
            lambda: ranking.multi_tables,
            values,
            slow,
        )

    def flush_table(self, ranking: RankingLike) -> list[int] | None:
        return load_flush(ranking.folder, ranking.classes)

    def five_tables(self, ranking: RankingLike) -> FiveCardTables:
        return load_five(ranking.folder, ranking.classes, lambda: ranking.flush_table)

    def multi_tables(self, ranking: RankingLike) -> MultiCardTables:
        return load_multi(ranking.folder, ranking.classes)

    def omaha_rows(self, ranking: RankingLike) -> OmahaRows:
        return load_omaha(ranking.folder, ranking.classes)


class BadugiKind(RankingKind):
    """Badugi: four-card hands of distinct suits and ranks, five cards by their best four."""

    __slots__ = ()
    name = "badugi"
    files = ("mask_prime", "hash4")
    sizes = (4, 5)
    batch_sizes = (4, 5, 6, 7)  # 6 and 7 cards in a batch: the best of their four-card subsets

    def pick(self, *, poker: T, badugi: T, wild: T) -> T:
        return badugi

    def kernels(self, ranking: RankingLike, values: Values, slow: Slow) -> Kernels:
        return badugi_kernels(ranking.deck, ranking.badugi_tables, values, slow)

    def cards_worth(
        self, ranking: RankingLike, number: int, pools: tuple[tuple[Card, ...], ...]
    ) -> tuple[Card, ...]:
        """The first subset whose cards are the class's ranks, each of its own suit.

        A badugi's counting cards (one to four): its reading's ranks, suits distinct.
        """
        wanted = ranking.classes.reading(number)
        ranks, size = set(wanted), len(wanted)
        return next(
            sub
            for hand in pools
            for sub in combinations(hand, size)
            if {c.rank for c in sub} == ranks and len({c.suit for c in sub}) == size
        )

    def badugi_tables(self, ranking: RankingLike) -> BadugiTables:
        return load_badugi(ranking.folder, ranking.classes)


class WildKind(RankingKind):
    """Poker with wild cards (jokers, wild ranks): one key table for five to seven cards."""

    __slots__ = ()
    name = "wild"
    files = ("wild",)

    def pick(self, *, poker: T, badugi: T, wild: T) -> T:
        return wild

    def kernels(self, ranking: RankingLike, values: Values, slow: Slow) -> Kernels:
        from lookup.ranking.wild_kernels import wild_kernels  # only wild decks need them

        return wild_kernels(ranking.deck, ranking.wild_cards, ranking.wild_tables, values, slow)

    def wild_cards(self, ranking: RankingLike) -> frozenset[Card]:
        """Its jokers and every card of a wild rank."""
        wild = set(ranking.definition.wild_ranks)
        return frozenset(c for c in ranking.deck if c.is_joker or c.rank in wild)

    def wild_tables(self, ranking: RankingLike) -> WildTables:
        return load_wild(ranking.folder, ranking.classes)


POKER: Final = PokerKind()
BADUGI: Final = BadugiKind()
WILD: Final = WildKind()


def kind_of(rules: RankingRules) -> RankingKind:
    """The kind of ranking ``rules`` describe: the one place that reads their scoring.

    >>> from lookup.ranking.ranking import get_ranking
    >>> kind_of(get_ranking("two-jokers").definition) is WILD
    True
    """
    if rules.scoring == "badugi":
        return BADUGI
    return WILD if rules.has_wild else POKER
