"""Progress for long runs (table generation, census, equity), on stderr, drawn by tqdm.

On a terminal, tqdm draws its bar (rate, ETA, resizing). Elsewhere (a pipe, a CI
log) nothing is drawn while the work runs, and one summary line is printed at
the end, so logs are not flooded. ``enabled=False`` silences it entirely.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any, TextIO

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
        self.started = time.perf_counter()
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
        elif self.enabled and exc_type is None:
            elapsed = time.perf_counter() - self.started
            self.stream.write(f"{self.label}: {self.done:,}/{self.total:,} in {elapsed:.1f}s\n")
            self.stream.flush()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
