"""Many mixed, mostly wrong inputs at the public entry points: only package errors come out.

A seeded generator builds 100,000+ inputs (near-card strings with lookalike
characters, bytes, nested lists and arrays, huge ints, floats, None, numpy
scalars, valid hands) and feeds them to ``parse_cards``, ``evaluate`` under
every ranking, ``parse_range``, ``showdown``, ``equity`` (tiny sample counts)
and the command line in process. Any exception that is not a
:class:`~lookup.core.errors.PokerLookupError` (or the CLI's exit status 2) fails.
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import lookup
from lookup.cli.main import main
from lookup.core.errors import PokerLookupError
from lookup.core.rules import BUILTIN_RANKINGS

SEED = 20261122
LOOKALIKES = (
    "\u017f\u017f\u0391\u0410\uff21\U0001d400\uff2b\U0001d40a\u039a\uff11\uff10\u0665"
    "\uff15\uff53\U0001d42c\u0455\u2664\u2660\u24e2\u200b\u00a0\ufeff\u000a\u0009"
)
TOKENS = [
    *(r + s for r in "23456789TJQKAtjqka" for s in "cdhsCDHS♣♦♥♠"),
    "10h", "1h", "11s", "Ax", "", " ", ",", "AKs", "QQ+", "A5s-A2s", "15%", "random", "%",
]  # fmt: skip


def _junk_text(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(0, 9)):
        token = rng.choice(TOKENS)
        if rng.random() < 0.3:  # swap in a lookalike
            at = rng.randrange(len(token) + 1)
            token = token[:at] + rng.choice(LOOKALIKES) + token[at:]
        parts.append(token)
    return rng.choice([" ", ",", "", ", "]).join(parts)


def _junk(rng: random.Random) -> Any:
    kind = rng.randrange(12)
    if kind < 4:
        return _junk_text(rng)
    if kind == 4:
        return _junk_text(rng).encode("utf-8", "replace")
    if kind == 5:
        return [rng.randrange(-3, 60) for _ in range(rng.randint(0, 9))]
    if kind == 6:
        return [rng.choice([10**rng.randint(1, 5000), -1, 2.5, None, True, "As", [1, 2], (3,)])
                for _ in range(rng.randint(1, 7))]  # fmt: skip
    if kind == 7:
        return np.arange(rng.randint(0, 12)).reshape(-1, 1) if rng.random() < 0.5 else np.arange(10)
    if kind == 8:
        return [np.int64(rng.randrange(52)) for _ in range(rng.randint(4, 8))]
    if kind == 9:
        return tuple(rng.sample(lookup.DECK, rng.randint(3, 9)))
    if kind == 10:
        return rng.choice([None, 3, 2.5, object(), {"As": 1}, {"As", "Kd"}])
    return " ".join(str(c) for c in rng.sample(lookup.DECK, rng.randint(1, 9)))


def _call(function: Callable[..., object], *args: Any, **kwargs: Any) -> None:
    with contextlib.suppress(PokerLookupError):
        function(*args, **kwargs)


@pytest.mark.parametrize("chunk", range(4))
def test_cards_and_evaluate_raise_only_package_errors(chunk: int) -> None:
    rng = random.Random(SEED + chunk)
    for _ in range(25_000):
        value = _junk(rng)
        board = _junk(rng) if rng.random() < 0.2 else None
        rules = rng.choice(BUILTIN_RANKINGS)
        _call(lookup.parse_cards, value)
        _call(lookup.evaluate, value, board, rules=rules)


def test_ranges_raise_only_package_errors() -> None:
    rng = random.Random(SEED)
    for _ in range(20_000):
        text = _junk_text(rng)
        _call(lookup.parse_range, text)


def test_showdown_and_equity_raise_only_package_errors() -> None:
    rng = random.Random(SEED)
    for _ in range(3_000):
        players = {f"p{i}": _junk(rng) for i in range(rng.randint(0, 3))}
        board = _junk(rng) if rng.random() < 0.5 else None
        _call(lookup.showdown, players, board=board)
    for _ in range(150):
        holdings = [_junk_text(rng) or "random" for _ in range(rng.randint(1, 3))]
        _call(lookup.equity, holdings, samples=200, seed=1)


def test_command_line_exits_0_or_2_with_one_stderr_line() -> None:
    rng = random.Random(SEED)
    commands = ["eval", "showdown", "equity", "census", "rules", "bogus"]
    for _ in range(1_500):
        argv = [rng.choice(commands), *(_junk_text(rng) for _ in range(rng.randint(0, 3)))]
        if argv[0] == "census":
            continue  # counting millions of hands is not fuzzing; its arguments are tested apart
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            try:
                status = main(argv)
            except SystemExit as exit_:
                status = exit_.code  # type: ignore[assignment]
        assert status in (0, 2), (argv, status)
        if status == 2:
            assert err.getvalue().count("\n") == 1, (argv, err.getvalue())
