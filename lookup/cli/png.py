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
from pathlib import Path
from typing import Any

from lookup.core.errors import PokerLookupError

__all__ = ["add_png_option", "png_path", "pyplot", "save_png"]


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


def bar_chart_png(
    groups: list[tuple[str, list[tuple[str, float]]]], title: str, path: Path
) -> None:
    """Draw horizontal bars of shares (0-1), in titled groups, top to bottom, to ``path``.

    ``groups``: ``(group title, [(label, share), ...])``, each group in its own colour
    and each bar labelled with its percentage (``breakdown --png``: made hands, draws).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> bar_chart_png([("made", [("set", 0.1)]), ("draws", [("gutshot", 0.25)])], "t",
    ...               folder / "b.png")
    >>> (folder / "b.png").read_bytes()[:4]
    b'\\x89PNG'
    >>> bar_chart_png([], "t", folder / "missing" / "b.png")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: cannot write --png .../missing/b.png: No such file or directory
    """
    plt = pyplot()
    colours = ("#2e7d32", "#1565c0", "#ef6c00", "#6a1b9a")
    labels: list[str] = []
    shares: list[float] = []
    bar_colours: list[str] = []
    for number, (_, rows) in enumerate(groups):
        for label, share in rows:
            labels.append(label)
            shares.append(share)
            bar_colours.append(colours[number % len(colours)])
    height = max(2.0, 0.32 * len(labels) + 1.2)
    figure, axes = plt.subplots(figsize=(8, height))
    places = list(range(len(labels)))[::-1]  # the first row at the top
    axes.barh(places, [100 * s for s in shares], color=bar_colours, height=0.7)
    axes.set_yticks(places, labels, fontsize=10)
    top = max([100 * s for s in shares], default=1.0)
    axes.set_xlim(0, top * 1.18 + 1)
    for place, share in zip(places, shares, strict=True):
        shown = f"{share:.1%}" if share >= 0.01 or not share else f"{share:.2%}"  # no "0.0%"
        axes.text(100 * share + top * 0.01, place, shown, va="center", fontsize=9)
    axes.set_xlabel("share of the range's weighted combos (%)")
    axes.set_title(title, fontsize=11)
    handles = [
        plt.Rectangle((0, 0), 1, 1, color=colours[n % len(colours)]) for n in range(len(groups))
    ]
    if groups:
        axes.legend(handles, [group for group, _ in groups], loc="best", fontsize=9)
    axes.spines[["top", "right"]].set_visible(False)
    try:
        save_png(figure, path)
    finally:
        plt.close(figure)
