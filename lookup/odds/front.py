"""The front door of equity: :func:`equity` checks the question once and picks the engine.

Two engines answer, and neither calls the other or this module:

* standard Hold'em goes to :mod:`lookup.odds.holdem` (ranges, the heads-up preflop
  table, a kernel that shares each board's work among the players);
* every other game, and Hold'em under another ranking, goes to
  :mod:`lookup.odds.generic`.

This is the only module of :mod:`lookup.odds` that imports :mod:`lookup.odds.holdem`.
"""

from __future__ import annotations

from collections.abc import Sequence

from lookup.core.cards import CardsLike
from lookup.core.errors import RangeError
from lookup.game.registry import Game, GameLike, get_game
from lookup.odds.results import DEFAULT_EXACT_LIMIT, EquityResult, HoldingLike, check_question
from lookup.ranges.range import Range, read_range_text
from lookup.ranking.ranking import RulesLike, get_ranking

__all__ = ["equity"]


def equity(
    hands: Sequence[HoldingLike],
    board: CardsLike | None = None,
    dead: CardsLike | None = None,
    *,
    game: GameLike | None = None,
    rules: RulesLike | None = None,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    progress: bool = False,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    workers: int | None = None,
    target_std_error: float | None = None,
    time_limit: float | None = None,
    by_class: bool = False,
) -> EquityResult:
    """Each player's share of the pot, win and tie: exact, or sampled when enumeration is large.

    ``hands`` holds 2 to 10 holdings: explicit cards, ``"random"``, or range
    notation in the games that have one (``"QQ+, AKs"`` in Hold'em and short
    deck, ``"AAxx"`` in Omaha). Text of exactly the game's hole cards is that
    holding (``"As Ah"``, ``"As,Ah"``, ``"AsAh"``), other text a range
    (:mod:`lookup.ranges.holding`); lists and numpy arrays of indices are cards.
    ``board`` and ``dead`` are cards in any form, ``None`` for none; ``game``
    names the game (:func:`lookup.games`, default Hold'em) and ``rules`` may
    replace its ranking where the game allows. The answer is exact when there
    are at most :data:`~lookup.odds.results.EXACT_LIMIT` deals (``exact=True``
    forces enumeration up to ``exact_limit`` deals, ``exact=False`` or
    ``samples=N`` force sampling; ``seed`` repeats a sampled run).
    ``progress=True`` shows a bar on stderr once a run has taken two seconds.
    ``workers`` processes share a long run (default: every CPU when the run would
    take over half a second); a sampled run stops early once every player's standard
    error is below ``target_std_error`` or after ``time_limit`` seconds.
    ``docs/equity.md`` says what each result field means in every game.

    Parameters:

    ``hands``: 2 to 10 holdings, one per player: explicit cards (``'AsAh'``, ``'As Ah'``),
        ``'random'``, or range notation in the games that have one (``'QQ+, AKs'`` in Hold'em
        and short deck, ``'AAxx ds'`` in Omaha), with weights if wanted (``'QQ+, AKs:0.5'``,
        ``'[25]AQs, AJs[/25]'``), as text or a :class:`~lookup.ranges.range.Range` of that
        game. A weighted range makes the answer the weighted average over every compatible
        assignment of combos to players (each weighing the product of its combos' weights)
        and fills in each range holder's ``by_combo`` and ``by_class`` (docs/ranges.md)
    ``board``: board cards already dealt (0, 3, 4 or 5 in Hold'em; none in stud and draw)
    ``dead``: cards out of play (folded, burned, seen)
    ``game``: the game (see :func:`lookup.games`); None: Hold'em
    ``rules``: a ranking that replaces the game's where the game allows (a name, a table
        folder's path or a Ranking); None: the game's own
    ``exact``: True enumerates every showdown (up to ``exact_limit``), False samples; None:
        exact when at most :data:`~lookup.odds.results.EXACT_LIMIT` showdowns, sampled otherwise
    ``samples``: how many showdowns to sample (forces sampling; default 1,000,000 when sampling)
    ``seed``: the seed of a sampled run (the same seed gives the same answer); None: a fresh
        one, reported in the result
    ``progress``: True shows a bar on stderr once a run has taken two seconds
    ``exact_limit``: the most showdowns ``exact=True`` enumerates before refusing
    ``workers``: processes sharing the run (1 up to 4 per CPU); None: every CPU when the
        run is estimated to take over half a second, else one. A seed and a sample count
        give the same answer whatever ``workers`` is (each chunk of
        :data:`~lookup.odds.results.SAMPLE_CHUNK` samples has its own random stream)
    ``target_std_error``: stop sampling, between chunks, once every player's standard
        error of equity is below this (0.001 is 0.1 percentage point); ``samples`` (or, if
        not given, :data:`~lookup.odds.results.MAX_SAMPLES`) still bounds the run
    ``time_limit``: stop sampling, between chunks, after this many seconds; bounded the same
    ``by_class``: True fills in ``by_combo`` and ``by_class`` for flat ranges too (a weighted
        run always does): the run is weighed with every weight 1, which gives the same
        answer as without (exact and sampled alike), and tallies each combo on the way
    Returns an :class:`~lookup.odds.results.EquityResult`: one
    :class:`~lookup.odds.results.PlayerEquity` per player, in input order, and
    ``board``, ``dead`` (the cards read), ``exact``, ``boards`` (the showdowns
    enumerated or sampled; a showdown is one board, with ranges one board and one
    assignment of holdings, in stud and draw one deal of the unseen cards),
    ``seed`` (None when exact), ``game`` and ``stopped`` (``"target_std_error"`` or
    ``"time_limit"`` when sampling stopped early, ``boards`` then being the samples
    taken: that seed with ``samples=boards`` gives the same answer; None otherwise).
    Each player's fields, in every game:

    - ``hand``: the holding as given; ``combos``: its combos still possible;
    - ``equity``: average share of the pot (a k-way split counts 1/k; in a hi/lo
      game each half is half the pot); ``win``: showdowns won alone (hi/lo: the
      whole pot or a half); ``tie``: showdowns shared with another player;
    - ``std_error``: standard error of ``equity`` when sampled, 0.0 when exact;
    - ``equity_fraction``: ``equity`` as an exact Fraction when exact and known
      (the generic engine; None otherwise);
    - hi/lo games only (None elsewhere): ``scoop``, the whole pot alone;
      ``win_high`` and ``win_low``, the high or the low half alone;
    - range holders in a weighted run, or with ``by_class=True`` (None otherwise):
      ``by_combo`` and ``by_class``.

    >>> aces, kings = equity(["AsAh", "KsKh"], board="2c7d9h")
    >>> round(aces.equity, 4), aces.boards, aces.exact
    (0.9162, 990, True)
    >>> result = equity(["As 2h Ks 3h", "Qd Qc 4d 5c"], board="6s 7h 8d", game="omaha-hilo")
    >>> [round(p.equity, 4) for p in result], result.game
    ([0.536, 0.464], 'omaha-hilo')
    >>> early = equity(["QQ+", "AKs", "random"], seed=2, target_std_error=0.002, workers=1)
    >>> early.stopped, early.boards, max(p.std_error for p in early) < 0.002
    ('target_std_error', 65536, True)
    >>> equity([Range("AA"), "KsKh"], board="2c7d9h")[0].hand
    'AA'
    >>> weighted = equity(["QQ:0.5, KK+", "AKs"], board="2c7d9h")
    >>> qq = weighted[0].by_class["QQ"]
    >>> weighted[0].hand, weighted[0].equity_fraction, qq.probability_fraction
    ('QQ:0.5, KK+', Fraction(1337, 1584), Fraction(1, 3))
    >>> flat = equity(["QQ+, AKs", "JhTh"], board="2c7d9h", by_class=True)
    >>> flat[0].by_class["AKs"].equity_fraction, flat[1].by_class is None  # JhTh: no range
    (Fraction(101, 165), True)
    >>> equity([Range("AA:0.5, KK"), "QsQh"])[0].hand
    'KK, AA:0.5'
    >>> equity(["KK:1.5", "QsQh"])
    Traceback (most recent call last):
    ...
    lookup.RangeError: player 1: weight '1.5' in 'KK:1.5': a weight is an exact decimal from 0 to 1
    >>> equity(["AsAh"])
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: equity needs 2 to 10 players, got 1
    >>> equity(["AsAh", "KK"], workers=0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: workers must be a whole number from 1 to ..., got 0
    """
    check_question(
        hands, exact, samples, seed, exact_limit, workers=workers,
        target_std_error=target_std_error, time_limit=time_limit,
    )  # fmt: skip
    if game is None and rules is None and samples is None and not by_class and dead is None:
        from lookup.odds.holdem.engine import fixed_spot  # numpy: only when asked

        # The commonest question (two-card hands as text, a board): its lean path.
        if (answer := fixed_spot(hands, board, exact, exact_limit)) is not None:
            return answer
    found = get_game("holdem" if game is None else game)
    held, weights = _weighed(hands, found)
    # Once text was read here as a Range, every player given as text is named as given
    # (the engines would print that Range back, and spell cards their own way).
    converted = any(given is not read for given, read in zip(hands, held, strict=True))
    names = [given.strip() if converted and isinstance(given, str) else None for given in hands]
    if by_class and weights is None:
        # Every weight 1 (read_weight_codes' None): the weighted path, which counts by combo.
        weights = [None] * len(held)
    if found.name == "holdem" and found.high_ranking(rules) is get_ranking("standard"):
        from lookup.odds.holdem.engine import equity as holdem_equity  # numpy: only when asked

        result = holdem_equity(
            held, board, dead, exact=exact, samples=samples, seed=seed,
            exact_limit=exact_limit, progress=progress, workers=workers,
            target_std_error=target_std_error, time_limit=time_limit, weights=weights,
            given_names=names,
        )  # fmt: skip
    else:
        from lookup.odds.generic import equity as generic_equity  # numpy: only when asked

        result = generic_equity(
            held, board, dead, game=found, rules=rules, exact=exact, samples=samples, seed=seed,
            exact_limit=exact_limit, progress=progress, workers=workers,
            target_std_error=target_std_error, time_limit=time_limit, weights=weights,
            given_names=names,
        )  # fmt: skip
    return result


def _weighed(
    hands: Sequence[HoldingLike], game: Game
) -> tuple[list[HoldingLike], list[Range | None] | None]:
    """The holdings as the engines read them, and each player's combo weights.

    Range text with weights (a ``:`` or a ``[``) becomes a :class:`Range`; a Range must be
    in ``game``'s notation. A weighted Range stands for its own weights (the engines read
    its :meth:`~Range.weight_codes`, parallel to its combos), None for a player without
    weights, and None overall when no player has any, so flat ranges take the
    unweighted path they always took.
    """
    held: list[HoldingLike] = []
    weights: list[Range | None] = []
    for player, holding in enumerate(hands, start=1):
        # Cards never hold a ':' or a '[' (a card is a rank and a suit, or a joker), so
        # text with one is range text: no card reading is tried first.
        if isinstance(holding, str) and ("[" in holding or ":" in holding):
            try:
                # Read in this game's notation, and never empty: nothing more to check.
                holding = read_range_text(holding, game.name)
            except RangeError as exc:
                raise RangeError(f"player {player}: {exc}", exc.token) from None
        elif isinstance(holding, Range):
            holding.combos_in(game, f"player {player}")
        else:
            weights.append(None)
            held.append(holding)
            continue
        weights.append(None if holding.flat else holding)
        held.append(holding)
    return held, (None if all(w is None for w in weights) else weights)
