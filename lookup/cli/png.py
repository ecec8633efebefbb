"""The one writer behind every ``--png FILE`` option: checked names, whole files, one-line errors.

A chart command registers its option with :func:`add_png_option` (the name is
checked while the arguments are read, before any work) and writes its matplotlib
figure with :func:`save_png`. The rules, the same for every command:

* the name ends in ``.png`` (any case): PNG is the one format written, so a
  name never gets a suffix added (``--png DIR`` once wrote ``DIR.png``) and
  ``chart.xyz`` is refused rather than handed to matplotlib;
* an empty name and an existing directory are refused;
* the picture is made in memory and written in one go; a write that fails (a
  full disk, ``/dev/full``, a missing folder, no permission) is exit status 2
  with one line, and a file it created is removed rather than left half-written.

A hand-class grid (``pokerlookup preflop``, ``pokerlookup equity --by-class``) is
drawn by :func:`draw_grids`, the same way for both: one panel per grid, a colour
scale fitted to the values shown and labelled, each cell's class and value written
in black or white, whichever reads better on the cell's colour.

>>> png_path("chart.PNG")
PosixPath('chart.PNG')
>>> png_path("chart.xyz")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: 'chart.xyz' is not a .png file name (--png writes PNG only)
"""

from __future__ import annotations

import argparse
import io
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lookup.cli.grid import cell_of, class_grid, fitted_scale
from lookup.core.errors import PokerLookupError

__all__ = [
    "GridPanel", "add_png_option", "draw_grids", "png_path", "pyplot", "save_png", "text_colour",
]  # fmt: skip

GridPanel = tuple[str, str, Mapping[str, float]]
"""One panel of :func:`draw_grids`: its title, the grid's ranks (highest first) and each
class's value, a fraction (classes without one are left blank)."""

_PANELS_PER_ROW = 3


def png_path(text: str) -> Path:
    """``--png``'s argument as a path, or an ``ArgumentTypeError`` (one usage line, status 2).

    >>> png_path("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: an empty file name: give FILE.png
    >>> png_path("/")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '/' is a directory: give FILE.png
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty file name: give FILE.png")
    path = Path(text)
    if text.endswith(("/", os.sep)) or path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a directory: give FILE.png")
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a .png file name (--png writes PNG only)"
        )
    return path


def add_png_option(parser: argparse.ArgumentParser, what: str) -> None:
    """Add ``--png FILE`` to a chart command's ``parser``; ``what`` says what it draws."""
    parser.add_argument(
        "--png",
        type=png_path,
        default=None,
        metavar="FILE",
        help=f"also draw {what} to FILE, a .png (needs matplotlib: the plot extra)",
    )


def pyplot() -> Any:
    """``matplotlib.pyplot`` drawing to files only, or a package error naming the extra."""
    try:  # matplotlib is optional: the plot extra
        import matplotlib

        matplotlib.use("Agg")  # files only: never open a window
        import matplotlib.pyplot as plt  # after the backend is chosen
    except ImportError:
        raise PokerLookupError(
            "--png needs matplotlib: pip install 'pokerlookup[plot]'", "--png"
        ) from None
    return plt


def save_png(figure: Any, path: Path) -> None:
    """Write matplotlib ``figure`` to ``path`` as a PNG, whole, or raise a package error.

    >>> import tempfile
    >>> plt = pyplot()
    >>> figure = plt.figure(figsize=(1, 1))
    >>> folder = Path(tempfile.mkdtemp())
    >>> save_png(figure, folder / "a.png")
    >>> (folder / "a.png").read_bytes()[:4]
    b'\\x89PNG'
    >>> save_png(figure, folder / "missing" / "a.png")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: cannot write --png .../missing/a.png: No such file or directory
    >>> plt.close(figure)
    """
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=120, bbox_inches="tight")
    existed = os.path.lexists(path)
    try:
        # Written by us, not by savefig: its errors on close (a full disk) went unseen.
        with open(path, "wb") as stream:
            stream.write(buffer.getvalue())
    except OSError as exc:
        if not existed and path.is_file():  # a half-written file of ours helps nobody
            path.unlink(missing_ok=True)
        raise PokerLookupError(
            f"cannot write --png {path}: {exc.strerror or exc}", str(path)
        ) from None


def text_colour(rgba: Sequence[float]) -> str:
    """``"black"`` or ``"white"``, whichever contrasts more with the colour ``rgba``
    (WCAG relative luminance: black text from a luminance of about 0.18 up).

    >>> text_colour((1.0, 1.0, 0.75, 1.0)), text_colour((0.0, 0.41, 0.22, 1.0))
    ('black', 'white')
    """

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in rgba[:3])
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    # Contrast with black (L + 0.05) / 0.05 beats contrast with white 1.05 / (L + 0.05)
    # exactly when L > sqrt(1.05 * 0.05) - 0.05, about 0.179.
    return "black" if luminance > (1.05 * 0.05) ** 0.5 - 0.05 else "white"


def draw_grids(panels: Sequence[GridPanel], *, title: str, scale_label: str, path: Path) -> None:
    """Draw hand-class grids side by side and write them to ``path`` (:func:`save_png`).

    Every panel shares one colour scale, red to green, fitted to the values shown (so a
    narrow spread still reads) and labelled ``scale_label`` on its colour bar; each cell
    shows its class and its value in percent, in the text colour that contrasts best
    with the cell; a class without a value is a grey cell with its name in grey.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> draw_grids([("AA vs KK", "AK", {"AA": 0.8, "KK": 0.2})], title="t",
    ...            scale_label="equity, %", path=folder / "g.png")
    >>> (folder / "g.png").read_bytes()[:4]
    b'\\x89PNG'
    >>> draw_grids([("p", "AK", {"AKx": 0.5})], title="t", scale_label="%", path=folder / "h.png")
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: 'AKx' is not a hand class of the AK grid (AA, AKs, AKo, ...)
    """
    for _, ranks, values in panels:
        for name in values:
            cell_of(name, ranks)  # refused before any drawing: a name off the grid
    plt = pyplot()
    from matplotlib.colors import Normalize  # after pyplot(): matplotlib is optional

    low, high = fitted_scale(100 * v for _, _, values in panels for v in values.values())
    if high - low < 1.0:  # one value (or nearly): a scale a point wide still shows colour
        low, high = (low + high) / 2 - 0.5, (low + high) / 2 + 0.5
    norm = Normalize(vmin=low, vmax=high)
    cmap = plt.get_cmap("RdYlGn").with_extremes(bad="#ececec")
    columns = min(len(panels), _PANELS_PER_ROW)
    rows = -(-len(panels) // columns)
    size = max(len(ranks) for _, ranks, _ in panels) * 0.56  # inches per panel
    figure, grid_axes = plt.subplots(
        rows, columns, figsize=(size * columns + 1.4, size * rows + 1.0), squeeze=False,
        layout="constrained",  # room for the titles and the colour bar, no more
    )  # fmt: skip
    image = None
    for axes, (subtitle, ranks, values) in zip(grid_axes.flat, panels, strict=False):
        names = class_grid(ranks)
        shown = [[100 * values[n] if n in values else float("nan") for n in row] for row in names]
        image = axes.imshow(shown, cmap=cmap, norm=norm)
        axes.set_xticks(range(len(ranks)), list(ranks))
        axes.set_yticks(range(len(ranks)), list(ranks))
        axes.tick_params(length=0, labelsize=9, labeltop=True, labelbottom=False)
        axes.set_title(subtitle, fontsize=10)
        for r, row in enumerate(names):
            for c, name in enumerate(row):
                if name not in values:
                    axes.text(c, r, name, ha="center", va="center", fontsize=7, color="#a0a0a0")
                    continue
                ink = text_colour(cmap(norm(shown[r][c])))
                label = f"{name}\n{shown[r][c]:.1f}"
                axes.text(c, r, label, ha="center", va="center", fontsize=7.5, color=ink,
                          linespacing=1.1)  # fmt: skip
    for axes in list(grid_axes.flat)[len(panels) :]:
        axes.set_visible(False)  # the last row's empty places
    bar = figure.colorbar(image, ax=grid_axes.ravel().tolist(), shrink=0.8, pad=0.02)
    bar.set_label(scale_label, fontsize=10)
    # The scale's ends are the lowest and highest values shown: say so on the bar.
    ticks = [
        t for t in bar.get_ticks() if low + 0.06 * (high - low) < t < high - 0.06 * (high - low)
    ]
    bar.set_ticks(
        [low, *ticks, high], labels=[f"{low:.1f}", *(f"{t:g}" for t in ticks), f"{high:.1f}"]
    )
    figure.suptitle(title, fontsize=12)
    try:
        save_png(figure, path)
    finally:
        plt.close(figure)
