"""``pokerlookup census K``: evaluate every hand of K cards and count the categories."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from lookup.cli.options import whole
from lookup.cli.rules import add_rules_option, ranking_of
from lookup.core.errors import PokerLookupError
from lookup.core.pool import max_workers
from lookup.core.rules import Category

if TYPE_CHECKING:
    from lookup.batch.census import Census

__all__ = ["register"]

_SIZE_NAMES = {4: "four", 5: "five", 6: "six", 7: "seven"}


def register(subparsers: Any) -> None:
    """Add the ``census`` subcommand to ``subparsers``.

    >>> from lookup.cli.main import main
    >>> main(["census", "5", "--no-progress"])  # doctest: +ELLIPSIS
    All 2,598,960 five-card hands, by best five cards:
      Straight Flush             40   0.0015%
    ...
    distinct classes: 7,462
    elapsed: ...
    0
    >>> main(["census", "8"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    >>> main(["census", "4"])  # four cards are for badugi only: one line on stderr
    2
    """
    parser = subparsers.add_parser(
        "census",
        help="evaluate every hand of 5, 6 or 7 cards (badugi: 4 or 5) and count each category",
        description=(
            "Evaluate all hands of K cards of the ranking's deck (C(52, K) for 52 cards) "
            "with the numpy batch path and print "
            "the hands per category (best five cards), the number of distinct classes, "
            "the elapsed time and the hands per second. Needs numpy."
        ),
    )
    parser.add_argument(
        "hand_size", type=int, choices=(4, 5, 6, 7), metavar="K", help="5, 6 or 7 (badugi: 4 or 5)"
    )
    add_rules_option(parser)
    parser.add_argument(
        "--jobs",
        "-j",
        "--workers",
        type=whole(0, max_workers, " (0: one per CPU; 4 per CPU here)"),
        default=1,
        metavar="N",
        help="worker processes (default 1; 0 = one per CPU)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    # numpy and the census module load only when this command runs.
    try:
        from lookup.batch.census import census
    except ImportError as error:
        if error.name != "numpy":
            raise
        raise PokerLookupError("the census needs numpy: pip install 'pokerlookup[numpy]'") from None

    result = census(
        args.hand_size,
        rules=ranking_of(args.rules),
        jobs=args.jobs,
        progress=not args.no_progress,
    )
    print(_render_json(result) if args.json else _render_text(result))
    return 0


def _render_text(result: Census) -> str:
    """The census as aligned text lines, strongest category first."""
    size = result.hand_size
    ranking = result.ranking
    under = "" if ranking.name == "standard" else f" ({ranking.name})"
    lines = [f"All {result.hands:,} {_SIZE_NAMES[size]}-card hands{under}, by best hand:"]
    if ranking.name == "standard":
        lines[0] = lines[0].replace("best hand", "best five cards")
    for category, count in result.category_counts.items():
        share = count / result.hands
        lines.append(f"  {category.title:<16}{count:>13,}  {share:8.4%}")
        if category is Category.STRAIGHT_FLUSH and not ranking.definition.low:
            lines.append(f"    of which royal{result.royal_flushes:>13,}")
    lines.append(f"distinct classes: {result.distinct_classes:,}")
    jobs = "1 process" if result.jobs == 1 else f"{result.jobs} processes"
    lines.append(
        f"elapsed: {result.elapsed:.2f} s, {result.hands_per_second / 1e6:.1f} M hands/s ({jobs})"
    )
    return "\n".join(lines)


def _render_json(result: Census) -> str:
    """The census as one JSON object."""
    return json.dumps(
        {
            "rules": result.ranking.name,
            "hand_size": result.hand_size,
            "hands": result.hands,
            "categories": {c.name.lower(): n for c, n in result.category_counts.items()},
            "royal_flush": result.royal_flushes if result.ranking.name == "standard" else None,
            "distinct_classes": result.distinct_classes,
            "elapsed_seconds": round(result.elapsed, 4),
            "hands_per_second": round(result.hands_per_second),
            "jobs": result.jobs,
        }
    )
