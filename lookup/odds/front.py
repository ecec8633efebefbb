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
from lookup.game.registry import GameLike, get_game
from lookup.odds.results import DEFAULT_EXACT_LIMIT, EquityResult, HoldingLike, check_question
from lookup.ranking.ranking import RulesLike, get_ranking

__all__ = ["equity"]


def equity(
    hands: Sequence[HoldingLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    game: GameLike | None = None,
    rules: RulesLike | None = None,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    progress: bool = False,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
) -> EquityResult:
    """Each player's share of the pot, win and tie: exact, or sampled when enumeration is large.

    ``hands`` holds 2 to 10 holdings: explicit cards, ``"random"``, or range
    notation in the games that have one (``"QQ+, AKs"`` in Hold'em and short
    deck, ``"AAxx"`` in Omaha). ``board`` and ``dead`` are cards; ``game``
    names the game (:func:`lookup.games`, default Hold'em) and ``rules`` may
    replace its ranking where the game allows. The answer is exact when there
    are at most :data:`~lookup.odds.results.EXACT_LIMIT` deals (``exact=True``
    forces enumeration up to ``exact_limit`` deals, ``exact=False`` or
    ``samples=N`` force sampling; ``seed`` repeats a sampled run).
    ``progress=True`` shows a bar on stderr once a run has taken two seconds.
    ``docs/equity.md`` says what each result field means in every game.

    Parameters:

    ``hands``: 2 to 10 holdings, one per player: explicit cards (``'AsAh'``, ``'As Ah'``),
        ``'random'``, or range notation in the games that have one (``'QQ+, AKs'`` in Hold'em
        and short deck, ``'AAxx ds'`` in Omaha)
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

    Returns an :class:`~lookup.odds.results.EquityResult`: one
    :class:`~lookup.odds.results.PlayerEquity` per player, in input order, and
    ``board``, ``dead`` (the cards read), ``exact``, ``boards`` (the showdowns
    enumerated or sampled; a showdown is one board, with ranges one board and one
    assignment of holdings, in stud and draw one deal of the unseen cards),
    ``seed`` (None when exact) and ``game``. Each player's fields, in every game:

    - ``hand``: the holding as given; ``combos``: its combos still possible;
    - ``equity``: average share of the pot (a k-way split counts 1/k; in a hi/lo
      game each half is half the pot); ``win``: showdowns won alone (hi/lo: the
      whole pot or a half); ``tie``: showdowns shared with another player;
    - ``std_error``: standard error of ``equity`` when sampled, 0.0 when exact;
    - ``equity_fraction``: ``equity`` as an exact Fraction when exact and known
      (the generic engine; None otherwise);
    - hi/lo games only (None elsewhere): ``scoop``, the whole pot alone;
      ``win_high`` and ``win_low``, the high or the low half alone.

    >>> aces, kings = equity(["AsAh", "KsKh"], board="2c7d9h")
    >>> round(aces.equity, 4), aces.boards, aces.exact
    (0.9162, 990, True)
    >>> result = equity(["As 2h Ks 3h", "Qd Qc 4d 5c"], board="6s 7h 8d", game="omaha-hilo")
    >>> [round(p.equity, 4) for p in result], result.game
    ([0.536, 0.464], 'omaha-hilo')
    >>> equity(["AsAh"])
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: equity needs 2 to 10 players, got 1
    """
    found = get_game("holdem" if game is None else game)
    check_question(hands, exact, samples, seed, exact_limit)
    if found.name == "holdem" and found.high_ranking(rules) is get_ranking("standard"):
        from lookup.odds.holdem.engine import equity as holdem_equity  # numpy: only when asked

        return holdem_equity(
            hands, board, dead, exact=exact, samples=samples, seed=seed,
            exact_limit=exact_limit, progress=progress,
        )  # fmt: skip
    from lookup.odds.generic import equity as generic_equity  # numpy: only when asked

    return generic_equity(
        hands, board, dead, game=found, rules=rules, exact=exact, samples=samples, seed=seed,
        exact_limit=exact_limit, progress=progress,
    )  # fmt: skip
