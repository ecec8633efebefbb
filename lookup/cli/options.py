"""The ``argparse`` type of the commands' whole-number options, worded as the library words them.

A count (``--samples``, ``--seed``, ``--workers``, ``--bins``, ``--exact-limit``,
``--jobs``) that is not a whole number in its range is refused in
:func:`lookup.core.messages.whole_number`'s phrasing, behind argparse's
``argument --NAME:`` (one line, status 2), whatever the command.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from lookup.core.messages import whole_number

__all__ = ["whole"]


def whole(
    least: int, most: int | Callable[[], int] | None = None, note: str = ""
) -> Callable[[str], int]:
    """An argparse type that reads a whole number from ``least`` to ``most``.

    ``most``: None for no top, or a function giving it when the option is read (a count
    of CPUs); ``note``: said after the range.

    >>> whole(1)("12")
    12
    >>> whole(1)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 1 up, got 0
    >>> whole(0, lambda: 8, " (4 per CPU here)")("x")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 0 to 8 (4 per CPU here), got 'x'
    """

    def read(text: str) -> int:
        try:
            value: int | str = int(text)
        except ValueError:
            value = text
        top = most() if callable(most) else most
        problem = whole_number("", value, least, top, when=note)
        if problem is not None or not isinstance(value, int):
            raise argparse.ArgumentTypeError(str(problem).lstrip())
        return value

    return read
