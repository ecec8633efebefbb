"""What a range holds on a board: the weighted share of each made-hand class and draw.

:func:`breakdown` labels every combo of a (weighted) range that the board and dead
cards allow with its made-hand class and draws (:mod:`lookup.board.made`, defined in
``docs/breakdown.md``) and adds up their weights. A partial or absent board is
completed every way the deck allows (exactly within ``exact_limit`` combo-boards,
sampled beyond it), so "how often does AK flop a pair or better" is one call.

>>> result = breakdown("QQ+, AK, T9s", board="Ks 7h 2d")
>>> result["set"].weight, result["top-pair-top-kicker"].combos
(Fraction(3, 1), ('AsKh', 'AsKd', 'AsKc', 'AhKh', 'AhKd', 'AhKc', 'AdKh', 'AdKd', 'AdKc', \
'AcKh', 'AcKd', 'AcKc'))
>>> result.total_weight, result.labels["Ts9s"].draws
(Fraction(31, 1), ('backdoor-flush-draw', 'backdoor-straight-draw'))
>>> breakdown("AA", board="Ks 7h")
Traceback (most recent call last):
...
lookup.PokerLookupError: a board of 2 cards needs street='flop', 'turn' or 'river' to \
complete it; a full board is 3, 4 or 5 cards
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any, Final, Literal, NamedTuple

import numpy as np
from numpy.typing import NDArray

from lookup.board.made import DRAWS, FORMATIONS, Label, Labels, board_tables, label_rows
from lookup.core.cards import DECK, Card, CardsLike, parse_cards
from lookup.core.errors import DuplicateCardError, GameError, PokerLookupError, RangeError
from lookup.core.messages import duplicate_card, unknown_name, whole_number
from lookup.core.progress import LateProgress
from lookup.game.registry import GameLike, get_game
from lookup.ranges.range import Range
from lookup.ranking.ranking import RulesLike

__all__ = [
    "BREAKDOWN_EXACT_LIMIT",
    "BREAKDOWN_SAMPLES",
    "STREETS",
    "Breakdown",
    "ClassShare",
    "ComboLabels",
    "breakdown",
]

STREETS: Final = {"flop": 3, "turn": 4, "river": 5}
"""Board size of each street."""

BREAKDOWN_EXACT_LIMIT: Final = 2_000_000
"""Most (board, combo) rows a partial board is completed over exactly (about 3 s);
beyond it, board completions are sampled."""

BREAKDOWN_SAMPLES: Final = 2_000
"""Board completions sampled beyond the exact limit, by default."""

_CHUNK: Final = 200_000  # rows labelled at once: fits the cache, and the bar moves

_CARD_TEXT: Final = tuple(str(card) for card in DECK)


class ComboLabels(NamedTuple):
    """One combo on a fixed board: its made-hand class, its draws, its straight outs, its weight."""

    made: str
    draws: tuple[str, ...]
    straight_outs: int
    weight: Fraction


@dataclass(frozen=True)
class ClassShare:
    """A made-hand class or a draw, and how much of the range holds it.

    ``weight``: the weighted combos in it (averaged over the board completions when the
    board is partial); ``share``: its part of the range's compatible weight; both exact
    :class:`~fractions.Fraction`\\ s unless the completions were sampled (floats, then,
    with ``std_error`` the standard error of ``share``; 0.0 when exact). ``combos``: the
    combos in it, on a fixed board (empty otherwise).
    """

    key: str
    title: str
    kind: Literal["made", "draw"]
    weight: Fraction | float
    share: Fraction | float
    std_error: float = 0.0
    combos: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The class as JSON types (weights and shares as floats).

        >>> breakdown("KK:0.5", board="Ks 7h 2d")["set"].to_json()["weight"]
        1.5
        """
        return {
            "key": self.key,
            "title": self.title,
            "kind": self.kind,
            "weight": float(self.weight),
            "share": float(self.share),
            "std_error": self.std_error,
            "combos": list(self.combos),
        }


@dataclass(frozen=True)
class Breakdown:
    """What :func:`breakdown` returns: each class's share, and each combo's labels.

    ``made`` lists the made-hand classes in precedence order (they partition the range),
    ``draws`` the draw flags (a combo may have several, or none); ``total_weight`` is the
    weighted count of the compatible combos (averaged over completions for a partial
    board). ``exact`` is False when completions were sampled; ``boards`` counts the
    boards looked at (1 for a fixed board). ``labels`` maps each compatible combo's text
    to its :class:`ComboLabels` on a fixed board (empty otherwise).
    """

    game: str
    rules: str
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    street: str
    exact: bool
    boards: int
    total_weight: Fraction | float
    made: tuple[ClassShare, ...]
    draws: tuple[ClassShare, ...]
    labels: Mapping[str, ComboLabels] = field(default_factory=dict)

    def __getitem__(self, key: str) -> ClassShare:
        """The class or draw named ``key``.

        >>> breakdown("KK", board="Ks 7h 2d")["set"].weight
        Fraction(3, 1)
        >>> breakdown("KK", board="Ks 7h 2d")["sets"]  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        KeyError: "no class or draw 'sets': they are playing-the-board, straight-flush, ..."
        """
        for share in self:
            if share.key == key:
                return share
        keys = ", ".join(share.key for share in self)
        raise KeyError(f"no class or draw {key!r}: they are {keys}")

    def __iter__(self) -> Iterator[ClassShare]:
        yield from self.made
        yield from self.draws

    def to_json(self) -> dict[str, Any]:
        """The breakdown as JSON types (``json.dumps`` writes it as is), one shape for every
        run (``docs/schemas/breakdown.json``): no board or dead cards is None, an exact run
        counts its ``boards`` (``samples`` None), a sampled one its ``samples``.

        >>> data = breakdown("KK", board="Ks 7h 2d").to_json()
        >>> data["board"], data["dead"], data["boards"], data["labels"]["KhKd"]["made"]
        (['Ks', '7h', '2d'], None, 1, 'set')
        """
        return {
            "game": self.game,
            "rules": self.rules,
            "board": [str(card) for card in self.board] or None,
            "dead": [str(card) for card in self.dead] or None,
            "street": self.street,
            "exact": self.exact,
            "boards": self.boards if self.exact else None,
            "samples": None if self.exact else self.boards,
            "total_weight": float(self.total_weight),
            "made": [share.to_json() for share in self.made],
            "draws": [share.to_json() for share in self.draws],
            "labels": {
                combo: {
                    "made": label.made,
                    "draws": list(label.draws),
                    "straight_outs": label.straight_outs,
                    "weight": float(label.weight),
                }
                for combo, label in self.labels.items()
            },
        }


def breakdown(
    range: Range | str,  # the name for it: the builtin is not needed in here
    board: CardsLike | None = None,
    *,
    street: str | None = None,
    game: GameLike = "holdem",
    dead: CardsLike | None = (),
    rules: RulesLike | None = None,
    exact_limit: int = BREAKDOWN_EXACT_LIMIT,
    samples: int = BREAKDOWN_SAMPLES,
    seed: int | None = None,
    progress: bool = True,
) -> Breakdown:
    """The made hands and draws a range holds on a board, each with its weighted share.

    Every combo the board and dead cards allow gets one made-hand class (they partition
    the range) and its draw flags, as ``docs/breakdown.md`` defines them; the result
    adds up their weights (:class:`Breakdown`).

    Parameters:

    ``range``: a :class:`~lookup.ranges.range.Range` or range text of the game, with
        weights if wanted (``'QQ+, AKs:0.5'``, ``'[25]AQs[/25]'``).
    ``board``: 0 to 5 cards in any form; None for none.
    ``street``: ``'flop'``, ``'turn'`` or ``'river'`` completes a shorter board every way
        the deck allows; None: the board (3, 4 or 5 cards) is the street.
    ``game``: ``'holdem'``, ``'short-deck'``, the Omaha family (``'omaha'``,
        ``'omaha5'``, ``'omaha6'``, ``'courchevel'``; hi/lo games by their high hand),
        whose hands are exactly two hole cards with three board cards.
    ``dead``: cards out of play, in any form.
    ``rules``: a ranking the game allows in place of its own (``'short-deck-triton'``).
    ``exact_limit``: most (board, combo) rows a partial board is completed over exactly;
        beyond it, ``samples`` completions are drawn and shares carry standard errors.
    ``samples``: board completions drawn when sampling.
    ``seed``: the sampling seed (None: fresh randomness).
    ``progress``: show a bar on a terminal once a run lasts a couple of seconds.

    Shares are of the weight of the combos compatible with the board and dead cards
    (and, for a partial board, with each completion); a class's ``weight`` is then its
    weighted combos on an average completion, a combo blocked by a completion counting
    nothing there.

    >>> flop = breakdown("AKs", street="flop")  # how often AK suited flops a pair or better
    >>> unmade = ("playing-the-board", "ace-high", "nothing")
    >>> paired = sum(s.weight for s in flop.made if s.key not in unmade)
    >>> flop.boards, paired / flop.total_weight, flop["flush-draw"].share
    (22100, Fraction(823, 2450), Fraction(429, 3920))
    >>> sd = breakdown("AT", board="Ah 6d 7c", game="short-deck")
    >>> sorted((s.key, float(s.weight)) for s in sd.draws if s.weight)
    [('backdoor-flush-draw', 2.0), ('backdoor-straight-draw', 12.0)]
    >>> om = breakdown("AsAhKhQh, 9h8h7c6c", board="Ks 7h 2h", game="omaha")
    >>> {combo: (label.made, label.draws) for combo, label in om.labels.items()}
    {'QhKhAhAs': ('overpair', ('flush-draw', 'nut-flush-draw', 'backdoor-straight-draw', \
'pair-and-flush-draw')), '6c7c8h9h': ('second-pair', ('flush-draw', 'backdoor-straight-draw', \
'pair-and-flush-draw'))}
    >>> breakdown("AA", board="Ks 7h 2d", game="stud")
    Traceback (most recent call last):
    ...
    lookup.GameError: breakdown reads board games (holdem, short-deck, the omaha family, \
courchevel); game 'stud' has no board
    """
    _check_counts(exact_limit, samples, seed)
    found = get_game(game)
    formation = found.family.hole_used
    if not found.has_board or formation not in FORMATIONS:
        raise GameError(
            "breakdown reads board games (holdem, short-deck, the omaha family, courchevel); "
            f"game {found.name!r} has no board",
            found.name,
        )
    ranking = found.high_ranking(rules)
    board_tables(ranking)  # refuses a ranking the definitions do not cover
    held = range if isinstance(range, Range) else Range(_text(range), found)
    held.combos_in(found)
    shown = parse_cards(board) if board is not None else ()
    gone = parse_cards(dead) if dead is not None else ()
    ranking.check_deck((*shown, *gone))
    seen: dict[Card, str] = {}  # each card, and where it was given
    for place, cards in (("the board", shown), ("the dead cards", gone)):
        for card in cards:  # a repeat within one of them: parse_cards refused it
            if card in seen:
                raise DuplicateCardError(duplicate_card(card, seen[card], place), str(card))
            seen[card] = place
    size = _street_size(len(shown), street)
    out = {card.index for card in seen}
    weights = {c: w for c, w in held.weights.items() if out.isdisjoint(c)}
    if not weights:
        raise PokerLookupError(
            f"no combo of {str(held)!r} is possible with the board and dead cards given",
            str(held),
        )
    names = {
        "game": found.name,
        "rules": ranking.name,
        "board": tuple(shown),
        "dead": tuple(gone),
        "street": next(name for name, n in STREETS.items() if n == size),
    }
    combos = np.array(list(weights), dtype=np.int64)
    fixed = np.array([card.index for card in shown], dtype=np.int64)
    if len(shown) == size:
        labels = label_rows(combos, np.broadcast_to(fixed, (len(combos), size)), ranking, formation)
        return _fixed(names, list(weights.items()), labels)
    deck = [card.index for card in ranking.deck if card.index not in out]
    return _completed(
        names, weights, combos, fixed, deck, size, ranking, formation,
        exact_limit=exact_limit, samples=samples, seed=seed, progress=progress,
    )  # fmt: skip


def _check_counts(exact_limit: object, samples: object, seed: object) -> None:
    """Refuse a count that is not a whole number in range (bool is not a count).

    >>> _check_counts(0, 1, None)
    >>> _check_counts(10, 0, None)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: samples must be a whole number from 1 up, got 0
    """
    checks = [("exact_limit", exact_limit, 0), ("samples", samples, 1)]
    if seed is not None:  # None: one is drawn
        checks.append(("seed", seed, 0))
    for name, value, least in checks:
        if (problem := whole_number(name, value, least)) is not None:
            raise PokerLookupError(problem, str(value))


def _text(given: object) -> str:
    if not isinstance(given, str):
        raise RangeError(
            f"a range is a Range or text such as 'QQ+, AKs:0.5', got {type(given).__name__}",
            str(given),
        )
    return given


def _street_size(shown: int, street: str | None) -> int:
    if street is None:
        if shown not in STREETS.values():
            raise PokerLookupError(
                f"a board of {shown} cards needs street='flop', 'turn' or 'river' to complete "
                "it; a full board is 3, 4 or 5 cards",
                shown,
            )
        return shown
    if not isinstance(street, str) or street not in STREETS:
        raise PokerLookupError(unknown_name("street", street, STREETS), street)
    if shown > STREETS[street]:
        raise PokerLookupError(
            f"a board of {shown} cards is past the {street} ({STREETS[street]} cards)", shown
        )
    return STREETS[street]


def _int_type(largest: int) -> Any:
    """int64 for sums that fit it; Python ints (slower) for weights with many decimals."""
    return np.int64 if largest < 2**62 else object


def _fixed(
    names: dict[str, Any], weighted: list[tuple[tuple[int, ...], Fraction]], labels: Labels
) -> Breakdown:
    # Exact sums in integers (each weight over the weights' common denominator), by numpy.
    denominator = math.lcm(*(w.denominator for _, w in weighted))
    kind = _int_type(denominator * len(weighted))
    scaled = np.array(
        [w.numerator * (denominator // w.denominator) for _, w in weighted], dtype=kind
    )
    made = labels.made.astype(np.int64)
    classes, draws = len(labels.classes), len(DRAWS)
    class_sums = np.zeros(classes, dtype=kind)
    np.add.at(class_sums, made, scaled)
    draw_sums = (labels.draws * scaled[:, None]).sum(axis=0)
    total_units = int(scaled.sum())
    total = Fraction(total_units, denominator)
    # Per combo: its text, and its flags as one number naming a tuple of keys (few differ).
    texts = ["".join(_CARD_TEXT[card] for card in combo) for combo, _ in weighted]
    flag_numbers = (labels.draws.astype(np.int64) << np.arange(draws)).sum(axis=1).tolist()
    keys_of: dict[int, tuple[str, ...]] = {}
    for number in set(flag_numbers):
        keys_of[number] = tuple(DRAWS[j].key for j in range(draws) if number >> j & 1)
    made_keys = [label.key for label in labels.classes]
    made_list = made.tolist()
    outs = labels.straight_outs.tolist()
    by_combo = {
        text: ComboLabels(made_keys[m], keys_of[f], o, w)
        for text, m, f, o, (_, w) in zip(
            texts, made_list, flag_numbers, outs, weighted, strict=True
        )
    }
    in_class: list[list[str]] = [[] for _ in made_keys]
    for text, m in zip(texts, made_list, strict=True):
        in_class[m].append(text)
    in_draw = [[texts[row] for row in np.flatnonzero(labels.draws[:, j])] for j in range(draws)]

    def exact(units: Any) -> list[Fraction]:
        return [Fraction(int(u), denominator) for u in units]

    return Breakdown(
        **names,
        exact=True,
        boards=1,
        total_weight=total,
        made=_shares(labels.classes, "made", exact(class_sums), total, in_class),
        draws=_shares(DRAWS, "draw", exact(draw_sums), total, in_draw),
        labels=by_combo,
    )


def _shares(
    labels: tuple[Label, ...],
    kind: Literal["made", "draw"],
    weights: list[Fraction],
    total: Fraction,
    combos: list[list[str]] | None = None,
) -> tuple[ClassShare, ...]:
    return tuple(
        ClassShare(
            label.key,
            label.title,
            kind,
            weights[i],
            weights[i] / total,
            combos=tuple(combos[i]) if combos else (),
        )
        for i, label in enumerate(labels)
    )


def _completed(
    names: dict[str, Any],
    weights: dict[tuple[int, ...], Fraction],
    combos: NDArray[np.int64],
    fixed: NDArray[np.int64],
    deck: list[int],
    size: int,
    ranking: Any,
    formation: int | None,
    *,
    exact_limit: int,
    samples: int,
    seed: int | None,
    progress: bool,
) -> Breakdown:
    """Every completion of a partial board (or a sample of them), each combo weighed."""
    missing = size - len(fixed)
    completions = math.comb(len(deck), missing)
    exact = completions * len(combos) <= exact_limit
    if exact:
        boards = np.array(list(combinations(deck, missing)), dtype=np.int64).reshape(-1, missing)
    else:
        rng = np.random.default_rng(seed)
        picks = np.argsort(rng.random((samples, len(deck))), axis=1)[:, :missing]
        boards = np.asarray(deck, dtype=np.int64)[picks]
    # Exact sums in integers: each weight over the weights' common denominator.
    fractions = list(weights.values())
    denominator = math.lcm(*(w.denominator for w in fractions))
    kind = _int_type(denominator * len(fractions) * len(boards))
    scaled = np.array([int(w * denominator) for w in fractions], dtype=kind)
    one = np.uint64(1)
    combo_mask = np.bitwise_or.reduce(one << combos.astype(np.uint64), axis=1)  # any hole size
    board_mask = np.bitwise_or.reduce(one << boards.astype(np.uint64), axis=1)
    classes = board_tables(ranking).classes
    k, d = len(classes), len(DRAWS)
    # Per board: the weight of each class and draw (sampling's standard errors need them
    # board by board; exact runs just add them up).
    per_board = np.zeros((len(boards), k + d + 1), dtype=kind)
    # Omaha labels each two of the hole cards as a row of its own: fewer combos a chunk.
    step = max(1, _CHUNK // (len(combos) * math.comb(combos.shape[1], 2)))
    bar = LateProgress(
        f"breakdown ({'exact' if exact else 'sampled'})", len(boards), progress, unit="boards"
    )
    try:
        for start in np.arange(0, len(boards), step):
            block = slice(int(start), int(start) + step)
            clash = (board_mask[block, None] & combo_mask[None, :]) != 0
            b, c = np.nonzero(~clash)
            rows_board = np.concatenate(
                [np.broadcast_to(fixed, (len(b), len(fixed))), boards[block][b]], axis=1
            )
            labels = label_rows(combos[c], rows_board, ranking, formation)
            w = scaled[c]
            here = b + int(start)
            np.add.at(per_board, (here, labels.made.astype(np.int64)), w)
            for j in np.arange(d):
                np.add.at(per_board[:, k + j], here, w * labels.draws[:, j])
            np.add.at(per_board[:, k + d], here, w)
            bar.advance(len(per_board[block]))
    finally:
        bar.close()
    return _summary(names, classes, per_board, len(boards), exact, denominator)


def _summary(
    names: dict[str, Any],
    classes: tuple[Label, ...],
    per_board: NDArray[np.int64],
    boards: int,
    exact: bool,
    denominator: int,
) -> Breakdown:
    k = len(classes)
    sums = [int(v) for v in per_board.sum(axis=0)]
    total_units = sums[-1]
    if exact:
        total = Fraction(total_units, denominator * boards)
        made = tuple(
            ClassShare(
                label.key,
                label.title,
                "made",
                Fraction(sums[i], denominator * boards),
                Fraction(sums[i], total_units),
            )
            for i, label in enumerate(classes)
        )
        draws = tuple(
            ClassShare(
                label.key,
                label.title,
                "draw",
                Fraction(sums[k + j], denominator * boards),
                Fraction(sums[k + j], total_units),
            )
            for j, label in enumerate(DRAWS)
        )
        return Breakdown(**names, exact=True, boards=boards, total_weight=total, made=made,
                         draws=draws)  # fmt: skip
    values = per_board.astype(np.float64) / denominator
    totals = values[:, -1]
    mean_total = float(totals.mean())

    def share(column: NDArray[np.float64]) -> tuple[float, float, float]:
        ratio = float(column.sum() / totals.sum())
        spread = column - ratio * totals  # the ratio estimator's residuals
        error = math.sqrt(float((spread**2).sum()) / max(boards - 1, 1) / boards) / mean_total
        return float(column.mean()), ratio, error

    def made_share(i: int, label: Label, kind: Literal["made", "draw"]) -> ClassShare:
        weight, ratio, error = share(values[:, i])
        return ClassShare(label.key, label.title, kind, weight, ratio, error)

    return Breakdown(
        **names,
        exact=False,
        boards=boards,
        total_weight=mean_total,
        made=tuple(made_share(i, label, "made") for i, label in enumerate(classes)),
        draws=tuple(made_share(k + j, label, "draw") for j, label in enumerate(DRAWS)),
    )
