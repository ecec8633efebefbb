"""The ``pokerlookup`` command: a thin shell over the library.

Each subcommand lives in its own module under :mod:`lookup.cli` and exposes
``register(subparsers)``, which adds its parser and sets ``run`` (a function
taking the parsed arguments and returning the exit status).

Exit status: 0 on success, 2 on bad input (one line on stderr, never a
traceback), 130 on Ctrl-C. Output to a closed pipe ends quietly; output that cannot
be written (a full disk) is an error like bad input: status 2, one line.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from lookup.core.errors import PokerLookupError
from lookup.core.interrupt import KeptInterrupt, command_started

TYPE_CHECKING = False  # typing is the type checker's alone: importing it costs start-up
if TYPE_CHECKING:
    from typing import NoReturn

    from _typeshed import SupportsWrite

__all__ = ["COMMANDS", "build_parser", "main"]

COMMANDS: tuple[str, ...] = (
    "evaluate",
    "showdown",
    "equity",
    "outs",
    "breakdown",
    "preflop",
    "strength",
    "census",
    "rules",
    "games",
)
"""Subcommand modules under lookup.cli, in the order ``--help`` lists them."""

_MODULE_OF: dict[str, str] = {"eval" if name == "evaluate" else name: name for name in COMMANDS}
"""Command name -> its module: a command line that names one imports only that module."""


EXAMPLES = """\
examples:
  pokerlookup eval As Kd 7h 7c 2s              # name a hand, show the five that play
  pokerlookup eval AsKd --board "7h 7c 2s"     # hole cards plus a board
  pokerlookup showdown players.txt             # winners of 'name, card, card, ...' lines
  pokerlookup showdown --verbose - < players.txt
  pokerlookup equity AsAh KsKh --board 2c7d9h  # win, tie and equity of each player
  pokerlookup equity "QQ+, AKs" JhTh           # ranges in quotes
  pokerlookup outs AsKs QhQd --board JsTs2h    # the cards that put each player ahead
  pokerlookup breakdown "QQ+, AK" --board "Ks 7h 2d"   # made hands and draws of a range
  pokerlookup preflop --vs "QQ+, AKs"          # 13x13 chart of exact preflop equity
  pokerlookup strength --board "Ks 7h 2d" --hand AsKd  # HS, PPOT, NPOT, E[HS], E[HS2]
  pokerlookup census 7 --jobs 2                # every 7-card hand, counted by category
  pokerlookup eval --rules deuce-to-seven 7c5d4h3s2c   # any ranking: see `pokerlookup rules`
  pokerlookup rules                            # the rankings, a line each
  pokerlookup games                            # the games (--game NAME), a line each
  pokerlookup showdown --game omaha --board "3c 4d 8h Kc 7s" omaha.txt   # four cards a line
  pokerlookup COMMAND --help                   # options of one command (--json, --ascii)
"""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr, exit status 2."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops write errors here: `--help > /dev/full` must fail, not exit 0.
        if message:
            (file or sys.stderr).write(message)

    def error(self, message: str) -> NoReturn:
        # An argument may hold a line break; the message must stay one line.
        one_line = message.replace("\r", "\\r").replace("\n", "\\n")
        self.exit(2, f"{self.prog}: error: {one_line}\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command-line parser; with ``command``, only that subcommand is registered.

    Registering one imports its module, and some import the whole library
    (equity, games, numpy-free but not free): ``pokerlookup eval`` should not
    pay for ``equity``. ``--help`` and unknown commands get every subcommand.

    >>> build_parser("eval").parse_args(["eval", "As"]).cards
    ['As']
    >>> build_parser("eval").parse_args(["rules"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    >>> build_parser().parse_args(["--version"])
    Traceback (most recent call last):
    ...
    SystemExit: 0
    """
    parser = _Parser(
        prog="pokerlookup",
        description="Evaluate poker hands from precomputed lookup tables.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"pokerlookup {_version()}"
    )  # the installed package's version, as `pip show pokerlookup` reports it
    subparsers = parser.add_subparsers(
        title="commands", dest="command", metavar="COMMAND", parser_class=_Parser
    )
    subparsers.required = True
    module = _MODULE_OF.get(command or "")
    for name in COMMANDS if module is None else (module,):
        importlib.import_module(f"lookup.cli.{name}").register(subparsers)
    return parser


def _version() -> str:
    """The package version (``lookup.__version__``, which pyproject.toml's version matches).

    >>> _version()
    '0.2.0'
    """
    import lookup  # the package's own __init__: already imported by whoever runs the CLI

    return lookup.__version__


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    try:
        command_started()  # from here Ctrl-C is a KeyboardInterrupt, reported below
        with KeptInterrupt():  # even one that an extension's import swallowed
            args = _parse(argv)
            status: int = args.run(args)
            sys.stdout.flush()  # a full disk shows here, inside the handlers, not at exit
    except PokerLookupError as exc:
        print(f"pokerlookup: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pokerlookup: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        _discard_stdout()
        return 0
    except OSError as exc:  # /dev/full, a full disk, EIO; commands name their own input files
        if exc.filename is None:
            _discard_stdout()
            problem = f"cannot write output: {exc.strerror or exc}"
        else:
            problem = f"{exc.filename}: {exc.strerror or exc}"
        print(f"pokerlookup: error: {problem}", file=sys.stderr)
        return 2
    return status


def _parse(argv: list[str]) -> argparse.Namespace:
    try:
        return build_parser(argv[0] if argv else None).parse_args(argv)
    except SystemExit as exc:
        if exc.code == 0:  # --help, printed: a full disk shows here, not lost at exit
            sys.stdout.flush()
        raise


def _discard_stdout() -> None:
    # Output still buffered would be flushed (and fail again, noisily) at exit.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
