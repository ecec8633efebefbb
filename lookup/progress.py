"""A small progress bar for long runs (table generation, census, equity), on stderr.

On a terminal it redraws one line at most ten times a second; elsewhere (a pipe,
a CI log) it stays silent until the end and then prints one summary line, so logs
are not flooded. ``enabled=False`` silences it entirely.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """Count work done towards ``total`` units and show it.

    >>> import io
    >>> out = io.StringIO()
    >>> with Progress("hands", 10, stream=out) as bar:
    ...     bar.advance(10)
    >>> out.getvalue().startswith("hands: 10/10")
    True
    """

    def __init__(
        self, label: str, total: int, *, stream: TextIO | None = None, enabled: bool = True
    ) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.live = enabled and self.stream.isatty()
        self.started = time.perf_counter()
        self._last_draw = 0.0

    def advance(self, units: int = 1) -> None:
        """Record ``units`` more units of work."""
        self.done += units
        if self.live:
            now = time.perf_counter()
            if now - self._last_draw >= 0.1:
                self._last_draw = now
                self._draw(end="")

    def _draw(self, end: str) -> None:
        fraction = self.done / self.total if self.total else 1.0
        width = 30
        filled = int(width * min(fraction, 1.0))
        elapsed = time.perf_counter() - self.started
        text = (
            f"\r{self.label}: [{'#' * filled}{'.' * (width - filled)}] "
            f"{fraction:6.1%} {self.done:,}/{self.total:,} {elapsed:5.1f}s"
        )
        self.stream.write(text + end)
        self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if not self.enabled:
            return
        if self.live:
            self._draw(end="\n")
        elif exc_type is None:
            elapsed = time.perf_counter() - self.started
            self.stream.write(f"{self.label}: {self.done:,}/{self.total:,} in {elapsed:.1f}s\n")
            self.stream.flush()
