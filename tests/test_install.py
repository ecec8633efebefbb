"""A non-editable install works from any directory: the tables travel inside the wheel."""

from __future__ import annotations

import importlib
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Build from a copy of the tracked files only, so nothing stale (build/, caches,
    # untracked experiments) can slip into the wheel.
    source = tmp_path_factory.mktemp("source")
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    for name in filter(None, tracked):
        target = source / name.decode()
        if (ROOT / name.decode()).is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes((ROOT / name.decode()).read_bytes())
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(source), "-w", str(out)],
        check=True,
    )
    (built,) = out.glob("pokerlookup-*.whl")
    return built


def test_wheel_carries_exactly_the_tables_and_the_type_marker(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    tables = {n for n in names if n.startswith("lookup/_tables/") and n.endswith(".msgpack")}
    committed = {
        f"lookup/_tables/{p.relative_to(ROOT / 'tables').as_posix()}"
        for p in (ROOT / "tables").rglob("*.msgpack")
    }
    assert tables == committed
    assert "lookup/py.typed" in names
    assert not any(n.startswith("tests/") for n in names)


def test_installed_wheel_evaluates_from_another_directory(wheel: Path, tmp_path: Path) -> None:
    # A bare venv (not the base interpreter's site-packages, which may lack the
    # dependencies, nor the running one's, which holds the editable checkout):
    # the wheel goes into its site-packages, and a .pth file lends it the
    # running environment's copies of the runtime dependencies.
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    site = Path(
        subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    dependencies = {str(Path(importlib.import_module(name).__file__ or "").parent.parent)
                    for name in ("msgpack", "tqdm")}  # fmt: skip
    (site / "dependencies.pth").write_text("\n".join(sorted(dependencies)) + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
         "--target", str(site), str(wheel)],
        check=True,
    )  # fmt: skip
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = (
        "import lookup, lookup.core.tablefile as t;"
        "print(lookup.evaluate('As Ks Qs Js Ts').describe());"
        "print(lookup.evaluate('7c 5d 4h 3s 2c', rules='deuce-to-seven').describe());"
        "print(t.table_dir().parent.name, t.table_dir().name)"
    )
    result = subprocess.run(
        [python, "-c", script], cwd=elsewhere, capture_output=True, text=True, check=True
    )
    assert result.stdout.splitlines() == [
        "Royal Flush",
        "Number one: 7-5-4-3-2",
        "lookup _tables",
    ]
