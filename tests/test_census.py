"""The enumerator covers every hand once, and the census reproduces the published counts."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from lookup.batch.census import census, hand_slices, iter_hand_keys, iter_hands
from lookup.batch.evaluate import classes_of_keys, evaluate_batch, hand_keys
from lookup.cli.main import main
from lookup.core.errors import HandSizeError, PokerLookupError
from tests import published

FIVE_CARD_COUNTS = published.FIVE_CARD_COUNTS
SEVEN_CARD_COUNTS = published.SEVEN_CARD_COUNTS


def card_sets(rows: np.ndarray) -> np.ndarray:
    """Each row of card indices as a 52-bit set."""
    return np.bitwise_or.reduce(np.uint64(1) << rows.astype(np.uint64), axis=1)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_slices_cover_every_hand(size: int) -> None:
    slices = list(hand_slices(size, chunk_rows=10_000))
    assert sum(s.rows for s in slices) == math.comb(52, size)
    assert max(s.rows for s in slices) <= 10_000


def test_five_card_hands_are_exactly_the_combinations() -> None:
    got = np.concatenate(list(iter_hands(5, chunk_rows=100_000)))
    expected = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    assert len(got) == len(expected)
    assert np.array_equal(np.sort(card_sets(got)), np.sort(card_sets(expected)))


def test_six_card_hands_are_distinct_ascending_and_all_there() -> None:
    sets = []
    for chunk in iter_hands(6, chunk_rows=1 << 20):
        assert chunk.dtype == np.uint8
        assert (np.diff(chunk.astype(np.int16), axis=1) > 0).all()
        sets.append(card_sets(chunk))
    every = np.sort(np.concatenate(sets))
    assert len(every) == math.comb(52, 6)
    assert (every[1:] != every[:-1]).all()  # no hand twice (sorting beats np.unique here)


def test_keys_stream_matches_keys_of_the_hands() -> None:
    for hands, (products, codes) in zip(
        iter_hands(7, 1 << 14), iter_hand_keys(7, 1 << 14), strict=True
    ):
        want_products, want_codes = hand_keys(np.ascontiguousarray(hands.T, dtype=np.intp))
        assert np.array_equal(products, want_products)
        assert np.array_equal(codes, want_codes)
        if len(hands) > 5_000:  # a few real chunks are enough
            assert np.array_equal(classes_of_keys(products, codes, 7), evaluate_batch(hands))
            break


def test_five_card_census() -> None:
    result = census(5)
    assert result.hands == math.comb(52, 5)
    assert result.category_counts == FIVE_CARD_COUNTS
    assert result.royal_flushes == published.FIVE_CARD_ROYAL_FLUSHES
    assert result.distinct_classes == published.DISTINCT_CLASSES[5]
    assert all(count > 0 for count in result.class_counts[1:])


def test_six_card_census_reaches_6075_classes() -> None:
    result = census(6)
    assert result.hands == 20_358_520
    assert result.distinct_classes == published.DISTINCT_CLASSES[6]
    assert result.royal_flushes == 4 * 47  # a royal plus any other card


def test_seven_card_census_matches_published_counts() -> None:
    result = census(7)
    assert result.hands == 133_784_560
    assert result.category_counts == SEVEN_CARD_COUNTS
    assert result.royal_flushes == published.SEVEN_CARD_ROYAL_FLUSHES
    assert result.distinct_classes == published.DISTINCT_CLASSES[7]


def test_jobs_give_the_same_counts() -> None:
    one = census(6, jobs=1)
    two = census(6, jobs=2)
    assert two.jobs == 2
    assert two.class_counts == one.class_counts


def test_bad_arguments() -> None:
    with pytest.raises(HandSizeError, match="5, 6 or 7 cards, got 4"):
        census(4)
    with pytest.raises(PokerLookupError, match="jobs must be 0"):
        census(5, jobs=-2)
    with pytest.raises(PokerLookupError, match="chunk_rows must be at least 1"):
        next(iter_hands(5, chunk_rows=0))


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["census", "5", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 2_598_960
    assert out["categories"] == {c.name.lower(): n for c, n in FIVE_CARD_COUNTS.items()}
    assert next(iter(out["categories"])) == "straight_flush"
    assert out["royal_flush"] == 4
    assert out["distinct_classes"] == 7_462
    assert out["hands_per_second"] > 0


def test_cli_text_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["census", "5", "--jobs", "2"]) == 0
    captured = capsys.readouterr()
    assert "Full House" in captured.out
    assert "3,744" in captured.out
    assert "distinct classes: 7,462" in captured.out
    assert "2 processes" in captured.out
    assert captured.err == ""  # stderr is no terminal here: no progress drawn


def test_progress_is_drawn_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("lookup.core.progress._isatty", lambda stream: True)
    assert main(["census", "5"]) == 0
    assert "2.60M/2.60M" in capsys.readouterr().err  # tqdm's bar, scaled units


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["census", "8"], "invalid choice: 8"),
        (["census", "seven"], "invalid int value"),
        (["census", "7", "--jobs", "-1"], "must be a whole number from 0 to "),
        (["census", "7", "--jobs", "x"], "whole number from 0 to"),
    ],
)
def test_cli_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_cli_without_numpy_is_one_line_exit_2() -> None:
    code = (
        "import sys\n"
        "sys.modules['numpy'] = None  # as if numpy were not installed\n"
        "from lookup.cli.main import main\n"
        "sys.exit(main(['census', '5']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert (
        done.stderr
        == "pokerlookup: error: the census needs numpy: pip install 'pokerlookup[numpy]'\n"
    )


_REPEATED_CENSUS = """
import sys
from lookup.cli.main import main
while True:  # until the interrupt, which lands inside a pooled run
    status = main(["census", "7", "--jobs", "2", "--no-progress"])
    if status:
        sys.exit(status)
"""


def _proc_stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (field 3 on), or None if gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _session_processes(session: int) -> list[int]:
    """Every live process of the session (a zombie is gone: it only awaits its parent)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _proc_stat(int(entry.name))
            if fields is not None and int(fields[3]) == session and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def _workers(parent: int) -> list[int]:
    children = Path(f"/proc/{parent}/task/{parent}/children")
    try:
        return [int(pid) for pid in children.read_text().split() if not _is_tracker(int(pid))]
    except OSError:
        return []


def _is_tracker(pid: int) -> bool:
    """Python's multiprocessing resource tracker: one helper per process that ever used
    multiprocessing's named resources (Dask does, in the preflop tests), which ends when
    its parent does; not a worker, and not left behind."""
    try:
        return b"multiprocessing.resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _has_counted(pid: int) -> bool:
    fields = _proc_stat(pid)  # utime and stime, in clock ticks: fields 14 and 15
    return fields is not None and int(fields[11]) + int(fields[12]) > 0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("moment", ["a worker exists", "a worker has counted"])
def test_ctrl_c_during_a_pooled_census_is_one_line_and_status_130(moment: str) -> None:
    # Ctrl-C reaches the terminal's whole process group: the parent and every worker.
    # It is sent once a worker exists (it may not have reached its initializer yet) or
    # has done work: found by watching the process table, never by guessing a delay.
    process, err = ctrl_c_at(_REPEATED_CENSUS, moment)
    assert (process.returncode, err) == (130, "pokerlookup: interrupted\n")
    assert _session_processes(process.pid) == [], "a worker outlived the census"


def ctrl_c_at(script: str, moment: str) -> tuple[subprocess.Popen[str], str]:
    """Run ``script`` (a pooled run repeated until interrupted) in a session of its own
    and send Ctrl-C to the whole group at ``moment``: "a worker exists" or "a worker has
    counted". Returns the ended process and its stderr."""
    process = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        # Only the moment is waited for, however loaded the machine (a bound only so
        # that a broken pool cannot hang the suite).
        deadline = time.monotonic() + 300
        while process.poll() is None and time.monotonic() < deadline:
            workers = _workers(process.pid)
            if workers and (moment == "a worker exists" or any(map(_has_counted, workers))):
                break
            os.sched_yield()
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)  # it used to hang in 2 of 10 tries
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    return process, err


def test_jobs_are_capped() -> None:
    from lookup.batch.census import max_jobs

    assert max_jobs() == 4 * (os.cpu_count() or 1)
    with pytest.raises(PokerLookupError, match="up to") as info:
        census(5, jobs=1000)
    assert info.value.token == 1000
