"""A range as a value: combos, each with a weight in (0, 1], read from weighted range text.

:class:`Range` reads every range notation of :mod:`lookup.ranges` (Hold'em and short
deck: ``"QQ+, AKs, A5s-A2s, AsKd, 15%, random"``; Omaha: ``"AAxx, AKQJ ds"``, and
there also explicit holdings such as ``"AsAhKdKc"``) plus the weights solvers and
equity tools write:

* ``TOKEN:W`` after any token, ``0 <= W <= 1`` (``KK:0.5``, ``A5s-A2s:0.6``,
  ``AAxx:0.3``); a weight of 0 removes the token's combos;
* bracket groups ``[W]TOKENS[/W]``, ``W`` a percentage (``[50]AKs, AQs[/50]``,
  ``[12.5]KQs[/12.5]``), as GTO+ and Equilab export them; a token inside a group
  takes the group's weight (it may not carry its own).

Where tokens overlap, each combo takes the weight of the last token that covers it
(``"QQ+:0.5, KK"`` gives KK weight 1). Weights are exact decimals, kept as
:class:`~fractions.Fraction`, so text round-trips: ``Range(str(r)) == r``.

>>> r = Range("QQ+:0.5, KK, [25]AKs[/25]")
>>> r.weights[(47, 46)], r.weights[(51, 50)], len(r), r.total_weight
(Fraction(1, 1), Fraction(1, 2), 22, Fraction(13, 1))
>>> str(r), r.to_text("bracket")
('KK, AA:0.5, QQ:0.5, AKs:0.25', 'KK, [50]AA, QQ[/50], [25]AKs[/25]')
>>> Range("KK:1.5")
Traceback (most recent call last):
...
lookup.RangeError: weight '1.5' in 'KK:1.5': a weight is an exact decimal from 0 to 1
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import chain
from types import MappingProxyType
from typing import Final, Literal

from lookup.core.cards import RANK_CHARS, Card, CardsLike, parse_cards
from lookup.core.errors import CardError, RangeError
from lookup.core.messages import clipped
from lookup.game.registry import GameLike, get_game
from lookup.ranges.holdem import TEXTS_KEPT, class_combos, combo_text, token_combos
from lookup.ranges.holding import RangeValue, WeightCodes, whole_numbers
from lookup.ranges.omaha import parse_omaha_range

__all__ = ["Range", "range_game", "read_range_text", "token_classes"]

Combo = tuple[int, ...]
"""A combo as card indices: ``(higher, lower)`` in Hold'em, sorted upwards in Omaha."""

_MARK: Final = re.compile(r"\[\s*(/?)\s*([^\[\]]*?)\s*\]")
_MOST_DIGITS: Final = 1000
"""The most significant digits a weight may have (Python reads at most 4,300 as an int)."""
_DECIMAL: Final = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+", re.ASCII)
_PERCENT: Final = re.compile(r"\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*%\s*", re.ASCII)
_HOLDEM_SEPARATORS: Final = re.compile(r"[ \t\r\n,]+")
_OMAHA_GAMES: Final = {4: "omaha", 5: "omaha5", 6: "omaha6"}
_ONE: Final = Fraction(1)


def range_game(game: GameLike) -> tuple[str, int, frozenset[int]]:
    """Whose notation a game's ranges are in: ``(name, hole cards, deck indices)``.

    The name is the plainest game reading that notation on that deck: ``"holdem"``,
    ``"short-deck"``, ``"omaha"``, ``"omaha5"`` or ``"omaha6"`` (so ``omaha-hilo``'s
    ranges are ``omaha`` ranges).

    >>> range_game("omaha-hilo")[:2], range_game("courchevel")[:2]
    (('omaha', 4), ('omaha5', 5))
    >>> range_game("stud")
    Traceback (most recent call last):
    ...
    lookup.RangeError: game 'stud' has no range notation: ranges are read in holdem, \
short-deck and the omaha games
    """
    try:
        return _range_game(game)
    except TypeError:  # unhashable (a list, a dict): no game; get_game says what is allowed
        get_game(game)
        raise


@cache
def _range_game(game: GameLike) -> tuple[str, int, frozenset[int]]:
    found = get_game(game)
    notation = found.family.range_notation
    if notation == "holdem":
        if found.name == "holdem":
            return "holdem", 2, frozenset(range(52))
        deck = frozenset(card.index for card in found.high_ranking().deck)
        return ("holdem" if len(deck) == 52 else found.name), 2, deck
    if notation == "omaha":
        return _OMAHA_GAMES[found.hole_cards], found.hole_cards, frozenset(range(52))
    raise RangeError(
        f"game {found.name!r} has no range notation: ranges are read in holdem, short-deck "
        "and the omaha games",
        found.name,
    )


@lru_cache(maxsize=1024)  # players repeat their weights: each text is read once
def _decimal(text: str, token: str, percent: bool) -> Fraction:
    """An exact weight from ``text`` (a fraction of 1, or a percentage when ``percent``)."""
    if _DECIMAL.fullmatch(text) is not None:
        # Read from its digits as two ints: Fraction(text) parses with a regex again and
        # the division by 100 normalises twice (~6 us a weight, most of reading a small range).
        whole, _, places = text.partition(".")
        whole, places = whole.lstrip("0"), places.rstrip("0")  # the same number
        # More digits than Python reads as an int (sys.get_int_max_str_digits) are no
        # weight anyone means: refused as one, not as int()'s ValueError.
        if len(whole) + len(places) <= _MOST_DIGITS:
            numerator = int(whole + places or "0")
            denominator = 10 ** len(places) * (100 if percent else 1)
            if numerator <= denominator:
                return Fraction(numerator, denominator)
    what = "a percentage from 0 to 100" if percent else "an exact decimal from 0 to 1"
    raise RangeError(
        f"weight {clipped(text)} in {clipped(token)}: a weight is {what}"
        + (f" of at most {_MOST_DIGITS:,} digits" if len(text) > _MOST_DIGITS else ""),
        token,
    )


def _weight_text(weight: Fraction) -> str:
    """``weight`` as the shortest exact decimal: 1/2 -> ``'0.5'``, 1 -> ``'1'``."""
    places = 0
    while (weight * 10**places).denominator != 1:
        places += 1
    scaled = int(weight * 10**places)
    if not places:
        return str(scaled)
    digits = str(scaled).rjust(places + 1, "0")
    return f"{digits[:-places]}.{digits[-places:]}"


def _is_decimal(weight: Fraction) -> bool:
    denominator = weight.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    return denominator == 1


def _items(text: str, omaha: bool) -> list[tuple[str, Fraction]]:
    """The tokens of weighted range text, each with its weight, in order."""
    items: list[tuple[str, Fraction]] = []
    group: tuple[str, Fraction] | None = None  # the open bracket group: its mark, its weight

    def tokens(segment: str) -> None:
        pieces = segment.split(",") if omaha else _HOLDEM_SEPARATORS.split(segment)
        for piece in pieces:
            token = piece.strip()
            if not token:
                continue
            if ":" not in token:
                items.append((token, _ONE if group is None else group[1]))
                continue
            if group is not None:  # two weights for one token: which was meant is unclear
                raise RangeError(
                    f"{clipped(token)} is inside the bracket group {group[0]!r}: a token there "
                    "takes the group's weight, so drop its ':W' or close the group first",
                    token,
                )
            name, _, weight = token.rpartition(":")
            if ":" in name:
                raise RangeError(
                    f"{clipped(token)} has more than one weight: give one, TOKEN:W", token
                )
            if not name.strip():
                raise RangeError(
                    f"{clipped(token)} has a weight but no token before the ':'", token
                )
            items.append((name.strip(), _decimal(weight.strip(), token, percent=False)))

    start = 0
    for mark in _MARK.finditer(text):
        tokens(text[start : mark.start()])
        start = mark.end()
        if mark[1]:
            if group is None:
                raise RangeError(f"{mark[0]!r} closes no bracket group", mark[0])
            if _decimal(mark[2], mark[0], percent=True) != group[1]:
                raise RangeError(
                    f"{mark[0]!r} does not close {group[0]!r}: a group ends with its own "
                    f"weight, [/{group[0][1:]}",
                    mark[0],
                )
            group = None
        else:
            if group is not None:
                raise RangeError(
                    f"{mark[0]!r} opens a group inside {group[0]!r}: groups do not nest", mark[0]
                )
            group = (mark[0], _decimal(mark[2], mark[0], percent=True))
    tokens(text[start:])
    if group is not None:
        raise RangeError(f"bracket group {group[0]!r} is never closed", group[0])
    return items


def _label(token: str, hole_cards: int) -> str:
    """How a class names its token: an explicit holding as its cards (``'AsAhKdKc'``),
    any other token as written, its spaces single (``'AKQJ ds'``)."""
    try:
        cards = parse_cards(token)
    except CardError:
        cards = ()
    if len(cards) == hole_cards:
        return "".join(str(card) for card in cards)
    return " ".join(token.split())


def _combos(token: str, game: str, hole_cards: int, deck: frozenset[int]) -> Sequence[Combo]:
    """The combos of one unweighted token in ``game``'s notation, on its deck."""
    if game != "holdem" and _PERCENT.fullmatch(token) is not None:
        raise RangeError(
            f"{clipped(token)}: a percentage takes the strongest hands in Hold'em's preflop order, "
            f"and {game} has no such order: name the hands",
            token,
        )
    if hole_cards == 2:
        combos: Sequence[Combo] = token_combos(token)
        # Mostly every card is in the deck: one pass in C says so, and the combos stay.
        if not deck.issuperset(chain.from_iterable(combos)):
            combos = [c for c in combos if deck.issuperset(c)]
    else:
        if token.lower() == "random":
            token = "x" * hole_cards
        combos = list(parse_omaha_range(token, hole_cards))  # explicit holdings included
    if not combos:
        raise RangeError(
            f"{clipped(token)} names no {game} hand: its ranks are not in the deck", token
        )
    return combos


class Range(RangeValue):
    """A range: a set of combos, each with an exact weight in (0, 1], in one game's notation.

    ``Range(text, game=None)`` reads weighted range text (see the module); ``game``
    is any game with range notation (None: Hold'em; for a Range, its own), and
    :attr:`game` names whose notation the range is in (``"holdem"``, ``"short-deck"``,
    ``"omaha"``, ``"omaha5"``, ``"omaha6"``). A
    Range is immutable and hashable; it compares equal to another with the same game,
    combos and weights. Iterating gives its combos, in the order the text first named
    them, so a flat Range gives an engine exactly what its text does.

    >>> r = Range("AKs:0.5, AsKs")
    >>> r.combos[:2], r.weights[(51, 47)], r.weights[(50, 46)], (51, 47) in r, "AhKh" in r
    (((51, 47), (50, 46)), Fraction(1, 1), Fraction(1, 2), True, True)
    >>> Range("AAxx ds:0.5, KKxx", game="omaha-hilo")  # doctest: +ELLIPSIS
    Range('AAxx ds:0.5, KKxx', game='omaha')
    >>> Range("15%", game="short-deck")
    Traceback (most recent call last):
    ...
    lookup.RangeError: '15%': a percentage takes the strongest hands in Hold'em's preflop \
order, and short-deck has no such order: name the hands
    """

    __slots__ = (
        "_deck",
        "_expanded",
        "_game",
        "_hash",
        "_hole_cards",
        "_kept_combos",
        "_named_by",
        "_source",
        "_text",
        "_token_cache",
        "_weight_codes",
        "_weights",
        "_whole",
    )

    _game: str
    _hole_cards: int
    _deck: frozenset[int]
    _weights: dict[Combo, Fraction]
    _source: tuple[tuple[str, Fraction], ...] | None
    """The text's tokens and weights, in order, when the range was read from text."""
    _named_by: Range | None
    """The range whose text names this one's combos (card removal and ``-`` keep it)."""
    _token_cache: dict[Combo, str] | None
    """Each combo's token, worked out from ``_source`` when first asked for."""
    _expanded: dict[str, Sequence[Combo]] | None
    """Each token's combos as the text was read (so :meth:`token_of` need not read them
    again: in Omaha, expanding the tokens is most of reading a range)."""
    _hash: int | None
    _weight_codes: WeightCodes | None
    """:meth:`weight_codes`, kept once worked out (``flat`` reads it too)."""
    _whole: tuple[int, ...] | None
    """:meth:`whole_weights`, kept once worked out."""
    _kept_combos: tuple[Combo, ...] | None
    """:attr:`combos`, kept once listed (the engines read them on every run)."""
    _text: str | None
    """``str(self)``, kept once printed: engines name a range holder by it on every run."""

    def __init__(self, text: str | Range, game: GameLike | None = None) -> None:
        if isinstance(text, Range):  # a copy; a game, if given, must be the range's own
            if game is not None and range_game(game)[0] != text._game:
                raise RangeError(
                    f"{text!r} is a {text._game} range, not a {range_game(game)[0]} range",
                    text._game,
                )
            self._copy(text, text._weights, text._source, text._named_by)
            return
        if not isinstance(text, str):
            raise RangeError(
                f"a range is text such as 'QQ+, AKs:0.5', got {type(text).__name__}", text
            )
        name, hole_cards, deck = range_game("holdem" if game is None else game)
        weights: dict[Combo, Fraction] = {}
        items = _items(text, omaha=hole_cards != 2)
        read: dict[str, Sequence[Combo]] = {}  # a repeated token is expanded once
        for token, weight in items:
            combos = read.get(token)
            if combos is None:
                combos = read[token] = _combos(token, name, hole_cards, deck)
            if weight:
                # A combo seen before keeps its place and takes the new weight (in C).
                weights.update(dict.fromkeys(combos, weight))
            else:
                for combo in combos:
                    weights.pop(combo, None)
        if not weights:
            raise RangeError(f"range {clipped(text)} names no combo with a weight above 0", text)
        self._game, self._hole_cards, self._deck = name, hole_cards, deck
        self._weights = weights
        self._source = tuple(items)
        self._expanded = read
        self._named_by = self._token_cache = self._hash = self._text = None
        self._weight_codes = self._whole = self._kept_combos = None

    def _copy(
        self,
        like: Range,
        weights: dict[Combo, Fraction],
        source: tuple[tuple[str, Fraction], ...] | None = None,
        named_by: Range | None = None,
    ) -> None:
        self._game, self._hole_cards, self._deck = like._game, like._hole_cards, like._deck
        self._weights = weights
        self._source = source
        self._named_by = named_by
        self._token_cache = self._hash = self._text = self._expanded = None
        self._weight_codes = self._whole = self._kept_combos = None

    def _new(self, weights: dict[Combo, Fraction], named_by: Range | None = None) -> Range:
        made = object.__new__(Range)
        made._copy(self, weights, named_by=named_by)
        return made

    @classmethod
    def from_weights(
        cls, weights: Mapping[CardsLike, Fraction | int | float | str], game: GameLike = "holdem"
    ) -> Range:
        """A range from ``{combo: weight}``: combos as cards in any form, weights exact decimals
        (a Fraction, an int, a float read as it prints, or decimal text).

        A weight of 0 leaves its combo out; the result may be empty.

        >>> Range.from_weights({"AsKs": "0.5", (50, 46): 1})
        Range('AhKh, AsKs:0.5')
        >>> Range.from_weights({"AsKs": Fraction(1, 3)})
        Traceback (most recent call last):
        ...
        lookup.RangeError: weight 1/3 of AsKs is not an exact decimal from 0 to 1
        """
        made = object.__new__(cls)
        name, hole_cards, deck = range_game(game)
        found: dict[Combo, Fraction] = {}
        for cards, weight in weights.items():
            indices = sorted((card.index for card in parse_cards(cards)), reverse=hole_cards == 2)
            combo = tuple(indices)
            label = "".join(str(card) for card in parse_cards(cards))
            if len(combo) != hole_cards or not deck.issuperset(combo):
                raise RangeError(
                    f"{label} is not a {game if isinstance(game, str) else name} holding: "
                    f"a combo here is {hole_cards} cards of the {name} deck",
                    label,
                )
            exact = Fraction(str(weight)) if isinstance(weight, str | float) else Fraction(weight)
            if not 0 <= exact <= 1 or not _is_decimal(exact):
                raise RangeError(
                    f"weight {exact} of {label} is not an exact decimal from 0 to 1", label
                )
            if exact:
                found[combo] = exact
        made._game, made._hole_cards, made._deck = name, hole_cards, deck
        made._weights, made._source, made._hash = found, None, None
        made._named_by = made._token_cache = made._text = made._expanded = None
        made._weight_codes = made._whole = made._kept_combos = None
        return made

    @property
    def game(self) -> str:
        """Whose notation the range is in: ``holdem``, ``short-deck``, ``omaha``, ``omaha5``..."""
        return self._game

    @property
    def weights(self) -> Mapping[Combo, Fraction]:
        """Each combo's weight (a read-only mapping, combos in the range's order)."""
        return MappingProxyType(self._weights)

    @property
    def combos(self) -> tuple[Combo, ...]:
        """The combos, in the order the text first named them."""
        made = self._kept_combos
        if made is None:
            made = self._kept_combos = tuple(self._weights)
        return made

    @property
    def total_weight(self) -> Fraction:
        """The weighted number of combos: the sum of the weights.

        >>> Range("AA:0.5, KK").total_weight
        Fraction(9, 1)
        """
        return sum(self._weights.values(), Fraction(0))

    @property
    def flat(self) -> bool:
        """True when every combo has weight 1 (a range as engines read text today)."""
        values = self.weight_codes().values
        if not values:
            return True
        numerator, denominator = values[0].as_integer_ratio()
        return numerator == denominator  # the least weight is 1

    def weight_codes(self) -> WeightCodes:
        """Its distinct weights, ascending, and each combo's index among them, in
        :attr:`combos` order: how the equity engines read the weights. Worked out once.

        >>> Range("AA:0.5, KK:0.25").weight_codes().values
        (Fraction(1, 4), Fraction(1, 2))
        >>> Range("AA:0.5, KK:0.25").weight_codes().codes[::6]
        (1, 0)
        """
        made = self._weight_codes
        if made is None:
            # Each weight object once (a range shares a few; a Fraction's hash or
            # comparison per combo cost more than reading the range), then codes in C.
            values = self._weights.values()
            objects = dict(zip(map(id, values), values, strict=True))
            # Equal weights found by (numerator, denominator): hashing a pair of ints
            # costs next to nothing, a Fraction's a modular inverse.
            pairs = {key: (w.numerator, w.denominator) for key, w in objects.items()}
            by_pair = dict(zip(pairs.values(), objects.values(), strict=True))
            distinct = tuple(sorted(by_pair.values()) if len(by_pair) > 1 else by_pair.values())
            at = {(w.numerator, w.denominator): code for code, w in enumerate(distinct)}
            code_of = {key: at[pair] for key, pair in pairs.items()}
            made = WeightCodes(distinct, tuple(map(code_of.__getitem__, map(id, values))))
            self._weight_codes = made
        return made

    def whole_weights(self) -> tuple[int, ...]:
        """The distinct weights of :meth:`weight_codes` as whole numbers in the same
        proportions (times the lcm of their denominators), as exact weighted sums add
        them up. Worked out once.

        >>> Range("AA:0.5, KK:0.25, QQ").whole_weights()
        (1, 2, 4)
        """
        made = self._whole
        if made is None:
            made = self._whole = whole_numbers(self.weight_codes().values)
        return made

    def combos_in(self, game: GameLike, who: str = "") -> tuple[Combo, ...]:
        """The combos, for an equity engine playing ``game``: refused unless the range is
        in ``game``'s notation and has a combo. ``who`` starts the message (``"player 2"``).

        >>> Range("AA:0.5").combos_in("holdem")[:2]
        ((51, 50), (51, 49))
        >>> Range("AA").combos_in("omaha", "player 2")
        Traceback (most recent call last):
        ...
        lookup.RangeError: player 2: Range('AA') is a holdem range and this game reads omaha \
ranges
        """
        start = f"{who}: " if who else ""
        wanted = range_game(game)[0]
        if self._game != wanted:
            raise RangeError(
                f"{start}{self!r} is a {self._game} range and this game reads {wanted} ranges",
                str(self),
            )
        if not self._weights:
            raise RangeError(f"{start}the range has no combos", str(self))
        return self.combos

    def flat_combos(self, game: GameLike, who: str = "") -> tuple[Combo, ...]:
        """:meth:`combos_in`, for readers of flat ranges: refused too unless every weight is 1.

        >>> Range("AA").flat_combos("holdem")[:2]
        ((51, 50), (51, 49))
        >>> Range("AA:0.5").flat_combos("holdem", "player 2")
        Traceback (most recent call last):
        ...
        lookup.RangeError: player 2: range 'AA:0.5' has weights other than 1, and this reader \
takes flat ranges: use lookup.equity, which weighs them
        """
        combos = self.combos_in(game, who)
        if not self.flat:
            start = f"{who}: " if who else ""
            raise RangeError(
                f"{start}range {str(self)!r} has weights other than 1, and this reader takes "
                "flat ranges: use lookup.equity, which weighs them",
                str(self),
            )
        return combos

    def without(self, cards: CardsLike) -> Range:
        """The range once ``cards`` (a board, dead cards, a known hand) are out of the deck.

        >>> Range("AA, KQs:0.5").without("As 7d 2c")
        Range('AhAd, AhAc, AdAc, KQs:0.5')
        >>> Range("AA").without("As Xx")
        Traceback (most recent call last):
        ...
        lookup.CardError: unknown rank 'X' in card 'Xx': ranks are 2-9, T (or 10), J, Q, K, A
        """
        gone = {card.index for card in parse_cards(cards)}
        kept = {c: w for c, w in self._weights.items() if gone.isdisjoint(c)}
        return self._new(kept, self._named_by or self)  # what is left keeps its tokens

    def _other(self, other: object) -> Range | None:
        if not isinstance(other, Range):
            return None
        if other._game != self._game:
            raise RangeError(
                f"cannot combine a {self._game} range with a {other._game} range", other._game
            )
        return other

    def __or__(self, other: object) -> Range:
        """Every combo of either range, with the larger of its weights."""
        right = self._other(other)
        if right is None:
            return NotImplemented
        merged = dict(self._weights)
        for combo, weight in right._weights.items():
            merged[combo] = max(weight, merged.get(combo, weight))
        return self._new(merged)

    def __and__(self, other: object) -> Range:
        """The combos of both ranges, with the smaller of their weights."""
        right = self._other(other)
        if right is None:
            return NotImplemented
        theirs = right._weights
        return self._new({c: min(w, theirs[c]) for c, w in self._weights.items() if c in theirs})

    def __sub__(self, other: object) -> Range:
        """The combos of this range that the other has none of (whatever its weight)."""
        right = self._other(other)
        if right is None:
            return NotImplemented
        theirs = right._weights
        kept = {c: w for c, w in self._weights.items() if c not in theirs}
        return self._new(kept, self._named_by or self)  # what is left keeps its tokens

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return self._game == other._game and self._weights == other._weights

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self._game, frozenset(self._weights.items())))
        return self._hash

    def __len__(self) -> int:
        return len(self._weights)

    def __iter__(self) -> Iterator[Combo]:
        return iter(self._weights)

    def __contains__(self, combo: object) -> bool:
        if isinstance(combo, str):
            try:
                cards = parse_cards(combo)
            except CardError:
                return False
            combo = tuple(sorted((c.index for c in cards), reverse=self._hole_cards == 2))
        return combo in self._weights

    def token_of(self, combo: CardsLike) -> str:
        """The token of the range's text that gave ``combo`` its weight: the last one that
        covers it, as written (``'AAxx ds'``, ``'QQ+'``; an explicit holding as its cards,
        ``'AsAhKdKc'``). Omaha's ``by_class`` groups a range's combos by it.

        Card removal (:meth:`without`) and ``-`` keep the tokens of the range they start
        from. A range not read from text (:meth:`from_weights`, ``|``, ``&``) has no
        tokens: each combo is named by its cards.

        >>> r = Range("AAxx ds:0.5, KKxx, AsAhKdKc", game="omaha")
        >>> r.token_of("Ad As 7d 2s"), r.token_of("Ad As Kd Ks"), r.token_of("AsAhKdKc")
        ('AAxx ds', 'KKxx', 'AsAhKdKc')
        >>> Range("QQ+:0.5, KK").token_of("KsKh"), (Range("AA") | Range("KK")).token_of("AsAh")
        ('KK', 'AsAh')
        >>> r.token_of("Qs Qh 2c 2d")
        Traceback (most recent call last):
        ...
        lookup.RangeError: QsQh2c2d is not in the range 'AAxx ds:0.5, KKxx, AsAhKdKc'
        """
        if isinstance(combo, tuple) and combo in self._weights:  # an engine's: as stored
            key: Combo = combo
        else:
            cards = parse_cards(combo)
            key = tuple(sorted((c.index for c in cards), reverse=self._hole_cards == 2))
            if key not in self._weights:
                label = "".join(str(card) for card in cards)
                raise RangeError(f"{label} is not in the range {str(self)!r}", label)
        return self._tokens_of([key])[0]

    def _tokens_of(self, keys: Sequence[Combo]) -> list[str]:
        """The token of each of ``keys``, combos of this range as stored (:meth:`token_of`)."""
        if self._named_by is not None:
            return self._named_by._tokens_of(keys)
        if self._source is None:
            return ["".join(str(Card.from_index(c)) for c in key) for key in keys]
        if self._token_cache is None:  # worked out once, when first asked for
            self._token_cache = self._token_map(self._source)
        return list(map(self._token_cache.__getitem__, keys))

    def _token_map(self, source: tuple[tuple[str, Fraction], ...]) -> dict[Combo, str]:
        """Each combo's token, read as :meth:`__init__` reads the weights: the last wins."""
        tokens: dict[Combo, str] = {}
        read: dict[str, tuple[str, Sequence[Combo]]] = {}  # a repeated token is expanded once
        expanded = self._expanded or {}
        for token, _ in source:
            if token not in read:
                combos = expanded.get(token)
                if combos is None:
                    combos = _combos(token, self._game, self._hole_cards, self._deck)
                read[token] = _label(token, self._hole_cards), combos
            label, combos = read[token]
            for combo in combos:  # a weight of 0 removed the combo: it is never asked for
                tokens[combo] = label
        return tokens

    def __repr__(self) -> str:
        game = "" if self._game == "holdem" else f", game={self._game!r}"
        return f"Range({str(self)!r}{game})"

    def __str__(self) -> str:
        if self._text is None:
            self._text = self.to_text("colon")
        return self._text

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        items = tuple(self._weights.items())
        return _rebuild, (self._game, items, self._source, self._named_by)

    def to_text(self, style: Literal["colon", "bracket"] = "colon") -> str:
        """The range as text that reads back to it: weights as ``TOKEN:W`` or ``[W]...[/W]``.

        Hold'em and short-deck ranges are grouped canonically (whole classes as
        ``QQ+``, ``A5s-A2s``, the rest as explicit combos; weight 1 first, then the
        larger weights). Omaha ranges read from text print the tokens they were read
        from, in order; otherwise their combos. An empty range prints as ``''``.

        >>> r = Range("[50]AKs, AJs[/50], 22-44, AsKd")
        >>> r.to_text(), r.to_text("bracket")
        ('44-22, AsKd, AKs:0.5, AJs:0.5', '44-22, AsKd, [50]AKs, AJs[/50]')
        >>> r.to_text("csv")
        Traceback (most recent call last):
        ...
        lookup.RangeError: style 'csv': the styles are 'colon' and 'bracket'
        """
        if style not in ("colon", "bracket"):
            raise RangeError(f"style {style!r}: the styles are 'colon' and 'bracket'", style)
        if self._source is not None and self._hole_cards != 2:
            groups = [([token], weight) for token, weight in self._source]
        else:
            # Filed by (numerator, denominator): hashing a Fraction costs a modular inverse.
            by_weight: dict[tuple[int, int], list[Combo]] = {}
            for combo, weight in self._weights.items():
                by_weight.setdefault((weight.numerator, weight.denominator), []).append(combo)
            groups = [
                (self._tokens(by_weight[key]), Fraction(*key))
                for key in sorted(by_weight, key=lambda key: Fraction(*key), reverse=True)
            ]
        parts: list[str] = []
        for tokens, weight in groups:
            if weight == 1:
                parts.extend(tokens)
            elif style == "colon":
                parts.extend(f"{token}:{_weight_text(weight)}" for token in tokens)
            else:
                percent = _weight_text(weight * 100)
                if parts and parts[-1].endswith(f"[/{percent}]"):  # same weight: one group
                    parts[-1] = parts[-1][: -len(f"[/{percent}]")]
                    parts.extend(tokens[:-1])
                    parts.append(f"{tokens[-1]}[/{percent}]")
                    continue
                head, *rest = tokens
                parts.append(f"[{percent}]{head}" + ("" if rest else f"[/{percent}]"))
                if rest:
                    parts.extend(rest[:-1])
                    parts.append(f"{rest[-1]}[/{percent}]")
        return ", ".join(parts)

    def _tokens(self, combos: list[Combo]) -> list[str]:
        """Tokens naming exactly ``combos`` (one weight's): grouped in Hold'em, else explicit."""
        if self._hole_cards != 2:
            return ["".join(str(Card.from_index(c)) for c in combo) for combo in sorted(combos)]
        return _holdem_tokens(set(combos), self._deck)


def token_classes(written: str | Range, combos: Sequence[Combo], game: GameLike) -> list[str]:
    """Each of ``combos``' :meth:`Range.token_of` in the range ``written`` (text read as
    :class:`Range` reads it): how Omaha's ``by_class`` files a range holder's combos.

    Omaha text of one token without a weight names every combo by that token, as the
    Range would, without reading it again (expanding an Omaha token is most of the work).

    >>> combos = Range("KKQQ ds", game="omaha").combos[:2]
    >>> token_classes("KKQQ  ds", combos, "omaha")
    ['KKQQ ds', 'KKQQ ds']
    >>> token_classes("As Ah Kd Kc", [(36, 37, 50, 51)], "omaha")
    ['AsAhKdKc']
    >>> token_classes(Range("KKQQ ds, AAxx:0.5", game="omaha"), combos, "omaha")
    ['KKQQ ds', 'KKQQ ds']
    """
    if isinstance(written, str):
        token = written.strip()
        hole_cards = range_game(game)[1]
        if hole_cards != 2 and token and not any(mark in token for mark in ",:[]"):
            return [_label(token, hole_cards)] * len(combos)
        written = Range(written, game)
    if written._weights.keys() >= set(combos):  # the engines' combos: every one is held
        return written._tokens_of(combos)
    return [written.token_of(combo) for combo in combos]  # token_of names a stranger


def _rebuild(
    game: str,
    items: tuple[tuple[Combo, Fraction], ...],
    source: tuple[tuple[str, Fraction], ...] | None,
    named_by: Range | None = None,
) -> Range:
    made = Range.from_weights({combo: weight for combo, weight in items}, game)
    made._source, made._named_by = source, named_by
    return made


def _runs(ranks: list[int]) -> list[tuple[int, int]]:
    """Consecutive runs of ranks, highest first: ``[12, 11, 9]`` -> ``[(12, 11), (9, 9)]``."""
    runs: list[tuple[int, int]] = []
    for rank in sorted(ranks, reverse=True):
        if runs and runs[-1][1] == rank + 1:
            runs[-1] = (runs[-1][0], rank)
        else:
            runs.append((rank, rank))
    return runs


def _holdem_tokens(combos: set[Combo], deck: frozenset[int]) -> list[str]:
    """Canonical Hold'em tokens for a set of combos: whole classes grouped, the rest explicit."""
    if len(combos) == len(_deck_combos(deck)) and combos.issuperset(_deck_combos(deck)):
        return ["random"]
    ranks = sorted({card // 4 for card in deck})
    named: set[Combo] = set()  # the combos of the classes named so far
    tokens: list[str] = []
    # Each combo filed under its class once (rank = index // 4, suit = index % 4), so a
    # class is whole when it holds as many combos as the class has: a dict read each.
    by_class: dict[tuple[int, int, bool | None], list[Combo]] = {}
    for a, b in combos:
        high, low = a // 4, b // 4
        if high < low:
            high, low = low, high
        key = (high, low, None if high == low else a % 4 == b % 4)
        by_class.setdefault(key, []).append((a, b))

    def full(high: int, low: int, suited: bool | None) -> bool:
        held = by_class.get((high, low, suited))
        if held is not None and len(held) == len(_class_set(high, low, suited)):
            named.update(held)
            return True
        return False

    pairs = [r for r in ranks if full(r, r, None)]
    for top, bottom in _runs(pairs):
        name = RANK_CHARS[bottom] * 2
        if top == ranks[-1] and top != bottom:
            tokens.append(name + "+")
        else:
            tokens.append(name if top == bottom else f"{RANK_CHARS[top] * 2}-{name}")
    # Only the classes that hold a combo can be whole: a few rows, not all 78 of the grid.
    lows_of: dict[int, set[int]] = {}
    for high, low, suited_key in by_class:
        if suited_key is not None:
            lows_of.setdefault(high, set()).add(low)
    for high in sorted(lows_of, reverse=True):
        kinds: dict[str, list[int]] = {"": [], "s": [], "o": []}
        for low in sorted(lows_of[high]):
            suited, offsuit = full(high, low, True), full(high, low, False)
            if suited and offsuit:
                kinds[""].append(low)
            elif suited or offsuit:
                kinds["s" if suited else "o"].append(low)
        found: list[tuple[int, str]] = []
        for kind, lows in kinds.items():
            for top, bottom in _runs(lows):
                hi, lo = RANK_CHARS[high], RANK_CHARS[bottom]
                if top == high - 1 and top != bottom:
                    found.append((top, f"{hi}{lo}{kind}+"))
                elif top == bottom:
                    found.append((top, f"{hi}{lo}{kind}"))
                else:
                    found.append((top, f"{hi}{RANK_CHARS[top]}{kind}-{hi}{lo}{kind}"))
        tokens.extend(token for _, token in sorted(found, key=lambda x: -x[0]))
    rest = sorted(combos - named, reverse=True)
    return tokens + [combo_text((a, b)) for a, b in rest]


@lru_cache(maxsize=TEXTS_KEPT)
def read_range_text(text: str, game: str) -> Range:
    """``Range(text, game)``, the last :data:`~lookup.ranges.holdem.TEXTS_KEPT` read kept:
    :func:`lookup.equity` reads weighted range text here, since callers ask about the same
    ranges on board after board, and a Range works out what the engines read of it
    (:meth:`Range.weight_codes`, its text) once. A Range is immutable, so one may be shared.

    >>> read_range_text("AA:0.5, KK", "holdem") is read_range_text("AA:0.5, KK", "holdem")
    True
    >>> read_range_text("AA:2", "holdem")
    Traceback (most recent call last):
    ...
    lookup.RangeError: weight '2' in 'AA:2': a weight is an exact decimal from 0 to 1
    """
    return Range(text, game)


@cache
def _class_set(high: int, low: int, suited: bool | None) -> frozenset[Combo]:
    return frozenset(class_combos(high, low, suited))


@cache
def _deck_combos(deck: frozenset[int]) -> tuple[Combo, ...]:
    cards = sorted(deck, reverse=True)
    return tuple((a, b) for i, a in enumerate(cards) for b in cards[i + 1 :])
