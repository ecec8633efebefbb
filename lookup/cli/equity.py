"""``pokerlookup equity``: each player's chance of winning, like PokerStove.

    pokerlookup equity AsAh KsKh --board 2c7d9h --dead 5s
    pokerlookup equity "QQ+, AKs" random --samples 2000000 --seed 7 --json

    pokerlookup equity --game omaha-hilo "As Ah Ks Kh" "Qd Qc Jd Jc" --board "2s 7h 8d"
    pokerlookup equity --game razz "Ah 2d 5c" "Kh Kd 3s" --samples 1000000 --seed 1
    pokerlookup equity "QQ+" "AKs" random --target-std-error 0.001 --time-limit 5 --workers 2
    pokerlookup equity "QQ+, AKs:0.5, A5s-A2s" "JJ-99, AQ" --board 2c7d9h --by-class --png grid.png

Each HAND is two cards or a range in quotes (see :mod:`lookup.ranges.holdem`), or with
``--game`` a holding of that game (see :mod:`lookup.odds.generic`). Exact when
at most 2,000,000 showdowns need enumerating, unless ``--samples`` asks for
sampling; ``--exact`` enumerates, up to ``--exact-limit`` showdowns (50,000,000
by default). A progress bar appears on stderr once a run has taken two seconds,
with the current standard error when sampling. ``--workers N`` shares a long run
among N processes (default: every CPU when it would take over half a second); a
seed and a sample count give the same answer whatever N is. ``--target-std-error``
and ``--time-limit`` stop sampling early, between chunks; the output then says so,
and ``--samples`` that many with the same ``--seed`` repeats it.

``--by-class`` adds, under the table, each range holder's equity by hand class:
Hold'em's 13x13 grid (short deck's 9x9) of the classes players know, coloured on
a terminal on a scale fitted to the values shown, or in Omaha a list of the
range's classes with their probability. It asks :func:`lookup.equity` for the
per-class detail (``by_class=True``), so flat ranges have it too, with the same
answers. ``--json`` then carries each player's ``by_combo`` and ``by_class``, and
``--png FILE`` draws the grids (one panel per range holder) with matplotlib.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lookup.cli.format import card_list, json_line
from lookup.cli.grid import (
    LEGEND,
    fits_grid,
    grid_ranks,
    render_class_list,
    render_grid,
    wants_colour,
)
from lookup.cli.options import whole
from lookup.cli.png import add_png_option, draw_grids, pyplot
from lookup.cli.rules import ranking_of
from lookup.core.errors import PokerLookupError
from lookup.core.messages import count
from lookup.core.pool import max_workers
from lookup.odds.front import equity
from lookup.odds.results import (
    DEFAULT_EXACT_LIMIT,
    EXACT_LIMIT,
    ComboEquity,
    EquityResult,
    PlayerEquity,
)

__all__ = ["register", "render_by_class", "render_table", "run"]

_STOPPED = {
    "target_std_error": ", stopped at the target standard error",
    "time_limit": ", stopped at the time limit",
}
"""How the result line ends when sampling stopped early (``EquityResult.stopped``)."""


def register(subparsers: Any) -> None:
    """Add the ``equity`` subcommand to the ``pokerlookup`` parser.

    >>> from lookup.cli.main import build_parser
    >>> build_parser().parse_args(["equity", "AsAh", "KK", "--samples", "10"]).samples
    10
    >>> build_parser().parse_args(["equity", "AsAh", "KK", "--exact", "--samples", "10"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    parser = subparsers.add_parser(
        "equity",
        help="win, tie and equity of 2-10 hands or ranges",
        description=(
            "All-in equity of each player: share of the pot (ties split), win and tie "
            f"rates. Exact when at most {EXACT_LIMIT:,} showdowns need enumerating, "
            "otherwise sampled (1,000,000 by default)."
        ),
    )
    parser.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="two cards (AsAh) or a range in quotes ('QQ+, AKs, A5s-A2s', '15%%', random); "
        "with --game, that game's holding ('As Ah Ks Kh', 'AAxx ds', 'Ah 2d 5c' in razz)",
    )
    parser.add_argument(
        "--board", default="", help="0, 3, 4 or 5 board cards, e.g. 2c7d9h (none in stud or draw)"
    )
    parser.add_argument("--dead", default="", help="cards out of play, e.g. 5s")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every showdown")
    how.add_argument("--samples", type=whole(1), metavar="N", help="sample N showdowns")
    parser.add_argument(
        "--seed", type=whole(0), metavar="S", help="seed for sampling (reproducible)"
    )
    parser.add_argument(
        "--game",
        default="holdem",
        metavar="NAME",
        help="the game (default holdem; `pokerlookup games` lists them): omaha, razz, ...",
    )
    parser.add_argument(
        "--rules",
        metavar="NAME|DIR",
        help="a ranking the game allows in place of its own: a built-in name or a folder of "
        "tables built by `python -m tablegen --rules FILE --out DIR`",
    )
    parser.add_argument(
        "--exact-limit",
        type=whole(1),
        default=DEFAULT_EXACT_LIMIT,
        metavar="N",
        help=f"most showdowns --exact enumerates (default {DEFAULT_EXACT_LIMIT:,})",
    )
    parser.add_argument(
        "--workers",
        type=whole(1, max_workers, " (4 per CPU here)"),
        metavar="N",
        help="processes sharing a long run (default: every CPU when it would take over "
        "half a second); the same --seed and --samples give the same answer for any N",
    )
    parser.add_argument(
        "--target-std-error",
        type=_above_zero,
        metavar="X",
        help="stop sampling once every player's standard error is below X (0.001 = 0.1%%)",
    )
    parser.add_argument(
        "--time-limit",
        type=_above_zero,
        metavar="S",
        help="stop sampling after S seconds (the output says how many samples it took)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--by-class",
        action="store_true",
        help="also each range holder's equity by hand class: the 13x13 grid (short deck "
        "9x9; Omaha a list), coloured on a terminal; with --json, by_combo and by_class",
    )
    add_png_option(parser, "the --by-class grids (one panel per range holder)")
    parser.add_argument(
        "--no-progress", action="store_true", help="never show a progress bar on stderr"
    )
    parser.set_defaults(run=run)


def _above_zero(text: str) -> float:
    """``--target-std-error``, ``--time-limit``: a finite number above 0.

    >>> _above_zero("0.5")
    0.5
    >>> _above_zero("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number above 0, got 'nan'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number above 0, got {text!r}")
    return value


def run(args: argparse.Namespace) -> int:
    """Compute and print; returns the exit status (errors go to :func:`~lookup.cli.main.main`).

    >>> from lookup.cli.main import main
    >>> main(["equity", "AsAh", "KsKh", "--board", "2c7d9h4s5d"])
    player  hand  equity      win    tie
         1  AsAh  100.00%  100.00%  0.00%
         2  KsKh    0.00%    0.00%  0.00%
    exact: the only showdown
    0
    >>> main(["equity", "--game", "omaha-hilo", "As 2h Ks 3h", "Qd Qc 4d 5c", "--board", "6s7h8d"])
    player  hand         equity     win     tie   scoop
         1  As 2h Ks 3h  53.60%  10.37%  86.46%  10.37%
         2  Qd Qc 4d 5c  46.40%   3.17%  86.46%   3.17%
    exact: all 820 showdowns
    0
    >>> main(["equity", "AsAh", "ZZ"])  # the message goes to stderr
    2
    >>> main(["equity", "random", "random", "--dead", "2c", "--exact"])  # too many deals: one line
    2
    >>> main(["equity", "AsAh", "KK", "--png", "grid.png"])  # --png draws the --by-class grid
    2
    """
    if args.png is not None:
        _check_png(args)
    result = equity(
        args.hands,
        board=args.board,
        dead=args.dead,
        exact=True if args.exact else None,
        samples=args.samples,
        seed=args.seed,
        progress=not args.no_progress,
        exact_limit=args.exact_limit,
        workers=args.workers,
        target_std_error=args.target_std_error,
        time_limit=args.time_limit,
        game=None if args.game == "holdem" and args.rules is None else args.game,
        rules=None if args.rules is None else ranking_of(args.rules),
        by_class=args.by_class,
    )
    if args.png is not None:
        draw_by_class(result, args.hands, args.png)
    if args.json:
        print(json_line(as_json(result)))
    elif args.by_class:
        print(render_table(result))
        print()  # the grids stand apart from the table
        print(render_by_class(result, colour=wants_colour(sys.stdout)))
    else:
        print(render_table(result))
    return 0


def _check_png(args: argparse.Namespace) -> None:
    """Refuse ``--png`` before any work when there will be no grid to draw."""
    if not args.by_class:
        raise PokerLookupError("--png draws the --by-class grids: add --by-class", "--png")
    if grid_ranks(args.game) is None:
        raise PokerLookupError(
            f"--png draws the hand-class grid of holdem and short-deck; {args.game}'s classes "
            "are listed by --by-class instead",
            args.game,
        )
    pyplot()  # matplotlib missing: say so now, not after a long run


def as_json(result: EquityResult) -> dict[str, Any]:
    """The result as JSON-ready data, one shape for every game and mode (docs/schemas/equity.json).

    Cards are lists (None when there are none); an exact run counts its ``boards``
    (``samples`` None), a sampled run its ``samples`` (``boards`` None); the hi/lo
    figures and the exact fraction are None where the game or the mode has none.

    >>> from lookup.odds.front import equity
    >>> data = as_json(equity(["AsAh", "KsKh"], board="2c7d9h4s"))
    >>> data["board"], data["dead"], data["exact"], data["boards"], data["samples"]
    (['2c', '7d', '9h', '4s'], None, True, 44, None)
    >>> data["players"][0]["hand"], data["players"][0]["scoop"]
    ('AsAh', None)
    >>> as_json(equity(["AsAh", "KsKh"], board="2c"))
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: a board has 0, 3, 4 or 5 cards, got 1
    """
    return {
        "game": result.game,
        "board": card_list(result.board),
        "dead": card_list(result.dead),
        "exact": result.exact,
        "boards": result.boards if result.exact else None,
        "samples": None if result.exact else result.boards,
        "seed": result.seed,
        "stopped": result.stopped,
        "players": [
            {
                "hand": p.hand,
                "combos": p.combos,
                "equity": p.equity,
                "win": p.win,
                "tie": p.tie,
                "std_error": p.std_error,
                "scoop": p.scoop,
                "win_high": p.win_high,
                "win_low": p.win_low,
                "equity_fraction": None if p.equity_fraction is None else str(p.equity_fraction),
                "by_combo": _parts(p.by_combo),
                "by_class": _parts(p.by_class),
            }
            for p in result
        ],
    }


def _parts(parts: Mapping[str, ComboEquity] | None) -> dict[str, Any] | None:
    return None if parts is None else {name: part.to_json() for name, part in parts.items()}


def render_table(result: EquityResult) -> str:
    """A plain table of players, equity, win and tie, and a line saying how it was found.

    >>> from lookup.odds.front import equity
    >>> print(render_table(equity(["AsAh", "KsKh"], board="2c7d9h4s")))
    player  hand  equity     win    tie
         1  AsAh  95.45%  95.45%  0.00%
         2  KsKh   4.55%   4.55%  0.00%
    exact: all 44 showdowns
    >>> print(render_table(equity(["QQ+", "AKs"], samples=10_000, seed=5)))  # doctest: +ELLIPSIS
    player  hand  equity  ± s.e.     win    tie
         1  QQ+   ...%   0.4...%  ...%  ...%
         2  AKs   ...%   0.4...%  ...%  ...%
    sampled: 10,000 showdowns, seed 5
    >>> early = equity(["QQ+", "AKs"], seed=5, target_std_error=0.01)
    >>> render_table(early).splitlines()[-1]
    'sampled: 65,536 showdowns, seed 5, stopped at the target standard error'
    >>> render_table(equity(["AsAh"]))
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: equity needs 2 to 10 players, got 1
    """
    sampled = not result.exact
    hilo = any(p.scoop is not None for p in result)
    header = [
        "player", "hand", "equity", *(["± s.e."] if sampled else []), "win", "tie",
        *(["scoop"] if hilo else []),
    ]  # fmt: skip
    rows = [
        [
            str(number),
            p.hand,
            f"{p.equity:.2%}",
            *([f"{p.std_error:.2%}"] if sampled else []),
            f"{p.win:.2%}",
            f"{p.tie:.2%}",
            *([f"{p.scoop or 0.0:.2%}"] if hilo else []),
        ]
        for number, p in enumerate(result, start=1)
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    hand_column = 1

    def line(cells: list[str]) -> str:
        return "  ".join(
            cell.ljust(w) if i == hand_column else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    lines = [line(header), *(line(r) for r in rows)]
    # One word for every game and mode: a showdown is one board (with ranges, one board
    # and one assignment of holdings; in stud and draw, one deal of the players' cards).
    if result.exact:
        total = count(result.boards, "showdown")
        lines.append("exact: the only showdown" if result.boards == 1 else f"exact: all {total}")
    else:
        stopped = _STOPPED.get(result.stopped or "", "")
        lines.append(f"sampled: {count(result.boards, 'showdown')}, seed {result.seed}{stopped}")
    return "\n".join(lines)


def _holders(result: EquityResult) -> list[tuple[int, PlayerEquity]]:
    """The players with per-class detail (range holders), numbered from 1."""
    return [(n, p) for n, p in enumerate(result, start=1) if p.by_class is not None]


def render_by_class(result: EquityResult, *, colour: bool) -> str:
    """Each range holder's equity by hand class: a grid in Hold'em and short deck (classes
    not in the range dotted), a list of classes elsewhere; ``colour`` shades the cells.

    >>> from lookup.odds.front import equity
    >>> spot = equity(["AA, AKs", "QsQh"], board="2c7d9h", by_class=True)
    >>> print(render_by_class(spot, colour=False))  # doctest: +ELLIPSIS
    player 1 (AA, AKs): equity (%) of each hand class against the other players
    pairs on the diagonal, suited hands above it, offsuit below; . not in the range
          A    K    Q    J    T    9    8    7    6    5    4    3    2
    A  91.6 27.0    .    .    .    .    .    .    .    .    .    .    .
    K     .    .    .    .    .    .    .    .    .    .    .    .    .
    ...
    >>> render_by_class(equity(["AsAh", "QsQh"], board="2c7d9h", by_class=True), colour=False)
    'no player holds a range: no classes to show'
    >>> render_by_class(equity(["AA", "KK"], board="2c7d9h"), colour=False)  # not by_class
    'no player holds a range: no classes to show'
    """
    holders = _holders(result)
    if not holders:
        return "no player holds a range: no classes to show"
    ranks = grid_ranks(result.game)
    blocks = []
    for number, player in holders:
        assert player.by_class is not None
        parts = player.by_class
        lines = [f"player {number} ({player.hand}): equity (%) of each hand class against the "
                 "other players"]  # fmt: skip
        if ranks is not None and fits_grid(parts, ranks):
            lines.append(f"{LEGEND}; . not in the range")
            lines += render_grid({n: c.equity for n, c in parts.items()}, ranks, colour=colour)
        else:
            rows = [
                (n, c.probability, c.equity, None if result.exact else c.std_error)
                for n, c in parts.items()
            ]
            lines += render_class_list(rows, colour=colour)
        if not result.exact and parts:
            worst = max(c.std_error for c in parts.values())
            lines.append(f"sampled: each class's standard error is at most {worst:.2%} "
                         "(--json gives each)")  # fmt: skip
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def spot_title(result: EquityResult, hands: Sequence[str]) -> str:
    """What a picture of ``result`` shows, in one line: the hands, the board, the count.

    >>> from lookup.odds.front import equity
    >>> spot_title(equity(["AA", "KsKh"], board="2c7d9h"), ["AA", "KsKh"])
    "Equity by hand class: 'AA' vs 'KsKh' on 2c 7d 9h (exact, 5,940 showdowns)"
    """
    players = " vs ".join(repr(h.strip()) for h in hands)
    where = f"on {' '.join(map(str, result.board))}" if result.board else "preflop"
    if result.dead:
        where += f", dead {' '.join(map(str, result.dead))}"
    how = (
        f"exact, {result.boards:,} showdowns"
        if result.exact
        else f"sampled, {result.boards:,} showdowns, seed {result.seed}"
    )
    return f"Equity by hand class: {players} {where} ({how})"


def draw_by_class(result: EquityResult, hands: Sequence[str], path: Path) -> None:
    """Draw each range holder's grid, one panel each, to ``path`` (see :mod:`lookup.cli.png`).

    >>> from lookup.odds.front import equity
    >>> draw_by_class(equity(["AsAh", "KsKh"], board="2c7d9h"), ["AsAh", "KsKh"], Path("x.png"))
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: --png: no player holds a range, so there is no grid to draw
    """
    holders = _holders(result)
    if not holders:
        raise PokerLookupError(
            "--png: no player holds a range, so there is no grid to draw", str(path)
        )
    ranks = grid_ranks(result.game)
    if ranks is None or not all(p.by_class is not None and fits_grid(p.by_class, ranks)
                                for _, p in holders):  # fmt: skip
        raise PokerLookupError(
            f"--png draws the hand-class grid of holdem and short-deck; {result.game}'s "
            "classes are listed by --by-class instead",
            result.game,
        )
    panels = [
        (f"player {n}: {p.hand}", ranks, {k: c.equity for k, c in (p.by_class or {}).items()})
        for n, p in holders
    ]
    draw_grids(
        panels,
        title=spot_title(result, hands),
        scale_label="equity vs the other players, %",
        path=path,
    )
