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
    ``docs/equity.md`` says what each result field means in every game.

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
