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
