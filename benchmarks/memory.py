"""What each ranking costs in memory once loaded: resident-set growth, in fresh processes.

Each figure is the growth of one fresh process's resident set (``VmRSS`` in
``/proc/self/status``) after ``import lookup``, across one evaluation: seven
cards (badugi: four), so the ranking's classes, flush and six/seven-card tables
(or its badugi or wild-card table) are read and its kernels built; the five-card
hash (``hash5``), which only five-card hands read, is not. That
is what a user pays, allocator and all, which a sum of ``sys.getsizeof`` would
miss. Three kinds of process:

* per ranking, with the table readers (msgpack, zlib, SHA-256)
  imported beforehand, so the figure is that ranking's own;
* the table readers alone: what the first ranking a process touches pays once
  on top (in the first figure of a real process, not in the per-ranking ones);
* every built-in ranking touched in one process, one evaluation each, after
  ``import lookup``: issue 20's "every ranking touched" (62-69 MB before, 20 MB after).

Children run the ``lookup`` this script imports. Linux only (``/proc``).

    python benchmarks/memory.py             # every ranking, best of 3 processes each
    python benchmarks/memory.py --quick     # one process per figure, standard alone
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import lookup
from lookup.core.rules import BUILTIN_RANKINGS
from lookup.core.tablefile import table_path

CHILD = """
import sys

def rss():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status")

import lookup

try:
    from lookup.core.tablefile import sha256_hex
except ImportError:  # a pokerlookup before 0.3 (issue 20) checksummed through hashlib

    def sha256_hex(data):
        import hashlib  # measured where the table readers are

        return hashlib.sha256(data).hexdigest()

def readers():
    # msgpack reads the tables; zlib: their CRC-32 (table format 3 on; SHA-256 before);
    # SHA-256: the rules' digest.
    import msgpack, zlib
    sha256_hex(b"")

mode, names = sys.argv[1], sys.argv[2:]
if mode == "own":  # the table readers first, outside the figure: the rankings' own cost
    readers()
before = rss()
if mode == "readers":  # the table readers alone
    readers()
for name in names:
    ranking = lookup.get_ranking(name)
    ranking.evaluate("As Kd 7h 4c" if ranking.hand_size == 4 else "As Kd Qh Jc Ts 9d 8c")
print(rss() - before)
"""
"""Prints the RSS growth in bytes; argv: ``own``, ``readers`` or ``all``, then ranking names."""


def _env() -> dict[str, str]:
    """The environment of a child: it imports the ``lookup`` this script imported."""
    root = str(Path(lookup.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    return env


def growth(mode: str, names: list[str], repeat: int) -> int:
    """The smallest RSS growth (bytes) over ``repeat`` fresh processes (see :data:`CHILD`)."""
    best = None
    for _ in range(repeat):
        done = subprocess.run(
            [sys.executable, "-c", CHILD, mode, *names],
            check=True,
            capture_output=True,
            text=True,
            env=_env(),
            cwd=Path.cwd().anchor,  # never a checkout's lookup from the current directory
        )
        value = int(done.stdout)
        best = value if best is None else min(best, value)
    assert best is not None
    return best


def on_disk(name: str) -> int:
    """Bytes of the ranking's table files."""
    folder = Path(table_path()) / name
    return sum(path.stat().st_size for path in folder.glob("*.msgpack"))


def _mb(size: int) -> str:
    return f"{size / 2**20:5.1f} MB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/memory.py", description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="processes per figure; the least")
    parser.add_argument("--quick", action="store_true", help="one process each, standard alone")
    args = parser.parse_args(argv)
    if not os.path.exists("/proc/self/status"):
        print("(no /proc/self/status: resident-set figures need Linux)")
        return 0
    repeat = 1 if args.quick else max(1, args.repeat)
    names = ["standard"] if args.quick else list(BUILTIN_RANKINGS)
    print(f"{'ranking':<20} {'RSS growth':>10} {'tables on disk':>15}")
    for name in names:
        own = growth("own", [name], repeat)
        print(f"{name:<20} {_mb(own):>10} {_mb(on_disk(name)):>15}", flush=True)
    readers = growth("readers", [], repeat)
    readers_are = "(msgpack, zlib, SHA-256: the first ranking)"
    print(f"{'table readers, once':<20} {_mb(readers):>10}   {readers_are}")
    every = growth("all", list(BUILTIN_RANKINGS), repeat)
    print(f"every ranking touched, one process, after import lookup: {_mb(every).strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
