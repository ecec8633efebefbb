"""``pokerlookup preflop``: the 13x13 chart of heads-up preflop equity, exact, from the table."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from lookup.cli.png import add_png_option, pyplot, save_png
from lookup.core.cards import RANK_CHARS
from lookup.core.errors import RangeError
from lookup.preflop.classes import CLASS_NAMES

__all__ = ["register"]

_LEGEND = "pairs on the diagonal, suited hands above it, offsuit below"


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
            "the diagonal, suited hands above it, offsuit below. Coloured on a terminal, plain "
            "through a pipe (or with NO_COLOR set)."
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
    print(_render_grid(chart, args.vs.strip(), colour=_wants_colour(sys.stdout)))
    return 0


def _wants_colour(stream: TextIO) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _shade(equity: float) -> str:
    """An ANSI 256-colour background from red (weak) through yellow to green (strong)."""
    level = min(max((equity - 0.3) / 0.55, 0.0), 1.0)
    red = 5 if level < 0.5 else round(5 * (1 - level) * 2)
    green = round(5 * level * 2) if level < 0.5 else 5
    return f"\033[30;48;5;{16 + 36 * red + 6 * green}m"


def _render_grid(chart: list[dict[str, Any] | None], vs: str, *, colour: bool) -> str:
    against = "a random hand" if vs.lower() == "random" else repr(vs)
    lines = [f"Exact heads-up preflop equity (%) against {against}", _LEGEND]
    ranks = RANK_CHARS[::-1]
    lines.append("  " + "".join(f"{r:>5}" for r in ranks))
    for row in range(13):
        cells = []
        for column in range(13):
            entry = chart[13 * row + column]
            if entry is None:
                cells.append("   --")
                continue
            text = f"{100 * entry['equity']:5.1f}"
            cells.append(f"{_shade(entry['equity'])}{text}\033[0m" if colour else text)
        lines.append(ranks[row] + " " + "".join(cells))
    return "\n".join(lines)


def _draw_png(chart: list[dict[str, Any] | None], vs: str, path: Path) -> None:
    plt = pyplot()
    grid = [
        [float("nan") if (e := chart[13 * r + c]) is None else 100 * e["equity"] for c in range(13)]
        for r in range(13)
    ]
    figure, axes = plt.subplots(figsize=(8, 7))
    image = axes.imshow(grid, cmap="RdYlGn", vmin=30, vmax=85)
    ranks = list(RANK_CHARS[::-1])
    axes.set_xticks(range(13), ranks)
    axes.set_yticks(range(13), ranks)
    for r in range(13):
        for c in range(13):
            if chart[13 * r + c] is not None:
                label = f"{CLASS_NAMES[13 * r + c]}\n{grid[r][c]:.1f}"
                axes.text(c, r, label, ha="center", va="center", fontsize=6)
    against = "a random hand" if vs.strip().lower() == "random" else vs.strip()
    axes.set_title(f"Heads-up preflop equity (%) against {against}")
    figure.colorbar(image, ax=axes)
    try:
        save_png(figure, path)
    finally:
        plt.close(figure)
