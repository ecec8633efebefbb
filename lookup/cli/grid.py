"""The hand-class grid players read, as text: coloured on a terminal, plain in a pipe.

Hold'em's 169 starting-hand classes sit on a 13x13 grid and short deck's 81 on a
9x9 one: ranks from the ace down along both axes, pairs on the diagonal, suited
hands above it (the row is the higher rank) and offsuit hands below it (the
column is the higher rank). ``pokerlookup preflop`` and ``pokerlookup equity
--by-class`` print it with these functions; :func:`lookup.cli.png.draw_grids`
draws the same layout as a picture.

On a terminal (and unless ``NO_COLOR`` is set or ``TERM`` is ``dumb``) each cell
is coloured from red (the lowest value shown) through yellow to green (the
highest): the scale is fitted to the values shown, so a narrow spread still
reads, and a line under the grid says which values the ends stand for.

>>> class_grid("AKQ")
[['AA', 'AKs', 'AQs'], ['AKo', 'KK', 'KQs'], ['AQo', 'KQo', 'QQ']]
>>> cell_of("KQs", "AKQ"), cell_of("KQo", "AKQ")
((1, 2), (2, 1))
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing is the type checker's alone: importing it costs start-up
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence
    from typing import TextIO

__all__ = [
    "HOLDEM_RANKS",
    "LEGEND",
    "SHORT_DECK_RANKS",
    "cell_of",
    "class_grid",
    "fits_grid",
    "fitted_scale",
    "grid_ranks",
    "render_class_list",
    "render_grid",
    "shade",
    "wants_colour",
]

HOLDEM_RANKS = "AKQJT98765432"
"""The ranks along both axes of Hold'em's 13x13 grid, highest first."""

SHORT_DECK_RANKS = "AKQJT9876"
"""The ranks along both axes of short deck's 9x9 grid, highest first."""

LEGEND = "pairs on the diagonal, suited hands above it, offsuit below"

_RESET = "\033[0m"


def grid_ranks(game: str) -> str | None:
    """The ranks of ``game``'s class grid, highest first; None for a game without one.

    >>> grid_ranks("holdem"), grid_ranks("short-deck"), grid_ranks("omaha")
    ('AKQJT98765432', 'AKQJT9876', None)
    """
    if game == "holdem":
        return HOLDEM_RANKS
    if game.startswith("short-deck"):
        return SHORT_DECK_RANKS
    return None


def class_grid(ranks: str) -> list[list[str]]:
    """The class in each cell of the grid on ``ranks`` (highest first), row by row.

    >>> class_grid("AK")
    [['AA', 'AKs'], ['AKo', 'KK']]
    """
    return [
        [
            high + high if row == column else
            f"{high}{low}s" if row < column else f"{low}{high}o"
            for column, low in enumerate(ranks)
        ]
        for row, high in enumerate(ranks)
    ]  # fmt: skip


def cell_of(name: str, ranks: str) -> tuple[int, int]:
    """The (row, column) of class ``name`` on the grid on ``ranks``, or a package error.

    >>> cell_of("AA", HOLDEM_RANKS), cell_of("72o", HOLDEM_RANKS)
    ((0, 0), (12, 7))
    >>> cell_of("AsKd", HOLDEM_RANKS)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: 'AsKd' is not a hand class of the AKQJT98765432 grid \
(AA, AKs, AKo, ...)
    """
    from lookup.core.errors import PokerLookupError  # the error path only: start-up stays lean

    pair = len(name) == 2 and name[0] == name[1]
    two = len(name) == 3 and name[0] != name[1] and name[2] in "so"
    if (pair or two) and name[0] in ranks and name[1] in ranks:
        high, low = ranks.index(name[0]), ranks.index(name[1])
        if high <= low:  # the higher rank first, as the classes are written
            return (high, low) if pair or name[2] == "s" else (low, high)
    raise PokerLookupError(
        f"{name!r} is not a hand class of the {ranks} grid (AA, AKs, AKo, ...)", name
    )


def fits_grid(names: Iterable[str], ranks: str) -> bool:
    """Whether every name is a class of the grid on ``ranks``.

    >>> fits_grid(["AKs", "22"], HOLDEM_RANKS), fits_grid(["AKs", "22"], SHORT_DECK_RANKS)
    (True, False)
    """
    try:
        for name in names:
            cell_of(name, ranks)
    except ValueError:
        return False
    return True


def wants_colour(stream: TextIO) -> bool:
    """Colour only for a terminal that shows it: ``stream`` a tty, ``NO_COLOR`` unset or
    empty (https://no-color.org), ``TERM`` not ``dumb``.

    >>> import io
    >>> wants_colour(io.StringIO())  # a pipe, a file, a test's capture
    False
    """
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def fitted_scale(values: Iterable[float]) -> tuple[float, float]:
    """The ends of a colour scale fitted to ``values``: their lowest and highest.

    >>> fitted_scale([0.4, 0.55, 0.5]), fitted_scale([])
    ((0.4, 0.55), (0.0, 1.0))
    """
    shown = list(values)
    return (min(shown), max(shown)) if shown else (0.0, 1.0)


def shade(value: float, low: float, high: float) -> str:
    """An ANSI 256-colour background, red at ``low``, yellow midway, green at ``high``,
    with black text (readable on every colour of that scale).

    >>> shade(0.3, 0.3, 0.8), shade(0.8, 0.3, 0.8), shade(0.5, 0.5, 0.5)
    ('\\x1b[30;48;5;196m', '\\x1b[30;48;5;46m', '\\x1b[30;48;5;226m')
    """
    level = 0.5 if high <= low else min(max((value - low) / (high - low), 0.0), 1.0)
    red = 5 if level <= 0.5 else round(5 * (1 - level) * 2)
    green = round(5 * level * 2) if level < 0.5 else 5
    return f"\033[30;48;5;{16 + 36 * red + 6 * green}m"


def _scale_line(low: float, high: float) -> str:
    """The key of a coloured grid: the values the scale's ends and middle stand for."""
    marks = [(low, "red"), ((low + high) / 2, "yellow"), (high, "green")]
    shown = "  ".join(
        f"{shade(value, low, high)} {100 * value:.1f}% {_RESET} {word}" for value, word in marks
    )
    return f"colour scale, fitted to the values shown: {shown}"


def render_grid(
    values: Mapping[str, float],
    ranks: str,
    *,
    colour: bool,
    missing: str = ".",
) -> list[str]:
    """The grid's lines: a header of ranks, then one row per rank; each cell is its
    class's value (a fraction) in percent with one decimal, ``missing`` where the class
    has none. Coloured (``colour``), the cells are shaded on a scale fitted to the values
    and a last line keys the scale.

    >>> print("\\n".join(render_grid({"AA": 0.85, "AKo": 0.6542}, "AK", colour=False)))
          A    K
    A  85.0    .
    K  65.4    .
    >>> render_grid({"AKx": 0.5}, "AK", colour=False)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: 'AKx' is not a hand class of the AK grid (AA, AKs, AKo, ...)
    """
    for name in values:
        cell_of(name, ranks)  # a name off the grid would silently vanish
    low, high = fitted_scale(values.values())
    lines = ["  " + "".join(f"{r:>5}" for r in ranks)]
    for rank, row in zip(ranks, class_grid(ranks), strict=True):
        cells = []
        for name in row:
            if name not in values:
                cells.append(f"{missing:>5}")
                continue
            text = f"{100 * values[name]:5.1f}"
            cells.append(f"{shade(values[name], low, high)}{text}{_RESET}" if colour else text)
        lines.append(rank + " " + "".join(cells))
    if colour and values:
        lines.append(_scale_line(low, high))
    return lines


def render_class_list(
    rows: Sequence[tuple[str, float, float, float | None]], *, colour: bool
) -> list[str]:
    """Classes that make no grid (Omaha's), a line each: class, probability, equity
    (and its standard error when given), the equity coloured like a grid cell.

    >>> print("\\n".join(render_class_list([("AAxx", 1.0, 0.61234, None)], colour=False)))
    class  probability  equity
    AAxx       100.00%  61.23%
    >>> render_class_list([], colour=False)
    ['class  probability  equity']
    """
    sampled = any(error is not None for *_, error in rows)
    header = ["class", "probability", "equity", *(["± s.e."] if sampled else [])]
    table = [
        [
            name, f"{probability:.2%}", f"{equity:.2%}",
            *([f"{error or 0.0:.2%}"] if sampled else []),
        ]
        for name, probability, equity, error in rows
    ]  # fmt: skip
    widths = [max(len(r[i]) for r in [header, *table]) for i in range(len(header))]
    low, high = fitted_scale(equity for _, _, equity, _ in rows)

    def line(cells: list[str], equity: float | None) -> str:
        out = [cells[0].ljust(widths[0])]
        for i, (cell, width) in enumerate(zip(cells[1:], widths[1:], strict=True), start=1):
            text = cell.rjust(width)
            if i == 2 and colour and equity is not None:
                text = f"{shade(equity, low, high)}{text}{_RESET}"
            out.append(text)
        return "  ".join(out).rstrip()

    lines = [line(header, None)]
    lines += [line(cells, row[2]) for cells, row in zip(table, rows, strict=True)]
    if colour and rows:
        lines.append(_scale_line(low, high))
    return lines
