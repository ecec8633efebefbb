"""Heads-up preflop equity by table lookup, against enumerating it (ours and poker-equity's).

Run from the repository root::

    python benchmarks/compare_preflop.py            # everything (the enumerations take a while)
    python benchmarks/compare_preflop.py --quick    # skip today's 400-pair range enumeration

Prints the time of each task and the ratios the issue asks for:

* fixed holdings, AsAh vs KsKh: :func:`lookup.odds.holdem.heads_up.heads_up` and
  :func:`lookup.equity` (which answers from the table) against poker-equity's
  exact enumeration of the same matchup (target: at least 1,000x faster);
* range against range, ``"QQ+, AKs"`` vs ``"JJ-99"`` (396 pairs of combos):
  :func:`lookup.odds.holdem.heads_up.range_vs_range` against the enumeration ``lookup.equity``
  did before the table (target: at least 100x faster). That enumeration is
  still what ``equity`` runs when a ``seed`` is given with ``exact=True`` (the
  table only answers when no seed asks for a reproducible sampled run), so it
  is timed that way.

poker-equity is skipped cleanly when it is not installed.

``--scaling N`` instead times the generator on a slice of ``N`` matchups with
a ``LocalCluster`` of 1 and then 2 workers (each warmed up first, so process
start-up is not counted) and prints the speed-up; it needs the ``cluster``
extra and skips cleanly without it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lookup.odds.front import equity
from lookup.odds.holdem.heads_up import heads_up, range_vs_range

HU = ["AsAh", "KsKh"]
RANGES = ["QQ+, AKs", "JJ-99"]


def best_time(task: Callable[[], Any], *, repeat: int, number: int) -> float:
    """Best over ``repeat`` runs of the mean seconds per call over ``number`` calls."""
    task()  # warm: tables loaded, caches filled
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for _ in range(number):
            task()
        best = min(best, (time.perf_counter() - started) / number)
    return best


def _poker_equity() -> Any:
    try:
        import poker_equity
    except ImportError:
        return None
    return poker_equity


def scaling(matchups: int) -> int:
    """Wall time of ``matchups`` matchups on 1 and 2 LocalCluster workers."""
    import tempfile

    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("scaling: dask.distributed not installed (pip install 'pokerlookup[cluster]')")
        return 0
    from tablegen.preflop import (
        block_counts,
        block_cpu_seconds,
        blocks_of,
        canonical_keys,
        run_blocks,
    )

    keys = canonical_keys()
    step = len(keys) // matchups
    chosen = list(keys[::step][:matchups])  # spread over the table: pairs, suited, offsuit
    blocks = blocks_of(chosen, max(1, matchups // 32))
    times = {}
    for workers in (1, 2):
        with (
            LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None) as c,
            Client(c) as client,
            tempfile.TemporaryDirectory() as work,
        ):
            client.run(block_counts, chosen[:2])  # every worker imports and loads its tables
            started = time.perf_counter()
            run_blocks(blocks, Path(work), client)
            times[workers] = time.perf_counter() - started
            cpu = sum(block_cpu_seconds(Path(work), i) for i in range(len(blocks)))
        print(f"{workers} worker(s): {matchups} matchups in {times[workers]:.2f} s wall, "
              f"{cpu:.2f} s worker CPU ({cpu / matchups * 1e3:.2f} ms a matchup)")  # fmt: skip
    print(f"speed-up from 1 to 2 workers: {times[1] / times[2]:.2f}x; load average now "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")  # fmt: skip
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the slow range enumeration")
    parser.add_argument(
        "--scaling", type=int, default=None, metavar="N", help="time the generator instead"
    )
    args = parser.parse_args()
    if args.scaling is not None:
        return scaling(args.scaling)

    rows: list[tuple[str, float]] = []
    lookup_time = best_time(lambda: heads_up("AsAh", "KsKh"), repeat=5, number=2000)
    rows.append(("fixed: lookup.odds.holdem.heads_up.heads_up", lookup_time))
    hook_time = best_time(lambda: equity(HU), repeat=5, number=500)
    rows.append(("fixed: lookup.equity (from the table)", hook_time))
    pe = _poker_equity()
    peer_time = None
    if pe is not None:
        peer_time = best_time(lambda: pe.exact_from_text("holdem", HU), repeat=3, number=1)
        rows.append(("fixed: poker-equity exact_from_text", peer_time))
    ranges_time = best_time(lambda: range_vs_range(*RANGES), repeat=5, number=20)
    rows.append(("ranges: lookup.odds.holdem.heads_up.range_vs_range", ranges_time))
    ranges_hook = best_time(lambda: equity(RANGES), repeat=5, number=20)
    rows.append(("ranges: lookup.equity (from the table)", ranges_hook))
    enumeration = None
    if not args.quick:
        # 678,072,384 deals, past the default exact_limit: raised, as the refusal says.
        enumeration = best_time(
            lambda: equity(RANGES, exact=True, seed=0, exact_limit=10**9), repeat=1, number=1
        )
        rows.append(("ranges: lookup.equity enumeration (before the table)", enumeration))

    width = max(len(name) for name, _ in rows)
    for name, seconds in rows:
        print(f"{name:<{width}}  {seconds * 1e6:14,.1f} us")
    if peer_time is not None:
        print(f"fixed holdings: heads_up is {peer_time / lookup_time:,.0f}x faster than "
              f"poker-equity, equity() {peer_time / hook_time:,.0f}x (target 1,000x)")  # fmt: skip
    else:
        print("fixed holdings: poker-equity not installed, no ratio")
    if enumeration is not None:
        print(f"ranges: range_vs_range is {enumeration / ranges_time:,.0f}x faster than the "
              f"enumeration, equity() {enumeration / ranges_hook:,.0f}x (target 100x)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
