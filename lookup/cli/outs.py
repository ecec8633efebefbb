"""``pokerlookup outs``: the cards that put each player ahead, on a flop or a turn.

    pokerlookup outs "As Ks" "Qh Qd" --board "Js Ts 2h"
    pokerlookup outs --game omaha-hilo "As 2s Kd Kh" "Qd Qc 4d 5c" --board "6s 7h 8d" --json

Each HAND is as ``pokerlookup equity`` reads it (cards, or a range with weights in
quotes). The definitions of an out, a split out and the count are in
:mod:`lookup.board.outs` and ``docs/outs.md``.
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from typing import Any

from lookup.board.outs import Outs, OutsResult, PlayerOuts, outs
from lookup.cli.format import format_card, json_line, stream_takes_unicode
from lookup.cli.options import whole
from lookup.cli.rules import ranking_of
from lookup.game.registry import get_game
from lookup.odds.results import DEFAULT_EXACT_LIMIT
from lookup.ranges.holding import holding_cards

__all__ = ["register", "render", "run"]

EXAMPLES = """\
examples:
  pokerlookup outs "As Ks" "Qh Qd" --board "Js Ts 2h"        # the turn cards that win
  pokerlookup outs AsKs QhQd --board "Js Ts 2h 3c" --json     # the river cards, as JSON
  pokerlookup outs "QQ+, AKs:0.5" JhTh --board "Js Ts 2h"     # a weighted range
  pokerlookup outs --game omaha-hilo "As 2s Kd Kh" "Qd Qc 4d 5c" --board "6s 7h 8d"
"""

_WIDTH = 100
"""Lines of cards wrap before this many characters."""


def register(subparsers: Any) -> None:
    """Add the ``outs`` subcommand to the ``pokerlookup`` parser.

    >>> from lookup.cli.main import build_parser
    >>> build_parser("outs").parse_args(["outs", "AsKs", "QhQd", "--board", "JsTs2h"]).board
    'JsTs2h'
    >>> build_parser("outs").parse_args(["outs", "AsKs", "QhQd"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    parser = subparsers.add_parser(
        "outs",
        help="the cards that put each player ahead on a flop or a turn",
        description=(
            "On a flop (3 board cards) or a turn (4), list for each player who is not alone\n"
            "ahead now the unseen cards after which they alone are best (outs) or tie for\n"
            "best (split outs, counted 1/2), with their exact equity after each card.\n"
            "Hi/lo games list high and low outs apart. With a range, each card shows its\n"
            "out-share: the weight of the range's deals in which it is an out."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="two cards (AsKs), a range in quotes ('QQ+, AKs:0.5'); with --game, that game's "
        "holding ('As Ah Ks Kh')",
    )
    parser.add_argument(
        "--board", required=True, help="the flop or the turn: 3 or 4 cards, e.g. 'Js Ts 2h'"
    )
    parser.add_argument("--dead", default="", help="cards out of play, e.g. 5s")
    parser.add_argument(
        "--game",
        default="holdem",
        metavar="NAME",
        help="a game with a board (default holdem): short-deck, omaha, omaha-hilo, ...",
    )
    parser.add_argument(
        "--rules",
        metavar="NAME|DIR",
        help="a ranking the game allows in place of its own (short-deck-triton, ...)",
    )
    parser.add_argument(
        "--exact-limit",
        type=whole(1),
        default=DEFAULT_EXACT_LIMIT,
        metavar="N",
        help=f"most showdowns each exact equity may enumerate (default {DEFAULT_EXACT_LIMIT:,})",
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="never show a progress bar on stderr"
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--ascii", action="store_true", help="suit letters, never symbols")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Find and print the outs; returns 0 (errors go to :func:`~lookup.cli.main.main`).

    >>> from lookup.cli.main import main
    >>> main(["outs", "As Ks", "Qh Qd", "--board", "Js Ts 2h 3c"])  # doctest: +NORMALIZE_WHITESPACE
    holdem, turn Js Ts 2h 3c: 44 unseen cards; after each card, the player's equity
    1. As Ks: 16 outs (equity now 36.36%)
       outs: Ah 100%  Ad 100%  Ac 100%  Kh 100%  Kd 100%  Kc 100%  Qs 100%  Qc 100%  9s 100%
             8s 100%  7s 100%  6s 100%  5s 100%  4s 100%  3s 100%  2s 100%
    2. Qh Qd: alone ahead now, no outs (equity now 63.64%)
    0
    >>> main(["outs", "As Ks", "Qh Qd", "--board", "Js Ts 2h 3c 4d"])  # one line on stderr
    2
    """
    result = outs(
        args.hands,
        args.board,
        game=args.game,
        dead=args.dead,
        rules=None if args.rules is None else ranking_of(args.rules),
        exact_limit=args.exact_limit,
        progress=not args.no_progress,
    )
    if args.json:
        print(json_line(result.to_json()))
    else:
        print(render(result, unicode=not args.ascii and stream_takes_unicode(sys.stdout)))
    return 0


def render(result: OutsResult, *, unicode: bool = False) -> str:
    """The outs as text: a line for the spot, then each player's outs, card by card.

    Each card is followed by the player's equity once it has come; with a range, by
    its out-share in brackets too (the weight of the deals in which it is an out).

    >>> print(render(outs(["QQ+:0.5, AKs", "Jh Th"], "Js Ts 2h")))
    holdem, flop Js Ts 2h: 47 unseen cards; after each card, the player's equity [out-share]
    1. QQ+:0.5, AKs: 5.31 outs, alone ahead now in 0% of deals (equity now 28.33%)
       outs: As 42.2% [0.12]  Ah 33% [0.12]  Ad 39.2% [0.12]  Ac 39.2% [0.12]  Ks 44.5% [0.12]
             Kh 35% [0.12]  Kd 41.8% [0.12]  Kc 41.8% [0.12]  Qs 65.9% [0.42]  Qh 50.9% [0.42]
             Qd 61.3% [0.42]  Qc 61.3% [0.42]  9s 33.5% [0.08]  8s 29.8% [0.08]  7s 28% [0.08]
             6s 28% [0.08]  5s 28% [0.08]  4s 28% [0.08]  3s 28% [0.08]  2s 74.8% [0.77]
             2d 71.2% [0.69]  2c 71.2% [0.69]
    2. Jh Th: alone ahead now, no outs (equity now 71.67%)
    """
    street = "turn" if result.street == "turn" else "flop"
    ranged = any(out.share != 1 for p in result for h in _halves(p) for out in _all(h[1]))
    ranged = ranged or any(h[1].ahead not in (0, 1) for p in result for h in _halves(p))
    legend = "the player's equity" + (" [out-share]" if ranged else "")
    lines = [
        f"{result.game}, {street} {_cards(result.board, unicode)}"
        + (f" (dead {_cards(result.dead, unicode)})" if result.dead else "")
        + f": {len(result.unseen)} unseen cards; after each card, {legend}"
    ]
    hole_cards = get_game(result.game).hole_cards
    for number, player in enumerate(result, start=1):
        halves = _halves(player)
        now = f"(equity now {float(player.equity):.2%})"
        held = holding_cards(player.hand, hole_cards)  # cards shown as cards, ranges as given
        hand = player.hand if held is None else _cards(held, unicode)
        if len(halves) == 1:
            lines.append(f"{number}. {hand}: {_summary(halves[0][1], ranged)} {now}")
            lines += _listing(halves[0][1], unicode, ranged, "   ")
        else:
            lines.append(f"{number}. {hand} {now}")
            for name, half in halves:
                lines.append(f"   {name}: {_summary(half, ranged)}")
                lines += _listing(half, unicode, ranged, "     ")
    return "\n".join(lines)


def _halves(player: PlayerOuts) -> list[tuple[str, Outs]]:
    if player.low is None:
        return [("outs", player.high)]
    return [("high", player.high), ("low", player.low)]


def _all(half: Outs) -> tuple[Any, ...]:
    return half.outs + half.split_outs


def _percent(value: Fraction) -> str:
    """An equity to one decimal, without a trailing .0: 93.2%, 100%."""
    return f"{float(value):.1%}".replace(".0%", "%")


def _number(value: Fraction) -> str:
    """A count as people write it: 16, 16.5, 12.33."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _summary(half: Outs, ranged: bool) -> str:
    if half.ahead == 1:
        return "alone ahead now, no outs"
    words = [f"{_number(half.count)} outs"]
    if half.split_outs:
        words[0] += (
            f" ({_number(sum((o.share for o in half.outs), Fraction(0)))} + "
            f"{_number(sum((o.share for o in half.split_outs), Fraction(0)))} split outs / 2)"
        )
    if ranged:
        words.append(f"alone ahead now in {float(half.ahead):.0%} of deals")
    return ", ".join(words)


def _cards(cards: Any, unicode: bool) -> str:
    return " ".join(format_card(card, unicode=unicode) for card in cards)


def _listing(half: Outs, unicode: bool, ranged: bool, indent: str) -> list[str]:
    lines = []
    for label, found in (("outs", half.outs), ("split outs", half.split_outs)):
        if not found:
            continue
        items = [
            f"{format_card(out.card, unicode=unicode)} {_percent(out.equity)}"
            + (f" [{float(out.share):.2f}]" if ranged else "")
            for out in found
        ]
        head = f"{indent}{label}: "
        line = head
        for item in items:
            if len(line) + len(item) > _WIDTH and line.strip():
                lines.append(line.rstrip())
                line = " " * len(head)
            line += item + "  "
        lines.append(line.rstrip())
    return lines
