"""A non-editable install works from any directory: the tables travel inside the wheel."""

from __future__ import annotations

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
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False, system_site_packages=True)  # reuse msgpack
    python = env_dir / "bin" / "python"
    subprocess.run(
        [python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = (
        "import lookup, lookup.tables as t;"
        "print(lookup.evaluate('As Ks Qs Js Ts').describe());"
        "print(t.table_dir().parent.name, t.table_dir().name)"
    )
    result = subprocess.run(
        [python, "-c", script], cwd=elsewhere, capture_output=True, text=True, check=True
    )
    assert result.stdout.splitlines() == ["Royal Flush", "lookup _tables"]
