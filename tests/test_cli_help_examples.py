"""Every example that ``pokerlookup --help`` and each ``pokerlookup COMMAND --help`` shows runs.

The examples are read from the help text itself (so a new example is tested the
day it is written) and run by a shell in a temporary folder holding the files
they name: ``players.txt`` as the showdown help documents it, and one file per
game the examples use. An example naming a file this test does not know fails,
so that each new file gets its content here.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from lookup.cli.main import COMMANDS

ROOT = Path(__file__).resolve().parent.parent

FILES = {
    # As `pokerlookup showdown --help` documents the input: one player a line.
    "players.txt": (
        "Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3S, 8C, 10D\nSally, AC, 10C, 5C, 2S, 2C\n"
    ),
    "holdem.txt": "Ann, Ah Kd\nBob, Qs Qh\n",  # two hole cards a line
    "omaha.txt": "Ann, As 2s Kd Kh\nBob, Ad 2d Qs Qh\n",  # four a line
    "razz.txt": "Ann, Ah 2d 3c 4s 5h 9c Kd\nBob, 2h 3d 4c 6s 7h Qc Jd\n",  # seven a line
}
NAMES = ["eval" if name == "evaluate" else name for name in COMMANDS]


def _help(*command: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "lookup", *command, "--help"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def _examples(text: str) -> list[str]:
    """The command lines a help text shows: indented lines that run pokerlookup."""
    found = []
    for line in text.splitlines():
        if not line.startswith("  ") or "pokerlookup" not in line:
            continue
        command = line.strip()
        if not (command.startswith("pokerlookup ") or "| pokerlookup " in command):
            continue
        found.append(command)  # the shell that runs it skips the comment after it
    return found


def _all_examples() -> list[tuple[str, str]]:
    pages = {"pokerlookup --help": _help()}
    pages.update({f"pokerlookup {name} --help": _help(name) for name in NAMES})
    examples = []
    for page, text in pages.items():
        for example in _examples(text):
            if "COMMAND" in example:  # the placeholder: every command
                examples += [(page, example.replace("COMMAND", name)) for name in NAMES]
            else:
                examples.append((page, example))
    return examples


EXAMPLES = _all_examples()


def test_the_help_pages_show_examples() -> None:
    pages = {page for page, _ in EXAMPLES}
    assert {"pokerlookup --help", "pokerlookup eval --help", "pokerlookup showdown --help"} <= pages
    assert any("--game omaha" in example for _, example in EXAMPLES)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the example files and a ``pokerlookup`` on PATH that runs this checkout."""
    here = tmp_path_factory.mktemp("examples")
    for name, text in FILES.items():
        (here / name).write_text(text)
    bin_dir = here / "bin"
    bin_dir.mkdir()
    script = bin_dir / "pokerlookup"
    script.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m lookup "$@"\n')
    script.chmod(0o755)
    return here


@pytest.mark.parametrize(("page", "example"), EXAMPLES, ids=[e for _, e in EXAMPLES])
def test_each_help_example_runs(page: str, example: str, folder: Path) -> None:
    named = set(re.findall(r"[\w.-]+\.txt", example))
    assert named <= set(FILES), f"{page}: give this test the content of {named - set(FILES)}"
    env = dict(os.environ)
    env["PATH"] = f"{folder / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        ["sh", "-c", example], cwd=folder, capture_output=True, text=True, timeout=300, env=env
    )
    assert done.returncode == 0, f"{page}: {example}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    assert done.stdout.strip(), f"{page}: {example} printed nothing"
