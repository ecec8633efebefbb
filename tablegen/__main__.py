"""``python -m tablegen``: regenerate the lookup tables, or check that they are current.

Exit status: 0 when the tables were written (or, with ``--check``, are current);
1 when ``--check`` finds a missing or stale file (each named on stderr); 2 when
the output directory cannot be written.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from lookup.tables import source_table_dir
from tablegen.build import build_tables, five_card_census
from tablegen.rules import RULE_SETS


def _cannot_write(out: Path, exc: OSError) -> int:
    print(f"tablegen: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tablegen",
        description="Generate pokerlookup's lookup tables from the reference classifier.",
        epilog="examples:\n  python -m tablegen            # rewrite tables/\n"
        "  python -m tablegen --check    # exit 1 if tables/ is stale",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="directory to write (default: the checkout's tables/)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 if any file differs from what would be written",
    )
    parser.add_argument("--rules", choices=sorted(RULE_SETS), default="standard")
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    args = parser.parse_args(argv)

    out: Path = args.out if args.out is not None else source_table_dir()
    if not args.check:
        try:  # before the generation's 15 s, not after
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return _cannot_write(out, exc)
    rules = RULE_SETS[args.rules]
    started = time.perf_counter()
    census = five_card_census(rules, show_progress=not args.quiet)
    files = build_tables(rules, census, show_progress=not args.quiet)
    elapsed = time.perf_counter() - started

    if args.check:
        stale = [
            name
            for name, data in files.items()
            if not (out / name).is_file() or (out / name).read_bytes() != data
        ]
        for name in stale:
            state = "missing" if not (out / name).is_file() else "stale"
            print(f"tablegen: {out / name} is {state}; run `python -m tablegen`", file=sys.stderr)
        if not stale and not args.quiet:
            print(f"tablegen: {len(files)} tables in {out} are current ({elapsed:.1f}s)")
        return 1 if stale else 0

    try:
        for name, data in files.items():
            (out / name).write_bytes(data)
    except OSError as exc:
        return _cannot_write(out, exc)
    if not args.quiet:
        sizes = ", ".join(f"{name} {len(data):,} B" for name, data in files.items())
        print(f"tablegen: wrote {sizes} to {out} in {elapsed:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
