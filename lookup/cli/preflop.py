"""``pokerlookup preflop``: the 13x13 chart of heads-up preflop equity, exact, from the table."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lookup.cli.grid import HOLDEM_RANKS, LEGEND, render_grid, wants_colour
from lookup.cli.png import add_png_option, draw_grids
from lookup.core.errors import RangeError
from lookup.preflop.classes import CLASS_NAMES

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``preflop`` subcommand to ``subparsers``.

    >>> from lookup.cli.main import main
    >>> main(["preflop"])  # doctest: +ELLIPSIS
    Exact heads-up preflop equity (%) against a random hand
    pairs on the diagonal, suited hands above it, offsuit below
          A    K    Q    J    T    9    8    7    6    5    4    3    2
    A  85.2 67.0 66.2 65.4 64.6 62.8 61.9 61.0 59.9 59.9 59.0 58.2 57.4
    K  65.3 82.4 63.4 62.6 61.8 60.0 58.3 57.5 56.6 55.8 54.9 54.1 53.2
    ...
    2  54.9 50.5 47.3 44.3 41.7 39.1 36.8 34.6 34.1 34.3 33.2 32.3 50.3
    0
    >>> main(["preflop", "--vs", "AsKx"])  # one line on stderr
    2
    """
    parser = subparsers.add_parser(
        "preflop",
        help="the 13x13 chart of exact heads-up preflop equity",
        description=(
            "Print each starting-hand class's exact all-in equity against one random hand, "
            "or against a hand or range given with --vs, as the familiar 13x13 grid: pairs on "
            "the diagonal, suited hands above it, offsuit below. Coloured on a terminal, on a "
            "scale fitted to the values shown; plain through a pipe (or with NO_COLOR set, "
            "or TERM=dumb)."
        ),
    )
    parser.add_argument(
        "--vs",
        default="random",
        metavar="RANGE",
        help="the opponent: 'random' (default), a hand ('AsKd') or a range ('QQ+, AKs')",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    add_png_option(parser, "a heatmap")
    parser.set_defaults(run=_run)


def _chart(vs: str) -> list[dict[str, Any] | None]:
    """One entry per class in grid order: equity, win and tie (None if no deal is possible)."""
    # The preflop table's readers load only when this command runs, not for --help.
    from lookup.odds.holdem.heads_up import HeadsUp, range_vs_range, versus_random
    from lookup.ranges.holdem import parse_range

    if vs.strip().lower() == "random":
        results: list[HeadsUp | None] = [versus_random(name) for name in CLASS_NAMES]
    else:
        opponent = parse_range(vs)
        results = []
        for name in CLASS_NAMES:
            try:
                results.append(range_vs_range(parse_range(name), opponent))
            except RangeError:  # every combo of the class collides with the opponent
                # Only that "no answer" is swallowed: a TableError (bad table) is an error.
                results.append(None)
    return [
        None if r is None else {"class": n, "equity": r.equity, "win": r.win, "tie": r.tie}
        for n, r in zip(CLASS_NAMES, results, strict=True)
    ]


def _run(args: argparse.Namespace) -> int:
    chart = _chart(args.vs)
    if args.png is not None:
        _draw_png(chart, args.vs, args.png)
    if args.json:
        print(json.dumps({
            "vs": args.vs.strip(),
            "classes": {n: c for n, c in zip(CLASS_NAMES, chart, strict=True)},
        }))  # fmt: skip
        return 0
    print(_render_grid(chart, args.vs.strip(), colour=wants_colour(sys.stdout)))
    return 0


def _render_grid(chart: list[dict[str, Any] | None], vs: str, *, colour: bool) -> str:
    against = "a random hand" if vs.lower() == "random" else repr(vs)
    lines = [f"Exact heads-up preflop equity (%) against {against}", LEGEND]
    values = {n: e["equity"] for n, e in zip(CLASS_NAMES, chart, strict=True) if e is not None}
    lines += render_grid(values, HOLDEM_RANKS, colour=colour, missing="--")
    return "\n".join(lines)


def _draw_png(chart: list[dict[str, Any] | None], vs: str, path: Path) -> None:
    values = {n: e["equity"] for n, e in zip(CLASS_NAMES, chart, strict=True) if e is not None}
    against = "a random hand" if vs.strip().lower() == "random" else vs.strip()
    draw_grids(
        [(LEGEND, HOLDEM_RANKS, values)],
        title=f"Exact heads-up preflop equity against {against}",
        scale_label=f"equity against {against}, %",
        path=path,
    )
