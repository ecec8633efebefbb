"""Cold start: what a whole process costs to import pokerlookup and answer one hand.

Issue 10's targets: ``python -c "import lookup; lookup.evaluate('As Ks Qs Js Ts 2c 3d')"``
under 45 ms and ``pokerlookup eval`` on seven cards under 60 ms (Python itself
starts in about 12 ms on a quiet machine). Wall clock on a shared, loaded
machine is noisy, so each scenario is reported two ways:

* instructions, counted by ``valgrind --tool=callgrind`` (deterministic; ~7 M
  instructions per ms here), when valgrind is installed;
* the median wall-clock time of ``--runs`` whole-process runs.

``python -c pass`` is measured in the same run, as the floor every figure
sits on. Children run without ``PYTHONDONTWRITEBYTECODE`` (a warm-up run
writes the bytecode caches), as an installed package always has them:
compiling every module from source would triple the import cost. Children run
from the file system's root, so that ``-c`` never imports a checkout in the
current directory instead of the installed package; to measure another
checkout with the same interpreter, set ``PYTHONPATH`` to it.

``--per-call`` instead counts the instructions of one call on the warm paths
(five passes over 20,000 seeded hands, minus the same process without the
loop), to show that a faster start did not slow ``evaluate5/7`` or the checked
``evaluate``. Expect a few percent of drift between builds that do not touch
the kernels: each call allocates ints, and the allocator's state differs.

Run: ``python benchmarks/cold_start.py [--runs 31] [--no-callgrind] [--per-call]``.
Scenarios that need something missing (valgrind, the ``pokerlookup`` script)
are skipped with a note.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

SEVEN = "As Ks Qs Js Ts 2c 3d"
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONHASHSEED"] = "0"  # str hashes fixed: the same process counts the same each run


def _run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run a measured child: our environment, from the file system's root (see above)."""
    return subprocess.run(command, check=True, env=ENV, cwd=Path.cwd().anchor, **kwargs)


def scenarios(python: str) -> dict[str, list[str]]:
    """Name -> command line of each measured process."""
    script = Path(python).with_name("pokerlookup")
    found = {
        "python -c pass": [python, "-c", "pass"],
        "import lookup": [python, "-c", "import lookup"],
        "evaluate 5 cards": [python, "-c", "import lookup; lookup.evaluate('As Ks Qs Js Ts')"],
        "evaluate 7 cards": [python, "-c", f"import lookup; lookup.evaluate({SEVEN!r})"],
    }
    if script.exists():
        found["pokerlookup eval 7 cards"] = [str(script), "eval", *SEVEN.split()]
    return found


def instructions(command: list[str]) -> int | None:
    """Instructions the whole process executes, as callgrind counts them (None: no valgrind)."""
    if shutil.which("valgrind") is None:
        return None
    done = _run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
    )
    match = re.search(r"Collected : (\d+)", done.stderr)
    return int(match.group(1)) if match else None


def wall_median(command: list[str], runs: int) -> float:
    """Median wall-clock seconds of ``runs`` runs (after one warm-up run)."""
    _run(command, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        _run(command, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


PER_CALL_HANDS = 20_000
PER_CALL_SETUP = """
import random
import lookup
from lookup import DECK
from lookup.ranking.fast import evaluate5, evaluate7
rng = random.Random(2024)
five = [tuple(rng.sample(DECK, 5)) for _ in range({n})]
seven = [tuple(rng.sample(DECK, 7)) for _ in range({n})]
texts = [" ".join(map(str, hand)) for hand in five]
evaluate = lookup.evaluate
evaluate(five[0]); evaluate(seven[0]); evaluate7(*seven[0])
"""
PER_CALL_PASSES = 5
PER_CALL_LOOPS = {
    "evaluate5(*hand)": "for hand in five: evaluate5(*hand)",
    "evaluate7(*hand)": "for hand in seven: evaluate7(*hand)",
    "evaluate(5-card tuple)": "for hand in five: evaluate(hand)",
    "evaluate(7-card tuple)": "for hand in seven: evaluate(hand)",
    "evaluate('As Kd 7h 7c 2s')": "for text in texts: evaluate(text)",
}
"""Each loop runs PER_CALL_PASSES times over the hands."""


def per_call(python: str) -> None:
    """Instructions per call on each warm path, loop overhead included."""
    setup = PER_CALL_SETUP.format(n=PER_CALL_HANDS)
    floor = instructions([python, "-c", setup])
    if floor is None:
        print("(valgrind not installed: per-call counts need it)")
        return
    for name, loop in PER_CALL_LOOPS.items():
        passes = f"for _ in range({PER_CALL_PASSES}):\n    " + loop
        count = instructions([python, "-c", setup + passes])
        assert count is not None
        calls = PER_CALL_HANDS * PER_CALL_PASSES
        print(f"{name:<30} {(count - floor) / calls:>8,.0f} instructions/call")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=31, help="wall-clock runs per scenario")
    parser.add_argument("--no-callgrind", action="store_true", help="skip instruction counts")
    parser.add_argument("--python", default=sys.executable, help="interpreter to measure")
    parser.add_argument("--per-call", action="store_true", help="warm per-call counts instead")
    args = parser.parse_args()
    if args.per_call:
        per_call(args.python)
        return
    found = scenarios(args.python)
    if "pokerlookup eval 7 cards" not in found:
        print("(no pokerlookup script beside the interpreter: CLI scenario skipped)")
    if not args.no_callgrind and shutil.which("valgrind") is None:
        print("(valgrind not installed: instruction counts skipped)")
    print(f"{'scenario':<26} {'instructions':>14} {'wall median':>12}")
    for name, command in found.items():
        _run(command, capture_output=True)  # writes .pyc files
        count = None if args.no_callgrind else instructions(command)
        shown = "-" if count is None else f"{count / 1e6:,.1f} M"
        wall = wall_median(command, args.runs)
        print(f"{name:<26} {shown:>14} {wall * 1e3:>9.1f} ms", flush=True)


if __name__ == "__main__":
    main()
