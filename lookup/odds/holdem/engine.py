"""Texas Hold'em all-in equity: each player's share of the pot, win and tie, like PokerStove.

:func:`equity` takes 2 to 10 holdings (each two cards or a range, see
:mod:`lookup.ranges.holdem`), an optional board of 0, 3, 4 or 5 cards and dead cards,
and either enumerates every way the deal can finish or samples it.

**Exact or sampled.** A *showdown* is one assignment of holdings to the
players together with one complete board. By default the answer is exact when
there are at most :data:`EXACT_LIMIT` (2,000,000) showdowns to enumerate, which
covers any fixed hands preflop (at most C(48, 5) = 1,712,304 boards) and
small ranges after the flop; otherwise :data:`DEFAULT_SAMPLES` showdowns are
sampled. ``exact=True`` forces enumeration of up to ``exact_limit`` showdowns
(:data:`DEFAULT_EXACT_LIMIT`, 50 million; a larger run is refused at once, saying
how many showdowns it would be, until the caller raises ``exact_limit``),
``exact=False`` or ``samples=N`` forces sampling; ``seed`` makes sampling
reproducible, and when it is omitted a fresh seed is drawn and reported in the
result so the run can be repeated.

**Ranges.** Combos that use a board or dead card, or a card another player
holds for certain, are dropped. The holdings are then dealt *jointly*: every
assignment of one combo per player with no card in common is equally likely,
as in a real deal. Exact mode enumerates those assignments and, for each, every
board (each assignment has the same number of boards, so all showdowns weigh
the same). After the flop each combo's class on each board is looked up once
(:mod:`lookup.odds.holdem.pairwise`) and the showdowns are settled from those
classes (:mod:`lookup.odds.settle`); preflop every board is dealt per assignment.
Sampling draws each showdown whole, by index, and keeps it only if no card is
used twice: an assignment (a row of the list of compatible assignments when it
is small enough to build, otherwise one combo per player drawn independently,
rejecting draws that share a card), then the board as one
row of a table of every pair and one of every triple of the unseen cards
(a ``random`` holding is one more row of the pairs). Deals of so many cards
that most draws would be rejected are shuffled out of the deck instead.

**Scoring.** ``win`` is the fraction of showdowns a player wins alone, ``tie``
the fraction where they share the best hand, and ``equity`` the average pot
share, a k-way tie giving each of the k winners 1/k. Sampled results carry the
standard error of ``equity`` (the sample standard deviation of the per-showdown
share over the square root of the sample count); exact results have 0.

**Speed** (this project's 2-core machine, warm; ``benchmarks/bench_equity.py``):
exact heads-up preflop about 50 ms (poker-equity, Rust: about 190 ms), one
million sampled showdowns of fixed hands about 22 ms heads-up (eval7, C: 58 ms)
and 43 ms three-way. Fixed hands after the flop skip the range machinery (at most
1,081 boards; :mod:`lookup.odds.small` counts the turn and river): an exact
heads-up flop about 0.12 ms, a turn about 42 us, 1.6x and 1.3x poker-equity.
Ranges after the flop: ``"QQ+, AKs, AQs"`` against ``"JJ-99, AK, KQs"`` exactly
on a flop about 5.5 ms, on a turn 0.85 ms (about 18x and 6x poker-equity). The
work per board is shared by all players: see :mod:`lookup.odds.holdem.kernel`.

>>> aces, kings = equity(["AsAh", "KsKh"], board="2c7d9h")
>>> round(aces.equity, 4), aces.boards, aces.exact
(0.9162, 990, True)
>>> equity(["AsAh", "AsKd"])
Traceback (most recent call last):
...
lookup.DuplicateCardError: card 'As' is held by player 1 and player 2
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache, partial
from itertools import chain, compress
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lookup.batch.deals import ASSIGNMENT_LIMIT, deal_from, disjoint_choices, sample_assignments
from lookup.core.cards import DECK, Card, CardsLike, parse_cards, quick_card
from lookup.core.errors import DuplicateCardError, HandSizeError, PokerLookupError
from lookup.core.messages import duplicate_card
from lookup.core.progress import LateProgress
from lookup.odds.holdem.heads_up import preflop_equity, weighted_preflop
from lookup.odds.holdem.kernel import (
    CHUNK_BOARDS,
    BoardDealer,
    BoardParts,
    Holding,
    ShowdownTally,
    combo_bits,
    combo_parts,
    dealt_classes,
    dealt_parts,
    draw_rows,
    enumerate_boards,
    parts_of,
    player_classes,
)
from lookup.odds.holdem.pairwise import exact_outcomes
from lookup.odds.results import (
    DEFAULT_EXACT_LIMIT,
    DEFAULT_SAMPLES,
    EXACT_LIMIT,
    MAX_SAMPLES,
    OUTCOME_CELLS,
    Counts,
    EquityResult,
    HoldingLike,
    Later,
    PlayerWeights,
    Weighting,
    build_result,
    check_exact_limit,
    chunk_rng,
    combo_names,
    detail_counts,
    detail_of_codes,
    exact_counts,
    keep_odds,
    outcome_counts,
    outcomes_add,
    read_weight_codes,
    sample_chunk_size,
    sampled_counts,
    weighted_assignments,
    winner_codes_add,
)
from lookup.odds.small import fixed_counts
from lookup.ranges.holdem import Combo, RangeError, parse_holding, refuse_jokers, remove_blocked
from lookup.ranges.holding import RangeValue
from lookup.ranking.ranking import get_ranking

if TYPE_CHECKING:
    from typing import TypeAlias

    import numpy.typing as npt

    Rows: TypeAlias = list[npt.NDArray[np.integer[Any]]]
    """Per table of a BoardDealer (or per varying player), one row number per sample."""


__all__ = ["equity"]

_SAMPLE_CHUNK: Final = 1 << 16

_LEAST_ACCEPTANCE: Final = 0.2
"""Below this share of draws kept, sampling shuffles deals out of the deck instead
(measured: drawing by index is still faster at 0.21 with listed assignments)."""

_LEAST_ACCEPTANCE_UNLISTED: Final = 0.35
"""The same when the assignments are too many to list: drawing them rejects too,
and the two rejections compound (measured: five "22+" ranges, 0.29 of draws kept,
shuffle 1.45x faster; four, 0.37 kept, both alike)."""


def _check_fixed_hands(combos: list[tuple[Combo, ...]], known: dict[int, str]) -> None:
    holder: dict[int, int] = {}
    for player, options in enumerate(combos, start=1):
        if len(options) != 1:
            continue
        for card in options[0]:
            # A card's name is made only for the message: it costs more than the checks.
            if card in known:
                name = str(DECK[card])
                message = duplicate_card(name, known[card], f"player {player}")
                raise DuplicateCardError(message, name)
            if card in holder:
                name = str(DECK[card])
                raise DuplicateCardError(
                    duplicate_card(name, f"player {holder[card]}", f"player {player}"), name
                )
            holder[card] = player


def _assignments(combos: list[tuple[Combo, ...]]) -> npt.NDArray[np.intp] | None:
    """Every choice of one combo per player with no shared card, as (A, players) indices.

    None when listing them would take more than ``ASSIGNMENT_LIMIT`` rows.
    """

    return disjoint_choices([combo_bits(options) for options in combos], ASSIGNMENT_LIMIT)


def equity(
    hands: Sequence[HoldingLike],
    board: CardsLike | None = None,
    dead: CardsLike | None = None,
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    progress: bool = False,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    workers: int | None = None,
    target_std_error: float | None = None,
    time_limit: float | None = None,
    weights: Sequence[PlayerWeights | None] | None = None,
    given_names: Sequence[str | None] | None = None,
) -> EquityResult:
    """Hold'em equity of 2-10 holdings (two cards or a range each); see the module doc.

    ``weights`` weighs each player's combos (:func:`lookup.odds.front.equity` reads them
    from each Range): one list per player, parallel to the combos its holding reads as
    (None: all 1). ``given_names`` names each player's holding in the result and in
    messages (None: as read; the front door passes the text a player was given as).

    ``progress=True`` shows a bar on stderr once a run has taken two seconds.
    ``workers``, ``target_std_error`` and ``time_limit`` are :func:`lookup.equity`'s
    (checked there).
    ``exact=True`` refuses to enumerate more than ``exact_limit`` showdowns
    (:data:`~lookup.odds.results.DEFAULT_EXACT_LIMIT`). :func:`lookup.equity` picks this
    engine for standard Hold'em and answers other games with :mod:`lookup.odds.generic`.

    >>> result = equity(["AsAh", "KsKh"], board="2c7d9h4s")
    >>> [round(p.equity, 4) for p in result], result.boards
    ([0.9545, 0.0455], 44)
    >>> sampled = equity(["QQ+", "AKs"], board="2c7d9h", samples=20_000, seed=1)
    >>> sampled.exact, sampled.seed, 0.7 < sampled[0].equity < 0.9, sampled[0].std_error < 0.005
    (False, 1, True, True)
    >>> equity(["AsAh", "KK"], board="Kd Kc")
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: a board has 0, 3, 4 or 5 cards, got 2
    >>> equity(["random", "random"], dead="2c", exact=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: exact enumeration would be 2,299,988,136,600 deals, more \
than exact_limit=50,000,000: ...
    """
    board_cards = () if board is None else parse_cards(board)
    dead_cards = () if dead is None else parse_cards(dead)
    # Heads-up preflop is answered exactly from the table.
    preflop = not board_cards and not dead_cards and exact is not False and samples is None
    if (
        preflop
        and seed is None
        and weights is None
        and (answer := preflop_equity(hands)) is not None
    ):
        return answer
    if len(board_cards) not in (0, 3, 4, 5):
        raise HandSizeError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
    known = {c.index: "the board" for c in board_cards}
    for card in dead_cards:
        if card.index in known:
            raise DuplicateCardError(duplicate_card(card, "the board", "the dead cards"), str(card))
        known[card.index] = "the dead cards"

    names: list[str] = []
    ranges: list[tuple[Combo, ...]] = []
    for player, holding in enumerate(hands, start=1):
        given = None if given_names is None else given_names[player - 1]
        name, combos = parse_holding(holding, player, given)
        names.append(name if given is None else given)
        ranges.append(combos)
    # Weighted: each player's distinct weights, and each combo's index among them (the
    # combos' codes travel with them as ints; no Fraction is touched per combo).
    values: list[tuple[Fraction, ...]] = []
    codes_of: list[Sequence[int]] = []
    if weights is not None:
        for player, (distinct, codes) in enumerate(
            read_weight_codes(weights, [len(c) for c in ranges], ranges), start=1
        ):
            if not distinct[0]:  # a weight of 0 (the least, code 0) removes the combo
                combos = ranges[player - 1]
                ranges[player - 1] = tuple(c for c, code in zip(combos, codes, strict=True) if code)
                if not ranges[player - 1]:
                    raise RangeError(
                        f"player {player}'s range {names[player - 1]!r} has only weights of 0",
                        names[player - 1],
                    )
                codes = [code for code in codes if code]
            values.append(distinct)
            codes_of.append(codes)
    _check_fixed_hands(ranges, known)
    refuse_jokers(known)  # standard's deck: a joker needs rules="joker" (lookup.odds.generic)
    fixed = {card for combos in ranges if len(combos) == 1 for card in combos[0]}
    live: list[tuple[Combo, ...]] = []
    for player, (name, combos) in enumerate(zip(names, ranges, strict=True), start=1):
        if len(combos) == 1:  # a fixed hand: _check_fixed_hands refused any clash with known
            live.append(combos)
            continue
        blocked = set(known) | fixed
        if weights is not None:  # the combos left and their codes, by one mask (compress: C)
            keep = [a not in blocked and b not in blocked for a, b in combos]
            left = tuple(compress(combos, keep))
            codes_of[player - 1] = list(compress(codes_of[player - 1], keep))
        else:
            left = remove_blocked(combos, blocked)
        if not left:
            raise RangeError(
                f"player {player}'s range {name!r} has no combos left once the board, "
                "dead cards and other players' hands are removed",
                name,
            )
        live.append(left)

    deck_left = 52 - len(known) - 2 * len(hands)
    to_deal = 5 - len(board_cards)
    if deck_left < to_deal:
        raise PokerLookupError(
            f"not enough cards: {len(hands)} players, {len(board_cards)} board and "
            f"{len(dead_cards)} dead cards leave {max(deck_left, 0)} to deal {to_deal} from"
        )
    weighting = None
    if weights is not None:
        weighting = Weighting.coded(
            values, codes_of,
            [Later(len(combos), partial(combo_names, combos)) if len(parse) > 1 else []
             for combos, parse in zip(live, ranges, strict=True)],
            whole=[w.whole_weights() if isinstance(w, RangeValue) else None for w in weights],
        )  # fmt: skip
    return _solve(
        names, live, board_cards, dead_cards, exact=exact, samples=samples, seed=seed,
        progress=progress, exact_limit=exact_limit, workers=workers,
        target_std_error=target_std_error, time_limit=time_limit, weighting=weighting,
    )  # fmt: skip


def fixed_spot(
    hands: Sequence[HoldingLike], board: CardsLike | None, exact: bool | None, exact_limit: int
) -> EquityResult | None:
    """The answer for the commonest question, two-card hands as text (``"AsAh"``) on a board
    of three to five cards with no dead cards, exactly; None for anything else.

    A lean path: what it cannot vouch for (any other spelling, a card twice, a joker, a
    range) goes to :func:`equity`, which reads and checks everything and says what is
    wrong. The answer, and an exact run's refusal past ``exact_limit``, are the same as
    :func:`equity`'s, to the last unit (both come from one function).

    >>> fixed_spot(["AsAh", "KsKh"], "2c7d9h4s", None, 10**6)[0].equity_fraction
    Fraction(21, 22)
    >>> fixed_spot(["AsAh", "AsKh"], "2c7d9h4s", None, 10**6) is None  # As twice: equity says so
    True
    """
    if exact is False or not isinstance(board, str):
        return None
    names: list[str] = []
    holes: list[Combo] = []
    for hand in hands:
        if type(hand) is not str or len(hand) != 4:
            return None
        first, second = quick_card(hand[:2]), quick_card(hand[2:])
        if first is None or second is None or max(first.index, second.index) > 51:
            return None  # not two cards of the 52 (a joker): equity says what is wrong
        names.append(hand)  # four characters, no space: the text as given
        holes.append((max(first.index, second.index), min(first.index, second.index)))
    try:
        shown = parse_cards(board)
    except PokerLookupError:
        return None
    if not 3 <= len(shown) <= 5 or any(card.index > 51 for card in shown):
        return None  # no flop yet, too many cards, or a joker: equity says so
    # None for a card held twice (equity names it); an exact run past the limit is
    # refused in equity's own words.
    return _fixed_answer(
        names, holes, shown, (), exact=exact, samples=None, exact_limit=exact_limit
    )


def _solve(
    names: list[str],
    live: list[tuple[Combo, ...]],
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    *,
    exact: bool | None,
    samples: int | None,
    seed: int | None,
    progress: bool,
    exact_limit: int,
    workers: int | None = None,
    target_std_error: float | None = None,
    time_limit: float | None = None,
    weighting: Weighting | None = None,
) -> EquityResult:

    known = [c.index for c in board] + [c.index for c in dead]
    holes = [c[0] for c in live if len(c) == 1] if len(board) >= 3 else []
    if len(holes) == len(live) and weighting is None:
        # Ranges down to one combo each too, if they can all be held at once.
        answer = _fixed_answer(
            names, holes, board, dead, exact=exact, samples=samples, exact_limit=exact_limit
        )
        if answer is not None:
            return answer
    table = not board and not dead and len(live) == 2 and seed is None and samples is None
    if weighting is not None and table and exact is not False:
        # Heads-up preflop, weighted: every pair of combos read from the preflop table.
        answer = weighted_preflop(live, names, weighting)
        if answer is not None:
            return answer
    sizes = [len(c) for c in live]
    listable = math.prod(sizes) <= ASSIGNMENT_LIMIT
    deck_left = 52 - len(known) - 2 * len(live)
    boards_each = math.comb(deck_left, 5 - len(board))
    sampling = exact is False or samples is not None
    assignments = _assignments(live) if listable and not sampling else None
    if sampling and listable:
        # A sampled run never walks the assignments: it only needs one to exist. A player
        # holding every pair of the unseen cards (random) fits any deal of the others, so
        # only the others are listed (listing with a random player took ~65 ms of a
        # three-way run's ~140 ms per million samples).
        anything = set(_dealt_anything(live, known, weighting))
        others = [combos for p, combos in enumerate(live) if p not in anything]
        possible = _assignments(others) if len(others) > 1 else None
        if possible is not None and len(possible) == 0:
            assignments = possible  # refused just below
    if assignments is not None and len(assignments) == 0:
        raise PokerLookupError(
            "no deal is possible: the players' ranges cannot all be held at once"
        )
    showdowns = None if assignments is None else len(assignments) * boards_each
    if exact is None:
        exact = (
            samples is None and showdowns is not None
            and showdowns <= min(EXACT_LIMIT, exact_limit)
        )  # fmt: skip
    if exact and showdowns is not None:
        check_exact_limit(showdowns, exact_limit)
    if exact and assignments is None:
        raise PokerLookupError(
            f"too many ways to deal these ranges to enumerate (up to {math.prod(sizes):,} "
            f"holding assignments, each with {boards_each:,} boards; more than "
            f"{ASSIGNMENT_LIMIT:,} assignments are never listed): sample instead",
            math.prod(sizes) * boards_each,
        )

    used_seed: int | None = None
    stopped: str | None = None
    if exact:
        assert assignments is not None and showdowns is not None
        bar = LateProgress("equity (exact)", showdowns, progress, unit="showdowns")

        def serial() -> Counts:
            return _exact_task(live, (board, known, assignments), weighting, bar)

        work = partial(_exact_task, live, weighting=weighting)
        split = partial(_exact_split, live, board, known, assignments)
        try:
            counts = exact_counts(
                serial, work, split if _splits(live, board, assignments) else None,
                showdowns=showdowns, players=len(live), workers=workers, bar=bar,
            )  # fmt: skip
        finally:
            bar.close()
    else:
        # With a target or a time limit, samples= (or the cap) only bounds the run.
        bounded = target_std_error is None and time_limit is None
        total = samples if samples is not None else DEFAULT_SAMPLES if bounded else MAX_SAMPLES
        # A fresh seed is drawn and reported, so any sampled run can be repeated.
        used_seed = secrets.randbits(32) if seed is None else seed
        bar = LateProgress("equity (sampled)", total, progress, unit="showdowns")
        try:
            # The sampler is built once here for every chunk counted here; a worker
            # process builds its own once (a sampler pickles to about a megabyte).
            sampler = _Sampler.build(live, board, known, weighting)
            counts, stopped = sampled_counts(
                partial(_sample_task, live, board, known, sampler, used_seed, total,
                        weighting=weighting), total,
                workers=workers, target_std_error=target_std_error, time_limit=time_limit,
                bar=bar, shipped=partial(_shipped_sample_task, tuple(live), board,
                                         tuple(known), used_seed, total, weighting=weighting),
            )  # fmt: skip
        finally:
            bar.close()
        if weighting is not None and sampler is not None:
            weighting = sampler.counting
        elif weighting is not None:
            weighting = _dealt_counted(live, board, known, weighting)
    return build_result(
        counts, names, [len(c) for c in live], exact=bool(exact), seed=used_seed,
        board=board, dead=dead, stopped=stopped, weighting=weighting,
        boards=None if weighting is None else counts.deals,
    )  # fmt: skip


def _fixed_answer(
    names: list[str],
    holes: list[Combo],
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    *,
    exact: bool | None,
    samples: int | None,
    exact_limit: int,
) -> EquityResult | None:
    """The exact answer for fixed hands on a board of three or more cards: at most 1,081
    boards, counted without the assignment and chunk machinery ranges need. None when
    the hands share a card (or one with the board or the dead cards), or when the run
    samples; an exact run past ``exact_limit`` is refused, saying how many boards."""
    known = [c.index for c in board] + [c.index for c in dead]
    out = {*known, *chain.from_iterable(holes)}
    if len(out) != len(known) + 2 * len(holes):
        return None
    boards_left = math.comb(52 - len(out), 5 - len(board))
    if not (
        exact
        or (exact is None and samples is None and boards_left <= min(EXACT_LIMIT, exact_limit))
    ):
        return None
    check_exact_limit(boards_left, exact_limit)
    counts = _fixed_counts(holes, known[: len(board)], out)
    return build_result(
        counts, names, [1] * len(holes), exact=True, seed=None, board=board, dead=dead
    )


def _fixed_counts(holes: list[Combo], board: list[int], out: set[int]) -> Counts:
    """Exact counts of fixed hands on a board of three to five cards (the lean path).

    ``out`` holds the cards that cannot come: the board, the dead cards and the hands.
    The river and the turn are counted in plain Python (:mod:`lookup.odds.small`);
    the flop's turn-and-river pairs all at once by the kernel, taken from a cached
    table of position pairs.
    """
    free = list(_ALL_CARDS.difference(out))
    if len(board) > 3:
        # The callers hold every card once (checked or built so): no second check.
        return fixed_counts(
            holes, board, free, _standard_seven(), _standard_rivers(), checked=False
        )
    cards = np.array(free, dtype=np.intp)[_position_pairs(len(free))]
    boards = parts_of(board).plus(dealt_parts(cards)).boards()
    tally = ShowdownTally(len(holes))
    tally.add([player_classes(boards, a, b) for a, b in holes])
    return _counts(tally)


def _counts(tally: ShowdownTally) -> Counts:
    return Counts(
        tally.showdowns, tally.wins.tolist(), tally.ties.tolist(), tally.shares.tolist(),
        tally.squares.tolist(),
    )  # fmt: skip


_ALL_CARDS: Final = frozenset(range(52))


@cache
def _standard_rivers() -> Callable[..., Callable[[int], int]] | None:
    # The standard ranking's seven-card kernel with six cards fixed (its tables loaded).
    return get_ranking("standard").kernels.rivers7


@cache
def _standard_seven() -> Callable[..., int]:
    # The standard ranking's unchecked seven-card kernel, its tables loaded once.
    return get_ranking("standard").kernel(7)


@cache
def _position_pairs(n: int) -> npt.NDArray[np.intp]:
    """Every pair ``i < j`` of positions ``0 .. n-1``: a read-only (C(n, 2), 2) deal table."""
    first, second = np.triu_indices(n, 1)
    pairs = np.stack([first, second], axis=1).astype(np.intp)
    pairs.flags.writeable = False  # shared by every call: nobody may change it
    return pairs


def _sample_task(
    live: list[tuple[Combo, ...]],
    board: tuple[Card, ...],
    known: list[int],
    sampler: _Sampler | None,
    seed: int,
    total: int,
    index: int,
    weighting: Weighting | None = None,
) -> Counts:
    """Counts of chunk ``index`` of a sampled run: its own samples, from its own generator.

    ``sampler`` is the run's :class:`_Sampler`, built once (None: deals are shuffled).
    A weighted run draws its showdowns from the weighted deal and counts each player's
    showdowns by combo too.
    """
    tally = ShowdownTally(len(live))
    size = sample_chunk_size(total, index)
    rng = chunk_rng(seed, index)
    if sampler is None:
        chunks = _dealt_picked(live, board, known, size, rng, weighting)
        counted = None if weighting is None else _dealt_counted(live, board, known, weighting)
    else:
        chunks = sampler.picked(rng, size)
        counted = None if weighting is None else sampler.counting
    if counted is None:
        for chunk, _ in chunks:
            tally.add(chunk)
        return _counts(tally)
    tables = _code_tables(counted)
    for chunk, picks in chunks:
        assert picks is not None
        winner_codes_add(tables, counted.groups(picks), chunk)
    return detail_counts(tuple(detail_of_codes(t) for t in tables))


def _shipped_sample_task(
    live: tuple[tuple[Combo, ...], ...],
    board: tuple[Card, ...],
    known: tuple[int, ...],
    seed: int,
    total: int,
    index: int,
    weighting: Weighting | None = None,
) -> Counts:
    """:func:`_sample_task` in a worker process, with the sampler it built once."""
    sampler = _worker_sampler(live, board, known, weighting)
    return _sample_task(
        list(live), board, list(known), sampler, seed, total, index, weighting=weighting
    )


@lru_cache(maxsize=1)
def _worker_sampler(
    live: tuple[tuple[Combo, ...], ...],
    board: tuple[Card, ...],
    known: tuple[int, ...],
    weighting: Weighting | None,
) -> _Sampler | None:
    # One run's sampler, kept by a worker process for the run's chunks (the pool ends
    # with the run); read-only once built, like the tables.
    return _Sampler.build(list(live), board, list(known), weighting)


_ExactTask = tuple[tuple[Card, ...], list[int], "npt.NDArray[np.intp]"]
"""A part of an exact run: a board, the cards out of play, the assignments to walk."""


def _exact_task(
    live: list[tuple[Combo, ...]],
    task: _ExactTask,
    weighting: Weighting | None = None,
    bar: LateProgress | None = None,
) -> Counts:
    """Counts of one part of an exact run (see :func:`_exact_split`); a weighted run's
    counts carry each player's tallies by group (:class:`~lookup.odds.results.Weighting`)."""
    board, known, assignments = task
    outcomes = 1 << len(live)
    parts = None
    # Heads-up tallies by assignment take no more memory than the assignments; more
    # players' take a column per outcome, bounded as the tallies below are.
    if len(assignments) > 1 and (len(live) == 2 or len(assignments) * outcomes <= OUTCOME_CELLS):
        parts = _few_boards(live, board, known)
    if parts is not None:
        # After the flop: each combo meets each board once (pairwise.py, settle.py).
        tallies = exact_outcomes(live, parts, assignments, None if bar is None else bar.advance)
        return outcome_counts(tallies, weighting, _picks(assignments))
    tally = ShowdownTally(len(live))
    if weighting is None:
        for chunk in _exact_showdowns(live, board, known, assignments):
            tally.add(chunk)
            if bar is not None:
                bar.advance(len(chunk[0]))
        return _counts(tally)
    if len(assignments) * outcomes <= OUTCOME_CELLS:
        # Showdowns tallied by assignment and outcome (heads-up: each player's wins
        # summed over each assignment's run of showdowns); the weights, and the tallies
        # by group if asked for, come from that table (tallying by group cost a gather
        # and a bincount per player and showdown).
        # Column-major: outcome_detail reads it outcome by outcome.
        by_row = np.zeros((len(assignments), outcomes), np.int64, order="F")
        for chunk, spans in _exact_rows(live, board, known, assignments):
            assert spans is not None
            outcomes_add(by_row, *spans, chunk)
            if bar is not None:
                bar.advance(len(chunk[0]))
        return outcome_counts(by_row, weighting, _picks(assignments))
    # Every showdown of an assignment falls in one group per player: found once here.
    groups = weighting.groups(_picks(assignments))
    tables = _code_tables(weighting)
    for chunk, spans in _exact_rows(live, board, known, assignments):
        assert spans is not None
        first, counts = spans
        rows = np.repeat(np.arange(first, first + len(counts)), counts)
        winner_codes_add(tables, [g[rows] for g in groups], chunk)
        if bar is not None:
            bar.advance(len(chunk[0]))
    return detail_counts(tuple(detail_of_codes(t) for t in tables))


def _picks(assignments: npt.NDArray[np.intp]) -> list[npt.NDArray[np.intp]]:
    """Each player's combo in each assignment (a column of the assignments)."""
    return [assignments[:, p] for p in range(assignments.shape[1])]


def _code_tables(weighting: Weighting) -> list[npt.NDArray[np.int64]]:
    """Empty tallies by group and winner count (:func:`~lookup.odds.results.winner_codes_add`)."""
    players = len(weighting.codes)
    return [np.zeros((weighting.size(p), players + 1), np.int64) for p in range(players)]


def _splits(
    live: list[tuple[Combo, ...]], board: tuple[Card, ...], assignments: npt.NDArray[np.intp]
) -> bool:
    """Whether an exact run has more than one part to share: assignments, or boards to deal."""
    return len(assignments) > 1 or len(board) < 5


def _exact_split(
    live: list[tuple[Combo, ...]],
    board: tuple[Card, ...],
    known: list[int],
    assignments: npt.NDArray[np.intp],
) -> tuple[_ExactTask, Callable[[int], list[_ExactTask]]]:
    """A small first part of an exact run, and the parts of the rest for ``p`` processes.

    Many assignments are cut into runs of consecutive assignments. One assignment's
    boards are cut by their lowest dealt card: the boards whose lowest card is the
    deck's ``j``-th are the board plus that card, completed from the cards above it
    (the cards below count as out of play), so the parts hold every board once.
    """
    if len(assignments) > 1:
        step = max(1, len(assignments) // 32)

        def by_assignments(processes: int) -> list[_ExactTask]:
            rest = assignments[step:]
            parts = min(len(rest), 1 if processes == 1 else 4 * processes)
            return [(board, known, part) for part in np.array_split(rest, parts)] if parts else []

        return (board, known, assignments[:step]), by_assignments

    # One assignment: every player's combo is known (a range may still list others that
    # no deal allows), and its cards are out of the boards.
    shared = {c for p, combos in enumerate(live) for c in combos[int(assignments[0, p])]}
    deck = [c for c in range(52) if c not in set(known) and c not in shared]
    k = 5 - len(board)

    def lowest(j: int) -> _ExactTask:
        return (*board, DECK[deck[j]]), [*known, *deck[: j + 1]], assignments

    def by_lowest_card(processes: int) -> list[_ExactTask]:
        if processes == 1:
            return [(board, [*known, deck[0]], assignments)]
        # Parts by lowest card until the boards left (all above it) are a small part.
        target = math.comb(len(deck), k) // (4 * processes)
        parts, j = [], 1
        while j < len(deck) - k and math.comb(len(deck) - j, k) > target:
            parts.append(lowest(j))
            j += 1
        return [*parts, (board, [*known, *deck[:j]], assignments)]

    return lowest(0), by_lowest_card


def _holes(
    live: list[tuple[Combo, ...]], assignments: npt.NDArray[np.intp]
) -> npt.NDArray[np.intp]:
    """Hole cards of each assignment: shape (A, players, 2)."""

    holes = np.zeros((*assignments.shape, 2), dtype=np.intp)
    for p, combos in enumerate(live):
        table = np.array(combos, dtype=np.intp)
        holes[:, p, :] = table[assignments[:, p]]
    return holes


def _dealt_from(
    live: list[tuple[Combo, ...]], board: tuple[Card, ...], known: list[int]
) -> tuple[list[int], list[int]]:
    """The board's card indices, and the cards its boards are completed from: those
    neither out of play nor held for certain (a player's only combo)."""
    out = set(known)
    shared = {c for combos in live if len(combos) == 1 for c in combos[0]}
    return [c.index for c in board], [c for c in range(52) if c not in out and c not in shared]


def _few_boards(
    live: list[tuple[Combo, ...]], board: tuple[Card, ...], known: list[int]
) -> BoardParts | None:
    """Every board an exact run deals, in one chunk; None when there are more (preflop)."""
    board_known, deck = _dealt_from(live, board, known)
    if math.comb(len(deck), 5 - len(board)) > CHUNK_BOARDS:
        return None
    (parts,) = enumerate_boards(board_known, deck)
    return parts


def _exact_showdowns(
    live: list[tuple[Combo, ...]],
    board: tuple[Card, ...],
    known: list[int],
    assignments: npt.NDArray[np.intp],
) -> Iterator[list[npt.NDArray[np.uint16]]]:
    """Class numbers of every player in every showdown, chunk by chunk."""
    for chunk, _ in _exact_rows(live, board, known, assignments, rows=False):
        yield chunk


def _exact_rows(
    live: list[tuple[Combo, ...]],
    board: tuple[Card, ...],
    known: list[int],
    assignments: npt.NDArray[np.intp],
    rows: bool = True,
) -> Iterator[tuple[list[npt.NDArray[np.uint16]], tuple[int, npt.NDArray[np.intp]] | None]]:
    """:func:`_exact_showdowns`' chunks, each with the assignments its showdowns come
    from: ``(first, counts)``, the showdowns of assignment ``first + i`` being the next
    ``counts[i]`` (None unless ``rows``: unweighted runs do not pay for them)."""

    holes = _holes(live, assignments)
    players = range(len(live))
    parts = _few_boards(live, board, known) if len(assignments) > 1 else None
    if parts is None:
        # Many boards per assignment (preflop), or one assignment: one at a time.
        board_known, deck = _dealt_from(live, board, known)
        for row, held in enumerate(holes):
            in_hand = set(held.ravel().tolist())
            own_deck = [c for c in deck if c not in in_hand]
            for parts in enumerate_boards(board_known, own_deck):
                boards = parts.boards()
                chunk = [player_classes(boards, int(held[p, 0]), int(held[p, 1])) for p in players]
                yield chunk, (row, np.array([len(chunk[0])], np.intp)) if rows else None
        return
    # Few boards (after the flop): enumerated once from the cards no one holds for
    # certain, each assignment paired with every board that avoids its cards.
    held_bits = np.bitwise_or.reduce(
        np.stack([combo_bits(live[p])[assignments[:, p]] for p in players]), axis=0
    )
    group = max(1, CHUNK_BOARDS // len(parts))
    for start in range(0, len(assignments), group):
        bits = held_bits[start : start + group]
        clear = (parts.card_bits[None, :] & bits[:, None]) == 0
        which, board_rows = np.nonzero(clear)
        boards = parts.take(board_rows).boards()
        chunk_holes = holes[start : start + group][which]
        chunk = [dealt_classes(boards, chunk_holes[:, p, 0], chunk_holes[:, p, 1]) for p in players]
        if not rows:
            yield chunk, None
            continue
        # `which` ascends (nonzero walks row by row): each assignment's showdowns are a
        # run of it, found by binary search (count_nonzero by row costs ~10x more).
        ends = np.searchsorted(which, np.arange(len(bits) + 1))
        yield chunk, (start, np.diff(ends))


def _sampled_showdowns(
    live: list[tuple[Combo, ...]],
    board: tuple[Card, ...],
    known: list[int],
    total: int,
    rng: np.random.Generator,
) -> Iterator[list[npt.NDArray[np.uint16]]]:
    """Class numbers of every player in ``total`` sampled showdowns, chunk by chunk.

    Each showdown is drawn whole by :class:`_Sampler`; when so many cards are
    dealt that it would reject most draws, the deals are shuffled out of the
    deck instead (:func:`_dealt_showdowns`).
    """
    sampler = _Sampler.build(live, board, known)
    if sampler is None:
        yield from _dealt_showdowns(live, board, known, total, rng)
        return
    yield from sampler.showdowns(rng, total)


@dataclass(frozen=True)
class _Sampler:
    """Draws whole showdowns by index and keeps those that use no card twice.

    A draw is an assignment of the varying holdings (uniform over the
    compatible ones: a row of their listing, or
    :func:`~lookup.batch.deals.sample_assignments`) and a deal of the rest by
    :class:`~lookup.odds.holdem.kernel.BoardDealer`, kept if the deal avoids the
    assignment's cards. Every assignment leaves the same number of deals, so the
    draws kept are uniform over all complete deals. A range holding every combo
    the unseen cards allow (``random``) is dealt like the board, as a row of the
    dealer's pairs: the same distribution, without listing its 1,000-odd combos
    in the assignments.

    In a weighted run an assignment is kept with probability its weight over the
    largest weight (the product of each player's combo weight over their largest):
    rejection, so what is kept follows the weighted joint deal and every kept showdown
    counts once (standard errors and early stops as unweighted). A player whose combos
    all weigh the same draws nothing for it, so flat weights draw as no weights.
    """

    dealer: BoardDealer
    acceptance: float
    varying_live: list[tuple[Combo, ...]]
    columns: list[npt.NDArray[np.intp]] | None
    """The listed assignments, one column per varying player (None: too many to list)."""
    bit_tables: list[npt.NDArray[np.uint64]]
    holdings: list[tuple[Holding, str, int]]
    """Each player's holding, and where its pair comes from in a draw: row i of the
    dealer ("hole"), pick i of the assignment ("range"), or nowhere ("fixed")."""
    keep_odds: list[tuple[int, npt.NDArray[np.float64]]] | None = None
    """Weighted runs: per varying player with unequal weights, its index among the
    varying and each option's weight over the largest (None: no weights to draw)."""
    weighted: bool = False
    """Whether draws report each player's combo (a weighted run counts by combo)."""
    weight_rate: float = 1.0
    """About the share of assignments the weights keep (to size a round of draws)."""
    row_odds: npt.NDArray[np.float64] | None = None
    """Weighted runs with listed assignments: each row's chance to be kept (the product
    of ``keep_odds``), so a draw is kept or not before its columns are gathered."""
    counting: Weighting | None = None
    """Weighted runs: how the showdowns are counted by combo (:meth:`counted`), made once
    for every chunk (making it costs about a third of a millisecond)."""
    repeated: bool = False
    """Weighted runs: whether ``columns`` repeat each assignment in proportion to its
    weight (:func:`_repeat_rows`), so that a uniform row is a weighted draw."""

    @classmethod
    def build(
        cls,
        live: list[tuple[Combo, ...]],
        board: tuple[Card, ...],
        known: list[int],
        weighting: Weighting | None = None,
    ) -> _Sampler | None:
        """The sampler of these holdings, or None if it would keep too few of its
        draws (:data:`_LEAST_ACCEPTANCE`)."""
        players = range(len(live))
        out = set(known)
        certain = {c for combos in live if len(combos) == 1 for c in combos[0]}
        free = [c for c in range(52) if c not in out and c not in certain]
        pairs = math.comb(len(free), 2)
        anything = [
            p for p in players
            if len(live[p]) > 1 and len(live[p]) == pairs and _flat(weighting, p)
        ]  # fmt: skip
        varying = [p for p in players if len(live[p]) > 1 and p not in anything]
        dealer = BoardDealer.build([c.index for c in board], free, holes=len(anything))
        acceptance = dealer.acceptance(2 * len(varying))
        varying_live = [live[p] for p in varying]
        listable = math.prod(len(c) for c in varying_live) <= ASSIGNMENT_LIMIT
        if acceptance < (_LEAST_ACCEPTANCE if listable else _LEAST_ACCEPTANCE_UNLISTED):
            return None
        listed = _assignments(varying_live) if listable else None
        if listed is not None and len(listed) == 0:
            raise PokerLookupError(
                "no deal is possible: the players' ranges cannot all be held at once"
            )
        columns = None if listed is None else [np.ascontiguousarray(c) for c in listed.T]
        holdings: list[tuple[Holding, str, int]] = []
        for p in players:
            if p in anything:
                holdings.append((Holding.of(dealer.tables[0]), "hole", anything.index(p)))
            elif p in varying:
                holdings.append((Holding.of(combo_parts(live[p])), "range", varying.index(p)))
            else:
                holdings.append((Holding.of(combo_parts(live[p])), "fixed", 0))
        bit_tables = [combo_bits(combos) for combos in varying_live]
        kept = None
        if weighting is not None:
            kept = [
                (i, odds)
                for i, p in enumerate(varying)
                if (odds := keep_odds(weighting.weights[p])) is not None
            ]
        repeated = False
        if kept and columns is not None and weighting is not None:
            # Listed: each assignment repeated in proportion to its weight, then drawn
            # uniformly as unweighted runs draw: no draw is spent on a weight rejection.
            grown = _repeat_rows(columns, [weighting.values[p] for p in varying],
                                 [weighting.codes[p] for p in varying])  # fmt: skip
            if grown is not None:
                columns, kept, repeated = grown, None, True
        rate = math.prod(float(odds.mean()) for _, odds in kept or ())
        row_odds = None
        if kept and columns is not None and len(varying_live) > 1:
            row_odds = np.ones(len(columns[0]))
            for i, odds in kept:
                row_odds *= odds.take(columns[i])
            rate = float(row_odds.mean())
        return cls(
            dealer, acceptance, varying_live, columns, bit_tables, holdings,
            kept or None, weighting is not None, rate, row_odds,
            None if weighting is None else cls.counted(weighting, holdings), repeated,
        )  # fmt: skip

    @staticmethod
    def counted(weighting: Weighting, holdings: list[tuple[Holding, str, int]]) -> Weighting:
        """How a sampler's showdowns are counted by combo: every weight 1 (the draws
        follow the weights already), and a player dealt as a row of pairs as one combo."""
        sampled = weighting.sampled()
        dealt = {p for p, (_, source, _) in enumerate(holdings) if source == "hole"}
        if not dealt:
            return sampled
        return Weighting.of(
            [[Fraction(1)] if p in dealt else list(w) for p, w in enumerate(sampled.weights)],
            [[] if p in dealt else list(n) for p, n in enumerate(sampled.names)],
        )

    def picked(
        self, rng: np.random.Generator, total: int
    ) -> Iterator[tuple[list[npt.NDArray[np.uint16]], list[npt.NDArray[Any]] | None]]:
        """:meth:`showdowns`, each chunk with every player's combo in each showdown
        (the option of a range, 0 for others) when the run is weighted, else None."""
        done = 0
        while done < total:
            m = min(_SAMPLE_CHUNK, total - done)
            picks, rows = self.draw(rng, m)
            combos = None
            if self.weighted:
                zero = np.zeros(m, dtype=np.intp)
                combos = [picks[i] if source == "range" else zero for _, source, i in self.holdings]
            yield self.classes(picks, rows, m), combos
            done += m

    def _assign(self, rng: np.random.Generator, count: int) -> Rows:
        """``count`` uniform compatible assignments: per varying player, its option."""
        if len(self.varying_live) == 1 and not self.repeated:  # alone, every option fits
            return [draw_rows(rng, len(self.varying_live[0]), count)]
        if self.columns is None:
            drawn = sample_assignments(rng, self.varying_live, None, self.bit_tables, count)
            return [drawn[:, i] for i in range(len(self.varying_live))]
        if not self.columns:
            return []
        at = draw_rows(rng, len(self.columns[0]), count)
        return [column.take(at) for column in self.columns]

    def showdowns(
        self, rng: np.random.Generator, total: int
    ) -> Iterator[list[npt.NDArray[np.uint16]]]:
        """Class numbers of every player in ``total`` drawn showdowns, chunk by chunk."""
        for chunk, _ in self.picked(rng, total):
            yield chunk

    def draw(self, rng: np.random.Generator, m: int) -> tuple[Rows, Rows]:
        """``m`` showdowns: each varying player's option, and the dealer's rows."""
        picks_parts: list[Rows] = []
        rows_parts: list[Rows] = []
        have = 0
        while have < m:
            want = m - have
            # Draw enough that one round nearly always fills the chunk.
            rate = self.acceptance * self.weight_rate
            count = want if rate == 1 else int(want / rate * 1.02) + 64
            picks: Rows
            if self.row_odds is not None:
                # Weighted, listed: keep a row with its weight over the largest, then gather.
                at = draw_rows(rng, len(self.row_odds), count)
                at = at[rng.random(count) < self.row_odds.take(at)]
                picks = [column.take(at) for column in self.columns or ()]
                count = len(at)
            else:
                picks = self._assign(rng, count)
            if self.keep_odds is not None and self.row_odds is None:
                # Weighted: keep an assignment with its weight over the largest.
                odds = np.ones(count)
                for i, ratios in self.keep_odds:
                    odds *= ratios.take(picks[i])
                keep = np.flatnonzero(rng.random(count) < odds)
                picks = [pick.take(keep) for pick in picks]
                count = len(keep)
            held = None
            for bits, pick in zip(self.bit_tables, picks, strict=True):
                held = bits.take(pick) if held is None else held | bits.take(pick)
            rows = self.dealer.draw(rng, count)
            ok = self.dealer.fits(rows, held)
            if ok is not None:
                keep = np.flatnonzero(ok)[:want]
                picks = [pick.take(keep) for pick in picks]
                rows = [row.take(keep) for row in rows]
                count = len(keep)
            elif count > want:
                # Nothing dealt could clash (the river, no random holding): the draws
                # are all fine, but a weighted round drew more than wanted to keep enough.
                picks = [pick[:want] for pick in picks]
                rows = [row[:want] for row in rows]
                count = want
            picks_parts.append(picks)
            rows_parts.append(rows)
            have += count
        if len(rows_parts) == 1:
            return picks_parts[0], rows_parts[0]
        return (
            [np.concatenate(c) for c in zip(*picks_parts, strict=True)],
            [np.concatenate(c) for c in zip(*rows_parts, strict=True)],
        )

    def classes(self, picks: Rows, rows: Rows, m: int) -> list[npt.NDArray[np.uint16]]:
        """Every player's class in each of the ``m`` drawn showdowns."""
        boards = self.dealer.boards(rows, m)
        chunk = []
        for holding, source, i in self.holdings:
            option = rows[i] if source == "hole" else picks[i] if source == "range" else None
            chunk.append(holding.classes(boards, option))
        return chunk


_REPEATED_ROWS: Final = 1 << 18
"""Most rows :func:`_repeat_rows` grows a listing to (2 MB a column); past it, a weighted
sampler keeps each draw with its weight over the largest instead."""


def _repeat_rows(
    columns: list[npt.NDArray[np.intp]],
    values: Sequence[Sequence[Fraction]],
    codes: Sequence[Sequence[int]],
) -> list[npt.NDArray[np.intp]] | None:
    """Listed assignments (one column per player), each row repeated in proportion to its
    weight, the product of its combos' weights: a uniform row of the result is a draw of
    the weighted joint deal. ``values[i]`` are player ``i``'s distinct weights (ascending)
    and ``codes[i][c]`` the index of combo ``c``'s. None past :data:`_REPEATED_ROWS` rows.

    >>> columns = [np.array([0, 1, 1]), np.array([1, 0, 1])]  # weights 1/2, 1/2 and 1
    >>> half = [Fraction(1, 2), Fraction(1)]
    >>> [c.tolist() for c in _repeat_rows(columns, [half, half], [[0, 1], [0, 1]])]
    [[0, 1, 1, 1], [1, 0, 1, 1]]
    """
    counts = np.ones(len(columns[0]), dtype=np.int64)
    most = 1
    for column, distinct, code in zip(columns, values, codes, strict=True):
        ratios = [v / distinct[-1] for v in distinct]  # over the largest: 1 at most
        scale = math.lcm(*(r.denominator for r in ratios))
        most *= scale
        if most > _REPEATED_ROWS:  # some row would repeat too often
            return None
        own = np.array([int(r * scale) for r in ratios], dtype=np.int64)
        counts *= own.take(np.asarray(code, dtype=np.intp)).take(column)
    # Each count is at most `most` (<= 2**18) and there are at most ASSIGNMENT_LIMIT
    # rows: the sums stay far inside int64.
    counts //= np.gcd.reduce(counts)
    if int(counts.sum()) > _REPEATED_ROWS:
        return None
    rows = np.repeat(np.arange(len(counts)), counts)
    return [column.take(rows) for column in columns]


def _flat(weighting: Weighting | None, player: int) -> bool:
    """Whether ``player``'s combos all weigh the same (no weights, in effect)."""
    return weighting is None or len(weighting.values[player]) == 1


def _dealt_anything(
    live: list[tuple[Combo, ...]], known: list[int], weighting: Weighting | None
) -> list[int]:
    """The players :func:`_dealt_picked` deals like the board: every pair, flat weights."""
    certain = {c for combos in live if len(combos) == 1 for c in combos[0]}
    pool = 52 - len(set(known)) - len(certain)
    return [
        p for p in range(len(live))
        if len(live[p]) > 1 and len(live[p]) == math.comb(pool, 2) and _flat(weighting, p)
    ]  # fmt: skip


def _dealt_counted(
    live: list[tuple[Combo, ...]], board: tuple[Card, ...], known: list[int], weighting: Weighting
) -> Weighting:
    """How :func:`_dealt_picked`'s showdowns are counted by combo (see :meth:`_Sampler.counted`)."""
    del board  # the same for every board
    dealt = set(_dealt_anything(live, known, weighting))
    sampled = weighting.sampled()
    return Weighting.of(
        [[Fraction(1)] if p in dealt else list(w) for p, w in enumerate(sampled.weights)],
        [[] if p in dealt else list(n) for p, n in enumerate(sampled.names)],
    )


def _dealt_showdowns(
    live: list[tuple[Combo, ...]],
    board: tuple[Card, ...],
    known: list[int],
    total: int,
    rng: np.random.Generator,
) -> Iterator[list[npt.NDArray[np.uint16]]]:
    """Like :func:`_sampled_showdowns`, dealing each showdown's unseen cards by shuffling."""
    for chunk, _ in _dealt_picked(live, board, known, total, rng):
        yield chunk


def _dealt_picked(
    live: list[tuple[Combo, ...]],
    board: tuple[Card, ...],
    known: list[int],
    total: int,
    rng: np.random.Generator,
    weighting: Weighting | None = None,
) -> Iterator[tuple[list[npt.NDArray[np.uint16]], list[npt.NDArray[Any]] | None]]:
    """Like :func:`_sampled_showdowns`, dealing each showdown's unseen cards by shuffling;
    a weighted run's chunks come with each player's combo (see :meth:`_Sampler.picked`).

    For deals of so many cards (many players with ranges or ``random``) that
    drawing them by index would reject most draws. A ``random`` holding is
    dealt like the board, from the cards left once the other holdings are
    drawn: every choice of the other holdings leaves the same number of ways to
    deal it, so this keeps all compatible assignments equally likely.
    """

    players = range(len(live))
    board_parts = parts_of([c.index for c in board])
    k = 5 - len(board)
    unknown = np.array([c for c in range(52) if c not in set(known)], dtype=np.uint8)
    certain = {c for combos in live if len(combos) == 1 for c in combos[0]}
    anything = _dealt_anything(live, known, weighting)
    drawn = [p for p in players if p not in anything]
    drawn_live = [live[p] for p in drawn]
    listable = math.prod(len(c) for c in drawn_live) <= ASSIGNMENT_LIMIT
    listed = _assignments(drawn_live) if listable else None
    if listed is not None and len(listed) == 0:
        raise PokerLookupError(
            "no deal is possible: the players' ranges cannot all be held at once"
        )
    tables = [np.array(combos, dtype=np.intp) for combos in drawn_live]
    bit_tables = [combo_bits(combos) for combos in drawn_live]
    to_deal = 2 * len(anything) + k
    free = np.array([c for c in unknown.tolist() if c not in certain], dtype=np.uint8)
    varying = [p for p in drawn if len(live[p]) > 1]
    done = 0
    while done < total:
        m = min(_SAMPLE_CHUNK, total - done)
        if weighting is None or all(_flat(weighting, p) for p in drawn):
            picks = sample_assignments(rng, drawn_live, listed, bit_tables, m)
        else:
            draw = partial(sample_assignments, rng, drawn_live, listed, bit_tables)
            odds = [keep_odds(weighting.weights[p]) for p in drawn]
            picks = weighted_assignments(rng, draw, odds, m)
        first: list[Any] = [None] * len(live)
        second: list[Any] = [None] * len(live)
        for i, p in enumerate(drawn):
            first[p], second[p] = tables[i][picks[:, i], 0], tables[i][picks[:, i], 1]
        if to_deal:
            # Deal from the cards no one holds for certain, never giving a sample
            # a card one of its drawn ranges holds.
            taken = None
            if varying:
                taken = np.zeros((m, 52), dtype=bool)
                rows = np.arange(m)
                for p in varying:
                    taken[rows, first[p]] = True
                    taken[rows, second[p]] = True
            dealt = deal_from(rng, free, m, to_deal, taken)
            for i, p in enumerate(anything):
                first[p], second[p] = dealt[:, 2 * i], dealt[:, 2 * i + 1]
        if k:
            boards = board_parts.plus(dealt_parts(dealt[:, 2 * len(anything) :])).boards()
        else:
            boards = board_parts.take(np.zeros(m, dtype=np.intp)).boards()
        chunk = [dealt_classes(boards, first[p], second[p]) for p in players]
        combos = None
        if weighting is not None:
            zero = np.zeros(m, dtype=np.intp)
            combos = [picks[:, drawn.index(p)] if p in drawn else zero for p in players]
        yield chunk, combos
        done += m
