"""Worker processes for long runs (census, equity): one pool, Ctrl-C safe, none left behind.

:func:`run_tasks` maps a function over tasks, in this process for one worker or
over a :mod:`multiprocessing` pool for more, and yields the results in task
order (or as they finish). Whatever ends the run early — the caller stops
reading, an error, Ctrl-C — the pool is terminated and joined before the
exception or the end reaches the caller, so no worker outlives it:

* workers ignore SIGINT from the moment they exist (:func:`interrupts_deferred`
  holds Ctrl-C while the pool starts, :func:`ignore_interrupts` is each worker's
  first act), so only the parent sees a Ctrl-C and raises ``KeyboardInterrupt``;
* the parent is never interrupted halfway through starting or stopping the pool.

:func:`check_workers` refuses a bad ``workers`` value with the package's error.

Processes, not threads, for equity and the census (measured on this project's
2-core machine, the 16 chunks of 1M sampled three-way range showdowns, best of 5,
four runs): two processes took them 1.64-1.65x faster than one, two threads
1.50-1.70x (their chunks hold the GIL between many short numpy operations), and a
process needs no lock on anything. :func:`lookup.batch.evaluate.evaluate_batch`
uses threads instead: its input would have to be copied to a process (two
processes: 0.32-0.38x of one thread on 1M hands; two threads 1.11-1.16x).

>>> list(run_tasks(abs, [-3, 1, -2], workers=1))
[3, 1, 2]
>>> check_workers(0)
Traceback (most recent call last):
...
lookup.PokerLookupError: workers must be a whole number from 1 to ..., got 0
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

from lookup.core.errors import PokerLookupError
from lookup.core.messages import whole_number

if TYPE_CHECKING:
    import multiprocessing.pool

__all__ = [
    "check_workers",
    "cpu_count",
    "ignore_interrupts",
    "interrupts_deferred",
    "max_workers",
    "run_tasks",
    "worker_pool",
]

T = TypeVar("T")
R = TypeVar("R")


def cpu_count() -> int:
    """CPUs this process may run on (its affinity where the system says, else all).

    >>> cpu_count() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform (macOS, Windows)
        return os.cpu_count() or 1


def max_workers() -> int:
    """The most worker processes a run starts: four per CPU (more only waste memory).

    >>> max_workers() == 4 * (os.cpu_count() or 1)
    True
    """
    return 4 * (os.cpu_count() or 1)


def check_workers(workers: object, *, option: str = "workers") -> None:
    """Refuse a ``workers`` value that is not a whole number from 1 to :func:`max_workers`.

    ``None`` (choose for me) is accepted; ``option`` names the value in the message
    (``--workers`` on the command line).

    >>> check_workers(None); check_workers(2)
    >>> check_workers(True)
    Traceback (most recent call last):
    ...
    lookup.PokerLookupError: workers must be a whole number from 1 to ..., got True
    """
    if workers is None:
        return
    problem = whole_number(option, workers, 1, max_workers(), when=" (4 per CPU here)")
    if problem is not None:
        raise PokerLookupError(problem, workers)


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold Ctrl-C until the block ends, then raise it (KeyboardInterrupt) in the parent.

    While the block runs, SIGINT is blocked and its Python handler only notes it. A
    worker started here inherits both (a forked child the handler and the mask, a
    spawned one the mask), so it cannot be interrupted before :func:`ignore_interrupts`
    runs; and the parent is never interrupted halfway through starting or stopping the
    pool. Off the main thread, where handlers cannot be set, the block runs as is.

    >>> with interrupts_deferred():
    ...     pass
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    blocking = hasattr(signal, "pthread_sigmask")  # POSIX only
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if blocking else set()
    try:
        yield
    finally:
        if blocking:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a pending Ctrl-C is noted now
        signal.signal(signal.SIGINT, signal.default_int_handler if previous is None else previous)
    if caught:
        raise KeyboardInterrupt


def ignore_interrupts() -> None:
    """A worker's first act: ignore Ctrl-C (discarding one pending), then stop blocking it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def worker_pool(workers: int) -> Iterator[multiprocessing.pool.Pool]:
    """A :class:`multiprocessing.pool.Pool` of ``workers`` processes that ignore Ctrl-C.

    It is started with Ctrl-C held (:func:`interrupts_deferred`), and terminated and
    joined, Ctrl-C held again, however the block ends.

    >>> with worker_pool(2) as pool:
    ...     pool.map(abs, [-1, 2])
    [1, 2]
    """
    import multiprocessing  # only a run with workers pays for it

    pool = None
    try:
        with interrupts_deferred():
            pool = multiprocessing.Pool(workers, initializer=ignore_interrupts)
        yield pool
    finally:
        if pool is not None:
            with interrupts_deferred():
                _stop(pool)


def _stop(pool: multiprocessing.pool.Pool) -> None:
    """``pool.terminate()`` and ``pool.join()``, never stuck on the pool's task handler.

    ``Pool.terminate`` empties the pipe that carries tasks to the workers only while
    something waits in it, then kills the workers. A task handler still pickling a task
    at that moment writes it afterwards into a pipe nobody reads any more; a task bigger
    than the pipe's buffer blocks it, and terminate with it, for good (CPython issues
    73945 and 96995; met here when an early-stopping sampled run, whose tasks carried
    150 kB of assignments each, stopped while one was being sent). So a watcher waits
    until every worker is gone, gives the handler a moment, and then closes the pipe's
    read end, which only the dead workers used: the handler's write fails, it gives up
    (the pool catches the error) and terminate finishes.
    """
    done = threading.Event()
    watcher = threading.Thread(target=_unblock_task_handler, args=(pool, done), daemon=True)
    watcher.start()
    try:
        pool.terminate()
        pool.join()
    finally:
        done.set()
        watcher.join()


def _unblock_task_handler(pool: multiprocessing.pool.Pool, done: threading.Event) -> None:
    """:func:`_stop`'s watcher: close the task pipe's read end once the workers are gone
    and the task handler has outlived them by half a second (``done``: terminate ended)."""
    from multiprocessing.connection import wait  # already imported by the pool itself

    # The pool's internals, read defensively: without them, terminate runs unwatched.
    workers = list(getattr(pool, "_pool", ()))
    handler = getattr(pool, "_task_handler", None)
    reader = getattr(getattr(pool, "_inqueue", None), "_reader", None)
    if not workers or handler is None or reader is None:
        return
    # A worker's sentinel is ready once it has ended (read without reaping it, which is
    # terminate's to do).
    sentinels = [worker.sentinel for worker in workers]
    while not done.wait(0.05):
        if len(wait(sentinels, timeout=0)) == len(sentinels):
            break
    else:
        return
    if not done.wait(0.5) and handler.is_alive():
        reader.close()


def run_tasks(
    work: Callable[[T], R], tasks: Iterable[T], workers: int, *, ordered: bool = True
) -> Generator[R, None, None]:
    """``work(task)`` for each task, over ``workers`` processes; results in task order.

    ``ordered=False`` yields each result as it finishes (for sums, where order does
    not matter). ``work`` and the tasks must pickle (``work`` a module-level function).
    One worker runs the tasks here, one at a time, without a pool. Stopping early
    (closing the iterator, an exception, Ctrl-C) terminates and joins the pool.

    >>> sorted(run_tasks(abs, [-3, 1, -2], workers=2, ordered=False))
    [1, 2, 3]
    """
    if workers == 1:
        yield from map(work, tasks)
        return
    with worker_pool(workers) as pool:
        yield from pool.imap(work, tasks) if ordered else pool.imap_unordered(work, tasks)
