"""Collect ``bench_*.py`` here as test modules, so ``python -m pytest benchmarks`` finds them.

(The project's ``python_files`` pattern is pytest's default, ``test_*.py``; files
named on the command line are collected by pytest itself.)
"""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Module | None:
    if (
        file_path.suffix == ".py"
        and file_path.name.startswith("bench_")
        and not parent.session.isinitpath(file_path)
    ):
        return pytest.Module.from_parent(parent, path=file_path)
    return None
