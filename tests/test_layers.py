"""The house in layers: the import contracts hold, and no layer reaches into another's privates.

The contracts themselves live in ``pyproject.toml`` (``[tool.importlinter]``):
the layer order, the generator kept off the runtime and the runtime off the
generator, no import cycle at any level, private modules kept private. This
test runs them, so a change that breaks one fails CI; ``lint-imports`` runs the
same check by hand and says which import broke it.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

import lookup

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("lookup", "tablegen")


def _modules() -> list[tuple[str, Path]]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found.append((name, path))
    return found


def _subpackage(module: str) -> str:
    """The layer a module belongs to: ``lookup.game`` for ``lookup.game.showdown``."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "lookup" else parts[0]


def test_the_import_contracts_hold() -> None:
    from importlinter.application.use_cases import lint_imports
    from importlinter.configuration import configure

    configure()  # what the lint-imports command does first: readers and printers
    cwd = os.getcwd()
    os.chdir(ROOT)  # import-linter reads the packages from the working directory
    try:
        kept = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_logo=True)
    finally:
        os.chdir(cwd)
    assert kept, "an import contract is broken: run `lint-imports` to see which import"


def _private_imports(module: str, path: Path) -> list[str]:
    """``from other.layer import _name`` statements of ``module`` (its own layer excepted)."""
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level or node.module is None:
            continue
        if not node.module.startswith(PACKAGES):
            continue
        if _subpackage(node.module) == _subpackage(module):
            continue
        for alias in node.names:
            if alias.name.startswith("_") and not alias.name.startswith("__"):
                found.append(
                    f"{os.path.relpath(path, ROOT)}:{node.lineno} {node.module}.{alias.name}"
                )
    return found


def test_no_layer_imports_another_layers_private_names() -> None:
    found = [hit for name, path in _modules() for hit in _private_imports(name, path)]
    assert found == []


def test_the_private_name_check_sees_a_private_import(tmp_path: Path) -> None:
    # The check above must be able to fail: a planted cross-layer private import is found.
    planted = tmp_path / "planted.py"
    planted.write_text("from lookup.batch.evaluate import _secret\n")
    hits = _private_imports("lookup.game.planted", planted)
    assert len(hits) == 1 and hits[0].endswith("lookup.batch.evaluate._secret")


def test_the_facade_is_small_and_every_name_is_listed_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text()
    # The bound grows only by a deliberate edit: 47 since lookup.Range, the value every
    # range input and the coming breakdown and strength features take (issue 21); 49 with
    # lookup.breakdown and lookup.outs, what hands and ranges hold on a board (issue 22;
    # their result types stay in lookup.board, reached through the calls); 52 with
    # lookup.strength, hand strength for bots and solvers, and lookup.Isomorphism, the
    # suit-isomorphism index they key their tables by, with its error (issue 23).
    assert len(lookup.__all__) <= 52
    missing = [name for name in lookup.__all__ if f"`{name}`" not in readme]
    assert missing == []


@pytest.mark.parametrize("name", lookup.__all__)
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(lookup, name) is not None


def _unexplained_function_imports(path: Path) -> list[str]:
    """Imports inside functions with no comment saying why (same line, or just above)."""
    lines = path.read_text().splitlines()
    found = []
    for node in ast.walk(ast.parse("\n".join(lines), str(path))):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for inner in ast.walk(node):
            if not isinstance(inner, (ast.Import, ast.ImportFrom)):
                continue
            row = inner.lineno - 1
            explained = "#" in lines[row]
            # Walk up over the imports (and a `try:`) of the same block to its comment.
            above = row - 1
            while not explained and above >= 0:
                text = lines[above].strip()
                if text.startswith("#") or (text.startswith(("try:", "if ")) and "#" in text):
                    explained = True
                elif text.startswith(("import ", "from ", "try:")) or not text:
                    above -= 1
                    continue
                break
            if not explained:
                found.append(f"{os.path.relpath(path, ROOT)}:{inner.lineno}")
    return found


def test_every_function_level_import_says_why() -> None:
    # Imports belong at the top; one inside a function keeps start-up light or an extra
    # (numpy, matplotlib) optional, and says which.
    found = [
        hit
        for name, path in _modules()
        if name.startswith("lookup")
        for hit in _unexplained_function_imports(path)
    ]
    assert found == []


def test_the_why_check_sees_an_unexplained_import(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("def f():\n    import json\n\n    return json\n")
    assert len(_unexplained_function_imports(planted)) == 1
