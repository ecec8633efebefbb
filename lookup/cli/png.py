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
