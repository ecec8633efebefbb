"""``python -m tablegen preflop``: generate the heads-up preflop equity table on Dask.

Exit status: 0 when the table was written (or the requested blocks computed),
2 for bad arguments, a missing Dask or an unreachable scheduler (one line on
stderr), 130 on Ctrl-C (finished blocks are kept; the same command resumes).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from lookup.core.errors import PokerLookupError
from lookup.core.progress import Progress
from lookup.core.tablefile import source_table_dir
from tablegen.cluster import cluster_problem

__all__ = ["preflop_main"]

DEFAULT_WORK = Path("build") / "preflop-blocks"


def preflop_main(argv: list[str]) -> int:
    """Run the preflop job; see the module doc."""
    parser = argparse.ArgumentParser(
        prog="python -m tablegen preflop",
        description="Compute the exact heads-up preflop equity table (47,008 matchups) with Dask.",
        epilog="examples:\n"
        "  python -m tablegen preflop                              # all cores of this machine\n"
        "  python -m tablegen preflop --scheduler tcp://head:8786  # an existing Dask cluster",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--scheduler", default=None, help="address of a running Dask scheduler")
    parser.add_argument(
        "--workers", type=int, default=None, help="LocalCluster worker processes (default: cores)"
    )
    parser.add_argument(
        "--work",
        type=Path,
        default=None,
        help="folder of finished blocks, kept between runs (default: build/preflop-blocks)",
    )
    parser.add_argument(
        "--out", type=Path, default=None, help="table folder to write (default: tables/preflop)"
    )
    parser.add_argument(
        "--max-blocks", type=int, default=None, help="compute at most this many blocks, then stop"
    )
    parser.add_argument(
        "--block-size",
        type=int,
        default=None,
        help="matchups per task (default 256: 184 tasks; use fewer for clusters of hundreds "
        "of cores; blocks from a run with another size are recomputed)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    args = parser.parse_args(argv)
    work = args.work if args.work is not None else source_table_dir().parent / DEFAULT_WORK
    out = args.out if args.out is not None else source_table_dir() / "preflop"
    # Every argument is checked before any work starts: one line, status 2.
    problem = cluster_problem(args, work, out)
    if problem is not None:
        print(f"tablegen: {problem}", file=sys.stderr)
        return 2

    from tablegen.cluster import dask_client  # Dask: only once the arguments are sound
    from tablegen.preflop import (  # numpy and Dask: not for a refused argument or --help
        BLOCK_SIZE,
        blocks_of,
        canonical_keys,
        check_block_paths,
        run_blocks,
    )

    try:
        keys = canonical_keys()
        blocks = blocks_of(keys, args.block_size or BLOCK_SIZE)
        check_block_paths(work, len(blocks))
    except PokerLookupError as exc:
        print(f"tablegen: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tablegen: preflop: interrupted before any block was computed", file=sys.stderr)
        return 130
    started = time.perf_counter()
    try:
        with (
            dask_client(args.scheduler, args.workers) as client,
            Progress("preflop matchups", len(keys), unit="matchups", enabled=not args.quiet) as bar,
        ):
            report = run_blocks(
                blocks, work, client, max_blocks=args.max_blocks, on_block=bar.advance
            )
    except PokerLookupError as exc:
        print(f"tablegen: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # the work folder: a full disk, a block path taken meanwhile
        print(f"tablegen: preflop: cannot write a block in {work}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Finished blocks are already on disk: say so, and that a rerun resumes.
        print(f"tablegen: preflop: interrupted; finished blocks are kept in {work}, "
              "run the same command again to resume", file=sys.stderr)  # fmt: skip
        return 130
    elapsed = time.perf_counter() - started
    if not args.quiet:
        print(
            f"tablegen: preflop: {report.computed} of {report.blocks} blocks computed "
            f"in {elapsed:.1f}s; work folder {work}"
        )
    if not report.complete:
        if not args.quiet:
            print("tablegen: preflop: run again to compute the remaining blocks")
        return 0
    from tablegen.preflop_table import write_preflop_tables  # only a finished job writes

    try:
        write_preflop_tables(blocks, work, out, quiet=args.quiet)
    except PokerLookupError as exc:
        print(f"tablegen: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"tablegen: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"tablegen: preflop: interrupted; {out} was left as it was", file=sys.stderr)
        return 130
    return 0
