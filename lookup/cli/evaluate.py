"""``pokerlookup eval``: what one hand is worth, and which five cards play."""

from __future__ import annotations

import argparse
import sys

from lookup.cli.format import (
    card_list,
    format_cards,
    hand_record,
    json_line,
    never_fail_to_encode,
    stream_takes_unicode,
)
from lookup.cli.rules import add_rules_option, ranking_of
from lookup.core.cards import Card, hand_cards, parse_cards
from lookup.core.errors import HandSizeError
from lookup.core.messages import count
from lookup.game.best_five import best_five, best_five_hilo
from lookup.ranking.value import CLASS_COUNT

# What only some runs need is imported where it is used: json for --json, the games
# (dataclasses, inspect) for --game. typing is the type checker's alone.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from lookup.ranking.describe import BestFive

__all__ = ["register", "run"]

MAX_HAND_CARDS: Final = 13
"""The most cards a hand may hold: ``lookup.game.showdown.MAX_HAND_CARDS`` (a test holds them
equal). Spelled here because importing the showdown module would cost ``eval`` a
third of its start-up for one number."""

EXAMPLES = """\
examples:
  pokerlookup eval As Kd 7h 7c 2s
  pokerlookup eval "10h 10d 4c 4s 10s"
  pokerlookup eval AsKd --board "7h 7c 2s 9d Jc"
  pokerlookup eval --json Ah Kh Qh Jh Th 9c 2d
  pokerlookup eval --rules deuce-to-seven 7c 5d 4h 3s 2c
  pokerlookup eval --rules badugi As 2d 3h 4c
  pokerlookup eval --game omaha-hilo "As 2s Kd Kh" --board "3c 4d 8h Kc 7s"
"""


def register(subparsers: Any) -> None:
    """Add the ``eval`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    parser = subparsers.add_parser(
        "eval",
        help="name a hand and show the five cards that play",
        # Wrapped by hand: the raw formatter keeps the example layout of the epilog.
        description=(
            f"Evaluate one hand of 5 to {MAX_HAND_CARDS} cards (the best five play), or hole "
            "cards plus\n--board, under a ranking (--rules; default standard). Prints the "
            "hand's name, its\ndescription, the cards that play and its class number "
            f"(1 = the best hand;\nstandard: 1 = royal flush ... {CLASS_COUNT} = 7-5-4-3-2; "
            "lower is stronger)."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "cards",
        nargs="+",
        metavar="CARD",
        help="cards such as As Kd 10h, separately or in one quoted string",
    )
    parser.add_argument("--board", metavar="CARDS", help="shared board cards, e.g. '7h 7c 2s'")
    add_rules_option(parser)
    parser.set_defaults(rules=None)  # None: standard, or with --game the game's own ranking
    parser.add_argument(
        "--game",
        metavar="NAME",
        help="the game (see `pokerlookup games`): CARDs are its hole cards; hi/lo prints both",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--ascii", action="store_true", help="suit letters, never symbols")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Evaluate ``args.cards`` (plus ``args.board``) and print the answer; returns 0.

    >>> from lookup.cli.main import main
    >>> main(["eval", "As Ks Qs Js Ts"])  # doctest: +ELLIPSIS
    name:        Royal Flush
    ...
    0
    >>> main(["eval", "As", "Ks"])  # too few cards: one line on stderr
    2
    """
    never_fail_to_encode(sys.stdout)
    if args.game is not None:
        return _run_game(args)
    ranking = ranking_of(args.rules or "standard")
    hole = parse_cards(" ".join(args.cards))
    board = parse_cards(args.board) if args.board is not None else ()
    hand_cards(hole, board)  # rejects a card both in the hand and on the board
    total = len(hole) + len(board)
    least = ranking.hand_size
    if not least <= total <= MAX_HAND_CARDS:
        given = f"got {count(len(hole), 'card')}" + (
            f" and {len(board)} on the board" if board else ""
        )
        raise HandSizeError(
            f"{given}: a {ranking.name} hand needs {least} to {MAX_HAND_CARDS} cards in all",
            total,
        )
    best = best_five(hole, board, rules=ranking)
    if args.json:
        print(json_line(_record(None, hole, board, best, None)))
        return 0
    _print_hand(best, unicode=not args.ascii and stream_takes_unicode(sys.stdout))
    return 0


def _run_game(args: argparse.Namespace) -> int:
    """``eval --game``: the hand(s) a player's hole cards make in a game, labelled as without.

    >>> from lookup.cli.main import main
    >>> main(["eval", "--game", "omaha-hilo", "As 2s Kd Kh", "--board", "3c 4d 8h Kc 7s",
    ...       "--ascii"])
    name:        Three of a Kind
    description: Three of a Kind, Kings, Eight-Seven
    plays:       Kd Kh Kc 8h 7s
    class:       1721 of 7462 (1 is a royal flush; lower is stronger)
    low:         Seven-Four low: 7-4-3-2-A
    low plays:   7s 4d 3c 2s As
    low class:   7 of 57 (1 is the best hand; lower is stronger)
    0
    >>> main(["eval", "--game", "razz", "As", "Ks"])
    2
    """
    from lookup.game.registry import get_game  # its dataclasses: only --game needs them

    rules = None if args.rules is None else ranking_of(args.rules)
    hole = " ".join(args.cards)
    low: BestFive | None = None
    if get_game(args.game).hilo:
        high, low = best_five_hilo(hole, args.board, game=args.game, rules=rules)
    else:
        high = best_five(hole, args.board, game=args.game, rules=rules)
    if args.json:
        board = () if args.board is None else parse_cards(args.board)
        print(json_line(_record(args.game, parse_cards(hole), board, high, low)))
        return 0
    unicode = not args.ascii and stream_takes_unicode(sys.stdout)
    _print_hand(high, unicode=unicode)
    if get_game(args.game).hilo:
        print(f"low:         {'No low' if low is None else low.rank.describe()}")
        if low is not None:
            print(f"low plays:   {_plays(low, unicode=unicode)}")
            print(f"low class:   {_class_line(low)}")
    return 0


def _record(
    game: str | None,
    hole: tuple[Card, ...],
    board: tuple[Card, ...],
    high: BestFive,
    low: BestFive | None,
) -> dict[str, Any]:
    """``eval --json``, one shape with or without --game (docs/schemas/eval.json)."""
    return {
        "game": game,
        "cards": card_list(hole),
        "board": card_list(board),
        **hand_record(high.rank, high.cards, high.rank.describe()),
        "low": None if low is None else hand_record(low.rank, low.cards, low.rank.describe()),
    }


def _print_hand(best: BestFive, *, unicode: bool) -> None:
    print(f"name:        {best.rank.name}")
    print(f"description: {best.rank.describe()}")
    print(f"plays:       {_plays(best, unicode=unicode)}")
    print(f"class:       {_class_line(best)}")


def _plays(best: BestFive, *, unicode: bool) -> str:
    if any(best.stand_ins):  # wild cards: say what each one stands for
        return " ".join(
            label if unicode else label.translate(_ASCII_SUITS) for label in best.labels
        )
    return format_cards(best.cards, unicode=unicode)


def _class_line(best: BestFive) -> str:
    ranking = best.rank.ranking
    top = "a royal flush" if ranking.name == "standard" else "the best hand"
    return f"{best.rank.class_number} of {ranking.class_count} (1 is {top}; lower is stronger)"


_ASCII_SUITS = str.maketrans("♣♦♥♠", "cdhs")
