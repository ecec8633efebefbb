"""Rankings at run time: find one by name or folder, load its tables once, evaluate under it.

A :class:`Ranking` is one ranking's runtime: its rules (read back from its
tables), its deck, its shared :class:`~lookup.ranking.value.HandRank` values and its
O(1) kernels. :func:`get_ranking` finds one: a plain string always names a
built-in ranking; a path (``pathlib.Path``) names a folder that
``python -m tablegen --rules FILE --out DIR`` wrote, as does :func:`load_rules`.

Tables load on first use, once per process, under a lock, so rankings are safe
to share between threads; importing pokerlookup reads none of them. A ranking
owns them: no other module opens its files. What other layers derive from them
(Omaha rows, numpy views) is kept on the ranking too, through
:meth:`Ranking.derived`. Its :attr:`~Ranking.kind` (poker, badugi, wild) is where
the kinds of ranking differ (:mod:`~lookup.ranking.kinds`).

>>> from lookup.ranking.ranking import get_ranking, rankings
>>> short = get_ranking("short-deck")
>>> short.name, len(short.deck), short.class_count
('short-deck', 36, 1404)
>>> [r.name for r in rankings()][:3]
['standard', 'short-deck', 'short-deck-triton']
>>> get_ranking("omaha")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lookup.RankingError: unknown ranking 'omaha': rankings are standard, short-deck, ...
"""

from __future__ import annotations

import os
from _thread import RLock, allocate_lock
from functools import cached_property

from lookup.core.cards import DECK, JOKERS, RANK_CHARS, Card, CardsLike, Rank, hand_cards
from lookup.core.errors import CardError, HandSizeError, RankingError, TableError
from lookup.core.messages import unknown_name
from lookup.core.rules import BUILTIN_RANKINGS, Category, RankingRules
from lookup.core.tablefile import table_path
from lookup.ranking.kernels import Kernels, Values
from lookup.ranking.kinds import RankingKind, kind_of
from lookup.ranking.tables import ClassTable, load_classes
from lookup.ranking.value import ClassNumber, HandRank, _check_number

# Names for the type checker only: importing typing or pathlib (for Path, which only
# load_rules and Ranking.directory make: a built-in ranking's folder is a plain string)
# would cost a script more than its first evaluation. The locks come from _thread, as
# threading.Lock and RLock do: importing threading itself costs more.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterable, Sequence
    from pathlib import Path
    from typing import Any, Final, TypeAlias, TypeVar

    from lookup.ranking.tables import (
        BadugiTables,
        FiveCardTables,
        MultiCardTables,
        OmahaRows,
        WildTables,
    )

    T = TypeVar("T")

__all__ = ["Ranking", "RulesLike", "get_ranking", "load_rules", "rankings", "value_of"]


class Ranking:
    """One ranking's runtime. Get one with :func:`get_ranking`; never build one directly.

    Costs: the first use reads the classes and the flush table (a few ms); the
    first five-card hand reads ``hash5``, the first six- or seven-card hand the
    six/seven-card table. Every kernel is then O(1).
    """

    def __init__(self, directory: str | Path, spec: str | Path) -> None:
        self._directory = directory
        self._spec = spec
        self._lock = RLock()
        self._classes: ClassTable | None = None
        self._kind: RankingKind | None = None
        self._kernels: Kernels | None = None
        self._derived: dict[Hashable, Any] = {}
        """Key -> a view of its tables kept by :meth:`derived`, the tables themselves among them."""
        self._made: dict[int, HandRank] = {}
        """Class number -> its shared value, made when first met (see :meth:`values`)."""
        self._all_made = False
        self._deck_set: frozenset[Card] | None = None

    # -- identity -------------------------------------------------------------------

    @property
    def spec(self) -> str | Path:
        """What :func:`get_ranking` was given: a built-in name, or the folder's path."""
        return self._spec

    @property
    def directory(self) -> Path:
        """The folder its tables are read from."""
        from pathlib import Path  # a built-in ranking reads its folder as a plain string

        return Path(self._directory)

    @property
    def folder(self) -> str | Path:
        """:attr:`directory` as given: a plain string for a built-in ranking (no pathlib)."""
        return self._directory

    def __repr__(self) -> str:
        return (
            f"Ranking({self._spec!r})"
            if isinstance(self._spec, str)
            else f"load_rules({str(self._spec)!r})"
        )

    def __reduce__(self) -> tuple[object, tuple[str | Path]]:
        return get_ranking, (self._spec,)

    def reduce_value(self, number: ClassNumber) -> tuple[object, tuple[str | Path, int]]:
        """How its value of class ``number`` pickles (for ``HandRank``): by spec and number."""
        return value_of, (self._spec, number)

    # -- tables, loaded once --------------------------------------------------------

    @property
    def classes(self) -> ClassTable:
        """Every class's category and reading, and the rules (read on first use)."""
        table = self._classes
        if table is None:
            with self._lock:
                if self._classes is None:
                    # A built-in (spec a name) must be that ranking, not whatever is there.
                    builtin = self._spec if isinstance(self._spec, str) else None
                    self._classes = load_classes(self._directory, builtin)
                table = self._classes
        return table

    @property
    def definition(self) -> RankingRules:
        """What the ranking's rule file says (ranks, order, categories, ...), as its tables
        record it. ``rules=`` elsewhere *names* a ranking; this is its content."""
        return self.classes.definition

    @property
    def kind(self) -> RankingKind:
        """Its kind (:mod:`~lookup.ranking.kinds`): poker, badugi or wild, and their ways.

        >>> get_ranking("badugi").kind.sizes
        (4, 5)
        """
        kind = self._kind
        if kind is None:
            kind = self._kind = kind_of(self.definition)
        return kind

    def derived(self, key: Hashable, build: Callable[[Ranking], T]) -> T:
        """What ``build(self)`` returns, built once and kept on this ranking under ``key``.

        The one place a view derived from a ranking's tables is kept (numpy arrays,
        Omaha rows, its table files themselves): layers above pass their ``build``, so
        this layer imports none of them, and a view lives and dies with its ranking.
        ``key`` is a function of the module that owns the view (its ``build``, or the
        function that hands the view out), or a tuple of one and the arguments ``build``
        binds: function objects are unique, so no two modules' keys collide, and a key
        names where its view is made. Strings are not used: two could clash.
        Thread-safe: the first caller builds under the ranking's lock (a second
        waits, then reads), and a failed build keeps nothing. Cost: one dict lookup
        once built.

        >>> def deck_size(ranking):
        ...     return len(ranking.deck)
        >>> get_ranking("short-deck").derived(deck_size, deck_size)
        36
        """
        try:
            found: T = self._derived[key]
            return found
        except KeyError:
            pass
        with self._lock:
            if key not in self._derived:
                self._derived[key] = build(self)
            built: T = self._derived[key]
            return built

    @property
    def flush_table(self) -> list[int] | None:
        """A poker ranking's flush table, ``flush`` (read once; None if flushes don't count).

        All that Omaha reads of the five-card tables, so it is read apart from ``hash5``;
        :attr:`five_tables` holds this same list.

        >>> get_ranking("standard").flush_table[0b11111_00000000]  # A-K-Q-J-T of a suit
        1
        >>> get_ranking("badugi").flush_table  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        lookup.RankingError: badugi has no flush table (flush): a badugi ranking reads ...
        """
        return self.derived(RankingKind.flush_table, self.kind.flush_table)

    @property
    def five_tables(self) -> FiveCardTables:
        """A poker ranking's five-card tables, ``hash5`` and ``flush`` (read once, a few ms).

        A ranking of another kind raises :class:`~lookup.core.errors.RankingError`, as do
        the other table properties for a kind that does not read them.
        """
        return self.derived(RankingKind.five_tables, self.kind.five_tables)

    @property
    def multi_tables(self) -> MultiCardTables:
        """A poker ranking's six/seven-card table, ``sum67`` (read once, about 10 ms)."""
        return self.derived(RankingKind.multi_tables, self.kind.multi_tables)

    @property
    def omaha_rows(self) -> OmahaRows:
        """A poker ranking's Omaha rows, ``omaha`` (read once; ~1.5 MB for 52 cards).

        What the Omaha games read (:mod:`lookup.game.omaha`), and nothing else.
        """
        return self.derived(RankingKind.omaha_rows, self.kind.omaha_rows)

    @property
    def badugi_tables(self) -> BadugiTables:
        """A badugi ranking's tables, ``mask_prime`` and ``hash4`` (read once)."""
        return self.derived(RankingKind.badugi_tables, self.kind.badugi_tables)

    @property
    def wild_tables(self) -> WildTables:
        """A wild-card ranking's table, ``wild`` (read once)."""
        return self.derived(RankingKind.wild_tables, self.kind.wild_tables)

    @cached_property  # read once, then a plain attribute: HandRank.kev reads it every call
    def name(self) -> str:
        return self._spec if isinstance(self._spec, str) else self.definition.name

    @property
    def description(self) -> str:
        return self.definition.description

    @property
    def class_count(self) -> int:
        """How many distinct hand values the ranking has."""
        return self.classes.class_count

    @property
    def categories(self) -> tuple[Category, ...]:
        """The category of each class number (index 0 unused)."""
        return self.classes.categories

    @property
    def hand_size(self) -> int:
        """Cards in a hand of this ranking: 5, or 4 for badugi."""
        return self.definition.hand_size

    @property
    def deck(self) -> tuple[Card, ...]:
        """The ranking's deck, in index order (36 cards in short deck; jokers last)."""
        ranks = set(self.definition.rank_order)
        # Each card's rank from its bits, as Card.rank reads it, without making a Rank each.
        deck = tuple(card for card in DECK if ((card >> 8) & 0xF) in ranks)
        return deck + JOKERS[: self.definition.jokers]

    @property
    def wild_cards(self) -> frozenset[Card]:
        """The deck's wild cards: its jokers and every card of a wild rank.

        >>> sorted(map(str, get_ranking("deuces-wild").wild_cards))
        ['2c', '2d', '2h', '2s']
        """
        return self.derived(RankingKind.wild_cards, self.kind.wild_cards)

    @property
    def kernels(self) -> Kernels:
        """The unchecked O(1) kernels (see :mod:`lookup.ranking.kernels`)."""
        kernels = self._kernels
        if kernels is None:
            with self._lock:
                if self._kernels is None:
                    values = Values(self._made, self._value)
                    self._kernels = self.kind.kernels(self, values, self._slow)
                kernels = self._kernels
        return kernels

    def kernel(self, size: int) -> Callable[..., int]:
        """The unchecked kernel for ``size`` cards, tables loaded (:mod:`~lookup.ranking.kernels`).

        >>> from lookup.core.cards import parse_cards
        >>> get_ranking("deuce-to-seven").kernel(7)(*parse_cards("7c 5d 4h 3s 2c Kd Kh"))
        1
        >>> get_ranking("standard").kernel(4)
        Traceback (most recent call last):
        ...
        lookup.HandSizeError: standard has O(1) kernels for 5, 6 or 7 cards, not 4
        """
        kernels = self.kernels
        if size not in kernels.by_size:
            *rest, last = sorted(kernels.by_size)
            sizes = f"{', '.join(map(str, rest))} or {last}"
            raise HandSizeError(f"{self.name} has O(1) kernels for {sizes} cards, not {size}", size)
        kernels.load(size)  # that size's tables only: evaluate5 reads no six/seven-card table
        return kernels.by_size[size]

    @property
    def evaluate5(self) -> Callable[..., int]:
        """Unchecked five-card kernel: Card ints -> class number."""
        return self.kernel(5)

    @property
    def evaluate6(self) -> Callable[..., int]:
        """Unchecked six-card kernel: Card ints -> class number."""
        return self.kernel(6)

    @property
    def evaluate7(self) -> Callable[..., int]:
        """Unchecked seven-card kernel: Card ints -> class number."""
        return self.kernel(7)

    # -- values ---------------------------------------------------------------------

    @property
    def values(self) -> dict[int, HandRank]:
        """The shared value of every class number, ``values[n]`` (all made on first access).

        Making all 7,462 standard values takes about 2 ms, so evaluation makes
        each one when it first meets its class instead, into this same dict.
        """
        if not self._all_made:
            for number in range(1, self.class_count + 1):
                self._value(number)
            self._all_made = True
        return self._made

    @property
    def value_cache(self) -> Values:
        """The values made so far (a plain dict) and the function that makes a missing one.

        For a checked entry of a layer above that, as the ranking's own kernels do,
        makes each value when it first meets its class rather than all of them at once
        (:attr:`values`). ``made[n]`` is a dict lookup; on a miss, ``make(n)``.

        ``make`` is unchecked, as the kernels are: give it the ranking's class numbers
        only (:meth:`value` checks its argument).

        >>> made, make = get_ranking("short-deck").value_cache
        >>> make(1) is made[1] is get_ranking("short-deck").value(1)
        True
        """
        return Values(self._made, self._value)

    def _value(self, number: int) -> HandRank:
        # setdefault: two threads racing here still end up sharing one object.
        value = self._made.get(number)
        if value is None:
            value = self._made.setdefault(number, HandRank(self, number))
        return value

    def value(self, number: ClassNumber) -> HandRank:
        """The shared :class:`~lookup.ranking.value.HandRank` of class ``number``.

        >>> get_ranking("badugi").value(1).describe()
        'Four-card badugi, Four-Three-Two-Ace'
        """
        return self._value(_check_number(number, self.class_count))

    def ranks_of(self, number: ClassNumber) -> tuple[Rank, ...]:
        """The ranks of class ``number`` in reading order."""
        return tuple(Rank(r) for r in self.classes.reading(_check_number(number, self.class_count)))

    def describe(self, number: ClassNumber) -> str:
        """The sentence players would say for class ``number``."""
        from lookup.core.sentences import sentence  # words only when asked for

        number = _check_number(number, self.class_count)
        classes = self.classes
        return sentence(
            classes.definition, classes.categories[number], classes.reading(number), number
        )

    # -- checked evaluation ---------------------------------------------------------

    def evaluate(self, cards: CardsLike, board: CardsLike | None = None) -> HandRank:
        """The value of the best hand among ``cards`` (and ``board``), every card checked.

        See :func:`lookup.evaluate`.
        """
        return self.checked(cards, board)

    @property
    def checked(self) -> Callable[[CardsLike, CardsLike | None], HandRank]:
        """The checked evaluation as one function: ``(cards, board) -> HandRank``."""
        return self.kernels.checked

    @property
    def card_set(self) -> frozenset[Card]:
        """The deck as a set, for membership tests (made once)."""
        deck = self._deck_set
        if deck is None:
            deck = self._deck_set = frozenset(self.deck)
        return deck

    def check_cards(self, cards: Sequence[Card]) -> None:
        """Refuse a card outside this ranking's deck or a hand of the wrong size."""
        self.check_deck(cards)
        if len(cards) < self.hand_size:
            raise HandSizeError(
                f"a {self.name} hand needs at least {self.hand_size} cards, got {len(cards)}",
                len(cards),
            )

    def check_deck(self, cards: Iterable[Card]) -> None:
        """Refuse a card outside this ranking's deck, naming it and what the deck holds.

        >>> from lookup.core.cards import parse_cards
        >>> get_ranking("short-deck").check_deck(parse_cards("As 2c"))
        Traceback (most recent call last):
        ...
        lookup.CardError: card '2c' is not in the short-deck deck: its ranks are 6789TJQKA
        """
        deck = self.card_set
        cards = tuple(cards)
        if not deck.issuperset(cards):
            card = next(c for c in cards if c not in deck)
            if card.is_joker:
                having = ("no jokers", "one joker, Jk", "two jokers")[self.definition.jokers]
                raise CardError(
                    f"card '{card}' is not in the {self.name} deck: it has {having} "
                    "(rules='joker' and 'two-jokers' deal them)",
                    str(card),
                )
            allowed = "".join(RANK_CHARS[r] for r in sorted(self.definition.rank_order))
            raise CardError(
                f"card '{card}' is not in the {self.name} deck: its ranks are {allowed}",
                str(card),
            )

    def _slow(self, cards: CardsLike, board: CardsLike | None) -> HandRank:
        # Whatever the fused kernel refuses: parse, explain what is wrong, or answer.
        hand = hand_cards(cards, board)
        self.check_cards(hand)
        return self._value(self.kernels.best(hand))


RulesLike: TypeAlias = "str | os.PathLike[str] | Ranking"
"""A ranking: a built-in name, a folder of generated tables (a path), or a :class:`Ranking`."""


_REGISTRY_LOCK: Final = allocate_lock()
_LOADED: Final[dict[str | Path, Ranking]] = {}
"""Every ranking made so far, by built-in name or resolved folder: one object each."""


def _builtin(name: str) -> Ranking:
    ranking = _LOADED.get(name)
    if ranking is None:
        # functools.cache does not lock: threads racing here could each make one.
        with _REGISTRY_LOCK:
            ranking = _LOADED.setdefault(name, Ranking(os.path.join(table_path(), name), name))
    return ranking


def _folder(path: Path) -> Ranking:
    ranking = _LOADED.get(path)
    if ranking is None:
        candidate = Ranking(path, path)
        candidate.classes  # noqa: B018 - read now, so a bad folder fails here, not later
        with _REGISTRY_LOCK:
            ranking = _LOADED.setdefault(path, candidate)
    return ranking


def get_ranking(rules: RulesLike = "standard") -> Ranking:
    """The ranking ``rules`` names: a built-in name, a table folder's path, or a Ranking.

    A plain string always names a built-in ranking, so a folder called
    ``standard`` is never ambiguous: pass folders as ``pathlib.Path``.

    Parameters:

    ``rules``: a built-in ranking's name (:func:`rankings`), a table folder as a
        ``pathlib.Path``, or a Ranking (returned as is); default standard

    >>> get_ranking("standard") is get_ranking("standard")
    True
    >>> get_ranking(7)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.RankingError: rules must be a ranking name, a table folder (a path) or ...
    """
    if type(rules) is str:
        if rules in _BUILTIN_SET:
            return _builtin(rules)
        raise RankingError(
            unknown_name("ranking", rules, BUILTIN_RANKINGS)
            + "; a folder of your own is given as a path (see lookup.load_rules)",
            rules,
        )
    if isinstance(rules, Ranking):
        return rules
    if isinstance(rules, os.PathLike):
        return load_rules(rules)
    raise RankingError(
        f"rules must be a ranking name, a table folder (a path) or a Ranking, got {rules!r}",
        rules,
    )


_BUILTIN_SET: Final = frozenset(BUILTIN_RANKINGS)


def load_rules(directory: str | os.PathLike[str]) -> Ranking:
    """The ranking whose tables ``python -m tablegen --rules FILE --out DIR`` wrote to ``DIR``.

    Its tables are checked now (a missing or damaged folder raises
    :class:`~lookup.core.errors.TableError`); loading the same folder twice gives
    the same :class:`Ranking`.

    Parameters:

    ``directory``: the folder ``python -m tablegen --rules FILE --out DIR`` wrote (a str or a
        path)

    >>> load_rules("/nonexistent")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.TableError: lookup table /nonexistent/classes.msgpack is missing: ...
    >>> import os, tempfile
    >>> loop = os.path.join(tempfile.mkdtemp(), "loop")
    >>> os.symlink(loop, loop)
    >>> load_rules(loop)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.TableError: table folder '.../loop' cannot be opened: a symlink loop
    """
    from pathlib import Path  # folders only: a built-in ranking's path is a plain string

    try:
        resolved = Path(directory).resolve()
    except (RuntimeError, OSError) as exc:  # a symlink loop: RuntimeError before 3.13
        raise TableError(
            f"table folder {os.fspath(directory)!r} cannot be opened: a symlink loop", directory
        ) from exc
    return _folder(resolved)


def rankings() -> tuple[Ranking, ...]:
    """Every built-in ranking, in the order they are listed to users."""
    return tuple(_builtin(name) for name in BUILTIN_RANKINGS)


def value_of(spec: str | Path, number: ClassNumber) -> HandRank:
    """The value of class ``number`` under ranking ``spec`` (how values unpickle)."""
    return get_ranking(spec).value(number)


# HandRank.from_kev finds the standard ranking through the registry, handed down here:
# this module makes the values, so value.py cannot import it. Set once, never changed.
HandRank._registry = get_ranking
