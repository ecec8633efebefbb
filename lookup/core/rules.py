"""Rankings as data: the rule values that say how hands compare, and the rule-file format.

A ranking (``rules=`` everywhere in pokerlookup) is a :class:`RankingRules`
value: which ranks the deck holds and how they order, whether straights and
flushes count, how the categories order, whether the high or the low hand wins,
an optional qualifier, and how many cards make a hand. The generator in
``tablegen`` reads nothing else to rank every hand, and the runtime reads the
same value back from the tables' header, so the two can never disagree on what
a ranking *is*.

Rule files are TOML. Every built-in ranking is one (``tablegen/rankings/``);
here is a ranking that is not built in, ace-to-six lowball::

    name = "ace-to-six"
    description = "Lowball with aces low; straights and flushes count against."
    ranks = "A23456789TJQK"          # lowest to highest: aces low
    order = "low"                    # the lowest hand wins
    straights = true
    wheel = false                    # K-A-2-3-4 is no straight
    flushes = true
    categories = ["high-card", "pair", "two-pair", "three-of-a-kind", "straight",
                  "flush", "full-house", "four-of-a-kind", "straight-flush"]

>>> rules = parse_rules('''
... name = "tiny-low"
... ranks = "A23456789TJQK"
... order = "low"
... straights = false
... flushes = false
... categories = ["high-card", "pair", "two-pair", "three-of-a-kind",
...               "full-house", "four-of-a-kind"]
... ''')
>>> rules.name, rules.order, rules.rank_order[:3]
('tiny-low', 'low', (12, 0, 1))
>>> parse_rules('name = "x"\\nranks = "23456789TJQKA"\\norder = "sideways"')
Traceback (most recent call last):
...
lookup.RulesError: rules key 'order': 'sideways' is not allowed: use 'high' or 'low'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from enum import IntEnum

from lookup.core.cards import RANK_CHARS
from lookup.core.errors import RulesError
from lookup.core.messages import unknown_name

# typing is the type checker's alone: importing it (with the re and contextlib it
# imports) costs a script more than its first evaluation. RankingRules is the same
# namedtuple either way (see lookup.core.record).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final, Literal, NamedTuple, TypeAlias

    Order: TypeAlias = Literal["high", "low"]
    Scoring: TypeAlias = Literal["poker", "badugi"]
else:
    from lookup.core.record import NamedTuple

__all__ = [
    "BUILTIN_DIGESTS",
    "BUILTIN_RANKINGS",
    "CATEGORY_KEYS",
    "WILD_RANKINGS",
    "Category",
    "RankingRules",
    "parse_rules",
    "read_rule_file",
    "rules_from_mapping",
]


BUILTIN_RANKINGS: Final = (
    "standard",
    "short-deck",
    "short-deck-triton",
    "deuce-to-seven",
    "ace-to-five",
    "eight-or-better",
    "badugi",
    "joker",
    "two-jokers",
    "deuces-wild",
    "bug",
)
"""Every built-in ranking's name, in the order they are listed to users."""

WILD_RANKINGS: Final = ("joker", "two-jokers", "deuces-wild", "bug")
"""The built-in rankings with wild cards (see ``docs/wildcards.md``)."""

BUILTIN_DIGESTS: Final = {
    "standard": "3f8d7e4ff8ba2ad53142f811535a95749b2a2709080d6866b6f3f3fef845978e",
    "short-deck": "b3a87be40a004521be3f98e4ebf393e10489625bb1e42a56690dd5c6425f0382",
    "short-deck-triton": "7256b5605a180f109bf9bb00793c4030ae860221cc46c8b953426f434b60b415",
    "deuce-to-seven": "d1fde062d7c963ddeab576650be6da0301fbe0eca9446ddf56f6c27bca29cdc2",
    "ace-to-five": "97a8aa1a9073b461d57e3519a7266b3560d54f3d21d97a416740bd798ee658c2",
    "eight-or-better": "4143e72ba9c15004e99ca2165b053d3718d39246eac9089fabc71dd225dc5aa8",
    "badugi": "49380091754fdf7ea03afa2d29c873cb78c034379229a997fddf97828b677f6c",
    "joker": "ccec6df870e7b45eef71854b8cb30c4d40be40eeaddbdb1d225848b7f97ce60b",
    "two-jokers": "155c7c4a24ea9c64bfae90a4e4024a9f524224c302ecfcd2988e348a937968d2",
    "deuces-wild": "496030bdf8d8ff8a896dc8d7a6a2c0e7374dd20e1d0d6a7ed4250c0375dfb7f6",
    "bug": "42e50b24db5475f1559b7ddbf46f982bff1953d458178822972964ef3ba4b61a",
}
"""Each built-in ranking's :attr:`RankingRules.digest`, pinned: a folder of consistent
tables built from other rules (two folders swapped, a user's rule file named like a
built-in) is refused rather than read as that ranking. A test holds these equal to
``tablegen/rankings/*.toml``; change both together."""


class Category(IntEnum):
    """What kind of hand a value is: the vocabulary every ranking draws on.

    The first nine values number the standard categories weakest first, as
    before (so ``categorize_batch`` keeps its numbers); the value is a name, not
    a strength: how categories compare is each ranking's
    :attr:`RankingRules.categories` (a flush beats a full house in short deck).

    >>> str(Category.FULL_HOUSE), Category.from_key("two-pair")
    ('Full House', <Category.TWO_PAIR: 2>)
    >>> Category.from_key("six-of-a-kind")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.RulesError: unknown category 'six-of-a-kind': categories are high-card, ...
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9
    NO_LOW = 10
    ONE_CARD = 11
    TWO_CARDS = 12
    THREE_CARDS = 13
    BADUGI = 14

    @property
    def title(self) -> str:
        """The category's name as players write it, e.g. ``'Three of a Kind'``."""
        return _TITLES[self]

    @property
    def key(self) -> str:
        """The category's name in rule files, e.g. ``'three-of-a-kind'``."""
        return CATEGORY_KEYS[self]

    @classmethod
    def from_key(cls, key: str) -> Category:
        """The category a rule file names ``key``."""
        try:
            return cls(CATEGORY_KEYS.index(key))
        except ValueError:
            raise RulesError(
                unknown_name("category", key, CATEGORY_KEYS, plural="categories"), key
            ) from None

    def __str__(self) -> str:
        return _TITLES[self]


_TITLES: Final = (
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
    "Five of a Kind",
    "No Low",
    "One-Card Hand",
    "Two-Card Hand",
    "Three-Card Hand",
    "Badugi",
)
CATEGORY_KEYS: Final = (
    "high-card",
    "pair",
    "two-pair",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
    "five-of-a-kind",
    "no-low",
    "one-card",
    "two-cards",
    "three-cards",
    "badugi",
)
"""Each :class:`Category`'s spelling in rule files, by value."""

# Categories that only wild cards or qualifiers or badugi produce: never listed by a
# plain poker rule file's "categories".
_POKER_CATEGORIES: Final = frozenset(Category(v) for v in range(9))
_BADUGI_CATEGORIES: Final = (
    Category.ONE_CARD,
    Category.TWO_CARDS,
    Category.THREE_CARDS,
    Category.BADUGI,
)
_NAME_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
"""What a ranking's name is made of: 1-40 of these, not starting with '-'."""
_POKER_KEYS: Final = (
    "straights",
    "wheel",
    "flushes",
    "categories",
    "qualifier",
    "jokers",
    "bug",
    "wild",
)
"""Keys that mean something only when five-card poker scores the hand (not badugi)."""
_KEYS: Final = frozenset(
    ("name", "description", "ranks", "order", "scoring", "hand_size", *_POKER_KEYS)
)


class RankingRules(NamedTuple):
    """One ranking, as data. Build it with :func:`parse_rules` or :func:`rules_from_mapping`.

    Ranks are the card encoding's numbers (0 = deuce ... 12 = ace);
    :attr:`rank_order` lists the deck's ranks lowest first *as they rank*, so
    aces low is ``(12, 0, 1, ...)``.
    """

    name: str
    description: str
    rank_order: tuple[int, ...]
    order: Order
    scoring: Scoring
    hand_size: int
    straights: bool
    wheel: bool
    flushes: bool
    categories: tuple[Category, ...]
    """Categories weakest first, in the *high* sense; ``order = "low"`` turns it round."""
    qualifier_categories: tuple[Category, ...]
    """Categories that can qualify (empty: no qualifier, every hand plays)."""
    qualifier_highest: int | None
    """The highest rank a qualifying hand may hold (by :attr:`rank_order`), or None."""
    jokers: int = 0
    """Jokers added to the deck (0, 1 or 2); each stands for any card (see ``bug``)."""
    bug: bool = False
    """The jokers are *bugs*: an ace, or a card that completes a straight or a flush."""
    wild_ranks: tuple[int, ...] = ()
    """Ranks whose four cards are wild (``(0,)`` in deuces wild)."""

    @property
    def has_wild(self) -> bool:
        """True when the deck holds wild cards (jokers or wild ranks)."""
        return bool(self.jokers or self.wild_ranks)

    @property
    def max_wild(self) -> int:
        """How many wild cards the deck holds: jokers plus four per wild rank."""
        return self.jokers + 4 * len(self.wild_ranks)

    @property
    def low(self) -> bool:
        """True when the lowest hand wins."""
        return self.order == "low"

    @property
    def deck_size(self) -> int:
        """Cards in the deck: four suits of every rank, and the jokers."""
        return 4 * len(self.rank_order) + self.jokers

    @property
    def has_qualifier(self) -> bool:
        return bool(self.qualifier_categories)

    def position(self, rank: int) -> int:
        """Where ``rank`` sits in :attr:`rank_order` (0 = lowest)."""
        return self.rank_order.index(rank)

    def as_mapping(self) -> dict[str, Any]:
        """The rules as a rule file would spell them (``parse_rules`` reads it back)."""
        spelled: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "ranks": "".join(RANK_CHARS[r] for r in self.rank_order),
            "order": self.order,
            "scoring": self.scoring,
            "hand_size": self.hand_size,
        }
        if self.scoring == "poker":
            spelled |= {
                "straights": self.straights,
                "wheel": self.wheel,
                "flushes": self.flushes,
                "categories": [c.key for c in self.categories],
            }
        if self.has_qualifier:
            assert self.qualifier_highest is not None
            spelled["qualifier"] = {
                "categories": [c.key for c in self.qualifier_categories],
                "highest": RANK_CHARS[self.qualifier_highest],
            }
        # Spelled only when set, so rankings without wild cards keep their digests.
        if self.jokers:
            spelled["jokers"] = self.jokers
        if self.bug:
            spelled["bug"] = True
        if self.wild_ranks:
            spelled["wild"] = "".join(RANK_CHARS[r] for r in self.wild_ranks)
        return spelled

    @property
    def digest(self) -> str:
        """SHA-256 of the canonical spelling: tables record it, so stale ones are caught.

        >>> from lookup.core.rules import parse_rules
        >>> len(parse_rules('name="a"\\nranks="A23456789TJQK"\\norder="low"\\n'
        ...     'straights=false\\nflushes=false\\ncategories=["high-card","pair",'
        ...     '"two-pair","three-of-a-kind","full-house","four-of-a-kind"]').digest)
        64
        """
        # Only when a table is read or written; its SHA-256 avoids hashlib's OpenSSL.
        from lookup.core.tablefile import sha256_hex

        return sha256_hex(_canonical_json(self.as_mapping()).encode())


def _canonical_json(value: object) -> str:
    """``json.dumps(value, sort_keys=True, separators=(",", ":"))`` for what rules spell.

    Strings, ints, booleans, lists and string-keyed dicts: all :meth:`RankingRules.as_mapping`
    holds. Spelled here because importing json (and re) would cost every table load more
    than the digest itself; a test holds the two spellings equal.
    """
    if isinstance(value, str):
        return _json_string(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(map(_canonical_json, value)) + "]"
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        items = sorted(value.items())
        return "{" + ",".join(f"{_json_string(k)}:{_canonical_json(v)}" for k, v in items) + "}"
    raise TypeError(f"rules hold no {type(value).__name__} values: {value!r}")


_JSON_ESCAPES: Final = {
    **{chr(n): f"\\u{n:04x}" for n in range(0x20)},
    "\\": "\\\\",
    '"': '\\"',
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\x7f": "\\u007f",
}
"""json's escapes with ``ensure_ascii`` for the ASCII characters it escapes."""


def _json_string(text: str) -> str:
    """``json.dumps(text)``: ASCII as is, escapes as json writes them, ``\\uXXXX`` beyond."""
    if text.isascii():
        return '"' + text.translate(_JSON_TRANSLATION) + '"'
    spelled = []
    for char in text:
        code = ord(char)
        if code < 0x80:
            spelled.append(_JSON_ESCAPES.get(char, char))
        elif code < 0x10000:
            spelled.append(f"\\u{code:04x}")
        else:  # a UTF-16 surrogate pair, as json writes it
            code -= 0x10000
            spelled.append(f"\\u{0xD800 | code >> 10:04x}\\u{0xDC00 | code & 0x3FF:04x}")
    return '"' + "".join(spelled) + '"'


_JSON_TRANSLATION: Final = str.maketrans(_JSON_ESCAPES)


def _fail(key: str, problem: str, value: object = None) -> RulesError:
    return RulesError(f"rules key {key!r}: {problem}", key if value is None else value)


def _take(spec: Mapping[str, Any], key: str, kind: type, default: Any = None) -> Any:
    if key not in spec:
        if default is None:
            raise _fail(key, "is missing")
        return default
    value = spec[key]
    # bool is an int: a rule file's `hand_size = true` must not read as 1.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _fail(key, f"must be a {kind.__name__}, got {type(value).__name__} {value!r}")
    return value


def _ranks(text: str) -> tuple[int, ...]:
    ranks: list[int] = []
    for char in text:
        index = RANK_CHARS.find(char.upper()) if char.isascii() else -1
        if index < 0:
            raise _fail("ranks", f"{char!r} is not a rank: ranks are {RANK_CHARS}", char)
        if index in ranks:
            raise _fail("ranks", f"rank {char!r} is listed twice", char)
        ranks.append(index)
    if len(ranks) < 5:
        raise _fail("ranks", f"a deck needs at least 5 ranks, got {len(ranks)}", text)
    # Aces may sit at either end; every other rank keeps its natural order.
    plain = [r for r in ranks if r != 12]
    if plain != sorted(plain) or (12 in ranks and ranks.index(12) not in (0, len(ranks) - 1)):
        raise _fail(
            "ranks",
            f"{text!r} is out of order: list ranks lowest first, 2 to K ascending, "
            "with A first (aces low) or last (aces high)",
            text,
        )
    return tuple(ranks)


def _categories(values: object, key: str) -> tuple[Category, ...]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise _fail(key, f"must be a list of category names, got {values!r}")
    found = tuple(Category.from_key(v) for v in values)
    if len(set(found)) != len(found):
        raise _fail(key, "lists a category twice", values)
    return found


def _poker_categories(
    spec: Mapping[str, Any], straights: bool, flushes: bool, wild: bool = False
) -> tuple[Category, ...]:
    categories = _categories(spec.get("categories"), "categories")
    wanted = {
        Category.HIGH_CARD,
        Category.ONE_PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
    }
    if straights:
        wanted.add(Category.STRAIGHT)
    if flushes:
        wanted.add(Category.FLUSH)
    if straights and flushes:
        wanted.add(Category.STRAIGHT_FLUSH)
    if wild:
        wanted.add(Category.FIVE_OF_A_KIND)
    for category in categories:
        if category is Category.FIVE_OF_A_KIND and not wild:
            raise _fail(
                "categories", "'five-of-a-kind' needs wild cards (jokers or wild)", category.key
            )
        if category not in _POKER_CATEGORIES and category is not Category.FIVE_OF_A_KIND:
            raise _fail(
                "categories", f"{category.key!r} cannot be made under these rules", category.key
            )
        if category not in wanted:
            reason = (
                "straights = false"
                if category in (Category.STRAIGHT,)
                else (
                    "flushes = false"
                    if category is Category.FLUSH
                    else "straights or flushes are off"
                )
            )
            raise _fail("categories", f"{category.key!r} is listed but {reason}", category.key)
    missing = [c.key for c in Category if c in wanted and c not in categories]
    if missing:
        raise _fail("categories", f"must list every category these rules make; missing {missing}")
    return categories


def rules_from_mapping(spec: Mapping[str, Any]) -> RankingRules:
    """Validate a parsed rule file (a mapping of its keys) into :class:`RankingRules`.

    Every problem is a :class:`~lookup.core.errors.RulesError` naming the key and the reason.

    >>> rules_from_mapping({"name": "x", "ranks": "23456789TJQKA", "order": "high",
    ...                     "flushes": True, "straights": False, "categories": ["pair"]})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.RulesError: rules key 'categories': must list every category these rules ...
    """
    if not isinstance(spec, Mapping):
        raise RulesError(f"rules must be a table of keys, got {type(spec).__name__}", spec)
    unknown = sorted(set(spec) - _KEYS)
    if unknown:
        raise _fail(unknown[0], f"is not a rules key: keys are {', '.join(sorted(_KEYS))}")
    name = _take(spec, "name", str)
    if not (0 < len(name) <= 40 and name[0] != "-" and _NAME_CHARS.issuperset(name)):
        raise _fail("name", f"{name!r} is not a name: use lowercase letters, digits and '-'", name)
    description = _take(spec, "description", str, "")
    rank_order = _ranks(_take(spec, "ranks", str))
    order = _take(spec, "order", str)
    if order not in ("high", "low"):
        raise _fail("order", f"{order!r} is not allowed: use 'high' or 'low'", order)
    scoring = _take(spec, "scoring", str, "poker")
    if scoring not in ("poker", "badugi"):
        raise _fail("scoring", f"{scoring!r} is not allowed: use 'poker' or 'badugi'", scoring)
    hand_size = _take(spec, "hand_size", int, 5 if scoring == "poker" else 4)

    if scoring == "badugi":
        for key in _POKER_KEYS:
            if key in spec:
                raise _fail(key, "has no meaning when scoring = 'badugi'")
        if hand_size != 4:
            raise _fail("hand_size", f"badugi hands have 4 cards, got {hand_size}", hand_size)
        return RankingRules(
            name, description, rank_order, order, "badugi", 4, False, False, False,
            _BADUGI_CATEGORIES, (), None,
        )  # fmt: skip

    if hand_size != 5:
        raise _fail("hand_size", f"poker hands have 5 cards, got {hand_size}", hand_size)
    straights = _take(spec, "straights", bool)
    wheel = _take(spec, "wheel", bool, False)
    if wheel and not straights:
        raise _fail("wheel", "is true but straights = false")
    flushes = _take(spec, "flushes", bool)
    jokers, bug, wild_ranks = _wild_cards(spec, rank_order)
    # A low hand with wild cards is ranked exactly only where straights and flushes do
    # not count (ace-to-five): a wild card is then the lowest card not held.
    if (jokers or wild_ranks) and order != "high" and (straights or flushes or bug):
        raise _fail(
            "order",
            "wild cards in a low ranking need straights = false and flushes = false "
            "(and no bug): use order = 'high' otherwise",
        )
    categories = _poker_categories(spec, straights, flushes, bool(jokers or wild_ranks))

    qualifier_categories: tuple[Category, ...] = ()
    qualifier_highest: int | None = None
    if "qualifier" in spec:
        qualifier = spec["qualifier"]
        if not isinstance(qualifier, Mapping):
            raise _fail("qualifier", f"must be a table, got {qualifier!r}")
        extra = sorted(set(qualifier) - {"categories", "highest"})
        if extra:
            raise _fail(f"qualifier.{extra[0]}", "is not a qualifier key: use categories, highest")
        qualifier_categories = _categories(qualifier.get("categories"), "qualifier.categories")
        outside = [c.key for c in qualifier_categories if c not in categories]
        if outside:
            raise _fail("qualifier.categories", f"{outside} are not in this ranking's categories")
        highest = qualifier.get("highest")
        if not isinstance(highest, str) or len(highest) != 1:
            raise _fail("qualifier.highest", f"must be one rank such as '8', got {highest!r}")
        index = RANK_CHARS.find(highest.upper()) if highest.isascii() else -1
        if index < 0 or index not in rank_order:
            raise _fail("qualifier.highest", f"{highest!r} is not a rank of this deck", highest)
        qualifier_highest = index
    if (jokers or wild_ranks) and qualifier_categories:
        raise _fail("qualifier", "cannot be combined with wild cards")
    return RankingRules(
        name, description, rank_order, order, "poker", 5, straights, wheel, flushes,
        categories, qualifier_categories, qualifier_highest, jokers, bug, wild_ranks,
    )  # fmt: skip


def _wild_cards(
    spec: Mapping[str, Any], rank_order: tuple[int, ...]
) -> tuple[int, bool, tuple[int, ...]]:
    """The ``jokers``, ``bug`` and ``wild`` keys of a poker rule file, validated."""
    jokers = _take(spec, "jokers", int, 0) if "jokers" in spec else 0
    if jokers not in (0, 1, 2):
        raise _fail("jokers", f"a deck holds 0, 1 or 2 jokers, got {jokers}", jokers)
    bug = _take(spec, "bug", bool) if "bug" in spec else False
    if bug and not jokers:
        raise _fail("bug", "is true but the deck has no jokers (jokers = 0)")
    wild_ranks: list[int] = []
    text = _take(spec, "wild", str) if "wild" in spec else ""
    for char in text:
        index = RANK_CHARS.find(char.upper()) if char.isascii() else -1
        if index < 0 or index not in rank_order:
            raise _fail("wild", f"{char!r} is not a rank of this deck", char)
        if index in wild_ranks:
            raise _fail("wild", f"rank {char!r} is listed twice", char)
        wild_ranks.append(index)
    # At most four wild cards in a hand: the tables count them in one base-5 digit.
    if jokers + 4 * len(wild_ranks) > 4:
        raise _fail("wild", "a deck may hold at most four wild cards (jokers included)", text)
    return jokers, bug, tuple(sorted(wild_ranks))


MAX_RULE_FILE_BYTES: Final = 1 << 20
"""A rule file is a few hundred bytes: anything over 1 MB is not one."""
MAX_NESTING: Final = 32
"""Tables and arrays nest at most this deep in a rule file (the schema needs 2)."""
_INT_RANGE: Final = 1 << 31
"""Integers in a rule file lie in (-2**31, 2**31): the schema's are small counts."""


def _check_shape(spec: object) -> None:
    # Walked with a stack, not recursion, so no shape can raise RecursionError here.
    stack: list[tuple[object, int]] = [(spec, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_NESTING:  # the file's own table is depth 0
                raise RulesError(
                    f"rule file nests tables or arrays more than {MAX_NESTING} levels deep",
                    depth,
                )
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _INT_RANGE:
            raise RulesError(
                f"rule file holds an integer of about {value.bit_length() * 3 // 10 + 1} digits: "
                "the keys that take integers (hand_size, jokers) allow small counts",
                "integer",
            )


def parse_rules(text: str) -> RankingRules:
    """Read a TOML rule file's text into :class:`RankingRules` (see the module docstring).

    Anything that is not a rule file is one :class:`~lookup.core.errors.RulesError`:
    text over 1 MB, tables or arrays nested more than 32 deep, huge integers.

    >>> parse_rules("name = ")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.RulesError: rule file is not valid TOML: ...
    >>> parse_rules("x = " + "[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    lookup.RulesError: rule file nests tables or arrays more than 32 levels deep
    """
    import tomllib  # only rule files need it

    if len(text) > MAX_RULE_FILE_BYTES:
        raise RulesError(f"rule file is over {MAX_RULE_FILE_BYTES:,} characters", len(text))
    try:
        spec = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"rule file is not valid TOML: {exc}", text) from None
    except RecursionError:  # tomllib recurses once per nested array or inline table
        raise RulesError(
            f"rule file nests tables or arrays more than {MAX_NESTING} levels deep", "nesting"
        ) from None
    except ValueError as exc:  # an integer past int's digit limit, and the like
        reason = str(exc).split(": value has")[0]  # not its advice to raise the limit
        raise RulesError(
            f"rule file holds a value that cannot be read: {reason}", "value"
        ) from None
    _check_shape(spec)
    return rules_from_mapping(spec)


def read_rule_file(path: str | os.PathLike[str]) -> RankingRules:
    """Read and parse the rule file at ``path``: a regular file of at most 1 MB, UTF-8.

    A device, a FIFO, a folder or a file too big is refused before it is read (so
    ``/dev/zero`` or a FIFO with no writer cannot hang or exhaust memory).

    >>> read_rule_file("/dev/zero")
    Traceback (most recent call last):
    ...
    lookup.RulesError: cannot read rule file /dev/zero: not a regular file
    """
    import stat  # only rule files need it

    name = os.fspath(path)
    try:
        info = os.stat(name)
        if not stat.S_ISREG(info.st_mode):
            raise RulesError(f"cannot read rule file {name}: not a regular file", name)
        if info.st_size > MAX_RULE_FILE_BYTES:
            raise RulesError(
                f"cannot read rule file {name}: {info.st_size:,} bytes, "
                f"the most is {MAX_RULE_FILE_BYTES:,}",
                name,
            )
        # O_NONBLOCK: should the file be swapped for a FIFO after the stat, open() won't hang.
        descriptor = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as file:
            data = file.read(MAX_RULE_FILE_BYTES + 1)
    except OSError as exc:
        raise RulesError(f"cannot read rule file {name}: {exc.strerror or exc}", name) from None
    except RuntimeError:  # a symlink loop, as some platforms report it
        raise RulesError(f"cannot read rule file {name}: a symlink loop", name) from None
    if len(data) > MAX_RULE_FILE_BYTES:
        raise RulesError(f"cannot read rule file {name}: over {MAX_RULE_FILE_BYTES:,} bytes", name)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesError(f"cannot read rule file {name}: not UTF-8 ({exc.reason})", name) from None
    return parse_rules(text)
