"""A ranking's parts: its derived views (one hook), its kind, its tables and its front door.

The ranking owns its tables and every view other layers derive from them
(``Ranking.derived``); its kind (poker, badugi, wild) is where rankings differ;
the front door hands the checked kernel its router; and the ranking and batch
layers hold no import cycle.
"""

from __future__ import annotations

import ast
import pickle
import shutil
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import lookup
import lookup.ranking.tables as tables
from lookup.batch.evaluate import batch_tables, evaluate_batch
from lookup.batch.wild import wild_batch_tables
from lookup.core import tablefile
from lookup.core.cards import parse_cards
from lookup.core.errors import HandSizeError, RankingError
from lookup.core.rules import BUILTIN_RANKINGS, WILD_RANKINGS
from lookup.game.entry import standard_entry
from lookup.game.omaha import omaha_kernel
from lookup.ranking.kernels import NO_ROUTER
from lookup.ranking.kinds import BADUGI, POKER, WILD, RankingKind, kind_of
from lookup.ranking.ranking import Ranking, get_ranking, load_rules
from lookup.ranking.value import HandRank

LOOKUP = Path(lookup.__file__).parent


def fresh_ranking(tmp_path: Path, name: str = "standard") -> Ranking:
    """A new Ranking over a copy of a built-in ranking's tables: nothing read, nothing derived."""
    folder = tmp_path / name
    shutil.copytree(get_ranking(name).directory, folder)
    return load_rules(folder)


# -- Ranking.derived: one hook, built once, per ranking ---------------------------------


def test_derived_builds_once_and_keeps_the_view(tmp_path: Path) -> None:
    ranking = fresh_ranking(tmp_path)
    built: list[Ranking] = []

    def build(r: Ranking) -> list[int]:
        built.append(r)
        return [len(r.deck)]

    first = ranking.derived(build, build)
    assert first == [52]
    assert ranking.derived(build, build) is first
    assert built == [ranking]


def test_derived_views_are_per_ranking_and_per_key(tmp_path: Path) -> None:
    standard, short = fresh_ranking(tmp_path), fresh_ranking(tmp_path, "short-deck")

    def deck_size(r: Ranking) -> int:
        return len(r.deck)

    assert standard.derived(deck_size, deck_size) == 52
    assert short.derived(deck_size, deck_size) == 36
    # A tuple of the function and its argument is another key: no two views collide.
    assert standard.derived((deck_size, 5), lambda r: 5) == 5
    assert standard.derived((deck_size, 6), lambda r: 6) == 6
    assert standard.derived(deck_size, deck_size) == 52


def test_derived_is_built_once_under_racing_threads(tmp_path: Path) -> None:
    ranking = fresh_ranking(tmp_path)
    calls = Counter[str]()
    start = threading.Barrier(8)
    got: list[object] = []

    def slow(r: Ranking) -> object:
        calls["build"] += 1
        time.sleep(0.05)  # every other thread arrives while this one builds
        return object()

    def worker() -> None:
        start.wait()
        got.append(ranking.derived(slow, slow))

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert calls["build"] == 1
    assert len(got) == 8 and all(view is got[0] for view in got)


def test_a_failed_build_keeps_nothing(tmp_path: Path) -> None:
    ranking = fresh_ranking(tmp_path)
    attempts = []

    def flaky(r: Ranking) -> str:
        attempts.append(1)
        if len(attempts) == 1:
            raise OSError("first try fails")
        return "built"

    with pytest.raises(OSError, match="first try fails"):
        ranking.derived(flaky, flaky)
    assert ranking.derived(flaky, flaky) == "built"
    assert ranking.derived(flaky, flaky) == "built" and len(attempts) == 2


def test_higher_layers_keep_their_views_on_the_ranking(tmp_path: Path) -> None:
    ranking = fresh_ranking(tmp_path)
    assert batch_tables(ranking) is batch_tables(ranking)
    assert omaha_kernel(ranking) is omaha_kernel(ranking)
    assert ranking.five_tables is ranking.five_tables
    joker = get_ranking("joker")
    assert wild_batch_tables(joker) is wild_batch_tables(joker)
    # Another ranking's views are its own.
    assert batch_tables(ranking) is not batch_tables("standard")
    assert omaha_kernel(ranking) is not omaha_kernel(get_ranking("standard"))


def test_every_table_file_is_read_once_by_every_layer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Kernels, numpy batches, Omaha and descriptions all use the tables the ranking read.
    ranking = fresh_ranking(tmp_path)
    reads = Counter[str]()
    original = tablefile.read_table  # what lookup.ranking.tables reads every file with

    def counted(directory: Any, name: str, digest: str | None = None) -> Any:
        reads[name] += 1
        return original(directory, name, digest)

    monkeypatch.setattr(tables, "read_table", counted)
    hand = parse_cards("As Ks Qs Js Ts 2c 3d")
    assert ranking.evaluate(hand).class_number == 1
    assert evaluate_batch([[card.index for card in hand]], rules=ranking).tolist() == [1]
    hole, board = hand[:4], hand[4:]
    assert omaha_kernel(ranking)(hole, board) == omaha_kernel(get_ranking("standard"))(hole, board)
    assert lookup.parse_description("Royal Flush", rules=ranking).class_number == 1
    assert set(reads.values()) == {1}
    # classes was read by load_rules; omaha holds Omaha's rows (tablegen.omaha)
    assert set(reads) == {"hash5", "flush", "sum67", "omaha"}


# -- kinds: where rankings differ ------------------------------------------------------


def test_each_builtin_ranking_has_its_kind() -> None:
    for name in BUILTIN_RANKINGS:
        kind = get_ranking(name).kind
        expected = BADUGI if name == "badugi" else WILD if name in WILD_RANKINGS else POKER
        assert kind is expected, name
        assert kind is kind_of(get_ranking(name).definition)
        assert isinstance(kind, RankingKind)
    assert [k.name for k in (POKER, BADUGI, WILD)] == ["poker", "badugi", "wild"]
    assert repr(BADUGI) == "<badugi ranking kind>"


def test_pick_answers_for_the_kind_and_needs_every_kind() -> None:
    choices = {"poker": "p", "badugi": "b", "wild": "w"}
    assert [kind.pick(**choices) for kind in (POKER, BADUGI, WILD)] == ["p", "b", "w"]
    for kind in (POKER, BADUGI, WILD):
        with pytest.raises(TypeError):
            kind.pick(poker="p", badugi="b")  # type: ignore[call-arg]
    with pytest.raises(NotImplementedError):
        RankingKind().pick(**choices)


@pytest.mark.parametrize("name", BUILTIN_RANKINGS)
def test_the_kind_sizes_are_the_kernel_and_batch_sizes(name: str) -> None:
    ranking = get_ranking(name)
    sizes = ranking.kind.sizes
    assert tuple(sorted(ranking.kernels.by_size)) == sizes
    deck = [card.index for card in ranking.deck]
    # The batch takes the kernel sizes and, every kind, 5-7 cards (issue 18: badugi's
    # 6 and 7 play their best four-card subset); nothing outside its sizes.
    batch_sizes = ranking.kind.batch_sizes
    assert set(sizes) | {5, 6, 7} == set(batch_sizes)
    for size in batch_sizes:
        assert evaluate_batch([deck[-size:]], rules=ranking).shape == (1,)
    for size in (min(batch_sizes) - 1, max(batch_sizes) + 1):
        with pytest.raises(HandSizeError):
            evaluate_batch([deck[-size:]], rules=ranking)
    for size in (min(sizes) - 1, max(sizes) + 1):
        with pytest.raises(HandSizeError):
            ranking.kernel(size)


@pytest.mark.parametrize("name", BUILTIN_RANKINGS)
def test_a_ranking_reads_only_its_kinds_tables(name: str) -> None:
    ranking = get_ranking(name)
    kind = ranking.kind
    readers = {
        "five_tables": POKER,
        "multi_tables": POKER,
        "badugi_tables": BADUGI,
        "wild_tables": WILD,
    }
    for attribute, owner in readers.items():
        if owner is kind:
            assert getattr(ranking, attribute) is getattr(ranking, attribute)  # read once
        else:
            with pytest.raises(RankingError, match=f"a {kind.name} ranking reads"):
                getattr(ranking, attribute)
    stored = {path.stem for path in ranking.directory.glob("*.msgpack")} - {"classes"}
    assert stored <= set(kind.files)  # poker's flush table only where flushes count


def test_wild_cards_come_from_the_kind() -> None:
    assert get_ranking("standard").wild_cards == frozenset()
    assert get_ranking("badugi").wild_cards == frozenset()
    assert sorted(map(str, get_ranking("two-jokers").wild_cards)) == ["Jk", "Jkb"]
    deuces = get_ranking("deuces-wild")
    assert deuces.wild_cards is deuces.wild_cards  # made once
    assert {card.rank for card in deuces.wild_cards} == {0}


def test_cards_worth_finds_the_cards_by_kind() -> None:
    badugi = get_ranking("badugi")
    value = badugi.evaluate("As 2d 4h 4c")
    pool = parse_cards("Kd As 2d 4h 4c")
    assert badugi.kind.cards_worth(badugi, value.class_number, (pool,)) == tuple(
        parse_cards("As 2d 4h")
    )
    standard = get_ranking("standard")
    seven = parse_cards("2c As Ks Qs Js Ts 3d")
    assert standard.kind.cards_worth(standard, 1, (seven,)) == tuple(seven[1:6])


def test_scoring_is_read_by_the_kind_alone() -> None:
    # Every other module asks the ranking's kind; the rule file's fields stay data.
    for path in LOOKUP.rglob("*.py"):
        if path.relative_to(LOOKUP).as_posix() in ("core/rules.py", "ranking/kinds.py"):
            continue
        tree = ast.parse(path.read_text())
        read = {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in ("scoring", "has_wild")
        }
        assert not read, f"{path} reads {read}"


# -- a ranking owns its tables and its views -------------------------------------------


def test_only_the_ranking_layer_reads_ranking_tables() -> None:
    loaders = {"load_classes", "load_five", "load_multi", "load_badugi", "load_wild"}
    for path in LOOKUP.rglob("*.py"):
        if path.parent.name == "ranking":
            continue
        tree = ast.parse(path.read_text())
        used = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        } | {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        assert not used & loaders, f"{path} reads a ranking's tables itself"


def test_no_functools_cache_is_keyed_by_a_ranking() -> None:
    for path in LOOKUP.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.FunctionDef):
                continue
            cached = any(
                (isinstance(d, ast.Name) and d.id in ("cache", "lru_cache"))
                or (isinstance(d, ast.Attribute) and d.attr in ("cache", "lru_cache"))
                for d in node.decorator_list
            )
            annotations = {
                ast.unparse(arg.annotation) for arg in node.args.args if arg.annotation is not None
            }
            assert not (cached and "Ranking" in annotations), f"{path}: {node.name}"


# -- the front door's router, and the value type ----------------------------------------


def test_lookup_evaluate_is_the_routed_entry_kept_on_the_standard_ranking() -> None:
    standard = get_ranking("standard")
    assert lookup.evaluate is standard_entry() is standard_entry()
    assert lookup.evaluate.__name__ == "evaluate" and lookup.evaluate.__doc__
    assert standard.checked is not lookup.evaluate  # the ranking's own entry takes no router
    hand = ("As", "Ks", "Qs", "Js", "Ts")
    cards = tuple(parse_cards(" ".join(hand)))
    assert standard.checked(cards, None) is lookup.evaluate(cards) is lookup.evaluate(hand)


def test_a_rankings_own_checked_entry_takes_no_rules_or_game() -> None:
    cards = tuple(parse_cards("As Ks Qs Js Ts"))
    for name in ("short-deck", "badugi", "joker"):
        checked: Any = get_ranking(name).kernels.entry(NO_ROUTER)
        with pytest.raises(TypeError, match=r"rules= and game= are lookup\.evaluate's"):
            checked(cards, rules="standard")
    with pytest.raises(TypeError):
        get_ranking("short-deck").checked(cards, None, "standard")  # type: ignore[call-arg]


@pytest.mark.parametrize("name", ["standard", "badugi", "joker"])
def test_an_entry_hands_rules_and_game_to_its_router(name: str) -> None:
    ranking = get_ranking(name)
    asked: list[tuple[str, object]] = []

    def by_rules(rules: str) -> Any:
        asked.append(("by_rules", rules))
        return lambda cards, board: "by name"

    def route(cards: object, board: object, rules: object, game: object) -> str:
        asked.append(("route", (rules, game)))
        return "routed"

    def stud(cards: object, board: object) -> str:
        asked.append(("by_game", "stud"))
        return "stud's entry"

    entry = ranking.kernels.entry((by_rules, {"stud": stud}, route))
    hand = ranking.deck[-ranking.hand_size :]
    assert entry(hand) is ranking.evaluate(hand)
    assert entry(hand, rules="short-deck") == "by name"
    assert entry(hand, rules=get_ranking("standard")) == "routed"
    assert entry(hand, game="omaha") == "routed"  # a game not met: the router's
    assert entry(hand, game="stud") == "stud's entry"  # a game met: straight to its entry
    assert entry(hand, game="stud", rules="standard") == "routed"  # rules with it: the router's
    assert entry(hand, game=["stud"]) == "routed"  # not a name: the router says what is wrong
    assert asked == [
        ("by_rules", "short-deck"),
        ("route", (get_ranking("standard"), None)),
        ("route", (None, "omaha")),
        ("by_game", "stud"),
        ("route", ("standard", "stud")),
        ("route", (None, ["stud"])),
    ]


def test_values_pickle_through_their_ranking_and_from_kev_finds_standard() -> None:
    royal = HandRank.from_kev(1)
    assert royal is get_ranking("standard").value(1)
    data = pickle.dumps(royal)
    assert b"lookup.ranking.ranking" in data and b"value_of" in data
    assert pickle.loads(data) is royal
    low = get_ranking("deuce-to-seven").value(1)
    assert pickle.loads(pickle.dumps(low)) is low


# -- no import cycle in the ranking and batch layers -------------------------------------


def test_the_ranking_and_batch_layers_hold_no_cycle_and_import_nothing_above() -> None:
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("lookup", exclude_type_checking_imports=True)
    layers = ("lookup.ranking", "lookup.batch")
    modules = {m for m in graph.modules if m.startswith(layers)}
    above = ("lookup.game", "lookup.preflop", "lookup.ranges", "lookup.odds", "lookup.holdem")
    for module in modules:
        imported = graph.find_modules_directly_imported_by(module)
        assert not {m for m in imported if m.startswith((*above, "lookup.cli"))}, module
        if module.startswith("lookup.ranking"):
            assert not {m for m in imported if m.startswith("lookup.batch")}, module
        # A cycle through this module comes back to it from what it imports.
        for other in imported & modules:
            assert not graph.chain_exists(importer=other, imported=module), (module, other)


def test_no_private_name_is_imported_from_another_subpackage() -> None:
    for path in LOOKUP.rglob("*.py"):
        package = path.relative_to(LOOKUP).parts[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.ImportFrom) and (node.module or "").startswith("lookup.")):
                continue
            assert node.module is not None
            if node.module.split(".")[1] == package:
                continue
            private = [a.name for a in node.names if a.name.startswith("_")]
            assert not private, f"{path} imports {private} from {node.module}"


def test_batch_tables_of_a_wild_ranking_say_where_its_batches_go() -> None:
    with pytest.raises(RankingError, match="its batches read its wild table"):
        batch_tables("joker")
    assert np.array_equal(
        evaluate_batch([[48, 49, 50, 51, 52]], rules="joker"), np.array([1], dtype=np.uint16)
    )
