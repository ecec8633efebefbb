"""The vectorised showdown kernel behind :func:`lookup.odds.holdem.engine.equity` (numpy only).

Every Hold'em showdown is a five-card board plus each player's two hole cards.
The board is shared, so its part of the work is done once per board and then
combined with each player's hole cards:

* the **rank key** of the five board ranks (the sum of their weights); a player's
  seven-card rank key is that plus the hole cards' (see :mod:`lookup.batch.evaluate`), one
  ``uint64`` add per player and board, looked up in the six/seven-card table;
* **suit counters**, four bits per suit: a seven-card flush needs at least
  three board cards of one suit, so only those boards (about one in six
  preflop) are checked for flushes at all, each against its single candidate
  suit, and only there is the flush table consulted (a flush outranks
  everything but a straight flush in seven cards, and excludes quads and full
  houses, so the flush class simply replaces the rank-multiset class).

Boards come in chunks (:class:`Boards`) of at most :data:`CHUNK_BOARDS`, so
memory stays bounded whatever the enumeration size.

>>> import numpy as np
>>> boards = board_chunk(np.array([[0, 5, 10, 20, 30]]))  # 2c 3d 4h 7h 9h
>>> from lookup.game.entry import evaluate
>>> int(player_classes(boards, 51, 50)[0]) == evaluate("As Ah", "2c 3d 4h 7h 9h").kev
True
>>> board_chunk(np.array([[0, 5, 10, 20]]))
Traceback (most recent call last):
...
ValueError: boards must have five cards each, got shape (1, 4)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lookup.batch.evaluate import batch_tables, classes_of_rank_keys
from lookup.core.cards import DECK
from lookup.odds.results import SHARE_UNIT

__all__ = [
    "CHUNK_BOARDS",
    "Boards",
    "board_chunk",
    "enumerate_boards",
    "player_classes",
    "showdown_counts",
]

U64 = npt.NDArray[np.uint64]
U32 = npt.NDArray[np.uint32]
U16 = npt.NDArray[np.uint16]
I64 = npt.NDArray[np.int64]
Indices = npt.NDArray[np.intp]

CHUNK_BOARDS: Final = 1 << 16
"""Most boards per chunk: small enough that a chunk's arrays stay in the CPU cache
(measured about 2x faster per board than passes over a million boards)."""


@dataclass(frozen=True)
class _Views:
    """Per-card constants this kernel adds to :func:`lookup.batch.evaluate.batch_tables`."""

    rank_key: U64  # card index -> its rank's weight (lookup.batch.evaluate: card_rank_key)
    lane: U32  # card index -> 1 << 4 * suit
    suit_ranks: U64  # card index -> 1 << (16 * suit + rank)
    card_bit: U64  # card index -> 1 << index
    suit: npt.NDArray[np.uint8]
    rank_bit: U16  # card index -> 1 << rank
    flush: U16  # rank mask of one suit -> flush class


@cache
def _views() -> _Views:
    t = batch_tables()
    index = np.arange(52)
    rank = np.array([card.rank for card in DECK])  # lookup.core.cards owns the encoding
    suit = t.card_suit.astype(np.int64)
    return _Views(
        rank_key=t.card_rank_key,
        lane=(np.uint32(1) << (4 * suit).astype(np.uint32)).astype(np.uint32),
        suit_ranks=(np.uint64(1) << (16 * suit + rank).astype(np.uint64)),
        card_bit=(np.uint64(1) << index.astype(np.uint64)),
        suit=t.card_suit,
        rank_bit=t.card_rank_bit,
        flush=t.flush,
    )


@dataclass(frozen=True)
class Boards:
    """A chunk of complete five-card boards, reduced to what showdowns need."""

    rank_sum: U64
    """Base-5 rank sum of each board's five ranks."""
    flush_boards: Indices
    """Positions of the boards with three or more cards of one suit."""
    flush_suit: npt.NDArray[np.uint8]
    """That suit, for each of ``flush_boards``."""
    flush_count: npt.NDArray[np.uint8]
    """How many board cards are of that suit."""
    flush_ranks: U16
    """The 13-bit rank mask of the board cards of that suit."""

    def __len__(self) -> int:
        return len(self.rank_sum)


def _boards_from_parts(rank_sum: U64, lanes: U32, suit_ranks: U64) -> Boards:
    # +5 in each 4-bit lane carries into its top bit exactly when the lane holds >= 3.
    high = (lanes + np.uint32(0x5555)) & np.uint32(0x8888)
    where = np.flatnonzero(high)
    top = high[where]
    suit = (
        (top > 0x8).astype(np.uint8)
        + (top > 0x80).astype(np.uint8)
        + (top > 0x800).astype(np.uint8)
    )
    count = ((lanes[where] >> (4 * suit).astype(np.uint32)) & np.uint32(0xF)).astype(np.uint8)
    ranks = ((suit_ranks[where] >> (16 * suit).astype(np.uint64)) & np.uint64(0x1FFF)).astype(
        np.uint16
    )
    return Boards(rank_sum, where, suit, count, ranks)


@dataclass(frozen=True)
class BoardParts:
    """Accumulated parts of many sets of cards (all of one size): the raw form of boards."""

    rank_sum: U64
    lanes: U32
    suit_ranks: U64
    card_bits: U64

    def __len__(self) -> int:
        return len(self.rank_sum)

    def plus(self, other: BoardParts) -> BoardParts:
        """Parts of each set here joined with the matching (or single) set of ``other``."""
        return BoardParts(
            self.rank_sum + other.rank_sum,
            self.lanes + other.lanes,
            self.suit_ranks | other.suit_ranks,
            self.card_bits | other.card_bits,
        )

    def take(self, rows: Indices) -> BoardParts:
        """The sets at positions ``rows``."""
        return BoardParts(
            self.rank_sum[rows], self.lanes[rows], self.suit_ranks[rows], self.card_bits[rows]
        )

    def boards(self) -> Boards:
        """These sets as complete boards (they must hold five cards each)."""
        return _boards_from_parts(self.rank_sum, self.lanes, self.suit_ranks)


def parts_of(cards: list[int]) -> BoardParts:
    """The parts of one fixed set of card indices, as length-1 arrays."""
    v = _views()
    idx = np.array(cards, dtype=np.intp)
    return BoardParts(
        np.array([int(v.rank_key[idx].sum(dtype=np.uint64))], dtype=np.uint64),
        np.array([int(v.lane[idx].sum())], dtype=np.uint32),
        np.array([int(np.bitwise_or.reduce(v.suit_ranks[idx], initial=0))], dtype=np.uint64),
        np.array([int(np.bitwise_or.reduce(v.card_bit[idx], initial=0))], dtype=np.uint64),
    )


def dealt_parts(cards: npt.NDArray[Any]) -> BoardParts:
    """Parts of each row of an ``(N, k)`` array of card indices, ``k >= 1``."""
    v = _views()
    first = cards[:, 0]
    rank_sum, lanes = v.rank_key[first], v.lane[first]
    suit_ranks, card_bits = v.suit_ranks[first], v.card_bit[first]
    for column in range(1, cards.shape[1]):
        card = cards[:, column]
        rank_sum = rank_sum + v.rank_key[card]
        lanes = lanes + v.lane[card]
        suit_ranks = suit_ranks | v.suit_ranks[card]
        card_bits = card_bits | v.card_bit[card]
    return BoardParts(rank_sum, lanes, suit_ranks, card_bits)


def board_chunk(cards: npt.NDArray[Any]) -> Boards:
    """Boards from an ``(N, 5)`` array of card indices (0 = 2c ... 51 = As)."""
    cards = np.asarray(cards, dtype=np.intp)
    if cards.ndim != 2 or cards.shape[1] != 5:
        raise ValueError(f"boards must have five cards each, got shape {cards.shape}")
    return dealt_parts(cards).boards()


def _combinations(deck: Indices, k: int) -> BoardParts:
    """Parts of every k-card subset of ``deck``, in lexicographic order of positions."""
    v = _views()
    n = len(deck)
    last = np.full(1, -1, dtype=np.intp)
    acc = parts_of([])
    for level in range(k):
        # Each partial combination is extended by every later position that still
        # leaves room for the cards yet to come: positions last+1 .. n-k+level.
        counts = (n - k + level) - last
        owner = np.repeat(np.arange(len(last)), counts)
        starts = np.cumsum(counts) - counts
        position = last[owner] + 1 + (np.arange(len(owner)) - starts[owner])
        card = deck[position]
        acc = BoardParts(
            acc.rank_sum[owner] + v.rank_key[card],
            acc.lanes[owner] + v.lane[card],
            acc.suit_ranks[owner] | v.suit_ranks[card],
            acc.card_bits[owner] | v.card_bit[card],
        )
        last = position
    return acc


def enumerate_boards(known: list[int], deck: list[int]) -> Iterator[BoardParts]:
    """Every completion of the ``known`` board cards from ``deck``, in chunks.

    The chunks together hold each of the C(len(deck), 5 - len(known)) boards
    once, none more than :data:`CHUNK_BOARDS`; the tables they are cut from hold
    at most C(47, 4) = 178,365 partial boards. ``card_bits`` of each chunk holds
    the dealt cards only (not ``known``), so callers can drop boards that use a
    given card.
    """
    k = 5 - len(known)
    base = parts_of(known)
    cards = np.array(sorted(deck), dtype=np.intp)
    n = len(cards)

    def emit(part: BoardParts) -> Iterator[BoardParts]:
        whole = base.plus(part)
        for start in range(0, len(part), CHUNK_BOARDS):
            block = slice(start, start + CHUNK_BOARDS)
            yield BoardParts(
                whole.rank_sum[block],
                whole.lanes[block],
                whole.suit_ranks[block],
                part.card_bits[block],
            )

    if comb(n, k) <= CHUNK_BOARDS:
        yield from emit(_combinations(cards, k))
        return
    # Too many for one table: fix the first dealt card at position i and take
    # the rest from the suffix after it. Combinations of k-1 from cards[i+1:] are
    # the last C(n-1-i, k-1) rows of the lexicographic combinations of cards[1:],
    # so one table of those serves every i. Once the suffix is small enough, the
    # remaining boards go in one last chunk.
    tail = _combinations(cards[1:], k - 1)
    first = 0
    while comb(n - first, k) > CHUNK_BOARDS:
        size = comb(n - 1 - first, k - 1)
        rows = slice(len(tail) - size, None)
        lead = parts_of([int(cards[first])])
        yield from emit(
            BoardParts(
                tail.rank_sum[rows], tail.lanes[rows], tail.suit_ranks[rows], tail.card_bits[rows]
            ).plus(lead)
        )
        first += 1
    yield from emit(_combinations(cards[first:], k))


def player_classes(boards: Boards, first: int, second: int) -> U16:
    """Class number (1 = royal flush ... 7,462) of one fixed hole pair on each board."""
    v = _views()
    classes = classes_of_rank_keys(boards.rank_sum + (v.rank_key[first] + v.rank_key[second]))
    if len(boards.flush_boards):
        hole_count = np.zeros(4, dtype=np.uint8)
        hole_ranks = np.zeros(4, dtype=np.uint16)
        for card in (first, second):
            hole_count[v.suit[card]] += 1
            hole_ranks[v.suit[card]] |= v.rank_bit[card]
        count = boards.flush_count + hole_count[boards.flush_suit]
        made = count >= 5
        if made.any():
            ranks = boards.flush_ranks[made] | hole_ranks[boards.flush_suit[made]]
            classes[boards.flush_boards[made]] = v.flush[ranks]
    return classes


def dealt_classes(boards: Boards, first: Indices, second: Indices) -> U16:
    """Class numbers when every board has its own hole pair (``first[i]``, ``second[i]``)."""
    v = _views()
    classes = classes_of_rank_keys(boards.rank_sum + v.rank_key[first] + v.rank_key[second])
    if len(boards.flush_boards):
        where = boards.flush_boards
        suit = boards.flush_suit
        a, b = first[where], second[where]
        in_a = v.suit[a] == suit
        in_b = v.suit[b] == suit
        count = boards.flush_count + in_a + in_b
        made = count >= 5
        if made.any():
            ranks = (
                boards.flush_ranks[made]
                | (v.rank_bit[a[made]] * in_a[made])
                | (v.rank_bit[b[made]] * in_b[made])
            )
            classes[where[made]] = v.flush[ranks]
    return classes


@cache
def _share_table(players: int) -> I64:
    """Pot share, in SHARE_UNIT units, of each winner when ``k`` players tie for best."""
    table = np.zeros(players + 1, dtype=np.int64)
    table[1:] = SHARE_UNIT // np.arange(1, players + 1)
    return table


@dataclass
class ShowdownTally:
    """Running totals per player over many showdowns (exact integers)."""

    players: int
    showdowns: int = 0

    def __post_init__(self) -> None:
        self.wins = np.zeros(self.players, dtype=np.int64)
        self.ties = np.zeros(self.players, dtype=np.int64)
        self.shares = np.zeros(self.players, dtype=np.int64)  # sum of shares, SHARE_UNIT units
        self.squares = np.zeros(self.players, dtype=np.int64)  # sum of squared shares

    def add(self, classes: list[U16]) -> None:
        """Count the showdowns of one chunk: ``classes[p][i]`` is player p on board i."""
        size = len(classes[0])
        self.showdowns += size
        if self.players == 2:
            a, b = classes
            wins_a = int(np.count_nonzero(a < b))
            wins_b = int(np.count_nonzero(b < a))
            ties = size - wins_a - wins_b
            for p, wins in enumerate((wins_a, wins_b)):
                self.wins[p] += wins
                self.ties[p] += ties
                self.shares[p] += wins * SHARE_UNIT + ties * (SHARE_UNIT // 2)
                self.squares[p] += wins * SHARE_UNIT**2 + ties * (SHARE_UNIT // 2) ** 2
            return
        best = np.minimum.reduce(classes)
        on_top = [c == best for c in classes]
        winners = np.add.reduce(on_top, dtype=np.uint8)
        share = _share_table(self.players)
        for p, top in enumerate(on_top):
            # How many times player p was among k winners, for each k.
            by_size = np.bincount(winners[top], minlength=self.players + 1).astype(np.int64)
            self.wins[p] += by_size[1]
            self.ties[p] += by_size[2:].sum()
            self.shares[p] += int(by_size @ share)
            self.squares[p] += int(by_size @ (share * share))


def showdown_counts(classes: list[U16]) -> ShowdownTally:
    """Tally one chunk of showdowns; handy for tests.

    >>> import numpy as np
    >>> t = showdown_counts([np.array([1, 5], np.uint16), np.array([2, 5], np.uint16)])
    >>> t.wins.tolist(), t.ties.tolist(), t.shares.tolist()
    ([1, 0], [1, 1], [7560, 2520])
    """
    tally = ShowdownTally(len(classes))
    tally.add(classes)
    return tally


def _repeats_a_card(cards: npt.NDArray[Any], card_bits: U64) -> npt.NDArray[np.bool_]:
    """Rows of ``cards`` holding some card twice: their card bits OR to less than they add to."""
    bit = _views().card_bit
    total = bit[cards[:, 0]].copy()
    for column in range(1, cards.shape[1]):
        total += bit[cards[:, column]]  # distinct bits never carry, so sum == OR
    repeats: npt.NDArray[np.bool_] = total != card_bits
    return repeats


def deal_distinct(
    rng: np.random.Generator, deck: npt.NDArray[np.uint8], k: int, m: int
) -> BoardParts:
    """Parts of ``m`` uniformly random ``k``-card subsets of ``deck``.

    Draws ``k`` cards with replacement and redraws the rows that repeat a card
    (about one in five for five cards from 46): a row kept is a uniform
    ordered draw of distinct cards, so its set is a uniform subset. Cheaper than
    shuffling when every row shares one deck.
    """
    n = len(deck)
    cards = deck[rng.integers(0, n, size=(m, k))]
    parts = dealt_parts(cards)
    redo = np.flatnonzero(_repeats_a_card(cards, parts.card_bits))
    while redo.size:
        cards = deck[rng.integers(0, n, size=(redo.size, k))]
        again = dealt_parts(cards)
        fine = ~_repeats_a_card(cards, again.card_bits)
        rows = redo[fine]
        parts.rank_sum[rows] = again.rank_sum[fine]
        parts.lanes[rows] = again.lanes[fine]
        parts.suit_ranks[rows] = again.suit_ranks[fine]
        parts.card_bits[rows] = again.card_bits[fine]
        redo = redo[~fine]
    return parts


def combo_bits(combos: Sequence[tuple[int, int]]) -> U64:
    """One 52-bit card mask per two-card combo, to test holdings for shared cards.

    >>> combo_bits([(51, 50), (0, 1)]).tolist() == [3 << 50, 3]
    True
    """
    v = _views()
    pairs = np.array(combos, dtype=np.intp).reshape(-1, 2)
    return v.card_bit[pairs[:, 0]] | v.card_bit[pairs[:, 1]]
