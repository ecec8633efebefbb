"""Ctrl-C while a command is still starting: one line and status 130, no import traceback.

The commands report Ctrl-C themselves (:func:`lookup.cli.main.main` and
``python -m tablegen`` catch ``KeyboardInterrupt``), but only once they run: a
Ctrl-C in the ~30 ms the package takes to import came out as a traceback from
deep inside an import. So the first thing ``lookup/__init__.py`` does is import
this module, which calls :func:`guard_start`: when this process *is* one of the
commands (the ``pokerlookup`` script, ``python -m lookup`` or
``python -m tablegen``, whose package imports ``lookup`` first), Ctrl-C until
:func:`command_started` prints the command's one line and exits 130 at once
(nothing is written yet, so nothing is lost). A program that imports the library
keeps its own Ctrl-C handling: then neither function changes anything.

>>> import signal
>>> guard_start()  # a test run is not the command: Ctrl-C is left alone
>>> signal.getsignal(signal.SIGINT) is signal.default_int_handler
True
"""

from __future__ import annotations

# _signal, not signal: signal.py builds enums, milliseconds more before the guard is up.
import _signal  # type: ignore[import-not-found]  # no stubs: the C half of signal
import os
import sys

TYPE_CHECKING = False  # typing is the type checker's alone: this runs first of all
if TYPE_CHECKING:
    from types import FrameType

__all__ = ["KeptInterrupt", "command_module", "command_started", "guard_start", "is_the_command"]

MESSAGE = b"pokerlookup: interrupted\n"
"""The line ``pokerlookup`` prints on Ctrl-C, at any moment."""


def command_module(argv: list[str] | None = None, orig_argv: list[str] | None = None) -> str | None:
    """``"lookup"`` or ``"tablegen"`` when this process runs that command, else None.

    >>> command_module(["/venv/bin/pokerlookup", "eval"], ["python", "/venv/bin/pokerlookup"])
    'lookup'
    >>> command_module(["-m"], ["python3", "-X", "utf8", "-m", "lookup", "eval", "As"])
    'lookup'
    >>> command_module(["-m"], ["python3", "-m", "tablegen", "--check"])
    'tablegen'
    >>> command_module(["script.py"], ["python3", "script.py"]) is None
    True
    """
    argv = sys.argv if argv is None else argv
    orig_argv = getattr(sys, "orig_argv", []) if orig_argv is None else orig_argv
    if argv and os.path.basename(argv[0]) in ("pokerlookup", "pokerlookup.exe"):
        return "lookup"
    # `python -m PACKAGE`: the package imports while argv[0] is still "-m".
    if not argv or argv[0] != "-m":
        return None
    for at, word in enumerate(orig_argv):
        module = orig_argv[at + 1] if word == "-m" and at + 1 < len(orig_argv) else word[2:]
        if word.startswith("-m") and module in ("lookup", "tablegen"):
            return module
    return None


def is_the_command(argv: list[str] | None = None, orig_argv: list[str] | None = None) -> bool:
    """True when this process runs the ``pokerlookup`` command (``argv``: ``sys.argv``).

    >>> is_the_command(["-m"], ["python3", "-m", "tablegen"])
    False
    """
    return command_module(argv, orig_argv) == "lookup"


def _interrupted(signum: int, frame: FrameType | None) -> None:
    os.write(2, MESSAGE)
    os._exit(130)  # still importing: no output is pending, no handler of ours to run


def _tablegen_interrupted(signum: int, frame: FrameType | None) -> None:
    os.write(2, b"tablegen: interrupted\n")
    os._exit(130)  # still importing: nothing is being written yet


def guard_start() -> None:
    """When this process is a command, Ctrl-C exits with one line until it starts."""
    module = command_module()
    if module is None or _signal.getsignal(_signal.SIGINT) is not _signal.default_int_handler:
        return
    handler = _interrupted if module == "lookup" else _tablegen_interrupted
    try:  # noqa: SIM105 (contextlib costs an import here)
        _signal.signal(_signal.SIGINT, handler)
    except ValueError:  # not the main thread: not the command starting
        pass


def command_started() -> None:
    """The command runs and catches ``KeyboardInterrupt`` itself: Ctrl-C raises it again."""
    if _signal.getsignal(_signal.SIGINT) in (_interrupted, _tablegen_interrupted):
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)


class KeptInterrupt:
    """A block in which no Ctrl-C is lost: it raises ``KeyboardInterrupt`` as usual and,
    should code inside swallow that exception, raises it again when the block ends.

    Some C extensions run Python code while importing and discard any error it raises:
    Cython's first-import hook that registers its types with :mod:`collections.abc`
    does, so a Ctrl-C landing in numpy's lazy ``import numpy.random`` vanished and the
    command ran on. Only the default handler is replaced (a program's own is left
    alone), and only on the main thread, where handlers can be set.

    >>> with KeptInterrupt():
    ...     pass
    >>> _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler
    True
    """

    __slots__ = ("_previous", "_seen")

    def __init__(self) -> None:
        self._seen = False
        self._previous: object = None

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        self._seen = True
        raise KeyboardInterrupt

    def __enter__(self) -> KeptInterrupt:
        if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
            try:  # noqa: SIM105 (contextlib costs an import here)
                self._previous = _signal.signal(_signal.SIGINT, self._handler)
            except ValueError:  # not the main thread: no handler can be set
                pass
        return self

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        if self._previous is not None:
            _signal.signal(_signal.SIGINT, self._previous)
        if self._seen and kind is None:  # interrupted, and the exception was swallowed
            raise KeyboardInterrupt


guard_start()  # on import: lookup/__init__.py imports this module before anything else
