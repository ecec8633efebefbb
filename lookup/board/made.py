"""Made-hand classes and draw flags of combos on a board, for every combo at once.

The definitions are ``docs/breakdown.md``'s; this module is them, vectorised. One
pass labels any number of rows, each row a holding and a board of the same size
(3, 4 or 5 cards), so a fixed board and every completion of a partial one are the
same call:

* the combo's value is one lookup per row (:func:`lookup.batch.evaluate.evaluate_batch`),
  and its category and the ranks that name it (the quads, the trips and the pair,
  the two pairs, the pair) are read from the class number;
* the made-hand class follows from how many hole cards hold those ranks and where
  they sit among the board's ranks;
* draws count the cards that complete them by rank masks: a 13-bit mask of ranks
  indexes tables of 8,192 entries (the best straight in a mask, its five best ranks,
  the best straight or flush a board allows).

A *formation* is how a game forms a hand from hole and board cards; Hold'em and
short deck use any five of them (:data:`FORMATIONS`). The Omaha family and
Courchevel use exactly two hole cards with exactly three board cards: each hole pair
is labelled as a Hold'em hand of those two under that rule, and its draws count only
cards that complete a hand with two hole cards and three board cards.

>>> import numpy as np
>>> from lookup.core.cards import parse_cards
>>> hole = np.array([[c.index for c in parse_cards(h)] for h in ("As Kd", "Qs Js")])
>>> board = np.array([[c.index for c in parse_cards("Ks 7s 2d")]] * 2)
>>> labels = label_rows(hole, board, "standard")
>>> [labels.made_key(i) for i in range(2)], labels.draw_keys(1)
(['top-pair-top-kicker', 'nothing'], ['flush-draw', 'backdoor-straight-draw'])
>>> omaha = np.array([[c.index for c in parse_cards("Ah Kh Qh Jh")]])
>>> four_hearts = label_rows(omaha, np.array([[c.index for c in parse_cards("2h 7c 9d")]]),
...                          "standard", hole_used=2)  # one heart on the board: no flush draw
>>> four_hearts.made_key(0), four_hearts.draw_keys(0)
('ace-high', ['backdoor-flush-draw', 'backdoor-straight-draw', 'two-overcards'])
>>> label_rows(hole, board, "deuce-to-seven")
Traceback (most recent call last):
...
lookup.GameError: breakdown needs a high poker ranking with straights and flushes \
(standard, short-deck, short-deck-triton or one like them), not deuce-to-seven
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from lookup.batch.evaluate import evaluate_batch
from lookup.core.errors import GameError
from lookup.core.rules import Category
from lookup.ranking.ranking import Ranking, RulesLike, get_ranking

__all__ = [
    "DRAWS",
    "FORMATIONS",
    "PAIR_KEYS",
    "BoardTables",
    "Label",
    "Labels",
    "board_tables",
    "label_rows",
    "made_classes",
]

MASKS: Final = 1 << 13
"""Rank masks: one bit per rank, deuce lowest."""


@dataclass(frozen=True)
class Label:
    """A made-hand class or a draw flag: its JSON ``key`` and the ``title`` a table prints."""

    key: str
    title: str


# Each category's classes, strongest first; the categories themselves are taken in the
# ranking's order (a flush above a full house in short deck).
_BY_CATEGORY: Final[dict[Category, tuple[Label, ...]]] = {
    Category.STRAIGHT_FLUSH: (Label("straight-flush", "straight flush"),),
    Category.FOUR_OF_A_KIND: (Label("quads", "quads"),),
    Category.FULL_HOUSE: (Label("full-house", "full house"),),
    Category.FLUSH: (Label("nut-flush", "nut flush"), Label("flush", "flush")),
    Category.STRAIGHT: (Label("nut-straight", "nut straight"), Label("straight", "straight")),
    Category.THREE_OF_A_KIND: (Label("set", "set"), Label("trips", "trips")),
    Category.TWO_PAIR: (
        Label("top-two", "two pair, top two"),
        Label("top-and-another", "two pair, top and another"),
        Label("two-lower", "two pair, two lower"),
        Label("pocket-pair-board-pair", "two pair, pocket pair + board pair"),
        Label("pair-board-pair", "two pair, pair + board pair"),
    ),
    Category.ONE_PAIR: (
        Label("overpair", "overpair"),
        Label("top-pair-top-kicker", "top pair, top kicker"),
        Label("top-pair-good-kicker", "top pair, good kicker"),
        Label("top-pair-weak-kicker", "top pair, weak kicker"),
        Label("pocket-pair-between", "pocket pair between board cards"),
        Label("second-pair", "second pair"),
        Label("lower-pair", "lower pair"),
        Label("underpair", "underpair"),
    ),
    Category.HIGH_CARD: (Label("ace-high", "ace high"), Label("nothing", "nothing")),
}
_PLAYING_BOARD: Final = Label("playing-the-board", "playing the board")

PAIR_KEYS: Final = frozenset(label.key for label in _BY_CATEGORY[Category.ONE_PAIR])
"""The one-pair classes: a pair made with a hole card (what "pair + draw" means)."""

DRAWS: Final = (
    Label("flush-draw", "flush draw"),
    Label("nut-flush-draw", "nut flush draw"),
    Label("straight-draw-8", "straight draw, 8+ outs"),
    Label("gutshot", "gutshot, 4 outs"),
    Label("backdoor-flush-draw", "backdoor flush draw"),
    Label("backdoor-straight-draw", "backdoor straight draw"),
    Label("two-overcards", "two overcards"),
    Label("flush-and-straight-draw", "flush draw + straight draw"),
    Label("pair-and-flush-draw", "pair + flush draw"),
    Label("pair-and-straight-draw", "pair + straight draw"),
)
"""Every draw flag, in the order a table lists them (flop and turn only)."""

_DRAW: Final = {label.key: i for i, label in enumerate(DRAWS)}


def made_classes(rules: RulesLike = "standard") -> tuple[Label, ...]:
    """Every made-hand class under ``rules``, in precedence order (the first that matches).

    Playing the board comes first (the hand is the board's: no hole card among the ranks
    that name it, or on the river the board's own five); then each category's classes,
    categories strongest first in the ranking's own order.

    >>> [c.key for c in made_classes("short-deck")][1:6]
    ['straight-flush', 'quads', 'nut-flush', 'flush', 'full-house']
    >>> made_classes("ace-to-five")
    Traceback (most recent call last):
    ...
    lookup.GameError: breakdown needs a high poker ranking with straights and flushes \
(standard, short-deck, short-deck-triton or one like them), not ace-to-five
    """
    return board_tables(rules).classes


def _supported(ranking: Ranking) -> bool:
    rules = ranking.definition
    return (
        ranking.kind.name == "poker"  # no wild cards, not badugi
        and rules.hand_size == 5
        and not rules.low
        and rules.straights
        and rules.flushes
        and list(rules.rank_order) == sorted(rules.rank_order)
        and set(rules.categories) == set(_BY_CATEGORY) | {Category.STRAIGHT_FLUSH}
    )


@dataclass(frozen=True)
class BoardTables:
    """A ranking's lookup arrays for labelling (built once, kept on the ranking).

    Arrays indexed by a rank mask (``MASKS`` entries): ``straight`` the best straight
    in the mask (an index into the ranking's straights, weakest first; -1 none),
    ``nut_straight`` the best straight a board of those ranks allows with two more
    cards, ``top5`` the mask's five highest ranks, ``nut_flush`` the five best ranks
    of a flush a board with those ranks of the suit allows, ``top3`` the mask's three
    highest ranks, ``omaha_nut_flush`` the best flush two hole cards make with three of
    those board ranks (the three highest and the two best ranks missing), ``high`` / ``low`` the
    highest / lowest rank (-1 for none), ``bits`` the number of ranks. Indexed by
    class number: ``category``, ``first`` and ``second`` (its first two distinct ranks in
    reading order: the ranks that name it).
    ``strength`` gives each :class:`Category` value its place in the ranking (higher
    is stronger; -1 absent). ``windows``: each straight's rank mask, weakest first.
    """

    ranking: Ranking
    classes: tuple[Label, ...]
    index: dict[str, int]
    deck_mask: int
    ace: int
    ranks: tuple[int, ...]
    windows: tuple[int, ...]
    straight: NDArray[np.int8]
    nut_straight: NDArray[np.int8]
    top5: NDArray[np.int16]
    nut_flush: NDArray[np.int16]
    top3: NDArray[np.int16]
    omaha_nut_flush: NDArray[np.int16]
    high: NDArray[np.int8]
    low: NDArray[np.int8]
    bits: NDArray[np.int8]
    category: NDArray[np.int8]
    first: NDArray[np.int8]
    second: NDArray[np.int8]
    strength: NDArray[np.int8]


def board_tables(rules: RulesLike = "standard") -> BoardTables:
    """The labelling arrays of ``rules`` (see :class:`BoardTables`), built on first use.

    >>> tables = board_tables("short-deck")
    >>> len(tables.windows), tables.windows[0] == 0b1_0000_1111_0000  # A-6-7-8-9 first
    (6, True)
    >>> board_tables("badugi")
    Traceback (most recent call last):
    ...
    lookup.GameError: breakdown needs a high poker ranking with straights and flushes \
(standard, short-deck, short-deck-triton or one like them), not badugi
    """
    ranking = get_ranking(rules)
    if not _supported(ranking):
        raise GameError(
            "breakdown needs a high poker ranking with straights and flushes (standard, "
            f"short-deck, short-deck-triton or one like them), not {ranking.name}",
            ranking.name,
        )
    return ranking.derived(board_tables, _build)


def _build(ranking: Ranking) -> BoardTables:
    rules = ranking.definition
    order = rules.rank_order
    deck_mask = sum(1 << r for r in order)
    windows = [sum(1 << r for r in order[i : i + 5]) for i in range(len(order) - 4)]
    if rules.wheel:  # the ace plays low: A-2-3-4-5, or A-6-7-8-9 in short deck
        windows.insert(0, (1 << order[-1]) | sum(1 << r for r in order[:4]))
    masks = np.arange(MASKS, dtype=np.int64)
    bits = np.zeros(MASKS, dtype=np.int8)
    for r in range(13):
        bits += ((masks >> r) & 1).astype(np.int8)
    high = np.full(MASKS, -1, dtype=np.int8)
    low = np.full(MASKS, -1, dtype=np.int8)
    for r in range(13):
        has = ((masks >> r) & 1).astype(bool)
        high[has] = r  # rising: the last rank set wins
    for r in reversed(range(13)):
        low[((masks >> r) & 1).astype(bool)] = r
    straight = np.full(MASKS, -1, dtype=np.int8)
    nut_straight = np.full(MASKS, -1, dtype=np.int8)
    for i, window in enumerate(windows):  # weakest first: a stronger one overwrites
        straight[(masks & window) == window] = i
        nut_straight[bits[window & ~masks] <= 2] = i
    top5 = masks.copy()
    for _ in range(8):  # drop the lowest rank while more than five remain
        top5 = np.where(bits[top5] > 5, top5 & (top5 - 1), top5)
    top3 = top5.copy()
    for _ in range(2):
        top3 = np.where(bits[top3] > 3, top3 & (top3 - 1), top3)
    missing = deck_mask & ~masks
    first_missing = high[missing].astype(np.int64)
    rest = missing & ~(1 << np.maximum(first_missing, 0))
    second_missing = high[rest].astype(np.int64)
    best = masks | (1 << np.maximum(first_missing, 0)) | (1 << np.maximum(second_missing, 0))
    nut_flush = top5[best]
    # Omaha: the board's best three of the suit and the two best ranks it lacks.
    omaha_nut_flush = top3 | (best & ~masks)
    numbers = range(ranking.class_count + 1)
    category = np.zeros(len(numbers), dtype=np.int8)
    first = np.zeros(len(numbers), dtype=np.int8)
    second = np.zeros(len(numbers), dtype=np.int8)
    for n in numbers[1:]:
        ranks = list(dict.fromkeys(int(r) for r in ranking.ranks_of(n)))  # distinct, in order
        category[n] = ranking.categories[n]
        first[n], second[n] = ranks[0], ranks[1]
    strength = np.full(16, -1, dtype=np.int8)
    for place, cat in enumerate(rules.categories):
        strength[cat] = place
    classes = (
        _PLAYING_BOARD,
        *(label for cat in reversed(rules.categories) for label in _BY_CATEGORY[cat]),
    )
    return BoardTables(
        ranking=ranking,
        classes=classes,
        index={label.key: i for i, label in enumerate(classes)},
        deck_mask=deck_mask,
        ace=order[-1],
        ranks=tuple(order),
        windows=tuple(windows),
        straight=straight,
        nut_straight=nut_straight,
        top5=top5.astype(np.int16),
        nut_flush=nut_flush.astype(np.int16),
        top3=top3.astype(np.int16),
        omaha_nut_flush=omaha_nut_flush.astype(np.int16),
        high=high,
        low=low,
        bits=bits,
        category=category,
        first=first,
        second=second,
        strength=strength,
    )


@dataclass(frozen=True)
class Labels:
    """Each row's made-hand class (an index into ``classes``), draw flags and straight outs.

    ``draws[i, j]`` says whether row ``i`` has :data:`DRAWS` ``[j]`` (all False on
    the river); ``straight_outs[i]`` counts the unseen cards completing a straight
    that would beat what row ``i`` holds (0 when none, or the draw is not reported).
    """

    classes: tuple[Label, ...]
    made: NDArray[np.int8]
    draws: NDArray[np.bool_]
    straight_outs: NDArray[np.int8]

    def made_key(self, row: int) -> str:
        """The key of row ``row``'s made-hand class."""
        return self.classes[int(self.made[row])].key

    def draw_keys(self, row: int) -> list[str]:
        """The keys of row ``row``'s draws, in :data:`DRAWS` order."""
        return [DRAWS[j].key for j in np.flatnonzero(self.draws[row])]


def label_rows(
    hole: NDArray[np.integer[Any]],
    board: NDArray[np.integer[Any]],
    rules: RulesLike = "standard",
    hole_used: int | None = None,
) -> Labels:
    """Label each row: ``hole`` (N, hole cards) and ``board`` (N, 3-5) card indices.

    Rows must hold distinct cards of the ranking's deck (the caller checks them; a
    bad row raises from the batch evaluator). ``hole_used`` is how a hand is formed:
    the game family's own :attr:`~lookup.game.family.GameFamily.hole_used` (None: any of
    the hole cards play, as in Hold'em), a key of :data:`FORMATIONS`.

    >>> import numpy as np
    >>> labels = label_rows(np.array([[51, 47]]), np.array([[46, 42, 0]]))  # AsKs on KhQh2c
    >>> labels.made_key(0), labels.draw_keys(0), int(labels.straight_outs[0])
    ('top-pair-top-kicker', ['backdoor-straight-draw'], 0)
    >>> label_rows(np.array([[51, 51]]), np.array([[46, 42, 0]]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.DuplicateCardError: row 0: card As appears twice; the cards of a row must be ...
    """
    return FORMATIONS[hole_used](np.asarray(hole, np.int64), np.asarray(board, np.int64), rules)


def _pattern(counts: NDArray[np.int64]) -> NDArray[np.int64]:
    """The category made by rank counts alone (suits ignored), one per row."""
    most = counts.max(axis=1)
    pairs = (counts >= 2).sum(axis=1)
    return np.select(
        [most >= 4, (most == 3) & (pairs >= 2), most == 3, pairs >= 2, pairs == 1],
        [
            Category.FOUR_OF_A_KIND,
            Category.FULL_HOUSE,
            Category.THREE_OF_A_KIND,
            Category.TWO_PAIR,
            Category.ONE_PAIR,
        ],
        Category.HIGH_CARD,
    ).astype(np.int64)


def _label_holdem(hole: NDArray[np.int64], board: NDArray[np.int64], rules: RulesLike) -> Labels:
    """Any five of two hole cards and the board (Hold'em, short deck)."""
    t = board_tables(rules)
    n, size = board.shape
    number = evaluate_batch(np.concatenate([hole, board], axis=1), rules=t.ranking).astype(np.int64)
    bm, suit_masks = _board_masks(board)
    made = _made(t, hole, bm, suit_masks, number, omaha=False)
    if size == 5:  # the board's own five: a hand no better than it plays the board
        alone = evaluate_batch(board, rules=t.ranking).astype(np.int64)
        made[number == alone] = t.index["playing-the-board"]
    strength = t.strength[t.category[number].astype(np.int64)]
    draws = np.zeros((n, len(DRAWS)), dtype=bool)
    outs = np.zeros(n, dtype=np.int64)
    if size < 5:
        outs = _draws(t, draws, hole, board, bm, made, strength, suit_masks)
    return Labels(t.classes, made.astype(np.int8), draws, outs.astype(np.int8))


def _board_masks(board: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Each row's board rank mask, and its rank mask of each suit (N, 4)."""
    n, size = board.shape
    rows = np.arange(n)
    one = np.int64(1)
    br, bs = board >> 2, board & 3
    bm = np.zeros(n, dtype=np.int64)
    suit_masks = np.zeros((n, 4), dtype=np.int64)
    for j in range(size):
        bm |= one << br[:, j]
        suit_masks[rows, bs[:, j]] |= one << br[:, j]
    return bm, suit_masks


def _made(
    t: BoardTables,
    hole: NDArray[np.int64],
    bm: NDArray[np.int64],
    suit_masks: NDArray[np.int64],
    number: NDArray[np.int64],
    *,
    omaha: bool,
) -> NDArray[np.int64]:
    """Each row's made-hand class from its two hole cards and its hand's class ``number``.

    ``omaha``: the two hole cards are the two that play with exactly three board cards
    (the flush is theirs and the board's best three of the suit; the straight uses both).
    The river's "the board's own five" test is the caller's (Hold'em only).
    """
    n = len(hole)
    rows = np.arange(n)
    one = np.int64(1)
    cat = t.category[number].astype(np.int64)
    r0 = t.first[number].astype(np.int64)
    r1 = t.second[number].astype(np.int64)
    hr, hs = hole >> 2, hole & 3
    hm = (one << hr[:, 0]) | (one << hr[:, 1])

    def held(rank: NDArray[np.int64]) -> NDArray[np.int64]:
        counted: NDArray[np.int64] = (hr[:, 0] == rank).astype(np.int64) + (hr[:, 1] == rank)
        return counted

    top = t.high[bm].astype(np.int64)
    second = t.high[bm & ~(one << top)].astype(np.int64)
    c = t.index
    made = np.full(n, -1, dtype=np.int64)
    board_made = np.zeros(n, dtype=bool)  # no hole card among the ranks that name it

    def assign(where: NDArray[np.bool_], key: str) -> None:
        made[where & (made < 0)] = c[key]

    h0, h1 = held(r0), held(r1)
    is_ = {category: cat == category for category in _BY_CATEGORY}
    assign(is_[Category.STRAIGHT_FLUSH], "straight-flush")
    board_made |= is_[Category.FOUR_OF_A_KIND] & (h0 == 0)
    assign(is_[Category.FOUR_OF_A_KIND] & (h0 > 0), "quads")
    board_made |= is_[Category.FULL_HOUSE] & (h0 + h1 == 0)
    assign(is_[Category.FULL_HOUSE] & (h0 + h1 > 0), "full-house")
    if is_[Category.FLUSH].any():
        if omaha:  # both hole cards are of the flush's suit, with the board's best three
            flush_suit = hs[:, 0]
            on_board = suit_masks[rows, flush_suit]
            mine = hm | t.top3[on_board]
            nut = t.omaha_nut_flush[on_board]
        else:
            all_suits = suit_masks.copy()
            for j in range(2):
                all_suits[rows, hs[:, j]] |= one << hr[:, j]
            flush_suit = np.argmax(t.bits[all_suits] >= 5, axis=1)
            mine = t.top5[all_suits[rows, flush_suit]]
            nut = t.nut_flush[suit_masks[rows, flush_suit]]
        assign(is_[Category.FLUSH] & (mine == nut), "nut-flush")
        assign(is_[Category.FLUSH], "flush")
    if omaha:  # the best window holding both hole ranks, its other three on the board
        mine_straight = np.full(n, -1, dtype=np.int64)
        for i, window in enumerate(t.windows):
            fits = ((hm & ~window) == 0) & ((window & ~hm & ~bm) == 0) & (t.bits[hm] == 2)
            mine_straight[fits] = i
    else:
        mine_straight = t.straight[bm | hm]
    nut_straight = t.nut_straight[bm]  # three board ranks of a window: with two cards, both ways
    assign(is_[Category.STRAIGHT] & (mine_straight == nut_straight), "nut-straight")
    assign(is_[Category.STRAIGHT], "straight")
    trips = is_[Category.THREE_OF_A_KIND]
    board_made |= trips & (h0 == 0)
    assign(trips & (h0 == 2), "set")
    assign(trips & (h0 == 1), "trips")
    two = is_[Category.TWO_PAIR]
    board_made |= two & (h0 + h1 == 0)
    singles = two & (h0 == 1) & (h1 == 1)
    assign(singles & (r0 == top) & (r1 == second), "top-two")
    assign(singles & (r0 == top), "top-and-another")
    assign(singles, "two-lower")
    assign(two & ((h0 == 2) | (h1 == 2)), "pocket-pair-board-pair")
    assign(two & (h0 + h1 == 1), "pair-board-pair")
    pair = is_[Category.ONE_PAIR]
    board_made |= pair & (h0 == 0)
    pocket = pair & (h0 == 2)
    assign(pocket & (r0 > top), "overpair")
    assign(pocket & (r0 < t.low[bm]), "underpair")
    assign(pocket, "pocket-pair-between")
    paired = pair & (h0 == 1)
    kicker = np.where(hr[:, 0] == r0, hr[:, 1], hr[:, 0])
    above = t.deck_mask & ~bm & ~((one << (kicker + 1)) - 1)  # unseen-on-board ranks above it
    kicker_place = t.bits[above]
    assign(paired & (r0 == top) & (kicker_place == 0), "top-pair-top-kicker")
    assign(paired & (r0 == top) & (kicker_place <= 2), "top-pair-good-kicker")
    assign(paired & (r0 == top), "top-pair-weak-kicker")
    assign(paired & (r0 == second), "second-pair")
    assign(paired, "lower-pair")
    made[board_made] = c["playing-the-board"]  # the ranks that name the hand: all the board's
    has_ace = (hr[:, 0] == t.ace) | (hr[:, 1] == t.ace)
    assign(is_[Category.HIGH_CARD] & has_ace, "ace-high")
    assign(is_[Category.HIGH_CARD], "nothing")
    return made


def _draws(
    t: BoardTables,
    draws: NDArray[np.bool_],
    hole: NDArray[np.int64],
    board: NDArray[np.int64],
    bm: NDArray[np.int64],
    made: NDArray[np.int64],
    strength: NDArray[np.int8],
    suit_masks: NDArray[np.int64],
) -> NDArray[np.int64]:
    """Fill ``draws`` in place (flop and turn); return each row's reported straight outs."""
    n, size = board.shape
    rows = np.arange(n)
    one = np.int64(1)
    hr, hs = hole >> 2, hole & 3
    mine = bm | (one << hr[:, 0]) | (one << hr[:, 1])
    flush_better = strength < t.strength[Category.FLUSH]
    straight_better = strength < t.strength[Category.STRAIGHT]
    board_suits = np.stack([t.bits[suit_masks[:, s]] for s in range(4)], axis=1)
    hole_suits = np.stack([(hs == s).sum(axis=1) for s in range(4)], axis=1)
    suited = board_suits + hole_suits
    four = (suited == 4) & (hole_suits >= 1)
    flush_draw = four.any(axis=1) & flush_better
    suit = np.argmax(four, axis=1)
    nut_rank = t.high[t.deck_mask & ~suit_masks[rows, suit]]
    holds_nut = ((hr == nut_rank[:, None]) & (hs == suit[:, None])).any(axis=1)
    draws[:, _DRAW["flush-draw"]] = flush_draw
    draws[:, _DRAW["nut-flush-draw"]] = flush_draw & holds_nut
    completing = np.zeros(n, dtype=np.int64)
    for r in t.ranks:
        bit = one << r
        new = (mine & bit) == 0
        completing += new & (t.straight[mine | bit] > t.straight[bm | bit])
    straight_draw = (completing > 0) & straight_better
    draws[:, _DRAW["straight-draw-8"]] = straight_draw & (completing >= 2)
    draws[:, _DRAW["gutshot"]] = straight_draw & (completing == 1)
    if size == 3:
        backdoor = ((suited == 3) & (hole_suits >= 1)).any(axis=1)
        draws[:, _DRAW["backdoor-flush-draw"]] = backdoor & flush_better
        # Without a one-card straight on a flop, a turn and river that make a straight make
        # one whole window of two ranks the cards lack: try each window, not each pair.
        two_cards = np.zeros(n, dtype=bool)
        for window in t.windows:
            lacking = window & ~mine
            two = t.bits[lacking] == 2
            two_cards |= two & (t.straight[mine | lacking] > t.straight[bm | lacking])
        draws[:, _DRAW["backdoor-straight-draw"]] = two_cards & (completing == 0) & straight_better
    no_pair = np.isin(made, [t.index[key] for key in ("ace-high", "nothing", "playing-the-board")])
    over = np.flatnonzero(no_pair & (hr[:, 0] != hr[:, 1]) & (hr.min(axis=1) > t.high[bm]))
    if len(over):  # would pairing a hole card make a higher category? by rank counts
        some = np.arange(len(over))
        counts = np.zeros((len(over), 13), dtype=np.int64)
        for j in range(size):
            counts[some, board[over, j] >> 2] += 1
        for j in range(2):
            counts[some, hr[over, j]] += 1
        improves = np.zeros(len(over), dtype=bool)
        for j in range(2):
            after = counts.copy()
            after[some, hr[over, j]] += 1
            improves |= t.strength[_pattern(after)] > strength[over]
        draws[over[improves], _DRAW["two-overcards"]] = True
    pair = np.isin(made, [t.index[key] for key in PAIR_KEYS])
    draws[:, _DRAW["flush-and-straight-draw"]] = flush_draw & straight_draw
    draws[:, _DRAW["pair-and-flush-draw"]] = pair & flush_draw
    draws[:, _DRAW["pair-and-straight-draw"]] = pair & straight_draw
    return np.where(straight_draw, 4 * completing, 0)


def _label_omaha(hole: NDArray[np.int64], board: NDArray[np.int64], rules: RulesLike) -> Labels:
    """Exactly two hole cards with exactly three board cards (the Omaha family, Courchevel).

    Each pair of hole cards is labelled as a Hold'em hand of those two under the 2+3 rule
    (its value: the best of its fives with three board cards, one batch lookup each); the
    combo's value is its best pair's, and its class the first in precedence among the
    pairs making that value, playing the board only when none of them names it otherwise.
    """
    t = board_tables(rules)
    n, size = board.shape
    pairs = list(combinations(range(hole.shape[1]), 2))
    triples = list(combinations(range(size), 3))
    two = np.concatenate([hole[:, list(pair)] for pair in pairs])  # pair-major: (P * N, 2)
    boards = np.tile(board, (len(pairs), 1))
    number = np.full(len(two), np.iinfo(np.int64).max, dtype=np.int64)
    for triple in triples:
        five = np.concatenate([two, boards[:, list(triple)]], axis=1)
        number = np.minimum(number, evaluate_batch(five, rules=t.ranking).astype(np.int64))
    bm, suit_masks = _board_masks(board)
    per_pair = _made(
        t, two, np.tile(bm, len(pairs)), np.tile(suit_masks, (len(pairs), 1)), number, omaha=True
    ).reshape(len(pairs), n)
    numbers = number.reshape(len(pairs), n)
    best = numbers.min(axis=0)
    board_key = t.index["playing-the-board"]
    # Among the pairs making the best hand, the first class in precedence, the board's last.
    order = np.where(per_pair == board_key, len(t.classes), per_pair)
    order = np.where(numbers == best, order, len(t.classes) + 1)
    made = order.min(axis=0)
    made[made == len(t.classes)] = board_key
    draws = np.zeros((n, len(DRAWS)), dtype=bool)
    outs = np.zeros(n, dtype=np.int64)
    if size < 5:
        outs = _omaha_draws(t, draws, hole, board, bm, made, t.category[best], suit_masks)
    return Labels(t.classes, made.astype(np.int8), draws, outs.astype(np.int8))


def _omaha_draws(
    t: BoardTables,
    draws: NDArray[np.bool_],
    hole: NDArray[np.int64],
    board: NDArray[np.int64],
    bm: NDArray[np.int64],
    made: NDArray[np.int64],
    category: NDArray[np.int8],
    suit_masks: NDArray[np.int64],
) -> NDArray[np.int64]:
    """Omaha's draws (flop and turn), each completed by two hole and three board cards."""
    n, size = board.shape
    one = np.int64(1)
    hr, hs = hole >> 2, hole & 3
    strength = t.strength[category.astype(np.int64)]
    flush_better = strength < t.strength[Category.FLUSH]
    straight_better = strength < t.strength[Category.STRAIGHT]
    flush_draw = np.zeros(n, dtype=bool)
    nut_draw = np.zeros(n, dtype=bool)
    backdoor = np.zeros(n, dtype=bool)
    for suit in range(4):
        in_hole = (hs == suit).sum(axis=1)
        on_board = t.bits[suit_masks[:, suit]]
        draw = (in_hole >= 2) & (on_board == 2)  # one more of the suit: two hole, three board
        nut_rank = t.high[t.deck_mask & ~suit_masks[:, suit]]
        holds_nut = ((hr == nut_rank[:, None]) & (hs == suit)).any(axis=1)
        flush_draw |= draw
        nut_draw |= draw & holds_nut
        backdoor |= (in_hole >= 2) & (on_board == 1)
    flush_draw &= flush_better
    draws[:, _DRAW["flush-draw"]] = flush_draw
    draws[:, _DRAW["nut-flush-draw"]] = nut_draw & flush_better
    if size == 3:
        draws[:, _DRAW["backdoor-flush-draw"]] = backdoor & flush_better
    # A straight is a window of two hole ranks and three board ranks: for each window and
    # each two of its ranks the hole holds, the ranks the board lacks are what completes it.
    held = np.zeros((n, 13), dtype=np.int64)
    for j in range(hole.shape[1]):
        held[np.arange(n), hr[:, j]] += 1
    hm = np.zeros(n, dtype=np.int64)
    for j in range(hole.shape[1]):
        hm |= one << hr[:, j]
    on_board_count = np.zeros((n, 13), dtype=np.int64)
    for j in range(size):
        on_board_count[np.arange(n), board[:, j] >> 2] += 1
    unseen = 4 - held - on_board_count  # cards of each rank in neither the hole nor the board
    available = np.zeros(n, dtype=np.int64)
    for r in t.ranks:
        available |= np.where(unseen[:, r] > 0, one << r, 0)
    one_card = np.zeros(n, dtype=np.int64)  # ranks one card of which completes a straight
    two_cards = np.zeros(n, dtype=bool)
    for window in t.windows:
        ranks = [r for r in range(13) if window >> r & 1]
        for a, b in combinations(ranks, 2):
            used = (one << a) | (one << b)
            holds = (hm & used) == used
            lacking = window & ~used & ~bm
            count = t.bits[lacking]
            one_card |= np.where(holds & (count == 1), lacking, 0)
            if size == 3:
                two_cards |= holds & (count == 2) & ((lacking & ~available) == 0)
    completing = np.zeros(n, dtype=np.int64)
    for r in t.ranks:
        completing += np.where(one_card >> r & 1 == 1, unseen[:, r], 0)
    straight_draw = (completing > 0) & straight_better
    draws[:, _DRAW["straight-draw-8"]] = straight_draw & (completing >= 8)
    draws[:, _DRAW["gutshot"]] = straight_draw & (completing < 8)
    if size == 3:
        draws[:, _DRAW["backdoor-straight-draw"]] = two_cards & (completing == 0) & straight_better
    # Two overcards: two hole ranks above the board; pairing one (with another hole card and
    # two board cards) beats high card or a board pair, never the board's trips.
    no_pair = np.isin(made, [t.index[key] for key in ("ace-high", "nothing", "playing-the-board")])
    over = t.bits[hm & ~((one << (t.high[bm].astype(np.int64) + 1)) - 1)] >= 2
    pairing_helps = (category == Category.HIGH_CARD) | (category == Category.ONE_PAIR)
    draws[:, _DRAW["two-overcards"]] = no_pair & over & pairing_helps
    pair = np.isin(made, [t.index[key] for key in PAIR_KEYS])
    draws[:, _DRAW["flush-and-straight-draw"]] = flush_draw & straight_draw
    draws[:, _DRAW["pair-and-flush-draw"]] = pair & flush_draw
    draws[:, _DRAW["pair-and-straight-draw"]] = pair & straight_draw
    return np.where(straight_draw, completing, 0)


Labeller = Callable[[NDArray[np.int64], NDArray[np.int64], RulesLike], Labels]
"""Labels rows of (hole cards, board cards) under a ranking: one game family's formation."""

FORMATIONS: Final[Mapping[int | None, Labeller]] = MappingProxyType(
    {None: _label_holdem, 2: _label_omaha}
)
"""How a board game forms a hand, by how many hole cards must play (its family's
``hole_used``): the labeller of its rows (read-only). None, any five of the hole and
board cards (Hold'em and short deck); 2, exactly two hole cards with exactly three
board cards (the Omaha family and Courchevel; a hole card counts only as one of the
two that play)."""
