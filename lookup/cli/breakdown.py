"""``pokerlookup breakdown``: what a range holds on a board, like Flopzilla.

    pokerlookup breakdown "QQ+, AK, T9s" --board "Ks 7h 2d"
    pokerlookup breakdown "AKs" --street flop                # over every flop
    pokerlookup breakdown "AT, 98s" --board "Ah 6d 7c" --game short-deck --json
    pokerlookup breakdown "AAxx, KQJTds" --board "Ks 7h 2h" --game omaha

The table lists the made-hand classes (they partition the range) and then the draws
(a combo may have several), each with its weighted combos and its share of the
range's compatible combos, and a total; classes and draws no combo holds are left
out. ``docs/breakdown.md`` defines each one. ``--png FILE`` draws the same shares
as a bar chart.
"""

from __future__ import annotations

import argparse
from typing import Any

from lookup.board.breakdown import BREAKDOWN_EXACT_LIMIT, BREAKDOWN_SAMPLES, STREETS, Breakdown
from lookup.board.breakdown import breakdown as take_breakdown
from lookup.cli.format import json_line
from lookup.cli.options import whole
from lookup.cli.png import add_png_option, bar_chart_png
from lookup.cli.rules import ranking_of
from lookup.core.messages import count

__all__ = ["register", "render_table", "run"]


def register(subparsers: Any) -> None:
    """Add the ``breakdown`` subcommand to the ``pokerlookup`` parser.

    >>> from lookup.cli.main import build_parser
    >>> build_parser().parse_args(["breakdown", "AK", "--street", "flop"]).street
    'flop'
    >>> build_parser().parse_args(["breakdown", "AK", "--street", "preflop"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    parser = subparsers.add_parser(
        "breakdown",
        help="what a range holds on a board: made hands and draws",
        description=(
            "Made hands and draws of a (weighted) range on a board, each with its weighted\n"
            "combos and share (docs/breakdown.md defines them). A board shorter than\n"
            f"--street is completed every way, exactly up to {BREAKDOWN_EXACT_LIMIT:,} "
            "board-combo pairs,\nelse sampled."
        ),
        epilog="examples:\n" + __doc__.split("\n\n")[1] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "range", metavar="RANGE", help="a range in quotes, weights allowed ('QQ+, AKs:0.5')"
    )
    parser.add_argument("--board", default="", help="0 to 5 board cards, e.g. 'Ks 7h 2d'")
    parser.add_argument(
        "--street", choices=tuple(STREETS), help="complete a shorter board to this street"
    )
    parser.add_argument("--dead", default="", help="cards out of play, e.g. 5s")
    parser.add_argument(
        "--game",
        default="holdem",
        metavar="NAME",
        help="holdem (default), short-deck, omaha, omaha5, omaha6, courchevel",
    )
    parser.add_argument(
        "--rules", metavar="NAME|DIR", help="a ranking the game allows (short-deck-triton)"
    )
    parser.add_argument(
        "--samples",
        type=whole(1),
        default=BREAKDOWN_SAMPLES,
        metavar="N",
        help=f"board completions sampled past the exact limit (default {BREAKDOWN_SAMPLES:,})",
    )
    parser.add_argument(
        "--seed", type=whole(0), metavar="S", help="seed for sampling (reproducible)"
    )
    parser.add_argument(
        "--exact-limit",
        type=whole(0),
        default=BREAKDOWN_EXACT_LIMIT,
        metavar="N",
        help=f"most board-combo pairs completed exactly (default {BREAKDOWN_EXACT_LIMIT:,})",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--no-progress", action="store_true", help="never show a progress bar on stderr"
    )
    add_png_option(parser, "the shares as a bar chart")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Compute and print; returns the exit status (errors go to :func:`~lookup.cli.main.main`).

    >>> from lookup.cli.main import main
    >>> main(["breakdown", "QQ+, AK, T9s", "--board", "Ks 7h 2d"])
    made hands                         combos   share
      set                                3.00   9.68%
      overpair                           6.00  19.35%
      top pair, top kicker              12.00  38.71%
      pocket pair between board cards    6.00  19.35%
      nothing                            4.00  12.90%
    draws
      backdoor flush draw                5.00  16.13%
      backdoor straight draw             4.00  12.90%
    total                               31.00    100%
    exact: weighted combos live on Ks 7h 2d
    0
    >>> main(["breakdown", "QQ+", "--board", "Ks 7h"])  # the message goes to stderr
    2
    """
    result = take_breakdown(
        args.range,
        board=args.board,
        street=args.street,
        game=args.game,
        dead=args.dead,
        rules=None if args.rules is None else ranking_of(args.rules),
        exact_limit=args.exact_limit,
        samples=args.samples,
        seed=args.seed,
        progress=not args.no_progress,
    )
    print(json_line(result.to_json()) if args.json else render_table(result))
    if args.png is not None:
        bar_chart_png(
            [
                ("made hands", [(s.title, float(s.share)) for s in result.made if s.weight]),
                ("draws", [(s.title, float(s.share)) for s in result.draws if s.weight]),
            ],
            _title(args.range, result),
            args.png,
        )
    return 0


def _title(text: str, result: Breakdown) -> str:
    board = " ".join(str(card) for card in result.board) or "no board"
    shown = text if len(text) <= 40 else text[:37] + "..."
    return f"{shown} on {board} ({result.street}, {result.game})"


def render_table(result: Breakdown) -> str:
    """The Flopzilla-like table: made hands, then draws, with weighted combos and shares.

    >>> from lookup.board.breakdown import breakdown
    >>> print(render_table(breakdown("AsKs", street="flop")).splitlines()[-1])
    exact: all 22,100 boards completing the flop from no board; combos: weighted and live, \
on an average board
    """
    sampled = not result.exact
    header = ["made hands", "combos", "share", *(["± s.e."] if sampled else [])]
    rows: list[list[str]] = [header]

    def add(shares: Any) -> None:
        for s in shares:
            if s.weight:
                rows.append(
                    [f"  {s.title}", f"{float(s.weight):.2f}", _percent(float(s.share)),
                     *([_percent(s.std_error)] if sampled else [])]
                )  # fmt: skip

    add(result.made)
    rows.append(["draws"])
    add(result.draws)
    rows.append(["total", f"{float(result.total_weight):.2f}", "100%"])
    widths = [max(len(r[i]) for r in rows if len(r) > i) for i in range(len(header))]
    lines = [
        "  ".join(
            cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(r)
        ).rstrip()
        for r in rows
    ]
    board = " ".join(str(card) for card in result.board)
    if result.boards == 1:
        lines.append(f"exact: weighted combos live on {board}")
    else:
        how = "exact: all" if result.exact else "sampled:"
        lines.append(
            f"{how} {count(result.boards, 'board')} completing the {result.street} from "
            f"{board or 'no board'}; combos: weighted and live, on an average board"
        )
    return "\n".join(lines)


def _percent(share: float) -> str:
    return "100%" if share == 1 else f"{share:.2%}"
