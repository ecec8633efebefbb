"""``lookup.strength``: how strong every hero hand is on a board, now and as cards come.

For bot and solver builders (``docs/strength.md`` says what each number means and
where it comes from). Against an opponent's range (``"random"``, range text or a
:class:`~lookup.ranges.range.Range`, weights honoured), with card removal:

* ``hs``: the share of opponent weight the hero beats now, ties counted half;
* ``ppot`` / ``npot``: over weighted (opponent combo, runout) pairs, the chance of
  getting ahead when behind and of falling behind when ahead (Billings, Papp,
  Schaeffer and Szafron 1998; the runout is the turn and river from a flop, the
  river from a turn);
* ``effective_hs`` = HS(1 - NPOT) + (1 - HS) PPOT (Papp 1998, eq. 6.3) and
  ``effective_hs_optimistic`` = HS + (1 - HS) PPOT (Billings et al. 1998);
* ``expected_hs``, ``expected_hs2``: E[HS] and E[HS²] at the river over every
  completion of the board, each equally likely (Johanson et al. 2013), and
  ``histogram``: the share of completions whose river HS falls in each of ``bins``
  equal bins;
* ``percentile``: the share of the board's hero combos with a lower ``expected_hs``,
  ties (itself included) counted half.

Hold'em and short deck are exact; Omaha is sampled, for given hands only.

>>> s = strength("Ks 7h 2d", hands="As Kd")
>>> h = s["AsKd"]
>>> round(h.hs, 4), round(h.ppot, 4), round(h.npot, 4), round(h.expected_hs, 4)
(0.9685, 0.1571, 0.0785, 0.8975)
>>> strength("Ks 7h 2d", hands="Ks Kd")
Traceback (most recent call last):
...
lookup.DuplicateCardError: card 'Ks' is held by the board and the hand KsKd
"""

from __future__ import annotations

import os
import secrets
from bisect import bisect_left, bisect_right
from fractions import Fraction
from math import comb, lcm
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lookup.batch.strength_counts import (
    TABLE_BINS,
    fields_of_sums,
    iter_river_counts,
    potential_counts,
    river_counts,
    river_fields,
)
from lookup.core.cards import DECK, Card, CardsLike, parse_cards
from lookup.core.errors import (
    CardError,
    DuplicateCardError,
    GameError,
    HandSizeError,
    PokerLookupError,
    RangeError,
    TableError,
)
from lookup.core.messages import count, duplicate_card, whole_number
from lookup.game.registry import Game, GameLike, get_game
from lookup.handstrength.result import Strength
from lookup.odds.holdem.heads_up import versus_random
from lookup.ranges.holdem import class_name
from lookup.ranges.holding import holding_cards
from lookup.ranges.range import Range
from lookup.ranking.ranking import Ranking, RulesLike

__all__ = ["MAX_BINS", "OpponentLike", "strength"]

OpponentLike = str | Range
"""An opponent: ``"random"``, range text (weights allowed) or a :class:`Range`."""

MAX_BINS: Final = 1000
"""The most histogram bins: far finer than any abstraction uses (8 to 50 are usual), and a
1,081-hand flop's histograms stay under 10 MB."""

F64 = npt.NDArray[np.float64]
_STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}


def strength(
    board: CardsLike = (),
    *,
    hands: object = None,
    opponents: OpponentLike = "random",
    game: GameLike = "holdem",
    dead: CardsLike = (),
    rules: RulesLike | None = None,
    bins: int = 10,
    table: str | os.PathLike[str] | None = None,
    samples: int = 2_000,
    seed: int | None = None,
) -> Strength:
    """Hand strength of every hero hand the board allows, or of ``hands``, against ``opponents``.

    Parameters:

    ``board``: 0, 3, 4 or 5 cards
    ``hands``: None (every combo the board and dead cards leave), one hand (``"As Kd"``),
        a list of hands, or range text / a :class:`Range` (its combos)
    ``opponents``: ``"random"``, range text or a :class:`Range` of the game (weights count)
    ``game``: ``holdem``, ``short-deck`` (exact) or ``omaha``, ``omaha5``, ``omaha6``
        (sampled, ``hands`` required)
    ``dead``: cards out of play
    ``rules``: a ranking replacing the game's own (as :func:`lookup.equity` takes it)
    ``bins``: the histogram's number of equal bins of [0, 1] (1 to :data:`MAX_BINS`)
    ``table``: a folder of Hold'em strength tables (``python -m tablegen strength``
        writes them): ``expected_hs``, ``expected_hs2``, ``histogram`` and ``percentile``
        are then read from it (the same numbers, bit for bit); ``hs`` and hand potential
        are computed as without a table (potential pays the full pass when first asked).
        Only what the tables hold is answered: Hold'em, standard ranking, a flop or turn,
        a random opponent, no dead cards, 10 bins; anything else is refused (TableError),
        as is a missing, damaged or stale table (the message says how to regenerate it)
    ``samples``: Omaha: samples per hand and quantity; Hold'em preflop: boards sampled for
        E[HS²] and the histogram
    ``seed``: the seed of the samples (None: a fresh one, reported as ``result.seed``)

    Preflop (no board) only ``expected_hs``, ``expected_hs2`` and ``histogram`` exist,
    sampled over ``samples`` boards (each exact for every hand), with standard errors;
    against a random hand in Hold'em with no dead card, ``expected_hs`` is exact, from the
    heads-up preflop table.
    On the river there is no hand potential. Quantities whose denominator is empty
    are NaN (the range leaves the hero no opponent), PPOT (NPOT) is 0 for a hand
    never behind (ahead) or tied.

    >>> s = strength("Ks 7h 2d 5c 9s", opponents="KK, 77:0.5")
    >>> len(s), s.street, s.ppot
    (1081, 'river', None)
    >>> s["AsAh"].hs, s["8s6s"].hs  # a straight beats both sets
    (0.0, 1.0)
    >>> strength("Ks 7h", hands="AsAh")
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: a board is 0, 3, 4 or 5 cards, got 2
    >>> strength("Ks 7h 2d", opponents="QQ+", table="build/strength")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.TableError: strength tables hold a random opponent ... compute this instead
    >>> strength("Ks 7h 2d", table="/nonexistent")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.TableError: no strength table /nonexistent/flop.msgpack: generate it with ...
    """
    found = get_game(game)
    ranking = found.high_ranking(rules)
    if found.hilo or not found.has_board or ranking.kind.name != "poker":
        raise GameError(
            f"strength is defined for holdem, short-deck and the omaha high games, not "
            f"{found.name!r} under {ranking.name}",
            found.name,
        )
    if (problem := whole_number("bins", bins, 1, MAX_BINS)) is not None:
        raise PokerLookupError(problem, bins)
    deck = [card.index for card in ranking.deck]
    board_ix = _cards(board, ranking)
    dead_ix = _cards(dead, ranking)
    if len(board_ix) not in _STREETS:
        raise HandSizeError(f"a board is 0, 3, 4 or 5 cards, got {len(board_ix)}", len(board_ix))
    on_board = set(board_ix)
    shared = on_board.intersection(dead_ix)
    if shared:
        card = str(DECK[min(shared)])
        raise DuplicateCardError(duplicate_card(card, "the board", "the dead cards"), card)
    out = on_board.union(dead_ix)
    avail = [i for i in deck if i not in out]
    opponent = _opponent(opponents, found, out)
    heroes = _hands(hands, found, on_board, out, ranking)
    if table is not None:
        _check_table_use(table, found, ranking, len(board_ix), opponent, dead_ix, bins)
    if found.family.hole_used is not None:  # Omaha: exactly two hole cards play
        if heroes is None:
            raise HandSizeError(
                f"{found.name} strength is sampled for given hands: pass hands= (every hero "
                f"against every opponent is too many pairs to enumerate)",
                found.name,
            )
        from lookup.handstrength.sampled import omaha_strength  # Omaha's kernels: Omaha only

        return omaha_strength(
            found, ranking, tuple(board_ix), avail, heroes, opponent, bins, samples, seed
        )
    return _holdem(
        found, ranking, tuple(board_ix), avail, heroes, opponent, bins, dead_ix, samples, seed,
        table,
    )  # fmt: skip


def _check_table_use(
    table: object,
    game: Game,
    ranking: Ranking,
    cards: int,
    opponent: object,
    dead: list[int],
    bins: int,
) -> None:
    """Refuse a ``table=`` the tables cannot answer, saying why (before any work)."""
    if not isinstance(table, str | os.PathLike):
        raise TableError(f"table is a folder path, got {type(table).__name__}", table)
    reason = None
    if game.name != "holdem" or ranking.name != "standard":
        reason = f"hold'em under the standard ranking, not {game.name} under {ranking.name}"
    elif cards not in (3, 4):
        reason = f"a flop or turn board, not {cards} cards"
    elif opponent is not None:
        reason = "a random opponent (opponents='random'), not a range"
    elif dead:
        reason = "no dead cards"
    elif bins != TABLE_BINS:
        reason = f"bins={TABLE_BINS}, not {bins}"
    if reason is not None:
        raise TableError(
            f"strength tables hold {reason}: leave table=None to compute this instead",
            os.fspath(table),
        )


def _cards(cards: CardsLike, ranking: Ranking) -> list[int]:
    found = parse_cards(cards)
    ranking.check_deck(found)  # its message says what the deck holds
    return [card.index for card in found]


def _opponent(
    opponents: object, game: Game, out: set[int]
) -> dict[tuple[int, ...], Fraction] | None:
    """The opponent's weights once the board and dead cards are out; None for a random hand."""
    if isinstance(opponents, str) and opponents.strip().lower() == "random":
        return None
    if not isinstance(opponents, str | Range):
        raise RangeError(
            f"opponents is 'random', range text or a Range, got {type(opponents).__name__}",
            opponents,
        )
    weights = {
        combo: weight
        for combo, weight in Range(opponents, game).weights.items()
        if out.isdisjoint(combo)
    }
    if not weights:
        raise RangeError(
            f"the opponent's range {str(opponents)!r} has no combo the board leaves", str(opponents)
        )
    return weights


def _hands(
    hands: object, game: Game, board: set[int], out: set[int], ranking: Ranking
) -> list[tuple[int, ...]] | None:
    """The hero hands (card indices, highest first), or None for every combo; ``out``
    holds the board's cards and the dead cards."""
    if hands is None:
        return None
    hole = game.hole_cards
    one = holding_cards(hands, hole) if isinstance(hands, str) else None
    if one is None and isinstance(hands, str):
        try:  # cards, but not a holding's worth: say so (range text is not cards)
            cards = parse_cards(hands)
        except CardError:
            cards = None
        if cards:
            one = cards
    if one is not None:
        rows = [tuple(c.index for c in one)]
    elif isinstance(hands, str | Range):
        # A range's combos that the board or dead cards block are not hands: left out.
        rows = [tuple(c) for c in Range(hands, game).combos if out.isdisjoint(c)]
        if not rows:
            raise RangeError(f"hands {str(hands)!r} has no combo the board leaves", str(hands))
    else:
        try:
            rows = [tuple(c.index for c in parse_cards(hand)) for hand in hands]  # type: ignore[attr-defined]
        except TypeError:
            raise HandSizeError(
                f"hands is one hand, a list of hands or a range, got {hands!r}", hands
            ) from None
    found: dict[tuple[int, ...], None] = {}  # in the order given, each hand once
    for row in rows:
        held = [Card.from_index(i) for i in row]  # a joker too (no DECK entry): refused below
        text = "".join(map(str, held))
        if len(row) != hole:
            raise HandSizeError(
                f"hand {text} has {count(len(row), 'card')}; {game.name} hands have {hole}", text
            )
        ranking.check_deck(held)
        for card in held:
            if card.index in out:
                place = "the board" if card.index in board else "the dead cards"
                name = str(card)
                raise DuplicateCardError(duplicate_card(name, place, f"the hand {text}"), name)
        found[tuple(sorted(row, reverse=True))] = None
    if not found:
        raise HandSizeError("hands names no hand", hands)
    return list(found)


def _weight_matrix(
    opponent: dict[tuple[int, ...], Fraction] | None,
) -> tuple[npt.NDArray[np.int64], bool]:
    """The opponent's 52 x 52 integer weights (the exact weights times their common
    denominator), and whether the opponent is a random hand."""
    weights = np.zeros((52, 52), dtype=np.int64)
    if opponent is None:
        weights += 1
        np.fill_diagonal(weights, 0)
        return weights, True
    scale = lcm(*(w.denominator for w in opponent.values()))
    for (a, b), w in opponent.items():
        weights[a, b] = weights[b, a] = int(w * scale)
    return weights, False


def _holdem(
    game: Game,
    ranking: Ranking,
    board: tuple[int, ...],
    avail_list: list[int],
    heroes: list[tuple[int, ...]] | None,
    opponent: dict[tuple[int, ...], Fraction] | None,
    bins: int,
    dead: list[int],
    samples: int,
    seed: int | None,
    table: str | os.PathLike[str] | None = None,
) -> Strength:
    avail = np.array(sorted(avail_list), dtype=np.intp)
    combos = [
        (hi, lo)
        for hi in sorted(avail_list, reverse=True)
        for lo in sorted(avail_list, reverse=True)
        if lo < hi
    ]
    position = np.full(52 * 52, -1, dtype=np.intp)
    for i, (hi, lo) in enumerate(combos):
        position[hi * 52 + lo] = i
    chosen = (
        np.arange(len(combos)) if heroes is None else position[[h[0] * 52 + h[1] for h in heroes]]
    )
    rows = np.array(combos, dtype=np.intp)[chosen]
    street = _STREETS[len(board)]
    if street == "preflop":
        return _preflop(game, ranking, combos, chosen, rows, opponent, bins, dead, samples, seed)
    weights, random = _weight_matrix(opponent)
    need = 5 - len(board)
    runs = comb(len(avail_list), need) if need else 0

    def river_pass() -> tuple[dict[str, Any], npt.NDArray[np.uint16] | None]:
        parts = iter_river_counts(ranking, board, avail, need, weights)
        return river_fields(parts, position, len(combos), bins, random, runs)

    if table is None:
        fields, later = river_pass()
    else:  # the table's sums, divided exactly as a computed pass divides them
        from lookup.handstrength.table import table_sums  # only a table= call reads one

        sums = table_sums(os.fspath(table), board, combos)
        fields, later = fields_of_sums(sums, bins, random), None
    now = river_counts(ranking, board, avail, 0, weights)
    now_pos = position[now.high[0] * 52 + now.low[0]]
    hs_num = np.zeros(len(combos), dtype=np.int64)
    hs_den = np.zeros(len(combos), dtype=np.int64)
    hs_num[now_pos] = 2 * now.beaten[0] + now.tied[0]
    hs_den[now_pos] = 2 * now.total[0]
    with np.errstate(invalid="ignore", divide="ignore"):
        fields["hs"] = hs_num / hs_den
    out = {name: array[chosen] for name, array in fields.items()}

    def potential() -> dict[str, F64]:
        cur = np.zeros(len(combos), dtype=np.uint16)
        cur[now_pos] = now.classes[0]
        classes = later if later is not None else river_pass()[1]  # a table keeps none
        assert classes is not None  # kept for the flop and turn, where potential exists
        cards = np.array(combos, dtype=np.intp)
        opp = weights[cards[:, 0], cards[:, 1]]
        runs = comb(len(avail_list) - 4, need)
        hp = potential_counts(cur, classes, cards, opp, chosen, runs)
        return {**_potentials(hp, hs_num[chosen], hs_den[chosen]), "transitions": hp}

    return Strength(
        game=game.name,
        board=board,
        street=street,
        combos=rows,
        bins=bins,
        fields=out,
        potential=None if need == 0 else potential,
    )


def _potentials(
    hp: npt.NDArray[np.int64], hs_num: npt.NDArray[np.int64], hs_den: npt.NDArray[np.int64]
) -> dict[str, Any]:
    """PPOT, NPOT and both effective strengths from the exact counts, each rounded once."""
    names = ("ppot", "npot", "effective_hs", "effective_hs_optimistic")
    out = {name: np.empty(len(hp)) for name in names}
    for i, m in enumerate(hp.tolist()):
        ahead, tied, behind = (sum(row) for row in m)
        ppot = _ratio(2 * m[2][0] + m[2][1] + m[1][0], 2 * behind + tied)
        npot = _ratio(2 * m[0][2] + m[0][1] + m[1][2], 2 * ahead + tied)
        values: tuple[Fraction | None, ...] = (ppot, npot, None, None)
        if hs_den[i]:
            hs = Fraction(int(hs_num[i]), int(hs_den[i]))
            values = (ppot, npot, hs * (1 - npot) + (1 - hs) * ppot, hs + (1 - hs) * ppot)
        for name, value in zip(names, values, strict=True):
            out[name][i] = float("nan") if value is None else float(value)
    return out


def _ratio(num: int, den: int) -> Fraction:
    return Fraction(num, den) if den else Fraction(0)


def _preflop(
    game: Game,
    ranking: Ranking,
    combos: list[tuple[int, int]],
    chosen: npt.NDArray[np.intp],
    rows: npt.NDArray[np.intp],
    opponent: dict[tuple[int, ...], Fraction] | None,
    bins: int,
    dead: list[int],
    samples: int,
    seed: int | None,
) -> Strength:
    """Preflop: E[HS], E[HS²] and the histogram over ``samples`` boards; E[HS] exactly
    from the heads-up table where it holds the answer.

    ``samples`` boards are drawn uniformly from the cards the dead cards leave, and
    every hand is ranked against every opponent combo on each, exactly
    (:func:`~lookup.batch.strength_counts.river_counts`); each hero averages over the boards
    that miss its cards (a uniform sample of the boards it allows). Against a random
    hand in Hold'em with no dead card, every (opponent, board) pair is equally likely
    and every board leaves each hero the same number of opponent combos, so E[HS] is
    the equity against a random hand, which the preflop table holds exactly: that
    E[HS] (and the percentile it gives) replaces the sampled one."""
    if (problem := whole_number("samples", samples, 2, 100_000, when=" preflop")) is not None:
        raise PokerLookupError(problem, samples)
    if seed is None:
        seed = secrets.randbits(64)
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    deck = np.array(sorted({c for combo in combos for c in combo}), dtype=np.intp)
    keys = rng.random((samples, len(deck)))
    boards = np.sort(deck[np.argpartition(keys, 4, axis=1)[:, :5]], axis=1)
    position = np.full(52 * 52, -1, dtype=np.intp)
    for i, (hi, lo) in enumerate(combos):
        position[hi * 52 + lo] = i
    count = len(combos)
    n = np.zeros(count)
    s1 = np.zeros(count)
    s2 = np.zeros(count)
    s4 = np.zeros(count)
    hist = np.zeros(count * bins)
    weights, _ = _weight_matrix(opponent)
    for part in iter_river_counts(ranking, (), deck, 5, weights, runouts=boards):
        pos = position[part.high * 52 + part.low].ravel()
        num = (2 * part.beaten + part.tied).astype(np.int64).ravel()
        den = (2 * part.total).astype(np.int64).ravel()
        if not (den > 0).all():  # a board that leaves the range no combo is skipped
            pos, num, den = pos[den > 0], num[den > 0], den[den > 0]
        hs = num / den
        hs2 = (num * num) / (den * den)
        n += np.bincount(pos, minlength=count)
        s1 += np.bincount(pos, weights=hs, minlength=count)
        s2 += np.bincount(pos, weights=hs2, minlength=count)
        s4 += np.bincount(pos, weights=hs2 * hs2, minlength=count)
        binned = np.minimum(num * bins // den, bins - 1)
        hist += np.bincount(pos * bins + binned, minlength=count * bins)
    with np.errstate(invalid="ignore", divide="ignore"):
        ehs, ehs2 = s1 / n, s2 / n
        ehs_se = np.sqrt(np.maximum(ehs2 - ehs * ehs, 0) / np.maximum(n - 1, 1))
        ehs2_se = np.sqrt(np.maximum(s4 / n - ehs2 * ehs2, 0) / np.maximum(n - 1, 1))
        histogram = hist.reshape(count, bins) / n[:, None]
    key: list[Any] = [None if np.isnan(x) else x for x in ehs.tolist()]
    fields: dict[str, Any] = {"expected_hs_std_error": ehs_se}
    if opponent is None and not dead and game.name == "holdem" and ranking.name == "standard":
        by_class: dict[str, Fraction] = {}
        for combo in combos:
            name = class_name(combo)
            if name not in by_class:
                by_class[name] = versus_random(name).exact_equity
        key = [by_class[class_name(combo)] for combo in combos]
        ehs = np.array([float(x) for x in key])
        fields = {}  # exact: no standard error
    order = sorted(x for x in key if x is not None)
    percentile = np.array(
        [
            float("nan") if x is None else (bisect_left(order, x) + bisect_right(order, x)) / 2
            for x in key
        ]
    ) / max(1, len(order))
    fields.update(
        expected_hs=ehs,
        percentile=percentile,
        expected_hs2=ehs2,
        expected_hs2_std_error=ehs2_se,
        histogram=histogram,
    )
    return Strength(
        game=game.name,
        board=(),
        street="preflop",
        combos=rows,
        bins=bins,
        fields={name: array[chosen] for name, array in fields.items()},
        samples=samples,
        seed=seed,
    )
