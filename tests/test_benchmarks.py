"""Every script in ``benchmarks/`` runs once on a tiny input, so none of them rots.

Each script runs in a fresh process of this interpreter, from the repository
root with this checkout first on the path and ``POKERLOOKUP_BENCH_QUICK=1`` in
the environment (the pytest-benchmark modules read it), on the smallest input
its options allow. Nothing here asserts a time: only that each script
finishes cleanly and prints its table, and that a peer this interpreter lacks
is skipped with a note instead of crashing the script (in the project's own
environment the peers are absent; in one with the ``peers`` extra they run).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"

# Script -> the argument lists it is run with, each a tiny input.
SCRIPTS: dict[str, list[list[str]]] = {
    "compare_speed.py": [["preflop", "small-exact", "--quick", "--repeat", "1"]],  # all: below
    "compare_peers.py": [["--hands", "200", "--repeat", "1"]],
    "compare_games.py": [["--hands", "200", "--repeat", "1"]],
    "compare_game_equity.py": [["--quick", "--repeat", "1", "--samples", "2000"]],
    "compare_rankings.py": [["--hands", "200", "--batch", "2000", "--repeat", "1"]],
    "compare_wild.py": [["--hands", "200", "--rows", "2000", "--rounds", "1"]],
    "compare_wild_games.py": [["--samples", "2000", "--rounds", "1"]],
    # --scaling starts two small Dask clusters; without the cluster extra it says so.
    "compare_preflop.py": [["--quick"], ["--scaling", "2"]],
    "cold_start.py": [["--runs", "1", "--no-callgrind"]],
    "bench_equity.py": [[]],  # also a pytest module, below
    "memory.py": [["--quick"]],
    "compare_showdown.py": [["--deals", "5", "--repeat", "2"]],
    "compare_outs.py": [["--spots", "2", "--repeat", "1"]],
    "compare_breakdown.py": [["--quick"]],
    "bench_strength.py": [["--repeat", "1", "--sample", "1"]],
    "compare_isomorphism.py": [["--rows", "2000", "--scalar", "200", "--repeat", "1"]],
}
PYTEST_MODULES = ["bench_batch.py", "bench_evaluate.py", "bench_equity.py"]
NOT_RUN = {"conftest.py"}  # pytest's own hook file

# Peer module -> the name compare_speed.py prints when it skips the peer.
PEERS = {
    "treys": "treys",
    "eval7": "eval7",
    "phevaluator": "phevaluator",
    "poker_equity": "poker-equity",
}


def _run(command: list[str], timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["POKERLOOKUP_BENCH_QUICK"] = "1"
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


def _check(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert done.stdout.strip(), f"printed nothing\n{done.stderr}"
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr


def test_every_script_is_run_here() -> None:
    """A new benchmark script must be added above, so that it too is run."""
    present = {path.name for path in BENCHMARKS.glob("*.py")} - NOT_RUN
    assert present - set(SCRIPTS) - set(PYTEST_MODULES) == set()


@pytest.fixture(scope="module")
def speed_rig() -> subprocess.CompletedProcess[str]:
    return _run([sys.executable, str(BENCHMARKS / "compare_speed.py"), "--quick", "--repeat", "2"])


@pytest.mark.parametrize(
    ("script", "args"),
    [(script, args) for script, runs in SCRIPTS.items() for args in runs],
    ids=[f"{script}:{' '.join(args)}" for script, runs in SCRIPTS.items() for args in runs],
)
def test_script_runs(script: str, args: list[str]) -> None:
    path = BENCHMARKS / script
    if not path.exists():
        pytest.skip(f"benchmarks/{script} is not in this checkout")
    _check(_run([sys.executable, str(path), *args]))


@pytest.mark.parametrize("module", PYTEST_MODULES)
def test_pytest_benchmark_module_runs(module: str) -> None:
    """Under pytest (benchmarks disabled, as by default) each benchmark runs once."""
    if importlib.util.find_spec("pytest_benchmark") is None:
        pytest.skip("pytest-benchmark is not installed here (the test extra has it)")
    done = _run([sys.executable, "-m", "pytest", "-q", str(BENCHMARKS / module)])
    assert done.returncode == 0, done.stdout + done.stderr


def test_speed_rig_prints_every_job(speed_rig: subprocess.CompletedProcess[str]) -> None:
    _check(speed_rig)
    for job in (
        "showdown, 6 players",
        "Omaha, first 1,000 calls, fresh",
        "exact heads-up, flop",
        "exact heads-up, turn",
        "sampled heads-up, fixed hands",
        "sampled hand vs range",
        "sampled three-way ranges",
        "preflop heads-up, fixed hands",
        "weighted exact flop",
        "weighted exact turn",
        "weighted exact turn, Range objects",
        "weighted 3-way sampled, 1 worker",
        "flat ranges, exact flop",
    ):
        assert job in speed_rig.stdout, job
    assert "memory" in speed_rig.stdout


@pytest.mark.parametrize("module", PEERS)
def test_speed_rig_skips_a_missing_peer_cleanly(
    speed_rig: subprocess.CompletedProcess[str], module: str
) -> None:
    """A peer this interpreter lacks is named as skipped; one it has is timed."""
    skipped = f"{PEERS[module]}: not installed, skipped"
    if importlib.util.find_spec(module) is None:
        assert skipped in speed_rig.stdout
    else:
        assert skipped not in speed_rig.stdout
        assert PEERS[module] in speed_rig.stdout.split("\nnote:")[0]  # a row of the table


def test_speed_rig_writes_every_run_as_json(tmp_path: Path) -> None:
    out = tmp_path / "runs.json"
    rig = [sys.executable, str(BENCHMARKS / "compare_speed.py")]
    done = _run([*rig, "preflop", "--quick", "--repeat", "2", "--json", str(out)])
    _check(done)
    written = json.loads(out.read_text())
    assert written["rows"] and written["notes"]
    for row in written["rows"]:
        assert len(row["ours"]) == 2
        assert len(row["peer"]) in (0, 2)
        assert row["job"] in done.stdout


def test_speed_rig_refuses_an_unknown_job() -> None:
    done = _run([sys.executable, str(BENCHMARKS / "compare_speed.py"), "shodown"])
    assert done.returncode == 2
    assert "unknown job 'shodown'" in done.stderr


def _reproduce_commands(page: Path) -> list[list[str]]:
    """The commands of the page's "Reproduce with" block, each split into words."""
    text = page.read_text(encoding="utf-8")
    block = text.split("Reproduce with:", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].split() for line in block.splitlines() if line.strip()]


@pytest.mark.parametrize("page", ["README.md", "docs/performance.md"])
def test_reproduce_commands_name_real_scripts_and_options(page: str) -> None:
    """Every "Reproduce with" command names a script that exists and options it takes."""
    commands = _reproduce_commands(ROOT / page)
    assert commands
    for words in commands:
        assert words[0] == "python", words
        if words[1:3] == ["-m", "pytest"]:
            assert (ROOT / words[3]).exists(), words
            continue
        script = ROOT / words[1]
        assert script.parent == BENCHMARKS and script.exists(), words
        assert script.name in SCRIPTS or script.name in PYTEST_MODULES, words
        options = [word for word in words[2:] if word.startswith("--")]
        if options:
            usage = _run([sys.executable, str(script), "--help"], timeout=60)
            assert usage.returncode == 0, usage.stderr
            for option in options:
                assert option in usage.stdout, (words, option)
