"""``pokerlookup rules``: list the rankings; and the ``--rules`` option other commands share."""

from __future__ import annotations

import argparse
import os

from lookup.core.rules import BUILTIN_RANKINGS
from lookup.ranking.ranking import Ranking, get_ranking, rankings

# Every command imports this module for --rules: json and pathlib are imported by the
# runs that need them, and typing by the type checker alone.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["add_rules_option", "ranking_of", "register"]


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--rules NAME|DIR`` (default standard) to a subcommand's parser."""
    parser.add_argument(
        "--rules",
        default="standard",
        metavar="NAME|DIR",
        help="the ranking: a built-in name (see `pokerlookup rules`) or a folder of tables "
        "built by `python -m tablegen --rules FILE --out DIR` (default: standard)",
    )


def ranking_of(text: str) -> Ranking:
    """The ranking ``--rules`` names: a built-in name, else an existing folder's path.

    >>> ranking_of("short-deck").name
    'short-deck'
    >>> ranking_of("omaha")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.RankingError: unknown ranking 'omaha': rankings are standard, ...
    """
    if text not in BUILTIN_RANKINGS and (os.sep in text or os.path.isdir(text or ".")):
        from pathlib import Path  # ("" is the current folder, as Path("") is)

        return get_ranking(Path(text))
    return get_ranking(text)


def register(subparsers: Any) -> None:
    """Add the ``rules`` subcommand to ``subparsers``.

    >>> from lookup.cli.main import main
    >>> main(["rules"])  # doctest: +ELLIPSIS
    standard           High poker: 52 cards, aces high, A-2-3-4-5 is the lowest straight.
    ...
    0
    """
    parser = subparsers.add_parser(
        "rules",
        help="list the rankings (--rules NAME), a line each",
        description="List the built-in rankings, one line each: name, then what it is.",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON array instead")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    listed = rankings()
    if args.json:
        import json  # only --json pays for it

        print(
            json.dumps(
                [
                    {
                        "name": r.name,
                        "description": r.description,
                        "deck": len(r.deck),
                        "hand_size": r.hand_size,
                        "order": r.definition.order,
                        "classes": r.class_count,
                    }
                    for r in listed
                ]
            )
        )
        return 0
    for ranking in listed:
        print(f"{ranking.name:<18} {ranking.description}")  # as --json spells it
    return 0
