"""``pokerlookup equity``: each player's chance of winning, like PokerStove.

    pokerlookup equity AsAh KsKh --board 2c7d9h --dead 5s
    pokerlookup equity "QQ+, AKs" random --samples 2000000 --seed 7 --json

    pokerlookup equity --game omaha-hilo "As Ah Ks Kh" "Qd Qc Jd Jc" --board "2s 7h 8d"
    pokerlookup equity --game razz "Ah 2d 5c" "Kh Kd 3s" --samples 1000000 --seed 1

Each HAND is two cards or a range in quotes (see :mod:`lookup.ranges.holdem`), or with
``--game`` a holding of that game (see :mod:`lookup.odds.generic`). Exact when
at most 2,000,000 showdowns need enumerating, unless ``--samples`` asks for
sampling; ``--exact`` enumerates, up to ``--exact-limit`` showdowns (50,000,000
by default). A progress bar appears on stderr once a run has taken two seconds.
"""

from __future__ import annotations

import argparse
from typing import Any

from lookup.cli.format import card_list, json_line
from lookup.core.messages import count
from lookup.odds.front import equity
from lookup.odds.results import DEFAULT_EXACT_LIMIT, EXACT_LIMIT, EquityResult

__all__ = ["register", "render_table", "run"]


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
    how.add_argument("--samples", type=int, metavar="N", help="sample N showdowns")
    parser.add_argument("--seed", type=int, metavar="S", help="seed for sampling (reproducible)")
    parser.add_argument(
        "--game",
        default="holdem",
        metavar="NAME",
        help="the game (default holdem; `pokerlookup games` lists them): omaha, razz, ...",
    )
    parser.add_argument(
        "--rules", metavar="RANKING", help="a ranking the game allows in place of its own"
    )
    parser.add_argument(
        "--exact-limit",
        type=int,
        default=DEFAULT_EXACT_LIMIT,
        metavar="N",
        help=f"most showdowns --exact enumerates (default {DEFAULT_EXACT_LIMIT:,})",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--no-progress", action="store_true", help="never show a progress bar on stderr"
    )
    parser.set_defaults(run=run)


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
    """
    result = equity(
        args.hands,
        board=args.board,
        dead=args.dead,
        exact=True if args.exact else None,
        samples=args.samples,
        seed=args.seed,
        progress=not args.no_progress,
        exact_limit=args.exact_limit,
        game=None if args.game == "holdem" and args.rules is None else args.game,
        rules=args.rules,
    )
    print(json_line(as_json(result)) if args.json else render_table(result))
    return 0


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
            }
            for p in result
        ],
    }


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
        lines.append(f"sampled: {count(result.boards, 'showdown')}, seed {result.seed}")
    return "\n".join(lines)
