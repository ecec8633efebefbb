"""The heads-up preflop table: its generator (on Dask), its contents and its lookups.

Expected counts come from enumerations that share nothing with the generator's
kernel (``tablegen.preflop_kernel``): every board through
``lookup.odds.holdem.kernel`` (the batch showdown path), and for tiny decks the
reference classifier, best five of seven.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lookup.core.cards import DECK
from lookup.core.errors import DuplicateCardError, RangeError
from lookup.core.tablefile import decode_table, source_table_dir
from lookup.odds.holdem.heads_up import (
    class_versus,
    heads_up,
    preflop_equity,
    range_vs_range,
    versus_random,
)
from lookup.preflop.classes import CLASS_NAMES, class_index, class_of_combo
from lookup.preflop.matchups import matchup_cards, matchup_key, matchup_keys
from lookup.preflop.table import BOARDS
from lookup.ranges.holdem import ALL_COMBOS, parse_range
from tablegen.preflop import blocks_of, canonical_keys, collect, read_block, run_blocks
from tablegen.preflop_kernel import showdown_counts
from tablegen.preflop_table import check_preflop_tables
from tests.reference_classes import reference_best
from tests.terminal import run_on_terminal

ROOT = Path(__file__).resolve().parent.parent
TABLE = source_table_dir() / "preflop"


@pytest.fixture(scope="module")
def table() -> dict[int, tuple[int, int]]:
    """The committed matchup table, key -> (wins of the first holding, ties), read plainly."""
    decoded = decode_table((TABLE / "matchups.msgpack").read_bytes(), "matchups", "matchups")
    keys, wins, ties = (decoded.arrays[k] for k in ("key", "win", "tie"))
    return {k: (w, t) for k, w, t in zip(keys, wins, ties, strict=True)}


def direct_counts(first: tuple[int, int], second: tuple[int, int]) -> tuple[int, int, int]:
    """(wins of first, ties, boards): every board from the other 48 cards, batch kernel."""
    from lookup.odds.holdem.kernel import enumerate_boards, player_classes

    deck = [c for c in range(52) if c not in (*first, *second)]
    wins = ties = boards = 0
    for chunk in enumerate_boards([], deck):
        parts = chunk.boards()
        a, b = player_classes(parts, *first), player_classes(parts, *second)
        wins += int(np.count_nonzero(a < b))
        ties += int(np.count_nonzero(a == b))
        boards += len(parts)
    return wins, ties, boards


def brute_counts(
    first: tuple[int, int], second: tuple[int, int], deck: list[int]
) -> tuple[int, int, int]:
    """(wins, ties, boards) over every board from a small ``deck``, by the reference classifier."""
    wins = ties = boards = 0
    for board in combinations(deck, 5):
        a = reference_best([DECK[c] for c in (*first, *board)])
        b = reference_best([DECK[c] for c in (*second, *board)])
        wins, ties, boards = wins + (a < b), ties + (a == b), boards + 1
    return wins, ties, boards


def sample_keys(count: int, seed: int) -> list[int]:
    return sorted(random.Random(seed).sample(canonical_keys(), count))


# --- the kernel against independent enumerations ---------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "deck"),
    [
        # Mostly spades left: board flushes, flushes made with one or two hole cards.
        ((51, 47), (50, 3), [43, 39, 35, 31, 27, 23, 19, 0, 46]),
        ((51, 50), (47, 46), [43, 39, 35, 31, 27, 42, 38, 34, 1]),
        # Straights, wheels and pairs on a rainbow-ish deck.
        ((48, 1), (14, 17), [2, 6, 10, 13, 21, 25, 40, 44, 45]),
    ],
)
def test_kernel_equals_reference_brute_force_on_tiny_decks(
    first: tuple[int, int], second: tuple[int, int], deck: list[int]
) -> None:
    dead = [c for c in range(52) if c not in (*first, *second, *deck)]
    assert showdown_counts(first, second, dead) == brute_counts(first, second, deck)


@settings(max_examples=12, deadline=None)
@given(st.randoms(use_true_random=False))
def test_kernel_equals_reference_on_random_tiny_decks(rng: random.Random) -> None:
    cards = rng.sample(range(52), 13)
    first, second, deck = (cards[0], cards[1]), (cards[2], cards[3]), cards[4:]
    dead = [c for c in range(52) if c not in cards]
    assert showdown_counts(first, second, dead) == brute_counts(first, second, deck)


def test_table_sample_equals_direct_enumeration(table: dict[int, tuple[int, int]]) -> None:
    for key in sample_keys(12, seed=2026):
        first, second = matchup_cards(key)
        wins, ties, boards = direct_counts(first, second)
        assert boards == BOARDS
        assert table[key] == (wins, ties), hex(key)


# --- the Dask job ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        yield local


def test_local_cluster_slice_equals_table_and_enumeration(
    cluster: object, tmp_path: Path, table: dict[int, tuple[int, int]]
) -> None:
    from distributed import Client

    keys = sample_keys(36, seed=7)
    blocks = blocks_of(keys, 6)
    with Client(cluster) as client:
        report = run_blocks(blocks, tmp_path, client)
    assert (report.blocks, report.computed, report.complete) == (6, 6, True)
    counts = collect(blocks, tmp_path)
    assert counts == [table[k] for k in keys]
    for key, found in list(zip(keys, counts, strict=True))[:4]:
        assert found == direct_counts(*matchup_cards(key))[:2]


def test_stopped_run_resumes_without_redoing_blocks(
    cluster: object, tmp_path: Path, table: dict[int, tuple[int, int]]
) -> None:
    from distributed import Client

    keys = sample_keys(20, seed=11)
    blocks = blocks_of(keys, 5)
    with Client(cluster) as client:
        first = run_blocks(blocks, tmp_path, client, max_blocks=2)
        assert (first.computed, first.complete) == (2, False)
        done = sorted(tmp_path.glob("block-*.json"))
        stamps = {p: p.stat().st_mtime_ns for p in done}
        # A block cut short (a killed client) must not count as finished.
        (tmp_path / "block-0003.json").write_text('{"generator": "x", "keys": [')
        second = run_blocks(blocks, tmp_path, client)
    assert (second.computed, second.complete) == (2, True)
    assert all(p.stat().st_mtime_ns == stamp for p, stamp in stamps.items())
    assert collect(blocks, tmp_path) == [table[k] for k in keys]
    assert read_block(tmp_path, 0, [1, 2, 3]) is None  # written for other keys: not reused


def test_interrupted_command_resumes_where_it_stopped(
    tmp_path: Path, table: dict[int, tuple[int, int]]
) -> None:
    pytest.importorskip("distributed")
    work = tmp_path / "work"
    out = str(tmp_path / "out")
    command = [sys.executable, "-m", "tablegen", "preflop", "--workers", "1", "--quiet",
               "--work", str(work), "--out", out, "--block-size", "8"]  # fmt: skip
    first = subprocess.Popen([*command, "--max-blocks", "40"], cwd=ROOT, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not list(work.glob("block-*.json")) and time.monotonic() < deadline:
        time.sleep(0.1)
    first.send_signal(signal.SIGINT)
    _, err = first.communicate(timeout=120)
    assert first.returncode == 130, err
    assert b"resume" in err and b"Traceback" not in err
    kept = {p: p.stat().st_mtime_ns for p in work.glob("block-*.json")}
    assert 1 <= len(kept) < 40
    second = subprocess.run([*command, "--max-blocks", "3"], cwd=ROOT, capture_output=True)
    assert second.returncode == 0, second.stderr
    assert all(p.stat().st_mtime_ns == stamp for p, stamp in kept.items())
    assert len(list(work.glob("block-*.json"))) == len(kept) + 3
    keys = canonical_keys()
    for path in work.glob("block-*.json"):
        index = int(path.stem.split("-")[1])
        block = read_block(work, index, keys[8 * index : 8 * index + 8])
        assert block == [table[k] for k in keys[8 * index : 8 * index + 8]]


def test_scheduler_option_uses_a_running_cluster(cluster: object, tmp_path: Path) -> None:
    from tablegen.preflop_command import preflop_main

    address = cluster.scheduler_address  # type: ignore[attr-defined]
    work, out = tmp_path / "work", tmp_path / "out"
    args = ["--scheduler", address, "--work", str(work), "--out", str(out), "--max-blocks", "1"]
    assert preflop_main([*args, "--quiet"]) == 0
    keys = canonical_keys()
    block = read_block(work, 0, keys[:256])
    assert block is not None and not out.exists()  # one block of 184: no table yet
    assert block[:3] == [showdown_counts(*matchup_cards(k))[:2] for k in keys[:3]]


def test_unreachable_scheduler_is_one_line_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("distributed")
    import tablegen.cluster
    from tablegen.preflop_command import preflop_main

    monkeypatch.setattr(tablegen.cluster, "CONNECT_TIMEOUT", "1s")
    status = preflop_main(["--scheduler", "tcp://127.0.0.1:9", "--work", str(tmp_path), "--quiet"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "scheduler" in err and "Traceback" not in err


# --- what the table says --------------------------------------------------------------------


def test_published_values() -> None:
    assert round(heads_up("AsAh", "KsKh").equity, 6) == 0.826366
    assert round(heads_up("AhKh", "2c2d").equity, 6) == 0.500842
    aces = versus_random("AA")
    assert (round(aces.equity, 6), round(aces.win, 6), round(aces.tie, 6)) == (
        0.852037,
        0.849319,
        0.005436,
    )


def test_whole_table_invariants(table: dict[int, tuple[int, int]]) -> None:
    assert len(table) == 47_008
    for key, (wins, ties) in table.items():
        assert wins >= 0 and ties >= 0 and wins + ties <= BOARDS
        first, second = matchup_cards(key)
        # Holdings alike up to suits (AsAh vs AdAc) split every outcome evenly.
        if matchup_key(second, first) == (key, False):
            assert wins == BOARDS - wins - ties, hex(key)


def test_swapping_and_relabelling_suits_keeps_the_answer() -> None:
    rng = random.Random(5)
    for _ in range(300):
        cards = rng.sample(range(52), 4)
        a, b = (cards[0], cards[1]), (cards[2], cards[3])
        perm = rng.sample(range(4), 4)
        relabel = [(c & ~3) | perm[c & 3] for c in cards]
        forward = heads_up([DECK[c] for c in a], [DECK[c] for c in b])
        backward = heads_up([DECK[c] for c in b], [DECK[c] for c in a])
        moved = heads_up([DECK[c] for c in relabel[:2]], [DECK[c] for c in relabel[2:]])
        assert backward == forward.reversed() and moved == forward


def test_class_pairs_count_every_compatible_pair_once() -> None:
    pairs: dict[tuple[int, int], int] = {}
    for a in ALL_COMBOS:
        for b in ALL_COMBOS:
            if not set(a) & set(b):
                cell = (class_of_combo(a), class_of_combo(b))
                pairs[cell] = pairs.get(cell, 0) + 1
    for (row, column), count in random.Random(3).sample(sorted(pairs.items()), 40):
        assert class_versus(CLASS_NAMES[row], CLASS_NAMES[column]).showdowns == count * BOARDS
    # Over every ordered pair of hands the pot splits evenly: equity exactly one half.
    total = [versus_random(name) for name in CLASS_NAMES]
    assert sum(r.wins for r in total) == sum(r.losses for r in total)


def test_class_versus_is_the_average_over_its_combos() -> None:
    for first, second in (("AKo", "QQ"), ("76s", "76s"), ("A5s", "AKo"), ("22", "32o")):
        expected = range_vs_range(parse_range(first), parse_range(second))
        assert class_versus(first, second) == expected


@pytest.mark.parametrize(
    ("first", "second"), [("QQ+, AKs", "JJ-99"), ("AsKs", "QQ+, AKo"), ("22+", "A2s+, KQo")]
)
def test_range_vs_range_is_the_average_over_compatible_fixed_pairs(first: str, second: str) -> None:
    wins = ties = pairs = 0
    for a in parse_range(first):
        for b in parse_range(second):
            if set(a) & set(b):
                continue
            result = heads_up([DECK[c] for c in a], [DECK[c] for c in b])
            wins, ties, pairs = wins + result.wins, ties + result.ties, pairs + 1
    found = range_vs_range(first, second)
    assert (found.wins, found.ties, found.showdowns) == (wins, ties, pairs * BOARDS)


def test_equity_answers_from_the_table_like_the_enumeration() -> None:
    from lookup import equity

    table_result = equity(["AsKd", "QQ"])
    assert table_result == preflop_equity(["AsKd", "QQ"])
    # The same question with a dead card nobody can use goes through the enumeration.
    wins = ties = 0
    for q in parse_range("QQ"):
        w, t, _ = direct_counts((51, 45), q)
        wins, ties = wins + w, ties + t
    n = 6 * BOARDS
    assert table_result[0].win == wins / n and table_result[0].tie == ties / n
    assert table_result.boards == n and table_result[1].combos == 6
    # Sampling asked for: the table stays out of it.
    assert not equity(["AsKd", "QQ"], samples=1000, seed=1).exact


def test_table_answer_equals_the_enumeration_for_two_ranges() -> None:
    from lookup import equity

    from_table = equity(["AKs", "QQ, JsTs"])
    # A seed keeps the table out of it: the same question, every board enumerated.
    enumerated = equity(["AKs", "QQ, JsTs"], exact=True, seed=0)
    assert enumerated.exact and from_table.exact
    assert from_table.players == enumerated.players and from_table.boards == enumerated.boards


def test_bad_inputs_raise_package_errors() -> None:
    with pytest.raises(DuplicateCardError):
        heads_up("AsAh", "AsKd")
    with pytest.raises(RangeError):
        range_vs_range("AsAh", "AsKs, AhKh")  # every pair shares a card
    with pytest.raises(RangeError):
        class_index("AK")


# --- canonicalisation -----------------------------------------------------------------------

holdings = st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True)


@settings(max_examples=300, deadline=None)
@given(holdings, st.permutations(range(4)), st.booleans(), st.booleans())
def test_matchup_key_round_trips(cards: list[int], perm: list[int], swap: bool, flip: bool) -> None:
    a, b = (cards[0], cards[1]), (cards[2], cards[3])
    key, swapped = matchup_key(a, b)
    x, y = matchup_cards(key)
    assert matchup_key(x, y) == (key, False)
    # Same ranks on each side, and the same pattern of equal suits.
    ranks = sorted(c >> 2 for c in a), sorted(c >> 2 for c in b)
    shown = sorted(c >> 2 for c in x), sorted(c >> 2 for c in y)
    assert (shown if not swapped else shown[::-1]) == ranks
    relabelled = [(c & ~3) | perm[c & 3] for c in cards]
    c, d = (relabelled[0], relabelled[1]), (relabelled[2], relabelled[3])
    if flip:
        c = (c[1], c[0])
    if swap:
        c, d = d, c
    assert matchup_key(c, d)[0] == key
    vector_key, vector_swapped = matchup_keys(np.array([a]), np.array([b]))
    assert (int(vector_key[0]), bool(vector_swapped[0])) == (key, swapped)


def test_there_are_47008_matchups() -> None:
    assert len(canonical_keys()) == 47_008
    assert comb(52, 2) * comb(50, 2) // 2 == 812_175


# --- tablegen --check and the command line --------------------------------------------------


def test_check_passes_on_the_committed_table_and_names_a_damaged_one(tmp_path: Path) -> None:
    assert check_preflop_tables(TABLE, sample=3) == []
    damaged = tmp_path / "preflop"
    damaged.mkdir()
    (damaged / "classes.msgpack").write_bytes((TABLE / "classes.msgpack").read_bytes())
    data = bytearray((TABLE / "matchups.msgpack").read_bytes())
    data[-1] ^= 1
    (damaged / "matchups.msgpack").write_bytes(bytes(data))
    problems = check_preflop_tables(damaged, sample=3)
    assert len(problems) == 1 and "corrupted" in problems[0]


def test_check_refuses_a_table_from_another_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    import tablegen.preflop

    monkeypatch.setattr(tablegen.preflop, "GENERATOR", "some other method")
    problems = check_preflop_tables(TABLE, sample=1)
    assert len(problems) == 1 and "another generator" in problems[0]


def pokerlookup(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    return subprocess.run(
        [sys.executable, "-m", "lookup", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip


def test_cli_grid_plain_in_a_pipe_and_json_agrees() -> None:
    done = pokerlookup("preflop")
    assert done.returncode == 0 and "\033[" not in done.stdout
    rows = done.stdout.splitlines()[3:]
    assert len(rows) == 13 and rows[0].split()[:2] == [
        "A",
        f"{100 * versus_random('AA').equity:.1f}",
    ]
    data = json.loads(pokerlookup("preflop", "--json").stdout)
    assert data["classes"]["32o"]["equity"] == versus_random("32o").equity


def test_cli_vs_range_and_bad_input() -> None:
    data = json.loads(pokerlookup("preflop", "--vs", "QQ+, AKs", "--json").stdout)
    assert data["classes"]["AKo"]["equity"] == range_vs_range("AKo", "QQ+, AKs").equity
    bad = pokerlookup("preflop", "--vs", "AsKx")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_cli_colours_on_a_terminal() -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    status, shown, _ = run_on_terminal(
        [sys.executable, "-m", "lookup", "preflop"], cwd=ROOT, env=env
    )
    assert status == 0 and "\033[" in shown


def test_cli_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "chart.png"
    assert pokerlookup("preflop", "--png", str(picture)).returncode == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
