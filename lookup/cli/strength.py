"""``pokerlookup strength``: HS, PPOT, NPOT, EHS and E[HS²] of hands on a board.

With ``--hand`` (repeatable), a row per hand; without, every hand the board
allows is computed and the strongest and weakest ``--top`` by E[HS] are shown.
``--png FILE`` draws each shown hand's river-HS histogram.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from lookup.cli.options import whole
from lookup.cli.png import add_png_option, pyplot, save_png

__all__ = ["register"]

EXAMPLES = """\
examples:
  pokerlookup strength --board "Ks 7h 2d" --hand "As Kd"        # one hand's numbers
  pokerlookup strength --board "Ks 7h 2d" --vs "QQ+, AK, 77:0.5"  # strongest and weakest
  pokerlookup strength --board "Ks 7h 2d 9s" --hand "Ts 8s" --hand "Ah Ad" --json
  pokerlookup strength --game omaha --board "Ks 7h 2d" --hand "As Ad Kd Qc" --seed 1
"""

_COLUMNS = (
    ("HS", "hs"),
    ("PPOT", "ppot"),
    ("NPOT", "npot"),
    ("EHS", "effective_hs"),
    ("E[HS]", "expected_hs"),
    ("E[HS2]", "expected_hs2"),
    ("pct", "percentile"),
)


def register(subparsers: Any) -> None:
    """Add the ``strength`` subcommand to ``subparsers``.

    >>> from lookup.cli.main import main
    >>> main(["strength", "--board", "3h 4c Jh", "--hand", "Ad Qc"])  # Papp's example
    Hand strength on 3h 4c Jh against random (exact)
    hand      HS    PPOT    NPOT     EHS   E[HS]  E[HS2]     pct
    AdQc  0.5851  0.2083  0.2737  0.5114  0.5114  0.3073  0.5391
    0
    >>> main(["strength", "--board", "3h 4c"])  # one line on stderr
    2
    """
    parser = subparsers.add_parser(
        "strength",
        help="hand strength, potential and E[HS] of hands on a board, for bots",
        description=(
            "For each hand (--hand, repeatable) or every hand the board allows, against "
            "the opponent's range (--vs, default random, weights allowed): HS (share of the "
            "range beaten now, ties half), PPOT and NPOT (Billings et al. 1998), EHS "
            "(HS(1-NPOT) + (1-HS)PPOT), E[HS] and E[HS2] over every completion of the board, "
            "and pct (the share of the board's hands with a lower E[HS]). Exact in holdem and "
            "short-deck; sampled, with standard errors, in omaha. Needs numpy. "
            "docs/strength.md says what each number means."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--board", default="", metavar="CARDS", help="0, 3, 4 or 5 cards (default: preflop)"
    )
    parser.add_argument(
        "--hand",
        action="append",
        default=None,
        metavar="CARDS",
        help="a hero hand (repeatable); default: every hand the board allows",
    )
    parser.add_argument(
        "--vs", default="random", metavar="RANGE", help="the opponent: 'random' or a range"
    )
    parser.add_argument(
        "--game", default="holdem", metavar="NAME", help="holdem, short-deck, omaha, omaha5..."
    )
    parser.add_argument("--dead", default="", metavar="CARDS", help="cards out of play")
    parser.add_argument(
        "--top", type=whole(1), default=5, metavar="N", help="without --hand: N best and N worst"
    )
    parser.add_argument("--bins", type=whole(1), default=10, metavar="N", help="histogram bins")
    parser.add_argument(
        "--samples",
        type=whole(1),
        default=2000,
        metavar="N",
        help="omaha: samples per hand; preflop: boards for E[HS2]",
    )
    parser.add_argument(
        "--seed", type=whole(0), default=None, metavar="S", help="the seed of sampled numbers"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    add_png_option(parser, "each shown hand's river-HS histogram")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from lookup.handstrength import strength  # numpy and the engines: this command only

    options: dict[str, Any] = {
        "opponents": args.vs,
        "game": args.game,
        "dead": args.dead,
        "bins": args.bins,
        "samples": args.samples,
        "seed": args.seed,
    }
    if args.hand:
        result = strength(args.board, hands=args.hand, **options)
        rows = list(result)
        shown = "each hand"
    else:
        everything = strength(args.board, **options)
        order = sorted(range(len(everything)), key=lambda i: -float(everything.expected_hs[i]))
        picked = order if len(order) <= 2 * args.top else order[: args.top] + order[-args.top :]
        # Potential is computed for the hands shown only (all 1,176 cost seconds).
        hands = [everything.combos[i].tolist() for i in picked]
        result = strength(args.board, hands=hands, **options)
        rows = list(result)
        shown = f"the {len(picked)} strongest and weakest of {len(everything):,} hands"
    board = " ".join(str(c) for c in result.board) or "no board (preflop)"
    how = "exact" if result.exact else f"{result.samples:,} samples a hand, seed {result.seed}"
    if args.json:
        from lookup.cli.format import json_line  # only --json pays for it
        from lookup.core.cards import parse_cards  # --dead, already read: its ASCII spelling

        document = {
            "game": result.game,
            "board": [str(c) for c in result.board] or None,
            "dead": [str(c) for c in parse_cards(args.dead)] or None,
            "street": result.street,
            "opponents": args.vs,
            "exact": result.exact,
            "samples": result.samples,
            "seed": result.seed,
            "bins": result.bins,
            "hands": [_record(row) for row in rows],
        }
        print(json_line(document))
    else:
        print(f"Hand strength on {board} against {args.vs} ({how})")
        if not args.hand:
            print(f"{shown}, by E[HS]")
        width = max(4, *(len(row.hand) for row in rows))
        print(f"{'hand':<{width}}" + "".join(f"{title:>8}" for title, _ in _COLUMNS))
        for row in rows:
            cells = [_cell(getattr(row, name)) for _, name in _COLUMNS]
            print(f"{row.hand:<{width}}" + "".join(f"{cell:>8}" for cell in cells))
            if not result.exact:
                errors = [getattr(row, f"{name}_std_error", None) for _, name in _COLUMNS]
                print(f"{'  +-':<{width}}" + "".join(f"{_cell(e):>8}" for e in errors))
    if args.png is not None:
        _draw(rows, result.bins, board, args.vs, args.png)
    return 0


def _cell(value: float | None) -> str:
    if value is None:
        return "-"
    return "nan" if math.isnan(value) else f"{value:.4f}"


def _record(row: Any) -> dict[str, Any]:
    """One hand for --json: its cards and every number, null where it does not exist."""
    record: dict[str, Any] = {"hand": [row.hand[i : i + 2] for i in range(0, len(row.hand), 2)]}
    for key, value in row.__dict__.items():
        if key == "histogram":
            record[key] = None if value is None else list(value)
        elif key != "hand":
            record[key] = None if value is None or math.isnan(value) else value
    return record


def _draw(rows: list[Any], bins: int, board: str, vs: str, path: Path) -> None:
    """Each hand's river-HS histogram as a line of bars, one panel, written by png.py."""
    plt = pyplot()
    drawn = [row for row in rows if row.histogram is not None]
    figure, axes = plt.subplots(figsize=(8, 4.5))
    width = 1 / bins / max(1, len(drawn))
    for k, row in enumerate(drawn):
        left = [b / bins + k * width for b in range(bins)]
        label = f"{row.hand}  E[HS] {row.expected_hs:.3f}"
        axes.bar(left, row.histogram, width=width, align="edge", label=label)
    axes.set_xlim(0, 1)
    axes.set_xticks([b / bins for b in range(bins + 1)])
    axes.set_xlabel("hand strength at the river (share of the range beaten, ties half)")
    axes.set_ylabel("share of board completions")
    axes.set_title(f"River hand-strength histogram on {board} against {vs}")
    if drawn:
        axes.legend(fontsize=8, ncol=2 if len(drawn) > 6 else 1)
    axes.grid(axis="y", alpha=0.3)
    try:
        save_png(figure, path)
    finally:
        plt.close(figure)
