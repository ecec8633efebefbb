"""Walk every hand of five, six or seven cards and count what each makes.

Enumeration never builds index tuples one by one. All 2,598,960 five-card
*blocks* are built once, in colex order (sorted by their highest card), by
extending keys a card at a time: the j+1-card keys whose top card is ``t`` are
the j-card keys of cards below ``t`` (a prefix of the colex array) times
``t``'s prime, plus ``t``'s code. A hand of ``k`` cards is then a five-card
block below the ``k - 5`` top cards, so each slice of a prefix, combined with
one top-card pair, is a ready chunk of keys: one multiply and one add per hand
before the lookup. Memory is the block (about 42 MB of keys) plus one chunk.

``jobs`` splits the slices over worker processes, each counting classes with
:func:`numpy.bincount`; the counts are summed at the end.

>>> result = census(5)
>>> result.hands, result.distinct_classes, result.category_counts[Category.STRAIGHT_FLUSH]
(2598960, 7462, 40)
>>> census(8)
Traceback (most recent call last):
...
lookup.HandSizeError: a census counts hands of 5, 6 or 7 cards, got 8
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final

import numpy as np
from numpy.typing import NDArray

from lookup.batch.evaluate import HAND_SIZES, batch_tables, classes_of_keys, evaluate_batch
from lookup.core.errors import HandSizeError, PokerLookupError
from lookup.core.pool import max_workers, run_tasks
from lookup.core.progress import Progress
from lookup.core.rules import Category
from lookup.ranking.ranking import Ranking, RulesLike, get_ranking

__all__ = [
    "ENUMERATION_CHUNK_ROWS",
    "Census",
    "Slice",
    "census",
    "hand_slices",
    "iter_hand_keys",
    "iter_hands",
]

ENUMERATION_CHUNK_ROWS: Final = 1 << 15
"""Default rows per chunk: small enough for the CPU cache, large enough to amortise calls."""

_BLOCK: Final = 5
_DECK_SIZE: Final = 52
_TASK_ROWS: Final = 1 << 21  # rows per worker task: few enough messages, fine enough balance


@dataclass(frozen=True)
class Slice:
    """Hands ``block[start:stop] + top``: colex five-card blocks below the top cards."""

    top: tuple[int, ...]
    start: int
    stop: int

    @property
    def rows(self) -> int:
        """How many hands the slice holds."""
        return self.stop - self.start


def _check_size(hand_size: int, sizes: tuple[int, ...] = HAND_SIZES) -> None:
    if hand_size not in sizes:
        allowed = ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"
        raise HandSizeError(f"a census counts hands of {allowed} cards, got {hand_size}", hand_size)


def hand_slices(
    hand_size: int, chunk_rows: int = ENUMERATION_CHUNK_ROWS, deck_size: int = _DECK_SIZE
) -> Iterator[Slice]:
    """Every hand of ``hand_size`` cards as slices of at most ``chunk_rows`` hands.

    Together the slices cover each of the C(52, k) hands exactly once. They come
    block chunk by block chunk, each chunk paired with every set of top cards
    above it in turn, so a chunk of keys is read from memory once and then
    reused from the CPU cache (about 15% faster than top cards outermost).

    >>> slices = list(hand_slices(6, chunk_rows=1_000_000))
    >>> sum(s.rows for s in slices), slices[0], slices[-1]
    (20358520, Slice(top=(5,), start=0, stop=1), Slice(top=(51,), start=2000000, stop=2349060))
    >>> list(hand_slices(7, chunk_rows=0))
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: chunk_rows must be at least 1, got 0
    """
    _check_size(hand_size)
    if chunk_rows < 1:
        raise PokerLookupError(f"chunk_rows must be at least 1, got {chunk_rows}", chunk_rows)
    tops = list(combinations(range(_BLOCK, deck_size), hand_size - _BLOCK))
    # The block must lie below every top card: its colex prefix of C(top[0], 5) rows.
    ends = [math.comb(top[0] if top else deck_size, _BLOCK) for top in tops]
    for start in range(0, math.comb(deck_size, _BLOCK), chunk_rows):
        for top, end in zip(tops, ends, strict=True):
            if end > start:
                yield Slice(top, start, min(start + chunk_rows, end))


def _card_keys(deck: tuple[int, ...], by_product: bool) -> tuple[list[int], list[int]]:
    """Rank key and code of each deck position (rank primes, or rank weights, and card codes)."""
    t = batch_tables()
    keys = t.card_prime if by_product else t.card_rank_key
    return [int(keys[i]) for i in deck], [int(t.card_code[i]) for i in deck]


@cache
def _block_keys(
    deck: tuple[int, ...], by_product: bool
) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    """Keys (rank keys, codes) of every five-card set of ``deck``, in colex order; read-only.

    The j+1-card keys whose top position is ``t`` are the j-card keys below
    ``t`` (a colex prefix) combined with ``t``'s own.
    """
    card_key, card_code = _card_keys(deck, by_product)
    keys = np.array(card_key, dtype=np.uint64)
    codes = np.array(card_code, dtype=np.uint64)
    for size in range(1, _BLOCK):
        new_keys, new_codes = [], []
        for top in range(size, len(deck)):
            below = math.comb(top, size)
            extra = np.uint64(card_key[top])
            new_keys.append(keys[:below] * extra if by_product else keys[:below] + extra)
            new_codes.append(codes[:below] + np.uint64(card_code[top]))
        keys, codes = np.concatenate(new_keys), np.concatenate(new_codes)
    keys.setflags(write=False)
    codes.setflags(write=False)
    return keys, codes


@cache
def _block_cards(deck: tuple[int, ...]) -> NDArray[np.uint8]:
    """Card indices of every five-card set of ``deck``, ascending within a row, in colex order."""
    positions = np.arange(len(deck), dtype=np.uint8).reshape(-1, 1)
    rows = positions
    for size in range(1, _BLOCK):
        parts = []
        for top in range(size, len(deck)):
            below = rows[: math.comb(top, size)]
            parts.append(np.hstack([below, np.full((len(below), 1), top, dtype=np.uint8)]))
        rows = np.concatenate(parts)
    cards = np.array(deck, dtype=np.uint8)[rows]
    cards.setflags(write=False)
    return cards


def _deck(ranking: Ranking) -> tuple[int, ...]:
    return tuple(card.index for card in ranking.deck)


def _slice_keys(
    piece: Slice, deck: tuple[int, ...], hand_size: int
) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    by_product = hand_size == _BLOCK
    keys, codes = _block_keys(deck, by_product)
    card_key, card_code = _card_keys(deck, by_product)
    key, code = (1 if by_product else 0), 0
    for top in piece.top:
        key = key * card_key[top] if by_product else key + card_key[top]
        code += card_code[top]
    block = slice(piece.start, piece.stop)
    return (
        keys[block] * np.uint64(key) if by_product else keys[block] + np.uint64(key),
        codes[block] + np.uint64(code),
    )


def iter_hand_keys(
    hand_size: int, chunk_rows: int = ENUMERATION_CHUNK_ROWS, *, rules: RulesLike = "standard"
) -> Iterator[tuple[NDArray[np.uint64], NDArray[np.uint64]]]:
    """Keys ``(rank_keys, codes)`` of every hand of ``hand_size`` cards of the ranking's deck.

    Each chunk holds at most ``chunk_rows`` hands; feed it to
    :func:`lookup.batch.evaluate.classes_of_keys`. Memory: the five-card block plus a chunk.

    >>> from lookup.batch.evaluate import classes_of_keys
    >>> sum(int((classes_of_keys(p, c, 6) == 1).sum()) for p, c in iter_hand_keys(6, 1 << 20))
    188
    """
    deck = _deck(get_ranking(rules))
    for piece in hand_slices(hand_size, chunk_rows, len(deck)):
        yield _slice_keys(piece, deck, hand_size)


def iter_hands(
    hand_size: int, chunk_rows: int = ENUMERATION_CHUNK_ROWS, *, rules: RulesLike = "standard"
) -> Iterator[NDArray[np.uint8]]:
    """Card indices of every hand of ``hand_size`` cards: ``(n, k)`` uint8 chunks.

    Rows are ascending; chunks come in the same order as :func:`iter_hand_keys`.

    >>> next(iter_hands(7)).tolist()  # the first chunk: 2c 2d 2h 2s 3c below the top cards 3d 3h
    [[0, 1, 2, 3, 4, 5, 6]]
    >>> sum(len(chunk) for chunk in iter_hands(6, 1 << 20))
    20358520
    >>> sum(len(chunk) for chunk in iter_hands(5, rules="short-deck"))
    376992
    """
    deck = _deck(get_ranking(rules))
    block = _block_cards(deck)
    cards = np.array(deck, dtype=np.uint8)
    for piece in hand_slices(hand_size, chunk_rows, len(deck)):
        rows = block[piece.start : piece.stop]
        top = np.broadcast_to(cards[list(piece.top)], (len(rows), len(piece.top)))
        yield np.hstack([rows, top])


Task = tuple[int, list[Slice], "str | os.PathLike[str]"]


def _count_slices(
    hand_size: int, slices: Sequence[Slice], spec: RulesLike
) -> tuple[int, NDArray[np.int64]]:
    """Hands counted and the count of each class number over ``slices``."""
    ranking = get_ranking(spec)
    deck = _deck(ranking)
    counts = np.zeros(ranking.class_count + 1, dtype=np.int64)
    rows = 0
    for piece in slices:
        classes = classes_of_keys(*_slice_keys(piece, deck, hand_size), hand_size, rules=ranking)
        counts += np.bincount(classes, minlength=ranking.class_count + 1)
        rows += piece.rows
    return rows, counts


def _count_task(task: Task) -> tuple[int, NDArray[np.int64]]:
    return _count_slices(*task)


def _tasks(hand_size: int, chunk_rows: int, ranking: Ranking) -> list[Task]:
    """Slices grouped into worker tasks of about ``_TASK_ROWS`` hands."""
    tasks: list[Task] = []
    group: list[Slice] = []
    rows = 0
    for piece in hand_slices(hand_size, chunk_rows, len(ranking.deck)):
        group.append(piece)
        rows += piece.rows
        if rows >= _TASK_ROWS:
            tasks.append((hand_size, group, ranking.spec))
            group, rows = [], 0
    if group:
        tasks.append((hand_size, group, ranking.spec))
    return tasks


@dataclass(frozen=True)
class Census:
    """What every hand of ``hand_size`` cards makes, and how long counting took."""

    hand_size: int
    hands: int
    class_counts: tuple[int, ...]
    """Hands per class number; index 0 (no class) is always 0."""
    elapsed: float
    """Seconds spent, table loading and block building included."""
    jobs: int
    ranking: Ranking

    @property
    def category_counts(self) -> dict[Category, int]:
        """Hands per category of the ranking, strongest first (a new dict each call)."""
        categories = self.ranking.categories
        # A category's strength is that of its best class: strongest first for any ranking.
        ranked = list(dict.fromkeys(categories[1 : len(self.class_counts)]))
        totals = dict.fromkeys(ranked, 0)
        for number, count in enumerate(self.class_counts[1:], start=1):
            totals[categories[number]] += count
        return totals

    @property
    def royal_flushes(self) -> int:
        """Hands whose best hand is the best straight flush (a royal flush in high rankings).

        That is class 1, except where five of a kind ranks above it (wild cards).
        """
        categories = self.ranking.categories
        number = next(
            (n for n in range(1, len(categories)) if categories[n] is Category.STRAIGHT_FLUSH), 1
        )
        return self.class_counts[number]

    @property
    def distinct_classes(self) -> int:
        """How many class numbers at least one hand reaches."""
        return sum(1 for count in self.class_counts[1:] if count)

    @property
    def hands_per_second(self) -> float:
        """Throughput over :attr:`elapsed`."""
        return self.hands / self.elapsed if self.elapsed > 0 else float("inf")


Counts = tuple[NDArray[np.int64], int]
"""Hands per class number, and the worker processes that counted them."""


def _poker_census(
    ranking: Ranking, hand_size: int, workers: int, chunk_rows: int, progress: bool
) -> Counts:
    """Counts of a poker ranking: key slices (see the module docstring), over ``workers``."""
    deck = _deck(ranking)
    _block_keys(deck, hand_size == _BLOCK)  # built before any fork, so workers share it
    tasks = _tasks(hand_size, chunk_rows, ranking)
    counts = np.zeros(ranking.class_count + 1, dtype=np.int64)
    label = f"{hand_size}-card hands"
    # One worker counts here; more run in a pool (lookup.core.pool) whose workers ignore
    # Ctrl-C, and every way out of here stops and joins it, so an interrupt neither
    # hangs, prints tracebacks nor leaves a process.
    with (
        Progress(label, math.comb(len(deck), hand_size), unit="hands", enabled=progress) as bar,
        closing(run_tasks(_count_task, tasks, workers, ordered=False)) as results,
    ):
        for rows, task_counts in results:
            counts += task_counts
            bar.advance(rows)
    return counts, workers


def _badugi_census(
    ranking: Ranking, hand_size: int, workers: int, chunk_rows: int, progress: bool
) -> Counts:
    """Counts of a badugi ranking: every four- or five-card hand through the batch path.

    One process and no bar: at most C(52, 5) rows, in chunks of 2**18, each shared by
    ``workers`` threads (:func:`~lookup.batch.evaluate.evaluate_batch`'s).
    """
    deck = np.array(_deck(ranking), dtype=np.uint8)
    counts = np.zeros(ranking.class_count + 1, dtype=np.int64)
    rows = np.array(list(combinations(range(len(deck)), hand_size)), dtype=np.intp)
    for start in range(0, len(rows), 1 << 18):
        hands = deck[rows[start : start + (1 << 18)]]
        classes = evaluate_batch(hands, rules=ranking, workers=workers)
        counts += np.bincount(classes, minlength=len(counts))
    return counts, 1


def max_jobs() -> int:
    """The most worker processes :func:`census` starts: four per CPU (more only waste memory)."""
    return max_workers()


def _colex_rows(cards: int) -> NDArray[np.uint8]:
    """Every five-card subset of ``range(cards)`` in colex order (sorted by the top card).

    The subsets of the cards below ``t`` are then the first C(t, 5) rows.
    """
    rows = np.array(list(combinations(range(cards), _BLOCK)), dtype=np.uint8)
    return rows[np.lexsort(rows.T)]


def _wild_census(
    ranking: Ranking, hand_size: int, workers: int, chunk_rows: int, progress: bool
) -> Counts:
    """Counts of a wild-card ranking, through the numpy batch path.

    One process: the batch path is numpy through and through; ``workers`` threads share
    each batch (:func:`~lookup.batch.evaluate.evaluate_batch`'s).
    """
    deck = np.array([card.index for card in ranking.deck], dtype=np.uint8)
    block = deck[_colex_rows(len(deck))]
    counts = np.zeros(ranking.class_count + 1, dtype=np.int64)
    hands = math.comb(len(deck), hand_size)
    with Progress(f"{hand_size}-card hands", hands, unit="hands", enabled=progress) as bar:
        for top in combinations(range(len(deck)), hand_size - _BLOCK):
            below = math.comb(top[0], _BLOCK) if top else len(block)
            for start in range(0, below, 1 << 20):
                part = block[start : min(below, start + (1 << 20))]
                rows = np.hstack([part, np.broadcast_to(deck[list(top)], (len(part), len(top)))])
                classes = evaluate_batch(
                    rows, rules=ranking, check_duplicates=False, workers=workers
                )
                counts += np.bincount(classes, minlength=len(counts))
                bar.advance(len(part))
    return counts, 1


def census(
    hand_size: int,
    *,
    rules: RulesLike = "standard",
    jobs: int = 1,
    chunk_rows: int = ENUMERATION_CHUNK_ROWS,
    progress: bool = False,
) -> Census:
    """Evaluate every hand of ``hand_size`` cards of the ranking's deck and count the classes.

    ``hand_size`` is 5, 6 or 7 (badugi: 4 or 5). ``jobs`` worker processes
    share the work (``jobs=0``: one per CPU; in wild-card and badugi rankings, threads
    sharing each batch); ``progress`` draws a bar on stderr. See the module docstring
    for how hands are enumerated.

    >>> census(5, rules="short-deck").hands
    376992
    >>> census(5, rules="joker").category_counts[Category.FIVE_OF_A_KIND]
    13
    >>> census(5, jobs=-1)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: jobs must be 0 (one per CPU) up to ... got -1
    """
    ranking = get_ranking(rules)
    _check_size(hand_size, ranking.kind.sizes)
    if not 0 <= jobs <= max_jobs():
        raise PokerLookupError(
            f"jobs must be 0 (one per CPU) up to {max_jobs()} (4 per CPU here), got {jobs}", jobs
        )
    workers = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    count = ranking.kind.pick(poker=_poker_census, badugi=_badugi_census, wild=_wild_census)
    counts, workers = count(ranking, hand_size, workers, chunk_rows, progress)
    return Census(
        hand_size=hand_size,
        hands=int(counts.sum()),
        class_counts=tuple(int(c) for c in counts),
        elapsed=time.perf_counter() - started,
        jobs=workers,
        ranking=ranking,
    )
