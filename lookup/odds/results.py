"""What every equity engine returns, and the limits every one of them keeps.

:class:`PlayerEquity` and :class:`EquityResult` are the results of
:func:`lookup.equity` in every game; :data:`SHARE_UNIT` is the unit pot shares
are counted in by every engine; the limits say when an answer is exact by
default and how much enumeration is ever started without being asked for.
The Hold'em engine (:mod:`lookup.odds.holdem`) imports this module and
:mod:`lookup.odds.small` (which imports this one), and nothing else of :mod:`lookup.odds`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import cache, cached_property, partial
from itertools import pairwise
from operator import mul
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias, TypeVar, overload

from lookup.core.cards import Card
from lookup.core.errors import PokerLookupError
from lookup.core.messages import whole_number
from lookup.core.pool import check_workers, cpu_count, run_tasks, worker_pool
from lookup.core.progress import LateProgress
from lookup.ranges.holding import RangeValue, WeightCodes, whole_numbers

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

T = TypeVar("T")

__all__ = [
    "DEFAULT_EXACT_LIMIT",
    "DEFAULT_SAMPLES",
    "DETAIL_ROWS",
    "EXACT_LIMIT",
    "MAX_EXACT_LIMIT",
    "MAX_PLAYERS",
    "MAX_SAMPLES",
    "OUTCOME_CELLS",
    "PROBE_AFTER",
    "SAMPLE_CHUNK",
    "SHARE_UNIT",
    "STOP_REASONS",
    "WORKERS_AFTER",
    "AssignedOutcomes",
    "ComboEquity",
    "Counts",
    "EquityResult",
    "HoldingLike",
    "Later",
    "PlayerEquity",
    "PlayerWeights",
    "WeightLike",
    "Weighting",
    "build_result",
    "check_exact_limit",
    "check_question",
    "chunk_rng",
    "combo_class",
    "combo_names",
    "detail_add",
    "detail_counts",
    "detail_of_codes",
    "exact_counts",
    "keep_odds",
    "outcome_counts",
    "outcome_detail",
    "outcomes_add",
    "read_weight_codes",
    "sample_chunk_size",
    "sampled_counts",
    "showdowns_per_second",
    "std_errors",
    "top_masks",
    "weighted_assignments",
    "winner_codes_add",
]

EXACT_LIMIT: Final = 2_000_000
"""By default, enumerate exactly when there are at most this many showdowns."""

DEFAULT_EXACT_LIMIT: Final = 50_000_000
"""Most showdowns (deals) ``exact=True`` enumerates unless ``exact_limit`` is raised.

About 1.5 s of Hold'em and a few seconds of Omaha hi/lo on this project's machine; a
run past it is refused at once with its size, never started silently."""

DEFAULT_SAMPLES: Final = 1_000_000
"""Showdowns sampled when the answer is not exact and no ``samples`` are given."""

MAX_SAMPLES: Final = 10**10
"""Most ``samples`` a run may ask for: hours of work here; more is refused at once."""

MAX_EXACT_LIMIT: Final = 10**12
"""Highest ``exact_limit``: it may be raised up to here (days of work), never past it."""

MAX_PLAYERS: Final = 10
"""Most players an equity question may have."""

SHARE_UNIT: Final = 5040
"""Pot shares are counted in 1/5040 of a pot: a half pot split up to ten ways is whole."""

SAMPLE_CHUNK: Final = 1 << 16
"""Samples per chunk of a sampled run. Chunk ``i`` draws from its own generator,
:func:`chunk_rng` (``seed``, ``i``), so a seed and a sample count give the same answer
however many workers share the chunks; a run stops early only between chunks."""

WORKERS_AFTER: Final = 0.5
"""Seconds a run is estimated to take before ``workers=None`` puts every CPU on it."""

STOP_REASONS: Final = ("target_std_error", "time_limit")
"""Why a sampled run stopped before its samples (:attr:`EquityResult.stopped`)."""

HoldingLike = str | RangeValue | Iterable[Card | str | int]
"""A player's holding: text (``"As Ah"``, ``"QQ+, AKs"``; see :mod:`lookup.ranges.holding`),
a :class:`~lookup.ranges.range.Range`, or cards as a list of card strings, Cards or indices,
or a numpy array of indices."""


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result."""

    hand: str
    """The holding as given (range text, or the two cards)."""
    equity: float
    """Average share of the pot: wins count 1, a k-way tie 1/k."""
    win: float
    """Fraction of showdowns won alone."""
    tie: float
    """Fraction of showdowns shared with at least one other player."""
    std_error: float
    """Standard error of ``equity`` when sampled; 0.0 when exact."""
    boards: int
    """Showdowns behind the figures: boards enumerated (times holding assignments) or sampled."""
    exact: bool
    """True if every showdown was enumerated."""
    combos: int
    """Combos of the holding still possible given the board, dead cards and fixed hands."""
    scoop: float | None = None
    """Hi/lo games: fraction of showdowns in which the player takes the whole pot alone."""
    win_high: float | None = None
    """Hi/lo games: fraction of showdowns in which the player wins the high half alone."""
    win_low: float | None = None
    """Hi/lo games: fraction of showdowns in which the player wins the low half alone."""
    equity_fraction: Fraction | None = None
    """``equity`` as an exact fraction, when exact and known (see :mod:`lookup.odds.generic`)."""
    by_combo: Mapping[str, ComboEquity] | None = None
    """Each live combo of a range holder (``"AsKd"``), its equity against the others and
    its probability in the joint deal: filled in a weighted run, or with
    ``lookup.equity(..., by_class=True)``; None otherwise (a fixed hand, a flat run)."""
    by_class: Mapping[str, ComboEquity] | None = None
    """``by_combo`` folded into hand classes (``"AKs"``, ``"AKo"``, ``"AA"`` in Hold'em and
    short deck; in Omaha the tokens the range was written in, ``"AAxx ds"``, each combo
    under the one that gave it its weight, see :meth:`~lookup.ranges.range.Range.token_of`),
    each combo counted by its probability in the joint deal; None exactly when
    ``by_combo`` is."""


@dataclass(frozen=True)
class ComboEquity:
    """The equity of one combo, or one class of combos, of a player's range."""

    equity: float
    """Average share of the pot in the showdowns where the player holds this."""
    std_error: float
    """Standard error of ``equity`` when sampled; 0.0 when exact."""
    probability: float
    """Chance the player holds this in the joint deal (combo weight times the weight of the
    opponents' holdings compatible with it, normalised); sampled: the share of samples."""
    equity_fraction: Fraction | None = None
    """``equity`` as an exact fraction when the run is exact."""
    probability_fraction: Fraction | None = None
    """``probability`` as an exact fraction when the run is exact."""

    def to_json(self) -> dict[str, float | str | None]:
        """This part as ``docs/schemas/equity.json`` writes it (fractions as text).

        >>> ComboEquity(0.5, 0.0, 0.25, Fraction(1, 2), Fraction(1, 4)).to_json()["equity_fraction"]
        '1/2'
        """
        return {
            "equity": self.equity,
            "std_error": self.std_error,
            "probability": self.probability,
            "equity_fraction": None if self.equity_fraction is None else str(self.equity_fraction),
            "probability_fraction": (
                None if self.probability_fraction is None else str(self.probability_fraction)
            ),
        }


@dataclass(frozen=True)
class EquityResult(Sequence[PlayerEquity]):
    """One :class:`PlayerEquity` per player, in input order, and how they were found."""

    players: tuple[PlayerEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    exact: bool
    boards: int
    """Showdowns enumerated (exact) or sampled."""
    seed: int | None
    """The seed that reproduces a sampled result (None when exact)."""
    game: str = "holdem"
    """The game played (see :func:`lookup.games`)."""
    stopped: str | None = None
    """Why a sampled run stopped before all its samples: ``"target_std_error"`` (every
    player's standard error fell below it) or ``"time_limit"``; None when it took them all
    (or was exact). ``boards`` is then the samples taken: the same seed with
    ``samples=boards`` repeats the answer exactly."""

    @overload
    def __getitem__(self, index: int) -> PlayerEquity: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[PlayerEquity]: ...
    def __getitem__(self, index: int | slice) -> PlayerEquity | Sequence[PlayerEquity]:
        return self.players[index]

    def __len__(self) -> int:
        return len(self.players)


def check_exact_limit(deals: int, exact_limit: int, *, at_least: bool = False) -> None:
    """Refuse an exact enumeration of more than ``exact_limit`` deals, saying how many.

    >>> check_exact_limit(1_000, 2_000)
    >>> check_exact_limit(3_000, 2_000)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: exact enumeration would be 3,000 deals, more than \
exact_limit=2,000: pass a larger exact_limit (--exact-limit on the command line) to run it \
anyway, or sample
    """
    if deals > exact_limit:
        size = f"more than {deals:,}" if at_least else f"{deals:,}"
        raise PokerLookupError(
            f"exact enumeration would be {size} deals, more than exact_limit={exact_limit:,}: "
            "pass a larger exact_limit (--exact-limit on the command line) to run it anyway, "
            "or sample",
            deals,
        )


def check_question(
    hands: object,
    exact: bool | None,
    samples: int | None,
    seed: int | None,
    exact_limit: int,
    *,
    workers: int | None = None,
    target_std_error: float | None = None,
    time_limit: float | None = None,
) -> None:
    """Refuse what no engine can answer: a non-list of hands, too few or many players, bad options.

    ``samples`` above :data:`MAX_SAMPLES` and ``exact_limit`` above
    :data:`MAX_EXACT_LIMIT` are refused at once, saying how long the run would take.

    The front door calls this once; the engines check only what is their own
    (cards, board sizes, ranges).

    >>> check_question(["AsAh", "KK"], None, 10, 1, 100)
    >>> check_question(["AsAh", "KK"], True, 10, None, 100)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: choose exact=True or a number of samples, not both
    >>> check_question(["AsAh", "KK"], None, 10**12, None, 100)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: samples=10**12 would take about ... samples/s ...; the most is 10**10
    >>> check_question(["AsAh", "KK"], None, None, None, 100, target_std_error=0.0)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: target_std_error must be a number above 0, got 0.0
    """
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise PokerLookupError(
            f"give the players' hands as a list, one holding each (e.g. ['AsAh', 'KK']), "
            f"got {hands!r}",
            hands,
        )
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise PokerLookupError(
            f"equity needs 2 to {MAX_PLAYERS} players, got {len(hands)}", len(hands)
        )
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)):
        raise PokerLookupError(f"samples must be a whole number, got {samples!r}", samples)
    if samples is not None and samples < 1:
        raise PokerLookupError(f"samples must be at least 1, got {samples}", samples)
    if seed is not None and (problem := whole_number("seed", seed, 0)) is not None:
        raise PokerLookupError(problem, seed)
    if exact is True and samples is not None:
        raise PokerLookupError("choose exact=True or a number of samples, not both")
    if (problem := whole_number("exact_limit", exact_limit, 1)) is not None:
        raise PokerLookupError(problem, exact_limit)
    check_workers(workers)
    for option, value in (("target_std_error", target_std_error), ("time_limit", time_limit)):
        if value is None:
            continue
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or not math.isfinite(value) or value <= 0:
            raise PokerLookupError(f"{option} must be a number above 0, got {value!r}", value)
        if exact is True:
            raise PokerLookupError(
                f"{option} stops a sampled run: choose exact=True or {option}, not both", value
            )
    if samples is not None and samples > MAX_SAMPLES:
        raise _too_long("samples", samples, MAX_SAMPLES, "samples")
    if exact_limit > MAX_EXACT_LIMIT:
        raise _too_long("exact_limit", exact_limit, MAX_EXACT_LIMIT, "deals")


def _spelled(number: int) -> str:
    # 10**12 reads better than 1,000,000,000,000; a huge number is cut to its size.
    digits = (
        len(str(number))
        if number.bit_length() < 10_000
        else int(number.bit_length() * math.log10(2)) + 1
    )
    if digits > 30:
        return f"a number of about {digits} digits"
    if number >= 10**6 and str(number).rstrip("0") == "1":
        return f"10**{digits - 1}"
    return f"{number:,}"


def _duration(seconds: float) -> str:
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600)):
        if seconds >= size:
            amount = seconds / size
            return f"{amount:,.0f} {unit}" if amount < 1e9 else f"{amount:.1e} {unit}"
    return f"{seconds / 60:,.0f} minutes"


def _too_long(option: str, value: int, most: int, what: str) -> PokerLookupError:
    rate = showdowns_per_second()
    seconds = float(value) / rate if value.bit_length() < 1000 else math.inf
    took = "forever" if math.isinf(seconds) else f"about {_duration(seconds)}"
    verb = "would take" if option == "samples" else "allows runs of"
    if option != "samples":
        took = "endless length" if math.isinf(seconds) else took.removeprefix("about ")
    return PokerLookupError(
        f"{option}={_spelled(value)} {verb} {took} at ~{rate:,.0f} {what}/s "
        f"(heads-up, measured here); the most is {_spelled(most)}",
        value,
    )


def showdowns_per_second() -> float:
    """Heads-up Hold'em showdowns a second on this machine, measured now (in ~10 ms).

    Deals nine cards and ranks both seven-card hands for a few thousand deals:
    about what one sample or one enumerated deal costs. Only a refusal pays for it.

    >>> showdowns_per_second() > 1000
    True
    """
    import time  # only a refusal measures the rate

    import numpy as np  # likewise: the batch layer's input

    from lookup.batch.deals import sample_deals  # likewise
    from lookup.batch.evaluate import evaluate_batch  # likewise

    def showdowns(count: int) -> float:
        started = time.perf_counter()
        deals = sample_deals(np.random.default_rng(0), np.arange(52), 9, count)
        evaluate_batch(deals[:, :7], check_duplicates=False)
        evaluate_batch(deals[:, 2:], check_duplicates=False)
        return count / max(time.perf_counter() - started, 1e-6)

    showdowns(64)  # the first run reads tables and builds views: not the rate
    return max(showdowns(4096), showdowns(4096))


class Counts(NamedTuple):
    """What an engine counted over its deals, per player, in whole numbers.

    ``shares`` and ``squares`` are in :data:`SHARE_UNIT` and its square, so an
    exact result is exact to the last chip; ``wins_high``/``wins_low`` only in
    hi/lo games.
    """

    deals: int
    wins: Sequence[int]
    ties: Sequence[int]
    shares: Sequence[int]
    squares: Sequence[int]
    wins_high: Sequence[int] | None = None
    wins_low: Sequence[int] | None = None
    detail: tuple[npt.NDArray[np.int64], ...] | AssignedOutcomes | None = None
    """Weighted runs only: per player, its showdowns' tallies by group (rows
    :data:`DETAIL_ROWS`, one column per group of :meth:`Weighting.groups`), or the
    :class:`AssignedOutcomes` they are made from when asked for (whose counts leave
    wins, ties, shares and squares empty: :func:`outcome_counts`)."""

    def plus(self, other: Counts) -> Counts:
        """These counts and ``other``'s together (whole numbers: the order never matters).

        >>> Counts(1, [1], [0], [5040], [5040**2]).plus(Counts(2, [0], [1], [2520], [2520**2]))
        Counts(deals=3, wins=[1], ties=[1], shares=[7560], squares=[31752000], \
wins_high=None, wins_low=None, detail=None)
        """

        def add(a: Sequence[int] | None, b: Sequence[int] | None) -> list[int] | None:
            if a is None or b is None:
                return None
            if not a or not b:  # a weighted exact part: its plain tallies are not made
                return []
            return [int(x) + int(y) for x, y in zip(a, b, strict=True)]

        return Counts(
            self.deals + other.deals,
            add(self.wins, other.wins) or [],
            add(self.ties, other.ties) or [],
            add(self.shares, other.shares) or [],
            add(self.squares, other.squares) or [],
            add(self.wins_high, other.wins_high),
            add(self.wins_low, other.wins_low),
            None
            if self.detail is None or other.detail is None
            else tuple(a + b for a, b in zip(_tables(self.detail), _tables(other.detail),
                                             strict=True)),
        )  # fmt: skip


WeightLike = Fraction | int | float | str
"""A combo weight: a Fraction, a whole number, a float (read as the decimal it prints as)
or text (``"0.25"``, ``"1/3"``)."""

PlayerWeights = Sequence[WeightLike] | WeightCodes | RangeValue
"""A player's combo weights: one per combo, as :class:`WeightCodes`, or the
:class:`~lookup.ranges.range.Range` whose weights they are."""


def read_weight_codes(
    weights: Sequence[PlayerWeights | None],
    sizes: Sequence[int],
    combos: Sequence[Sequence[tuple[int, ...]]] = (),
) -> list[tuple[tuple[Fraction, ...], Sequence[int]]]:
    """Each player's combo weights, checked against their combo counts, as its distinct
    weights (ascending) and each combo's index among them: a range repeats a few weights,
    so each is read, checked and hashed once, where a Fraction's hash or comparison per
    combo cost more than reading the range.

    ``weights[p]`` runs parallel to player ``p``'s combos as :mod:`lookup.ranges` reads
    them (``None``: every weight 1); each weight is from 0 to 1, 0 removing the combo.
    :class:`WeightCodes` are read as they are (their few weights checked); a Range's
    weights were checked when it was read, so a Range gives its own as they are, and
    where the engine gives each player's ``combos`` as it read them, a Range must hold
    exactly those (else its weights would fall on other combos).

    >>> read_weight_codes([["1/2", 1, "1/2"], None], [3, 2])
    [((Fraction(1, 2), Fraction(1, 1)), [0, 1, 0]), ((Fraction(1, 1),), [0, 0])]
    >>> read_weight_codes([["1.5"], None], [1, 1])
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: player 1: a combo weight is a number from 0 to 1, got '1.5'
    """
    if isinstance(weights, str) or len(weights) != len(sizes):
        raise PokerLookupError(
            f"give one list of weights (or None) per player: {len(sizes)} players, got {weights!r}",
            str(weights),
        )
    out: list[tuple[tuple[Fraction, ...], Sequence[int]]] = []
    for player, (given, size) in enumerate(zip(weights, sizes, strict=True), start=1):
        if given is None:
            out.append(((Fraction(1),), [0] * size))
            continue
        if isinstance(given, RangeValue):  # checked when read: each weight in (0, 1]
            values, codes = given.weight_codes()
            held = given.combos  # (a Range keeps its tuple: the engines read that one)
            if len(codes) != size or (
                combos and held is not combos[player - 1] and held != tuple(combos[player - 1])
            ):
                raise PokerLookupError(
                    f"player {player}: weights from a range must be that player's range "
                    f"({size} combos), got {given!r}",
                    str(given),
                )
            out.append((values, codes))
            continue
        if isinstance(given, WeightCodes):  # (a tuple of two: before the length test)
            values, codes = given
            if len(codes) != size or (size and not 0 <= min(codes) <= max(codes) < len(values)):
                raise PokerLookupError(
                    f"player {player}: give one weight code per combo ({size}), "
                    f"each an index of the {len(values)} weights",
                    str(given),
                )
            checked = tuple(_read_weight(player, value) for value in values)
            # Strictly ascending, compared as ints (a Fraction's < runs Python code).
            if any(
                a.numerator * b.denominator >= b.numerator * a.denominator
                for a, b in pairwise(checked)
            ):
                raise PokerLookupError(
                    f"player {player}: weight code values are distinct and ascending, "
                    f"got {values!r}",
                    str(values),
                )
            out.append((checked, list(codes)))
            continue
        if isinstance(given, str) or len(given) != size:
            raise PokerLookupError(
                f"player {player}: give one weight per combo ({size}), got {given!r}",
                str(given),
            )
        # Each object once, in the order given (so the first bad weight is the one named);
        # the list holds them all, so no id is reused while this runs.
        # (map and zip: the per-combo passes run in C.)
        ids = list(map(id, given))
        objects = dict(zip(ids, given, strict=True))
        read = {key: _read_weight(player, value) for key, value in objects.items()}
        # Equal weights found by (numerator, denominator): a Fraction's hash costs a
        # modular inverse, a pair of ints' next to nothing.
        pairs = {key: (w.numerator, w.denominator) for key, w in read.items()}
        by_pair = dict(zip(pairs.values(), read.values(), strict=True))
        distinct = _ascending(by_pair)
        at = {(w.numerator, w.denominator): i for i, w in enumerate(distinct)}
        code_of = {key: at[pair] for key, pair in pairs.items()}
        out.append((tuple(distinct), list(map(code_of.__getitem__, ids))))
    return out


def _ascending(by_pair: dict[tuple[int, int], Fraction]) -> list[Fraction]:
    """Distinct weights, keyed by (numerator, denominator), in ascending order: by their
    correctly rounded quotients (comparing Fractions runs Python code a pair), and by
    the Fractions themselves should two quotients round alike.

    >>> _ascending({(1, 2): Fraction(1, 2), (1, 4): Fraction(1, 4), (1, 1): Fraction(1)})
    [Fraction(1, 4), Fraction(1, 2), Fraction(1, 1)]
    >>> close = Fraction(10**20, 10**20 + 1)
    >>> _ascending({(1, 1): Fraction(1), (close.numerator, close.denominator): close})
    [Fraction(100000000000000000000, 100000000000000000001), Fraction(1, 1)]
    """
    quotients = {pair[0] / pair[1]: weight for pair, weight in by_pair.items()}
    if len(quotients) < len(by_pair):  # two distinct weights round to one float
        return sorted(by_pair.values())
    return [quotients[q] for q in sorted(quotients)]


def _read_weight(player: int, value: object) -> Fraction:
    """One combo weight, checked: a Fraction kept as it is, anything else read as one."""
    if type(value) is Fraction and 0 <= value.numerator <= value.denominator:
        return value  # (in lowest terms, its denominator positive: 0 <= value <= 1)
    try:
        if isinstance(value, bool) or not isinstance(value, Fraction | int | float | str):
            raise TypeError(value)
        # A float is read as the decimal it prints as: 0.1 is 1/10, not 0.1000...0555.
        weight = Fraction(repr(value) if isinstance(value, float) else value)
    except (TypeError, ValueError, ZeroDivisionError):
        weight = Fraction(-1)
    if not 0 <= weight <= 1:
        raise PokerLookupError(
            f"player {player}: a combo weight is a number from 0 to 1, got {value!r}",
            str(value),
        )
    return weight


def weighted_assignments(
    rng: np.random.Generator,
    draw: Callable[[int], npt.NDArray[np.intp]],
    odds: Sequence[npt.NDArray[np.float64] | None],
    m: int,
) -> npt.NDArray[np.intp]:
    """``m`` assignments of a weighted joint deal: ``draw(n)`` gives ``n`` uniform compatible
    ones (rows of each holder's option), each kept with its weight over the largest
    (``odds[h][option]``: holder ``h``'s weight over its largest; None when all weigh the
    same). Rejection: what is kept follows the weighted deal, and each counts once.

    >>> import numpy as np
    >>> rng = np.random.default_rng(1)
    >>> rows = weighted_assignments(rng, lambda n: rng.integers(0, 2, (n, 1)),
    ...                             [np.array([1.0, 0.25])], 40_000)
    >>> rows.shape, round(float((rows[:, 0] == 1).mean()), 2)  # 0.25 / 1.25
    ((40000, 1), 0.2)
    """
    kept = []
    have = 0
    while have < m:
        drawn = draw(m)
        chance = None
        for h, ratios in enumerate(odds):
            if ratios is not None:
                took = ratios[drawn[:, h]]
                chance = took if chance is None else chance * took
        if chance is None:
            return drawn
        ok = drawn[rng.random(m) < chance]
        kept.append(ok)
        have += len(ok)
    import numpy as np  # numpy: only a weighted sampled run gets here

    return np.concatenate(kept)[:m]


def keep_odds(weights: Sequence[Fraction]) -> npt.NDArray[np.float64] | None:
    """Each combo's weight over the largest (its chance to be kept in
    :func:`weighted_assignments`); None when all weigh the same.

    >>> keep_odds([Fraction(1, 2), Fraction(1, 4)]).tolist(), keep_odds([Fraction(1, 3)] * 2)
    ([1.0, 0.5], None)
    """
    import numpy as np  # numpy: only a weighted sampled run gets here

    # A range's combos share a few weight objects: each is compared and divided once
    # (per combo, that was ~60 ms of a 6,500-combo Omaha range).
    objects = {id(w): w for w in weights}
    top = max(objects.values())
    if min(objects.values()) == top:
        return None
    odds = {key: float(w / top) for key, w in objects.items()}
    return np.array([odds[id(w)] for w in weights])


DETAIL_ROWS: Final = ("deals", "wins", "ties", "shares", "squares", "wins_high", "wins_low")
"""The rows of a weighted run's per-group tallies (:attr:`Counts.detail`)."""


def combo_class(cards: Sequence[Card]) -> str:
    """The hand class of a two-card combo (``"AKs"``, ``"AKo"``, ``"AA"``); other combos
    are their own class, written as their cards.

    >>> combo_class([Card("Ks"), Card("As")]), combo_class([Card("Td"), Card("Th")])
    ('AKs', 'TT')
    >>> combo_class([Card("Ks"), Card("Ad")]), combo_class([Card(c) for c in ("As", "Ks", "Qd")])
    ('AKo', 'AsKsQd')
    """
    if len(cards) != 2 or any(c.index >= 52 for c in cards):
        return "".join(str(c) for c in cards)
    high, low = sorted(cards, key=lambda c: c.rank, reverse=True)
    ranks = str(high)[:-1] + str(low)[:-1]
    if high.rank == low.rank:
        return ranks
    return ranks + ("s" if high.suit == low.suit else "o")


def combo_names(combos: Iterable[Sequence[int]]) -> list[str]:
    """Each combo's name, its cards' names run together in the combo's order.

    >>> combo_names([(51, 46), (1, 0), (51, 52)])
    ['AsKh', '2d2c', 'AsJk']
    """
    name = _card_name
    return ["".join(map(name, combo)) for combo in combos]


@cache  # one string per card index, made once
def _card_name(index: int) -> str:
    return str(Card.from_index(index))


class Later(Sequence[str]):
    """Names made the first time one is read, their number known at once: a weighted run
    names its combos (and, in Omaha, their tokens) only when ``by_combo`` or ``by_class``
    is read. Equal to, hashed and pickled as, the tuple it stands for.

    >>> later = Later(2, lambda: ["AsKd", "2h2c"])
    >>> len(later), later[1], later == ("AsKd", "2h2c"), list(later)
    (2, '2h2c', True, ['AsKd', '2h2c'])
    """

    __slots__ = ("_length", "_made", "_make")

    def __init__(self, length: int, make: Callable[[], Sequence[str]]) -> None:
        self._length, self._make = length, make
        self._made: tuple[str, ...] | None = None

    def _names(self) -> tuple[str, ...]:
        made = self._made
        if made is None:
            # Two threads reading at once may both make them: the same names either way.
            made = self._made = tuple(self._make())
            assert len(made) == self._length, "Later: the names made are not as many as said"
        return made

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...
    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return self._names()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Later):
            other = other._names()
        return isinstance(other, tuple) and self._names() == other

    def __hash__(self) -> int:
        return hash(self._names())

    def __repr__(self) -> str:
        return repr(self._names())

    def __reduce__(self) -> tuple[type[tuple[str, ...]], tuple[tuple[str, ...]]]:
        return tuple, (self._names(),)


def _names_kept(names: Sequence[str]) -> Sequence[str]:
    """Per-player names as a Weighting keeps them: a :class:`Later` as it is (not made
    now), anything else as a tuple."""
    return names if isinstance(names, Later) else tuple(names)


@dataclass(frozen=True)
class Weighting:
    """Each player's combo weights in a weighted run, and how its showdowns are grouped.

    A showdown's weight is the product of its players' combo weights. Engines tally
    player ``p``'s showdowns by group ``combo * others(p) + key``, ``key`` numbering the
    distinct weights the other players' combos have (mixed radix over players): every
    showdown of a group has the same weight, so :func:`build_result` applies the weights
    afterwards, exactly, as whole numbers. A player without a range has one combo.

    >>> import numpy as np
    >>> half = [Fraction(1), Fraction(1, 2)]
    >>> w = Weighting.of([half, [Fraction(1)] * 3], [["a", "b"], ["c"] * 3])
    >>> groups = w.groups([np.array([0, 1]), np.array([2, 2])])
    >>> [w.others(p) for p in (0, 1)], [g.tolist() for g in groups]
    ([1, 2], [[0, 1], [5, 4]])
    >>> Weighting.of([[Fraction(2)]], [["a"]])
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: a combo weight is a number from 0 to 1, got 2
    """

    names: tuple[Sequence[str], ...]
    """Per player, per live combo: its name (``"AsKd"``); empty for players without a range
    (a :class:`Later` where the engine names them only when asked)."""
    values: tuple[tuple[Fraction, ...], ...]
    """Per player: its distinct weights."""
    codes: tuple[tuple[int, ...], ...]
    """Per player, per live combo: the index of its weight in ``values``."""
    classes: tuple[Sequence[str], ...] = ()
    """Per player, per live combo: the hand class ``by_class`` counts it in (Omaha: the
    token of the range's text that gave it its weight; may be a :class:`Later`); a player
    with none (or no entry) has :func:`combo_class` of each name (``"AKs"``)."""
    whole: tuple[tuple[int, ...], ...] = ()
    """Per player: ``values`` as whole numbers in the same proportions
    (:func:`~lookup.ranges.holding.whole_numbers`), which exact sums weigh by; worked out
    here unless given (a Range keeps its own)."""

    def __post_init__(self) -> None:
        if len(self.whole) != len(self.values):
            object.__setattr__(self, "whole", tuple(map(whole_numbers, self.values)))

    @cached_property
    def weights(self) -> tuple[tuple[Fraction, ...], ...]:
        """Per player, per live combo: its weight (players without a range: ``(1,)``),
        ``values`` by ``codes``: made when first read (an exact run never reads it)."""
        return tuple(
            tuple(map(distinct.__getitem__, code))  # (map: in C)
            for distinct, code in zip(self.values, self.codes, strict=True)
        )

    @classmethod
    def of(
        cls,
        weights: Sequence[Sequence[Fraction]],
        names: Sequence[Sequence[str]],
        classes: Sequence[Sequence[str]] = (),
    ) -> Weighting:
        """The weighting of these per-player weights (each a positive Fraction up to 1)."""
        values: list[tuple[Fraction, ...]] = []
        codes: list[tuple[int, ...]] = []
        for player in weights:
            # A range's combos share a few weight objects: each object is hashed and
            # checked once, where hashing every combo's Fraction cost ~1 us a combo.
            objects = {id(w): w for w in player}
            distinct = tuple(sorted(set(objects.values())))
            for weight in distinct:
                if not 0 < weight <= 1:
                    raise PokerLookupError(
                        f"a combo weight is a number from 0 to 1, got {weight}", str(weight)
                    )
            at = {v: i for i, v in enumerate(distinct)}
            code_of = {key: at[w] for key, w in objects.items()}
            values.append(distinct)
            codes.append(tuple(code_of[id(w)] for w in player))
        return cls(
            tuple(map(_names_kept, names)), tuple(values), tuple(codes),
            tuple(map(_names_kept, classes)),
        )  # fmt: skip

    @classmethod
    def coded(
        cls,
        values: Sequence[Sequence[Fraction]],
        codes: Sequence[Sequence[int]],
        names: Sequence[Sequence[str]],
        classes: Sequence[Sequence[str]] = (),
        whole: Sequence[Sequence[int] | None] = (),
    ) -> Weighting:
        """:meth:`of` the weights ``values[p][codes[p][c]]`` (each player's distinct
        weights, ascending, as :func:`read_weight_codes` gives them): the same Weighting,
        made without hashing or comparing a Fraction per combo. A weight no combo has
        left is dropped. ``whole[p]``, where given, is :attr:`whole` of ``values[p]``
        (a Range's :meth:`~lookup.ranges.range.Range.whole_weights`).

        >>> half, one = Fraction(1, 2), Fraction(1)
        >>> w = Weighting.coded([(half, one), (half, one)], [[1, 1], [0, 0]], [["a", "b"], []])
        >>> w == Weighting.of([[one, one], [half, half]], [["a", "b"], []]), w.values
        (True, ((Fraction(1, 1),), (Fraction(1, 2),)))
        """
        kept: list[tuple[Fraction, ...]] = []
        renumbered: list[tuple[int, ...]] = []
        wholes: list[tuple[int, ...]] = []
        given = list(whole) or [None] * len(values)
        for distinct, code, ints in zip(values, codes, given, strict=True):
            if len(set(code)) != len(distinct):  # some weight's combos are all gone: renumber
                used = sorted(set(code))
                at = {old: new for new, old in enumerate(used)}
                distinct = [distinct[old] for old in used]
                code = list(map(at.__getitem__, code))
                ints = None  # the weights left may have a smaller common denominator
            if ints is None:  # (given whole numbers come from a Range, checked when read)
                # Ascending: 0 < weight <= 1 for all when so for the least and the most.
                least, most = distinct[0].as_integer_ratio(), distinct[-1].as_integer_ratio()
                if not (least[0] > 0 and most[0] <= most[1]):
                    bad = distinct[0] if least[0] <= 0 else distinct[-1]
                    raise PokerLookupError(
                        f"a combo weight is a number from 0 to 1, got {bad}", str(bad)
                    )
                ints = whole_numbers(distinct)
            kept.append(tuple(distinct))
            renumbered.append(tuple(code))
            wholes.append(tuple(ints))
        return cls(
            tuple(map(_names_kept, names)), tuple(kept), tuple(renumbered),
            tuple(map(_names_kept, classes)), tuple(wholes),
        )  # fmt: skip

    def sampled(self) -> Weighting:
        """The same players and combos with every weight 1: a sampled run draws its
        showdowns from the weighted deal already, so each counts once."""
        one = Fraction(1)
        # Made directly, every weight the one value (code 0): a sampled run makes this
        # per chunk, and of() walks every combo (~1 ms for an Omaha range).
        return Weighting(
            self.names,
            tuple((one,) for _ in self.codes),
            tuple((0,) * len(c) for c in self.codes),
            self.classes,
        )

    def others(self, player: int) -> int:
        """How many keys the other players' weights make for ``player``'s groups."""
        return math.prod(len(v) for j, v in enumerate(self.values) if j != player)

    def size(self, player: int) -> int:
        """How many groups ``player``'s showdowns fall in."""
        return len(self.codes[player]) * self.others(player)

    def groups(self, picks: Sequence[npt.NDArray[np.intp]]) -> list[npt.NDArray[np.intp]]:
        """Each player's group of each showdown, from each player's combo in it."""
        import numpy as np  # numpy: only a weighted run's engine calls this

        # Only players with more than one distinct weight make keys (none in a sampled
        # run's counting): their codes are gathered once, and nothing is made for the rest.
        codes = [
            np.asarray(c, dtype=np.intp).take(pick) if len(v) > 1 else None
            for c, v, pick in zip(self.codes, self.values, picks, strict=True)
        ]
        out = []
        for p, pick in enumerate(picks):
            key = None
            for j, code in enumerate(codes):
                if j != p and code is not None:
                    key = code if key is None else key * len(self.values[j]) + code
            group = np.asarray(pick, dtype=np.intp)
            others = self.others(p)
            if others > 1:
                group = group * others
            out.append(group if key is None else group + key)
        return out

    def empty(self) -> tuple[npt.NDArray[np.int64], ...]:
        """Zero tallies for every player's groups."""
        import numpy as np  # numpy: only a weighted run's engine calls this

        return tuple(
            np.zeros((len(DETAIL_ROWS), self.size(p)), np.int64) for p in range(len(self.codes))
        )


def detail_add(
    detail: Sequence[npt.NDArray[np.int64]],
    groups: Sequence[npt.NDArray[np.intp]],
    shares: npt.NDArray[np.int64],
    alone_high: npt.NDArray[np.bool_] | None = None,
    alone_low: npt.NDArray[np.bool_] | None = None,
) -> None:
    """Add one chunk of showdowns to each player's group tallies, in place.

    ``shares[p][i]`` is player p's share of showdown i in :data:`SHARE_UNIT`; a whole
    pot is a win, part of one a tie (as :class:`Counts` counts them).

    >>> import numpy as np
    >>> detail = [np.zeros((7, 2), np.int64)]
    >>> detail_add(detail, [np.array([0, 1, 1])], np.array([[5040, 2520, 0]]))
    >>> detail[0][:5].tolist()
    [[1, 2], [1, 0], [0, 1], [5040, 2520], [25401600, 6350400]]
    """
    import numpy as np  # numpy: only a weighted run's engine calls this

    for p, (table, group) in enumerate(zip(detail, groups, strict=True)):
        size = table.shape[1]
        share = shares[p].astype(np.int64)
        whole = share == SHARE_UNIT
        part = (share > 0) & ~whole
        table[0] += np.bincount(group, minlength=size)
        table[1] += np.bincount(group[whole], minlength=size)
        table[2] += np.bincount(group[part], minlength=size)
        # Per group and chunk these sums stay far below 2**53: float64 adds them exactly.
        table[3] += np.bincount(group, weights=share, minlength=size).astype(np.int64)
        table[4] += np.bincount(group, weights=share * share, minlength=size).astype(np.int64)
        if alone_high is not None:
            table[5] += np.bincount(group[alone_high[p]], minlength=size)
        if alone_low is not None:
            table[6] += np.bincount(group[alone_low[p]], minlength=size)


OUTCOME_CELLS: Final = 1 << 22
"""Most cells (assignments times outcomes) :func:`outcomes_add` tallies: 32 MB of int64."""


def top_masks(classes: Sequence[npt.NDArray[np.uint16]]) -> npt.NDArray[np.intp]:
    """Each high-only showdown's outcome: bit ``p`` set when player ``p`` is on top
    (holds the lowest class), alone or tied.

    >>> import numpy as np
    >>> a, b = np.array([1, 5, 7], np.uint16), np.array([2, 5, 3], np.uint16)
    >>> top_masks([a, b]).tolist(), top_masks([a, b, b]).tolist()
    ([1, 3, 2], [1, 7, 6])
    """
    import numpy as np  # numpy: only a weighted run's engine calls this

    if len(classes) == 2:  # heads-up, the common case: two comparisons, no reduction
        a, b = classes
        return (a <= b).astype(np.intp) + 2 * (b <= a).astype(np.intp)
    best = np.minimum.reduce(classes)
    masks = np.zeros(len(best), dtype=np.intp)
    for p, c in enumerate(classes):
        masks |= (c == best).astype(np.intp) << p
    return masks


def outcomes_add(
    tally: npt.NDArray[np.int64],
    first: int,
    counts: npt.NDArray[np.intp],
    classes: Sequence[npt.NDArray[np.uint16]],
) -> None:
    """Add one chunk of high-only showdowns to ``tally[row, outcome]``, in place: the
    showdowns of assignment ``first + i`` are the next ``counts[i]`` of ``classes``
    (chunks walk assignments in order), and a showdown's outcome is its
    :func:`top_masks`.

    >>> import numpy as np
    >>> a, b = np.array([1, 5, 7], np.uint16), np.array([2, 5, 3], np.uint16)
    >>> tally = np.zeros((3, 4), np.int64)
    >>> outcomes_add(tally, 1, np.array([2, 1]), [a, b])
    >>> tally.tolist()
    [[0, 0, 0, 0], [0, 1, 0, 1], [0, 0, 1, 0]]
    >>> many = np.zeros((3, 8), np.int64)
    >>> outcomes_add(many, 0, np.array([1, 0, 2]), [a, b, b])
    >>> many[0, 1:].tolist(), many[2, 6:].tolist(), int(many.sum())
    ([1, 0, 0, 0, 0, 0, 0], [1, 1], 3)
    """
    import numpy as np  # numpy: only a weighted run's engine calls this

    starts = np.add.accumulate(counts) - counts  # (ufunc methods: no Python wrapper)
    if len(classes) == 2 and len(counts) and counts.all():
        # Heads-up, every assignment with showdowns (the usual chunk): as below, its rows
        # a slice, and each run's wins summed from bytes into uint16 when no run can
        # reach 2**16 (a chunk that short): ~1.6x faster than summing bools into int64.
        a, b = classes
        wide = np.uint16 if len(a) < 1 << 16 else np.int64
        first_wins = np.add.reduceat((a < b).view(np.uint8), starts, dtype=wide)
        second_wins = np.add.reduceat((b < a).view(np.uint8), starts, dtype=wide)
        block = tally[first : first + len(counts)]
        block[:, 1] += first_wins
        block[:, 2] += second_wins
        block[:, 3] += counts - first_wins - second_wins
        return
    held = counts > 0  # an assignment without showdowns adds nothing
    rows = np.arange(first, first + len(counts))[held]
    starts = starts[held]
    if len(classes) == 2:
        # Heads-up: per assignment, a sum of each player's wins over its run of showdowns
        # (reduceat: no per-showdown index), ties the rest. ~7x faster than a bincount.
        a, b = classes
        first_wins = np.add.reduceat(a < b, starts, dtype=np.int64)
        second_wins = np.add.reduceat(b < a, starts, dtype=np.int64)
        tally[rows, 1] += first_wins
        tally[rows, 2] += second_wins
        tally[rows, 3] += counts[held] - first_wins - second_wins
        return
    width = tally.shape[1]
    codes = np.repeat(np.arange(len(rows)) * width, counts[held]) + top_masks(classes)
    span = np.bincount(codes, minlength=len(rows) * width).reshape(len(rows), width)
    tally[rows] += span


def outcome_detail(
    tally: npt.NDArray[np.int64], groups: Sequence[npt.NDArray[np.intp]], weighting: Weighting
) -> tuple[npt.NDArray[np.int64], ...]:
    """Each player's :data:`DETAIL_ROWS` by group straight from :func:`outcomes_add`'s
    tallies by assignment and outcome, ``groups[p][row]`` being player ``p``'s group of
    assignment ``row``: one bincount and one product a player (an exact spot's tallies
    cost more than its showdowns' count).

    >>> import numpy as np
    >>> w = Weighting.of([[Fraction(1)] * 2, [Fraction(1)]], [["a", "b"], []])
    >>> tally = np.array([[0, 1, 0, 1], [0, 1, 0, 0]], np.int64)
    >>> first, second = outcome_detail(tally, [np.array([0, 1]), np.array([0, 0])], w)
    >>> first[:5].tolist(), second[:5, 0].tolist()
    ([[2, 1], [1, 1], [1, 0], [7560, 5040], [31752000, 25401600]], [3, 0, 1, 2520, 6350400])
    """
    import numpy as np  # numpy: only a weighted run's engine calls this

    width = tally.shape[1]
    players = len(weighting.codes)
    stats = _outcome_stats(players, width)
    # Outcome by outcome (tally.T; no copy when the tally is column-major, as the engine
    # makes it): numpy's loops run along the assignments, not along a row of a few cells.
    cells = np.arange(width)[:, None]
    weights = tally.T.ravel()
    out = []
    for p in range(players):
        size = weighting.size(p)
        code = groups[p] * width + cells
        # Showdown counts: at most MAX_EXACT_LIMIT (10**12) in all, below 2**53, so
        # float64 weights add them exactly (and bincount beats np.add.at ~5x).
        table = np.bincount(code.ravel(), weights=weights, minlength=size * width)
        out.append(stats[:, p, :].T @ table.astype(np.int64).reshape(size, width).T)
    return tuple(out)


def outcome_counts(
    tally: npt.NDArray[np.int64],
    weighting: Weighting | None = None,
    picks: Sequence[npt.NDArray[np.intp]] = (),
) -> Counts:
    """The plain (unweighted) counts of high-only showdowns tallied by assignment and
    outcome (:func:`outcomes_add`'s table): one sum per outcome, then what each adds.

    A weighted run gives its ``weighting`` and each player's combo in each assignment
    (``picks[p][row]``): the counts then carry the tallies as their
    :class:`AssignedOutcomes` detail, and only the number of showdowns. Its plain
    tallies are never read (:func:`build_result` weighs the detail, and adding up parts
    of a run adds their details), so they are not made: wins, ties, shares and squares
    are empty.

    >>> import numpy as np
    >>> tally = np.array([[0, 3, 1, 1], [0, 0, 2, 0]], np.int64)
    >>> counts = outcome_counts(tally)
    >>> counts.deals, counts.wins, counts.ties, counts.shares
    (7, [3, 3], [1, 1], [17640, 17640])
    >>> w = Weighting.of([[Fraction(1)] * 2, [Fraction(1)]], [["a", "b"], []])
    >>> weighed = outcome_counts(tally, w, [np.array([0, 1]), np.array([0, 0])])
    >>> weighed.deals, weighed.wins, type(weighed.detail).__name__
    (7, [], 'AssignedOutcomes')
    """
    import numpy as np  # numpy: only an exact run's engine calls this, and it has it

    if weighting is not None:
        deals = int(np.add.reduce(tally, axis=None))
        return Counts(deals, [], [], [], [], None, None,
                      AssignedOutcomes(tally, tuple(picks), weighting))  # fmt: skip
    rows = _outcome_totals(np.add.reduce(tally, axis=0).tolist())
    return Counts(
        rows[0][0], [r[1] for r in rows], [r[2] for r in rows], [r[3] for r in rows],
        [r[4] for r in rows],
    )  # fmt: skip


def _outcome_totals(by_outcome: Sequence[int]) -> list[list[int]]:
    """Each player's :data:`DETAIL_ROWS` from how many showdowns (or how much weight)
    each high-only outcome had, in Python ints (a sum of squared shares can pass int64
    near the largest exact runs).

    >>> _outcome_totals([0, 2, 0, 1])[0][:5]  # two wins and a tie of player 0
    [3, 2, 1, 12600, 57153600]
    """
    width = len(by_outcome)
    # One sum of products a row and player (map and sum: in C).
    return [
        [sum(map(mul, by_outcome, column)) for column in player]
        for player in _outcome_columns(width.bit_length() - 1, width)
    ]


class AssignedOutcomes(NamedTuple):
    """A weighted exact run's high-only tallies by assignment and outcome
    (:func:`outcomes_add`), each player's combo in each assignment (``picks[p][row]``)
    and the run's weighting: what :attr:`Counts.detail` holds until the tallies by group
    are wanted. The weighted totals come straight from it (:meth:`weighted_totals`, one
    product); the tallies by group (:meth:`tables`), which only ``by_combo`` and
    ``by_class`` read, are made when they are read or when parts of a run are added up.
    """

    tally: npt.NDArray[np.int64]
    picks: tuple[npt.NDArray[np.intp], ...]
    weighting: Weighting

    def tables(self) -> tuple[npt.NDArray[np.int64], ...]:
        """Each player's :data:`DETAIL_ROWS` by group (:func:`outcome_detail`)."""
        return outcome_detail(self.tally, self.weighting.groups(self.picks), self.weighting)

    def weighted_totals(
        self, scaled: Sequence[Sequence[int]], codes: Sequence[Sequence[int]], showdowns: int
    ) -> list[list[int]]:
        """Each player's :data:`DETAIL_ROWS`, every showdown counted its weight: the
        product of its players' combo weights, player ``p``'s distinct weights being the
        whole numbers ``scaled[p]`` and its combo ``c`` weighing ``scaled[p][codes[p][c]]``;
        ``showdowns`` is the tally's sum (the plain count, which bounds every partial sum).

        >>> import numpy as np
        >>> w = Weighting.of([[Fraction(1), Fraction(1, 2)], [Fraction(1)]], [["a", "b"], []])
        >>> tally = np.array([[0, 1, 0, 0], [0, 0, 1, 1]], np.int64)  # a win, a loss, a tie
        >>> done = AssignedOutcomes(tally, (np.array([0, 1]), np.array([0, 0])), w)
        >>> done.weighted_totals([[1, 2], [1]], [[1, 0], [0]], 3)[0][:3]  # "a" weighs 2, "b" 1
        [4, 2, 1]
        """
        import numpy as np  # numpy: only a weighted run's engine makes these

        tally = self.tally
        constant = 1  # the product of the weights every showdown has
        largest = 1
        varying = []
        for ints, code, pick in zip(scaled, codes, self.picks, strict=True):
            if len(ints) == 1:  # one weight (a fixed hand, or a range weighed alike)
                constant *= ints[0]
            else:
                largest *= max(ints)
                varying.append((ints, code, pick))
        if not varying:
            by_outcome = np.add.reduce(tally, axis=0).tolist()
        elif showdowns * largest < 2**63:
            # Every partial sum is at most the showdowns times the largest weight: int64
            # is exact below 2**63 (and much faster than Python ints). Each assignment's
            # weight: each player's weights by code, by combo (numpy gathers), multiplied.
            weights = [
                np.array(ints, np.int64)[np.array(code, np.intp)].take(pick)
                for ints, code, pick in varying
            ]
            weight = weights[0]
            for mine in weights[1:]:
                weight *= mine
            # (matmul: int64 has no BLAS, and numpy's own loop is as fast as einsum here.)
            by_outcome = (weight @ tally).tolist()
        else:
            exact = np.multiply.reduce(
                [np.array(_own(ints, code), object).take(pick) for ints, code, pick in varying]
            )  # fmt: skip
            by_outcome = [int(x) for x in exact.dot(tally.astype(object))]
        return _outcome_totals([constant * count for count in by_outcome])


def _tables(
    detail: tuple[npt.NDArray[np.int64], ...] | AssignedOutcomes,
) -> tuple[npt.NDArray[np.int64], ...]:
    """A weighted run's tallies by group, made now if they were kept as outcomes."""
    return detail.tables() if isinstance(detail, AssignedOutcomes) else detail


@cache  # as _outcome_stats, in Python ints for exact sums past int64
def _outcome_columns(players: int, width: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """:func:`_outcome_stats` as nested tuples of Python ints: ``[p][row][m]``."""
    return tuple(
        tuple(map(tuple, by_row))
        for by_row in _outcome_stats(players, width).transpose(1, 2, 0).tolist()
    )


@cache  # a constant of the player count, made once per process
def _outcome_stats(players: int, width: int) -> npt.NDArray[np.int64]:
    """``stats[m, p]``: the :data:`DETAIL_ROWS` that one showdown of outcome ``m`` (bit
    ``p`` set: player ``p`` on top, alone or tied) adds to player ``p``'s tallies.
    Read-only (it is kept).

    >>> _outcome_stats(2, 4)[3].tolist()  # a tie: each has a deal, a tie, half the pot
    [[1, 0, 1, 2520, 6350400, 0, 0], [1, 0, 1, 2520, 6350400, 0, 0]]
    >>> _outcome_stats(3, 8)[1].tolist()  # player 0 alone on top: a win and the whole pot
    [[1, 1, 0, 5040, 25401600, 1, 0], [1, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0]]
    """
    import numpy as np  # numpy: only an exact or weighted run's engine calls this

    bits = (np.arange(width)[:, None] >> np.arange(players)) & 1
    winners = bits.sum(axis=1, keepdims=True)
    alone = bits * (winners == 1)
    share = bits * (SHARE_UNIT // np.maximum(winners, 1))
    stats = np.stack(
        [np.ones_like(bits), alone, bits - alone, share, share * share, alone,
         np.zeros_like(bits)],
        axis=2,
    ).astype(np.int64)  # fmt: skip
    stats.flags.writeable = False
    return stats


def winner_codes_add(
    tables: Sequence[npt.NDArray[np.int64]],
    groups: Sequence[npt.NDArray[np.intp]],
    classes: Sequence[npt.NDArray[np.uint16]],
) -> None:
    """Add one chunk of high-only showdowns (lowest class wins) to each player's tallies
    by group and by how many shared the pot with them (0: lost), in place.

    ``tables[p]`` has shape (groups, players + 1); one count per showdown and player,
    where :func:`detail_add` makes five: :func:`detail_of_codes` turns them into rows.

    >>> import numpy as np
    >>> tables = [np.zeros((1, 3), np.int64), np.zeros((1, 3), np.int64)]
    >>> a, b = np.array([1, 5, 7], np.uint16), np.array([2, 5, 3], np.uint16)
    >>> winner_codes_add(tables, [np.zeros(3, np.intp)] * 2, [a, b])
    >>> tables[0].tolist(), tables[1].tolist()
    ([[1, 1, 1]], [[1, 1, 1]])
    """
    import numpy as np  # numpy: only a weighted run's engine calls this

    best = np.minimum.reduce(classes)
    on_top = [c == best for c in classes]
    winners = np.add.reduce(on_top, dtype=np.uint8)
    width = len(classes) + 1
    for table, group, top in zip(tables, groups, on_top, strict=True):
        code = group * width + top * winners
        table += np.bincount(code, minlength=table.size).reshape(table.shape)


def detail_of_codes(table: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """:data:`DETAIL_ROWS` of one player's tallies by winner count (:func:`winner_codes_add`).

    >>> import numpy as np
    >>> detail_of_codes(np.array([[1, 1, 1]], np.int64))[:5, 0].tolist()
    [3, 1, 1, 7560, 31752000]
    """
    import numpy as np  # numpy: only a weighted run's engine calls this

    width = table.shape[1]
    share = np.array([0] + [SHARE_UNIT // k for k in range(1, width)], dtype=np.int64)
    rows = np.zeros((len(DETAIL_ROWS), table.shape[0]), dtype=np.int64)
    rows[0] = table.sum(axis=1)
    rows[1] = table[:, 1]
    rows[2] = table[:, 2:].sum(axis=1)
    rows[3] = table @ share
    rows[4] = table @ (share * share)
    rows[5] = rows[1]
    return rows


def detail_counts(detail: tuple[npt.NDArray[np.int64], ...], hilo: bool = False) -> Counts:
    """The plain (unweighted) counts of a weighted run's tallies, with them attached.

    >>> import numpy as np
    >>> detail_counts((np.arange(14, dtype=np.int64).reshape(7, 2),)).shares
    [13]
    """
    import numpy as np  # numpy: only a weighted run's engine calls this

    # One sum a player (int64, as each row's own sum), read back as Python ints.
    sums = [np.add.reduce(d, axis=1).tolist() for d in detail]
    rows = [list(row) for row in zip(*sums, strict=True)]
    return Counts(
        rows[0][0], rows[1], rows[2], rows[3], rows[4],
        rows[5] if hilo else None, rows[6] if hilo else None, detail,
    )  # fmt: skip


def _weighted(
    counts: Counts, weighting: Weighting, exact: bool
) -> tuple[Counts, list[tuple[Mapping[str, ComboEquity], Mapping[str, ComboEquity]] | None]]:
    """Weighted totals (exact: whole numbers, every weight times a common multiple of the
    denominators) and each range holder's per-combo and per-class equities (made when
    first read, see :class:`_Parts`; from :class:`AssignedOutcomes`, so are the tallies
    by group they are made from)."""
    detail = counts.detail
    assert detail is not None
    scaled, codes = weighting.whole, weighting.codes
    if isinstance(detail, AssignedOutcomes):
        given = None
        tables = _once(detail.tables)
        totals = detail.weighted_totals(scaled, codes, counts.deals)
    else:
        given, tables, totals = detail, None, []
    parts: list[tuple[Mapping[str, ComboEquity], Mapping[str, ComboEquity]] | None] = []
    for p in range(len(codes)):
        if given is not None:
            own = _own(scaled[p], codes[p])
            found, row_totals = _combo_tallies(given[p], _keys(scaled, p), own)
            by_combo: Callable[[], _Tallies] = partial(_kept, found)
            totals.append(row_totals.tolist())  # Python ints, from int64 or object alike
        else:
            assert tables is not None
            by_combo = partial(_by_combo, tables, scaled, codes, p)
        if not weighting.names[p]:
            parts.append(None)
            continue
        named = weighting.classes[p] if p < len(weighting.classes) else ()
        made = _PlayerParts(weighting.names[p], named, by_combo, scaled[p], codes[p],
                            totals[p][0], exact)  # fmt: skip
        parts.append((_Parts(made.by_combo), _Parts(made.by_class)))
    if not exact:
        return counts, parts
    rows = list(zip(*totals, strict=True))  # each row of DETAIL_ROWS, by player
    hilo = counts.wins_high is not None
    weighted = Counts(
        rows[0][0], rows[1], rows[2], rows[3], rows[4],
        rows[5] if hilo else None, rows[6] if counts.wins_low is not None else None,
    )  # fmt: skip
    return weighted, parts


_Tallies: TypeAlias = "npt.NDArray[np.int64] | npt.NDArray[np.object_]"
"""Whole numbers in int64, or in Python ints where int64 could overflow."""


def _combo_tallies(
    table: npt.NDArray[np.int64], keys: list[int], own: list[int]
) -> tuple[_Tallies, _Tallies]:
    """A player's weighted tallies by combo (``[row, combo]``: its groups weighted by the
    others' weights ``keys``) and its weighted totals (each combo's times its own weight
    ``own``), from its tallies by group ``table``."""
    import numpy as np  # numpy: only a weighted run's result needs it

    cube = table.reshape(len(DETAIL_ROWS), len(own), len(keys))
    # Every tally, key and weight is >= 0, so no partial sum below exceeds a row's
    # total count times the largest key times the largest own weight: under 2**63,
    # int64 is exact (and ~50x faster than Python ints); else Python ints.
    most = int(np.maximum.reduce(np.add.reduce(table, axis=1)))
    if max(most, 1) * max(keys) * max(own) < 2**63:
        by_combo = cube @ np.array(keys, dtype=np.int64)
        return by_combo, by_combo @ np.array(own, dtype=np.int64)
    keyed = np.array(keys, dtype=object)
    by_combo = np.tensordot(cube.astype(object), keyed, axes=([2], [0]))
    return by_combo, by_combo.dot(np.array(own, dtype=object))


def _keys(scaled: Sequence[Sequence[int]], p: int) -> list[int]:
    """The weight of each key of player ``p``'s groups, scaled: the product of the others'
    scaled weights, in the mixed-radix order of :meth:`Weighting.groups` (a player with
    one distinct weight makes no key of its own, yet weighs).

    >>> _keys([[1, 2], [3], [1, 5]], 1)
    [1, 5, 2, 10]
    """
    keys = [1]
    for j, ints in enumerate(scaled):
        if j != p:
            keys = [k * v for k in keys for v in ints]
    return keys


def _own(ints: Sequence[int], codes: Sequence[int]) -> list[int]:
    """Each combo's whole-number weight: its weight's, by its code.

    >>> _own((1, 2), (1, 1, 0))
    [2, 2, 1]
    """
    return list(map(ints.__getitem__, codes))


def _by_combo(
    tables: Callable[[], tuple[npt.NDArray[np.int64], ...]],
    scaled: Sequence[Sequence[int]],
    codes: Sequence[Sequence[int]],
    p: int,
) -> _Tallies:
    """Player ``p``'s weighted tallies by combo, from the tallies by group made now."""
    return _combo_tallies(tables()[p], _keys(scaled, p), _own(scaled[p], codes[p]))[0]


def _kept(value: _T) -> _T:
    return value


def _once(make: Callable[[], _T]) -> Callable[[], _T]:
    """``make``, called the first time only (functools.cache costs ~5 us to wrap)."""
    made: list[_T] = []

    def once() -> _T:
        if not made:
            made.append(make())
        return made[0]

    return once


class _PlayerParts:
    """One range holder's weighted tallies by combo (``by_combo()``, made when first
    asked for), turned into ``by_combo`` and ``by_class`` on demand: a Fraction or two
    per combo is most of a small spot's time."""

    def __init__(
        self,
        names: Sequence[str],
        classes: Sequence[str],
        by_combo: Callable[[], _Tallies],
        ints: Sequence[int],
        codes: Sequence[int],
        whole: int,
        exact: bool,
    ) -> None:
        self.names, self.whole, self.exact = names, whole, exact
        self.ints, self.codes = ints, codes  # each combo's weight, as whole numbers by code
        self.classes = classes  # each combo's class where the engine named them (Omaha)
        self.tallies = by_combo
        self.read: list[list[int]] | None = None

    def rows(self) -> list[list[int]]:
        """Deals, shares and squares per combo, as Python ints (exact past int64 too)."""
        if self.read is None:
            tallies = self.tallies()
            self.read = [[int(x) for x in tallies[r]] for r in (0, 3, 4)]
        return self.read

    def by_combo(self) -> dict[str, ComboEquity]:
        deals, shares, squares = self.rows()
        own = _own(self.ints, self.codes)
        return {
            name: _part(deals[c], shares[c], squares[c], deals[c] * own[c], self.whole,
                        self.exact)
            for c, name in enumerate(self.names)
            if deals[c]  # no compatible deal holds this combo
        }  # fmt: skip

    def by_class(self) -> dict[str, ComboEquity]:
        deals, shares, squares = self.rows()
        ints, codes = self.ints, self.codes
        classes: dict[str, list[int]] = {}
        for c, name in enumerate(self.names):
            if deals[c] == 0:
                continue
            own = ints[codes[c]]
            key = self.classes[c] if self.classes else _class_of(name)
            cls = classes.setdefault(key, [0, 0, 0])
            cls[0] += deals[c] * own  # weighted deals: also the class's mass
            cls[1] += shares[c] * own
            cls[2] += squares[c] * own
        return {
            name: _part(deals, share, square, deals, self.whole, self.exact)
            for name, (deals, share, square) in classes.items()
        }


class _Parts(Mapping[str, ComboEquity]):
    """``by_combo`` or ``by_class``: a read-only mapping made whole the first time it is
    read, so a run whose caller never looks at them does not pay for them. Equal to, and
    pickled as, the plain dict it stands for."""

    __slots__ = ("_made", "_make")

    def __init__(self, make: Callable[[], dict[str, ComboEquity]]) -> None:
        self._make = make
        self._made: dict[str, ComboEquity] | None = None

    def _parts(self) -> dict[str, ComboEquity]:
        made = self._made
        if made is None:
            # Two threads reading at once may both make it: the same dict either way.
            made = self._made = self._make()
        return made

    def __getitem__(self, key: str) -> ComboEquity:
        return self._parts()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts())

    def __len__(self) -> int:
        return len(self._parts())

    def __repr__(self) -> str:
        return repr(self._parts())

    def __reduce__(self) -> tuple[type[dict[str, ComboEquity]], tuple[dict[str, ComboEquity]]]:
        return dict, (self._parts(),)


_RANK_ORDER: Final = "23456789TJQKA"


def _class_of(name: str) -> str:
    """:func:`combo_class` of a combo's name (``"KsAs"``: ``"AKs"``), read off the text."""
    if len(name) != 4 or name[0] not in _RANK_ORDER or name[2] not in _RANK_ORDER:
        return name
    high, low = (name[0], name[1]), (name[2], name[3])
    if _RANK_ORDER.index(high[0]) < _RANK_ORDER.index(low[0]):
        high, low = low, high
    if high[0] == low[0]:
        return high[0] + low[0]
    return high[0] + low[0] + ("s" if high[1] == low[1] else "o")


def _part(deals: int, share: int, square: int, mass: int, whole: int, exact: bool) -> ComboEquity:
    if exact:
        fraction = Fraction(share, SHARE_UNIT * deals)
        chance = Fraction(mass, whole)
        return ComboEquity(float(fraction), 0.0, float(chance), fraction, chance)
    (error,) = std_errors(Counts(deals, [0], [0], [share], [square]))
    return ComboEquity(share / SHARE_UNIT / deals, 0.0 if deals < 2 else error, mass / whole)


def std_errors(counts: Counts) -> list[float]:
    """Each player's standard error of the mean share over ``counts``' deals (sampled runs).

    The sample standard deviation of the per-deal share over the square root of the count.

    >>> std_errors(Counts(4, [2, 2], [0, 0], [2 * 5040, 2 * 5040], [2 * 5040**2] * 2))
    [0.28867513459481287, 0.28867513459481287]
    """
    n = counts.deals
    errors = []
    for p in range(len(counts.shares)):
        if n < 2:
            errors.append(math.inf)
            continue
        mean = int(counts.shares[p]) / SHARE_UNIT / n
        second = int(counts.squares[p]) / SHARE_UNIT**2 / n
        errors.append(math.sqrt(max(second - mean * mean, 0.0) / (n - 1)))
    return errors


_FIELD_NAMES: Final[dict[type, tuple[str, ...]]] = {
    cls: tuple(field.name for field in fields(cls)) for cls in (PlayerEquity, EquityResult)
}
"""Each result class's fields in order (:func:`_frozen`)."""


def build_result(
    counts: Counts,
    names: Sequence[str],
    combos: Sequence[int],
    *,
    exact: bool,
    seed: int | None,
    board: tuple[Card, ...] = (),
    dead: tuple[Card, ...] = (),
    game: str = "holdem",
    stopped: str | None = None,
    weighting: Weighting | None = None,
    boards: int | None = None,
) -> EquityResult:
    """The one way an :class:`EquityResult` is made, from any engine's :class:`Counts`.

    A weighted run (``weighting``, with the counts' :attr:`~Counts.detail`) applies its
    weights here and reports ``by_combo`` and ``by_class``; ``boards`` is then the
    showdowns enumerated or sampled (the counts are weighted sums).

    ``combos`` gives each player's live combo count. Sampled results carry the
    standard error of each mean share (the sample deviation over the square
    root of the sample count); exact ones carry the share as a fraction.

    >>> counts = Counts(4, wins=[3, 0], ties=[1, 1], shares=[17640, 2520],
    ...                 squares=[3 * 5040**2 + 2520**2, 2520**2])
    >>> result = build_result(counts, ["AsAh", "KsKh"], [1, 1], exact=True, seed=None)
    >>> result[0].equity, result[0].equity_fraction, result[1].tie
    (0.875, Fraction(7, 8), 0.25)
    """
    parts = None
    if weighting is not None and counts.detail is not None:
        counts, parts = _weighted(counts, weighting, exact)
    n = counts.deals
    shown = n if boards is None else boards
    high, low = counts.wins_high, counts.wins_low
    unit = SHARE_UNIT * n
    errors = [0.0] * len(names) if exact else std_errors(counts)  # exact: no error to give
    players = []
    for p, name in enumerate(names):
        share = int(counts.shares[p])
        mean = share / SHARE_UNIT / n
        std_error = errors[p] if not exact and n > 1 else 0.0
        wins = int(counts.wins[p])
        part = None if parts is None else parts[p]
        # Fields in order, positionally: a small exact spot makes these in microseconds.
        players.append(
            _frozen(
                PlayerEquity,
                name,
                mean,
                wins / n,
                int(counts.ties[p]) / n,
                std_error,
                shown,
                exact,
                combos[p],
                wins / n if high is not None else None,
                int(high[p]) / n if high is not None else None,
                int(low[p]) / n if low is not None else None,
                Fraction(share, unit) if exact else None,
                None if part is None else part[0],
                None if part is None else part[1],
            )
        )
    return _frozen(EquityResult, tuple(players), board, dead, exact, shown, seed, game, stopped)


_T = TypeVar("_T")


def _frozen(cls: type[_T], *values: object) -> _T:
    """An instance of the frozen dataclass ``cls`` from all its fields' values, in order,
    equal to ``cls(*values)``: made without the generated ``__init__``, which sets each
    field through ``object.__setattr__`` (1.5 us for PlayerEquity's 14; a small exact
    spot makes a result and one per player). The classes it makes have no
    ``__post_init__`` and no slots (``tests/test_equity_fixed.py`` holds it so)."""
    made = object.__new__(cls)
    made.__dict__.update(zip(_FIELD_NAMES[cls], values, strict=True))
    return made


def chunk_rng(seed: int, index: int) -> np.random.Generator:
    """The random generator of chunk ``index`` of a run seeded ``seed``.

    ``numpy.random.SeedSequence(seed)`` spawned by the chunk's index: every chunk has an
    independent stream that any worker can make alone, so the answer never depends on
    which worker drew which chunk.

    >>> first, again, second = chunk_rng(7, 0), chunk_rng(7, 0), chunk_rng(7, 1)
    >>> [int(g.integers(1 << 30)) for g in (first, again, second)]
    [327887588, 327887588, 731643556]
    """
    import numpy as np  # numpy: only a sampled run needs it, and it has it already

    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))


def sample_chunk_size(total: int, index: int) -> int:
    """How many of a run's ``total`` samples chunk ``index`` draws (:data:`SAMPLE_CHUNK`,
    fewer in the last).

    >>> [sample_chunk_size(150_000, i) for i in range(3)]
    [65536, 65536, 18928]
    """
    return max(0, min(SAMPLE_CHUNK, total - index * SAMPLE_CHUNK))


def _pool_size(workers: int | None, tasks_left: int, seconds_left: float) -> int:
    """Processes for the rest of a run: ``workers`` if given, else every CPU for a long run."""
    if workers is None:
        workers = cpu_count() if seconds_left > WORKERS_AFTER else 1
    return max(1, min(workers, tasks_left))


def sampled_counts(
    work: Callable[[int], Counts],
    total: int,
    *,
    workers: int | None,
    target_std_error: float | None,
    time_limit: float | None,
    bar: LateProgress,
    shipped: Callable[[int], Counts] | None = None,
) -> tuple[Counts, str | None]:
    """Run a sampled run's chunks, ``work(i)`` counting chunk ``i``, and say why it stopped.

    Chunk 0 runs here: while ``workers`` processes start on the rest, or, with
    ``workers=None``, first, to time the run (every CPU takes the rest when it would
    take over :data:`WORKERS_AFTER` seconds). Results are added in chunk order, and
    only between chunks does the run stop: at ``total`` samples, once every player's
    standard error is below ``target_std_error``, or once ``time_limit`` seconds have
    passed, whichever comes first (the reason, one of :data:`STOP_REASONS`, or None
    when all were taken). So a run that stopped early took whole chunks, and the same
    seed with the samples it took repeats it. ``bar`` shows the samples and the
    current largest standard error. ``shipped``, when given, is ``work`` as sent to
    worker processes (the same counts, lighter to pickle); chunk 0 uses ``work``.
    """
    started = time.perf_counter()
    chunks = -(-total // SAMPLE_CHUNK)

    def stop(counts: Counts, index: int) -> str | None:
        errors = std_errors(counts)
        bar.advance(counts.deals - bar.done, f"s.e. {max(errors):.3%}")
        if index == chunks - 1:  # every sample taken: not an early stop
            return None
        if target_std_error is not None and max(errors) < target_std_error:
            return "target_std_error"
        if time_limit is not None and time.perf_counter() - started >= time_limit:
            return "time_limit"
        return None

    def rest(counts: Counts, results: Iterable[Counts]) -> tuple[Counts, str | None]:
        for index, chunk in enumerate(results, start=1):
            counts = counts.plus(chunk)
            if (reason := stop(counts, index)) is not None:
                return counts, reason
        return counts, None

    if workers is not None and workers > 1 and chunks > 1:
        # Workers asked for: they start on chunks 1 on while chunk 0 is counted here.
        with worker_pool(min(workers, chunks - 1)) as pool:
            results = pool.imap(shipped or work, range(1, chunks))
            counts = work(0)
            if (reason := stop(counts, 0)) is not None:
                return counts, reason
            return rest(counts, results)
    counts = work(0)
    seconds = time.perf_counter() - started
    if (reason := stop(counts, 0)) is not None or chunks == 1:
        return counts, reason
    processes = _pool_size(workers, chunks - 1, seconds * (chunks - 1))
    sent = work if processes == 1 or shipped is None else shipped
    with closing(run_tasks(sent, range(1, chunks), processes)) as pooled:
        return rest(counts, pooled)


PROBE_AFTER: Final = 16_000_000
"""Player-showdowns (showdowns times players) below which ``workers=None`` runs an exact
enumeration in one piece without timing it: under half a second in any game (about
0.2 s of Hold'em, 0.5 s of Omaha; timing a first part costs up to a tenth more)."""


def exact_counts(
    serial: Callable[[], Counts],
    work: Callable[[T], Counts],
    split: Callable[[], tuple[T, Callable[[int], list[T]]]] | None,
    *,
    showdowns: int,
    players: int,
    workers: int | None,
    bar: LateProgress,
) -> Counts:
    """Count an exact run: in one piece here, or split over worker processes.

    ``serial()`` counts the whole run here (advancing ``bar``). ``split()``, when the
    run can be split, gives a first task and ``rest(processes)``, the tasks that
    cover the rest for that many processes; ``work(task)`` counts one task. With
    ``workers=None`` a run of fewer than :data:`PROBE_AFTER` player-showdowns runs in
    one piece; a longer one runs its first task here, and every CPU takes the rest
    when the first task's rate says it would take over :data:`WORKERS_AFTER`
    seconds. The counts are whole numbers: the same whatever the split.
    """
    small = workers is None and showdowns * players < PROBE_AFTER
    if workers == 1 or split is None or small:
        return serial()
    first, rest = split()
    started = time.perf_counter()
    counts = work(first)
    seconds = time.perf_counter() - started
    bar.advance(counts.deals)
    left = showdowns - counts.deals
    processes = _pool_size(workers, left, left * seconds / max(counts.deals, 1))
    with closing(run_tasks(work, rest(processes), processes, ordered=False)) as results:
        for task_counts in results:
            counts = counts.plus(task_counts)
            bar.advance(task_counts.deals)
    return counts
