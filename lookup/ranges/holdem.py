"""Hold'em starting-hand ranges in the notation players use, expanded to exact combos.

A range is a list of tokens separated by commas and/or spaces:

=====================  ==========================================================
``AA``, ``72``         a pair (6 combos) or both suitednesses of two ranks (16)
``AKs`` / ``AKo``      suited (4 combos) / offsuit (12 combos)
``QQ+``                that pair and every higher pair: QQ, KK, AA
``ATs+``, ``KTo+``     raise the lower card up to one below the higher: ATs, AJs, AQs, AKs
``22-55``              pairs from one to the other (either order)
``A5s-A2s``            same top card, lower card from one to the other (same suitedness)
``AsKd``               one explicit combo (any two distinct cards)
``15%``                the strongest 15% of all 1,326 combos (see below)
``random``             all 1,326 combos
=====================  ==========================================================

Ranks are ``2``-``9``, ``T`` (or ``10``), ``J``, ``Q``, ``K``, ``A``, in either
case; ``s``/``o`` may be upper case too. Range notation is ASCII: a lookalike
(a long s, a fullwidth letter, another script's digit, a no-break space) is refused
and named, never read as the letter it resembles; the only non-ASCII characters
allowed are the suit symbols of an explicit combo (``A♠K♠``). Parsing is linear
in the length of the text: a repeated token is read once, and percentages are
prefixes of one cached order. A combo is a pair of card indices
``(higher, lower)`` with ``index = 4 * rank + suit`` (0 = 2c ... 51 = As).
Repeated combos count once; the order is that of first appearance.

**Percentages** use :func:`lookup.preflop.table.preflop_order`, the 169 hand
classes sorted by their exact equity against one random hand, read from the
heads-up preflop table (``tables/preflop/``). ``X%`` takes whole classes from
the top while the combos so far are
fewer than ``X%`` of 1,326, so the last class taken may overshoot a little.

>>> [len(parse_range(text)) for text in ("QQ+", "AKs", "AKo", "22+")]
[18, 4, 12, 78]
>>> [combo_text(c) for c in parse_range("A5s-A4s")]
['As5s', 'Ah5h', 'Ad5d', 'Ac5c', 'As4s', 'Ah4h', 'Ad4d', 'Ac4c']
>>> parse_range("QQ+, AKs, AsKx")
Traceback (most recent call last):
...
lookup.RangeError: cannot read 'AsKx' in range 'QQ+, AKs, AsKx': ...
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import accumulate, combinations
from typing import Final, cast

from lookup.core.cards import ALL_COMBOS, DECK, RANK_CHARS, SUIT_CHARS, Card, Combo, parse_cards
from lookup.core.errors import CardError, HandSizeError, RangeError, TableError
from lookup.core.messages import clipped, count
from lookup.preflop.table import preflop_order
from lookup.ranges.holding import RangeValue, holding_cards

__all__ = [
    "ALL_COMBOS",
    "Combo",
    "RangeError",
    "class_combos",
    "class_name",
    "combo_text",
    "parse_holding",
    "parse_range",
    "refuse_jokers",
    "remove_blocked",
    "token_combos",
]


_FORMS: Final = (
    "pairs (QQ, QQ+, 22-55), two ranks with s/o (AK, AKs, AKo, ATs+, A5s-A2s), "
    "explicit combos (AsKd), percentages (15%) or 'random'"
)
_RANK: Final = r"(10|[2-9tjqka])"
# re.ASCII everywhere: without it IGNORECASE lets lookalikes through (U+017F long s matches 's',
# the Kelvin sign U+212A matches 'k') and \d accepts every script's digits, while the
# code reading the match only knows ASCII.
_CLASS_TOKEN: Final = re.compile(rf"{_RANK}{_RANK}([so]?)(\+?)", re.IGNORECASE | re.ASCII)
_DASH_TOKEN: Final = re.compile(
    rf"{_RANK}{_RANK}([so]?)-{_RANK}{_RANK}([so]?)", re.IGNORECASE | re.ASCII
)
_PERCENT_TOKEN: Final = re.compile(r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+)%", re.ASCII)
_SEPARATORS: Final = re.compile(r"[ \t\r\n,]+")
_SUIT_SYMBOLS: Final = "♣♦♥♠♧♢♡♤"
_CARDS_START: Final = re.compile(rf"(10|.)[cdhs{_SUIT_SYMBOLS}]", re.IGNORECASE | re.ASCII)


def _rank(text: str) -> int:
    return 8 if text == "10" else RANK_CHARS.index(text.upper())


def class_combos(high: int, low: int, suited: bool | None) -> list[Combo]:
    """The combos of one hand class: ranks 0-12; ``suited`` None means both kinds.

    >>> [len(class_combos(12, low, suited)) for low, suited in ((12, None), (11, True), (11, None))]
    [6, 4, 16]
    >>> class_combos(12, 12, True)
    Traceback (most recent call last):
    ...
    lookup.RangeError: a pair cannot be suited or offsuit
    """
    if high == low:
        if suited is not None:
            raise RangeError("a pair cannot be suited or offsuit")
        cards = [4 * high + s for s in range(3, -1, -1)]
        return [(a, b) for a, b in combinations(cards, 2)]
    high, low = max(high, low), min(high, low)
    combos = []
    for s in range(3, -1, -1):
        for t in range(3, -1, -1):
            if suited is None or suited == (s == t):
                combos.append((4 * high + s, 4 * low + t))
    return combos


def class_name(combo: Combo) -> str:
    """The hand class of a combo: ``'AA'``, ``'AKs'`` or ``'AKo'``.

    >>> class_name((51, 47)), class_name((50, 47)), class_name((51, 50))
    ('AKs', 'AKo', 'AA')
    >>> class_name((51, 51))
    Traceback (most recent call last):
    ...
    lookup.RangeError: a combo needs two different cards, got (51, 51)
    """
    a, b = combo
    if a == b:
        raise RangeError(f"a combo needs two different cards, got {combo}", combo)
    hi, lo = max(a, b), min(a, b)
    high, low = DECK[hi], DECK[lo]
    if high.rank == low.rank:
        return RANK_CHARS[high.rank] * 2
    return RANK_CHARS[high.rank] + RANK_CHARS[low.rank] + ("s" if high.suit == low.suit else "o")


def combo_text(combo: Combo) -> str:
    """A combo as text, in the order given: ``(51, 47)`` -> ``'AsKs'``.

    >>> combo_text((51, 46))
    'AsKh'
    >>> combo_text((51, 52))
    Traceback (most recent call last):
    ...
    lookup.RangeError: card index 52 is out of range: indices are 0-51
    """
    for index in combo:
        if not 0 <= index < 52:
            raise RangeError(f"card index {index} is out of range: indices are 0-51", index)
    return "".join(RANK_CHARS[DECK[i].rank] + SUIT_CHARS[DECK[i].suit] for i in combo)


def _suitedness(text: str) -> bool | None:
    return None if not text else text.lower() == "s"


def _expand(token: str) -> list[Combo]:
    """The combos of one token; raises ValueError (caught by the caller) when unreadable."""
    if token.isascii() and token.lower() == "random":
        return list(ALL_COMBOS)
    match = _CLASS_TOKEN.fullmatch(token)
    if match:
        high, low = _rank(match[1]), _rank(match[2])
        suited, plus = _suitedness(match[3]), bool(match[4])
        if high == low:
            if suited is not None:
                raise ValueError("a pair cannot be suited or offsuit")
            tops = range(high, 13) if plus else [high]
            return [c for r in tops for c in class_combos(r, r, None)]
        high, low = max(high, low), min(high, low)
        lows = range(high - 1, low - 1, -1) if plus else [low]
        return [c for r in lows for c in class_combos(high, r, suited)]
    match = _DASH_TOKEN.fullmatch(token)
    if match:
        a_high, a_low, a_kind = _rank(match[1]), _rank(match[2]), match[3].lower()
        b_high, b_low, b_kind = _rank(match[4]), _rank(match[5]), match[6].lower()
        if a_high == a_low and b_high == b_low and not a_kind and not b_kind:
            top, bottom = max(a_high, b_high), min(a_high, b_high)
            return [c for r in range(top, bottom - 1, -1) for c in class_combos(r, r, None)]
        a_high, a_low = max(a_high, a_low), min(a_high, a_low)
        b_high, b_low = max(b_high, b_low), min(b_high, b_low)
        if a_high != b_high or a_kind != b_kind or a_high in (a_low, b_low):
            raise ValueError(
                "a dash joins two pairs (22-55) or two hands with the same top card "
                "and suitedness (A5s-A2s)"
            )
        top, bottom = max(a_low, b_low), min(a_low, b_low)
        suited = _suitedness(a_kind)
        return [c for r in range(top, bottom - 1, -1) for c in class_combos(a_high, r, suited)]
    match = _PERCENT_TOKEN.fullmatch(token)
    if match:
        return list(_by_strength()[: _percent_end(float(match[1]))])
    try:
        cards = parse_cards(token)
    except CardError as exc:
        # Name the card problem only when the token looked like cards to begin with.
        detail = f"{exc}; or use" if _CARDS_START.match(token) else "expected"
        stranger = next((ch for ch in token if not ch.isascii() and ch not in _SUIT_SYMBOLS), None)
        if stranger is not None:  # a lookalike is the likely culprit: name it
            detail = f"{stranger!r} (U+{ord(stranger):04X}) is not ASCII; {detail}"
        raise ValueError(f"{detail} {_FORMS}") from None
    if len(cards) != 2:
        raise ValueError(f"an explicit combo has two cards, got {len(cards)}")
    a, b = cards[0].index, cards[1].index
    return [(max(a, b), min(a, b))]


@cache
def _by_strength() -> tuple[Combo, ...]:
    """Every combo, whole classes in preflop order: ``X%`` is always a prefix of this."""
    return tuple(c for name in preflop_order() for c in _expand(name))


@cache
def _class_ends() -> tuple[int, ...]:
    """Where each class ends in :func:`_by_strength` (a running total of combos)."""
    return tuple(accumulate(len(_expand(name)) for name in preflop_order()))


def _percent_end(percent: float) -> int:
    """How many combos of :func:`_by_strength` ``percent``% takes: whole classes, from the top."""
    if not 0 < percent <= 100:
        raise ValueError("a percentage must be above 0 and at most 100")
    # Classes are taken while the combos so far are fewer than the share wanted.
    ends = _class_ends()
    taken = bisect_left(ends, percent / 100 * len(ALL_COMBOS))
    return ends[min(taken, len(ends) - 1)]


def parse_range(text: str | RangeValue) -> tuple[Combo, ...]:
    """Expand range notation into its distinct combos, in order of first appearance.

    Parameters:

    ``text``: Hold'em range notation: ``'QQ+, AKs, A5s-A2s, 22-55, 15%, AsKd, random'``, or
        a :class:`~lookup.ranges.range.Range` of Hold'em whose weights are all 1 (its combos;
        :func:`lookup.equity` weighs weighted ones)

    >>> parse_range("AsKd")
    ((51, 45),)
    >>> len(parse_range("QQ+, AKs, AsKd")), len(parse_range("KTo+")), len(parse_range("22-55"))
    (23, 36, 24)
    >>> from lookup.ranges.range import Range
    >>> parse_range(Range("AKs, QQ+")) == parse_range("AKs, QQ+")
    True
    >>> parse_range(Range("AKs:0.5"))
    Traceback (most recent call last):
    ...
    lookup.RangeError: range 'AKs:0.5' has weights other than 1, and this reader takes flat ...
    >>> parse_range("AKs-QJs")
    Traceback (most recent call last):
    ...
    lookup.RangeError: cannot read 'AKs-QJs' in range 'AKs-QJs': a dash joins two pairs ...
    >>> parse_range(" , ")
    Traceback (most recent call last):
    ...
    lookup.RangeError: empty range ' , ': give pairs (QQ, QQ+, 22-55), ...
    """
    if isinstance(text, RangeValue):  # a lookup.Range: its combos, if a flat Hold'em range
        return tuple((a, b) for a, b in text.flat_combos("holdem"))
    if not isinstance(text, str):
        raise RangeError(f"a range is a string such as 'QQ+, AKs', got {type(text).__name__}", text)
    return _parsed(text)


TEXTS_KEPT: Final = 64
"""How many range texts the readers keep read (:func:`parse_range`; a
:class:`~lookup.ranges.range.Range` read from text by :func:`lookup.equity`)."""


@lru_cache(maxsize=TEXTS_KEPT)
def _parsed(text: str) -> tuple[Combo, ...]:
    """:func:`parse_range` of text, the last :data:`TEXTS_KEPT` read kept: callers ask about
    the same ranges on board after board, and reading one costs ~16 us (a heads-up turn
    spot ~600 us). What is kept is a tuple of tuples, which nobody can change."""
    seen: dict[Combo, None] = {}
    read: set[str] = set()  # a repeated token adds nothing: skip it, so work stays linear
    strongest = 0  # percentages are prefixes of one order: only the longest one so far counts
    for token in _SEPARATORS.split(text.strip()):
        if not token or token in read:
            continue
        read.add(token)
        combos, end = _token(token, text, strongest)
        strongest = max(strongest, end)
        seen.update(dict.fromkeys(combos))  # update keeps the first position of a repeat
    if not seen:
        raise RangeError(f"empty range {clipped(text)}: give {_FORMS}", text)
    return tuple(seen)


def token_combos(token: str) -> tuple[Combo, ...]:
    """:func:`parse_range` of text that is one token (``"QQ+"``, ``"AK"``, ``"15%"``): the
    same combos and the same errors, without the bookkeeping of a list of tokens (a
    weighted range reads its tokens one by one).

    >>> token_combos("AKs") == parse_range("AKs"), token_combos("5%") == parse_range("5%")
    (True, True)
    >>> token_combos("AKs-QJs") == parse_range("AKs-QJs")
    Traceback (most recent call last):
    ...
    lookup.RangeError: cannot read 'AKs-QJs' in range 'AKs-QJs': a dash joins two pairs ...
    """
    if not token or token != token.strip() or _SEPARATORS.search(token):
        return parse_range(token)  # not one token: read as a list
    combos, _ = _token(token, token)
    if not combos:  # never so far; parse_range says why if it ever is
        return parse_range(token)
    return tuple(dict.fromkeys(combos))  # a combo once, as parse_range keeps it


def _token(token: str, text: str, strongest: int = 0) -> tuple[Sequence[Combo], int]:
    """One token's combos, and where a percentage's prefix of the preflop order ends (0
    for any other token): a percentage gives its combos from ``strongest`` on, those
    before being a shorter percentage's, already read. ``text`` is the range, named in
    the refusal of a token that does not read."""
    try:
        match = _PERCENT_TOKEN.fullmatch(token)
        if match:
            end = _percent_end(float(match[1]))
            return _by_strength()[strongest:end], end
        return _expand(token), 0
    except TableError:  # the preflop table behind "15%" is bad: that, not the range
        raise
    except ValueError as exc:
        raise RangeError(
            f"cannot read {clipped(token)} in range {clipped(text)}: {exc}", token
        ) from None


def remove_blocked(combos: Iterable[Combo], blocked: Iterable[int]) -> tuple[Combo, ...]:
    """The combos that use none of the ``blocked`` card indices.

    >>> remove_blocked(parse_range("AA"), [51])  # the ace of spades is on the board
    ((50, 49), (50, 48), (49, 48))
    >>> remove_blocked([(51, 50)], [])
    ((51, 50),)
    """
    gone = set(blocked)
    return tuple(c for c in combos if c[0] not in gone and c[1] not in gone)


def refuse_jokers(indices: Iterable[int]) -> None:
    """Refuse a joker (card index 52 or 53) where the standard 52-card deck is dealt.

    >>> refuse_jokers([0, 51])
    >>> refuse_jokers([12, 52])
    Traceback (most recent call last):
    ...
    lookup.CardError: card 'Jk' is not in the standard deck: it has no jokers \
(rules='joker' and 'two-jokers' deal them)
    """
    jokers = [Card.from_index(i) for i in indices if i >= 52]
    if jokers:
        from lookup.ranking.ranking import get_ranking  # only to word the refusal

        get_ranking("standard").check_deck(jokers)


def parse_holding(
    holding: object, player: int, name: str | None = None
) -> tuple[str, tuple[Combo, ...]]:
    """Player ``player``'s Hold'em holding, ``(its text, its combos)``: two cards or a range.

    Text that reads as exactly two cards is that hand; other text is a range
    (the rule of :mod:`lookup.ranges.holding`); a list or array is cards; a
    :class:`~lookup.ranges.range.Range` gives its combos, named ``name`` if given (the
    text it was read from; printing a Range costs more than reading it), else as it prints.

    >>> parse_holding("As Ah", 1) == ("As Ah", ((51, 50),)), len(parse_holding("QQ+", 2)[1])
    (True, 18)
    >>> parse_holding("As Ah Kd", 3)
    Traceback (most recent call last):
    ...
    lookup.RangeError: player 3: cannot read 'As' in range 'As Ah Kd': an explicit combo has \
two cards, got 1
    """
    cards = holding_cards(holding, 2)
    if cards is not None and len(cards) == 2:  # two cards, the common case: no list, no call
        a, b = cards[0].index, cards[1].index
        if a < 52 and b < 52:  # no joker (52, 53): refuse_jokers below says why
            text = holding.strip() if isinstance(holding, str) else f"{cards[0]}{cards[1]}"
            return text, ((a, b) if a > b else (b, a),)
    if cards is not None:
        indices = [card.index for card in cards]
        refuse_jokers(indices)
        if len(cards) != 2:
            raise HandSizeError(
                f"player {player} has {count(len(cards), 'card')}: a Hold'em hand is two cards "
                "or a range"
            )
        a, b = indices
        text = holding.strip() if isinstance(holding, str) else "".join(str(c) for c in cards)
        return text, ((max(a, b), min(a, b)),)
    if isinstance(holding, RangeValue):  # a lookup.Range: its combos as read (the front door
        # has checked it is a Hold'em range, flat, and not empty)
        text = str(holding) if name is None else name
        return text, cast("tuple[Combo, ...]", holding.combos)  # (higher, lower) already
    if isinstance(holding, str):
        try:
            combos = parse_range(holding)
        except RangeError as exc:
            raise RangeError(f"player {player}: {exc}", exc.token) from None
        refuse_jokers(card for combo in combos for card in combo)
        return holding.strip(), combos
    raise RangeError(
        f"player {player}: cannot read {holding!r}: give a range string or two cards", holding
    )
