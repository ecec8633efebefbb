"""A non-editable install works from any directory: the tables travel inside the wheel."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import tomllib
import venv
import zipfile
from importlib import metadata
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
    # Not the running checkout through PYTHONPATH: the installed copy.
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [python, "-c", script], cwd=elsewhere, capture_output=True, text=True, check=True, env=clean
    )
    assert result.stdout.splitlines() == [
        "Royal Flush",
        "Number one: 7-5-4-3-2",
        "lookup _tables",
    ]


# --- the README's first command: `python -m pip install .`, no extras ---------------------------


def _required_distributions() -> list[str]:
    """The distributions pyproject's ``dependencies`` names: what a plain install brings."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [re.split(r"[<>=!~;\[ ]", spec, maxsplit=1)[0] for spec in project["dependencies"]]


@pytest.fixture(scope="module")
def plain_install(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv holding the wheel and exactly its required dependencies; returns its bin/.

    No network here, so the dependencies are lent from the running environment, but only
    those pyproject requires: a symlink per top-level package of each required
    distribution, in a folder a .pth file adds. Anything an extra would bring is absent.
    """
    root = tmp_path_factory.mktemp("plain")
    env_dir = root / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    site = Path(
        subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    )  # fmt: skip
    lent = root / "lent"
    lent.mkdir()
    for name in _required_distributions():
        found = metadata.distribution(name)
        tops = {f.parts[0] for f in found.files or () if f.parts[0] != ".."}
        for top in tops - {t for t in tops if t.endswith(".dist-info")}:
            (lent / top).symlink_to(Path(str(found.locate_file(top))))
    (site / "dependencies.pth").write_text(f"{lent}\n")
    # pip --python installs into that venv as its own pip would: the console script included.
    # Without PYTHONPATH: a checkout on it (PYTHONPATH=. pytest) shows pip its egg-info,
    # and pip then skips the wheel as installed already.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         "--no-index", str(wheel)],
        check=True, env=env,
    )  # fmt: skip
    return env_dir / "bin"


def _run_installed(bin_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.run(
        [str(bin_dir / args[0]), *args[1:]], cwd=cwd, capture_output=True, text=True,
        timeout=300, env=env,
    )  # fmt: skip


def test_the_readme_install_runs_equity_and_the_preflop_chart(
    plain_install: Path, tmp_path: Path
) -> None:
    assert "numpy" in _required_distributions()
    hidden = _run_installed(plain_install, "python", "-c", "import pytest", cwd=tmp_path)
    assert hidden.returncode != 0, "the test venv must hold only the required dependencies"
    done = _run_installed(
        plain_install, "pokerlookup", "equity", "AsAh", "KsKh", "--board", "2c7d9h", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert "91.62%" in done.stdout and "8.38%" in done.stdout
    chart = _run_installed(
        plain_install, "pokerlookup", "preflop", "--vs", "QQ+, AKs", cwd=tmp_path
    )
    assert chart.returncode == 0, chart.stderr
    assert len(chart.stdout.splitlines()) >= 13 and "Traceback" not in chart.stderr
    script = (
        "import lookup\n"
        "aces, kings = lookup.equity(['AsAh', 'KsKh'], board='2c7d9h')\n"
        "print(round(aces.equity, 4), aces.boards, lookup.__file__)\n"
    )
    library = _run_installed(plain_install, "python", "-c", script, cwd=tmp_path)
    assert library.returncode == 0, library.stderr
    equity, boards, where = library.stdout.split()
    assert (equity, boards) == ("0.9162", "990") and "site-packages" in where


def test_tablegen_check_after_install_checks_the_installed_tables(
    plain_install: Path, tmp_path: Path
) -> None:
    done = _run_installed(plain_install, "python", "-m", "tablegen", "--check", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    (line,) = done.stdout.splitlines()
    assert "installed tables" in line and f"{os.sep}lookup{os.sep}_tables" in line
    assert "site-packages" in line and "are current" in line


def test_tablegen_check_after_install_names_a_damaged_installed_table(
    plain_install: Path, tmp_path: Path
) -> None:
    where = _run_installed(
        plain_install, "python", "-c",
        "import lookup.core.tablefile as t; print(t.table_dir())", cwd=tmp_path,
    ).stdout.strip()  # fmt: skip
    damaged = Path(where) / "badugi" / "hash4.msgpack"
    original = damaged.read_bytes()
    damaged.write_bytes(original[:-1] + bytes([original[-1] ^ 1]))
    try:
        done = _run_installed(
            plain_install, "python", "-m", "tablegen", "--check", "--rules", "badugi",
            cwd=tmp_path,
        )  # fmt: skip
    finally:
        damaged.write_bytes(original)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [f"tablegen: {damaged} is stale; reinstall pokerlookup"]
