"""``python -m tablegen strength``: generate a Hold'em hand-strength table on Dask.

Exit status: 0 when the table was written (or the requested blocks computed, or
``--check`` found it sound), 1 when ``--check`` finds a problem, 2 for bad arguments,
a missing Dask or an unreachable scheduler (one line on stderr), 130 on Ctrl-C
(finished blocks are kept; the same command resumes).
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

__all__ = ["strength_main"]


def strength_main(argv: list[str]) -> int:
    """Run the strength job; see the module doc."""
    parser = argparse.ArgumentParser(
        prog="python -m tablegen strength",
        description="Compute E[HS], E[HS^2] and the river-HS histogram against a random hand "
        "for every canonical Hold'em flop or turn situation, with Dask.",
        epilog="examples:\n"
        "  python -m tablegen strength --street flop --workers 2 --out build/strength\n"
        "  python -m tablegen strength --street flop --out build/strength --check",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", default="holdem", help="only holdem")
    parser.add_argument("--street", required=True, help="flop or turn")
    parser.add_argument("--scheduler", default=None, help="address of a running Dask scheduler")
    parser.add_argument(
        "--workers", type=int, default=None, help="LocalCluster worker processes (default: cores)"
    )
    parser.add_argument("--out", type=Path, required=True, help="table folder to write")
    parser.add_argument(
        "--work",
        type=Path,
        default=None,
        help="folder of finished blocks, kept between runs (default: build/strength-blocks)",
    )
    parser.add_argument("--check", action="store_true", help="verify the table in --out")
    parser.add_argument(
        "--boards", type=int, default=None, help="only the first N canonical boards (a slice)"
    )
    parser.add_argument("--block-size", type=int, default=None, help="canonical boards per task")
    parser.add_argument(
        "--max-blocks", type=int, default=None, help="compute at most this many blocks, then stop"
    )
    parser.add_argument(
        "--serial", action="store_true", help="compute in this process, without Dask"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    args = parser.parse_args(argv)
    work = args.work if args.work is not None else source_table_dir().parent / "build"
    work = work / "strength-blocks" if args.work is None else work
    problem = _argument_problem(args, work)
    if problem is not None:
        print(f"tablegen: {problem}", file=sys.stderr)
        return 2
    from tablegen.strength import (  # numpy and Dask: not for a refused argument or --help
        blocks_of,
        check_strength_table,
        run_strength_blocks,
        strength_table_bytes,
    )

    if args.check:
        problems = check_strength_table(args.out, args.street)
        for line in problems:
            print(f"tablegen: {line}; regenerate with python -m tablegen strength "
                  f"--street {args.street} --out {args.out}", file=sys.stderr)  # fmt: skip
        if not problems and not args.quiet:
            print(f"tablegen: {args.out / (args.street + '.msgpack')} is sound")
        return 1 if problems else 0
    blocks = blocks_of(args.street, args.block_size, args.boards)
    started = time.perf_counter()
    cpu_started = time.process_time()
    try:
        with Progress(
            f"{args.street} boards",
            sum(len(b) for b in blocks),
            unit="boards",
            enabled=not args.quiet,
        ) as bar:
            if args.serial:
                report = run_strength_blocks(
                    args.street, blocks, work, None, max_blocks=args.max_blocks,
                    on_block=bar.advance,
                )  # fmt: skip
            else:
                from tablegen.cluster import dask_client  # Dask: only for a cluster run

                with dask_client(args.scheduler, args.workers) as client:
                    report = run_strength_blocks(
                        args.street, blocks, work, client, max_blocks=args.max_blocks,
                        on_block=bar.advance,
                    )  # fmt: skip
    except PokerLookupError as exc:
        print(f"tablegen: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"tablegen: strength: cannot write a block in {work}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"tablegen: strength: interrupted; finished blocks are kept in {work}, "
              "run the same command again to resume", file=sys.stderr)  # fmt: skip
        return 130
    elapsed = time.perf_counter() - started
    if not args.quiet:
        print(
            f"tablegen: strength: {report.computed} of {report.blocks} blocks computed in "
            f"{elapsed:.1f}s (this process's CPU {time.process_time() - cpu_started:.1f}s); "
            f"work folder {work}"
        )
    if not report.complete:
        if not args.quiet:
            print("tablegen: strength: run again to compute the remaining blocks")
        return 0
    from tablegen.write import write_folder

    try:
        data = strength_table_bytes(args.street, blocks, work)
        write_folder(args.out, {f"{args.street}.msgpack": data})
    except PokerLookupError as exc:
        print(f"tablegen: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"tablegen: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"tablegen: strength: interrupted; {args.out} was left as it was", file=sys.stderr)
        return 130
    if not args.quiet:
        print(f"tablegen: strength: {len(data):,} B in {args.out / (args.street + '.msgpack')}")
    return 0


def _argument_problem(args: argparse.Namespace, work: Path) -> str | None:
    """What is wrong with the arguments, checked before any work; None if nothing."""
    if args.game != "holdem":
        return f"--game {args.game!r}: strength tables exist for holdem only"
    if args.street not in ("flop", "turn"):
        return f"--street {args.street!r}: give flop or turn"
    if args.boards is not None and args.boards < 1:
        return "--boards must be at least 1"
    if args.serial and (args.scheduler is not None or args.workers is not None):
        return "--serial computes in this process: it cannot be combined with --scheduler/--workers"
    if args.check:
        return None
    return cluster_problem(args, work, args.out)
