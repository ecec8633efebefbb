"""Writing a generated table folder all or nothing (both generators use it)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

__all__ = ["write_folder"]


def write_folder(out: Path, files: dict[str, bytes]) -> None:
    """Write the folder all or nothing: a new folder beside the old, swapped in at the end.

    Every file is written into a temporary folder in the same parent; only when all
    are there does it take the old folder's place (two renames, the old one put
    back should the second fail), so an error or Ctrl-C leaves the old folder as
    it was. Files of the old folder that are not tables are carried over.
    """
    target = Path(os.path.realpath(out))  # a symlinked folder: swap what it points to
    target.parent.mkdir(parents=True, exist_ok=True)
    new = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
    old: Path | None = None
    try:
        for name, data in files.items():
            (new / name).write_bytes(data)
        if target.is_dir():
            shutil.copymode(target, new)
            for entry in target.iterdir():
                if entry.name not in files and entry.suffix != ".msgpack":
                    _carry_over(entry, new / entry.name)
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
            os.replace(target, old / target.name)
            try:
                os.replace(new, target)
            except BaseException:
                os.replace(old / target.name, target)  # put the old folder back
                raise
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(new, 0o777 & ~umask)  # mkdtemp's folder is private: make it a plain one
            os.replace(new, target)
    finally:
        shutil.rmtree(new, ignore_errors=True)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def _carry_over(entry: Path, destination: Path) -> None:
    if entry.is_dir() and not entry.is_symlink():
        shutil.copytree(entry, destination, symlinks=True)
    else:
        shutil.copy2(entry, destination, follow_symlinks=False)
