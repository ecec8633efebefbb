"""Omaha hand strength, sampled for given hands, with standard errors.

Every Omaha hero against every opponent on a flop is 178,365 x 148,995 pairs, so
Omaha is sampled, one hero at a time, with a seed (each hero has its own stream,
spawned from it in the order the hands are given):

* HS, PPOT, NPOT (and the effective strengths): ``samples`` (opponent, runout)
  pairs, the opponent drawn from the range by weight once the hero, board and dead
  cards are out, then the runout uniformly from the cards left; PPOT and NPOT are
  ratios of sample means, their standard errors by the delta method;
* E[HS], E[HS²] and the histogram: ``samples`` completions of the board drawn
  uniformly from the cards the hero leaves, each with :data:`INNER` opponents drawn
  from the range among the combos the completion leaves. Their mean share is an
  unbiased estimate of that completion's HS, and the mean of its products over
  pairs of distinct opponents one of HS² (a U-statistic), so E[HS] and E[HS²] are
  unbiased. The histogram bins those per-completion estimates: it is blurred by
  their own sampling error (about 0.09 at HS 1/2 with 32 opponents).

>>> from lookup.handstrength import strength
>>> s = strength("Ks 7h 2d", hands="As Ad Kd Qc", game="omaha", samples=500, seed=1)
>>> s.exact, s.samples, s.seed, s.percentile
(False, 500, 1, None)
>>> round(s[0].hs, 3), round(s[0].hs_std_error, 3), round(s[0].expected_hs, 3)
(0.864, 0.015, 0.705)
"""

from __future__ import annotations

import secrets
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from lookup.core.cards import DECK
from lookup.core.errors import PokerLookupError
from lookup.core.messages import whole_number
from lookup.game.omaha import omaha_kernel
from lookup.game.registry import Game
from lookup.handstrength.result import Strength
from lookup.ranking.ranking import Ranking

__all__ = ["INNER", "MAX_SAMPLES", "omaha_strength"]

INNER = 32
"""Opponents drawn per sampled completion for E[HS], E[HS²] and the histogram."""

MAX_SAMPLES = 1_000_000
"""The most samples per hand: a million takes tens of seconds a hand."""

F64 = npt.NDArray[np.float64]
_STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}


def _first(keys: F64, count: int) -> npt.NDArray[np.intp]:
    """Per row, the columns of the ``count`` smallest keys: a uniform ``count``-subset of the
    columns whose key is below 2 (blocked columns carry 2)."""
    if count == 0:
        return np.zeros((len(keys), 0), dtype=np.intp)
    return np.argpartition(keys, count - 1, axis=1)[:, :count]


class _Opponents:
    """Draws opponent holdings: uniformly (a random hand) or from the range by weight,
    always among the holdings that miss the given blocked cards."""

    def __init__(
        self, rest: npt.NDArray[np.intp], pool: npt.NDArray[np.intp] | None, weights: F64 | None
    ) -> None:
        self.rest, self.pool, self.weights = rest, pool, weights

    def draw(
        self, rng: np.random.Generator, blocked: npt.NDArray[np.bool_], k: int, hole: int
    ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
        """``(rows, k, hole)`` card indices and a ``(rows, k)`` mask of real draws: for each
        row of ``blocked`` (``(rows, 52)``), ``k`` independent holdings missing its cards."""
        rows = len(blocked)
        if self.pool is None:  # a random hand: a uniform subset of the free cards
            taken = blocked[:, self.rest]
            keys = rng.random((rows, k, len(self.rest)))
            keys[np.broadcast_to(taken[:, None, :], keys.shape)] = 2.0
            picked = _first(keys.reshape(rows * k, -1), hole).reshape(rows, k, hole)
            return self.rest[picked], np.ones((rows, k), dtype=bool)
        assert self.weights is not None
        out = np.zeros((rows, k, hole), dtype=np.intp)
        ok = np.zeros((rows, k), dtype=bool)
        cards = blocked[:, self.pool.ravel()].reshape(rows, *self.pool.shape)
        hits = np.asarray(cards.any(axis=2), dtype=bool)
        for r in range(rows):  # inverse CDF of the weights the row's cards leave
            cum = np.cumsum(np.where(hits[r], 0.0, self.weights))
            if cum[-1] <= 0:
                continue
            at = np.searchsorted(cum, rng.random(k) * cum[-1], side="right")
            out[r] = self.pool[np.minimum(at, len(cum) - 1)]
            ok[r] = True
        return out, ok


def omaha_strength(
    game: Game,
    ranking: Ranking,
    board: tuple[int, ...],
    avail: list[int],
    heroes: list[tuple[int, ...]],
    opponent: dict[tuple[int, ...], Fraction] | None,
    bins: int,
    samples: int,
    seed: int | None,
) -> Strength:
    """:func:`lookup.strength` of given Omaha hands, sampled (see the module)."""
    if (problem := whole_number("samples", samples, 2, MAX_SAMPLES)) is not None:
        raise PokerLookupError(problem, samples)
    if seed is None:
        seed = secrets.randbits(64)
    streams = np.random.SeedSequence(seed).spawn(len(heroes))
    kernel = omaha_kernel(ranking)
    batch = game.family.batch_kernel(ranking)
    street = _STREETS[len(board)]
    names = ("hs", "ppot", "npot", "effective_hs", "effective_hs_optimistic")
    stats = ("expected_hs", "expected_hs2")
    out: dict[str, Any] = {}
    rows: list[dict[str, Any]] = []
    for hero, stream in zip(heroes, streams, strict=True):
        rng = np.random.default_rng(stream)
        rest = np.array([c for c in avail if c not in hero], dtype=np.intp)
        pool = weights = None
        if opponent is not None:
            kept = [(c, w) for c, w in opponent.items() if not set(c) & set(hero)]
            if not kept:
                raise PokerLookupError(
                    f"hand {''.join(str(DECK[i]) for i in hero)} blocks every combo of the "
                    "opponent's range",
                    "".join(str(DECK[i]) for i in hero),
                )
            pool = np.array([c for c, _ in kept], dtype=np.intp)
            weights = np.array([float(w) for _, w in kept])
        opponents = _Opponents(rest, pool, weights)
        row: dict[str, Any] = {}
        if street != "preflop":
            row.update(_potential(rng, kernel, batch, board, hero, rest, opponents, samples))
        row.update(_expected(rng, batch, board, hero, rest, opponents, samples, bins))
        rows.append(row)
    for name in (*names, *stats, "histogram"):
        if name in rows[0]:
            out[name] = np.array([r[name] for r in rows])
        if f"{name}_std_error" in rows[0]:
            out[f"{name}_std_error"] = np.array([r[f"{name}_std_error"] for r in rows])
    return Strength(
        game=game.name,
        board=board,
        street=street,
        combos=np.array([sorted(h, reverse=True) for h in heroes], dtype=np.intp),
        bins=bins,
        fields=out,
        samples=samples,
        seed=seed,
    )


def _score(mine: npt.NDArray[Any], theirs: npt.NDArray[Any]) -> F64:
    """The hero's share of each showdown: 1 ahead, 1/2 tied, 0 behind (lower class wins)."""
    return np.where(mine < theirs, 1.0, np.where(mine == theirs, 0.5, 0.0))


def _mean_se(values: F64) -> tuple[float, float]:
    return float(values.mean()), float(values.std(ddof=1) / np.sqrt(len(values)))


def _ratio_se(x: F64, y: F64) -> tuple[float, float]:
    """mean(x) / mean(y) and its delta-method standard error (0 / 0 is 0, as exactly)."""
    my = y.mean()
    if my == 0:
        return 0.0, 0.0
    r = x.mean() / my
    return float(r), float((x - r * y).std(ddof=1) / np.sqrt(len(x)) / my)


def _river_classes(batch: Any, boards: list[Any], holes: npt.NDArray[np.intp], n: int) -> Any:
    """Classes of ``holes`` (``(n, hole)``) on ``boards`` (five columns, each an int or an
    ``(n,)`` array), with the game's batch kernel."""
    prepared = batch.prepare(boards, n)
    return batch.classes(prepared, [holes[:, j] for j in range(holes.shape[1])])


def _potential(
    rng: np.random.Generator,
    kernel: Any,
    batch: Any,
    board: tuple[int, ...],
    hero: tuple[int, ...],
    rest: npt.NDArray[np.intp],
    opponents: _Opponents,
    samples: int,
) -> dict[str, float]:
    """HS, PPOT, NPOT and the effective strengths from ``samples`` (opponent, runout) pairs."""
    hole = len(hero)
    need = 5 - len(board)
    blocked = np.zeros((samples, 52), dtype=bool)
    opp, _ = opponents.draw(rng, blocked, 1, hole)
    opp = opp[:, 0]
    kev = [int(DECK[c]) for c in range(52)]
    table = [kev[c] for c in board]
    mine_now = kernel([kev[c] for c in hero], table)
    theirs_now = np.array([kernel([kev[c] for c in o], table) for o in opp.tolist()])
    now = _score(mine_now, theirs_now)
    out: dict[str, float] = {}
    out["hs"], out["hs_std_error"] = _mean_se(now)
    if need == 0:
        return out
    taken = np.zeros((samples, 52), dtype=bool)
    np.put_along_axis(taken, opp, True, axis=1)
    keys = rng.random((samples, len(rest)))
    keys[taken[:, rest]] = 2.0
    runout = rest[_first(keys, need)]
    columns: list[Any] = [*board, *(runout[:, j] for j in range(need))]
    mine = _river_classes(batch, columns, np.tile(np.array(hero), (samples, 1)), samples)
    theirs = _river_classes(batch, columns, opp, samples)
    final = _score(mine, theirs)
    ahead, tied, behind = now == 1.0, now == 0.5, now == 0.0
    up = np.where(behind, final, 0.0) + np.where(tied, final == 1.0, 0.0) / 2
    down = np.where(ahead, 1 - final, 0.0) + np.where(tied, final == 0.0, 0.0) / 2
    out["ppot"], out["ppot_std_error"] = _ratio_se(up, behind + tied / 2)
    out["npot"], out["npot_std_error"] = _ratio_se(down, ahead + tied / 2)
    hs, ppot, npot = out["hs"], out["ppot"], out["npot"]
    # With plug-in estimates from the same pairs this is the mean final share exactly.
    out["effective_hs"] = hs * (1 - npot) + (1 - hs) * ppot
    out["effective_hs_optimistic"] = hs + (1 - hs) * ppot
    return out


def _expected(
    rng: np.random.Generator,
    batch: Any,
    board: tuple[int, ...],
    hero: tuple[int, ...],
    rest: npt.NDArray[np.intp],
    opponents: _Opponents,
    samples: int,
    bins: int,
) -> dict[str, Any]:
    """E[HS], E[HS²] and the histogram from ``samples`` completions, INNER opponents each."""
    hole = len(hero)
    need = 5 - len(board)
    runout = rest[_first(rng.random((samples, len(rest))), need)]
    blocked = np.zeros((samples, 52), dtype=bool)
    np.put_along_axis(blocked, runout, True, axis=1)
    opp, ok = opponents.draw(rng, blocked, INNER, hole)
    columns: list[Any] = [*board, *(runout[:, j] for j in range(need))]
    mine = _river_classes(batch, columns, np.tile(np.array(hero), (samples, 1)), samples)
    wide = [c if isinstance(c, int) else np.repeat(c, INNER) for c in columns]
    theirs = _river_classes(batch, wide, opp.reshape(samples * INNER, hole), samples * INNER)
    share = _score(np.repeat(mine, INNER), theirs).reshape(samples, INNER)
    share = np.where(ok, share, 0.0)
    k = ok.sum(axis=1)
    keep = k >= 2  # a completion leaving the range no combo is skipped, as when exact
    share, k = share[keep], k[keep]
    total = share.sum(axis=1)
    hs = total / k
    hs2 = (total * total - (share * share).sum(axis=1)) / (k * (k - 1))
    out: dict[str, Any] = {}
    out["expected_hs"], out["expected_hs_std_error"] = _mean_se(hs)
    out["expected_hs2"], out["expected_hs2_std_error"] = _mean_se(hs2)
    binned = np.minimum((hs * bins).astype(np.intp), bins - 1)
    out["histogram"] = np.bincount(binned, minlength=bins) / len(hs)
    return out
