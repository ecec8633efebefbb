"""Running a table generator on Dask, shared by ``python -m tablegen preflop`` and ``strength``.

A job's cluster arguments are checked before any work (:func:`cluster_problem`: one
line, status 2); :func:`dask_client` starts a ``LocalCluster`` (one single-threaded
worker process per core by default, Ctrl-C left to this process) or connects to a
running scheduler; :func:`keep_freed_memory` is what every task calls first.
"""

from __future__ import annotations

import argparse
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, Final

from lookup.core.errors import PokerLookupError

__all__ = [
    "CONNECT_TIMEOUT",
    "MAX_WORKERS_PER_CORE",
    "cluster_problem",
    "dask_client",
    "keep_freed_memory",
]

CONNECT_TIMEOUT: Final = "10s"
"""How long to wait for a ``--scheduler`` before giving up."""


MAX_WORKERS_PER_CORE: Final = 4
"""``--workers`` is at most this many times the machine's cores: past that, processes only
compete (and thousands exhaust file descriptors instead of finishing)."""


def cluster_problem(args: argparse.Namespace, work: Path, out: Path) -> str | None:
    """What is wrong with a Dask job's arguments, checked before any work; None if nothing.

    ``args`` has ``workers``, ``block_size``, ``max_blocks`` and ``scheduler``; ``work``
    is the folder of finished blocks, ``out`` the table folder: both must be writable.

    >>> from argparse import Namespace
    >>> ask = Namespace(workers=0, block_size=None, max_blocks=None, scheduler=None)
    >>> cluster_problem(ask, Path("."), Path("."))
    '--workers must be at least 1'
    """
    for option, value in (("--workers", args.workers), ("--block-size", args.block_size)):
        if value is not None and value < 1:
            return f"{option} must be at least 1"
    most = MAX_WORKERS_PER_CORE * (os.cpu_count() or 1)
    if args.workers is not None and args.workers > most:
        return (
            f"--workers {args.workers} is more than {most} ({MAX_WORKERS_PER_CORE} per core "
            "of this machine): use at most that many, or a Dask cluster with --scheduler"
        )
    if args.max_blocks is not None and args.max_blocks < 0:
        return f"--max-blocks must be 0 or more, got {args.max_blocks}"
    if args.scheduler is not None:
        problem = _scheduler_problem(args.scheduler)
        if problem is not None:
            return problem
        if args.workers is not None:
            return "--workers starts a local cluster: it cannot be combined with --scheduler"
    for option, folder in (("--work", work), ("--out", out)):
        problem = _folder_problem(folder)
        if problem is not None:
            return f"{option} {folder}: {problem}"
    return None


def _scheduler_problem(address: str) -> str | None:
    try:
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        return "generating this table needs Dask: pip install 'pokerlookup[cluster]'"
    try:
        parse_host_port(parse_address(address)[1])
    except (ValueError, TypeError) as exc:
        return (
            f"--scheduler {address!r} is not a Dask scheduler address ({exc}): "
            "give one such as tcp://host:8786"
        )
    return None


def _folder_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot be written (created if missing), or None."""
    probe = folder
    while not probe.exists():
        if probe.is_symlink():
            return "is a dangling symlink"
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        return f"{probe} is not a folder" if probe != folder else "is not a folder"
    if not os.access(probe, os.W_OK | os.X_OK):
        return f"{probe} is not writable" if probe != folder else "is not writable"
    return None


@cache
def keep_freed_memory() -> bool:
    """Let glibc's malloc keep and reuse freed memory in this process; False if not glibc.

    Dask's nanny starts workers with ``MALLOC_TRIM_THRESHOLD_=65536``, which
    also pins glibc's mmap threshold at 128 KB: every mid-sized array of the
    kernel then comes from a fresh ``mmap`` and is paid for in page faults
    (measured here: 9.8 ms a matchup instead of 3.9). Raising both thresholds
    at run time undoes that for this process, whatever cluster started it.

    >>> keep_freed_memory() in (True, False)
    True
    """
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc (macOS, musl without mallopt)
        return False
    m_trim_threshold, m_mmap_threshold = -1, -3  # from glibc's <malloc.h>
    return bool(mallopt(m_mmap_threshold, 64 << 20) and mallopt(m_trim_threshold, 256 << 20))


@contextmanager
def dask_client(scheduler: str | None, workers: int | None) -> Iterator[Any]:
    """A ``distributed.Client``: of a new LocalCluster, or connected to ``scheduler``."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise PokerLookupError(
            "generating this table needs Dask: pip install 'pokerlookup[cluster]'"
        ) from None
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
        except (OSError, ValueError, TypeError) as exc:  # unreachable, or not an address
            raise PokerLookupError(f"cannot reach the Dask scheduler {scheduler}: {exc}") from None
        with client:
            yield client
        return
    count = workers if workers is not None else os.cpu_count() or 1
    # One single-threaded process per core: the kernel is numpy on small arrays,
    # which holds the GIL most of the time, so threads would not run in parallel.
    with _workers_ignore_ctrl_c(), warnings.catch_warnings():
        # The scheduler's HTTP port: with another cluster on 8787 Dask takes a free one and
        # says so on stderr; that is no news for the user (the command's stderr is one line).
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=count, threads_per_worker=1, processes=True, dashboard_address=None
        )

    import logging  # only a local cluster needs it

    # After Ctrl-C the shutdown's news (keys the scheduler can no longer gather,
    # workers it can no longer reach) is not the user's: silenced until it is closed.
    # tornado.application logs a failed callback's traceback at ERROR: silenced too.
    names = (
        "distributed",
        "distributed.client",
        "distributed.scheduler",
        "distributed.nanny",
        "distributed.core",
        "distributed.comm",
        "distributed.worker",
        "distributed.batched",
        "tornado",
        "tornado.application",
        "asyncio",
    )
    levels = {name: logging.getLogger(name).level for name in names}
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        try:
            yield client
        except KeyboardInterrupt:
            # Kept silent after the cluster is closed too: callbacks still pending when
            # the process exits would log from tornado's loop; the process is ending.
            for name in names:
                logging.getLogger(name).setLevel(logging.CRITICAL + 1)
            raise
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


@contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Start worker processes with SIGINT ignored (an ignored signal stays so in a child).

    Ctrl-C reaches every process of the terminal's group: workers that took it
    each printed a traceback. Now only this process is interrupted, and it shuts
    the cluster down. (A Ctrl-C in the seconds the workers take to start is lost.)
    """
    import signal  # only a local cluster needs it

    # The workers' own logging, read from the environment when they start: a task
    # cancelled, or a heartbeat lost, in the shutdown is no news (a task that fails
    # reaches this process as its exception); they were screenfuls of warnings.
    quiet = "DASK_LOGGING__DISTRIBUTED"
    before = os.environ.get(quiet)
    os.environ.setdefault(quiet, "critical")
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: workers then take Ctrl-C as before
        previous = None
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        if before is None:
            os.environ.pop(quiet, None)
