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

from lookup.batch.deals import combination_table
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


def combo_bits(combos: Sequence[tuple[int, int]]) -> U64:
    """One 52-bit card mask per two-card combo, to test holdings for shared cards.

    >>> combo_bits([(51, 50), (0, 1)]).tolist() == [3 << 50, 3]
    True
    """
    v = _views()
    pairs = np.array(combos, dtype=np.intp).reshape(-1, 2)
    return v.card_bit[pairs[:, 0]] | v.card_bit[pairs[:, 1]]


# Sampling by index. A Monte Carlo showdown needs a uniform board of the unseen
# cards; dealing it card by card costs five draws, a rejection pass and twenty
# gathers per board. Instead every board is one row of a table of pairs and one
# of a table of triples of the unseen cards (a few thousand rows, in the CPU
# cache), drawn by index: two draws, a card-bit test and a handful of gathers.
# Classes then come from one table of every hole rank pair against every board
# rank multiset, built once: no seven-card key is added or looked up per sample.

_FIT_DRAWS: Final = 1 << 11
"""Tables at most this long are indexed with uint16 draws (measured ~2x faster than
uint32 there); longer ones with uint32, which is ~2x faster than numpy's int64."""


@dataclass(frozen=True)
class _RankSpace:
    """Numbers for the rank multisets of holes and boards, the same for every deal."""

    hole_keys: U64
    """Sorted rank sums of the 91 two-card rank multisets (a hole, or a board's pair)."""
    triple_keys: U64
    """Sorted rank sums of the 455 three-card rank multisets."""
    board_keys: U64
    """Sorted rank sums of the 6,175 five-card rank multisets: a board's *rank id* is its place."""
    board_of: Indices
    """Pair id * 455 + triple id -> rank id of the board they make."""
    classes: U16
    """Hole id * 6,175 + board rank id -> the seven cards' class, flushes aside."""


@cache
def _rank_space() -> _RankSpace:
    """Built on first use from the seven-card table (20-30 ms; 1.5 MB), then read-only."""
    weights = _views().rank_key[::4]  # deuce first (lookup.core.cards orders by rank)

    def keys(size: int) -> U64:
        # Ascending rank tuples are the combinations of size from 13 + size - 1
        # positions, less 0, 1, 2, ... (stars and bars); five of one rank is no hand.
        ranks = combination_table(12 + size, size).astype(np.intp) - np.arange(size)
        ranks = ranks[ranks[:, 0] != ranks[:, -1]] if size == 5 else ranks
        return np.sort(weights[ranks].sum(axis=1, dtype=np.uint64))

    holes, triples, boards = keys(2), keys(3), keys(5)
    # A pair and a triple, or a hole and a board, that would need a fifth card of
    # one rank land on an arbitrary entry: no draw of distinct cards reaches them.
    board_of = np.searchsorted(boards, (holes[:, None] + triples[None, :]).reshape(-1))
    board_of = board_of.clip(max=len(boards) - 1).astype(np.intp)
    assert (len(holes), len(triples), len(boards)) == (91, 455, 6175)
    classes = classes_of_rank_keys((holes[:, None] + boards[None, :]).reshape(-1))
    for array in (holes, triples, boards, board_of, classes):
        array.setflags(write=False)
    return _RankSpace(holes, triples, boards, board_of, classes)


def subsets(deck: Sequence[int], k: int) -> BoardParts:
    """Parts of every ``k``-card subset of ``deck``, one row each (``k`` = 0 gives one empty set).

    >>> pairs = subsets([0, 1, 2, 3], 2)
    >>> len(pairs), [bin(int(b)) for b in pairs.card_bits[:3]]
    (6, ['0b11', '0b101', '0b1001'])
    """
    return _combinations(np.array(sorted(deck), dtype=np.intp), k)


def combo_parts(combos: Sequence[tuple[int, int]]) -> BoardParts:
    """Parts of each two-card combo (a holding's options), one row each."""
    return dealt_parts(np.array(combos, dtype=np.intp).reshape(-1, 2))


def draw_rows(rng: np.random.Generator, size: int, count: int) -> npt.NDArray[np.integer[Any]]:
    """``count`` uniform row numbers of a table of ``size`` rows (uint16 or uint32)."""
    dtype = np.uint16 if size <= _FIT_DRAWS else np.uint32
    return rng.integers(0, size, size=count, dtype=dtype)


@dataclass(frozen=True)
class BoardDealer:
    """Uniformly random completions of a deal, drawn by index from tables of subsets.

    A deal is ``holes`` two-card holdings (players who may hold any two cards)
    and the board's missing cards, each one row of a table of every subset of
    its size of the same deck: a hole is a row of the pairs; five board cards are
    a pair and a triple, two a pair, one a single. A draw whose rows share a
    card, or use a card held in that sample, is rejected by card bits (see
    :meth:`fits`): what is kept is uniform over the deals of the cards left,
    since every five-card set is made by the same C(5, 2) = 10 pairs with
    triples. A board is reduced to its rank id (the place of its rank multiset
    among all 6,175) and, if it can make a flush, its suit (:meth:`boards`).

    >>> dealer = BoardDealer.build([], list(range(8, 52)))  # no card below 4c
    >>> [len(t) for t in dealer.tables], round(dealer.acceptance(held=2), 4)
    ([946, 13244], 0.679)
    >>> BoardDealer.build([0, 1, 2], [0, 3, 4])
    Traceback (most recent call last):
    ...
    ValueError: board card 0 is also in the deck
    """

    base: BoardParts
    """The known board cards, as one set."""
    deck: int
    """How many cards the tables are cut from."""
    holes: int
    """How many two-card holdings each deal holds before its board."""
    tables: tuple[BoardParts, ...]
    """What each group of a deal is a row of: the holes' pairs, then the board's tables."""
    packed: tuple[U64, ...]
    """Per board table, each row's suit lanes (the known cards' added to the first
    table's) above bit 32 and its part of the board's id below: one gather per
    table and one add give both (neither part carries into the other)."""
    pair_and_triple: bool
    """Whether the id parts number a pair and a triple (looked up in ``board_of``)
    or are the rank id itself (the known cards included)."""

    @classmethod
    def build(cls, known: Sequence[int], deck: Sequence[int], holes: int = 0) -> BoardDealer:
        """The dealer of ``holes`` pairs and the rest of the ``known`` board from ``deck``."""
        for card in known:
            if card in deck:
                raise ValueError(f"board card {card} is also in the deck")
        space = _rank_space()
        base = parts_of(list(known))
        k = 5 - len(known)
        sizes = {5: (2, 3), 2: (2,), 1: (1,), 0: ()}[k]  # boards of 0, 3, 4 or 5 cards
        board_tables = [subsets(deck, size) for size in sizes]
        if k == 5:
            pairs, triples = board_tables
            ids = [
                np.searchsorted(space.hole_keys, pairs.rank_sum) * len(space.triple_keys),
                np.searchsorted(space.triple_keys, triples.rank_sum),
            ]
        else:
            # Few boards: each row's rank id, known cards included, is looked up once here.
            ids = [
                np.searchsorted(space.board_keys, t.rank_sum + base.rank_sum[0])
                for t in board_tables
            ]
        pair_table = board_tables[0] if sizes[:1] == (2,) else subsets(deck, 2)
        tables = (*([pair_table] * holes), *board_tables)
        packed = []
        for i, (table, part) in enumerate(zip(board_tables, ids, strict=True)):
            lanes = table.lanes.astype(np.uint64) + (base.lanes[0] if i == 0 else 0)
            packed.append(lanes << np.uint64(32) | part.astype(np.uint64))
        return cls(base, len(deck), holes, tables, tuple(packed), k == 5)

    def acceptance(self, held: int) -> float:
        """Share of draws :meth:`fits` keeps when each sample holds ``held`` cards of the deck."""
        proposals = 1
        valid = 1
        left = self.deck - held
        for table in self.tables:
            k = int(table.card_bits[0]).bit_count()
            proposals *= comb(self.deck, k)
            valid *= comb(left, k) if left >= k else 0
            left -= k
        return valid / proposals

    def draw(self, rng: np.random.Generator, count: int) -> list[npt.NDArray[np.integer[Any]]]:
        """``count`` uniform row numbers of each table (deals before :meth:`fits`)."""
        return [draw_rows(rng, len(table), count) for table in self.tables]

    def fits(
        self, rows: Sequence[npt.NDArray[np.integer[Any]]], held: U64 | None
    ) -> npt.NDArray[np.bool_] | None:
        """Which drawn deals use distinct cards, none in ``held`` (None: every one)."""
        bits = [table.card_bits.take(row) for table, row in zip(self.tables, rows, strict=True)]
        if len(bits) < (1 if held is not None else 2):
            return None  # nothing that could clash
        if held is None:
            used, bits = bits[0], bits[1:]
        else:
            used = held
        clash = used & bits[0]
        for i in range(1, len(bits)):
            used = used | bits[i - 1]
            clash |= used & bits[i]
        fine: npt.NDArray[np.bool_] = clash == 0
        return fine

    def boards(self, rows: Sequence[npt.NDArray[np.integer[Any]]], count: int) -> DrawnBoards:
        """The drawn boards, as their rank ids and suit lanes."""
        board_rows = rows[self.holes :]
        if board_rows:
            packed = self.packed[0].take(board_rows[0])
            for words, row in zip(self.packed[1:], board_rows[1:], strict=True):
                packed += words.take(row)
            rank_id = (packed & np.uint64(0xFFFFFFFF)).view(np.intp)
            if self.pair_and_triple:
                rank_id = _rank_space().board_of.take(rank_id)
        else:  # the river: one board
            alone = np.searchsorted(_rank_space().board_keys, self.base.rank_sum[0])
            rank_id = np.full(count, alone, dtype=np.intp)
            packed = np.full(count, np.uint64(self.base.lanes[0]) << np.uint64(32))
        return DrawnBoards(self, board_rows, rank_id, packed)


@dataclass(frozen=True)
class DrawnBoards:
    """A chunk of boards drawn by a :class:`BoardDealer`: what a player's class needs."""

    dealer: BoardDealer
    rows: Sequence[npt.NDArray[np.integer[Any]]]
    """The row of each board table each board is made of."""
    rank_id: Indices
    """Each board's place among the 6,175 five-card rank multisets."""
    lanes: U64
    """Each board's suit lanes (4 bits a suit) above bit 32; the bits below are not lanes."""

    def suit_ranks(self, where: Indices) -> U64:
        """The 4 x 16-bit suit-rank masks of the boards at positions ``where``."""
        dealer = self.dealer
        masks = np.full(len(where), dealer.base.suit_ranks[0], dtype=np.uint64)
        for table, row in zip(dealer.tables[dealer.holes :], self.rows, strict=True):
            masks |= table.suit_ranks.take(row.take(where))
        return masks


_FLUSH_TOPS: Final = np.uint64(0x8888 << 32)
"""The top bit of each suit lane of :attr:`DrawnBoards.lanes`."""


@dataclass(frozen=True)
class Holding:
    """One player's possible hole cards, and their class on drawn boards.

    ``options`` holds the parts of each possible pair of hole cards (one row
    for a fixed hand); ``row_of[o]`` is where option ``o``'s row of classes by
    board rank id starts in the table of every hole against every board;
    ``flush_lanes[o]`` is its suit lanes plus 3 in each, shifted to add to a
    board's: a lane's top bit is then set exactly when the seven cards hold five
    of that suit (at most 5 + 2 + 3 = 10, so no lane carries into the next).

    >>> dealer = BoardDealer.build([0, 5, 10], list(range(20, 52)))  # board 2c 3d 4h
    >>> aces = Holding.of(combo_parts([(51, 50)]))  # As Ah
    >>> rows = [np.array([0], dtype=np.uint16)]  # the first pair of the deck: 7c 7d
    >>> aces.classes(dealer.boards(rows, 1), None).tolist()
    [2542]
    >>> from lookup.game.entry import evaluate
    >>> evaluate("As Ah", "2c 3d 4h 7c 7d").kev
    2542
    """

    options: BoardParts
    row_of: Indices
    flush_lanes: U64

    @classmethod
    def of(cls, options: BoardParts) -> Holding:
        """The holding whose possible hole cards have these parts."""
        space = _rank_space()
        hole = np.searchsorted(space.hole_keys, options.rank_sum).astype(np.intp)
        lanes = (options.lanes.astype(np.uint64) + np.uint64(0x3333)) << np.uint64(32)
        return cls(options, hole * len(space.board_keys), lanes)

    def classes(self, boards: DrawnBoards, option: npt.NDArray[np.integer[Any]] | None) -> U16:
        """Class of this holding on each board; ``option[i]`` is its pair on board i.

        ``option`` is None for a fixed hand (one option).
        """
        space = _rank_space()
        if option is None:
            start = int(self.row_of[0])
            classes = space.classes[start : start + len(space.board_keys)].take(boards.rank_id)
            high = (boards.lanes + self.flush_lanes[0]) & _FLUSH_TOPS
        else:
            classes = space.classes.take(self.row_of.take(option) + boards.rank_id)
            high = (boards.lanes + self.flush_lanes.take(option)) & _FLUSH_TOPS
        # A flush outranks every class a seven-card hand with it could otherwise
        # make (quads and full houses need too many cards of other suits).
        where = np.flatnonzero(high)
        if where.size:
            top = high.take(where) >> np.uint64(35)  # bit 4 * suit
            suit = (top > 1).astype(np.uint64) + (top > 0x10) + (top > 0x100)
            hole = (
                self.options.suit_ranks[0]
                if option is None
                else self.options.suit_ranks.take(option.take(where))
            )
            masks = boards.suit_ranks(where) | hole
            ranks = (masks >> (suit * np.uint64(16))) & np.uint64(0x1FFF)
            classes[where] = _views().flush.take(ranks.view(np.intp))
        return classes
