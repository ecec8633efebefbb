"""Exact equity of fixed hands after the flop: the lean path, a brute force, the general path.

Fixed hands with three, four or five board cards are counted by
:mod:`lookup.odds.small` (and, on a Hold'em flop, the kernel over a cached pair
table) instead of the engines' general enumeration. Here, on seeded random spots
in Hold'em and short deck (heads-up and multiway, flop, turn and river, with and
without dead cards, boards heavy in one suit so that flushes come into play),
every answer must equal

* a plain brute force: every remaining board, ``evaluate7`` of each player,
  wins, ties and pot shares counted as fractions; and
* the result of the engine's general path, field for field (the same floats,
  the same Fractions).

The quick reading of a holding (``"AsAh"``: two cards run together) is checked
against :func:`lookup.core.cards.parse_cards` for every pair of two-character
card spellings.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, product

import pytest

from lookup.core.cards import DECK, parse_cards
from lookup.core.errors import PokerLookupError
from lookup.odds import generic
from lookup.odds.front import equity
from lookup.odds.holdem.engine import _assignments, _exact_showdowns
from lookup.odds.holdem.kernel import ShowdownTally
from lookup.odds.results import Counts, EquityResult, build_result
from lookup.odds.small import fixed_counts
from lookup.ranges.holding import holding_cards
from lookup.ranking.ranking import get_ranking

GAMES = {"holdem": "standard", "short-deck": "short-deck"}


def brute_force(
    ranking: str, holes: list[tuple[int, int]], board: list[int], dead: list[int]
) -> tuple[int, list[int], list[int], list[Fraction]]:
    """(boards, wins, ties, equity) per player: every completion, evaluate7 of each hand."""
    seven = get_ranking(ranking).evaluate7
    used = {*board, *dead, *(c for hole in holes for c in hole)}
    deck = [card.index for card in get_ranking(ranking).deck if card.index not in used]
    n = len(holes)
    wins, ties, shares, total = [0] * n, [0] * n, [Fraction(0)] * n, 0
    for rest in combinations(deck, 5 - len(board)):
        cards = [DECK[c] for c in (*board, *rest)]
        classes = [seven(DECK[a], DECK[b], *cards) for a, b in holes]
        top = [p for p in range(n) if classes[p] == min(classes)]
        for p in top:
            shares[p] += Fraction(1, len(top))
            if len(top) == 1:
                wins[p] += 1
            else:
                ties[p] += 1
        total += 1
    return total, wins, ties, [share / total for share in shares]


def random_spot(
    seed: int, ranking: str, players: int, board_size: int
) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """Seeded fixed hands, board and dead cards; every other seed the board leans to one suit."""
    rng = random.Random(seed)
    deck = [card.index for card in get_ranking(ranking).deck]
    rng.shuffle(deck)
    if seed % 2:  # suited cards first: three or more of one suit on board, flushes in play
        suit = rng.randrange(4)
        deck.sort(key=lambda c: (c & 3) != suit)
        heavy, rest = deck[:9], deck[9:]
        rng.shuffle(rest)
        deck = heavy + rest
    board = deck[:board_size]
    rest = deck[board_size:]
    rng.shuffle(rest)
    holes = [(rest[2 * p], rest[2 * p + 1]) for p in range(players)]
    dead = rest[2 * players : 2 * players + (seed % 3)]
    return holes, board, dead


def text(cards: list[int]) -> str:
    return " ".join(str(DECK[c]) for c in cards)


def general_holdem(
    holes: list[tuple[int, int]], board: list[int], dead: list[int], names: list[str]
) -> EquityResult:
    """The Hold'em engine's general exact path: assignments, board chunks, the chunk tally."""
    live = [((max(a, b), min(a, b)),) for a, b in holes]
    board_cards, dead_cards = tuple(DECK[c] for c in board), tuple(DECK[c] for c in dead)
    tally = ShowdownTally(len(holes))
    assignments = _assignments(live)
    assert assignments is not None
    for chunk in _exact_showdowns(live, board_cards, [*board, *dead], assignments):
        tally.add(chunk)
    per_player = (tally.wins, tally.ties, tally.shares, tally.squares)
    counts = Counts(tally.showdowns, *(column.tolist() for column in per_player))
    return build_result(
        counts, names, [1] * len(holes), exact=True, seed=None, board=board_cards, dead=dead_cards
    )


def general_generic(game: str, hands: list[str], board: str, dead: str) -> EquityResult:
    """The generic engine's general exact path (its _solve), bypassing the lean path."""
    setup = generic._setup(hands, board, dead or None, game, None)
    return generic._solve(setup, 0, None, exact=True, samples=None, seed=None, progress=False)


SPOTS = [
    (game, players, board_size, seed)
    for game in GAMES
    for board_size in (3, 4, 5)
    for players in (2, 3, 6)
    for seed in range(6 if players == 2 else 3)
]


@pytest.mark.parametrize(("game", "players", "board_size", "seed"), SPOTS)
def test_the_lean_path_equals_brute_force_and_the_general_path(
    game: str, players: int, board_size: int, seed: int
) -> None:
    ranking = GAMES[game]
    holes, board, dead = random_spot(1000 * players + 10 * board_size + seed, ranking, players,
                                     board_size)  # fmt: skip
    hands = [text(list(hole)).replace(" ", "") for hole in holes]  # "AsAh": the quick reading
    result = equity(hands, board=text(board), dead=text(dead) or None, game=game)

    total, wins, ties, shares = brute_force(ranking, holes, board, dead)
    assert result.exact and result.boards == total
    for p, player in enumerate(result):
        assert player.win == wins[p] / total
        assert player.tie == ties[p] / total
        assert player.equity_fraction == shares[p]
        assert player.combos == 1 and player.std_error == 0.0

    if game == "holdem":
        expected = general_holdem(holes, board, dead, hands)
    else:
        expected = general_generic(game, hands, text(board), text(dead))
    assert result == expected


@pytest.mark.parametrize("board", ["2c 7d 9h", "2c 7d 9h 4s", "2h 7h 9h 4h", "2h 7h 9h 4h Th"])
def test_ranges_narrowed_to_one_combo_each_take_the_lean_path_too(board: str) -> None:
    # "KK" with Kc and Kd dead is one combo, KsKh: the same counts as the hand written out.
    ranged = equity(["AsAh", "KK"], board=board, dead="Kc Kd")
    written = equity(["AsAh", "KsKh"], board=board, dead="Kc Kd")
    assert [p.equity_fraction for p in ranged] == [p.equity_fraction for p in written]
    assert [(p.win, p.tie) for p in ranged] == [(p.win, p.tie) for p in written]
    assert ranged[1].combos == 1 and ranged.boards == written.boards
    holes = [(51, 50), (47, 46)]
    cards = [c.index for c in parse_cards(board)]
    assert ranged == general_holdem(holes, cards, [44, 45], ["AsAh", "KK"])


def test_the_exact_limit_still_governs_the_lean_path() -> None:
    hands, board = ["AsAh", "KsKh"], "2c 7d 9h"
    sampled = equity(hands, board=board, exact_limit=500, samples=None, seed=1)
    assert not sampled.exact and sampled.seed == 1  # 990 boards > 500: sampled, as before
    with pytest.raises(PokerLookupError, match="exact enumeration would be 990 deals"):
        equity(hands, board=board, exact=True, exact_limit=500)
    forced = equity(hands, board=board, exact=False, samples=1000, seed=2)
    assert not forced.exact and forced.boards == 1000


def test_fixed_counts_refuses_cards_held_twice() -> None:
    seven = get_ranking("standard").kernel(7)
    with pytest.raises(PokerLookupError, match="free cards that no hand or board holds"):
        fixed_counts([(51, 50), (50, 46)], [0, 1, 2], list(range(3, 40)), seven)
    with pytest.raises(PokerLookupError, match="one or two cards"):
        fixed_counts([(51, 50), (47, 46)], [0, 1], list(range(3, 40)), seven)
    with pytest.raises(PokerLookupError, match="one or two cards"):  # checked or not
        fixed_counts([(51, 50), (47, 46)], [0, 1], list(range(3, 40)), seven, checked=False)
    # checked=False trusts its caller and answers alike where every card is held once.
    rivers = get_ranking("standard").kernels.rivers7
    for seed in range(20):
        holes, board, dead = random_spot(seed, "standard", 2 + seed % 4, 3 + seed % 3)
        free = [c for c in range(52) if c not in {*board, *dead, *(x for h in holes for x in h)}]
        assert fixed_counts(holes, board, free, seven, rivers, checked=False) == fixed_counts(
            holes, board, free, seven, rivers
        )


_RANKS = "23456789TtJjQqKkAa"
_SUITS = "cdhsCDHS♣♦♥♠♧♢♡♤"
_SPELLINGS = [r + s for r in _RANKS for s in _SUITS] + ["Jk", "jk", "JK", "jK", "1s", "Xs", "A1"]


def _read(holding: str, hole_cards: int) -> object:
    """What holding_cards gives, or the error it raises (type and message)."""
    try:
        return holding_cards(holding, hole_cards)
    except PokerLookupError as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize("first", _SPELLINGS)
def test_a_hand_run_together_reads_as_the_long_way_reads_it(first: str) -> None:
    # A leading space keeps the text off the quick reading: the long way (parse_cards and
    # its duplicate rule) reads the same cards, so both must agree on every input.
    for second in _SPELLINGS:
        holding = first + second
        for hole_cards in (2, 4):
            assert _read(holding, hole_cards) == _read(" " + holding, hole_cards), holding


def test_every_combo_written_run_together_reads_back() -> None:
    for a, b in product(range(52), repeat=2):
        holding = str(DECK[a]) + str(DECK[b])
        if a != b:
            assert holding_cards(holding, 2) == (DECK[a], DECK[b]) == parse_cards(holding)
        else:
            assert holding_cards(holding, 2) is None  # "AsAs" is no hand: read as a range


def _spelled(card: int, rng: random.Random) -> str:
    """A card in one of the spellings a user writes: 'As', 'as', 'AS' or 'A♠'."""
    name = str(DECK[card])
    return rng.choice([name, name.lower(), name.upper(), name[0] + "♣♦♥♠"[card & 3]])


@pytest.mark.parametrize("seed", range(40))
def test_the_front_doors_fixed_spot_is_the_engines_answer(seed: int) -> None:
    # lookup.equity answers two-card text hands on a board through fixed_spot; the
    # Hold'em engine (which never takes it) must give the same result, field for field.
    from lookup.odds.holdem.engine import equity as engine_equity
    from lookup.odds.holdem.engine import fixed_spot

    rng = random.Random(f"fixed-spot-{seed}")
    players, board_size = rng.randint(2, 10), rng.choice((3, 4, 5))
    holes, board, _ = random_spot(seed, "standard", players, board_size)
    hands = [_spelled(a, rng) + _spelled(b, rng) for a, b in holes]
    shown = "".join(_spelled(c, rng) for c in board)
    assert fixed_spot(hands, shown, None, 10**6) is not None
    assert equity(hands, board=shown) == engine_equity(hands, shown)
    assert equity(hands, board=shown, exact=True) == engine_equity(hands, shown, exact=True)


@pytest.mark.parametrize(
    ("hands", "board", "exact", "limit"),
    [
        (["AsAh", "AsKh"], "2c7d9h", None, 10**6),  # a card twice
        (["AsAh", "KsKh"], "As7d9h", None, 10**6),  # a hand's card on the board
        (["AsAh", "JkKh"], "2c7d9h", None, 10**6),  # a joker
        (["AsAh", "KsKh"], "2c7dJk", None, 10**6),
        (["As Ah", "KsKh"], "2c7d9h", None, 10**6),  # another spelling: the long way
        (["QQ+", "KsKh"], "2c7d9h", None, 10**6),  # a range
        (["AsAh", "KsKh"], "2c7d", None, 10**6),  # no flop yet
        (["AsAh", "KsKh"], "", None, 10**6),
        (["AsAh", "KsKh"], "2c7d9x", None, 10**6),  # a board that does not read
        (["AsAh", "KsKh"], ["2c", "7d", "9h"], None, 10**6),  # not text
        (["AsAh", "KsKh"], "2c7d9h", False, 10**6),  # sampling asked for
        (["AsAh", "KsKh"], "2c7d9h", None, 500),  # 990 boards past the limit: sampled
    ],
)
def test_anything_unusual_leaves_fixed_spot_for_the_checking_path(
    hands: list[str], board: object, exact: bool | None, limit: int
) -> None:
    from lookup.odds.holdem.engine import fixed_spot

    assert fixed_spot(hands, board, exact, limit) is None  # type: ignore[arg-type]


def test_the_checking_path_still_names_what_fixed_spot_passes_on() -> None:
    with pytest.raises(PokerLookupError, match="card 'As' is held by player 1 and player 2"):
        equity(["AsAh", "AsKh"], board="2c7d9h")
    with pytest.raises(PokerLookupError, match="card 'As' is held by the board and player 1"):
        equity(["AsAh", "KsKh"], board="As7d9h")
    with pytest.raises(PokerLookupError, match="no jokers"):
        equity(["AsAh", "JkKh"], board="2c7d9h")
    with pytest.raises(PokerLookupError, match="exact enumeration would be 990 deals"):
        equity(["AsAh", "KsKh"], board="2c7d9h", exact=True, exact_limit=500)
    # An exact run past the limit is refused by fixed_spot itself, in the same words (the
    # general path's fixed hands and fixed_spot share one function).
    from lookup.odds.holdem.engine import fixed_spot

    with pytest.raises(PokerLookupError, match="exact enumeration would be 990 deals"):
        fixed_spot(["AsAh", "KsKh"], "2c7d9h", True, 500)


def test_results_made_without_init_are_the_dataclasses_own() -> None:
    # build_result makes PlayerEquity and EquityResult without their generated __init__
    # (results._frozen): they must equal, print and freeze like the real ones.
    import dataclasses

    from lookup.odds.results import PlayerEquity

    made = equity(["AsAh", "KsKh"], board="2c7d9h4s")
    again = EquityResult(
        tuple(PlayerEquity(**dataclasses.asdict(p)) for p in made),
        made.board, made.dead, made.exact, made.boards, made.seed, made.game, made.stopped,
    )  # fmt: skip
    assert made == again and repr(made) == repr(again)
    assert made[0].__dict__ == again[0].__dict__
    for cls in (PlayerEquity, EquityResult):
        assert not hasattr(cls, "__post_init__") and "__slots__" not in cls.__dict__
    with pytest.raises(dataclasses.FrozenInstanceError):
        made[0].equity = 1.0  # type: ignore[misc]
    assert dataclasses.replace(made[0], hand="x").hand == "x"
