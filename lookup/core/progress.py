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
    r"""Count work done towards ``total`` units and show it, the rate in ``unit``\ s per second.

    ``label``: what the bar says; ``total``: the units of the whole run; ``unit``: what
    one unit is, plural (``hands``, ``showdowns``), so the rate reads ``1.2M hands/s``;
    ``stream``: where to draw (stderr); ``enabled``: False draws nothing;
    ``started``: the :func:`time.perf_counter` time the work began, when it began
    before the bar (so the first rate and ETA count the time already spent).

    >>> import io
    >>> out = io.StringIO()  # not a terminal: counted, never drawn
    >>> with Progress("census", 10, unit="hands", stream=out) as bar:
    ...     bar.advance(10, "s.e. 0.1%")
    >>> bar.done, bar.unit, bar.status, out.getvalue()
    (10, 'hands', 's.e. 0.1%', '')
    """

    def __init__(
        self,
        label: str,
        total: int,
        *,
        unit: str = "items",
        stream: TextIO | None = None,
        enabled: bool = True,
        started: float | None = None,
    ) -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.done = 0
        self.status: str | None = None
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self._bar: Any = None
        if enabled and _isatty(self.stream):
            from tqdm import tqdm  # only a terminal pays for importing it

            self._bar = tqdm(
                total=total,
                desc=label,
                file=self.stream,
                unit=f" {unit}",  # tqdm writes the scaled rate then the unit: "1.2M hands/s"
                unit_scale=True,
                leave=True,
            )
            if started is not None:
                # tqdm times with time.time: move its start back by the time already
                # spent, so the first frame's rate and ETA are not work/(a few µs).
                self._bar.start_t -= time.perf_counter() - started
                self._bar.last_print_t = self._bar.start_t

    def advance(self, units: int = 1, status: str | None = None) -> None:
        """Record ``units`` more units of work; ``status`` replaces the note after the rate.

        The note says how the run is going where the count alone cannot (a sampled
        equity's current standard error, ``s.e. 0.081%``).
        """
        self.done += units
        if status is not None:
            self.status = status
        if self._bar is not None:
            if status is not None:
                self._bar.set_postfix_str(status, refresh=False)
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
    """A progress bar that only appears once a run has lasted a couple of seconds.

    ``label``, ``total`` and ``unit`` as :class:`Progress`; ``enabled``: False never shows it.
    The bar counts from when this object was made, so its first rate and ETA are real.

    >>> late = LateProgress("equity (exact)", 10, False, unit="showdowns")
    >>> late.advance(4, "s.e. 0.2%"); late.close(); late.done, late.status, late.bar
    (4, 's.e. 0.2%', None)
    """

    def __init__(self, label: str, total: int, enabled: bool, *, unit: str = "items") -> None:
        self.label, self.total, self.enabled, self.unit = label, total, enabled, unit
        self.done = 0
        self.status: str | None = None
        self.started = time.perf_counter()
        self.bar: Any = None

    def advance(self, units: int, status: str | None = None) -> None:
        """Record ``units`` more units of work; ``status`` as :meth:`Progress.advance`."""
        self.done += units
        if status is not None:
            self.status = status
        if self.bar is not None:
            self.bar.advance(units, status)
        elif self.enabled and time.perf_counter() - self.started > PROGRESS_AFTER:
            self.bar = Progress(
                self.label, self.total, unit=self.unit, started=self.started
            ).__enter__()
            self.bar.advance(self.done, self.status)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
