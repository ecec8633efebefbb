"""Record the exact answers that the speed work (issue 20) must leave unchanged.

Run once, on the commit before the speed work (v0.2.0 at cdd8246, whose showdowns
and exact equities agreed with treys, eval7, phevaluator, pokerkit and
poker-equity on thousands of random deals)::

    PYTHONPATH=/path/to/that/checkout python tests/data/record_exact_answers.py

It writes ``tests/data/exact_answers.json``: seeded random showdowns (with side
pots) in every game and ranking, and exact equities of small spots in every
game. ``tests/test_exact_answers.py`` checks today's code gives the same.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import lookup

HERE = Path(__file__).resolve().parent
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
SHORT_DECK = [card for card in DECK if card[0] in "6789TJQKA"]
NAMES = "abcdef"


def showdown_answer(result: lookup.ShowdownResult) -> dict[str, object]:
    return {
        "players": [
            {
                "name": hand.name,
                "rank": [hand.rank.class_number, hand.rank.name],
                "best_five": [str(card) for card in hand.best_five],
                "description": hand.description,
                "low": None if hand.low is None else [hand.low.class_number, hand.low.name],
                "low_five": [str(card) for card in hand.low_five],
                "low_description": hand.low_description,
                "stand_ins": [str(card) for card in hand.stand_ins],
            }
            for hand in result.players
        ],
        "winners": list(result.winners),
        "shares": {name: str(share) for name, share in result.shares.items()},
        "chips_won": dict(result.chips_won) if result.pots else None,
    }


def equity_answer(result: lookup.EquityResult) -> list[dict[str, object]]:
    fields = ("equity_fraction", "win", "tie", "boards", "combos", "scoop", "win_high", "win_low")
    return [{field: repr(getattr(player, field)) for field in fields} for player in result]


def deal(rng: random.Random, deck: list[str], sizes: list[int]) -> list[str]:
    cards = rng.sample(deck, sum(sizes))
    out, at = [], 0
    for size in sizes:
        out.append(" ".join(cards[at : at + size]))
        at += size
    return out


def showdowns(rng: random.Random) -> list[dict[str, object]]:
    spots: list[dict[str, object]] = []
    for game in lookup.games():
        deck = SHORT_DECK if game.name == "short-deck" else DECK
        board_size = 5 if game.has_board else 0
        most = min(6, (len(deck) - board_size) // game.hole_cards)
        for number in range(24):
            players = rng.randint(2, most)
            *holes, board = deal(rng, deck, [game.hole_cards] * players + [board_size])
            seats = dict(zip(NAMES, holes, strict=False))
            contributions = None
            if number % 3 == 0:  # side pots: unequal stacks all in
                contributions = {name: rng.choice([5, 10, 10, 25, 40]) for name in seats}
            result = lookup.showdown(
                seats, board or None, game=game.name, contributions=contributions
            )
            spots.append(
                {
                    "game": game.name,
                    "rules": None,
                    "players": seats,
                    "board": board,
                    "contributions": contributions,
                    "answer": showdown_answer(result),
                }
            )
    # Every ranking, under the first game that can be played with it.
    tried = (("holdem", 2, 5), ("short-deck", 2, 5), ("five-card-draw", 5, 0), ("stud", 7, 0))
    for ranking in lookup.rankings():
        for game, hole, board_size in tried:
            deck = SHORT_DECK if game == "short-deck" else DECK
            answers = []
            for _ in range(12):
                players = rng.randint(2, 6)
                *holes, board = deal(rng, deck, [hole] * players + [board_size])
                seats = dict(zip(NAMES, holes, strict=False))
                try:
                    result = lookup.showdown(seats, board or None, game=game, rules=ranking.name)
                except lookup.GameError:
                    break  # a ranking this game cannot be played under: the next game
                answers.append(
                    {
                        "game": game,
                        "rules": ranking.name,
                        "players": seats,
                        "board": board,
                        "contributions": None,
                        "answer": showdown_answer(result),
                    }
                )
            if answers:
                spots += answers
                break
    return spots


def equities(rng: random.Random) -> list[dict[str, object]]:
    spots: list[dict[str, object]] = []
    for game in lookup.games():
        deck = SHORT_DECK if game.name == "short-deck" else DECK
        if game.has_board:
            shapes = [(2, 4), (2, 3), (3, 4), (3, 3)]
        elif game.name in ("stud", "stud-hilo", "razz"):
            shapes = [(2, 6), (3, 6), (2, 6)]  # (players, cards each): one card to come
        else:
            shapes = [(2, game.hole_cards), (3, game.hole_cards)]
        for players, known in shapes:
            if game.has_board:
                *hands, board = deal(rng, deck, [game.hole_cards] * players + [known])
            else:
                hands, board = deal(rng, deck, [known] * players), ""
            result = lookup.equity(hands, board or None, game=game.name, exact=True)
            spots.append(
                {"game": game.name, "hands": hands, "board": board, "answer": equity_answer(result)}
            )
    # Ranges on the turn and the flop, in Hold'em and short deck.
    for game, ranges in (
        ("holdem", ["QQ+, AKs", "JJ-99"]),
        ("holdem", ["AKo", "random"]),
        ("short-deck", ["AA, KK", "AKs, AQs"]),
    ):
        for known in (4, 3):
            deck = SHORT_DECK if game == "short-deck" else DECK
            board = deal(rng, [c for c in deck if c[0] not in "AKQJ"], [known])[0]
            result = lookup.equity(ranges, board, game=game, exact=True)
            spots.append(
                {"game": game, "hands": ranges, "board": board, "answer": equity_answer(result)}
            )
    return spots


def main() -> None:
    rng = random.Random(20)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=Path(lookup.__file__).parent, capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    data = {"recorded_at": commit, "showdowns": showdowns(rng), "equities": equities(rng)}
    (HERE / "exact_answers.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
