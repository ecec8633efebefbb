"""Many mixed, mostly wrong inputs at the public entry points: only package errors come out.

A seeded generator builds 100,000+ inputs (near-card strings with lookalike
characters, bytes, nested lists and arrays, huge ints, floats, None, numpy
scalars, valid hands) and feeds them to ``parse_cards``, ``evaluate`` under
every ranking, ``parse_range``, ``showdown``, ``equity`` (tiny sample counts)
and the command line in process. Any exception that is not a
:class:`~lookup.core.errors.PokerLookupError` (or the CLI's exit status 2) fails.

Since issue 19 also: ``game=`` at every entry (deals of every game, boards of four
of a kind among them), ``contributions=``, rankings by name and by folder (the
wild-card ones too), Omaha ranges, ``range_vs_range`` combos, and showdown files
with ``--game`` and ``--chips`` on the command line; answered showdowns must
share the pot exactly and hand out every chip, and no child process may be left.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import lookup
from lookup.cli.main import main
from lookup.core.errors import PokerLookupError
from lookup.core.rules import BUILTIN_RANKINGS
from tests.test_census import _is_tracker

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


# -- issue 19: games, pots, wild cards by name and by folder, Omaha ranges, combos -----------

GAMES = tuple(game.name for game in lookup.games())
WILD = ("joker", "two-jokers", "deuces-wild", "bug")


def _rules(rng: random.Random) -> Any:
    """None, a ranking's name, its folder (a path, as a user's own would be), or junk."""
    kind = rng.randrange(6)
    if kind == 0:
        return None
    name = rng.choice(BUILTIN_RANKINGS if kind < 3 else WILD)
    if kind in (1, 3):
        return name
    if kind in (2, 4):
        return lookup.get_ranking(name).directory
    return rng.choice([_junk_text(rng), 5, b"standard", Path("/nonexistent")])


def _game_deal(rng: random.Random, game: lookup.Game, players: int) -> tuple[list[str], str | None]:
    """A valid deal of ``game`` as text, often a board of four of a kind, sometimes broken."""
    deck = [card for card in lookup.DECK if game.name != "short-deck" or card.rank >= 4]
    board: list[Any] = []
    if game.has_board:
        size = rng.choice([n for n in game.board_sizes if n >= 3] * 3 + list(game.board_sizes))
        if size == 4 and rng.random() < 0.5:
            rank = rng.randrange(4 if game.name == "short-deck" else 0, 13)
            board = [card for card in deck if card.rank == rank]
        else:
            board = rng.sample(deck, size)
    rest = [card for card in deck if card not in board]
    dealt = rng.sample(rest, game.hole_cards * players)
    holes = [dealt[i * game.hole_cards : (i + 1) * game.hole_cards] for i in range(players)]
    text = [" ".join(map(str, hole)) for hole in holes]
    if rng.random() < 0.2:  # a near miss: a card twice, a lookalike, one card short
        at = rng.randrange(len(text))
        text[at] = rng.choice([text[at][:-3], text[at] + " " + text[0][:2], _junk_text(rng)])
    return text, (" ".join(map(str, board)) if board else None)


def _shares_and_chips_add_up(result: Any, contributions: dict[str, int] | None) -> None:
    assert sum(result.shares.values()) == 1
    if contributions is not None:
        assert sum(result.chips_won.values()) == sum(contributions.values())
        assert sum(pot.amount for pot in result.pots) == sum(contributions.values())


def _children() -> list[str]:
    """This process's live child processes (Linux; none known elsewhere)."""
    found: list[str] = []
    tasks = Path(f"/proc/{os.getpid()}/task")
    for task in tasks.iterdir() if tasks.exists() else ():
        with contextlib.suppress(OSError):
            found += (task / "children").read_text().split()
    return [pid for pid in found if not _is_tracker(int(pid))]


def test_games_pots_and_wild_folders_raise_only_package_errors() -> None:
    rng = random.Random(SEED + 19)
    for _ in range(3_000):
        game = lookup.get_game(rng.choice(GAMES))
        rules = _rules(rng) if rng.random() < 0.4 else None
        holes, board = _game_deal(rng, game, rng.randint(1, 4))
        if rng.random() < 0.1:
            board = _junk(rng)
        evaluate = lookup.evaluate_hilo if game.hilo else lookup.evaluate
        _call(evaluate, holes[0], board, game=game.name, rules=rules)
        _call(lookup.best_five, holes[0], board, game=game.name, rules=rules)
        names = [f"p{i}" for i in range(len(holes))]
        contributions = None
        if rng.random() < 0.6:
            contributions = {name: rng.randrange(0, 200) for name in names}
            if rng.random() < 0.2:  # a folded player's chips, or junk amounts
                contributions["folded"] = rng.randrange(0, 50)
            if rng.random() < 0.1:
                contributions[names[0]] = rng.choice([-1, 2.5, True, "10", 10**5000])
        try:
            result = lookup.showdown(
                dict(zip(names, holes, strict=True)),
                board,
                game=game.name,
                rules=rules,
                contributions=contributions,
            )
        except PokerLookupError:
            continue
        _shares_and_chips_add_up(result, contributions)
    assert _children() == []


def test_game_equity_raises_only_package_errors() -> None:
    rng = random.Random(SEED + 1919)
    for _ in range(120):
        game = lookup.get_game(rng.choice(GAMES))
        holes, board = _game_deal(rng, game, rng.randint(2, 3))
        if game.family.name == "omaha" and rng.random() < 0.3:
            holes[0] = rng.choice(["AAxx", "KKQQ ds", "AKQJ rb, AAxx", _junk_text(rng)])
        _call(
            lookup.equity,
            holes,
            board or (),
            game=game.name,
            rules=_rules(rng) if rng.random() < 0.3 else None,
            samples=rng.choice([20, 50]),
            seed=1,
        )
    assert _children() == []


def test_omaha_ranges_and_combos_raise_only_package_errors() -> None:
    from lookup.odds.holdem.heads_up import range_vs_range
    from lookup.ranges.omaha import parse_omaha_range

    rng = random.Random(SEED + 9)
    ranks = "AKQJT98765432xX"
    for _ in range(1_000):
        size = rng.choice([4, 5, 6])
        tokens = [
            "".join(rng.choice(ranks) for _ in range(rng.choice([size, size, size - 1])))
            + rng.choice(["", " ds", "ss", " rb", " zz"])
            for _ in range(rng.randint(1, 4))
        ]
        text = ", ".join(tokens) if rng.random() < 0.9 else _junk_text(rng)
        wild = max(token.lower().count("x") for token in tokens)
        if wild <= (2 if size == 4 else 1):  # big expansions are slow, not wrong
            _call(parse_omaha_range, text, size)
    for _ in range(1_000):
        combos = [_junk(rng) if rng.random() < 0.3 else tuple(rng.sample(range(52), 2))
                  for _ in range(rng.randint(0, 3))]  # fmt: skip
        if rng.random() < 0.3:
            combos = [(rng.choice([True, 51, 60, -1]), rng.choice([False, 51, 70, 3]))]
        _call(range_vs_range, rng.choice(["random", "QQ+", combos]), combos)


def test_showdown_files_with_games_and_chips_on_the_command_line(tmp_path: Path) -> None:
    rng = random.Random(SEED + 1913)
    players = tmp_path / "players.txt"
    for _ in range(600):
        game = lookup.get_game(rng.choice(GAMES))
        holes, board = _game_deal(rng, game, rng.randint(1, 4))
        names = [rng.choice(["Ann", "Bob Lee", "Cy", "D\u00e9d\u00e9", "Ann"]) + str(i)
                 for i in range(len(holes))]  # fmt: skip
        players.write_text(
            "".join(f"{name}, {hole}\n" for name, hole in zip(names, holes, strict=True)),
            encoding="utf-8",
        )
        argv = ["showdown", "--game", game.name, str(players)]
        if board is not None:
            argv += ["--board", board]
        if rng.random() < 0.7:
            amounts = [rng.choice([str(rng.randrange(500)), "\u0663", "\uff15", "\u00b2",
                                   "9" * rng.choice([30, 31, 4301]), "-1", ""])
                       if rng.random() < 0.2 else str(rng.randrange(500))
                       for _ in names]  # fmt: skip
            argv += ["--chips", ",".join(f"{n}={a}" for n, a in zip(names, amounts, strict=True))]
        if rng.random() < 0.3:
            rules = _rules(rng)
            argv += ["--rules", str(rules) if rules is not None else "standard"]
        if rng.random() < 0.5:
            argv.append(rng.choice(["--json", "--verbose"]))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            try:
                status = main(argv)
            except SystemExit as exit_:
                status = exit_.code  # type: ignore[assignment]
        assert status in (0, 2), (argv, status, err.getvalue())
        if status == 2:
            assert err.getvalue().count("\n") == 1, (argv, err.getvalue())
            assert out.getvalue() == ""
        elif "--json" in argv and "--chips" in argv:
            record = json.loads(out.getvalue())
            won = record.get("chips_won")
            if won is not None:
                paid = [int(a) for a in argv[argv.index("--chips") + 1].split(",")
                        for a in [a.rpartition("=")[2]]]  # fmt: skip
                assert sum(won.values()) == sum(paid)
    assert _children() == []
