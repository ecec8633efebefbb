"""Equity on every core: workers, chunked seeds, early stops, and Ctrl-C with a pool.

Exact answers are checked against the brute-force reference of
``tests/game_equity_reference.py`` (itertools and tablegen's classifier), split
over several processes; sampled answers against each other across worker counts
(the property: one seed and one sample count, one answer) and against the
reference within four standard errors.
"""

from __future__ import annotations

import json
import math
import os
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from lookup import PokerLookupError, equity, parse_cards
from lookup.cli.main import main
from lookup.core.pool import max_workers, run_tasks
from lookup.odds.results import SAMPLE_CHUNK, Counts
from tests.game_equity_reference import reference_equity
from tests.test_census import _session_processes, _workers, ctrl_c_at


def _cards(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


def _figures(result: object) -> tuple[object, ...]:
    """Everything a result says, player by player, to compare two runs exactly."""
    players = tuple(
        (p.hand, p.equity, p.win, p.tie, p.std_error, p.boards, p.combos, p.scoop, p.win_low,
         p.equity_fraction)
        for p in result  # type: ignore[attr-defined]
    )  # fmt: skip
    return (players, result.exact, result.boards, result.seed, result.stopped)  # type: ignore[attr-defined]


# -- exact runs split over workers, against the brute-force reference ---------------------


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        ("holdem", ["As Ah", "Ks Kh", "Qd Qc"], "2c 7d 9h"),  # one assignment: split by card
        ("holdem", ["Ac Kd", "7s 7h"], "2c 7d 9h 4s"),
        ("razz", ["Ah 2d 5c 7c 8c 9c", "Kh Kd 3s 4s 5s Qc"], None),  # one piece
        ("omaha-hilo", ["As 2h Ks 3h", "Qd Qc 4d 5c"], "6s 7h 8d"),
    ],
)
@pytest.mark.parametrize("workers", [2, 3])
def test_exact_runs_split_over_workers_match_the_reference(
    game: str, hands: list[str], board: str | None, workers: int
) -> None:
    result = equity(hands, board, game=None if game == "holdem" else game, exact=True,
                    workers=workers)  # fmt: skip
    expected = reference_equity(game, [_cards(h) for h in hands], _cards(board or ""))
    assert result.exact and result.boards == expected.deals
    for player, share, wins, ties in zip(
        result, expected.equity, expected.win, expected.tie, strict=True
    ):
        assert player.equity == pytest.approx(float(share), abs=1e-12)
        assert round(player.win * expected.deals) == wins
        assert round(player.tie * expected.deals) == ties
        if player.equity_fraction is not None:  # the generic engine's exact fraction
            assert player.equity_fraction == share


def test_exact_ranges_split_by_assignment_match_the_reference() -> None:
    # KK against a fixed AsAh on a turn: six combos, each with every river, each assignment
    # weighing the same; the reference walks each combo's rivers.
    board = "2c 7d 9h 4s"
    combos = ["Kc Kd", "Kc Kh", "Kc Ks", "Kd Kh", "Kd Ks", "Kh Ks"]
    total = Fraction(0)
    for kings in combos:
        total += reference_equity("holdem", [_cards("As Ah"), _cards(kings)], _cards(board)).equity[
            0
        ]
    expected = total / len(combos)
    for workers in (1, 2, 3):
        result = equity(["AsAh", "KK"], board, exact=True, workers=workers)
        assert result.boards == 6 * 44
        assert result[0].equity == pytest.approx(float(expected), abs=1e-12)


def test_ranges_that_allow_one_deal_split_by_card_match_the_reference() -> None:
    # Of four pairs of combos only 3d3c against Ah2c shares no card: one assignment,
    # though each range lists two combos (and the held 2c, 3c are the lowest cards).
    hands, board = ["AsAh, 3d3c", "As3d, Ah2c"], "Kc 7d 9h"
    expected = reference_equity("holdem", [_cards("3d 3c"), _cards("Ah 2c")], _cards(board))
    for workers in (1, 2, 3):
        result = equity(hands, board, exact=True, workers=workers)
        assert result.boards == expected.deals
        assert result[0].equity == pytest.approx(float(expected.equity[0]), abs=1e-12)


def test_exact_runs_are_identical_for_any_number_of_workers() -> None:
    # A preflop enumeration with a dead card (one assignment, 1,533,939 boards) and a
    # range spot after the flop (many assignments).
    for hands, board, dead in (
        (["AsAh", "KsKh"], None, "2c"),
        (["QQ+", "JJ-99", "AKs"], "2c7d9h", None),
    ):
        runs = [_figures(equity(hands, board, dead, exact=True, workers=w)) for w in (1, 2, 3)]
        assert runs[0] == runs[1] == runs[2]
    # The generic engine splits listed assignments (here short deck's ranges).
    hands, board = ["AKs, QQ+", "TT+, AQo"], "6c 7d 9h"
    runs = [
        _figures(equity(hands, board, game="short-deck", exact=True, workers=w)) for w in (1, 2, 3)
    ]
    assert runs[0] == runs[1] == runs[2]


# -- sampled runs: one seed and one sample count, one answer --------------------------------


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        (None, ["QQ+, AKs", "JJ-99, AQs", "TT-77, AJs"], None),
        (None, ["AsAh", "KsKh"], "2c 7d 9h"),
        (None, ["AKs", "random", "random"], None),
        ("omaha", ["AAxx", "KKxx ds"], None),  # too many assignments to list
        ("omaha", ["AAxx ds", "KKxx ds"], None),  # 577,176 listed: workers list them again
        ("short-deck", ["AKs, QQ+, 88-66", "TT+, AQo+, KQs"], None),
        ("stud-hilo", ["Ah 2d 5c", "Kh Kd 3s", "random"], None),
    ],
)
def test_a_seed_and_a_sample_count_give_one_answer_for_any_workers(
    game: str | None, hands: list[str], board: str | None
) -> None:
    samples = 2 * SAMPLE_CHUNK + 1_000  # three chunks, the last one short
    runs = [
        _figures(equity(hands, board, game=game, samples=samples, seed=11, workers=w))
        for w in (1, 2, 3)
    ]
    assert runs[0] == runs[1] == runs[2]
    assert runs[0][2] == samples


def test_sampled_answers_are_within_four_standard_errors_of_the_reference() -> None:
    hands, board = ["As Ah", "Ks Kh", "Qd Qc"], "2c 7d 9h"
    expected = reference_equity("holdem", [_cards(h) for h in hands], _cards(board))
    result = equity(hands, board, samples=4 * SAMPLE_CHUNK, seed=3, workers=2)
    for player, share in zip(result, expected.equity, strict=True):
        assert abs(player.equity - float(share)) < 4 * player.std_error


# -- early stops ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", [None, "omaha"])
def test_a_run_stops_at_the_first_chunk_where_every_error_is_below_the_target(
    game: str | None,
) -> None:
    hands = ["QQ+", "AKs", "random"] if game is None else ["AAxx", "KKxx", "random"]
    target = 0.0015
    result = equity(hands, game=game, seed=4, target_std_error=target, workers=2)
    assert result.stopped == "target_std_error"
    assert max(p.std_error for p in result) < target
    taken = result.boards
    assert taken % SAMPLE_CHUNK == 0 and taken < 10**6
    # One chunk fewer had not reached the target: the run stopped at the first chance.
    before = equity(hands, game=game, seed=4, samples=taken - SAMPLE_CHUNK, workers=1)
    assert max(p.std_error for p in before) >= target


@pytest.mark.parametrize("workers", [1, 2])
def test_a_run_that_stopped_early_is_repeated_by_its_seed_and_sample_count(workers: int) -> None:
    hands = ["QQ+, AKs", "JJ-99, AQs", "TT-77, AJs"]
    early = equity(hands, seed=9, target_std_error=0.0012, workers=workers)
    again = equity(hands, seed=9, samples=early.boards, workers=3 - workers)
    assert early.stopped == "target_std_error" and again.stopped is None
    assert _figures(early)[0] == _figures(again)[0]


def test_a_time_limit_stops_the_run_before_its_samples() -> None:
    # A limit shorter than any chunk: the run stops after its first chunk, whatever the
    # machine's speed (no timing is asserted beyond that).
    result = equity(["AKs", "random", "random"], seed=1, samples=20 * SAMPLE_CHUNK,
                    time_limit=1e-9, workers=2)  # fmt: skip
    assert (result.stopped, result.boards) == ("time_limit", SAMPLE_CHUNK)
    assert (
        _figures(result)[0]
        == _figures(equity(["AKs", "random", "random"], seed=1, samples=SAMPLE_CHUNK, workers=1))[0]
    )


def test_samples_bound_a_run_with_a_target_it_does_not_reach() -> None:
    result = equity(["QQ+", "AKs"], seed=2, samples=1_000, target_std_error=1e-9)
    assert (result.boards, result.stopped) == (1_000, None)


def test_a_target_met_at_the_last_chunk_is_no_early_stop() -> None:
    result = equity(["QQ+", "AKs"], seed=2, samples=SAMPLE_CHUNK, target_std_error=0.01)
    assert (result.boards, result.stopped) == (SAMPLE_CHUNK, None)
    assert result[0].std_error < 0.01


def test_an_exact_answer_needs_no_stopping() -> None:
    result = equity(["AsAh", "KsKh"], "2c 7d 9h", target_std_error=0.01, time_limit=1.0)
    assert result.exact and result.stopped is None


# -- bad values -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("workers", 0), ("workers", -1), ("workers", True), ("workers", 1.5), ("workers", "2"),
        ("workers", 10**6), ("target_std_error", 0), ("target_std_error", -0.1),
        ("target_std_error", math.nan), ("target_std_error", math.inf),
        ("target_std_error", True), ("target_std_error", "0.1"), ("time_limit", 0),
        ("time_limit", -1.0), ("time_limit", math.nan), ("time_limit", False),
    ],
)  # fmt: skip
def test_bad_values_are_refused_naming_the_value(option: str, value: object) -> None:
    with pytest.raises(PokerLookupError, match=f"^{option} must be") as info:
        equity(["QQ+", "AKs"], **{option: value})  # type: ignore[arg-type]
    assert info.value.token is value or (value != value and info.value.token != info.value.token)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("option", ["target_std_error", "time_limit"])
def test_a_stopping_rule_is_not_for_an_exact_run(option: str) -> None:
    with pytest.raises(PokerLookupError, match="not both") as info:
        equity(["AsAh", "KsKh"], exact=True, **{option: 1.0})  # type: ignore[arg-type]
    assert info.value.token == 1.0


# -- the pool itself ------------------------------------------------------------------------


def test_the_pool_gives_results_in_task_order_and_leaves_no_process() -> None:
    tasks = list(range(-20, 20))
    assert list(run_tasks(abs, tasks, 3)) == [abs(t) for t in tasks]
    assert sorted(run_tasks(abs, tasks, 2, ordered=False)) == sorted(abs(t) for t in tasks)
    results = run_tasks(abs, tasks, 2)
    next(results)
    results.close()  # stopping early terminates and joins the pool
    assert _workers(os.getpid()) == []


_STOPPED_WHILE_SENDING = """
import sys, time
from lookup.core.pool import run_tasks

class SlowToSend:  # still being pickled when the run stops, then too big for the pipe
    def __reduce__(self):
        time.sleep(1.0)
        return bytes, (b"x" * (1 << 20),)

def work(task):
    if task == b"busy":  # both workers busy: none is waiting on the task pipe
        time.sleep(3)
    return len(task)

results = run_tasks(work, iter([b"small", b"busy", b"busy", SlowToSend(), b"more"]), 2)
next(results)
time.sleep(0.3)
results.close()
print("stopped")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="forked workers")
def test_a_run_stopped_while_a_large_task_is_sent_still_ends() -> None:
    # multiprocessing's own terminate hangs here for good (CPython issues 73945, 96995):
    # its task handler finishes pickling a 1 MB task after the workers are gone.
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", _STOPPED_WHILE_SENDING], capture_output=True, text=True,
        timeout=60, env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)},
    )  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr) == (0, "stopped\n", "")


def test_counts_add_up_whatever_the_order() -> None:
    a = Counts(2, [1, 0], [1, 1], [7560, 2520], [5040**2 + 2520**2, 2520**2], [1, 0], [0, 1])
    b = Counts(1, [0, 1], [0, 0], [0, 5040], [0, 5040**2], [0, 1], [0, 0])
    assert a.plus(b) == b.plus(a)
    assert a.plus(b).deals == 3 and list(a.plus(b).shares) == [7560, 7560]


# -- the command line -----------------------------------------------------------------------


def test_cli_workers_give_the_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "QQ+", "AKs", "random", "--samples", "140000", "--seed", "7", "--json"]
    outputs = []
    for workers in ("1", "2"):
        assert main([*argv, "--workers", workers]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0])["stopped"] is None


def test_cli_target_and_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "QQ+", "AKs", "--seed", "5", "--target-std-error", "0.01"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == "sampled: 65,536 showdowns, seed 5, stopped at the target standard error"
    argv = ["equity", "QQ+", "AKs", "--seed", "5", "--time-limit", "1e-9", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["stopped"], data["samples"]) == ("time_limit", SAMPLE_CHUNK)


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--workers", "0"), ("--workers", "-1"), ("--workers", "1.5"), ("--workers", "x"),
        ("--workers", str(max_workers() + 1)), ("--target-std-error", "0"),
        ("--target-std-error", "nan"), ("--target-std-error", "-1"), ("--time-limit", "0"),
        ("--time-limit", "nan"), ("--time-limit", "inf"),
    ],
)  # fmt: skip
def test_cli_bad_values_are_one_line_and_status_2(
    flag: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["equity", "QQ+", "AKs", f"{flag}={value}"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    # The value as given: quoted when it is no number, as a number when out of range.
    assert err.count("\n") == 1 and flag in err
    assert repr(value) in err or err.endswith(f"got {value}\n"), err


def test_cli_stopping_rule_with_exact_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAh", "KsKh", "--exact", "--time-limit", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not both" in err


def test_progress_shows_the_current_standard_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("lookup.core.progress._isatty", lambda stream: True)
    monkeypatch.setattr("lookup.core.progress.PROGRESS_AFTER", 0.0)
    assert main(["equity", "QQ+", "AKs", "random", "--samples", "200000", "--seed", "1"]) == 0
    assert "s.e. 0." in capsys.readouterr().err


# -- Ctrl-C with workers --------------------------------------------------------------------

_REPEATED_EQUITY = """
import sys
from lookup.cli.main import main
while True:  # until the interrupt, which lands inside a pooled run
    status = main(["equity", "QQ+", "AKs", "random", "--samples", "2000000", "--seed", "1",
                   "--workers", "2", "--no-progress"])
    if status:
        sys.exit(status)
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("moment", ["a worker exists", "a worker has counted"])
def test_ctrl_c_during_pooled_equity_is_one_line_and_status_130(moment: str) -> None:
    # As the census's test: Ctrl-C reaches the whole process group, sent once a worker
    # exists or has done work, found by watching the process table, never by a delay.
    process, err = ctrl_c_at(_REPEATED_EQUITY, moment)
    assert (process.returncode, err) == (130, "pokerlookup: interrupted\n")
    assert _session_processes(process.pid) == [], "a worker outlived the equity run"


# -- evaluate_batch and the census over threads ----------------------------------------------


@pytest.mark.parametrize("rules", ["standard", "short-deck", "joker", "badugi"])
def test_evaluate_batch_gives_the_same_classes_for_any_workers(rules: str) -> None:
    import numpy as np

    from lookup import evaluate, get_ranking
    from lookup.batch.evaluate import evaluate_batch
    from lookup.batch.primitives import CHUNK_ROWS

    deck = np.array([card.index for card in get_ranking(rules).deck])
    rng = np.random.default_rng(5)
    rows = 9 * CHUNK_ROWS + 123  # parts of whole chunks, the last one short
    hands = deck[np.argsort(rng.random((rows, len(deck))), axis=1)[:, :7]]
    one = evaluate_batch(hands, rules=rules, workers=1)
    for workers in (2, 3, None):
        assert (evaluate_batch(hands, rules=rules, workers=workers) == one).all()
    # The reference: the scalar, checked evaluate of the same rows.
    for row in rng.choice(rows, 50, replace=False):
        cards = [int(c) for c in hands[row]]
        assert int(one[row]) == evaluate(cards, rules=rules).class_number


def test_evaluate_batch_names_the_first_bad_row_whatever_the_workers() -> None:
    import numpy as np

    from lookup import DuplicateCardError
    from lookup.batch.evaluate import evaluate_batch
    from lookup.batch.primitives import CHUNK_ROWS

    hands = np.tile(np.arange(7, dtype=np.uint8), (8 * CHUNK_ROWS, 1))
    late, early = 7 * CHUNK_ROWS + 5, 3 * CHUNK_ROWS + 1  # in different threads' parts
    hands[late, 6] = hands[late, 0]
    hands[early, 6] = hands[early, 0]
    messages = []
    for workers in (1, 2, 4):
        with pytest.raises(DuplicateCardError) as info:
            evaluate_batch(hands, workers=workers)
        messages.append(str(info.value))
    assert messages[0].startswith(f"row {early}:") and len(set(messages)) == 1


@pytest.mark.parametrize("workers", [0, -1, True, 1.5])
def test_evaluate_batch_refuses_bad_workers(workers: object) -> None:
    from lookup.batch.evaluate import evaluate_batch

    with pytest.raises(PokerLookupError, match=r"^workers must be") as info:
        evaluate_batch([[51, 47, 43, 39, 35]], workers=workers)  # type: ignore[arg-type]
    assert info.value.token is workers


@pytest.mark.parametrize(("rules", "size"), [("joker", 5), ("badugi", 4)])
def test_threaded_census_counts_the_same(rules: str, size: int) -> None:
    from lookup.batch.census import census

    assert census(size, rules=rules, jobs=2).class_counts == census(size, rules=rules).class_counts


def test_a_ctrl_c_swallowed_inside_a_command_still_ends_it_with_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cython's first-import hook discards errors raised by the Python code it runs, so a
    Ctrl-C landing in numpy's lazy ``import numpy.random`` once vanished: the command ran
    on (and the pooled Ctrl-C test above hung about 1 time in 20 on a loaded machine).
    Here the command itself swallows the interrupt; main still reports it."""
    import argparse
    import signal

    from lookup.cli import main as cli

    def swallowing(args: argparse.Namespace) -> int:
        try:
            signal.raise_signal(signal.SIGINT)
            for _ in range(1000):  # the handler runs at the next bytecode check
                pass
        except KeyboardInterrupt:
            pass  # what the extension's import did
        return 0

    monkeypatch.setattr(cli, "_parse", lambda argv: argparse.Namespace(run=swallowing))
    assert cli.main(["equity"]) == 130
    assert capsys.readouterr().err == "pokerlookup: interrupted\n"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
