"""Game families as values: each family's behaviour, game by game, as it was before the move.

The expected tables were taken from the code the families replaced (the
if-chains of ``lookup.game.evaluate``, ``lookup.game.best_five``,
``lookup.game.kernels`` and ``lookup.odds.generic``), so a change in any
family's behaviour shows here first. The last test keeps family names out of
comparisons everywhere but :mod:`lookup.game.family`.
"""

from __future__ import annotations

import ast
import random
from itertools import combinations
from pathlib import Path

import pytest

import lookup
from lookup.core.cards import DECK, parse_cards
from lookup.core.errors import GameError, HandSizeError
from lookup.game.evaluate import game_evaluator
from lookup.game.family import FAMILIES, GameFamily, get_family
from lookup.game.registry import GAMES, get_game

# name, family, hole_used, board_used, equity holding sizes, (hole, board) counts that
# make a hand, card pools for a full hand, range notation, batch kernel of each pot ranking
BEHAVIOUR = [
    ("holdem", "holdem", None, None, (2, 2), [(2, 3), (2, 4), (2, 5)], 1, "holdem", ("Seven",)),
    ("short-deck", "holdem", None, None, (2, 2), [(2, 3), (2, 4), (2, 5)], 1, "holdem",
     ("Seven",)),
    ("omaha", "omaha", 2, 3, (4, 4), [(4, 3), (4, 4), (4, 5)], 60, "omaha", ("Omaha",)),
    ("omaha5", "omaha", 2, 3, (5, 5), [(5, 3), (5, 4), (5, 5)], 100, "omaha", ("Omaha",)),
    ("omaha6", "omaha", 2, 3, (6, 6), [(6, 3), (6, 4), (6, 5)], 150, "omaha", ("Omaha",)),
    ("omaha-hilo", "omaha", 2, 3, (4, 4), [(4, 3), (4, 4), (4, 5)], 60, "omaha",
     ("Omaha", "Omaha")),
    ("omaha5-hilo", "omaha", 2, 3, (5, 5), [(5, 3), (5, 4), (5, 5)], 100, "omaha",
     ("Omaha", "Omaha")),
    ("courchevel", "courchevel", 2, 3, (5, 5), [(5, 3), (5, 4), (5, 5)], 100, "omaha",
     ("Omaha",)),
    ("courchevel-hilo", "courchevel", 2, 3, (5, 5), [(5, 3), (5, 4), (5, 5)], 100, "omaha",
     ("Omaha", "Omaha")),
    ("stud", "stud", None, None, (3, 7), [(6, 1), (7, 0)], 1, None, ("Seven",)),
    ("stud-hilo", "stud", None, None, (3, 7), [(6, 1), (7, 0)], 1, None, ("Seven", "Seven")),
    ("razz", "stud", None, None, (3, 7), [(6, 1), (7, 0)], 1, None, ("Seven",)),
    ("deuce-to-seven", "draw", None, None, (0, 5), [(5, 0)], 1, None, ("Five",)),
    ("five-card-draw", "draw", None, None, (0, 5), [(5, 0)], 1, None, ("Five",)),
    ("badugi", "badugi", None, None, (0, 4), [(4, 0)], 1, None, ("Badugi",)),
]  # fmt: skip


def test_every_game_is_in_the_table() -> None:
    assert [row[0] for row in BEHAVIOUR] == [game.name for game in GAMES]
    assert {row[1] for row in BEHAVIOUR} == {family.name for family in FAMILIES}


@pytest.mark.parametrize(
    ("name", "family", "hole_used", "board_used", "holding", "sizes", "pools", "notation",
     "kernels"),
    BEHAVIOUR,
)  # fmt: skip
def test_family_behaviour_per_game(
    name: str,
    family: str,
    hole_used: int | None,
    board_used: int | None,
    holding: tuple[int, int],
    sizes: list[tuple[int, int]],
    pools: int,
    notation: str | None,
    kernels: tuple[str, ...],
) -> None:
    game = get_game(name)
    found = game.family
    assert isinstance(found, GameFamily)
    assert found is get_family(family)
    assert found.name == family
    assert (game.hole_used, game.board_used) == (hole_used, board_used)
    assert (found.hole_used, found.board_used) == (hole_used, board_used)
    assert found.holding_sizes(game.hole_cards) == holding
    assert sorted(found.hand_sizes(game)) == sizes
    assert game_evaluator(name).sizes == frozenset(sizes)
    assert found.range_notation == notation
    made = tuple(type(found.batch_kernel(ranking)).__name__ for ranking in game.pot)
    assert made == tuple(f"{kind}BatchKernel" for kind in kernels)
    hole = tuple(DECK[: game.hole_cards])
    board = tuple(DECK[-game.full_board :]) if game.full_board else ()
    found_pools = found.pools(hole, board)
    assert len(found_pools) == pools
    if hole_used is None:
        assert found_pools == (hole + board,)
    else:
        assert board_used is not None
        assert found_pools == tuple(
            pair + triple
            for pair in combinations(hole, hole_used)
            for triple in combinations(board, board_used)
        )


@pytest.mark.parametrize("name", [game.name for game in GAMES])
def test_hand_kernel_is_the_best_of_the_pools(name: str) -> None:
    """The scalar kernel and the card pools agree: the kernel's class is the pools' best."""
    game = get_game(name)
    rng = random.Random(name)
    for ranking in (game.high_ranking(), game.low_ranking()):
        if ranking is None:
            continue
        kernel = game.family.hand_kernel(ranking)
        deck = list(ranking.deck)
        sizes = sorted(game.family.hand_sizes(game))
        for _ in range(40):
            held, shared = rng.choice(sizes)
            cards = rng.sample(deck, held + shared)
            hole, board = tuple(cards[:held]), tuple(cards[held:])
            best = min(
                ranking.evaluate(pool).class_number for pool in game.family.pools(hole, board)
            )
            assert kernel(hole, board) == best


@pytest.mark.parametrize(
    ("game", "hole", "board", "error", "words"),
    [
        ("holdem", "As Ks", "2c 3d", HandSizeError, "a holdem board holds 3, 4 or 5 cards to "
         "make a hand, got 2"),
        ("omaha", "As Ks Qs", "2c 3d 4h", HandSizeError, "an omaha hand holds 4 cards, got 3"),
        ("courchevel", "As Ks Qs Js Ts", "2c", HandSizeError, "a courchevel board holds 3, 4 "
         "or 5 cards to make a hand, got 1"),
        ("stud", "As Ks Qs Js Ts 9s", None, HandSizeError, "a stud hand holds 7 cards (6 with "
         "a 1-card shared board), got 6"),
        ("razz", "As Ks Qs Js Ts", "9s 8s", HandSizeError, "a razz hand holds 7 cards (6 with "
         "a 1-card shared board), got 5 and a 2-card board"),
        ("deuce-to-seven", "As Ks Qs Js Ts", "2c", GameError, "deuce-to-seven has no board, "
         "got 1 card"),
        ("badugi", "As Ks Qs", None, HandSizeError, "a badugi hand holds 4 cards, got 3"),
    ],
)  # fmt: skip
def test_each_family_words_its_refusals(
    game: str, hole: str, board: str | None, error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as caught:
        lookup.evaluate(hole, board, game=game)
    assert str(caught.value) == words


def test_courchevel_deals_a_one_card_board_outside_evaluation() -> None:
    """Checked for a showdown or equity, the first board card alone is a board the game deals."""
    game = get_game("courchevel")
    game.family.check_counts(game, 5, 1, "2c", evaluating=False)
    with pytest.raises(HandSizeError, match="board holds 1, 3, 4 or 5 cards, got 2"):
        game.family.check_counts(game, 5, 2, "2c 3c", evaluating=False)


def test_stud_shares_the_last_card_only_when_the_deck_runs_short() -> None:
    game = get_game("stud")
    stud = game.family
    assert stud.deal_plan(game, [3] * 7, 0, 52 - 21) == ([4] * 7, 0)  # 28 of 31
    assert stud.deal_plan(game, [3] * 8, 0, 52 - 24) == ([3] * 8, 1)  # 32 of 28: shared
    with pytest.raises(HandSizeError, match="8 stud players need a community last card"):
        stud.deal_plan(game, [7] + [3] * 7, 0, 52 - 28)
    holes, board = stud.showdown_cards([[1, 2], [3, 4]], [9])
    assert (holes, board) == ([[1, 2, 9], [3, 4, 9]], [])
    assert stud.showdown_cards([[1, 2]], []) == ([[1, 2]], [])
    with pytest.raises(GameError, match="2 players x 7 cards fit in 52"):
        stud.check_seating(game, 2, 52, parse_cards("Kd"))
    stud.check_seating(game, 8, 52, parse_cards("Kd"))
    assert stud.cards_held(game) == "7 cards (6 with a shared card)"


@pytest.mark.parametrize("name", ["holdem", "omaha", "courchevel", "draw", "badugi"])
def test_other_families_deal_without_a_shared_card(name: str) -> None:
    family = get_family(name)
    game = next(g for g in GAMES if g.family is family)
    held = [game.hole_cards, 0]
    board_need = game.full_board - (3 if game.full_board else 0)
    given = 3 if game.full_board else 0
    assert family.deal_plan(game, held, given, 10) == ([0, game.hole_cards], board_need)
    holes, board = family.showdown_cards([[1, 2]], [9])
    assert (holes, board) == ([[1, 2]], [9])
    family.check_seating(game, 2, 52, ())
    assert family.cards_held(game) == f"{game.hole_cards} cards"


def test_wild_card_rankings_fit_the_best_of_all_families_only() -> None:
    assert [f.name for f in FAMILIES if f.wild_fits] == ["holdem", "stud", "draw"]
    for family in FAMILIES:
        if family.wild_fits:
            assert type(family.batch_kernel("joker")).__name__ == "WildBatchKernel"
        else:
            with pytest.raises(GameError, match=r"\(families: holdem, stud, draw\)"):
                family.batch_kernel("joker")
    with pytest.raises(GameError, match="unknown game family 'pineapple'"):
        get_family("pineapple")


def test_range_notations_have_readers() -> None:
    from lookup.ranges.holdem import parse_range
    from lookup.ranges.notation import NOTATIONS, read_range
    from lookup.ranges.omaha import parse_omaha_range

    notations = {family.range_notation for family in FAMILIES} - {None}
    assert notations == set(NOTATIONS)
    assert read_range("holdem", "AKs", 2) == parse_range("AKs")
    assert len(read_range("holdem", "AKs", 2)) == 4
    assert read_range("omaha", "AAKKx ds", 5) == parse_omaha_range("AAKKx ds", 5)
    assert len(read_range("omaha", "AAxx", 4)) == 6961


def test_families_are_hashable_values() -> None:
    """Games are cached by value: a family is frozen, equal by name and kind."""
    assert len({*FAMILIES}) == len(FAMILIES)
    assert get_family("omaha") != get_family("courchevel")
    assert get_family("omaha") == type(get_family("omaha"))("omaha")
    with pytest.raises(AttributeError):
        get_family("stud").name = "draw"  # type: ignore[misc]


@pytest.mark.parametrize("game", [game.name for game in GAMES])
def test_games_and_families_are_immutable_values_that_pickle(game: str) -> None:
    import copy
    import pickle

    found = get_game(game)
    family = found.family
    assert pickle.loads(pickle.dumps(family)) is family  # a family pickles as its name
    again = pickle.loads(pickle.dumps(found))
    assert again == found and hash(again) == hash(found) and again is not found
    assert copy.deepcopy(found) == found and copy.copy(found) == found
    assert {found: 1}[again] == 1
    assert found != GAMES[(GAMES.index(found) + 1) % len(GAMES)]
    assert repr(found).startswith(f"Game(name={game!r}, ")
    assert repr(family) == f"{type(family).__name__}(name={family.name!r})"
    for thing, field in ((found, "hole_cards"), (family, "name")):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(thing, field, 9)
        with pytest.raises(AttributeError, match="immutable"):
            delattr(thing, field)


# No family name compared outside lookup/game/family.py.

LOOKUP = Path(lookup.__file__).parent
FAMILY_NAMES = frozenset(family.name for family in FAMILIES)


def _is_family(node: ast.expr) -> bool:
    """``family``, ``x.family`` or their ``.name``: an expression that is a family or its name."""
    if isinstance(node, ast.Attribute) and node.attr == "name":
        node = node.value
    return (isinstance(node, ast.Name) and node.id == "family") or (
        isinstance(node, ast.Attribute) and node.attr == "family"
    )


def _names_a_family(node: ast.expr | None) -> bool:
    """A family name as a string, or a collection holding one."""
    if isinstance(node, ast.Constant):
        return node.value in FAMILY_NAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_family(element) for element in node.elts)
    return False


def _mentions_family(node: ast.expr) -> bool:
    return any(
        (isinstance(n, ast.Name) and "family" in n.id)
        or (isinstance(n, ast.Attribute) and "family" in n.attr)
        for n in ast.walk(node)
    )


def family_name_tests(source: str) -> list[int]:
    """Lines where ``source`` tests which family it has instead of asking the family.

    Any comparison of a family (or its name) with anything, a family name
    compared with anything, a table looked up by the family, and a table
    keyed by three or more family names.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(map(_is_family, sides)) or (
                any(map(_names_a_family, sides)) and any(map(_mentions_family, sides))
            ):
                found.append(node.lineno)
        elif isinstance(node, ast.Subscript) and _is_family(node.slice):
            found.append(node.lineno)  # a table keyed by the family: X[game.family]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
            and _is_family(node.args[0])
        ):
            found.append(node.lineno)  # TABLE.get(family)
        elif isinstance(node, ast.Dict) and sum(map(_names_a_family, node.keys)) >= 3:
            found.append(node.lineno)  # a table listing families by name
    return sorted(found)


def test_the_checker_finds_the_old_chains() -> None:
    old = """
if family == "stud":
    pass
if family in ("draw", "badugi"):
    pass
if game.family in ("holdem", "omaha", "courchevel"):
    pass
if setup.family == "stud" and setup.board_need:
    pass
kind = _FAMILIES.get(family)
kind = KINDS[game.family.name]
_FAMILIES = {"holdem": 1, "stud": 1, "draw": 2}
if family not in _WILD_FAMILIES:
    pass
if game.family is OMAHA:
    pass
if game.family.range_notation == "holdem":
    pass
"""
    assert family_name_tests(old) == [2, 4, 6, 8, 10, 11, 12, 13, 15, 17]
    fine = """
if family.range_notation is not None:
    pass
if args.game == "holdem":
    pass
NOTATIONS = {"holdem": 1, "omaha": 2}
"""
    assert family_name_tests(fine) == []


def test_no_module_but_family_compares_a_family_name() -> None:
    offenders = {
        str(path.relative_to(LOOKUP)): lines
        for path in sorted(LOOKUP.rglob("*.py"))
        if path != LOOKUP / "game" / "family.py"
        and (lines := family_name_tests(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "courchevel"])
def test_omaha_batch_kernel_reads_river_boards_and_refuses_shorter(game: str) -> None:
    """The batch kernel's tables are per five-card board: it equals ``evaluate`` on random
    river deals and refuses a flop or turn board rather than misreading it (9d8c on
    QsJsTs once came back as a high card, not the straight)."""
    found = get_game(game)
    kernel = found.family.batch_kernel(found.high_ranking(None))
    held = found.hole_cards
    rng = random.Random(game)
    for _ in range(300):
        cards = rng.sample(range(52), held + 5)
        hole, board = cards[:held], cards[held:]
        got = int(kernel.classes(kernel.prepare(board, 1), hole)[0])
        want = lookup.evaluate([DECK[c] for c in hole], [DECK[c] for c in board], game=game)
        assert got == want.class_number, (hole, board)
    for board in ("Qs Js Ts", "Qs Js Ts 2c"):
        with pytest.raises(GameError, match="complete boards of 5 cards"):
            kernel.prepare([c.index for c in parse_cards(board)], 1)
