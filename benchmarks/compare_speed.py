"""Issue 20's jobs side by side with the peers, each measured the way a user meets it.

    python benchmarks/compare_speed.py [JOB ...] [--repeat R] [--quick] [--seed S] [--json FILE]

JOB is one or more of the names below (default: every job, in this order).
Every job runs ``--repeat`` times (default 3); each run times pokerlookup and
the peer one after the other on the same fresh input (new seeded spots or
deals per run), so load from the other processes on a shared machine hits
both alike (the per-call jobs take the best of three passes within a run; the
sampled runs and the fresh processes are timed once). Each row prints the
median of pokerlookup's times, the median of the peer's, and the ratio *peer
time / pokerlookup time* (above 1: pokerlookup is faster) as the median over
the runs with its spread [min-max]. Before
timing, each job checks that the contenders agree (same winners, same exact
equities, sampled equities within a few standard errors), so a mistaken
conversion cannot produce a fast wrong number. ``--quick`` shrinks every input
so that the whole rig runs in seconds: proof that it works, not figures.

Jobs:

``showdown``
    A 6-player Hold'em showdown on a full board, every side given pre-parsed
    cards: ``lookup.showdown`` with its winners and shares, against treys'
    ``Evaluator.evaluate`` per player and the minimum, and eval7's ``evaluate``
    per player (hole + board, joined in the loop) and the maximum.
``omaha``
    Omaha (4 + 5), the first 20,000 calls on fresh random deals in a *fresh
    process*, all loading included (imports, tables, anything built on first
    use): the checked ``lookup.evaluate(hole, board, game="omaha")`` and the
    unchecked game kernel, against phevaluator's ``evaluate_omaha_cards`` and
    treys' ``PLOEvaluator`` timed the same way. Each child then repeats the
    same deals, the *warm* figure, printed beside and labelled.
``small-exact``
    Exact heads-up equity of fixed hands on a flop (990 boards) and on a turn
    (44 rivers), seeded random spots given as text, against poker-equity's
    ``exact_from_text``.
``mc-fixed``
    1,000,000 heads-up samples, fixed hands, one worker, against eval7's
    ``py_hand_vs_range_monte_carlo``.
``mc-range``
    1,000,000 samples of a hand against a range, one worker, against eval7.
``mc-threeway``
    1,000,000 three-way range samples on all cores, against poker-equity on all
    its threads; then pokerlookup's speed-up from one worker to two.
``memory``
    RSS growth after one evaluation in each of the 11 rankings: runs
    ``benchmarks/memory.py`` when it is there, and says so when it is not.
``preflop``
    Heads-up preflop equity of fixed hands read from the table
    (``lookup.equity``), against poker-equity's exact enumeration of the same
    matchups and against a cached-enumeration baseline: what a user without
    the table would build, a dict of enumerated answers keyed by the matchup up
    to suit permutation (it holds at most the table's 47,008 entries), timed on
    warm hits only, the cheapest it can ever be.

``weighted``
    Issue 21's weighted ranges: Hold'em ``"QQ+:0.5, AKs, AQs:0.25"`` against
    ``"JJ-99, AK:0.75, KQs"`` exactly on a flop and on a turn, three weighted ranges
    exactly on the turn (``WEIGHTED_THREE_EXACT``), and the three-way
    ``"QQ+:0.5, AKs"``, ``"AK:0.5, JJ-77"``, ``"random"`` sampled on one worker
    (time per million samples), each against the same ranges without weights
    (the ratio: flat time / weighted time, above 1 the weighted run is faster); the
    flat ranges then against poker-equity's ``exact_from_text`` and
    ``chunk_from_text`` on one thread (weights it cannot express). Short deck (a
    flop) and Omaha (a turn) weighted against flat, exactly, with no peer.

``workers=`` (and, where a job needs it, any other keyword) is passed only when
this build of ``lookup.equity`` takes it, so the rig runs before and after the
changes of issue 20. A peer that is not installed is skipped with a note and
the script still exits 0. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import compileall
import dataclasses
import gc
import importlib
import inspect
import itertools
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Run from a checkout without installing: the repository root holds lookup/.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import lookup
from lookup import DECK

ROOT = Path(__file__).resolve().parent.parent
SUITS = "cdhs"


@dataclass
class Row:
    """One line of the table: pokerlookup's time and one peer's, one figure per run."""

    job: str
    ours_label: str
    peer_label: str
    unit: str
    ours: list[float] = field(default_factory=list)
    peer: list[float] = field(default_factory=list)
    note: str = ""


@dataclass
class Report:
    """Rows in the order measured, and notes (skipped peers, checks, speed-ups)."""

    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Settings:
    repeat: int
    quick: bool
    seed: int

    def size(self, full: int, quick: int) -> int:
        return quick if self.quick else full


# ---------------------------------------------------------------- helpers


def peer(module: str, report: Report) -> Any:
    """The peer's module, or None with a note when it is not installed."""
    try:
        return importlib.import_module(module)
    except ImportError:
        note = f"{module.replace('_', '-')}: not installed, skipped (pip install -e '.[peers]')"
        if note not in report.notes:
            report.notes.append(note)
        return None


def accepted(function: Callable[..., Any], **wanted: Any) -> dict[str, Any]:
    """The keywords of ``wanted`` that ``function`` takes (today's main lacks some)."""
    parameters = inspect.signature(function).parameters
    return {name: value for name, value in wanted.items() if name in parameters}


def timed(task: Callable[[], Any], passes: int = 1) -> tuple[float, Any]:
    """Wall seconds of a call of ``task``, the best of ``passes``, and its result.

    The collector is paused while timing (as timeit does). Cheap per-call jobs
    take the best of a few passes within each run, so that a moment when the
    shared cores are busy does not decide a run's figure; the spread between
    runs still shows.
    """
    best = float("inf")
    for _ in range(passes):
        gc.collect()
        gc.disable()
        try:
            started = time.perf_counter()
            result = task()
            best = min(best, time.perf_counter() - started)
        finally:
            gc.enable()
    return best, result


PASSES = 3  # best of this many passes within a run, for the per-call jobs


def text(indices: Sequence[int]) -> str:
    return "".join(str(DECK[i]) for i in indices)


def spots(rng: random.Random, count: int, board: int) -> list[tuple[str, str, str]]:
    """``count`` random heads-up spots: two fixed hands and ``board`` board cards, as text."""
    found = []
    for _ in range(count):
        cards = rng.sample(range(52), 4 + board)
        found.append((text(cards[:2]), text(cards[2:4]), text(cards[4:])))
    return found


def _fmt_time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.2f} us"


def print_report(report: Report, settings: Settings) -> None:
    print(
        f"pokerlookup {lookup.__version__}, Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} cores, {settings.repeat} runs per job"
        + (", --quick sizes (proof that it runs, not figures)" if settings.quick else "")
    )
    print("ratio = peer time / pokerlookup time (above 1: pokerlookup faster), median [min-max]")
    header = (
        f"{'job':<35} {'time':<12} {'pokerlookup':<34} {'median':>10}  {'peer, same run':<36}"
        f" {'median':>10}"
    )
    print(header + f"  {'ratio':>17}")
    print("-" * (len(header) + 19))
    for row in report.rows:
        ours = _fmt_time(statistics.median(row.ours))
        if row.peer:
            ratios = [p / o for o, p in zip(row.ours, row.peer, strict=True)]
            theirs = _fmt_time(statistics.median(row.peer))
            ratio = f"{statistics.median(ratios):.2f}x [{min(ratios):.2f}-{max(ratios):.2f}]"
        else:
            theirs, ratio = "-", "-"
        print(
            f"{row.job:<35} {row.unit:<12} {row.ours_label:<34} {ours:>10}  {row.peer_label:<36}"
            f" {theirs:>10}"
            f"  {ratio:>17}" + (f"  {row.note}" if row.note else "")
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    report.notes.append(f"1-minute load average at the end: {load:.2f} on {os.cpu_count()} cores")
    for note in report.notes:
        print(f"note: {note}")


# ---------------------------------------------------------------- (a) showdown


def _showdown_peer(name: str, module: Any, dealt: list[list[int]], players: int) -> Any:
    """A loop over the deals in the peer's own card form: each player's score, and the best."""
    if name == "treys":
        evaluator = module.Evaluator()
        new = module.Card.new
        holes = [[[new(str(DECK[d[2 * s]])), new(str(DECK[d[2 * s + 1]]))]
                  for s in range(players)] for d in dealt]  # fmt: skip
        boards = [[new(str(DECK[i])) for i in d[2 * players :]] for d in dealt]

        def treys_loop() -> list[tuple[int, list[int]]]:
            evaluate = evaluator.evaluate
            out = []
            for table, board in zip(holes, boards, strict=True):
                scores = [evaluate(hole, board) for hole in table]
                out.append((min(scores), scores))  # lower is stronger
            return out

        return treys_loop
    card = module.Card
    holes = [[[card(str(DECK[d[2 * s]])), card(str(DECK[d[2 * s + 1]]))]
              for s in range(players)] for d in dealt]  # fmt: skip
    boards = [[card(str(DECK[i])) for i in d[2 * players :]] for d in dealt]

    def eval7_loop() -> list[tuple[int, list[int]]]:
        evaluate = module.evaluate
        out = []
        for table, board in zip(holes, boards, strict=True):
            scores = [evaluate(hole + board) for hole in table]
            out.append((max(scores), scores))  # higher is stronger
        return out

    return eval7_loop


def job_showdown(settings: Settings, report: Report) -> None:
    deals = settings.size(5_000, 200)
    players = 6
    names = [str(seat + 1) for seat in range(players)]
    job, ours_label = "showdown, 6 players, full board", "showdown: winners, shares"
    peers = {name: module for name in ("treys", "eval7")
             if (module := peer(name, report)) is not None}  # fmt: skip
    labels = {"treys": "treys Evaluator.evaluate x6 + min", "eval7": "eval7 evaluate x6 + max"}
    rows = {name: Row(job, ours_label, labels[name], "per showdown") for name in peers}
    alone = Row(job, ours_label, "", "per showdown")
    showdown = lookup.showdown
    warm = [random.Random(0).sample(range(52), 2 * players + 5) for _ in range(20)]
    showdown({names[s]: (DECK[warm[0][2 * s]], DECK[warm[0][2 * s + 1]]) for s in range(players)},
             board=tuple(DECK[i] for i in warm[0][2 * players :]))  # fmt: skip
    for name, module in peers.items():
        _showdown_peer(name, module, warm, players)()  # tables loaded, before any timing
    for run in range(settings.repeat):
        rng = random.Random(settings.seed + run)
        dealt = [rng.sample(range(52), 2 * players + 5) for _ in range(deals)]
        tables = [
            (
                {names[s]: (DECK[d[2 * s]], DECK[d[2 * s + 1]]) for s in range(players)},
                tuple(DECK[i] for i in d[2 * players :]),
            )
            for d in dealt
        ]

        def ours_loop(tables: list[Any] = tables) -> list[Any]:
            out = []
            for table, board in tables:
                result = showdown(table, board=board)
                out.append((result.winners, result.shares))
            return out

        ours_time, ours = timed(ours_loop, PASSES)
        alone.ours.append(ours_time / deals)
        for name, module in peers.items():
            peer_time, theirs = timed(_showdown_peer(name, module, dealt, players), PASSES)
            for deal, ((best, scores), (winners, _)) in enumerate(zip(theirs, ours, strict=True)):
                named = {names[s] for s, score in enumerate(scores) if score == best}
                if named != set(winners):
                    raise RuntimeError(f"{name} names other winners on deal {deal} of run {run}")
            rows[name].ours.append(ours_time / deals)
            rows[name].peer.append(peer_time / deals)
    report.rows.extend(rows.values() or [alone])
    report.notes.append(f"showdown: {deals:,} deals a run; the peers' winners checked on each")


# ---------------------------------------------------------------- (b) Omaha, fresh process

# Each contender runs in a fresh interpreter. The clock starts before its first
# import and runs through loading and the calls; converting the dealt indices
# into the contender's own card form (done by a user once, as cards arrive) is
# the only thing left out. Then the same deals again: the warm figure.
OMAHA_CHILD = r"""
import json, random, sys, time
calls, seed, who = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
deals = [rng.sample(range(52), 9) for _ in range(calls)]
started = time.perf_counter()
if who in ("ours-checked", "ours-kernel"):
    import lookup
    from lookup import DECK
    if who == "ours-checked":
        evaluate = lookup.evaluate
        def one(hole, board):
            return evaluate(hole, board, game="omaha").kev
    else:
        from lookup.game.evaluate import game_evaluator
        one = game_evaluator("omaha").high
    loaded = time.perf_counter()
    pairs = [(tuple(DECK[i] for i in d[:4]), tuple(DECK[i] for i in d[4:])) for d in deals]
elif who == "phevaluator":
    from phevaluator import evaluate_omaha_cards
    def one(hole, board):
        return evaluate_omaha_cards(*board, *hole)
    loaded = time.perf_counter()
    pairs = [(d[:4], d[4:]) for d in deals]
elif who == "treys":
    from treys import Card, PLOEvaluator
    one = PLOEvaluator().evaluate
    loaded = time.perf_counter()
    names = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    pairs = [([Card.new(names[i]) for i in d[:4]], [Card.new(names[i]) for i in d[4:]])
             for d in deals]
converted = time.perf_counter()
answers = [one(hole, board) for hole, board in pairs]
first = time.perf_counter()
again = [one(hole, board) for hole, board in pairs]
warm = time.perf_counter() - first
assert again == answers
print(json.dumps({"first": (loaded - started) + (first - converted), "warm": warm,
                  "load": loaded - started, "answers": answers}))
"""

OMAHA_CONTENDERS = {
    "ours-checked": 'evaluate(game="omaha")',
    "ours-kernel": "game kernel (unchecked)",
    "phevaluator": "phevaluator evaluate_omaha_cards",
    "treys": "treys PLOEvaluator",
}


def _omaha_child(who: str, calls: int, seed: int) -> dict[str, Any]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", OMAHA_CHILD, str(calls), str(seed), who],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def job_omaha(settings: Settings, report: Report) -> None:
    calls = settings.size(20_000, 1_000)
    # A pip-installed pokerlookup is byte-compiled on install, as the peers are; with
    # PYTHONDONTWRITEBYTECODE set, a module edited since its .pyc was written would be
    # compiled from source in every fresh child, a cost no user pays. Compile it once here.
    compileall.compile_dir(ROOT / "lookup", quiet=1)
    present = [who for who in OMAHA_CONTENDERS if not who.startswith("ours")]
    present = [who for who in present if peer(who, report) is not None]
    times: dict[str, list[dict[str, float]]] = {who: [] for who in OMAHA_CONTENDERS}
    for run in range(settings.repeat):
        seed = settings.seed + run
        answers = None
        for who in ["ours-checked", "ours-kernel", *present]:
            child = _omaha_child(who, calls, seed)
            if answers is None:
                answers = child["answers"]
            elif child["answers"] != answers:
                raise RuntimeError(f"omaha: {who} disagrees with pokerlookup (seed {seed})")
            times[who].append({k: child[k] / (calls if k != "load" else 1)
                               for k in ("first", "warm", "load")})  # fmt: skip
    job = f"Omaha, first {calls:,} calls, fresh"
    for ours in ("ours-checked", "ours-kernel"):
        label = OMAHA_CONTENDERS[ours]
        for who in present:
            report.rows.append(Row(job, label, OMAHA_CONTENDERS[who], "per call",
                                   [t["first"] for t in times[ours]],
                                   [t["first"] for t in times[who]]))  # fmt: skip
        if not present:
            report.rows.append(Row(job, label, "", "per call", [t["first"] for t in times[ours]]))
    warm = "Omaha, warm (the same deals again)"
    for ours in ("ours-checked", "ours-kernel"):
        for who in present:
            report.rows.append(Row(warm, OMAHA_CONTENDERS[ours], OMAHA_CONTENDERS[who],
                                   "per call", [t["warm"] for t in times[ours]],
                                   [t["warm"] for t in times[who]]))  # fmt: skip
        if not present:
            report.rows.append(Row(warm, OMAHA_CONTENDERS[ours], "", "per call",
                                   [t["warm"] for t in times[ours]]))  # fmt: skip
    loads = ", ".join(
        f"{OMAHA_CONTENDERS[who]} {statistics.median(t['load'] for t in times[who]) * 1e3:.0f} ms"
        for who in ["ours-checked", "ours-kernel", *present]
    )
    report.notes.append(
        f"omaha: {calls:,} fresh deals per run, each contender in its own new process, answers "
        f"checked equal; the 'fresh' time includes imports and loading (median time before the "
        f"first call, anything built on first use being in the calls: {loads})"
    )


# ---------------------------------------------------------------- (c) small exact spots


def job_small_exact(settings: Settings, report: Report) -> None:
    count = settings.size(40, 4)
    pe = peer("poker_equity", report)
    equity = lookup.equity
    for board, label in ((3, "flop (990 boards)"), (4, "turn (44 rivers)")):
        # The fixed cost of a warm call is the figure: the first call loads tables and numpy.
        for a, b, c in spots(random.Random(0), 2, board):
            equity([a, b], board=c)
            if pe is not None:
                pe.exact_from_text("holdem", [a, b], c)
        row = Row(f"exact heads-up, {label}", "lookup.equity", "poker-equity exact_from_text",
                  "per spot")  # fmt: skip
        for run in range(settings.repeat):
            rng = random.Random(settings.seed + 100 * board + run)
            chosen = spots(rng, count, board)
            ours_time, ours = timed(
                lambda chosen=chosen: [equity([a, b], board=c)[0].equity for a, b, c in chosen],
                PASSES,
            )
            row.ours.append(ours_time / count)
            if pe is None:
                continue
            peer_time, theirs = timed(
                lambda chosen=chosen: [
                    pe.exact_from_text("holdem", [a, b], c)["players"][0]["equity"]
                    for a, b, c in chosen
                ],
                PASSES,
            )
            if any(abs(x - y) > 1e-9 for x, y in zip(ours, theirs, strict=True)):
                raise RuntimeError(f"small-exact: poker-equity disagrees on a {label} spot")
            row.peer.append(peer_time / count)
        if pe is None:
            row.peer_label = ""
        report.rows.append(row)
    report.notes.append(f"small-exact: {count} seeded random spots per run, equities checked equal")


# ---------------------------------------------------------------- (d, e) Monte Carlo vs eval7


def _sampled(
    hands: list[str], samples: int, seed: int, workers: int | None
) -> tuple[float, float, float]:
    """Wall seconds, player 1's equity and its standard error of one sampled run."""
    extra = accepted(lookup.equity, workers=workers) if workers is not None else {}
    elapsed, result = timed(lambda: lookup.equity(hands, samples=samples, seed=seed, **extra))
    if result.boards != samples:  # a run that stopped early (a target error, a time limit)
        raise RuntimeError(f"equity() took {result.boards:,} samples, not {samples:,}: the "
                           "peer's figure is for the whole count")  # fmt: skip
    return elapsed, result[0].equity, result[0].std_error


def _job_vs_eval7(settings: Settings, report: Report, job: str, hero: str, villain: str) -> None:
    samples = settings.size(1_000_000, 20_000)
    eval7 = peer("eval7", report)
    row = Row(job, "lookup.equity, workers=1", "eval7 py_hand_vs_range_monte_carlo", "per run")
    if "workers" not in inspect.signature(lookup.equity).parameters:
        row.ours_label = "lookup.equity (one process)"
    lookup.equity([hero, villain], samples=1_000, seed=0)  # tables and numpy loaded first
    if eval7 is not None:
        warm = [eval7.Card(hero[i : i + 2]) for i in (0, 2)]
        eval7.py_hand_vs_range_monte_carlo(warm, eval7.HandRange(villain), [], 1_000)
    for run in range(settings.repeat):
        ours_time, ours, error = _sampled([hero, villain], samples, settings.seed + run, 1)
        row.ours.append(ours_time)
        if eval7 is None:
            continue
        cards = [eval7.Card(hero[i : i + 2]) for i in (0, 2)]
        against = eval7.HandRange(villain)
        peer_time, theirs = timed(
            lambda cards=cards, against=against: eval7.py_hand_vs_range_monte_carlo(
                cards, against, [], samples
            )
        )
        row.peer.append(peer_time)
        # eval7's own error is about as large as ours: allow both, 5 standard errors each.
        if abs(ours - theirs) > 10 * max(error, 1e-3):
            raise RuntimeError(f"{job}: eval7's equity {theirs:.4f} is far from ours {ours:.4f}")
    if eval7 is None:
        row.peer_label = ""
    report.rows.append(row)
    report.notes.append(f"{job}: {hero} vs {villain!r}, {samples:,} samples a run")


def job_mc_fixed(settings: Settings, report: Report) -> None:
    _job_vs_eval7(settings, report, "sampled heads-up, fixed hands", "AsAh", "KsKh")


def job_mc_range(settings: Settings, report: Report) -> None:
    _job_vs_eval7(settings, report, "sampled hand vs range", "JhTh", "QQ+, AKs")


# ---------------------------------------------------------------- (f) three-way, all cores

THREE_WAY = ["QQ+, AKs", "JJ-99", "AQs, AKo"]
PEER_THREE_WAY = [hand.replace(" ", "") for hand in THREE_WAY]  # poker-equity: no spaces


def _cpu_seconds() -> float:
    """CPU seconds of this process's threads and of its children that have ended."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def job_mc_threeway(settings: Settings, report: Report) -> None:
    samples = settings.size(1_000_000, 20_000)
    cores = os.cpu_count() or 1
    pe = peer("poker_equity", report)
    has_workers = "workers" in inspect.signature(lookup.equity).parameters
    row = Row("sampled three-way ranges, all cores",
              f"lookup.equity, workers={cores}" if has_workers else "lookup.equity (default)",
              "poker-equity, threads=0 (all)", "per run")  # fmt: skip
    lookup.equity(THREE_WAY, samples=1_000, seed=0)
    if pe is not None:
        pe.chunk_from_text("holdem", PEER_THREE_WAY, samples=1_000, seed=0, threads=0)
    cpu_ratios = []
    for run in range(settings.repeat):
        seed = settings.seed + run
        before = _cpu_seconds()
        ours_time, ours, error = _sampled(THREE_WAY, samples, seed, cores)
        cpu = _cpu_seconds() - before
        cpu_ratios.append(cpu / ours_time)
        row.ours.append(ours_time)
        if pe is None:
            continue
        peer_time, theirs = timed(
            lambda seed=seed: pe.chunk_from_text(
                "holdem", PEER_THREE_WAY, samples=samples, seed=seed, threads=0
            )
        )
        theirs_equity = theirs["players"][0]["equity"]
        bound = 4 * (error**2 + theirs["players"][0]["std_error"] ** 2) ** 0.5
        if abs(ours - theirs_equity) > max(bound, 1e-3):
            raise RuntimeError(f"three-way: poker-equity's {theirs_equity:.4f} vs ours {ours:.4f}")
        row.peer.append(peer_time)
    if pe is None:
        row.peer_label = ""
    report.rows.append(row)
    report.notes.append(
        f"mc-threeway: {THREE_WAY}, {samples:,} samples a run; pokerlookup's CPU/wall "
        f"{statistics.median(cpu_ratios):.2f} (1.00: one core used)"
    )
    if not has_workers:
        report.notes.append("mc-threeway: this build's equity() takes no workers=: 1->2 speed-up "
                            "not measured")  # fmt: skip
        return
    speed = Row("sampled three-way, 1 -> 2 workers", "lookup.equity, workers=2",
                "lookup.equity, workers=1", "per run")  # fmt: skip
    for run in range(settings.repeat):
        seed = settings.seed + run
        speed.peer.append(_sampled(THREE_WAY, samples, seed, 1)[0])
        speed.ours.append(_sampled(THREE_WAY, samples, seed, 2)[0])
    speed.note = "(ratio: the speed-up)"
    report.rows.append(speed)


# ---------------------------------------------------------------- (g) memory


def job_memory(settings: Settings, report: Report) -> None:
    script = Path(__file__).with_name("memory.py")
    if not script.exists():
        report.notes.append("memory: benchmarks/memory.py is not here yet (another part of "
                            "issue 20 adds it): skipped")  # fmt: skip
        return
    command = [sys.executable, str(script)]
    usage = subprocess.run([*command, "--help"], capture_output=True, text=True, check=False)
    if settings.quick and "--quick" in usage.stdout:
        command.append("--quick")
    print(f"memory: {' '.join(command[1:])}", flush=True)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    print(done.stdout, end="", flush=True)
    if done.returncode != 0:
        report.notes.append(f"memory: benchmarks/memory.py exited {done.returncode}: "
                            f"{done.stderr.strip().splitlines()[-1:]}")  # fmt: skip


# ---------------------------------------------------------------- (h) preflop


# The 24 relabellings of the suits, as str.translate tables.
SUIT_MAPS = [str.maketrans(SUITS, "".join(order)) for order in itertools.permutations(SUITS)]


def canonical(first: str, second: str) -> tuple[str, str]:
    """The matchup's key up to suit permutation: the least of its 24 relabellings.

    ``first`` and ``second`` are two cards each, written ``"AsKd"``.
    """
    keys = []
    for table in SUIT_MAPS:
        a, b = first.translate(table), second.translate(table)
        keys.append((min(a, a[2:] + a[:2]), min(b, b[2:] + b[:2])))  # order within a hand
    return min(keys)


class CachedEnumeration:
    """A user's own preflop table: enumerate a matchup once, then answer from a dict."""

    def __init__(self, enumerate_: Callable[[str, str], float]) -> None:
        self.enumerate = enumerate_
        self.answers: dict[tuple[str, str], float] = {}

    def __call__(self, first: str, second: str) -> float:
        key = canonical(first, second)
        found = self.answers.get(key)
        if found is None:
            found = self.answers[key] = self.enumerate(first, second)
        return found


def job_preflop(settings: Settings, report: Report) -> None:
    count = settings.size(20, 2)
    pe = peer("poker_equity", report)
    equity = lookup.equity
    if pe is not None:

        def enumerate_(a: str, b: str) -> float:
            return float(pe.exact_from_text("holdem", [a, b])["players"][0]["equity"])

        source = "poker-equity"
    else:

        def enumerate_(a: str, b: str) -> float:
            # A seed with exact=True makes equity() enumerate instead of reading the table.
            return equity([a, b], exact=True, seed=0)[0].equity

        source = "pokerlookup's own enumeration"
    exact = Row("preflop heads-up, fixed hands", "lookup.equity (the table)",
                "poker-equity exact_from_text", "per matchup")  # fmt: skip
    cached = Row(exact.job, exact.ours_label, "cached enumeration, warm hits", "per matchup")
    for a, b, _ in spots(random.Random(0), 5, 0):
        equity([a, b])  # the table loaded and every lazy path taken before timing
    peer_count = min(count, 3)  # the peer enumerates 1.7M boards a matchup (~1 s)
    for run in range(settings.repeat):
        rng = random.Random(settings.seed + run)
        chosen = [(a, b) for a, b, _ in spots(rng, count, 0)]
        ours_time, ours = timed(
            lambda chosen=chosen: [equity([a, b])[0].equity for a, b in chosen], PASSES
        )
        cache = CachedEnumeration(enumerate_)
        filled = [cache(a, b) for a, b in chosen]  # filled outside the timing
        if any(abs(x - y) > 1e-9 for x, y in zip(ours, filled, strict=True)):
            raise RuntimeError(f"preflop: {source} disagrees with the table")
        hits_time, _ = timed(
            lambda chosen=chosen, cache=cache: [cache(a, b) for a, b in chosen], PASSES
        )
        cached.ours.append(ours_time / count)
        cached.peer.append(hits_time / count)
        if pe is not None:
            few = chosen[:peer_count]
            ours_few, _ = timed(lambda few=few: [equity([a, b]) for a, b in few], PASSES)
            peer_time, _ = timed(lambda few=few: [enumerate_(a, b) for a, b in few])
            exact.ours.append(ours_few / len(few))
            exact.peer.append(peer_time / len(few))
    if pe is not None:
        report.rows.append(exact)
    report.rows.append(cached)
    enumerated = f" ({min(count, peer_count)} timed enumerating)" if pe is not None else ""
    report.notes.append(
        f"preflop: {count} seeded random matchups a run{enumerated}; the cache was filled by "
        f"{source} before timing its hits, answers checked equal to the table's"
    )


# ---------------------------------------------------------------- (i) weighted ranges

WEIGHTED = ["QQ+:0.5, AKs, AQs:0.25", "JJ-99, AK:0.75, KQs"]
WEIGHTED_FLAT = ["QQ+, AKs, AQs", "JJ-99, AK, KQs"]
WEIGHTED_THREE_WAY = ["QQ+:0.5, AKs", "AK:0.5, JJ-77", "random"]
FLAT_THREE_WAY = ["QQ+, AKs", "AK, JJ-77", "random"]
# Three ranges exactly on a turn (624,708 showdowns).
WEIGHTED_THREE_EXACT = ["QQ+:0.5, AKs, AQs", "JJ-99, AK:0.75, KQs", "88-66, AJs:0.5, KJs"]
FLAT_THREE_EXACT = ["QQ+, AKs, AQs", "JJ-99, AK, KQs", "88-66, AJs, KJs"]
PEER_RANDOM = "**"  # poker-equity's any two cards
STREETS = {3: "flop", 4: "turn", 5: "river"}
WEIGHTED_PASSES = 7  # weighted and flat differ by a few percent: more passes than PASSES
# (game, board, weighted hands, the same flat): exact, no peer.
WEIGHTED_GAMES = [
    ("short-deck", "6c7d9h", ["QQ+:0.5, AKs", "JJ-99, AK:0.75"], ["QQ+, AKs", "JJ-99, AK"]),
    ("omaha", "2c7d9h4s", ["AAKK:0.5, AAQQ", "KKQQ ds"], ["AAKK, AAQQ", "KKQQ ds"]),
]


def _peer_hand(hand: str) -> str:
    return PEER_RANDOM if hand == "random" else hand.replace(" ", "")


def _weighted_pair(
    settings: Settings,
    report: Report,
    label: str,
    weighted: Callable[[], Any],
    flat: Callable[[], Any],
    passes: int,
    scale: float = 1.0,
    unit: str = "per call",
) -> list[float]:
    """Time a weighted call and the same flat call, alternately, in each run."""
    row = Row(f"weighted {label}", "lookup.equity, weighted", "lookup.equity, same ranges flat",
              unit, note="(ratio: flat / weighted)")  # fmt: skip
    weighted()
    flat()
    flat_times = []
    for _ in range(settings.repeat):
        # Passes alternate between the two, so a busy moment on the shared cores
        # falls on both alike; each keeps its best pass.
        weighted_time = flat_time = float("inf")
        for _ in range(passes):
            weighted_time = min(weighted_time, timed(weighted)[0])
            flat_time = min(flat_time, timed(flat)[0])
        row.ours.append(weighted_time * scale)
        row.peer.append(flat_time * scale)
        flat_times.append(flat_time * scale)
    report.rows.append(row)
    return flat_times


def job_weighted(settings: Settings, report: Report) -> None:
    pe = peer("poker_equity", report)
    equity = lookup.equity
    if "Range" not in dir(lookup):
        report.notes.append("weighted: this build has no weighted ranges (issue 21): skipped")
        return
    exact_spots = (
        (WEIGHTED, WEIGHTED_FLAT, "2c7d9h", "exact flop"),
        (WEIGHTED, WEIGHTED_FLAT, "2c7d9h4s", "exact turn"),
        (WEIGHTED_THREE_EXACT, FLAT_THREE_EXACT, "2c7d9h4s", "3-way exact turn"),
    )
    for weighted, flat, board, label in exact_spots:
        flat_times = _weighted_pair(
            settings, report, label,
            lambda board=board, hands=weighted: equity(hands, board=board),
            lambda board=board, hands=flat: equity(hands, board=board), WEIGHTED_PASSES,
        )  # fmt: skip
        row = Row(f"flat ranges, {label}", "lookup.equity", "poker-equity exact_from_text",
                  "per call", ours=flat_times)  # fmt: skip
        if pe is not None:
            hands = [_peer_hand(h) for h in flat]
            ours = equity(flat, board=board)[0].equity
            theirs = pe.exact_from_text("holdem", hands, board)["players"][0]["equity"]
            if abs(ours - theirs) > 1e-9:
                raise RuntimeError(f"weighted: poker-equity disagrees on the {label} spot")
            for _ in range(settings.repeat):
                peer_time, _ = timed(
                    lambda board=board, hands=hands: pe.exact_from_text("holdem", hands, board),
                    PASSES,
                )
                row.peer.append(peer_time)
        else:
            row.peer_label = ""
        report.rows.append(row)
    # The same turn spot with the ranges given as Range objects, read once beforehand:
    # what weighing costs the engines, without the reading of text (flat text is tried
    # as two cards first; weighted text is read as a Range straight away).
    weighted_ranges = [lookup.Range(h) for h in WEIGHTED]
    flat_ranges = [lookup.Range(h) for h in WEIGHTED_FLAT]
    _weighted_pair(
        settings, report, "exact turn, Range objects",
        lambda: equity(weighted_ranges, board="2c7d9h4s"),
        lambda: equity(flat_ranges, board="2c7d9h4s"), WEIGHTED_PASSES,
    )  # fmt: skip
    samples = settings.size(1_000_000, 20_000)
    per_million = 1_000_000 / samples
    extra = accepted(equity, workers=1)
    flat_times = _weighted_pair(
        settings, report, "3-way sampled, 1 worker",
        lambda: equity(WEIGHTED_THREE_WAY, samples=samples, seed=settings.seed, **extra),
        lambda: equity(FLAT_THREE_WAY, samples=samples, seed=settings.seed, **extra),
        2, per_million, "1M samples",
    )  # fmt: skip
    row = Row("flat ranges, 3-way sampled", "lookup.equity, workers=1",
              "poker-equity chunk_from_text, threads=1", "1M samples", ours=flat_times)  # fmt: skip
    if pe is not None:
        hands = [_peer_hand(h) for h in FLAT_THREE_WAY]
        ours = equity(FLAT_THREE_WAY, samples=samples, seed=settings.seed, **extra)[0]
        for run in range(settings.repeat):
            peer_time, theirs = timed(
                lambda run=run: pe.chunk_from_text(
                    "holdem", hands, samples=samples, seed=settings.seed + run, threads=1
                )
            )
            found = theirs["players"][0]
            bound = 4 * (ours.std_error**2 + found["std_error"] ** 2) ** 0.5
            if abs(ours.equity - found["equity"]) > max(bound, 1e-3):
                raise RuntimeError(f"weighted: poker-equity's {found['equity']:.4f} is far "
                                   f"from ours {ours.equity:.4f} (three-way)")  # fmt: skip
            row.peer.append(peer_time * per_million)
    else:
        row.peer_label = ""
    report.rows.append(row)
    for game, board, weighted, flat in WEIGHTED_GAMES:
        _weighted_pair(
            settings, report, f"{game} exact {STREETS[len(board) // 2]}",
            lambda g=game, b=board, h=weighted: equity(h, board=b, game=g),
            lambda g=game, b=board, h=flat: equity(h, board=b, game=g), WEIGHTED_PASSES,
        )  # fmt: skip
    report.notes.append(
        f"weighted: {WEIGHTED} vs flat {WEIGHTED_FLAT}; three-way exact {WEIGHTED_THREE_EXACT}; "
        f"three-way sampled {WEIGHTED_THREE_WAY}, "
        f"{samples:,} samples a run (seeded), timed per 1M; poker-equity on the flat ranges, "
        "equities checked equal (exact) or within 4 standard errors (sampled)"
    )


JOBS: dict[str, Callable[[Settings, Report], None]] = {
    "showdown": job_showdown,
    "omaha": job_omaha,
    "small-exact": job_small_exact,
    "mc-fixed": job_mc_fixed,
    "mc-range": job_mc_range,
    "mc-threeway": job_mc_threeway,
    "memory": job_memory,
    "preflop": job_preflop,
    "weighted": job_weighted,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/compare_speed.py", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("jobs", nargs="*", metavar="JOB",
                        help=f"jobs to run (default all): {', '.join(JOBS)}")  # fmt: skip
    parser.add_argument("--repeat", type=int, default=3, help="runs per job (default 3)")
    parser.add_argument("--quick", action="store_true", help="tiny inputs: proof, not figures")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first run (default 1)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write every run's times")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    unknown = [name for name in args.jobs if name not in JOBS]
    if unknown:
        parser.error(f"unknown job {unknown[0]!r}: the jobs are {', '.join(JOBS)}")
    settings = Settings(args.repeat, args.quick, args.seed)
    report = Report()
    for name in args.jobs or JOBS:
        print(f"running {name} ...", file=sys.stderr, flush=True)
        JOBS[name](settings, report)
    print_report(report, settings)
    if args.json is not None:
        # Seconds per unit, one figure per run, as the table's medians and spreads came from.
        rows = [dataclasses.asdict(row) for row in report.rows]
        args.json.write_text(json.dumps({"rows": rows, "notes": report.notes}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
