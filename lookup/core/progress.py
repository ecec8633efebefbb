"""Progress for long runs (table generation, census, equity), on stderr, drawn by tqdm.

On a terminal, tqdm draws its bar (rate, ETA, resizing). Elsewhere (a pipe, a
file, a CI log) nothing is written at all: stderr stays for errors, one line
each, and logs are not flooded. ``enabled=False`` silences it on a terminal too.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any, Final, TextIO

__all__ = ["PROGRESS_AFTER", "LateProgress", "Progress"]

PROGRESS_AFTER: Final = 2.0
"""Seconds a run lasts before :class:`LateProgress` shows a bar."""


class Progress:
    """Count work done towards ``total`` units and show it.

    >>> import io
    >>> out = io.StringIO()  # not a terminal: counted, never drawn
    >>> with Progress("hands", 10, stream=out) as bar:
    ...     bar.advance(10)
    >>> bar.done, out.getvalue()
    (10, '')
    """

    def __init__(
        self, label: str, total: int, *, stream: TextIO | None = None, enabled: bool = True
    ) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self._bar: Any = None
        if enabled and _isatty(self.stream):
            from tqdm import tqdm  # only a terminal pays for importing it

            self._bar = tqdm(total=total, desc=label, file=self.stream, unit_scale=True, leave=True)

    def advance(self, units: int = 1) -> None:
        """Record ``units`` more units of work."""
        self.done += units
        if self._bar is not None:
            self._bar.update(units)

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            self._bar.close()


class LateProgress:
    """A progress bar that only appears once a run has lasted a couple of seconds."""

    def __init__(self, label: str, total: int, enabled: bool) -> None:
        self.label, self.total, self.enabled = label, total, enabled
        self.done = 0
        self.started = time.perf_counter()
        self.bar: Any = None

    def advance(self, units: int) -> None:
        self.done += units
        if self.bar is not None:
            self.bar.advance(units)
        elif self.enabled and time.perf_counter() - self.started > PROGRESS_AFTER:
            self.bar = Progress(self.label, self.total).__enter__()
            self.bar.started = self.started
            self.bar.advance(self.done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
