"""The suit isomorphism of a sequence of rounds: a dense index of situations up to suits.

A *situation* is the cards dealt in each round of a game (Hold'em: two hole cards,
then three on the flop, one on the turn, one on the river), the order within a
round not mattering and the round of each card mattering. Two situations are the
same up to suits when one suit relabelling maps one onto the other: ``As Ks`` and
``Ah Kh`` preflop, or ``Ac Kd | 2c 7h 9s`` and ``As Kh | 2s 7d 9c`` with the flop. An
:class:`Isomorphism` numbers these classes ``0 .. size - 1`` with no gaps (optimal in
the sense of Waugh, "A Fast and Optimal Hand Isomorphism Algorithm", Second Computer
Poker and Imperfect Information Symposium at AAAI, 2013), maps each class's index back
to one canonical situation, and does both for numpy arrays of situations at once.

How (Waugh's construction, written here from its description): each suit's cards
are a sequence of rank sets, one per round. Its *shape* is the number of cards it
holds in each round; among the suits of one shape, its *rank index* numbers its rank
sets (each round's set in colexicographic order among the ranks its earlier rounds
left free, the rounds as digits of a mixed radix). A situation is then a multiset of
four (shape, rank index) pairs, so a class is one multiset: the four shapes sorted
pick a block of indices (a *configuration*), and within it each group of suits of
equal shape is a multiset of rank indices, numbered as combinations with repetition.

>>> iso = Isomorphism((2,))
>>> iso.size, iso.index("As Ks"), iso.index("Ah Kh"), iso.index("Ah Kd")
(169, 168, 168, 89)
>>> iso.unindex(168), iso.unindex(89)
((('As', 'Ks'),), (('As', 'Kh'),))
>>> flop = Isomorphism((2, 3))
>>> flop.index("Ac Kd", "2c 7h 9s") == flop.index("As Kh", "2s 7d 9c")
True
>>> flop.index("Ac Kd", "2c 7h 9s") == flop.index("Ac Kd", "2d 7h 9s")
False
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import product
from math import comb, factorial

from lookup.core.cards import DECK, Card, parse_cards
from lookup.core.errors import CardError, DuplicateCardError, HandSizeError, IsomorphismError
from lookup.core.messages import count, duplicate_card, unknown_name
from lookup.iso.ranksets import (
    DECK_WORDS,
    DECKS,
    SUIT_ORDER,
    colex_table,
    pdep_tables,
    pext_tables,
    uncolex_table,
)

# typing is the type checker's alone (it costs start-up, as everywhere in the package).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np
    import numpy.typing as npt

    from lookup.core.cards import CardsLike

__all__ = ["MAX_ROUNDS", "MAX_SHARES", "Isomorphism"]

MAX_ROUNDS = 8
"""The most rounds an :class:`Isomorphism` indexes (as Waugh's library)."""
MAX_SHARES = 100_000
"""The most ways the rounds' cards may be shared among the suits (the product over
rounds of C(n + 3, 3)): Hold'em's four streets have 3,200, eight one-card rounds 65,536."""


class _Config:
    """One block of indices: four shapes, sorted, and how the suits of each group count."""

    __slots__ = ("codes", "ends", "mults", "offset", "sizes", "starts")

    def __init__(self, codes: tuple[int, ...], space: Sequence[int], offset: int) -> None:
        self.codes = codes
        self.offset = offset
        # ends[p]: how many suits of p's group sit at p or after it; the multiset number
        # of a group adds C(index + end - 1, end) over its positions.
        ends = [1] * 4
        for p in (2, 1, 0):
            if codes[p] == codes[p + 1]:
                ends[p] = ends[p + 1] + 1
        self.ends = tuple(ends)
        self.starts = tuple(p == 0 or codes[p] != codes[p - 1] for p in range(4))
        mults: list[int] = []
        sizes: list[int] = []
        mult = 1
        for p in range(4):
            size = comb(space[codes[p]] + ends[p] - 1, ends[p]) if self.starts[p] else sizes[-1]
            mults.append(mult if self.starts[p] else mults[-1])
            sizes.append(size)
            if p == 3 or codes[p + 1] != codes[p]:
                mult *= size  # the group ends here: the next group is the next digit
        self.mults = tuple(mults)
        self.sizes = tuple(sizes)

    @property
    def size(self) -> int:
        return self.mults[3] * self.sizes[3]


class Isomorphism:
    """The suit isomorphism of a sequence of rounds: index and unindex situations up to suits.

    Parameters:

    ``rounds``: how many cards each round deals, in order (Hold'em's streets
        ``(2, 3, 1, 1)``, hole cards and the board as one group ``(2, 5)``, Omaha
        ``(4, 3)``); at most eight rounds, each dealing at least one card, all of them
        at most the deck
    ``deck``: ``"standard"`` (52 cards) or ``"short"`` (36: sixes to aces)

    ``size`` is the number of classes, ``sizes`` the number through each round
    (``sizes[-1] == size``). :meth:`index` takes the cards of every round, in round
    order (one argument, or one per round); :meth:`unindex` gives one canonical
    situation back. :meth:`index_many` and :meth:`unindex_many` do the same for numpy
    arrays of card indices, one situation a row.

    >>> holdem = Isomorphism((2, 3, 1, 1))
    >>> holdem.sizes
    (169, 1286792, 55190538, 2428287420)
    >>> Isomorphism((2, 5)).size, Isomorphism((2, 3), deck="short").size
    (123156254, 186696)
    >>> Isomorphism((2, 51))
    Traceback (most recent call last):
    ...
    lookup.IsomorphismError: rounds (2, 51) deal 53 cards: the standard deck (52 cards) has 52
    >>> Isomorphism((2,), deck="pinochle")
    Traceback (most recent call last):
    ...
    lookup.IsomorphismError: unknown deck 'pinochle': decks are standard, short
    """

    __slots__ = (
        "_by_codes",
        "_codes_of",
        "_configs",
        "_deck",
        "_low",
        "_many",
        "_offsets",
        "_ranks",
        "_rounds",
        "_sizes",
        "_space",
        "_span",
        "_stride",
        "_total",
    )

    def __init__(self, rounds: Sequence[int] = (2,), deck: str = "standard") -> None:
        if not isinstance(deck, str) or deck not in DECKS:
            raise IsomorphismError(unknown_name("deck", deck, DECKS), deck)
        try:
            counts = tuple(rounds)
        except TypeError:
            raise IsomorphismError(
                f"rounds are a sequence of card counts such as (2, 3, 1, 1), got {rounds!r}",
                rounds,
            ) from None
        if not counts or any(type(c) is not int or c < 1 for c in counts):
            raise IsomorphismError(
                "rounds are a sequence of card counts, each a whole number of at least one "
                f"card, such as (2, 3, 1, 1), got {rounds!r}",
                rounds,
            )
        if len(counts) > MAX_ROUNDS:
            raise IsomorphismError(
                f"rounds {counts} are {len(counts)} rounds: at most {MAX_ROUNDS} are indexed",
                counts,
            )
        self._low = DECKS[deck]
        self._ranks = 13 - self._low
        if sum(counts) > 4 * self._ranks:
            raise IsomorphismError(
                f"rounds {counts} deal {sum(counts)} cards: {DECK_WORDS[deck]} "
                f"has {4 * self._ranks}",
                counts,
            )
        # The ways to share each round's cards among the four suits multiply: past this
        # many the configurations would take minutes to list (every poker game has few).
        shares = 1
        for c in counts:
            shares *= comb(c + 3, 3)
        if shares > MAX_SHARES:
            raise IsomorphismError(
                f"rounds {counts} share their cards among the suits in {shares:,} ways: "
                f"at most {MAX_SHARES:,} are indexed",
                counts,
            )
        self._rounds = counts
        self._deck = deck
        self._build()
        self._sizes = tuple(
            self.size if r == len(counts) - 1 else Isomorphism(counts[: r + 1], deck).size
            for r in range(len(counts))
        )
        self._many: object = None  # the numpy tables, built by the first call that needs them

    def _build(self) -> None:
        """Shapes (with their rank-index spaces) and the configurations, with their offsets."""
        n, rounds = self._ranks, self.rounds
        # A shape's code is its counts as digits, the first round most significant, so
        # sorting codes sorts shapes lexicographically.
        stride = 1
        for c in rounds:
            stride *= c + 1
        self._stride = stride
        codes_of: list[tuple[int, ...]] = []
        space: list[int] = []
        for code in range(stride):
            shape, rest = [], code
            for c in reversed(rounds):
                shape.append(rest % (c + 1))
                rest //= c + 1
            shape.reverse()
            codes_of.append(tuple(shape))
            size, used = 1, 0
            for c in shape:
                # 0 when the suit would hold more than its n ranks
                size *= comb(n - used, c) if used + c <= n else 0
                used += c
            space.append(size)
        self._codes_of = tuple(codes_of)
        self._space = tuple(space)
        # A suit's sort key: its shape's code above its rank index.
        self._span = max(space) + 1
        self._total = sum(rounds)
        found: list[tuple[int, ...]] = []

        def code_of(shape: Sequence[int]) -> int:
            code = 0
            for c, want in zip(shape, rounds, strict=True):
                code = code * (want + 1) + c
            return code

        def extend(prefix: list[int], left: tuple[int, ...]) -> None:
            # Codes never rise along a configuration (the suit sorted first holds the
            # most), so each multiset of shapes is found once; the last suit takes the rest.
            if len(prefix) == 3:
                code = code_of(left)
                if space[code] and code <= prefix[-1]:
                    found.append((*prefix, code))
                return
            for shape in product(*(range(c + 1) for c in left)):
                code = code_of(shape)
                if space[code] and (not prefix or code <= prefix[-1]):
                    extend([*prefix, code], tuple(r - c for r, c in zip(left, shape, strict=True)))

        extend([], rounds)
        configs: list[_Config] = []
        offset = 0
        for codes in sorted(found):
            config = _Config(codes, space, offset)
            configs.append(config)
            offset += config.size
        self._configs = tuple(configs)
        self._offsets = tuple(c.offset for c in configs)
        self._by_codes = {c.codes: c for c in configs}

    @property
    def rounds(self) -> tuple[int, ...]:
        """How many cards each round deals, in order."""
        return self._rounds

    @property
    def deck(self) -> str:
        """The deck dealt from: ``"standard"`` or ``"short"``."""
        return self._deck

    @property
    def sizes(self) -> tuple[int, ...]:
        """How many situations there are up to suits through each round (the last: ``size``)."""
        return self._sizes

    @property
    def size(self) -> int:
        """How many situations there are up to suits: the indices are ``0 .. size - 1``."""
        last = self._configs[-1]
        return last.offset + last.size

    def __repr__(self) -> str:
        deck = "" if self.deck == "standard" else f", deck={self.deck!r}"
        return f"Isomorphism({self.rounds}{deck})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Isomorphism):
            return NotImplemented
        return (self.rounds, self.deck) == (other.rounds, other.deck)

    def __hash__(self) -> int:
        return hash((Isomorphism, self.rounds, self.deck))

    def __reduce__(self) -> tuple[object, tuple[tuple[int, ...], str]]:
        return Isomorphism, (self.rounds, self.deck)

    # --- one situation ---------------------------------------------------------------

    def _quick(self, given: tuple[CardsLike, ...]) -> list[int] | None:
        """The card indices of one tuple or list of Cards or indices, if all is well; else
        None, and :meth:`_cards` reads the input and explains what is wrong."""
        if len(given) != 1 or type(given[0]) not in (tuple, list):
            return None
        items = given[0]
        try:
            indices = [_INDEX[card] for card in items]  # type: ignore[index]
        except (KeyError, TypeError):
            return None
        if (
            len(indices) != self._total
            or len(set(indices)) != len(indices)
            or min(indices) < 4 * self._low
            # True and False look up as cards 1 and 0: refuse them as parse_cards does
            or (min(indices) < 2 and any(type(card) is bool for card in items))
        ):
            return None
        return indices

    def _cards(self, given: tuple[CardsLike, ...]) -> list[int]:
        """The card indices of ``given`` (all rounds, or one argument per round), checked."""
        rounds = self.rounds
        if len(given) == 1 and not isinstance(given[0], str):
            items = list(given[0])
            if items and all(isinstance(i, (tuple, list)) for i in items):
                given = tuple(items)  # type: ignore[arg-type]  # the rounds, as unindex gives them
        if len(given) == len(rounds) and len(rounds) > 1:
            cards: list[Card] = []
            for r, (part, want) in enumerate(zip(given, rounds, strict=True)):
                parsed = parse_cards(part) if want or part else ()
                if len(parsed) != want:
                    raise HandSizeError(
                        f"round {r + 1} of {self!r} deals {count(want, 'card')}, got {len(parsed)}",
                        part,
                    )
                cards.extend(parsed)
        elif len(given) == 1:
            cards = list(parse_cards(given[0]))
        else:
            raise HandSizeError(
                f"give the cards of {self!r} as one argument or one per round "
                f"({len(rounds)}), got {len(given)} arguments",
                given,
            )
        total = sum(rounds)
        if len(cards) != total:
            raise HandSizeError(
                f"{self!r} takes {count(total, 'card')}, got {len(cards)}", given[0]
            )
        seen: set[Card] = set()
        indices = []
        for card in cards:
            if card in seen:
                raise DuplicateCardError(duplicate_card(card), str(card))
            seen.add(card)
            if card.is_joker:
                raise CardError(
                    f"the joker '{card}' has no suit: an isomorphism deals from "
                    f"{DECK_WORDS[self.deck]}",
                    str(card),
                )
            index = card.index
            if index < 4 * self._low:
                raise CardError(
                    f"card '{card}' is not in {DECK_WORDS[self.deck]}: its ranks are 6-A",
                    str(card),
                )
            indices.append(index)
        return indices

    def index(self, *cards: CardsLike) -> int:
        """The index of a situation's class: equal for two situations iff suits relabel one
        into the other.

        ``cards``: every round's cards in round order, as one argument (``"As Kd 2c 7h
        9s"``) or one argument per round (``"As Kd", "2c 7h 9s"``; also the nested tuple
        :meth:`unindex` returns); any spelling :func:`~lookup.core.cards.parse_cards` reads

        >>> flop = Isomorphism((2, 3))
        >>> flop.index("As Kd", "2c 7h 9s"), flop.index("Kh Ac 9c 2d 7s")  # s->c, d->h, ...
        (150539, 150539)
        >>> flop.index("As Kd", "2c 7h")
        Traceback (most recent call last):
        ...
        lookup.HandSizeError: round 2 of Isomorphism((2, 3)) deals 3 cards, got 2
        >>> flop.index("As Kd 2c 7h As")
        Traceback (most recent call last):
        ...
        lookup.DuplicateCardError: card 'As' appears more than once
        """
        n, low, rounds = self._ranks, self._low, self.rounds
        indices = self._quick(cards) or self._cards(cards)
        # suits[s][r]: the ranks of suit s dealt in round r, as a bit mask
        suits = [[0] * len(rounds) for _ in range(4)]
        at = 0
        for r, want in enumerate(rounds):
            for index in indices[at : at + want]:
                suits[index & 3][r] |= 1 << ((index >> 2) - low)
            at += want
        colex, binom, span = colex_table(), _BINOM, self._span
        pext_lo, pext_hi = pext_tables()
        keys = []
        for masks in suits:
            used = idx = code = 0
            mult = 1
            for want, ranks in zip(rounds, masks, strict=True):
                if not ranks:
                    code *= want + 1
                    continue
                held = ranks.bit_count()
                if used:
                    # the ranks packed to the positions they take among those still free
                    free = ~used & 0x1FFF
                    lo = free & 127
                    packed = (
                        pext_lo[lo << 7 | ranks & 127]
                        | pext_hi[(free >> 7) << 6 | ranks >> 7] << lo.bit_count()
                    )
                    idx += mult * colex[packed]
                    mult *= binom[n - used.bit_count()][held]
                else:
                    idx += mult * colex[ranks]
                    mult *= binom[n][held]
                used |= ranks
                code = code * (want + 1) + held
            keys.append(code * span + idx)
        keys.sort(reverse=True)
        config = self._by_codes[tuple(key // span for key in keys)]
        total = config.offset
        ends, mults = config.ends, config.mults
        for p in range(4):
            end = ends[p]
            total += mults[p] * comb(keys[p] % span + end - 1, end)
        return total

    def unindex(self, index: int) -> tuple[tuple[str, ...], ...]:
        """The canonical situation of a class: each round's cards, highest first.

        ``index``: a class's index, ``0 .. size - 1``. The situation's suits are
        written spades first (the suit sorted first), then hearts, diamonds, clubs;
        :meth:`index` of it gives ``index`` back.

        >>> flop = Isomorphism((2, 3))
        >>> flop.unindex(150539)
        (('As', 'Kh'), ('9s', '7d', '2c'))
        >>> flop.index(*flop.unindex(150539))
        150539
        >>> flop.unindex(flop.size)
        Traceback (most recent call last):
        ...
        lookup.IsomorphismError: index 1286792 is out of range: ... has indices 0-1286791
        """
        if type(index) is not int:
            try:
                index = int(index.__index__())  # numpy integers too, never floats
            except (AttributeError, TypeError):
                raise IsomorphismError(
                    f"an index is a whole number, got {index!r}", index
                ) from None
        if not 0 <= index < self.size:
            raise IsomorphismError(
                f"index {index} is out of range: {self!r} has indices 0-{self.size - 1}",
                index,
            )
        config = self._configs[bisect_right(self._offsets, index) - 1]
        rest = index - config.offset
        rounds = self.rounds
        cards: list[list[int]] = [[] for _ in rounds]
        carried = 0
        n, low = self._ranks, self._low
        sets, starts = uncolex_table()
        pdep_lo, pdep_hi = pdep_tables()
        for p in range(4):
            end = config.ends[p]
            value = (rest // config.mults[p]) % config.sizes[p] if config.starts[p] else carried
            top = _largest(value, end)
            carried = value - comb(top, end)
            idx = top - end + 1
            shape = self._codes_of[config.codes[p]]
            suit = SUIT_ORDER[p] + 4 * low
            used = 0
            for r, held in enumerate(shape):
                if not held:
                    continue
                radix = _BINOM[n - used.bit_count()][held]
                idx, digit = divmod(idx, radix)
                packed = sets[starts[held] + digit]
                if used:
                    # positions among the free ranks back to ranks
                    free = ~used & 0x1FFF
                    lo = free & 127
                    shift = lo.bit_count()
                    packed = pdep_lo[lo << 7 | packed & ((1 << shift) - 1)] | (
                        pdep_hi[(free >> 7) << 6 | packed >> shift] << 7
                    )
                used |= packed
                while packed:
                    low_bit = packed & -packed
                    cards[r].append(4 * (low_bit.bit_length() - 1) + suit)
                    packed ^= low_bit
        return tuple(tuple(_TEXT[c] for c in sorted(part, reverse=True)) for part in cards)

    # --- numpy arrays of situations -----------------------------------------------------

    def index_many(self, cards: npt.ArrayLike) -> np.ndarray:
        """:meth:`index` of every row of an array of card indices, vectorised.

        ``cards``: integers of shape ``(n, sum(rounds))``, card indices ``4 * rank + suit``
        (0 = 2c ... 51 = As), each row one situation, its rounds in order. Returns the
        ``n`` indices as ``int64``. The work is whole-array numpy operations; the only
        Python loops run over the four suits, the rounds and the cards of a row.

        >>> import numpy as np
        >>> flop = Isomorphism((2, 3))
        >>> flop.index_many(np.array([[51, 45, 0, 22, 31], [48, 46, 1, 23, 28]])).tolist()
        [150539, 150539]
        >>> flop.index_many(np.array([[51, 45, 0, 22, 51]]))
        Traceback (most recent call last):
        ...
        lookup.DuplicateCardError: row 0: card 'As' appears more than once
        """
        from lookup.iso import many  # numpy: kept off the scalar path and import lookup

        return many.index_many(self, cards)

    def unindex_many(self, indices: npt.ArrayLike) -> np.ndarray:
        """:meth:`unindex` of every index of an array, vectorised: card indices, one row each.

        ``indices``: integers in ``0 .. size - 1``, any shape ``(n,)``. Returns ``uint8``
        card indices of shape ``(n, sum(rounds))``, each round's cards highest first,
        the same canonical situations :meth:`unindex` spells.

        >>> import numpy as np
        >>> flop = Isomorphism((2, 3))
        >>> flop.unindex_many(np.array([150539])).tolist()  # As Kh, 9s 7d 2c
        [[51, 46, 31, 21, 0]]
        >>> flop.unindex_many([-1])
        Traceback (most recent call last):
        ...
        lookup.IsomorphismError: index -1 is out of range: Isomorphism((2, 3)) has indices 0-...
        """
        from lookup.iso import many  # numpy: kept off the scalar path and import lookup

        return many.unindex_many(self, indices)


def _largest(value: int, k: int) -> int:
    """The largest ``x`` with ``C(x, k) <= value`` (``k >= 1``)."""
    if k == 1:
        return value
    # A float root is within one or two of it; step to the exact answer.
    x = max(k - 1, int((value * _FACTORIALS[k]) ** (1.0 / k)) + k // 2)
    while comb(x, k) > value:
        x -= 1
    while comb(x + 1, k) <= value:
        x += 1
    return x


_FACTORIALS = tuple(factorial(k) for k in range(14))
_BINOM = tuple(tuple(comb(n, k) for k in range(14)) for n in range(14))
_INDEX: dict[int, int] = {
    **{int(card): i for i, card in enumerate(DECK)},
    **{i: i for i in range(52)},
}
"""A card (its Cactus-Kev int) or a card index -> the card index."""
_TEXT = tuple(str(card) for card in DECK)
