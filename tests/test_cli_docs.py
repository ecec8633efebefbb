"""docs/cli.md and the README stay true: every command shown prints exactly what is shown.

The page holds input files (fenced blocks whose info string is ``text file=NAME``)
and terminal sessions (```` ```console ```` blocks: ``$ command`` lines, each
followed by its output). Each command runs in bash, in a scratch directory holding
those files, with ``pokerlookup`` on PATH and its stdout and stderr on a
pseudo-terminal -- the way a reader's shell runs it, suit symbols and all.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

import pytest

from tests.terminal import run_on_terminal

ROOT = Path(__file__).resolve().parent.parent
PAGES = (ROOT / "docs" / "cli.md", ROOT / "README.md", ROOT / "docs" / "equity.md")

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="runs the session on a Linux pseudo-terminal"
)

_FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def _blocks(page: Path = PAGES[0]) -> list[tuple[str, str]]:
    return [(info.strip(), body) for info, body in _FENCE.findall(page.read_text("utf-8"))]


def _files() -> dict[str, str]:
    files = {}
    for info, body in _blocks():
        match = re.fullmatch(r"text file=(\S+)", info)
        if match:
            files[match.group(1)] = body
    return files


def _session(page: Path = PAGES[0]) -> list[tuple[str, str]]:
    """(command, expected output) for every ``$`` line of every console block of ``page``."""
    steps: list[tuple[str, str]] = []
    for info, body in _blocks(page):
        if info != "console":
            continue
        for line in body.splitlines(keepends=True):
            if line.startswith("$ "):
                steps.append((line[2:].rstrip("\n"), ""))
            else:
                assert steps, f"output before any command in {page.name}: {line!r}"
                command, output = steps[-1]
                steps[-1] = (command, output + line)
    return steps


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the page's files, and a ``pokerlookup`` that runs this tree."""
    directory = tmp_path_factory.mktemp("session")
    for name, text in _files().items():
        (directory / name).write_text(text, "utf-8")
    bin_dir = directory / ".bin"
    bin_dir.mkdir()
    launcher = bin_dir / "pokerlookup"
    launcher.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m lookup "$@"\n')
    launcher.chmod(0o755)
    return directory


def _run_in_terminal(command: str, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(
        PATH=f"{cwd / '.bin'}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=str(ROOT),
        LC_ALL="C.UTF-8",
        COLUMNS="80",
    )
    _, output, _ = run_on_terminal(
        ["bash", "--noprofile", "--norc", "-c", command], cwd=cwd, env=env, stderr_too=True
    )
    return output


def test_page_has_files_and_a_session() -> None:
    assert {"players.txt", "holdem.txt"} <= set(_files())
    commands = [command for command, _ in _session()]
    assert any(c.startswith("pokerlookup eval ") for c in commands)
    assert "pokerlookup showdown players.txt" in commands


@pytest.mark.parametrize(
    ("command", "expected"),
    [step for page in PAGES for step in _session(page)],
    ids=lambda value: value[:60],
)
def test_command_prints_what_the_page_shows(command: str, expected: str, scratch: Path) -> None:
    assert _run_in_terminal(command, scratch) == expected


def test_readme_shows_a_session() -> None:
    assert any(c.startswith("pokerlookup ") for c, _ in _session(PAGES[1]))
