"""All-in equity in every game: each player's share of the pot, exact or sampled.

:func:`equity` takes 2 to 10 holdings, a board (in games that have one), dead
cards and a game name (see :func:`lookup.game.registry.games`), and either enumerates
every way the deal can finish or samples it.

**Holdings.** Explicit cards: the whole holding in the board games (2 in
Hold'em, 4, 5 or 6 in Omaha, 5 in Courchevel); in ``stud``, ``stud-hilo`` and
``razz`` the cards dealt so far (3 to 7, the rest come from the deck); in the
draw games and badugi the hand as it stands for an all-in before the draw
(fewer cards than the game's count are completed from the deck, as a player
drawing would be). ``"random"`` is a holding dealt entirely from the deck.
Hold'em and short deck also take the range syntax of :mod:`lookup.ranges.holdem`
(Hold'em goes through :func:`lookup.equity`'s Hold'em engine; in short deck the
combos with a 2-5 are dropped and the players' combos are dealt jointly, every
compatible assignment equally likely, as in Hold'em). Omaha and Courchevel
take the simple range notation of :mod:`lookup.ranges.omaha` (``"AAxx"``,
``"AKQJ ds"``), dealt jointly the same way. In stud with more players than the deck
can serve, the last card is one community card for everyone, as the rules say.

**Exact or sampled.** A *deal* gives every unknown card (players' missing
cards, then the board). By default the answer is exact when there are at most
:data:`~lookup.odds.results.EXACT_LIMIT` (2,000,000) deals, otherwise
:data:`~lookup.odds.results.DEFAULT_SAMPLES` deals are sampled. ``exact=True``
enumerates, but refuses past ``exact_limit`` deals
(:data:`~lookup.odds.results.DEFAULT_EXACT_LIMIT`, 50 million, by default),
saying how many the run would be; raise ``exact_limit`` to run it anyway.
``seed`` makes sampling reproducible (a fresh seed is drawn and reported when
omitted).

**Scoring.** Pot shares are exact: a k-way tie gives each winner 1/k; in hi/lo
games half goes to the best high and half to the best qualifying low (each half
shared among tied hands, so quartering happens), and the high takes it all when
no low qualifies. ``equity`` is the average share, ``win`` the fraction of
deals in which the player takes the whole pot alone, ``tie`` the fraction in
which they take part of it (a shared pot, or one half of a hi/lo pot); hi/lo
games also give ``scoop`` (= ``win``), ``win_high`` and ``win_low`` (a half
won alone). Exact results carry ``equity_fraction``, the share as a
:class:`~fractions.Fraction`.

**Speed.** Each game family has a vectorised kernel (:mod:`lookup.game.kernels`);
Omaha costs one table gather per hole pair and deal, plus flush work on boards
with three of a suit. An exact run of ranges after the flop in a high-only board
game looks each holding up once on each board and settles the deals from those
classes (:mod:`lookup.odds.settle`): ``"QQ+, AKs"`` against ``"JJ-99, AK"`` on a
short-deck flop about 2 ms where walking its 226,548 deals took about 60 ms.
``benchmarks/compare_game_equity.py`` measures it.

>>> result = equity(["As 2h Ks 3h", "Qd Qc 4d 5c"], board="6s 7h 8d", game="omaha-hilo")
>>> [round(p.equity, 4) for p in result], result.exact, result.boards
([0.536, 0.464], True, 820)
>>> result[0].equity_fraction, round(result[0].scoop, 4)
(Fraction(879, 1640), 0.1037)
>>> equity(["As Ah Ks", "Qd Qc Jd Jc"], game="omaha")
Traceback (most recent call last):
...
lookup.HandSizeError: player 1 has 3 cards: omaha holdings are 4 cards or 'random'
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np

from lookup.batch.deals import (
    ASSIGNMENT_LIMIT,
    CHUNK_DEALS,
    deal_count,
    deal_from,
    disjoint_choices,
    exact_deals,
    sample_assignments,
    sample_deals,
)
from lookup.core.cards import Card, CardsLike, parse_cards
from lookup.core.errors import (
    CardError,
    DuplicateCardError,
    GameError,
    HandSizeError,
    PokerLookupError,
    RangeError,
)
from lookup.core.messages import count, duplicate_card
from lookup.core.progress import LateProgress
from lookup.game.registry import GameLike, get_game
from lookup.odds.results import (
    DEFAULT_EXACT_LIMIT,
    DEFAULT_SAMPLES,
    DETAIL_ROWS,
    EXACT_LIMIT,
    MAX_SAMPLES,
    OUTCOME_CELLS,
    SHARE_UNIT,
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
    detail_add,
    detail_counts,
    detail_of_codes,
    exact_counts,
    keep_odds,
    outcome_counts,
    read_weight_codes,
    sample_chunk_size,
    sampled_counts,
    weighted_assignments,
    winner_codes_add,
)
from lookup.odds.settle import OFF, class_table, settle
from lookup.odds.small import fixed_counts
from lookup.ranges.holding import RangeValue, holding_cards
from lookup.ranges.notation import read_range
from lookup.ranges.range import Range, token_classes
from lookup.ranking.ranking import Ranking, RulesLike

if TYPE_CHECKING:
    import numpy.typing as npt

    from lookup.game.family import GameFamily
    from lookup.game.kernels import BatchKernel, Column

__all__ = ["GameTally", "Holding", "equity"]

Holding = tuple[int, ...]
"""One combo a range holder may hold: card indices (two in Hold'em, four or more in Omaha)."""

_SENT_ROWS: Final = 1 << 16
"""Most listed assignments a sampled chunk's task carries to a worker; a longer list is
listed again by the worker rather than pickled with every chunk."""


@dataclass(frozen=True)
class _Setup:
    """A checked question: who holds what, what is known, and what is still to come."""

    game: str
    family: GameFamily
    names: list[str]
    known: list[tuple[int, ...]]
    """Each player's known cards."""
    need: list[int]
    """Cards still to come for each player."""
    board: tuple[Card, ...]
    board_need: int
    dead: tuple[Card, ...]
    unseen: list[int]
    high: BatchKernel
    low: BatchKernel | None
    no_low: int
    """The low ranking's "no low" class number (its last)."""
    ranges: dict[int, tuple[Holding, ...]] = field(default_factory=dict)
    """Players holding a range (short deck, Omaha): their live combos, dealt jointly."""
    hole_cards: int = 2
    weighting: Weighting | None = None
    """A weighted run's weights: every player's, a range holder's per live combo."""
    high_classes: int = 0
    """How many classes the high ranking has (its worst class number)."""

    @property
    def ranged_cards(self) -> int:
        """Cards the range holders take out of the deck in every deal."""
        return self.hole_cards * len(self.ranges)

    @property
    def groups(self) -> list[int]:
        return [*self.need, self.board_need]


@dataclass
class GameTally:
    """Running totals per player over many deals (exact integers, shares in SHARE_UNIT)."""

    players: int
    deals: int = 0
    wins: list[int] = field(default_factory=list)
    ties: list[int] = field(default_factory=list)
    shares: list[int] = field(default_factory=list)
    squares: list[int] = field(default_factory=list)
    wins_high: list[int] = field(default_factory=list)
    wins_low: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for name in ("wins", "ties", "shares", "squares", "wins_high", "wins_low"):
            setattr(self, name, [0] * self.players)

    def add(self, high: list[npt.NDArray[np.uint16]], low: list[npt.NDArray[np.uint16]] | None,
            no_low: int = 0) -> None:  # fmt: skip
        """Count one chunk: ``high[p][i]`` (and ``low[p][i]``) is player p's class in deal i.

        >>> import numpy as np
        >>> tally = GameTally(2)
        >>> tally.add([np.array([1, 5], np.uint16), np.array([2, 5], np.uint16)], None)
        >>> tally.wins, tally.ties, tally.shares
        ([1, 0], [1, 1], [7560, 2520])
        """

        self.add_shares(*pot_shares(high, low, no_low))

    def add_shares(
        self,
        share: npt.NDArray[np.int64],
        alone_high: npt.NDArray[np.bool_],
        alone_low: npt.NDArray[np.bool_] | None,
    ) -> None:
        """Count one chunk from :func:`pot_shares`' answer."""
        self.deals += share.shape[1]
        whole = share == SHARE_UNIT
        part = (share > 0) & ~whole
        for p in range(self.players):
            self.wins[p] += int(np.count_nonzero(whole[p]))
            self.ties[p] += int(np.count_nonzero(part[p]))
            self.shares[p] += int(share[p].sum())
            self.squares[p] += int((share[p] * share[p]).sum())
            self.wins_high[p] += int(np.count_nonzero(alone_high[p]))
            if alone_low is not None:
                self.wins_low[p] += int(np.count_nonzero(alone_low[p]))


def pot_shares(
    high: list[npt.NDArray[np.uint16]], low: list[npt.NDArray[np.uint16]] | None, no_low: int = 0
) -> tuple[
    npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.bool_] | None
]:  # fmt: skip
    """Each player's share of each deal in SHARE_UNIT, and who won the high (and low)
    half alone: ``high[p][i]`` (and ``low[p][i]``) is player p's class in deal i.

    >>> import numpy as np
    >>> pot_shares([np.array([1, 5], np.uint16), np.array([2, 5], np.uint16)], None)[0].tolist()
    [[5040, 2520], [0, 2520]]
    """
    classes = np.stack(high)
    top = classes == classes.min(axis=0)
    winners = top.sum(axis=0)
    if low is None:
        share = top * (SHARE_UNIT // winners)
        alone_high = top & (winners == 1)
        alone_low = None
    else:
        lows = np.stack(low)
        best_low = lows.min(axis=0)
        qualified = best_low != no_low
        low_top = (lows == best_low) & qualified
        low_winners = np.maximum(low_top.sum(axis=0), 1)
        half = SHARE_UNIT // 2
        share = np.where(
            qualified, top * (half // winners) + low_top * (half // low_winners),
            top * (SHARE_UNIT // winners),
        )  # fmt: skip
        alone_high = top & (winners == 1)
        alone_low = low_top & (low_winners == 1)
    return share.astype(np.int64), alone_high, alone_low


def equity(
    hands: Sequence[HoldingLike],
    board: CardsLike | None = None,
    dead: CardsLike | None = None,
    *,
    game: GameLike = "holdem",
    rules: RulesLike | None = None,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    progress: bool = False,
    workers: int | None = None,
    target_std_error: float | None = None,
    time_limit: float | None = None,
    weights: Sequence[PlayerWeights | None] | None = None,
    given_names: Sequence[str | None] | None = None,
) -> EquityResult:
    """Equity of 2-10 holdings in ``game``; see the module docstring.

    ``weights`` weighs each player's combos (:func:`lookup.odds.front.equity` reads them
    from each Range): one list per player, parallel to the combos its range reads as (None: all 1;
    a player holding cards or ``random`` has one weight). ``given_names`` names each player
    in the result and in messages (None: as read).

    ``workers``, ``target_std_error`` and ``time_limit`` are :func:`lookup.equity`'s
    (checked there).

    >>> stud = equity(["Ah Ad 5c", "Kh Kd Qs"], game="stud", samples=20_000, seed=3)
    >>> stud.exact, stud.seed, 0.64 < stud[0].equity < 0.68
    (False, 3, True)
    >>> equity(["Ah Ad 5c", "Kh Kd Qs"], game="stud", exact=True)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: exact enumeration would be 18,265,297,050 deals, more than \
exact_limit=50,000,000: pass a larger exact_limit (--exact-limit on the command line) to run it \
anyway, or sample
    >>> equity(["As Kd 7h 4c 2s", "8s 6d 5h 4d"], board="2c 3c 4s", game="deuce-to-seven")
    Traceback (most recent call last):
    ...
    lookup.GameError: deuce-to-seven has no board: give the players' cards only
    """
    found = get_game(game)
    setup = _setup(hands, board, dead, found.name, rules, weights, given_names=given_names)

    deals = deal_count(len(setup.unseen) - setup.ranged_cards, setup.groups)
    assignments = _listed_assignments(setup)
    if assignments is not None:
        deals *= len(assignments)
    elif setup.ranges and exact:
        most = math.prod(len(c) for c in setup.ranges.values())
        raise PokerLookupError(
            f"too many ways to deal these ranges to enumerate (up to {most:,} holding "
            f"assignments, each with {deals:,} deals; more than {ASSIGNMENT_LIMIT:,} "
            "assignments are never listed): sample instead",
            most * deals,
        )
    if setup.ranges and assignments is None:
        exact = False
    if exact is None:
        exact = samples is None and deals <= min(EXACT_LIMIT, exact_limit)
    if exact:
        check_exact_limit(deals, exact_limit)
        lean = None
        if setup.weighting is None:  # a weighted run counts by combo: the general path
            lean = _fixed_hands_after_the_flop(setup, found.high_ranking(rules))
        if lean is not None:
            return lean
    return _solve(
        setup, deals, assignments, exact=exact, samples=samples, seed=seed, progress=progress,
        workers=workers, target_std_error=target_std_error, time_limit=time_limit,
    )  # fmt: skip


def _fixed_hands_after_the_flop(setup: _Setup, ranking: Ranking) -> EquityResult | None:
    """Short deck's small exact spots, counted by :mod:`lookup.odds.small`; None for others.

    Fixed hands with one or two board cards to come (or none) make at most a few
    hundred boards: the general path's set-up would cost more than counting them.
    """
    if (
        setup.game != "short-deck"
        or setup.ranges
        or setup.low is not None
        or any(setup.need)
        or len(setup.board) < 3
        or ranking.kind.name != "poker"  # wild cards: the counting knows no stand-ins
    ):
        return None
    holes = [(known[0], known[1]) for known in setup.known]
    board = [card.index for card in setup.board]
    counts = fixed_counts(holes, board, setup.unseen, ranking.kernel(7), ranking.kernels.rivers7)
    return build_result(
        counts, setup.names, [1] * len(holes), exact=True, seed=None, board=setup.board,
        dead=setup.dead, game=setup.game,
    )  # fmt: skip


def _listed_assignments(setup: _Setup) -> npt.NDArray[np.intp] | None:
    """Every compatible choice of one combo per range holder, or None if too many to list."""
    if not setup.ranges:
        return None
    live = list(setup.ranges.values())
    if math.prod(len(c) for c in live) > ASSIGNMENT_LIMIT:
        return None
    listed = _list_assignments(live)
    if len(listed) == 0:
        raise PokerLookupError(
            "no deal is possible: the players' ranges cannot all be held at once"
        )
    return listed


def _card_masks(combos: Sequence[Holding]) -> npt.NDArray[np.uint64]:
    """One 52-bit card mask per combo, to test holdings for shared cards."""

    table = np.array(combos, dtype=np.uint64).reshape(len(combos), -1)
    masks: npt.NDArray[np.uint64] = np.bitwise_or.reduce(np.uint64(1) << table, axis=1)
    return masks


def _list_assignments(live: list[tuple[Holding, ...]]) -> npt.NDArray[np.intp]:
    """Every choice of one combo per range holder with no shared card: (A, holders) indices."""

    listed = disjoint_choices([_card_masks(options) for options in live])
    assert listed is not None  # no limit given
    return listed


def _setup(
    hands: Sequence[HoldingLike], board: CardsLike | None, dead: CardsLike | None, name: str,
    rules: RulesLike | None, weights: Sequence[PlayerWeights | None] | None = None,
    given_names: Sequence[str | None] | None = None,
) -> _Setup:  # fmt: skip
    game = get_game(name)
    family = game.family
    high_ranking = game.high_ranking(rules)
    low_ranking = game.low_ranking()
    deck = {card.index for card in high_ranking.deck}
    board_cards = () if board is None else parse_cards(board)
    if not game.has_board and board_cards:
        raise GameError(f"{name} has no board: give the players' cards only", str(board_cards[0]))
    if game.has_board and len(board_cards) not in {0, *game.board_sizes} - (
        set() if 0 in game.board_sizes else {0}
    ):
        sizes = ", ".join(map(str, game.board_sizes[:-1])) + f" or {game.board_sizes[-1]}"
        raise HandSizeError(
            f"a {name} board has {sizes} cards, got {len(board_cards)}", len(board_cards)
        )
    dead_cards = () if dead is None else parse_cards(dead)
    low, high = family.holding_sizes(game.hole_cards)
    owner: dict[int, str] = {}

    def claim(card: Card, who: str) -> None:
        if card.index not in deck:  # the ranking's own refusal: it says what its deck holds
            high_ranking.check_deck([card])
        if card.index in owner:
            raise DuplicateCardError(
                duplicate_card(card, _place(owner[card.index]), _place(who)), str(card)
            )
        owner[card.index] = who

    for card in board_cards:
        claim(card, "board")
    for card in dead_cards:
        claim(card, "dead")
    names: list[str] = []
    known: list[tuple[int, ...]] = []
    ranges: dict[int, tuple[Holding, ...]] = {}
    written: dict[int, str | Range] = {}  # each range as given: Omaha's classes are its tokens
    for player, holding in enumerate(hands, start=1):
        if isinstance(holding, str) and holding.strip().lower() == "random":
            names.append("random")
            known.append(())
            continue
        # The one rule of lookup.ranges.holding: a whole holding of cards, else a range.
        cards = holding_cards(holding, game.hole_cards)
        if isinstance(holding, Range):  # the front door checked its game
            # Named as given when the front door read it from text: no printing back.
            given = None if given_names is None else given_names[player - 1]
            names.append(str(holding) if given is None else given)
            known.append(())
            ranges[player - 1] = holding.combos
            written[player - 1] = holding
            continue
        if cards is None:
            if not isinstance(holding, str):
                raise CardError(
                    f"player {player}: cannot read {holding!r}: give cards or 'random'", holding
                )
            if family.range_notation is not None:
                if len(deck) != 52:  # a percentage is a cut of the full deck's preflop order
                    _refuse_percentages(holding, player, name)
                combos = _range_or_none(holding, player, family.range_notation, game.hole_cards)
                if combos is not None:
                    names.append(holding.strip())
                    known.append(())
                    ranges[player - 1] = combos
                    written[player - 1] = holding
                    continue
            cards = parse_cards(holding)  # the cards dealt so far (stud, draw), or too few
        if not low <= len(cards) <= high:
            wanted = f"{low}" if low == high else f"{low} to {high}"
            raise HandSizeError(
                f"player {player} has {count(len(cards), 'card')}: {name} holdings are "
                f"{wanted} cards or 'random'",
                len(cards),
            )
        for card in cards:
            claim(card, f"player {player}")
        # Text is named as given, as the Hold'em engine names it ("JhJd" stays "JhJd").
        names.append(holding.strip() if isinstance(holding, str) else " ".join(map(str, cards)))
        known.append(tuple(c.index for c in cards))
    if given_names is not None:
        names = [n if g is None else g for n, g in zip(names, given_names, strict=True)]
    # Weighted: each range holder's distinct weights and each combo's index among them
    # (read_weight_codes: no Fraction is touched per combo).
    coded: dict[int, tuple[tuple[Fraction, ...], dict[Holding, int]]] = {}
    if weights is not None:
        combo_counts = [len(ranges.get(p, ((),))) for p in range(len(hands))]
        read = read_weight_codes(
            weights, combo_counts, [ranges.get(p, ()) for p in range(len(hands))]
        )
        for p, (distinct, codes) in enumerate(read):
            if p not in ranges and not distinct[codes[0]]:
                raise RangeError(
                    f"player {p + 1}'s holding {names[p]!r} has a weight of 0", names[p]
                )
        for p, combos in ranges.items():
            distinct, codes = read[p]
            coded[p] = distinct, dict(zip(combos, codes, strict=True))
            if not distinct[0]:  # a weight of 0 (the least, code 0) removes the combo
                ranges[p] = tuple(c for c, code in zip(combos, codes, strict=True) if code)
    blocked = set(owner) | (set(range(52)) - deck)
    for index, combos in list(ranges.items()):
        left = tuple(c for c in combos if blocked.isdisjoint(c))
        if not left:
            raise RangeError(
                f"player {index + 1}'s range {names[index]!r} has no combos left once the "
                "board, dead cards, other players' hands and the deck are accounted for",
                names[index],
            )
        ranges[index] = left
    unseen = [c for c in sorted(deck) if c not in owner]
    # A range holder's combo supplies all their cards: they hold the full hand.
    held = [game.hole_cards if p in ranges else len(k) for p, k in enumerate(known)]
    need, board_need = family.deal_plan(game, held, len(board_cards), len(unseen))
    if sum(need) + board_need + game.hole_cards * len(ranges) > len(unseen):
        raise PokerLookupError(
            f"not enough cards: {len(hands)} players need {sum(need) + board_need} more cards "
            f"and only {len(unseen)} are left"
        )
    no_low = 0 if low_ranking is None else low_ranking.class_count
    weighting = None
    if weights is not None:
        weighting = Weighting.coded(
            [coded[p][0] if p in ranges else (Fraction(1),) for p in range(len(hands))],
            [list(map(coded[p][1].__getitem__, ranges[p])) if p in ranges else [0]
             for p in range(len(hands))],
            [Later(len(ranges[p]), partial(combo_names, ranges[p])) if p in ranges else []
             for p in range(len(hands))],
            [Later(len(ranges[p]), partial(token_classes, written[p], ranges[p], name))
             if p in ranges and game.hole_cards != 2 else []  # two cards: hand classes
             for p in range(len(hands))],
            [w.whole_weights() if p in ranges and isinstance(w, RangeValue) else None
             for p, w in enumerate(weights)],
        )  # fmt: skip
    return _Setup(
        game=name,
        family=family,
        names=names,
        known=known,
        need=need,
        board=board_cards,
        board_need=board_need,
        dead=dead_cards,
        unseen=unseen,
        high=family.batch_kernel(high_ranking),
        low=None if low_ranking is None else family.batch_kernel(low_ranking),
        no_low=no_low,
        ranges=ranges,
        hole_cards=game.hole_cards,
        weighting=weighting,
        high_classes=high_ranking.class_count,
    )


def _refuse_percentages(text: str, player: int, game: str) -> None:
    """Refuse ``15%`` in a game that reads Hold'em's notation on another deck (short deck):
    a percentage is Hold'em's preflop order, which that game lacks (as Range says)."""
    for token in text.replace(",", " ").split():
        if token.endswith("%"):
            try:
                Range(token, game)
            except RangeError as exc:
                raise RangeError(f"player {player}: {exc}", exc.token) from None


def _range_or_none(
    text: str, player: int, notation: str, hole_cards: int
) -> tuple[Holding, ...] | None:
    """The combos of ``text`` in the family's range ``notation``; None when it is not a range
    but cards (of a number the game does not hold: the caller says so)."""
    try:
        return read_range(notation, text, hole_cards)
    except RangeError as exc:
        try:
            parse_cards(text)
        except CardError:
            raise RangeError(f"player {player}: {exc}", exc.token) from None
    return None


def _place(who: str) -> str:
    return {"board": "the board", "dead": "the dead cards"}.get(who, who)


_Chunk = tuple[
    dict[int, tuple["Column", ...]], "npt.NDArray[np.intp]", "npt.NDArray[np.intp] | None"
]
"""Range holders' cards (known, or one per deal), the dealt cards of a chunk, and the
holders' options in each deal (None without ranges)."""


def _solve(
    setup: _Setup, deals: int, assignments: npt.NDArray[np.intp] | None, *, exact: bool,
    samples: int | None, seed: int | None, progress: bool, workers: int | None = None,
    target_std_error: float | None = None, time_limit: float | None = None,
) -> EquityResult:  # fmt: skip

    used_seed: int | None = None
    stopped: str | None = None
    if exact:
        bar = LateProgress("equity (exact)", deals, progress, unit="showdowns")

        def serial() -> Counts:
            return _exact_task(setup, assignments, bar)

        try:
            # Only listed assignments split: parts of one enumeration would each walk
            # all of it to find their own deals, and two workers measured 0.59x of one
            # (exact Omaha against random on the turn, 5,430,040 deals).
            split = None if assignments is None else partial(_exact_split, assignments)
            counts = exact_counts(
                serial, partial(_exact_task, setup), split,
                showdowns=deals, players=len(setup.names), workers=workers, bar=bar,
            )  # fmt: skip
        finally:
            bar.close()
    else:
        # With a target or a time limit, samples= (or the cap) only bounds the run.
        bounded = target_std_error is None and time_limit is None
        total = samples if samples is not None else DEFAULT_SAMPLES if bounded else MAX_SAMPLES
        used_seed = secrets.randbits(32) if seed is None else seed
        work = partial(_sample_task, setup, assignments, used_seed, total)
        sent = assignments if assignments is None or len(assignments) <= _SENT_ROWS else None
        shipped = partial(_sample_task, setup, sent, used_seed, total)
        bar = LateProgress("equity (sampled)", total, progress, unit="showdowns")
        try:
            counts, stopped = sampled_counts(
                work, total, workers=workers, target_std_error=target_std_error,
                time_limit=time_limit, bar=bar, shipped=shipped,
            )  # fmt: skip
        finally:
            bar.close()
    return _result(setup, counts, exact, used_seed, stopped)


def _sample_task(
    setup: _Setup, assignments: npt.NDArray[np.intp] | None, seed: int, total: int, index: int
) -> Counts:
    """Counts of chunk ``index`` of a sampled run: its own deals, from its own generator."""
    if assignments is None and setup.ranges:
        assignments = _listed_assignments(setup)  # too long to send: listed here (or None)
    tally = GameTally(len(setup.names))
    size = sample_chunk_size(total, index)
    chunks = _sampled_chunks(setup, assignments, size, chunk_rng(seed, index))
    if setup.weighting is None:
        for assigned, cards, _ in chunks:
            high, low = _showdown(setup, assigned, cards)
            tally.add(high, low, setup.no_low)
        return _counts(setup, tally)
    counted = setup.weighting.sampled()
    players = len(setup.names)
    detail = counted.empty()
    # High-only games: one count per deal and player, by group and winner count.
    tables = [np.zeros((counted.size(p), players + 1), np.int64) for p in range(players)]
    for assigned, cards, picks in chunks:
        high, low = _showdown(setup, assigned, cards)
        groups = counted.groups(_combos(setup, picks, cards.shape[0]))
        if low is None:
            winner_codes_add(tables, groups, high)
        else:
            detail_add(detail, groups, *pot_shares(high, low, setup.no_low))
    if setup.low is None:
        detail = tuple(detail_of_codes(t) for t in tables)
    return detail_counts(detail, hilo=setup.low is not None)


def _exact_task(
    setup: _Setup, assignments: npt.NDArray[np.intp] | None, bar: LateProgress | None = None
) -> Counts:
    """Counts of one part of an exact run (see :func:`_exact_split`); a weighted run's
    counts carry each player's tallies by group (:class:`~lookup.odds.results.Weighting`)."""
    weighting = setup.weighting
    tallies = _settled(setup, assignments, None if bar is None else bar.advance)
    if tallies is not None:
        if weighting is None:
            return outcome_counts(tallies)
        return outcome_counts(tallies, weighting, _combos(setup, assignments, 1))
    tally = GameTally(len(setup.names))
    if weighting is None:
        for _, assigned, cards in _exact_chunks(setup, assignments):
            high, low = _showdown(setup, assigned, cards)
            tally.add(high, low, setup.no_low)
            if bar is not None:
                bar.advance(cards.shape[0])
        return _counts(setup, tally)
    # Every deal of an assignment falls in one group per player, and an assignment's
    # deals come together: tally them as usual, then file the totals under its groups.
    groups = weighting.groups(_combos(setup, assignments, 1))
    detail = weighting.empty()
    # One running tally; at each assignment's end its totals are noted, and the rows'
    # differences are filed at once (a fresh tally and a numpy add per assignment and
    # player cost ~10 us, most of what weights added to a short-deck flop).
    rows: list[int] = []
    totals: list[list[int]] = []
    current = 0
    for row, assigned, cards in _exact_chunks(setup, assignments):
        if row != current:
            rows.append(current)
            totals.append(_totals(tally))
            current = row
        high, low = _showdown(setup, assigned, cards)
        tally.add(high, low, setup.no_low)
        if bar is not None:
            bar.advance(cards.shape[0])
    rows.append(current)
    totals.append(_totals(tally))
    _file(detail, groups, rows, totals)
    return detail_counts(detail, hilo=setup.low is not None)


_TABLED_BOARDS: Final = 1 << 16
"""Most boards an exact run looks each holding up on (:func:`_settled`): after the flop."""


def _settled(
    setup: _Setup,
    assignments: npt.NDArray[np.intp] | None,
    advance: Callable[[int], object] | None = None,
) -> npt.NDArray[np.int64] | None:
    """Outcomes by assignment of an exact run, from each holding's class on each board
    (:func:`lookup.odds.settle.settle`), or None where the deals are walked instead: a
    hi/lo game, a player still to be dealt cards, one assignment, boards past
    :data:`_TABLED_BOARDS` (preflop), or more than two players with tallies past
    :data:`~lookup.odds.results.OUTCOME_CELLS`.

    Every player's holding is known in each assignment (a range holder's combo, or the
    cards given), so each holding meets each board once, through the family's batch
    kernel, where the deals cost a lookup per player per deal. ``advance`` is told the
    deals settled as the work goes.
    """
    players = len(setup.names)
    if (
        setup.low is not None or assignments is None or len(assignments) < 2
        or any(setup.need) or setup.high_classes >= OFF
        or (players > 2 and len(assignments) << players > OUTCOME_CELLS)
        or math.comb(len(setup.unseen), setup.board_need) > _TABLED_BOARDS
    ):  # fmt: skip
        return None
    dealt = np.concatenate(
        list(exact_deals(np.array(setup.unseen, dtype=np.intp), [setup.board_need]))
    )
    board_masks = np.bitwise_or.reduce(np.uint64(1) << dealt.astype(np.uint64), axis=1)
    known_board: list[Column] = [c.index for c in setup.board]
    holders = list(setup.ranges)

    def classes_of(
        holes: npt.NDArray[np.intp], which: npt.NDArray[np.intp], rows: npt.NDArray[np.intp]
    ) -> npt.NDArray[np.uint16]:
        # Holding holes[which[i]] on board rows[i], through the family's batch kernel.
        hole: list[Column] = [holes[which, h] for h in range(holes.shape[1])]
        board = known_board + [dealt[rows, j] for j in range(dealt.shape[1])]
        (hole,), board = setup.family.showdown_cards([hole], board)
        return setup.high.classes(setup.high.prepare(board, len(which)), hole)

    classes, at = [], []
    for p in range(players):
        if p in setup.ranges:
            combos = setup.ranges[p]
            picks = assignments[:, holders.index(p)]
            used = np.unique(picks)
            at.append(np.searchsorted(used, picks))
        else:  # cards given: one holding, in every assignment
            combos = (setup.known[p],)
            used = np.zeros(1, dtype=np.intp)
            at.append(np.zeros(len(assignments), dtype=np.intp))
        holes = np.array(combos, dtype=np.intp).reshape(len(combos), -1)[used]
        lookup = partial(classes_of, holes)
        classes.append(class_table(_card_masks(combos)[used], board_masks, lookup))
    return settle(classes, at, advance)


def _totals(tally: GameTally) -> list[int]:
    """A tally's running totals: deals, then each of :data:`DETAIL_ROWS`' other rows by player."""
    return [
        tally.deals, *tally.wins, *tally.ties, *tally.shares, *tally.squares,
        *tally.wins_high, *tally.wins_low,
    ]  # fmt: skip


def _file(
    detail: tuple[npt.NDArray[np.int64], ...],
    groups: list[npt.NDArray[np.intp]],
    rows: list[int],
    totals: list[list[int]],
) -> None:
    """Add each assignment's counts to each player's group of it: ``totals[i]`` are the
    running totals (:func:`_totals`) at the end of assignment ``rows[i]``."""
    if max(totals[-1]) < 2**63:
        # Running totals only grow: the last below 2**63, all fit int64, and numpy takes
        # the differences (~3x faster than a Python subtraction per count).
        counts = np.diff(np.array(totals, dtype=np.int64), axis=0, prepend=0)
    else:
        before = [0] * len(totals[0])
        each = []
        for after in totals:
            # Python ints: running totals may pass int64; one assignment's counts do not.
            each.append([a - b for a, b in zip(after, before, strict=True)])
            before = after
        counts = np.array(each, dtype=np.int64)
    players = len(detail)
    at = np.array(rows, dtype=np.intp)
    for p, (table, group) in enumerate(zip(detail, groups, strict=True)):
        columns = [0, *(1 + k * players + p for k in range(len(DETAIL_ROWS) - 1))]
        np.add.at(table.T, group[at], counts[:, columns])


def _combos(
    setup: _Setup, assignments: npt.NDArray[np.intp] | None, rows: int
) -> list[npt.NDArray[np.intp]]:
    """Every player's combo in each of ``rows`` assignments: a range holder's option,
    0 for a player without a range."""
    holders = list(setup.ranges)
    if assignments is not None:
        rows = len(assignments)
    zero = np.zeros(rows, dtype=np.intp)
    return [
        assignments[:, holders.index(p)] if assignments is not None and p in setup.ranges
        else zero
        for p in range(len(setup.names))
    ]  # fmt: skip


def _exact_split(
    assignments: npt.NDArray[np.intp],
) -> tuple[npt.NDArray[np.intp], Callable[[int], list[npt.NDArray[np.intp]]]]:
    """A small first part of an exact run, and the parts of the rest for ``p`` processes:
    runs of consecutive assignments."""
    step = max(1, len(assignments) // 32)

    def by_assignments(processes: int) -> list[npt.NDArray[np.intp]]:
        rest = assignments[step:]
        parts = min(len(rest), 1 if processes == 1 else 4 * processes)
        return list(np.array_split(rest, parts)) if parts else []

    return assignments[:step], by_assignments


def _counts(setup: _Setup, tally: GameTally) -> Counts:
    hilo = setup.low is not None
    return Counts(
        tally.deals, tally.wins, tally.ties, tally.shares, tally.squares,
        tally.wins_high if hilo else None, tally.wins_low if hilo else None,
    )  # fmt: skip


def _exact_chunks(
    setup: _Setup, assignments: npt.NDArray[np.intp] | None
) -> Iterator[tuple[int, dict[int, tuple[Column, ...]], npt.NDArray[np.intp]]]:
    """Every deal, chunk by chunk, with the row of its assignment (0 without ranges)."""

    if assignments is None:
        for cards in exact_deals(np.array(setup.unseen, dtype=np.intp), setup.groups):
            yield 0, {}, cards
        return
    # Every assignment of combos leaves as many deals as any other: walk them in turn.
    holders = list(setup.ranges)
    for at, row in enumerate(assignments.tolist()):
        assigned = {p: setup.ranges[p][pick] for p, pick in zip(holders, row, strict=True)}
        held = {c for pair in assigned.values() for c in pair}
        deck = np.array([c for c in setup.unseen if c not in held], dtype=np.intp)
        for cards in exact_deals(deck, setup.groups):
            yield at, dict(assigned), cards


def _sampled_chunks(
    setup: _Setup,
    assignments: npt.NDArray[np.intp] | None,
    total: int,
    rng: np.random.Generator,
) -> Iterator[_Chunk]:
    """Sampled deals, chunk by chunk, with the range holders' options in each (None
    without ranges); a weighted run's assignments follow the weights (by rejection)."""

    deck = np.array(setup.unseen, dtype=np.intp)
    cards = sum(setup.groups)
    holders = list(setup.ranges)
    live = [setup.ranges[p] for p in holders]
    tables = [np.array(combos, dtype=np.intp) for combos in live]
    bits = [_card_masks(combos) for combos in live]
    done = 0
    odds = [None if setup.weighting is None else keep_odds(setup.weighting.weights[p])
            for p in holders]  # fmt: skip
    while done < total:
        m = min(CHUNK_DEALS, total - done)
        if not holders:
            yield {}, sample_deals(rng, deck, cards, m), None
        else:
            # Combos drawn uniformly among the compatible assignments, then the rest
            # dealt from the cards those combos leave (a taken card is drawn again).
            # The sampler only reads how many combos each holder has: any size of combo fits.
            draw = partial(sample_assignments, rng, cast(Any, live), assignments, bits)
            picks = weighted_assignments(rng, draw, odds, m)
            assigned: dict[int, tuple[Column, ...]] = {}
            taken = np.zeros((m, 54), dtype=bool)  # jokers are indices 52 and 53
            rows = np.arange(m)
            for i, p in enumerate(holders):
                held = tables[i][picks[:, i]]
                assigned[p] = tuple(np.ascontiguousarray(held.T))
                for column in assigned[p]:
                    taken[rows, column] = True
            yield assigned, deal_from(rng, deck.astype(np.uint8), m, cards, taken), picks
        done += m


def _showdown(
    setup: _Setup, assigned: dict[int, tuple[Column, ...]], cards: npt.NDArray[np.intp]
) -> tuple[list[npt.NDArray[np.uint16]], list[npt.NDArray[np.uint16]] | None]:
    """Every player's high (and low) class in each deal of one chunk."""

    n = cards.shape[0]
    columns = list(np.ascontiguousarray(cards.T))
    holes: list[list[Column]] = []
    at = 0
    for player, (known, need) in enumerate(zip(setup.known, setup.need, strict=True)):
        pair = assigned.get(player)
        holes.append([*known, *columns[at : at + need], *(pair if pair else ())])
        at += need
    board: list[Column] = [c.index for c in setup.board]
    board += columns[at : at + setup.board_need]
    holes, board = setup.family.showdown_cards(holes, board)
    prepared = setup.high.prepare(board, n)
    high = [setup.high.classes(prepared, hole) for hole in holes]
    if setup.low is None:
        return high, None
    prepared_low = setup.low.prepare(board, n)
    return high, [setup.low.classes(prepared_low, hole) for hole in holes]


def _result(
    setup: _Setup, counts: Counts, exact: bool, seed: int | None, stopped: str | None
) -> EquityResult:
    combos = [len(setup.ranges.get(p, (None,))) for p in range(len(setup.names))]
    weighting = setup.weighting
    if weighting is not None and not exact:
        weighting = weighting.sampled()  # the draws follow the weights: each counts once
    return build_result(
        counts, setup.names, combos, exact=exact, seed=seed, board=setup.board,
        dead=setup.dead, game=setup.game, stopped=stopped, weighting=weighting,
        boards=None if weighting is None else counts.deals,
    )  # fmt: skip
