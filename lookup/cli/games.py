"""``pokerlookup games``: list the games (``--game NAME``), a line each."""

from __future__ import annotations

import argparse
import json
from typing import Any

from lookup.game.registry import games

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``games`` subcommand to ``subparsers``.

    >>> from lookup.cli.main import main
    >>> main(["games"])  # doctest: +ELLIPSIS
    holdem           Texas Hold'em: 2 hole cards, 5 board cards, best five of seven
    ...
    0
    >>> main(["games", "--bogus"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    parser = subparsers.add_parser(
        "games",
        help="list the games (--game NAME), a line each",
        description="List the games, one line each: name, then what it is.",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON array instead")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "name": game.name,
                        "description": game.description,
                        "family": game.family.name,
                        "hole_cards": game.hole_cards,
                        "board_sizes": list(game.board_sizes),
                        "hole_used": game.hole_used,
                        "board_used": game.board_used,
                        "pot": list(game.pot),
                        "rules": list(game.replaceable),
                        "odd_chip": game.odd_chip,
                    }
                    for game in games()
                ]
            )
        )
        return 0
    for game in games():
        print(f"{game.name:<16} {game.description}")
    return 0
