"""``pokerlookup showdown``: read players from a file (or stdin) and print the winners."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from lookup.cli.format import (
    card_list,
    format_cards,
    hand_record,
    json_line,
    never_fail_to_encode,
    stream_takes_unicode,
)
from lookup.cli.rules import ranking_of
from lookup.core.errors import GameError, PokerLookupError, ShowdownError
from lookup.game.showdown import ShowdownResult
from lookup.game.showdown_file import read_showdown

__all__ = ["MAX_CHIP_DIGITS", "MAX_INPUT_BYTES", "parse_chips", "read_input", "register", "run"]

EXAMPLES = """\
input, one player a line (names may contain spaces; '#' starts a comment):
  Joe, 3H, 4H, 5H, 6H, 8H
  Bob, 3C, 3D, 3S, 8C, 10D
  Sally, AC, 10C, 5C, 2S, 2C

examples:
  pokerlookup showdown players.txt          # the winners, one per line
  pokerlookup showdown --verbose players.txt
  pokerlookup showdown --board "Ac Ad 7s 7c 2h" holdem.txt   # two hole cards a line
  printf 'Ann, As Ks Qs Js Ts\\nBob, 2c 3c 4c 5c 6c\\n' | pokerlookup showdown -
  pokerlookup showdown --game omaha-hilo --board "3c 4d 8h Kc 7s" omaha.txt  # 4 a line
  pokerlookup showdown --game razz --chips "Ann=100,Bob=40" razz.txt         # side pots
"""


def register(subparsers: Any) -> None:
    """Add the ``showdown`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    parser = subparsers.add_parser(
        "showdown",
        help="find the winners among several players",
        # Wrapped by hand: the raw formatter keeps the example layout of the epilog.
        description=(
            "Read one player a line, 'name, card, card, ...', and print the winners,\n"
            "one per line in input order (several on a split pot). Each player shows\n"
            "5 to 13 cards (the best five play), or exactly two hole cards with --board.\n"
            "With --game each line holds the game's hole cards (see `pokerlookup games`)."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file", nargs="?", default="-", metavar="FILE", help="players file; '-' or none: stdin"
    )
    parser.add_argument(
        "--board", metavar="CARDS", help="shared Hold'em board of 3-5 cards, e.g. 'Ac Ad 7s'"
    )
    parser.add_argument(
        "--game", metavar="NAME", help="the game (see `pokerlookup games`): cards, pot split"
    )
    parser.add_argument(
        "--rules",
        metavar="NAME|DIR",
        help="a ranking replacing the game's own, where the game allows it (with --game)",
    )
    parser.add_argument(
        "--chips",
        metavar="NAME=CHIPS,...",
        help="each player's chips in the pot (folded players too): settles side pots",
    )
    parser.add_argument(
        "--verbose", "-v", action="store_true", help="show every player's hand and description"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--ascii", action="store_true", help="suit letters, never symbols")
    parser.set_defaults(run=run)


MAX_INPUT_BYTES = 1 << 20
"""A showdown file's size limit: far above any table's players, far below a runaway read."""


def read_input(path: str) -> str:
    """The text of ``path`` (``'-'`` is stdin), decoded as UTF-8; bad input is a package error.

    >>> read_input("/nonexistent/players.txt")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: cannot read '/nonexistent/players.txt': No such file...
    """
    try:
        if path == "-":
            if sys.stdin is None:  # started with stdin closed (`<&-`)
                raise PokerLookupError("cannot read standard input: it is closed")
            if sys.stdin.isatty():  # someone typing: say why nothing happens yet
                print("reading players from the terminal; end with Ctrl-D", file=sys.stderr)
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as stream:
                data = stream.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise PokerLookupError(f"cannot read {path!r}: {exc.strerror or exc}") from exc
    if len(data) > MAX_INPUT_BYTES:  # /dev/zero, a wrong file: refuse rather than read forever
        raise PokerLookupError(
            f"{path!r} is larger than {MAX_INPUT_BYTES:,} bytes: a showdown file names "
            "each player once, a line each",
            path,
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        bad = data[exc.start : exc.end]
        raise PokerLookupError(
            f"line {line}: byte {bad!r} is not UTF-8 text: save the file as UTF-8"
        ) from exc


def run(args: argparse.Namespace) -> int:
    """Play the showdown in ``args.file`` and print it; returns 0.

    >>> import io, sys
    >>> from lookup.cli.main import main
    >>> saved_stdin = sys.stdin
    >>> sys.stdin = io.TextIOWrapper(io.BytesIO(b"Ann, As Ks Qs Js Ts\\nBob, 2c 3c 4c 5c 6c"))
    >>> main(["showdown", "-"])
    Ann
    0
    >>> sys.stdin = io.TextIOWrapper(io.BytesIO(b"Ann, As Ks Qs Js"))
    >>> main(["showdown"])
    2
    >>> sys.stdin = saved_stdin
    """
    never_fail_to_encode(sys.stdout)
    rules = None if args.rules is None else ranking_of(args.rules)
    if rules is not None and args.game is None:
        raise GameError("--rules needs --game (e.g. --game short-deck)", args.rules)
    chips = None if args.chips is None else parse_chips(args.chips)
    result = read_showdown(
        read_input(args.file), board=args.board, game=args.game, rules=rules, contributions=chips
    )
    if args.json:
        print(json_line(_record(result)))
    elif args.verbose:
        unicode = not args.ascii and stream_takes_unicode(sys.stdout)
        for line in _table(result, unicode=unicode):
            print(line)
    else:
        for name in result.winners:
            print(name)
    return 0


MAX_CHIP_DIGITS = 30
"""``--chips`` amounts have at most this many digits (a pot's total must print)."""


def parse_chips(text: str) -> dict[str, int]:
    """``--chips``: ``"Ann=100, Bob=40"`` -> ``{"Ann": 100, "Bob": 40}``.

    >>> parse_chips("Ann=100, Bob Lee=40")
    {'Ann': 100, 'Bob Lee': 40}
    >>> parse_chips("Ann=100, Bob")
    Traceback (most recent call last):
    ...
    lookup.ShowdownError: --chips: 'Bob' is not NAME=CHIPS (chips a whole number, 0 or more)
    >>> parse_chips("Ann=\u0663")
    Traceback (most recent call last):
    ...
    lookup.ShowdownError: --chips: 'Ann=٣': chips are written in the digits 0-9
    """
    chips: dict[str, int] = {}
    for item in text.split(","):
        name, equals, amount = item.partition("=")
        name, amount = name.strip(), amount.strip()
        if not equals or not name or not amount.isdigit() or name in chips:
            raise ShowdownError(
                f"--chips: {item.strip()!r} is not NAME=CHIPS (chips a whole number, 0 or more)"
                if name not in chips
                else f"--chips: {name!r} is given twice",
                item.strip(),
            )
        if not amount.isascii():  # isdigit() passes Arabic-Indic, fullwidth, superscript
            raise ShowdownError(
                f"--chips: {item.strip()!r}: chips are written in the digits 0-9", item.strip()
            )
        if len(amount) > MAX_CHIP_DIGITS:  # int() refuses 4,300+ digits; totals must print
            raise ShowdownError(
                f"--chips: {name!r} has {len(amount)} digits of chips, at most {MAX_CHIP_DIGITS}",
                item.strip(),
            )
        chips[name] = int(amount)
    return chips


def _record(result: ShowdownResult) -> dict[str, Any]:
    """``showdown --json``, one shape whatever the flags (docs/schemas/showdown.json)."""
    winners = set(result.winners)
    shares = result.shares
    return {
        "game": result.game,
        "board": card_list(result.board),
        "winners": list(result.winners),
        "high_winners": list(result.high_winners),
        "low_winners": list(result.low_winners) if result.hilo else None,
        "players": [
            {
                "name": player.name,
                "cards": card_list(player.cards),
                **hand_record(player.rank, player.best_five, player.description),
                "winner": player.name in winners,
                "share": str(shares[player.name]),
                "low": None
                if player.low is None
                else hand_record(player.low, player.low_five, player.low_description),
            }
            for player in result.players
        ],
        "pots": [
            {
                "amount": pot.amount,
                "eligible": list(pot.eligible),
                "high_winners": list(pot.high_winners),
                "low_winners": list(pot.low_winners),
                "chips": pot.chips,
            }
            for pot in result.pots
        ]
        or None,
        "chips_won": result.chips_won or None,
    }


def _table(result: ShowdownResult, *, unicode: bool) -> list[str]:
    """One line per player, winners starred, then who takes the pot."""
    winners = set(result.winners)
    held = [format_cards(player.cards, unicode=unicode) for player in result.players]
    name_width = max(len(player.name) for player in result.players)
    held_width = max(len(text) for text in held)
    lines = []
    if result.board:
        lines.append(f"board: {format_cards(result.board, unicode=unicode)}")
    for player, cards in zip(result.players, held, strict=True):
        mark = "*" if player.name in winners else " "
        plays = format_cards(player.best_five, unicode=unicode)
        if any(player.stand_ins):  # wild cards: say what each one stands for
            plays = " ".join(
                format_cards((card,), unicode=unicode)
                if stand_in is None
                else f"{card} as {format_cards((stand_in,), unicode=unicode)}"
                for card, stand_in in zip(player.best_five, player.stand_ins, strict=True)
            )
        line = (
            f"{mark} {player.name:<{name_width}}  {cards:<{held_width}}  "
            f"plays {plays}  {player.description}"
        )
        if result.hilo:
            low = format_cards(player.low_five, unicode=unicode) if player.low_five else "-"
            line += f"; low {low}  {player.low_description}"
        lines.append(line)
    if result.hilo:
        lines.append(f"high: {', '.join(result.high_winners)}")
        lines.append(f"low: {', '.join(result.low_winners) or 'none (high takes all)'}")
    label = "split pot" if result.is_split else "winner"
    lines.append(f"{label}: {', '.join(result.winners)}")
    if result.game is not None and result.is_split:
        shares = result.shares
        lines.append(
            "shares: "
            + ", ".join(f"{p.name} {shares[p.name]}" for p in result.players if shares[p.name])
        )
    for number, pot in enumerate(result.pots):
        label = "main pot" if number == 0 else f"side pot {number}"
        takes = ", ".join(f"{name} {chips}" for name, chips in pot.chips.items() if chips)
        lines.append(f"{label}: {pot.amount} chips: {takes}")
    return lines
